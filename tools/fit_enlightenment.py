"""Fit Enlightenment's evaluation to game results (a benchmark tool: prints, asserts nothing).

    python tools/fit_enlightenment.py play --games N --out FILE [--seed S] [--players "A;B;…"]
    python tools/fit_enlightenment.py fit FILE [FILE …]

``play`` plays games between the players named (any spec of ``tools/karo_reference.py``; by
default hard and the ``ab`` reference, each with a little noise so that games differ) from the
three start layouts (EN3) after two to six random plies, and writes every position of play with
the game's result as a line of JSON: the position's bit masks (:mod:`mortar.games.enlightenment.packed`),
the player to move and his score (1 a win, 0.5 a draw, 0 a loss). ``fit`` is a logistic regression
of that score on the difference of the two players' terms
(:func:`mortar.games.enlightenment.computer.terms`) (Newton's method,
standard library only) and prints the weights scaled to the evaluation's units (a term worth as
much as :data:`UNIT` of the log-odds scores 100), ready for ``Weights``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from karo_reference import player  # noqa: E402

from mortar.games.enlightenment import GAME  # noqa: E402
from mortar.games.enlightenment.computer import TERMS, Weights, terms  # noqa: E402
from mortar.games.enlightenment.packed import FULL, Packed  # noqa: E402
from mortar.kit.turns import Player  # noqa: E402

UNIT = 0.5  # log-odds per 100 evaluation units


def play(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    specs = args.players.split(";")
    with open(args.out, "a", encoding="utf-8") as out:
        for g in range(args.games):
            layout = rng.choice("ABC")
            options = GAME.read_options({"start": layout}, rng.choice([Player.RED, Player.WHITE]), {})
            state = GAME.new(options)
            for _ in range(rng.randint(2, 6)):
                if state.outcome is None:
                    state.apply(state.random_action(rng))
            a, b = rng.sample(specs, 2) if len(specs) > 1 else (specs[0], specs[0])
            players = {p: player("enlightenment", spec, f"fit|{args.seed}|{g}|{p}")
                       for p, spec in zip(GAME.players, (a, b))}
            rows = []
            while state.outcome is None and state.turns < 400:
                pos = state.position
                packed = Packed.of(pos.cells, pos.to_play)
                rows.append((str(pos.to_play), packed))
                state.apply(players[str(state.to_play)].choose(state.seat(str(state.to_play))))
            winner = None if state.outcome is None else state.outcome.winner
            for mover, packed in rows:
                score = 0.5 if winner is None else 1.0 if str(winner) == mover else 0.0
                row = {"red": packed.red, "white": packed.white, "lit": packed.lit, "to_play": mover,
                       "score": score, "game": f"{args.seed}|{g}"}
                out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"game {g}: {a} vs {b} from {layout}, {len(rows)} plies, "
                  f"{'draw' if winner is None else winner}", file=sys.stderr, flush=True)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c and a[c][c]:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [a[i][n] / a[i][i] if a[i][i] else 0.0 for i in range(n)]


def fit(args: argparse.Namespace) -> None:
    xs: list[list[float]] = []
    ys: list[float] = []
    for name in args.files:
        with open(name, encoding="utf-8") as lines:
            for text in lines:
                row = json.loads(text)
                red, white, lit = row["red"], row["white"], row["lit"]
                own, other = (red, white) if row["to_play"] == str(Player.RED) else (white, red)
                empty = FULL & ~(red | white)
                me, them = terms(own, lit, empty), terms(other, lit, empty)
                xs.append([m - t for m, t in zip(me, them)] + [1.0])  # the last: the move
                ys.append(row["score"])
    n, k = len(xs), len(xs[0])
    w = [0.0] * k
    ridge = args.ridge
    for _ in range(25):
        grad = [-ridge * wi for wi in w]
        hess = [[-ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        loss = 0.0
        for x, y in zip(xs, ys):
            z = sum(wi * xi for wi, xi in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            loss -= y * math.log(max(p, 1e-12)) + (1 - y) * math.log(max(1 - p, 1e-12))
            g, h = y - p, p * (1 - p)
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += g * xi
                    row = hess[i]
                    hx = h * xi
                    for j, xj in enumerate(x):
                        if xj:
                            row[j] -= hx * xj
        delta = solve(hess, [-g for g in grad])
        w = [wi + d for wi, d in zip(w, delta)]
        if max(abs(d) for d in delta) < 1e-6:
            break
    names = list(TERMS) + ["tempo"]
    print(f"{n} positions, log loss {loss / n:.4f} a position")
    scale = 100 * UNIT
    for name, wi in zip(names, w):
        print(f"  {name:12} {wi:+.4f} log-odds  -> {wi / UNIT * 100:+.0f}")
    print("Weights(" + ", ".join(f"{name}={round(wi / UNIT * 100)}" for name, wi in zip(names, w)) + ")")
    del scale
    current = Weights()
    print("current: Weights(" + ", ".join(f"{name}={getattr(current, name)}" for name in names) + ")")


def main() -> None:
    top = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = top.add_subparsers(dest="command", required=True)
    p = commands.add_parser("play")
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("--players", default="hard:noise=30;ab:ms=15")
    f = commands.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    args = top.parse_args()
    {"play": play, "fit": fit}[args.command](args)


if __name__ == "__main__":
    main()
