"""The engine is pure Python: nothing outside mortar/ui/ imports the browser."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "mortar"
BROWSER = {"js", "pyscript", "pyodide", "micropip"}


def engine_modules():
    return [p for p in PACKAGE.rglob("*.py") if "ui" not in p.relative_to(PACKAGE).parts]


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_there_are_engine_modules():
    assert len(engine_modules()) >= 8


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.name)
def test_engine_module_imports_nothing_from_the_browser(path):
    assert not imported_roots(path) & BROWSER


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.name)
def test_engine_module_uses_no_threads_files_or_network(path):
    banned = {"threading", "socket", "urllib", "http", "subprocess", "multiprocessing", "asyncio"}
    allowed_io = {"cli.py", "duel.py", "__main__.py"}  # the command line; the engine never does
    roots = imported_roots(path)
    if path.name not in allowed_io:
        assert not roots & banned
    if path.name not in allowed_io:
        assert "open(" not in path.read_text()


def test_engine_imports_no_third_party_package():
    import sys
    stdlib = set(sys.stdlib_module_names) | {"mortar"}
    for path in engine_modules():
        assert imported_roots(path) <= stdlib, path


# The computer player decides from a seat alone (RULINGS R14): its modules may use the seat, the
# actions and the rules' parameters and geometry, never the game's state or anything built from it.
BOT = PACKAGE / "games" / "mortar_hunt" / "bot"
BOT_MAY_IMPORT = {f"mortar.games.mortar_hunt.{m}" for m in ("actions", "moves", "notation", "rules", "seat")}


def package_imports(path: Path, package: list[str], *, names: bool = False) -> set[str]:
    """The mortar modules a module of ``package`` (e.g. ["mortar", "bot"]) imports, relative
    imports resolved; with ``names`` also each imported name as ``name:X``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                found.add(node.module or "")
            else:  # relative: level 1 is the module's own package
                base = package[:len(package) + 1 - node.level]
                found.add(".".join(base + ([node.module] if node.module else [])))
            if names:
                found.update(f"name:{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "mortar" or name.startswith("name:")}


def bot_imports(path: Path) -> set[str]:
    return package_imports(path, ["mortar", "games", "mortar_hunt", "bot"])


def test_there_are_bot_modules():
    assert len(list(BOT.glob("*.py"))) >= 4


@pytest.mark.parametrize("path", sorted(BOT.glob("*.py")), ids=lambda p: p.name)
def test_bot_module_imports_only_the_seat_and_the_rules(path):
    imported = bot_imports(path)
    assert all(name in BOT_MAY_IMPORT or name.startswith(("mortar.games.mortar_hunt.bot", "mortar.kit"))
               for name in imported), imported
    text = path.read_text()
    assert "Game" not in text and "player_view" not in text and "._sides" not in text


# The turn UI (a player's own screen) is built from that player's seat alone: its modules never
# import the game's state, the record or the replay (the table holds those).
TURN_UI = [PACKAGE / "ui" / name for name in ("turn.py", "turnmodel.py", "turnview.py")]
GAME_STATE = {f"mortar.games.mortar_hunt.{m}" for m in ("game", "record", "referee")} | {"mortar.kit.replay"}


def ui_imports(path: Path) -> set[str]:
    """The mortar modules (and, as ``name:X``, the names) a module of mortar/ui/ imports."""
    return package_imports(path, ["mortar", "ui"], names=True)


@pytest.mark.parametrize("path", TURN_UI, ids=lambda p: p.name)
def test_the_turn_ui_does_not_import_the_game_state(path):
    imported = ui_imports(path)
    assert not imported & GAME_STATE, imported & GAME_STATE
    assert "name:Game" not in imported and "name:Record" not in imported


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
