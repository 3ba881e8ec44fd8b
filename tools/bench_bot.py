"""Decision times of the computer levels: ``python tools/bench_bot.py [--games N]``.

Plays bot-against-bot games (each level against hard, classic, craters and secret loadout,
28-turn limit) and prints the median, 95th percentile and worst time of one ``choose`` call
per level, on one core of this machine. A benchmark: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from mortar.duel import duel  # noqa: E402
from mortar.rules import Loadout, Options, Variant  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="pairs of games per level and table")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, one decision = one Bot.choose(seat) call")
    tables = [("classic", Options(Variant.CLASSIC, 28)), ("craters", Options(Variant.CRATERS, 28)),
              ("secret loadout", Options(Variant.CLASSIC, 28, Loadout.SECRET))]
    for label, options in tables:
        times: dict[str, list[float]] = {}
        for level in ("easy", "medium", "hard"):
            tally = duel(level, "hard", args.games, options, seed=9)
            for name, values in tally.times.items():
                times.setdefault(name, []).extend(values)
        for level in ("easy", "medium", "hard"):
            ms = sorted(t * 1000 for t in times.get(level, []))
            print(f"{label:15s} {level:6s}: median {statistics.median(ms):6.1f} ms, "
                  f"p95 {ms[int(0.95 * (len(ms) - 1))]:6.1f} ms, worst {ms[-1]:6.1f} ms "
                  f"({len(ms)} decisions)")


if __name__ == "__main__":
    main()
