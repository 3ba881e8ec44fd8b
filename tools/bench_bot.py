"""Decision times of the computer levels: ``python tools/bench_bot.py [--games N] [--reload-only]``.

1. Per decision: records the seats of one side in bot-against-bot games (hard against hard:
   classic, craters, secret loadout; 28-turn limit), then replays each game's seats in order
   through a fresh bot of each level with empty caches, as the page does with one computer
   player: every decision updates that bot's beliefs by the turns since its last one and
   chooses. Prints the median, 95th percentile and worst time per decision, wall clock and CPU,
   and the longest slice of the sliced thinking (the page runs it in timer slices).
2. After a reload: long games (random legal turns that avoid hitting, so they last: 100 and
   1,000 turns, and 19,000 actions like the longest record), the computer's first decision and
   the radar with every bot cache and table empty (the engine's move tables stay warm: the page
   fills them in idle time at start); the fastest of three runs. Before the joint belief too
   (commit 9899fa4, loaded by tools/legacy.py), one run each, CPU time.

A benchmark: prints, asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable, Generator
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from mortar.games.mortar_hunt.actions import Setup, Turn  # noqa: E402
from mortar.games.mortar_hunt.computer import Computer, model  # noqa: E402
from mortar.games.mortar_hunt.computer.radar import radar_steps  # noqa: E402
from mortar.games.mortar_hunt.moves import warm_up  # noqa: E402
from mortar.games.mortar_hunt.record import load, save  # noqa: E402
from mortar.games.mortar_hunt.rules import Loadout, Options, Variant  # noqa: E402
from mortar.games.mortar_hunt.state import State  # noqa: E402

LONG = {"100 turns": 200, "1,000 turns": 2000, "19,000 actions": 19000}
REPEAT = 3  # runs per reload figure, the fastest kept


def recorded_seats(options: Options, games: int) -> list[list]:
    """For each game, the seats of player A at its turns (placement excluded), in order."""
    out = []
    for n in range(games):
        game = State(options)
        bots = {"A": Computer("hard", f"rec{n}A"), "B": Computer("hard", f"rec{n}B")}
        seats = []
        while not game.is_over:
            seat = game.seat(game.to_play)
            action = bots[str(game.to_play)].choose(seat)
            if isinstance(action, Setup):
                game.place(action)
                continue
            if str(game.to_play) == "A":
                seats.append(seat)
            game.apply(action)
        out.append(seats)
    return out


def js_cpu() -> float:
    """The CPU time of the Node process running Pyodide (its ``process_time`` is the wall clock)."""
    from js import process  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript
    usage = process.cpuUsage()
    return float(usage.user + usage.system) / 1e6


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter, "js-cpu": js_cpu}
CLOCK = {"clock": time.process_time}  # the clock of the slices (--clock)


def sliced(steps: Generator) -> tuple[float, float, float]:
    """Run sliced work: wall seconds in all, CPU seconds (--clock), and the longest slice by
    that clock (the wall clock of a machine shared by others counts their work too)."""
    clock = CLOCK["clock"]
    start, start_cpu = time.perf_counter(), clock()
    longest = 0.0
    mark = start_cpu
    while True:
        try:
            next(steps)
        except StopIteration:
            break
        now = clock()
        longest, mark = max(longest, now - mark), now
    end, end_cpu = time.perf_counter(), clock()
    return end - start, end_cpu - start_cpu, max(longest, end_cpu - mark)


def figures(label: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return (f"{label}: median {statistics.median(ms):6.1f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:6.1f} ms, "
            f"worst {ms[-1]:6.1f} ms")


def per_decision(games_per_table: int) -> None:
    tables = [("classic", Options(Variant.CLASSIC, 28)), ("craters", Options(Variant.CRATERS, 28)),
              ("secret loadout", Options(Variant.CLASSIC, 28, Loadout.SECRET))]
    for label, options in tables:
        games = recorded_seats(options, games_per_table)
        for level in ("easy", "medium", "hard"):
            wall, cpu, slices = [], [], []
            for n, seats in enumerate(games):
                model.forget()
                bot = Computer(level, n)
                for seat in seats:
                    w, c, longest = sliced(bot.thinking(seat))
                    wall.append(w)
                    cpu.append(c)
                    slices.append(longest)
            print(f"{label:15s} {level:6s} {figures('wall', wall)}; {figures('cpu', cpu)}; longest slice "
                  f"{max(slices) * 1000:5.1f} ms cpu ({len(wall)} decisions)", flush=True)


def long_game(actions: int) -> State:
    """A legal game of ``actions`` actions (random turns that never hit), the computer's seat to
    act; made once and kept in build/."""
    path = ROOT / "build" / f"bench-bot-{actions}.json"
    if path.exists():
        return load(path.read_text())
    rng = random.Random(actions)
    game = State(Options())
    for player in ("A", "B"):
        game.place(Computer("hard", player).choose(game.seat(player)))
    while len(game.history) < actions:
        turns = list(game.legal_turns())
        rng.shuffle(turns)
        game.apply(next((t for t in turns if not (isinstance(t, Turn) and t.shot is not None
                                                  and game.shot_hits(t.shot))), turns[0]))
    path.parent.mkdir(exist_ok=True)
    path.write_text(save(game))
    return game


def reload_figures(before: bool, before_upto: int) -> None:
    old = None
    if before:
        try:
            from legacy import legacy_bot
            old = legacy_bot()
        except Exception as e:  # no git (Pyodide): the "before" column is left out
            print(f"(no figures before: {type(e).__name__})")
    print("after a reload (empty caches): the computer's first decision (hard) and the radar; "
          "wall ms (CPU ms), longest slice (CPU ms) in brackets")
    for player in ("A", "B"):  # the page fills the engine's move tables in idle time at start
        for _ in warm_up(player):
            pass
    for label, actions in LONG.items():
        game = long_game(actions)
        seat = game.seat(game.to_play)
        gc.collect()  # the full collection that loading a long game brings is the load's
        bot_wall, bot_cpu, bot_slice = least(partial(thinking, seat))
        radar_wall, radar_cpu, radar_slice = least(partial(radar_steps, seat))
        line = (f"  {label:15s} ({len(seat.log):5d} actions)  now: decision {bot_wall * 1000:7.1f} "
                f"(cpu {bot_cpu * 1000:5.1f}) [{bot_slice * 1000:5.1f}], radar {radar_wall * 1000:7.1f} "
                f"(cpu {radar_cpu * 1000:5.1f}) [{radar_slice * 1000:5.1f}]")
        if old is not None and actions <= before_upto:
            before_bot = timed(partial(old.Computer("hard", 1).choose, seat), old)
            before_radar = timed(partial(old.radar, seat), old)
            line += f"   before (cpu): decision {before_bot * 1000:8.1f}, radar {before_radar * 1000:8.1f}"
        print(line, flush=True)


def thinking(seat) -> Generator:
    return Computer("hard", 1).thinking(seat)


def least(work: Callable[[], Generator], runs: int = REPEAT) -> tuple[float, float, float]:
    """The fastest of ``runs`` runs from empty caches: the machine is shared, and waiting for a
    core is not the computer's time."""
    best = None
    for _ in range(runs):
        model.forget(tables=True)
        found = sliced(work())
        best = found if best is None or found[0] < best[0] else best
    assert best is not None
    return best


def timed(work: Callable[[], object], old) -> float:
    """CPU seconds of one call of the old code with its caches empty (it blocks: one slice)."""
    old.model.forget()
    for found in (old.belief._TRANSITIONS, old.belief._REACH, old.geometry._ENDS, old.geometry._REACH):
        found.clear()
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per table (default 8)")
    parser.add_argument("--reload-only", action="store_true", help="only the figures after a reload")
    parser.add_argument("--no-before", action="store_true", help="leave out the old code's figures")
    parser.add_argument("--clock", choices=list(CLOCKS), default="cpu",
                        help="the CPU clock: this process's (default) or, in Pyodide, Node's (js-cpu)")
    parser.add_argument("--before-upto", type=int, default=19000,
                        help="the old code's figures only for games of up to this many actions")
    args = parser.parse_args()
    CLOCK["clock"] = CLOCKS[args.clock]
    print(f"Python {sys.version.split()[0]}; CPU clock: {args.clock}")
    reload_figures(not args.no_before, args.before_upto)
    if not args.reload_only:
        print("per decision: one Computer.thinking(seat) run to its end, beliefs carried from the bot's "
              "previous decision")
        per_decision(args.games)


if __name__ == "__main__":
    main()
