"""The architecture's arrows, checked over the whole import graph, transitively.

    kit ← games        a game is built from the kit
    kit ← table ← web  the table seats any game; the web layer draws it in a page
    a game's table plug-in (mortar/games/<game>/table) may use the table

and never: a game importing another game, the table or the kit importing a game, anything but the
web layer importing the web layer or the browser (js, pyscript, pyodide). Imports inside
functions count (they run when the function does). The engine (the kit and the games' rules and
computers) uses no threads, files or network, and no package outside the standard library.
"""

from __future__ import annotations

import sys

import pytest

from tools.imports import ROOT, Graph, graph, imports_of, module_name, modules, reach

PACKAGE = ROOT / "mortar"

BROWSER = {"js", "pyscript", "pyodide", "micropip"}
COMMAND_LINE = {"mortar.__main__", "mortar.kit.cli", "mortar.kit.duel"}  # may run programs, read files


def layer(name: str) -> tuple[str, str | None]:
    """(layer, game): kit, table, web, registry, cli, game or plug-in (with the game's name)."""
    parts = name.split(".")
    if name in COMMAND_LINE:
        return "cli", None
    if parts[:2] == ["mortar", "games"]:
        if len(parts) == 2:
            return "registry", None
        return ("plug-in" if len(parts) > 3 and parts[3] == "table" else "game"), parts[2]
    if len(parts) > 1 and parts[1] in ("kit", "table", "web"):
        return parts[1], None
    return "box", None


def violations(g: Graph) -> list[str]:
    """Every arrow the architecture forbids, with the module that breaks it."""
    out = []
    for name in g:
        if name.startswith("mortar.") is False and name != "mortar":
            continue
        kind, game = layer(name)
        for target in sorted(reach(g, name)):
            root = target.split(".")[0]
            if root in BROWSER and kind != "web":
                out.append(f"{name} reaches the browser ({target})")
            if root != "mortar" or target not in g:
                continue
            t_kind, t_game = layer(target)
            if t_kind == "web" and kind != "web":
                out.append(f"{name} imports the web layer ({target})")
            elif kind == "kit" and t_kind != "kit":
                out.append(f"the kit imports {target} ({name})")
            elif kind == "table" and t_kind not in ("kit", "table"):
                out.append(f"the table imports {target} ({name})")
            elif kind == "web" and t_kind in ("game", "plug-in"):
                out.append(f"the web layer imports a game ({target}: it loads games by the registry)")
            elif kind in ("game", "plug-in") and t_kind in ("game", "plug-in") and t_game != game:
                out.append(f"{name} imports another game ({target})")
            elif kind in ("game", "plug-in") and t_kind == "registry":
                out.append(f"{name} imports the registry ({target})")
            elif kind == "game" and t_kind == "table":
                out.append(f"the rules of {game} import the table ({target}: only its plug-in may)")
    return out


def test_the_box_has_its_parts():
    found = modules()
    assert {"mortar.kit.protocol", "mortar.table.table", "mortar.web.events", "mortar.games"} <= set(found)
    assert any(layer(n) == ("game", "mortar_hunt") for n in found)
    assert any(layer(n) == ("plug-in", "mortar_hunt") for n in found)


def test_the_import_graph_follows_the_arrows():
    assert violations(graph()) == []


@pytest.mark.parametrize("edge,broken", [
    (("mortar.kit.grid", "mortar.games.mortar_hunt.rules"), "the kit imports"),
    (("mortar.table.board", "mortar.games.mortar_hunt.table.kind"), "the table imports"),
    (("mortar.table.saves", "mortar.web.page"), "imports the web layer"),
    (("mortar.games.marsal_a_spion.state", "mortar.games.mortar_hunt.rules"), "imports another game"),
    (("mortar.games.mortar_hunt.rules", "mortar.table.kind"), "import the table"),
    (("mortar.kit.records", "js"), "reaches the browser"),
    (("mortar.web.events", "mortar.games.mortar_hunt.notation"), "the web layer imports a game"),
])
def test_the_check_fails_when_an_arrow_is_broken_even_through_other_modules(edge, broken):
    g = graph()
    start, end = edge
    # through a module that looks harmless: the kit's common actions, say
    g["mortar.kit.common"].add(end)
    g[start].add("mortar.kit.common")
    assert any(broken in v for v in violations(g)), violations(g)[:5]


ENGINE = [p for n, p in modules().items() if layer(n)[0] in ("kit", "game") and n not in COMMAND_LINE]


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_engine_uses_no_threads_files_network_or_outside_packages(path):
    roots = {n.split(".")[0] for n in imports_of(module_name(path), path, set())}
    assert not roots & {"threading", "socket", "urllib", "http", "subprocess", "multiprocessing",
                        "asyncio"}
    assert roots <= set(sys.stdlib_module_names) | {"mortar"}, roots
    assert "open(" not in path.read_text()


# The computer player decides from a seat alone (RULINGS R14): its modules may use the seat, the
# actions and the rules' parameters and geometry, never the game's state or anything built from it.
BOT = PACKAGE / "games" / "mortar_hunt" / "computer"
BOT_MAY_REACH = {f"mortar.games.mortar_hunt.{m}"
                 for m in ("actions", "legality", "moves", "notation", "rules", "seat")}


@pytest.mark.parametrize("path", sorted(BOT.glob("*.py")), ids=lambda p: p.name)
def test_mortar_hunts_computer_reaches_only_the_seat_and_the_rules(path):
    g = graph()
    reached = {t for t in reach(g, module_name(path)) if t.startswith("mortar.") and t in g}
    allowed = {t for t in reached if t in BOT_MAY_REACH or t.startswith(("mortar.games.mortar_hunt.computer",
                                                                           "mortar.kit"))}
    assert reached - {"mortar.games.mortar_hunt"} == allowed
    text = path.read_text()
    assert "State" not in text and "player_view" not in text and "._sides" not in text


# A player's own screen is built from that player's seat alone: the drafts and their views never
# reach the game's state, its records or the replay (the table holds those).
DRAFTS = ["draft", "placement", "turn", "views"]
GAME_STATE = {f"mortar.games.mortar_hunt.{m}" for m in ("game", "record", "referee")} | {"mortar.kit.replay"}


@pytest.mark.parametrize("name", DRAFTS)
def test_the_turn_screens_do_not_reach_the_game_state(name):
    g = graph()
    reached = reach(g, f"mortar.games.mortar_hunt.table.{name}")
    assert not reached & GAME_STATE, reached & GAME_STATE


def test_there_are_no_import_cycles_between_modules_of_the_box():
    g = graph()
    def related(a: str, b: str) -> bool:  # a package and its own module: structure, not a cycle
        return a.startswith(b + ".") or b.startswith(a + ".")

    cycles = sorted({tuple(sorted((a, b))) for a in g for b in g[a]
                     if b in g and a in reach(g, b) and a != b and not related(a, b)})
    assert cycles == []


def test_the_move_cache_warm_up_covers_the_whole_half_in_small_slices():
    from mortar.games.mortar_hunt.moves import _reach, warm_up
    from mortar.games.mortar_hunt.notation import Position
    from mortar.games.mortar_hunt.rules import half

    slices = list(warm_up("B"))
    assert len(slices) >= 10  # the page runs one slice per idle moment
    squares = half("B")
    before = _reach.cache_info().misses
    for position in Position._all:
        if position.square in squares:
            _reach("B", position.index)
    assert _reach.cache_info().misses == before  # every position of B's half was warmed
