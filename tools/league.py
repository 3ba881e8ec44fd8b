"""The computer opponent's league: every level against the others, against the reference players
(tools/reference.py) and the old hard (tools/legacy.py), in paired games (the same two random
placements twice, seats swapped; the duel's 28-turn limit), over the table variants.

    python tools/league.py [--pairs N] [--tables classic,craters,secret,LH] [--only A:B ...]
                           [--out results.jsonl]

Prints one row per match: the first player's score rate (a draw counts half) with its 95 %
interval over the pairs, its wins, draws and losses, the mean game length, and both sides'
decision times (CPU, median and worst). ``--out`` appends each row as JSON, and
``--table FILE`` prints the rows of such files as one league table. A benchmark: prints figures,
asserts nothing. Long: one match of 200 pairs takes 10-40 minutes on this machine.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from legacy import LegacyHard  # noqa: E402
from reference import PLAYERS  # noqa: E402

from mortar.duel import duel, interval  # noqa: E402
from mortar.games.mortar_hunt.computer import Computer, HardWeights  # noqa: E402
from mortar.games.mortar_hunt.rules import Loadout, Options, Variant  # noqa: E402

TABLES = {
    "classic": Options(Variant.CLASSIC, 28),
    "craters": Options(Variant.CRATERS, 28),
    "secret": Options(Variant.CLASSIC, 28, Loadout.SECRET),
    "LH": Options(Variant.CLASSIC, 28, Loadout.ALL_LH),
}
# the most telling first: hard against the one-exchange reference, each level against the one
# below, the references against the old hard (before the joint belief), what the window costs
MATCHES = ("hard:exchange", "medium:easy", "hard:medium", "exchange:old-hard", "determinized:old-hard",
           "hard:determinized", "easy:random", "hard:hard@window=None", "hard:old-hard",
           "determinized:exchange")
EXTRA: dict = {**PLAYERS, "old-hard": LegacyHard}


def variant(name: str) -> Callable[[Any], Any]:
    """``hard@sharpness=6,window=None``: hard with other weights (for tuning)."""
    level, _, spec = name.partition("@")
    fields = {f.name: f.type for f in dataclasses.fields(HardWeights)}
    changes = {}
    for item in spec.split(","):
        key, _, value = item.partition("=")
        kind = fields[key]
        changes[key] = (None if value == "None" else int(value) if kind in ("int", "int | None")
                        else value if kind == "str" else float(value))
    weights = dataclasses.replace(HardWeights(), **changes)

    def make(seed: Any) -> Any:
        bot = Computer(level, seed, weights)
        bot.label = name  # type: ignore[attr-defined]
        return bot
    return make


def row(first: str, second: str, table: str, pairs: int, seed: int) -> dict:
    tally = duel(first, second, pairs, TABLES[table], seed, extra=EXTRA)
    mean, low, high = interval(tally.pair_scores)
    times = {}
    for label, values in tally.cpu.items():
        ms = sorted(v * 1000 for v in values)
        times[label] = {"median": statistics.median(ms), "p95": ms[int(0.95 * (len(ms) - 1))],
                        "worst": ms[-1], "n": len(ms)}
    return {"first": first, "second": second, "table": table, "pairs": pairs, "score": mean, "low": low,
            "high": high, "won": tally.wins, "drawn": tally.draws, "lost": tally.losses,
            "length": statistics.fmean(tally.lengths), "times": times}


def line(r: dict) -> str:
    times = "; ".join(f"{k} {v['median']:.0f}/{v['worst']:.0f} ms" for k, v in sorted(r["times"].items()))
    return (f"{r['first']:>12s} vs {r['second']:<12s} {r['table']:8s} {r['pairs']:4d} pairs  "
            f"{r['score']:6.1%} ({r['low']:.1%}-{r['high']:.1%})  "
            f"{r['won']:3d}-{r['drawn']:3d}-{r['lost']:3d}  "
            f"{r['length']:5.1f} turns  [cpu median/worst: {times}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--tables", default="classic", help="comma-separated: " + ",".join(TABLES))
    parser.add_argument("--only", nargs="+", help="FIRST:SECOND matches (default: the league)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="append each row as JSON to this file")
    parser.add_argument("--table", nargs="*", help="print the rows of these JSON-lines files and stop")
    args = parser.parse_args()
    if args.table:
        rows = [json.loads(x) for f in args.table for x in Path(f).read_text().splitlines() if x.strip()]
        print("score rate of the first player, 95% interval over pairs, won-drawn-lost, mean length")
        for r in rows:
            print(line(r))
        return
    matches = args.only or list(MATCHES)
    for table in args.tables.split(","):
        for match in matches:
            first, second = match.split(":")
            for name in (first, second):
                if "@" in name:
                    EXTRA[name] = variant(name)
            start = time.time()
            r = row(first, second, table, args.pairs, args.seed)
            print(line(r) + f"  ({time.time() - start:.0f} s)", flush=True)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
