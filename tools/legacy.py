"""The computer opponent as it was before the joint belief (commit 9899fa4), loaded from git as
``mortar.games.mortar_hunt.legacy_bot``: bench code only, for "before" figures and duels
against the old levels. ``legacy_bot()`` returns the package (its ``Bot``, ``model``,
``radar``). It imports the engine of today (``mortar.games.mortar_hunt.rules``, ``.seat``,
...): should those move, this stops working, and the "before" figures stay in the commit
messages and reports that printed them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

BEFORE = "9899fa4"
FILES = ("__init__.py", "belief.py", "geometry.py", "model.py", "player.py", "radar.py")
REPO = Path(__file__).resolve().parent.parent


def legacy_bot(commit: str = BEFORE) -> ModuleType:
    """The old package, imported once. Its files are taken from git into build/legacy_bot/
    (kept there, so that Pyodide, which has no git, can load them too)."""
    name = "mortar.games.mortar_hunt.legacy_bot"
    if name in sys.modules:
        return sys.modules[name]
    import mortar.games.mortar_hunt  # noqa: F401  (the package its relative imports resolve in)
    where = REPO / "build" / f"legacy_bot_{commit}"
    if not (where / FILES[-1]).exists():
        where.mkdir(parents=True, exist_ok=True)
        for file in FILES:
            text = subprocess.run(["git", "-C", str(REPO), "show", f"{commit}:mortar/bot/{file}"],
                                  check=True, capture_output=True, text=True).stdout
            (where / file).write_text(text)
    spec = importlib.util.spec_from_file_location(name, where / "__init__.py",
                                                  submodule_search_locations=[str(where)])
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class LegacyHard:
    """The old hard level (its own caches, its own belief)."""

    label = level = "old-hard"

    def __init__(self, seed: object) -> None:
        self.bot = legacy_bot().Bot("hard", seed)

    def choose(self, seat: object) -> object:
        return self.bot.choose(seat)
