"""The KARO computer's figures (a benchmark: prints, asserts nothing).

    python tools/bench_karo_ai.py times [GAME …] [--positions N]  # decision times, nodes, depth, chunks
    python tools/bench_karo_ai.py branching [GAME …] [--games N]  # actions per position in computer games
    python tools/bench_karo_ai.py versus GAME A B [--games N]     # a duel of level variants

A player is a level of the game, ``random``, a level with changes (``hard:nodes=8000``) or a
reference player (``ab:ms=150``): ``tools/karo_reference.py`` says which.
``times`` measures each level's decision on the same positions (met in medium-against-medium
games): CPU time of this process (a busy machine disturbs it less; ``--clock wall`` for the wall clock),
the nodes searched, the deepest iteration completed, and the longest stretch of work between two
yields of ``thinking()`` (a chunk of the page's timer slices). Inside Pyodide:
``node tools/pyodide_run.mjs bench_karo_ai times --clock js-cpu``. The levels' work is measured by
their nodes alone: the page's cap on a decision's time (:data:`mortar.kit.search.PAGE_SECONDS`,
on the wall clock, which a loaded machine stretches) is left off unless ``--page-cap`` (Pyodide).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from karo_reference import player  # noqa: E402

from mortar.kit.duel import duel, report  # noqa: E402

PACKAGES = {"hopper-and-sneaker": "hopper_and_sneaker", "enlightenment": "enlightenment",
            "four-circles": "four_circles"}


def load(name: str) -> tuple[Any, Any]:
    game = importlib.import_module(f"mortar.games.{PACKAGES[name]}").GAME
    evaluation = importlib.import_module(f"mortar.games.{PACKAGES[name]}.computer")
    return game, evaluation


def versus(args: argparse.Namespace) -> None:
    game, evaluation = load(args.game)
    start = time.perf_counter()
    tally = duel(game, args.first, args.second, args.games, None, args.seed,
                 make_player=lambda spec, seed: player(args.game, spec, seed))
    print(report(args.first, args.second, tally, game.title))
    print(f"  ({time.perf_counter() - start:.0f} s)")


def sample(game: Any, evaluation: Any, count: int, seed: int) -> list[Any]:
    """``count`` seats of play (no setups), every fifth position of medium-against-medium games."""
    rng = random.Random(seed)
    seats: list[Any] = []
    i = 0
    while len(seats) < count:
        state = game.duel_start(None, rng)
        players = {p: evaluation.computer("medium", f"{seed}|{i}|{p}") for p in game.players}
        i += 1
        while state.outcome is None and len(seats) < count:
            seat = state.seat(state.to_play)
            if state.turns % 5 == 2 and len(seat.legal_actions()) > 1:
                seats.append(seat)
            state.apply(players[str(state.to_play)].choose(seat))
    return seats


def js_cpu() -> float:
    """The CPU time of the Node process running Pyodide (its ``process_time`` is the wall clock)."""
    from js import process  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript
    usage = process.cpuUsage()
    return float(usage.user + usage.system) / 1e6


def times(args: argparse.Namespace) -> None:
    clock = {"cpu": time.process_time, "wall": time.perf_counter, "js-cpu": js_cpu}[args.clock]
    from mortar.kit import searchcomputer
    searchcomputer.CLOCKED = args.page_cap  # (the cap applies in Pyodide alone: page_clock)
    for name in args.games_named or list(PACKAGES):
        game, evaluation = load(name)
        seats = sample(game, evaluation, args.positions, args.seed)
        print(f"{game.title}: {len(seats)} positions of medium-against-medium games, "
              f"{ {'cpu': 'CPU time', 'wall': 'wall clock', 'js-cpu': 'CPU time of Node'}[args.clock]}")
        for level in game.levels:
            took, nodes, depths, chunk = [], [], [], 0.0
            for k, seat in enumerate(seats):
                computer = evaluation.computer(level, k)
                thought = computer.thinking(seat)
                start = last = clock()
                while True:
                    try:
                        next(thought)
                    except StopIteration:
                        break
                    now = clock()
                    chunk, last = max(chunk, now - last), now
                now = clock()
                chunk = max(chunk, now - last)
                took.append((now - start) * 1000)
                nodes.append(computer.last.nodes)
                depths.append(computer.last.depth_reached)
            took.sort()
            p95, rate = took[int(0.95 * (len(took) - 1))], sum(nodes) / (sum(took) / 1000)
            print(f"  {level:6} median {statistics.median(took):6.1f} ms, p95 {p95:6.1f} ms, worst "
                  f"{took[-1]:6.1f} ms; {statistics.median(nodes):5.0f} nodes (median), {rate:6.0f} nodes/s; "
                  f"depth median {statistics.median(depths):.0f}, max {max(depths)}; "
                  f"longest chunk {chunk * 1000:.1f} ms")


def branching(args: argparse.Namespace) -> None:
    for name in args.games_named or list(PACKAGES):
        game, evaluation = load(name)
        model = evaluation.MODEL
        rng = random.Random(args.seed)
        root, deep = [], []
        extra: dict[str, list[int]] = {"plain": [], "tile": []}
        for i in range(args.games):
            state = game.duel_start(None, rng)
            levels = zip(game.players, ("hard", "medium"))
            players = {p: evaluation.computer(level, f"{i}|{p}") for p, level in levels}
            while state.outcome is None:
                pos = state.position
                actions = model.actions(pos, 0)
                root.append(len(actions))
                deep.append(len(model.actions(pos, 1)))
                if hasattr(pos, "plan") and not pos.to_place:
                    extra["plain"].append(len(pos.plain_moves))
                    extra["tile"].append(pos.plan.count)
                state.apply(players[str(state.to_play)].choose(state.seat(state.to_play)))
        print(f"{game.title}: {len(root)} positions of hard-vs-medium games: actions at the root "
              f"mean {statistics.fmean(root):.1f}, median {statistics.median(root):.0f}, max {max(root)}; "
              f"searched deeper mean {statistics.fmean(deep):.1f}, max {max(deep)}")
        if extra["plain"]:
            plain, tile = extra["plain"], extra["tile"]
            print(f"  piece moves alone mean {statistics.fmean(plain):.1f} (max {max(plain)}), "
                  f"with a tile move mean {statistics.fmean(tile):.1f} (max {max(tile)})")


def main() -> None:
    top = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = top.add_subparsers(dest="command", required=True)
    t = commands.add_parser("times")
    t.add_argument("games_named", nargs="*", metavar="GAME")
    t.add_argument("--positions", type=int, default=60, help="positions a game (default 60)")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--clock", choices=["cpu", "wall", "js-cpu"], default="cpu",
                   help="this process's CPU time (default), the wall clock, or Node's CPU time (Pyodide)")
    t.add_argument("--page-cap", action="store_true",
                   help="keep the page's cap on a decision's time (in Pyodide; off: the nodes alone)")
    b = commands.add_parser("branching")
    b.add_argument("games_named", nargs="*", metavar="GAME")
    b.add_argument("--games", type=int, default=4)
    b.add_argument("--seed", type=int, default=1)
    v = commands.add_parser("versus")
    v.add_argument("game", choices=list(PACKAGES))
    v.add_argument("first")
    v.add_argument("second")
    v.add_argument("--games", type=int, default=10, help="pairs of games")
    v.add_argument("--seed", type=int, default=1)
    args = top.parse_args()
    {"times": times, "branching": branching, "versus": versus}[args.command](args)


if __name__ == "__main__":
    main()
