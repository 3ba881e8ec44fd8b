"""Record parsing and replay speed: ``make bench-records``. Prints figures; asserts nothing.

Issue 7 items 5 and 12: every check of a record must be linear, and long records must import and
step quickly. Each figure is the wall time of one call, run in a fresh child process with a time
limit (the quadratic code of old took minutes on the crafted inputs):

* crafted inputs: an unterminated string full of ``\\"`` (100 KB and 2 MB, the page's import
  limit) and a record whose ``turn_limit`` has 1,000,000 digits; judged by the referee CLI
  (``python -m mortar check FILE``, interpreter start included), by the function the CLI calls
  (``referee.check_text``) and by the ones the page calls (``Flow.import_text`` for an import,
  ``hunt.load_save`` for saved data, here also a save nested 10,000 deep);
* a legal 22,000-action record: the page's import, one review step as the page renders it today
  (``Flow.model`` after "previous"), and the game at a step on its own (``Record.replay(upto=)``
  against ``Replay.game_at`` where that exists).

Times are CPU seconds of the process (the machine this was written on was shared and busy, so
wall times said more about the neighbours than about the code): ``time.process_time`` in
CPython, Node's ``process.cpuUsage`` in Pyodide, the children's rusage for the CLI.

``--pyodide`` runs the in-process cases in Pyodide under Node too (``tools/bench_records.mjs``):
the page's Python runs there, on CPython 3.14 compiled to WebAssembly.

Issue 16, long games with a computer seat: records of 100, 1,000 and 19,000 actions whose A seat
is the computer (hard), each imported (all of its reading, and its longest single task: the page
reads a record in slices between frames), stepped in the review, and saved then reloaded with
the computer to play: its first decision (restoring the save, then thinking, all slices).
``--before DIR`` runs every in-process case on the tree at DIR too (a ``git worktree`` of an
earlier commit), beside this one's figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA = ROOT / "build" / "bench-records"
LONG_ACTIONS = 22_000


def crafted() -> dict[str, str]:
    """The audit's hostile inputs, by name."""
    base = (ROOT / "tests" / "data" / "rulebook-b.json").read_text()
    return {
        "string-100k": '{"format": "' + '\\"' * 50_000,
        "string-2m": '{"format": "' + '\\"' * 1_000_000,
        "digits-1m": base.replace('"turn_limit": null', '"turn_limit": ' + "9" * 1_000_000),
    }


def long_record() -> str:
    """A legal record of 22,000 actions, compact (1.8 MB: under the page's 2 MB import limit).
    Random legal turns, avoiding hits so the game lasts; made once and kept in build/."""
    path = DATA / "long-22000.json"
    if path.exists():
        return path.read_text()
    from mortar.games.mortar_hunt import (
        Facing,
        Options,
        PieceType,
        Position,
        Record,
        Setup,
        Square,
        State,
        Turn,
    )
    from mortar.games.mortar_hunt.rules import half_rows

    rng = random.Random(7)
    game = State(Options(), {"A": "Ann", "B": "Bob"})
    for player in ("A", "B"):
        squares = rng.sample([s for s in Square.all() if s.row in half_rows(player)], 3)
        game.place(Setup(player, tuple(Position(s, rng.choice(list(Facing))) for s in squares),
                         (PieceType.HM,) * 3))
    while len(game.history) < LONG_ACTIONS:
        actions = list(game.legal_actions())
        rng.shuffle(actions)
        game.apply(next((a for a in actions if not (isinstance(a, Turn) and a.shot is not None
                                                    and game.shot_hits(a.shot))), actions[0]))
    text = json.dumps(Record.from_game(game).to_json(), separators=(",", ":"))
    path.write_text(text)
    return text


SEATED = (100, 1_000, 19_000)  # actions of the records with a computer seat


def seated_record(actions: int) -> str:
    """A legal record of ``actions`` random actions (avoiding hits), A's seat the hard computer:
    after an even number of actions, the computer is to play. Made once and kept in build/."""
    path = DATA / f"seat-{actions}.json"
    if path.exists():
        return path.read_text()
    from mortar.games.mortar_hunt import Options, Record, State, Turn
    from mortar.games.mortar_hunt.computer.player import place

    rng = random.Random(actions)
    game = State(Options(), {"A": "Computer", "B": "Bob"})
    for player in ("A", "B"):
        game.place(place(game.seat(player), rng))
    while len(game.history) < actions:
        options = list(game.legal_actions())
        rng.shuffle(options)
        game.apply(next((a for a in options if not (isinstance(a, Turn) and a.shot is not None
                                                    and game.shot_hits(a.shot))), options[0]))
    record = Record.from_game(game)
    record.computer = {"A": "hard"}
    text = json.dumps(record.to_json(), separators=(",", ":"))
    path.write_text(text)
    return text


