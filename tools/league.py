"""The computer opponent's league: every level against the others and against the reference
players (tools/reference.py, tools/hider.py), in paired games (the same two random placements
twice, seats swapped, as ``python -m mortar duel`` plays them; the duel's 28-turn limit), over
the table variants.

    python tools/league.py [--pairs N] [--tables classic,craters,secret,LH] [--only A:B ...]
                           [--jobs N] [--out results.jsonl]

Prints one row per match: the first player's score rate (a draw counts half) with its 95 %
interval over the pairs, its wins, draws and losses, the mean game length, each side's hit rate
(hits per shot fired) and how often it fired at the enemy's back row, where each side's live
pieces stood (the share of piece-turns in its own back row), and both sides' decision times
(CPU, median and worst). ``--out`` appends each row as JSON, and ``--table FILE`` prints the
rows of such files as one league table. A benchmark: prints figures, asserts nothing. Long: one
match of 200 pairs takes 10-40 minutes on this machine (``--jobs 2`` plays pairs on two cores).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from hider import HIDERS  # noqa: E402
from legacy import HardBefore, LegacyHard  # noqa: E402
from reference import PLAYERS  # noqa: E402

from mortar.games.mortar_hunt.actions import Sacrifice, Turn  # noqa: E402
from mortar.games.mortar_hunt.computer import Computer, HardWeights  # noqa: E402
from mortar.games.mortar_hunt.game import GAME  # noqa: E402
from mortar.games.mortar_hunt.rules import Loadout, Options, Variant  # noqa: E402
from mortar.kit.duel import RandomPlayer, interval, play  # noqa: E402

TABLES = {
    "classic": Options(Variant.CLASSIC, 28),
    "craters": Options(Variant.CRATERS, 28),
    "secret": Options(Variant.CLASSIC, 28, Loadout.SECRET),
    "LH": Options(Variant.CLASSIC, 28, Loadout.ALL_LH),
}
# the most telling first: hard against its strongest references, each level against the one below
MATCHES = ("hard:warden", "hard:hider", "hard:stalker", "hard:exchange", "hard:determinized", "hard:medium",
           "medium:easy", "easy:random", "hider:exchange", "stalker:exchange", "hider:medium")
EXTRA: dict[str, Callable[[Any], Any]] = {**PLAYERS, **HIDERS, "hard-before": HardBefore,
                                          "old-hard": LegacyHard}


def depth(player: str, square: int) -> int:
    """A square's row counted from ``player``'s own back row: 1 (back) … 4 (front)."""
    row = square // 12 + 1
    return row if player == "A" else 10 - row


def variant(name: str) -> Callable[[Any], Any]:
    """``hard@sharpness=6,window=None``: hard with other weights (for tuning)."""
    level, _, spec = name.partition("@")
    fields = {f.name: f.type for f in dataclasses.fields(HardWeights)}
    changes: dict[str, Any] = {}
    for item in spec.split(","):
        key, _, value = item.partition("=")
        kind = str(fields[key])
        changes[key] = (None if value == "None" else int(value) if kind in ("int", "int | None")
                        else value if kind == "str" else value == "True" if kind == "bool" else float(value))
    weights = dataclasses.replace(HardWeights(), **changes)

    def make(seed: Any) -> Any:
        bot = Computer(level, seed, weights)
        bot.label = name  # type: ignore[attr-defined]
        return bot
    return make


def player(name: str, seed: str) -> Any:
    if "@" in name:
        return variant(name)(seed)
    if name in EXTRA:
        return EXTRA[name](seed)
    if name == "random":
        return RandomPlayer(seed)
    return GAME.computer(name, seed)


def game_facts(state: Any, sides: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Per side (first/second): shots, hits, shots and hits at the enemy's back row, and its
    live pieces' rows counted from its own back row (piece-turns per depth 1-4)."""
    out = {k: {"shots": 0, "hits": 0, "back_shots": 0, "back_hits": 0, "depths": [0, 0, 0, 0]}
           for k in sides.values()}
    where = {str(p): [pos.square.index for pos in setup.positions] for p, setup in state.setups.items()}
    alive = {p: [True, True, True] for p in where}
    for played in state.history:
        p = str(played.player)
        enemy = "B" if p == "A" else "A"
        mine = out[sides[p]]
        action = played.action
        if isinstance(action, Turn):
            where[p][action.move.piece - 1] = action.move.to.square.index
            if action.shot is not None:
                at = action.shot.at.index
                back = depth(enemy, at) == 1
                mine["shots"] += 1
                mine["back_shots"] += back
                if played.hit:
                    mine["hits"] += 1
                    mine["back_hits"] += back
                    alive[enemy][where[enemy].index(at)] = False
        elif isinstance(action, Sacrifice):
            alive[p][action.piece - 1] = False
        for n in range(3):
            if alive[p][n]:
                mine["depths"][depth(p, where[p][n]) - 1] += 1
    return out


