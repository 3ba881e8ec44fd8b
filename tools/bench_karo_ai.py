"""The KARO computer's figures (a benchmark: prints, asserts nothing).

    python tools/bench_karo_ai.py times [GAME …] [--games N]      # decision times, nodes, depth, chunks
    python tools/bench_karo_ai.py branching [GAME …] [--games N]  # actions per position in computer games
    python tools/bench_karo_ai.py versus GAME A B [--games N]     # a duel of level variants

A player is a level of the game, ``random``, or a level with changes: ``hard:method=mcts``,
``hard:nodes=8000,depth=3``, ``hard:remember=0`` (no memory of the game's positions),
``hard:model=NAME`` (a model variant a game's evaluation module names in ``VARIANTS``).
``times`` plays hard against medium and measures each decision of every level on the positions
met (CPU time of this process, so a busy machine disturbs it less), the nodes searched, the
deepest iteration completed, and the longest stretch of work between two yields of
``thinking()`` (a chunk of the page's timer slices).
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mortar.kit.duel import RandomPlayer, duel, report  # noqa: E402
from mortar.kit.search import SearchComputer  # noqa: E402

PACKAGES = {"hopper-and-sneaker": "hopper_and_sneaker", "enlightenment": "enlightenment",
            "four-circles": "four_circles"}


def load(name: str) -> tuple[Any, Any]:
    game = importlib.import_module(f"mortar.games.{PACKAGES[name]}").GAME
    evaluation = importlib.import_module(f"mortar.games.{PACKAGES[name]}.evaluation")
    return game, evaluation


def player(evaluation: Any, spec: str, seed: str) -> Any:
    """A player from its spec (the module docstring)."""
    if spec == "random":
        return RandomPlayer(seed)
    name, _, changes = spec.partition(":")
    settings = evaluation.LEVELS[name]
    model, remember = evaluation.MODEL, True
    fields = {f.name: f.type for f in dataclasses.fields(settings)}
    updates: dict[str, Any] = {}
    for change in filter(None, changes.split(",")):
        key, _, value = change.partition("=")
        if key == "remember":
            remember = value not in ("0", "no", "false")
        elif key == "model":
            model = evaluation.VARIANTS[value]
        elif fields.get(key) == "int":
            updates[key] = int(value)
        elif fields.get(key) == "float":
            updates[key] = float(value)
        elif key in fields:
            updates[key] = value
        else:
            raise SystemExit(f"{key!r} is no setting of a level ({', '.join(fields)}, remember, model)")
    computer = SearchComputer(model, name, dataclasses.replace(settings, **updates), seed, remember=remember)
    computer.level = spec  # the duel's label
    return computer


def versus(args: argparse.Namespace) -> None:
    game, evaluation = load(args.game)
    start = time.perf_counter()
    tally = duel(game, args.first, args.second, args.games, None, args.seed,
                 make_player=lambda spec, seed: player(evaluation, spec, seed))
    print(report(args.first, args.second, tally, game.title))
    print(f"  ({time.perf_counter() - start:.0f} s)")


class Timed:
    """A computer whose decisions are measured: CPU time, nodes, depth, longest chunk."""

    def __init__(self, computer: SearchComputer[Any]) -> None:
        self.computer = computer
        self.level = computer.level
        self.cpu: list[float] = []
        self.nodes: list[int] = []
        self.depths: list[int] = []
        self.chunk = 0.0
        self.chunk_nodes = 0

    def choose(self, seat: Any) -> Any:
        thought = self.computer.thinking(seat)
        start = time.process_time()
        last = start
        while True:
            try:
                next(thought)
            except StopIteration as stop:
                action = stop.value
                break
            now = time.process_time()
            self.chunk = max(self.chunk, now - last)
            last = now
        now = time.process_time()
        self.chunk = max(self.chunk, now - last)
        search = self.computer.last
        if search is not None and search.nodes > 1 and not seat.position.setting_up:
            self.cpu.append(now - start)
            self.nodes.append(search.nodes)
            self.depths.append(search.depth_reached)
        return action


def times(args: argparse.Namespace) -> None:
    for name in args.games_named or list(PACKAGES):
        game, evaluation = load(name)
        timed = {level: [] for level in game.levels}

        def make(spec: str, seed: str, evaluation: Any = evaluation, timed: Any = timed) -> Any:
            t = Timed(evaluation.computer(spec, seed))
            timed[spec].append(t)
            return t

        for first, second in (("hard", "medium"), ("medium", "easy")):
            duel(game, first, second, args.games, None, args.seed, make_player=make)
        print(f"{game.title}:")
        for level, players in timed.items():
            cpu = sorted(t * 1000 for p in players for t in p.cpu)
            nodes = [n for p in players for n in p.nodes]
            depths = [d for p in players for d in p.depths]
            chunk = max(p.chunk for p in players) * 1000
            if not cpu:
                continue
            print(f"  {level:6} {len(cpu):5} decisions: median {statistics.median(cpu):6.1f} ms, "
                  f"p95 {cpu[int(0.95 * (len(cpu) - 1))]:6.1f} ms, worst {cpu[-1]:6.1f} ms; "
                  f"{statistics.median(nodes):6.0f} nodes (median), {sum(nodes) / (sum(cpu) / 1000):7.0f} "
                  f"nodes/s; depth median {statistics.median(depths):.0f}, max {max(depths)}; "
                  f"longest chunk {chunk:.1f} ms")


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
    t.add_argument("--games", type=int, default=3, help="pairs of games per level pairing")
    t.add_argument("--seed", type=int, default=1)
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
