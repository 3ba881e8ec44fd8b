"""What each archive of the page holds (tools/serve.py, by the import graph of tools/imports.py):
the box's core what the table and the web layer load, each game what it loads beyond that, and
each game's links archive what play by links adds (fetched on first use)."""

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
        own = [m for m in g if m.startswith(entry.package) and m not in serve_types_only()]
        needed = loaded(g, own + ["mortar.web.main"]) - serve_cli()
        held = core | archives[f"games/{entry.name}.zip"] | archives[f"links/{entry.name}.zip"]
        assert needed <= held, needed - held


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


def test_a_module_for_the_type_checker_only_is_never_imported_at_run_time(archives):
    g = graph()
    types_only = serve_types_only()
    assert types_only and types_only <= set(g)
    importers = {m for m, imported in g.items() if imported & types_only}
    assert not importers  # (an import under ``if TYPE_CHECKING:`` is no edge of the graph)
    assert not any(modules & types_only for modules in archives.values())


def serve_types_only() -> set[str]:
    return {module_name(ROOT / p) for p in serve.TYPES_ONLY}


def serve_cli() -> set[str]:
    return {module_name(ROOT / p) for p in serve.CLI_ONLY}


def test_play_by_links_comes_in_its_own_archive_not_with_the_first_visit(archives):
    """The links archive (py/links/<game>.zip, fetched on first use) holds the kit's links, remote
    game and commitments and the game's own part; neither the core nor a game's archive does."""
    for name, modules in archives.items():
        if not name.startswith("links/"):
            assert not {m for m in modules if serve.is_links(m)}, name
    for game, own in (("mortar-hunt", "mortar.games.mortar_hunt.links"),
                      ("marsal-a-spion", "mortar.games.marsal_a_spion.links"),
                      ("hopper-and-sneaker", "mortar.games.hopper_and_sneaker.links"),
                      ("four-circles", "mortar.kit.openlinks")):
        links = archives[f"links/{game}.zip"]
        assert {own, "mortar.kit.remote", "mortar.kit.link", "mortar.kit.commitment"} <= links, game
        assert not links & (archives["core.zip"] | archives[f"games/{game}.zip"]), game


# Run in a fresh interpreter: the modules of play by links refused, every game is seated at the
# table, its start form drawn in every variant but "a person on another device", and a game begun.
WITHOUT_LINKS = """
import sys
sys.path.insert(0, "tools")
import serve

class Refuse:
    def find_spec(self, name, path=None, target=None):
        if serve.is_links(name):
            raise ImportError(f"{name} is play by links': imported by the first visit")

sys.meta_path.insert(0, Refuse())
from mortar import games
from mortar.table import first_screen
from mortar.table.render import render

for entry in games.entries():
    if not entry.seated or not entry.package.startswith("mortar."):
        continue
    kind = games.table(entry.name)
    for variant in first_screen.variants(kind):
        if ("opponent", "remote") not in variant.holding:
            first_screen.start_screen(kind, variant.choices)
    table = first_screen.seated(kind)
    assert table.dispatch("new-game"), entry.name
    render(table.model(), kind)
    print(entry.name)
"""


def test_every_game_is_seated_and_begun_without_play_by_links():
    import subprocess

    run = subprocess.run([sys.executable, "-c", WITHOUT_LINKS], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "mortar-hunt" in run.stdout.split()


def test_a_games_words_for_its_rulings_by_links_name_its_rulings():
    """A kind words its rulings by links by their codes' values (its links module is not imported
    with it: mortar/web/links_archive.py)."""
    from mortar.kit.remote import links_of

    for entry in games.entries():
        if not entry.seated or not entry.package.startswith("mortar."):
            continue
        kind = games.table(entry.name)
        if kind.remote_rulings:
            codes = {r.code.value for r in links_of(kind.game).rulings}
            assert set(kind.remote_rulings) <= codes, entry.name
