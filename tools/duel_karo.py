"""The KARO computer's strength table: for each game, hard against random, hard against medium
and medium against easy, in pairs of games with the sides swapped (``mortar.kit.duel``). A
benchmark: prints figures, asserts nothing (``make duel-karo``; DUEL_PAIRS=200 by default).

    python tools/duel_karo.py [--pairs N] [--games GAME …] [--jobs J]

Each line: the first player's wins, draws and losses, its win rate with a 95 % interval over
the pairs (and its score rate, a draw counting half), the mean game length and the median
decision time of the stronger level (CPU of the process that played it). ``--jobs`` plays the
duels in that many processes at once (each duel in one).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mortar.kit.duel import computer, duel, interval  # noqa: E402

GAMES = {"hopper-and-sneaker": "hopper_and_sneaker", "enlightenment": "enlightenment",
         "four-circles": "four_circles"}
PAIRINGS = (("hard", "random"), ("hard", "medium"), ("medium", "easy"))


def play(name: str, first: str, second: str, pairs: int, seed: int) -> dict[str, Any]:
    import importlib
    game = importlib.import_module(f"mortar.games.{GAMES[name]}").GAME
    start = time.perf_counter()

    def progress(done: int, tally: Any) -> None:  # on standard error, every 20 pairs
        if done % 20 == 0 and done < pairs:
            print(f"  {game.title}, {first} vs {second}: {done} pairs, {tally.wins} W {tally.draws} D "
                  f"{tally.losses} L, longest game {max(tally.lengths)} turns "
                  f"[{time.perf_counter() - start:.0f} s]", file=sys.stderr, flush=True)

    tally = duel(game, first, second, pairs, None, seed,
                 make_player=lambda level, player_seed: computer(game, level, player_seed), progress=progress)
    won, won_low, won_high = interval(tally.pair_wins)
    score, score_low, score_high = interval(tally.pair_scores)
    cpu = sorted(t * 1000 for t in tally.cpu.get(first, []))
    return {"game": game.title, "first": first, "second": second, "pairs": pairs,
            "wins": tally.wins, "draws": tally.draws, "losses": tally.losses,
            "win": (won, won_low, won_high), "score": (score, score_low, score_high),
            "length": statistics.fmean(tally.lengths),
            "median_ms": statistics.median(cpu) if cpu else 0.0, "worst_ms": cpu[-1] if cpu else 0.0,
            "seconds": time.perf_counter() - start}


def line(r: dict[str, Any]) -> str:
    won, low, high = r["win"]
    score, s_low, s_high = r["score"]
    return (f"{r['game']:19} {r['first']:>6} vs {r['second']:<6} {r['pairs']:4} pairs  "
            f"{r['wins']:4} W {r['draws']:4} D {r['losses']:4} L  win {won:6.1%} ({low:.1%}-{high:.1%})  "
            f"score {score:6.1%} ({s_low:.1%}-{s_high:.1%})  {r['length']:7.1f} turns  "
            f"{r['median_ms']:6.1f} ms median, {r['worst_ms']:6.1f} worst  [{r['seconds']:.0f} s]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--pairings", nargs="*", default=[f"{a}-{b}" for a, b in PAIRINGS])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    runs = [(g, *p.split("-"), args.pairs, args.seed) for g in args.games for p in args.pairings]
    print(f"KARO computer duels: {args.pairs} pairs each (sides swapped within a pair), seed {args.seed}")
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, *zip(*runs)))
    else:
        results = []
        for run in runs:
            results.append(play(*run))
            print(line(results[-1]), flush=True)
        print()
    for r in results:
        print(line(r))


if __name__ == "__main__":
    main()
