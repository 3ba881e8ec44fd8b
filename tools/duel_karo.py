"""The KARO computer's league (``make duel-karo``): for each game, every level and the reference
players (``tools/karo_reference.py``) in paired games with the sides swapped (``mortar.kit.duel``).
A benchmark: prints figures, asserts nothing.

    python tools/duel_karo.py [--pairs N] [--games GAME …] [--match A B …] [--jobs J] [--ms N] [--save PATH]
    python tools/duel_karo.py --pool PATH …   # one line for matches played in chunks (--save)

The league of a game: easy against random, medium against easy, hard against medium, and hard
against each reference at equal time (``ab`` and ``mcts`` are given their opponent's median CPU
time a decision, measured first on positions of the game: ``--ms`` sets it instead), and hard
against ``ab`` at 150 ms a decision (issue 33's measure: an alpha-beta player at that time). ``--match A B``
plays only the matches named (players: ``random``, a level, a level with changes such as
``hard:nodes=8000``, ``ab:ms=150``, ``mcts:ms=150``, ``deep:x=10``).

Each line: the first player's wins, draws and losses, its win rate and its score rate (a draw
counts half) with a 95 % interval over the pairs, how the games ended (and how many had a
pass), their mean and longest length, and each player's decision time (CPU of the process that
played it: median and worst). ``--jobs`` plays a match's pairs in that many processes at once.
``--save`` writes each match's games to a file (JSON; ``PATH`` with the game and the players'
names in its name): ``--pool`` adds up such files of one match, played in chunks with different
seeds, into one line, its interval over all their pairs.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from karo_reference import PACKAGES, player  # noqa: E402

from mortar.kit.duel import Tally, duel, endings, interval  # noqa: E402

GAMES = list(PACKAGES)
LEAGUE = (("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("hard", "ab"), ("hard", "mcts"),
          ("hard", "ab:ms=150"))
CHUNK = 10  # pairs a task


def game_of(name: str) -> Any:
    import importlib
    return importlib.import_module(f"mortar.games.{PACKAGES[name]}").GAME


def play_pairs(name: str, first: str, second: str, first_pair: int, pairs: int, seed: int) -> Tally:
    game = game_of(name)
    return duel(game, first, second, pairs, None, seed, first_pair=first_pair,
                make_player=lambda spec, player_seed: player(name, spec, player_seed))


def median_ms(name: str, spec: str, positions: int = 24) -> float:
    """A player's median CPU time a decision on positions of medium-against-medium games."""
    from bench_karo_ai import load, sample
    game, module = load(name)
    took = []
    for k, seat in enumerate(sample(game, module, positions, 1)):
        chooser = player(name, spec, str(k))
        start = time.process_time()
        chooser.choose(seat)
        took.append((time.process_time() - start) * 1000)
    return statistics.median(took)


def equal_time(spec: str, ms: float) -> str:
    kind, _, rest = spec.partition(":")
    if kind in ("ab", "mcts") and "ms=" not in rest:
        return f"{kind}:{rest + ',' if rest else ''}ms={ms:.0f}"
    return spec


def line(game: str, first: str, second: str, tally: Tally, seconds: float) -> str:
    won, low, high = interval(tally.pair_wins)
    score, s_low, s_high = interval(tally.pair_scores)
    times = []
    for label in (first, second):
        cpu = sorted(t * 1000 for t in tally.cpu.get(label, []))
        if cpu and label != "random":
            times.append(f"{label} {statistics.median(cpu):.1f}/{cpu[-1]:.0f} ms")
    return (f"{game:19} {first:>14} vs {second:<14} {len(tally.pair_scores):4} pairs "
            f"{tally.wins:4} W {tally.draws:3} D {tally.losses:4} L  win {won:6.1%} ({low:.1%}-{high:.1%})  "
            f"score {score:6.1%} ({s_low:.1%}-{s_high:.1%})  {statistics.fmean(tally.lengths):5.1f} turns, "
            f"longest {max(tally.lengths)}  [{seconds:.0f} s]\n"
            f"{'':19}   ended by {endings(tally)}; decision CPU median/worst: {', '.join(times) or '-'}")


def save(path: str, game: str, first: str, second: str, tally: Tally) -> None:
    named = Path(path)
    match = f"{game}-{first}-{second}".replace(":", "_").replace(" ", "_")
    named = named.with_name(f"{named.stem}-{match}{named.suffix or '.json'}")
    fields = {f.name: getattr(tally, f.name) for f in dataclasses.fields(tally)}  # (asdict breaks a Counter)
    saved = {"game": game, "first": first, "second": second, "tally": fields}
    named.write_text(json.dumps(saved))


def pooled(paths: list[str]) -> None:
    """One line for the matches saved in ``paths`` (one match played in chunks)."""
    tally, names = Tally(), set()
    for path in paths:
        saved = json.loads(Path(path).read_text())
        names.add((saved["game"], saved["first"], saved["second"]))
        fields = saved["tally"]
        fields["endings"] = Counter(fields["endings"])
        tally.add(Tally(**fields))
    if len(names) != 1:
        raise SystemExit(f"not one match: {sorted(names)}")
    game, first, second = names.pop()
    print(f"{len(paths)} chunks pooled")
    print(line(game, first, second, tally, 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--games", nargs="*", default=GAMES, choices=GAMES)
    parser.add_argument("--match", nargs=2, action="append", metavar=("FIRST", "SECOND"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--ms", type=float,
                        help="the references' CPU time a decision (default: hard's median)")
    parser.add_argument("--save", metavar="PATH", help="write each match's games to a file (JSON)")
    parser.add_argument("--pool", nargs="+", metavar="PATH", help="one line for saved chunks of a match")
    args = parser.parse_args()
    if args.pool:
        pooled(args.pool)
        return
    matches = [tuple(m) for m in args.match] if args.match else list(LEAGUE)
    print(f"KARO computer league: {args.pairs} pairs a match (sides swapped within a pair), "
          f"seed {args.seed}; win and score rates with 95 % intervals over pairs", flush=True)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for name in args.games:
            title = game_of(name).title
            timed: dict[str, float] = {}  # a player's median time: its opponents' at equal time
            for first, second in matches:
                for mine, theirs in ((first, second), (second, first)):
                    reference = theirs.partition(":")[0] in ("ab", "mcts") and "ms=" not in theirs
                    if args.ms is None and reference and mine not in timed:
                        timed[mine] = median_ms(name, mine)
                        print(f"{title}: {mine} decides in {timed[mine]:.0f} ms of CPU (median); its "
                              "references get as much", flush=True)
                first, second = (equal_time(first, args.ms or timed.get(second, 150)),
                                 equal_time(second, args.ms or timed.get(first, 150)))
                start = time.perf_counter()
                chunks = [(name, first, second, k, min(CHUNK, args.pairs - k), args.seed)
                          for k in range(0, args.pairs, CHUNK)]
                tally = Tally()
                parts = (map(play_pairs, *zip(*chunks)) if pool is None
                         else pool.map(play_pairs, *zip(*chunks)))
                for part in parts:
                    tally.add(part)
                    print(f"  ({title}, {first} vs {second}: {len(tally.pair_scores)} pairs, {tally.wins} W "
                          f"{tally.draws} D {tally.losses} L, {time.perf_counter() - start:.0f} s)",
                          file=sys.stderr, flush=True)
                print(line(title, first, second, tally, time.perf_counter() - start), flush=True)
                if args.save:
                    save(args.save, title, first, second, tally)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
