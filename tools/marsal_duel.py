"""Maršál a Špión's computer levels against each other, on every core: the same paired games as
``python -m mortar duel marsal-a-spion`` (same seeds, so the same games), with how each game ended.
A development aid, not a test: prints figures, asserts nothing.

    python3 tools/marsal_duel.py hard medium --games 40 [--jobs 2] [--seed 1]

Players: ``random``, a level, or ``LEVEL:key=value,...`` to try a level with other style weights
(``hard:caution=0.5,pull=0.6``).
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from legacy import legacy_marsal  # noqa: E402
from marsal_reference import PLAYERS as REFERENCES  # noqa: E402

from mortar.games.marsal_a_spion import GAME  # noqa: E402
from mortar.games.marsal_a_spion.computer import STYLES, Computer  # noqa: E402
from mortar.kit.duel import RandomPlayer, interval  # noqa: E402


def make(spec: str, seed: str) -> object:
    if spec == "random":
        return RandomPlayer(seed)
    if spec in REFERENCES:
        return REFERENCES[spec](seed)
    if spec.startswith("old-"):
        return legacy_marsal().Computer(spec[4:], seed)
    level, _, tweaks = spec.partition(":")
    style = STYLES[level]
    if tweaks:
        changes = {}
        for pair in tweaks.split(","):
            key, _, value = pair.partition("=")
            kind = type(getattr(style, key))
            changes[key] = (value == "True") if kind is bool else kind(value)
        style = dataclasses.replace(style, **changes)
    return Computer(level, seed, style)


def pair(args: tuple[str, str, int, int]) -> list[tuple[str, str, int, float]]:
    """Both games of pair ``i``: (result for ``first``, how it ended, turns, first's seconds a decision)."""
    first, second, seed, i = args
    out = []
    for swap in (False, True):
        state = GAME.new()
        levels = (second, first) if swap else (first, second)
        players = {p: make(level, f"{seed}|{i}|{swap}|{p}") for p, level in zip(GAME.players, levels)}
        mine = GAME.players[1] if swap else GAME.players[0]
        spent, decisions = 0.0, 0
        while state.to_play is not None:
            player = str(state.to_play)
            start = time.perf_counter()
            action = players[player].choose(state.seat(player))  # type: ignore[attr-defined]
            if player == mine:
                spent += time.perf_counter() - start
                decisions += 1
            state.apply(action)
        outcome = state.outcome
        assert outcome is not None
        result = "draw" if outcome.winner is None else ("won" if str(outcome.winner) == mine else "lost")
        end = str(outcome.reason)
        if end == "pat":  # who had no action left
            end += " (first stuck)" if GAME.players[outcome.turns % 2] == mine else " (second stuck)"
        out.append((result, end, outcome.turns, spent / max(1, decisions)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=20, help="pairs of games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--list", action="store_true", help="list each game not won: pair, swapped, end")
    args = parser.parse_args()
    tasks = [(args.first, args.second, args.seed, i) for i in range(args.games)]
    results: list[list[tuple[str, str, int, float]]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(pair, tasks))
    games = [g for p in results for g in p]
    tally = Counter(r for r, _, _, _ in games)
    ends = Counter((r, e) for r, e, _, _ in games)
    points = {"won": 1.0, "draw": 0.5, "lost": 0.0}
    scores = [sum(points[r] for r, _, _, _ in p) / 2 for p in results]
    wins = [sum(1.0 for r, _, _, _ in p if r == "won") / 2 for p in results]
    mean, low, high = interval(scores)
    won, won_low, won_high = interval(wins)
    print(f"{args.first} vs {args.second}: {args.games} pairs: {tally['won']} won, {tally['draw']} drawn, "
          f"{tally['lost']} lost; win rate {won:.1%} ({won_low:.1%}-{won_high:.1%}); "
          f"score {mean:.1%} ({low:.1%}-{high:.1%})")
    print("  ends: " + ", ".join(f"{r} by {e}: {n}" for (r, e), n in sorted(ends.items())))
    if args.list:
        for i, p in enumerate(results):
            for swap, (r, e, t, _) in enumerate(p):
                if r != "won":
                    print(f"  pair {i} swapped {swap}: {r} by {e} after {t} turns")
    print(f"  turns: mean {statistics.fmean(t for _, _, t, _ in games):.0f}, "
          f"{args.first} mean decision {1000 * statistics.fmean(s for _, _, _, s in games):.1f} ms")


if __name__ == "__main__":
    main()
