"""What each archive of the page holds (tools/serve.py, by the import graph of tools/imports.py):
the box's core what the table and the web layer load, each game what it loads beyond that."""

from __future__ import annotations

import sys

import pytest

from mortar import games
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
    for entry in games.entries():
        if not entry.seated or not entry.package.startswith("mortar."):
            continue
        needed = loaded(g, [m for m in g if m.startswith(entry.package)] + ["mortar.web.main"]) - serve_cli()
        assert needed <= core | archives[f"games/{entry.name}.zip"], \
            needed - core - archives[f"games/{entry.name}.zip"]


def test_the_dev_server_rebuilds_the_archives_only_when_a_source_changed(tmp_path):
    (tmp_path / "mortar").mkdir()
    (tmp_path / "locale").mkdir()
    module, catalogue = tmp_path / "mortar" / "a.py", tmp_path / "locale" / "de.po"
    module.write_text("x = 1\n")
    catalogue.write_text("")
    before = serve.sources_fingerprint(tmp_path)
    assert serve.sources_fingerprint(tmp_path) == before
    module.write_text("x = 22\n")
    edited = serve.sources_fingerprint(tmp_path)
    assert edited != before
    (tmp_path / "mortar" / "b.py").write_text("")
    assert serve.sources_fingerprint(tmp_path) != edited
    catalogue.write_text("msgid \"\"\n")
    assert serve.sources_fingerprint(tmp_path) not in (before, edited)


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
