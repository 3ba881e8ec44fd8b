"""How players move between the rows of their half: the belief's styles, fitted from play.

    python tools/fit_styles.py [--games N] [--styles turtle=hider+warden,hider=stalker,...] [--jobs N]

Plays each player of a style against hard (the seats alternating) and records every move it makes: the row
its piece stood in (counted from its own back row), the rows of every end the rules allowed it,
and the row it chose. Fits, per player and per row moved from, the weight of each row moved to
(a choice model: an end is chosen with chance proportional to the weight of its row, the
maximum-likelihood weights by the MM iteration), and counts where its live pieces stood. Prints
them as the rows of ``STYLES`` in ``mortar/games/mortar_hunt/computer/styles.py``. A tool:
prints, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from league import TABLES, depth, player  # noqa: E402

from mortar.games.mortar_hunt.actions import Turn  # noqa: E402
from mortar.games.mortar_hunt.computer import geometry as geo  # noqa: E402
from mortar.games.mortar_hunt.game import GAME  # noqa: E402

FLOOR = 0.02  # no row is ever ruled out: a player may always change its mind
PRIOR = 1  # choices of each row among one end per row added to what was seen: few data, no extremes
Observation = tuple[int, tuple[int, int, int, int], int]  # row from, ends per row, row chosen (0-3)


def observe(name: str, games: int, table: str, seed: int, against: str
            ) -> tuple[list[Observation], list[Observation], list[int], list[int], list[int], list[int]]:
    """The player's moves, where its live pieces stood (piece-turns per row), and its turns
    free to skip: [with a shot, without]."""
    moves: list[Observation] = []
    firing: list[Observation] = []  # moves of a piece that then fired: among the ends it could fire from
    rows = [0, 0, 0, 0]
    fired = [0, 0]
    shooters = [0, 0]  # shots by the piece that moved, by another
    targets = [0, 0, 0, 0]  # its shots by the row of the enemy's half they land in (back row first)
    for n in range(games):
        rng = random.Random(f"styles|{seed}|{n}")
        state = GAME.duel_start(TABLES[table], rng)
        mine = "AB"[n % 2]
        players = {mine: player(name, f"{seed}|{n}"), "AB"[1 - n % 2]: player(against, f"{seed}|{n}")}
        while state.to_play is not None:
            p = str(state.to_play)
            seat = state.seat(p)
            action = players[p].choose(seat)
            if p == mine and isinstance(action, Turn):
                if not seat.must_shoot:
                    fired[action.shot is None] += 1
                piece = seat.piece(action.move.piece)
                ends = [0, 0, 0, 0]
                for end in seat.legal_moves(piece.number):
                    ends[depth(p, end.square.index) - 1] += 1
                start = depth(p, piece.position.square.index) - 1
                chosen = depth(p, action.move.to.square.index) - 1
                moves.append((start, (ends[0], ends[1], ends[2], ends[3]), chosen))
                if action.shot is not None:
                    shooters[action.shot.piece != piece.number] += 1
                    targets[depth("B" if p == "A" else "A", action.shot.at.index) - 1] += 1
                if action.shot is not None and action.shot.piece == piece.number:
                    able = [0, 0, 0, 0]
                    for end in seat.legal_moves(piece.number):
                        if action.shot.at.index in geo.targets(p, piece.type)[end.index]:
                            able[depth(p, end.square.index) - 1] += 1
                    firing.append((start, (able[0], able[1], able[2], able[3]), chosen))
                for own in seat.pieces:
                    if own.alive:
                        rows[depth(p, own.position.square.index) - 1] += 1
            state.apply(action)
    return moves, firing, rows, fired, shooters, targets


def fit(moves: list[Observation], rounds: int = 200) -> list[list[float]]:
    """Per row moved from: the weight of each row moved to (the likeliest with a prior of
    ``PRIOR`` choices among one end in each row, a choice each; the largest is 1)."""
    weights = []
    for start in range(4):
        mine = [(ends, chosen) for f, ends, chosen in moves if f == start]
        mine += [((1, 1, 1, 1), d) for d in range(4)] * PRIOR
        w = [1.0] * 4
        chosen_count = [sum(1 for _, c in mine if c == d) for d in range(4)]
        for _ in range(rounds):
            denominator = [0.0] * 4
            for ends, _ in mine:
                total = sum(w[d] * ends[d] for d in range(4))
                for d in range(4):
                    denominator[d] += ends[d] / total
            w = [chosen_count[d] / denominator[d] if denominator[d] > 0 else 0.0 for d in range(4)]
            top = max(w) or 1.0
            w = [max(x / top, FLOOR) if denominator[d] > 0 else 1.0 for d, x in enumerate(w)]
        weights.append(w)
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--styles", help="NAME=PLAYER+PLAYER,...: players pooled into a style",
                        default="turtle=hider+warden,hider=stalker,hunter=hard-before+exchange+determinized,"
                                "loose=medium+easy+random")
    parser.add_argument("--against", default="hard")
    parser.add_argument("--table", default="classic", choices=list(TABLES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing at once")
    args = parser.parse_args()
    print("STYLES = (  # rows counted from the player's own back row; targets from the other's")
    styles = [spec.partition("=")[::2] for spec in args.styles.split(",")]
    names = sorted({one for _, pooled in styles for one in pooled.split("+")})
    with ProcessPoolExecutor(args.jobs) as pool:
        found_by = dict(zip(names, pool.map(observe, names, *zip(*[(args.games, args.table, args.seed,
                                                                      args.against)] * len(names)))))
    for name, pooled in styles:
        moves, firing, rows, fired, shooters, aimed_at = [], [], [0, 0, 0, 0], [0, 0], [0, 0], [1, 1, 1, 1]
        for one in pooled.split("+"):
            found, fire, stood, shots, by, at = found_by[one]
            aimed_at = [a + b for a, b in zip(aimed_at, at)]
            moves += found
            firing += fire
            rows = [a + b for a, b in zip(rows, stood)]
            fired = [a + b for a, b in zip(fired, shots)]
            shooters = [a + b for a, b in zip(shooters, by)]
        total = sum(rows) or 1
        weights = fit(moves)
        fires = fired[0] / (sum(fired) or 1)
        mover = shooters[0] / (sum(shooters) or 1)
        print(f"    # {pooled}: {len(moves)} moves, {len(firing)} of them to fire")
        print(f"    Style(\"{name}\", share=?, fires={fires:.2f}, rows={_row([r / total for r in rows])},")
        print(f"          moves={_rows(weights)},")
        print(f"          mover={mover:.2f},")
        print(f"          aims={_rows(fit(firing))},")
        print(f"          targets={_row([x / sum(aimed_at) for x in aimed_at])}),", flush=True)
    print(")  # the shares are not fitted: who will play the computer is not known")


def _row(values: list[float]) -> str:
    return "(" + ", ".join(repr(round(x, 2)) for x in values) + ")"


def _rows(rows: list[list[float]]) -> str:
    return "(" + ", ".join(_row(r) for r in rows) + ")"


if __name__ == "__main__":
    main()
