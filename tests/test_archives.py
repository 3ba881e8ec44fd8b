"""What each archive of the page holds (tools/serve.py, by the import graph of tools/imports.py):
the box's core what the table and the web layer load, each game what it loads beyond that."""

from __future__ import annotations

import sys

import pytest

from tools.imports import ROOT, graph, loaded, module_name

pytestmark = pytest.mark.cpython_only

sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402


@pytest.fixture(scope="module")
def archives() -> dict[str, set[str]]:
    return {name: {module_name(p) for p in paths} for name, paths in serve.archive_sources().items()}


def test_each_games_archive_with_the_core_holds_all_its_page_can_import(archives):
    g = graph()
    core = archives["core.zip"]
    for name, package in [("mortar-hunt", "mortar.games.mortar_hunt")]:
        needed = loaded(g, [f"{package}.table", "mortar.web.main"]) - serve_cli()
        assert needed <= core | archives[f"games/{name}.zip"], needed - core - archives[f"games/{name}.zip"]
    for name in ("marsal-a-spion", "hopper-and-sneaker", "enlightenment", "four-circles"):
        package = "mortar.games." + name.replace("-", "_")
        own = [m for m in g if m.startswith(package)]
        assert loaded(g, own) <= core | archives[f"games/{name}.zip"]


def test_the_core_holds_no_game_and_no_module_only_some_games_use(archives):
    core = archives["core.zip"]
    assert "mortar.table.table" in core and "mortar.web.main" in core and "mortar.games" in core
    assert not any(m.startswith("mortar.games.") for m in core)
    # the kit's turn records are the open games' (KARO), not the box's: never fetched for Mortar Hunt
    assert "mortar.kit.turns" not in core and "mortar.kit.turns" not in archives["games/mortar-hunt.zip"]
    assert "mortar.kit.turns" in archives["games/four-circles.zip"]
    for name, modules in archives.items():
        assert not modules & serve_cli(), name  # the command line never ships in a page
        assert not modules & core or name == "core.zip", name  # nothing fetched twice


def serve_cli() -> set[str]:
    return {module_name(ROOT / p) for p in serve.CLI_ONLY}