def write_inputs() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for name, text in crafted().items():
        (DATA / f"{name}.json").write_text(text)
    long_record()
    for actions in SEATED:
        seated_record(actions)


def _save_payload(record_text: str) -> str:
    return json.dumps({"app": "mortar-hunt", "version": 1, "loadout": "HM", "record": record_text})


# --- one case, timed in this process ---------------------------------------------------------


def _cpu_clock():
    """CPU seconds of this process: Node's count under Pyodide, where process_time is wall."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        def node_cpu() -> float:
            usage = js.process.cpuUsage()
            return (usage.user + usage.system) / 1e6
        return node_cpu
    return time.process_time


def _page_modules():
    """(referee, the game's table kind module, the table module) of the tree on sys.path: this
    one's, or one from before the box (``--before``)."""
    try:
        from mortar.games.mortar_hunt import referee
        from mortar.games.mortar_hunt.table import kind as hunt
        from mortar.table import table
    except ImportError:  # before the box
        from mortar import referee  # type: ignore[no-redef]
        from mortar.ui import hunt, table  # type: ignore[no-redef]
    return referee, hunt, table


def _page(hunt, table, clock, storage=None):
    """The page's table as the page makes it: thinking and reading a slice (40 ms) at a time
    where this version can."""
    kind = hunt.MortarHuntKind()
    try:
        return table.Table(kind, storage, think_budget=0.04, clock=clock)
    except TypeError:  # a version that does everything at once
        return table.Table(kind, storage)


WORK = {"reading": "read", "thinking": "think"}  # screens of work in slices, and their intent


def _longest(page, first, clock) -> tuple[float, float]:
    """(all of it, its longest task): ``first()``, then each slice of reading and thinking."""
    start = clock()
    first()
    longest = clock() - start
    while page.screen in WORK:
        t = clock()
        page.dispatch(WORK[page.screen])
        longest = max(longest, clock() - t)
    return clock() - start, longest


def run_seated(kind: str, actions: int, clock) -> float:
    """Cases on a record with a computer seat (see the module's docstring)."""
    _, hunt, table = _page_modules()
    text = (DATA / f"seat-{actions}.json").read_text()
    if kind in ("import", "import-task"):
        page = _page(hunt, table, clock)
        total, longest = _longest(page, lambda: page.import_text(text), clock)
        assert page.screen == "review", page.notice
        return total if kind == "import" else longest
    if kind == "step":
        page = _page(hunt, table, clock)
        page.import_text(text)
        while page.screen == "reading":
            page.dispatch("read")
        page.dispatch("replay", "prev")
        start = clock()
        page.model()
        return clock() - start
    if kind in ("reload", "reload-task"):
        storage = table.MemoryStorage()
        storage.set("mortar-hunt/save", _save_payload(text))
        page = _page(hunt, table, clock, storage)
        total, longest = _longest(page, page.restore, clock)
        assert page.screen not in ("start", *WORK), (page.screen, page.notice)
        return total if kind == "reload" else longest
    raise SystemExit(f"unknown case {kind}")


def run_case(name: str) -> float | None:
    """Seconds for case ``name``, or None when this version has nothing to measure."""
    referee, hunt, table = _page_modules()

    clock = _cpu_clock()
    kind, _, what = name.partition(":")
    if what.startswith("seat-"):
        return run_seated(kind, int(what.removeprefix("seat-")), clock)
    deep = "[" * 10_000 + "]" * 10_000
    text = deep if what == "deep-save" else (DATA / f"{what}.json").read_text()
    if kind == "check":
        start = clock()
        referee.check_text(text)
    elif kind == "import":
        page = table.Table(hunt.MortarHuntKind())
        start = clock()
        page.import_text(text)
    elif kind == "save":
        payload = text if what == "deep-save" else _save_payload(text)
        start = clock()
        with contextlib.suppress(table.SaveError):
            hunt.load_save(payload)
    elif kind == "step":
        page = table.Table(hunt.MortarHuntKind())
        page.import_text(text)
        page.dispatch("replay", "prev")
        start = clock()
        page.model()
    elif kind in ("game-at", "replay-once"):
        from mortar.games.mortar_hunt import parse
        try:
            from mortar.kit.replay import Replay
        except ImportError:  # before issue 7: replay from the start
            Replay = None  # noqa: N806
        record = parse(text)
        start = clock()
        if kind == "replay-once":
            if Replay is None:
                return None
            review = Replay(record)
        elif Replay is None:
            record.replay(upto=len(record.entries) - 1)
        else:
            review = Replay(record)
            start = clock()
            review.game_at(len(record.entries) - 1)
    elif kind == "pads":
        from mortar.games.mortar_hunt import pad_for, parse, player_view
        game = parse(text).replay()
        start = clock()
        for player in ("A", "B"):
            pad_for(game, player).to_data()
            player_view(game, player)
    else:
        raise SystemExit(f"unknown case {name!r}")
    return clock() - start


CASES = [
    ("check:string-100k", "crafted 100 KB: referee.check_text"),
    ("import:string-100k", "crafted 100 KB: page import (Flow.import_text)"),
    ("check:string-2m", "crafted 2 MB: referee.check_text"),
    ("import:string-2m", "crafted 2 MB: page import"),
    ("save:string-2m", "crafted 2 MB in a save: hunt.load_save"),
    ("check:digits-1m", "1M-digit turn_limit: referee.check_text"),
    ("import:digits-1m", "1M-digit turn_limit: page import"),
    ("save:deep-save", "save nested 10,000 deep: hunt.load_save"),
    ("import:long-22000", "22,000 actions: page import"),
    ("step:long-22000", "22,000 actions: one review step (Flow.model)"),
    ("replay-once:long-22000", "22,000 actions: Replay(record), once per import"),
    ("game-at:long-22000", "22,000 actions: game at a step (Replay.game_at)"),
    ("pads:long-22000", "22,000 actions: both pads and views (rest of a render)"),
]
CASES += [(f"{kind}:seat-{n}", f"{n:,} actions, computer seat: {label}")
          for n in SEATED for kind, label in (
              ("import", "page import, all of it"),
              ("import-task", "page import, longest task"),
              ("step", "one review step"),
              ("reload", "reload, computer's first decision"),
              ("reload-task", "reload, longest task"))]
CLI_CASES = ["string-100k", "string-2m", "digits-1m", "long-22000"]


def _children_cpu() -> float:
    import resource  # not in Pyodide, where only run_case runs

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(command: list[str], limit: float) -> str:
    start = _children_cpu()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return f"> {limit:.0f} s wall (stopped)"
    seconds = _children_cpu() - start
    if "--case" in command:
        out = done.stdout.strip().splitlines()
        if done.returncode or not out:
            errors = [line for line in done.stderr.splitlines() if "Error" in line] or ["?"]
            return "failed: " + errors[-1].strip()[:60]
        if out[-1] == "n/a":
            return "n/a"
        seconds = float(out[-1])
    return f"{seconds * 1000:9.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=60.0, help="seconds before a case is stopped")
    parser.add_argument("--pyodide", action="store_true", help="also in Pyodide under Node")
    parser.add_argument("--before", metavar="DIR",
                        help="also run the in-process cases on the tree at DIR (an earlier commit)")
    parser.add_argument("--case", help=argparse.SUPPRESS)
    parser.add_argument("--root", help=argparse.SUPPRESS)  # the tree whose mortar a case runs
    args = parser.parse_args()
    if args.case:
        if args.root:
            sys.path.insert(0, args.root)
        seconds = run_case(args.case)
        print("n/a" if seconds is None else f"{seconds:.6f}")
        return
    write_inputs()
    trees = [("", [])] + ([("before", ["--root", str(Path(args.before).resolve())])] if args.before else [])
    heads = "".join(f"{('CPython ' + sys.version.split()[0] + (' ' + name if name else '')):>24}"
                    for name, _ in trees)
    print(f"{'case':58}{heads}")
    for case, label in CASES:
        cells = "".join(f"{_timed([sys.executable, __file__, '--case', case, *root], args.limit):>24}"
                        for _, root in trees)
        print(f"{label:58}{cells}", flush=True)
    for what in CLI_CASES:
        label = f"{what}: python -m mortar check (whole process)"
        command = [sys.executable, "-m", "mortar", "check", str(DATA / f"{what}.json")]
        print(f"{label:58} {_timed(command, args.limit):>22}", flush=True)
    if args.pyodide:
        node = shutil.which("node")
        if node is None:
            print("no node: Pyodide figures skipped")
            return
        heads = "".join(f"{('Pyodide (Node)' + (' ' + name if name else '')):>24}" for name, _ in trees)
        print(f"\n{'case':58}{heads}")
        for case, label in CASES:
            mjs = str(ROOT / "tools" / "bench_records.mjs")
            cells = "".join(f"{_timed([node, mjs, '--case', case, *root], args.limit):>24}"
                            for _, root in trees)
            print(f"{label:58}{cells}", flush=True)


if __name__ == "__main__":
    main()