def pair(first: str, second: str, options: Options, seed: int, i: int) -> dict[str, Any]:
    """One pair: the same placements twice, seats swapped (``mortar.kit.duel.duel``'s seeds)."""
    import random
    rng = random.Random(f"duel|{seed}|{i}")
    start = GAME.duel_start(options, rng)
    result: dict[str, Any] = {"score": 0.0, "won": 0, "drawn": 0, "lost": 0, "lengths": [], "cpu": {},
                              "facts": {"first": _empty(), "second": _empty()}}
    for swap in (False, True):
        names = (second, first) if swap else (first, second)
        sides = {"A": "second" if swap else "first", "B": "first" if swap else "second"}
        state = start.copy()
        players = {p: player(name, f"{seed}|{i}|{swap}|{p}") for p, name in zip(("A", "B"), names)}
        for p, chooser in players.items():
            chooser.label = sides[p]
        times: dict[str, list[float]] = {}
        cpu: dict[str, list[float]] = {}
        winner = play(state, players, lambda s, p: s.seat(p), times, cpu).winner
        mine = "B" if swap else "A"
        if winner == mine:
            result["won"] += 1
            result["score"] += 0.5
        elif winner == "draw":
            result["drawn"] += 1
            result["score"] += 0.25
        else:
            result["lost"] += 1
        result["lengths"].append(int(state.outcome.turns))
        for label, values in cpu.items():
            result["cpu"].setdefault(label, []).extend(values)
        for side, facts in game_facts(state, sides).items():
            _add(result["facts"][side], facts)
    return result


def _empty() -> dict[str, Any]:
    return {"shots": 0, "hits": 0, "back_shots": 0, "back_hits": 0, "depths": [0, 0, 0, 0]}


def _add(into: dict[str, Any], facts: dict[str, Any]) -> None:
    for key, value in facts.items():
        if isinstance(value, list):
            into[key] = [a + b for a, b in zip(into[key], value)]
        else:
            into[key] += value


def row(first: str, second: str, table: str, pairs: int, seed: int, jobs: int = 1) -> dict:
    options = TABLES[table]
    args = [(first, second, options, seed, i) for i in range(pairs)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(pair, *zip(*args)))
    else:
        results = [pair(*a) for a in args]
    scores = [r["score"] for r in results]
    mean, low, high = interval(scores)
    facts = {"first": _empty(), "second": _empty()}
    cpu: dict[str, list[float]] = {}
    for r in results:
        for side in facts:
            _add(facts[side], r["facts"][side])
        for label, values in r["cpu"].items():
            cpu.setdefault(label, []).extend(values)
    times = {}
    for label, values in cpu.items():
        ms = sorted(v * 1000 for v in values)
        times[label] = {"median": statistics.median(ms), "p95": ms[int(0.95 * (len(ms) - 1))],
                        "worst": ms[-1], "n": len(ms)}
    return {"first": first, "second": second, "table": table, "pairs": pairs, "score": mean, "low": low,
            "high": high, "won": sum(r["won"] for r in results), "drawn": sum(r["drawn"] for r in results),
            "lost": sum(r["lost"] for r in results),
            "length": statistics.fmean(x for r in results for x in r["lengths"]), "times": times,
            "facts": facts}


def line(r: dict) -> str:
    text = (f"{r['first']:>12s} vs {r['second']:<12s} {r['table']:8s} {r['pairs']:4d} pairs  "
            f"{r['score']:6.1%} ({r['low']:.1%}-{r['high']:.1%})  "
            f"{r['won']:3d}-{r['drawn']:3d}-{r['lost']:3d}  {r['length']:5.1f} turns")
    facts = r.get("facts")
    if facts:
        parts = []
        for side in ("first", "second"):
            f = facts[side]
            shots = f["shots"] or 1
            piece_turns = sum(f["depths"]) or 1
            parts.append(f"{r[side]}: hits {f['hits']}/{f['shots']} = {f['hits'] / shots:.1%}, "
                         f"at back row {f['back_shots']} ({f['back_hits']} hit), "
                         f"own back row {f['depths'][0] / piece_turns:.0%}")
        text += "\n    " + "; ".join(parts)
    times = "; ".join(f"{k} {v['median']:.0f}/{v['worst']:.0f} ms" for k, v in sorted(r["times"].items()))
    return text + f"\n    cpu median/worst: {times}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--tables", default="classic", help="comma-separated: " + ",".join(TABLES))
    parser.add_argument("--only", nargs="+", help="FIRST:SECOND matches (default: the league)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing pairs at once")
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
            start = time.time()
            r = row(first, second, table, args.pairs, args.seed, args.jobs)
            print(line(r) + f"  ({time.time() - start:.0f} s)", flush=True)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
