"""The KARO games are built on the kit alone: a game's package imports the kit and the standard
library, never another game or the interface; the kit imports no game."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent / "mortar"
GAMES = ["hopper_and_sneaker", "enlightenment", "four_circles"]
KIT = ["turns.py", "turnrecord.py", "diagram.py"]


def imports(path: Path, package: str) -> set[str]:
    """The modules ``path`` imports, relative imports made absolute within ``package``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) + 1 - node.level]
                found.add(".".join(base + ([node.module] if node.module else [])))
            else:
                found.add(node.module or "")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_only_the_kit_its_own_modules_and_the_standard_library(game):
    package = f"mortar.games.{game}"
    files = sorted((ROOT / "games" / game).glob("*.py"))
    assert len(files) >= 5
    for path in files:
        for name in imports(path, package):
            top = name.split(".")[0]
            assert (name.startswith(("mortar.kit", package)) or name == "mortar.kit"
                    or (top in sys.stdlib_module_names and top != "mortar")), (path.name, name)


@pytest.mark.parametrize("module", KIT)
def test_the_kit_imports_no_game(module):
    for name in imports(ROOT / "kit" / module, "mortar.kit"):
        assert not name.startswith(("mortar.games", "mortar.table", "mortar.web")) and name.split(".")[0] in (
            set(sys.stdlib_module_names) | {"mortar"}), name
