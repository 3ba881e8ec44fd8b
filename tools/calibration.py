"""Is the computer's belief calibrated? ``python tools/calibration.py [--games N] [--against NAME]``

Plays games of hard (``--level``: a level, ``hard@styles=uniform`` or ``hard-before`` as in
tools/league.py) against a player (a level or a reference of tools/league.py, ``--against``),
the seats alternating, and at each of the computer's decisions compares its belief about the
enemy (the heat: for each square of the enemy half, the chance that a live enemy piece stands
there) with the truth. Prints, for each row of the enemy half counted from the enemy's back
row, the pieces the belief expects there against the pieces that stood there, and per band of
rated chance how often a square so rated held a piece (a square rated 30 % should hold one
about 30 % of the time); then hard's own predictions: its shots' hit chances against the hits
made, and the chance it saw that the enemy's answer finds one of its pieces against the hits
taken. A benchmark: prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from league import TABLES, depth, player  # noqa: E402

from mortar.games.mortar_hunt.actions import Turn  # noqa: E402
from mortar.games.mortar_hunt.game import GAME  # noqa: E402
from mortar.kit.steps import finish  # noqa: E402

BANDS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 1.01)
ROWS = ("back", "second", "third", "front")


class Tally:
    def __init__(self) -> None:
        # [row][band] -> [squares, rated sum, held]
        self.cells = [[[0, 0.0, 0] for _ in BANDS[:-1]] for _ in ROWS]
        self.decisions = 0
        # the computer's own predictions (hard): its shots' hit chances against the hits made,
        # and the chance that the enemy's answer finds one of its pieces against the hits taken
        self.shots = [0, 0.0, 0]  # shots, predicted hits, hits
        self.answers = [0, 0.0, 0]  # answers, predicted hits, hits

    def add(self, enemy: str, heat: list[float], held: set[int]) -> None:
        self.decisions += 1
        for square in range(108):
            row = depth(enemy, square)
            if not 1 <= row <= 4:
                continue
            p = heat[square]
            band = next(i for i in range(len(BANDS) - 1) if p < BANDS[i + 1])
            cell = self.cells[row - 1][band]
            cell[0] += 1
            cell[1] += p
            cell[2] += square in held

    def lines(self) -> list[str]:
        out = [f"{self.decisions} decisions; per row of the enemy half: pieces expected there by the belief "
               "(mean per decision) against pieces that stood there"]
        for r, name in enumerate(ROWS):
            cells = self.cells[r]
            expected = sum(c[1] for c in cells) / max(1, self.decisions)
            found = sum(c[2] for c in cells) / max(1, self.decisions)
            out.append(f"  {name:6s} row: expected {expected:5.2f}, found {found:5.2f}")
        if self.shots[0]:
            n, predicted, found = self.shots
            out.append(f"its shots: {n}, hits expected {predicted:.1f} ({predicted / n:.1%}), made {found} "
                       f"({found / n:.1%})")
        if self.answers[0]:
            n, predicted, found = self.answers
            out.append(f"the enemy's answers: {n}, its hits expected {predicted:.1f} ({predicted / n:.1%}), "
                       f"taken {found} ({found / n:.1%})")
        out.append("per band of rated chance: squares | mean rating | share that held a piece, by row")
        head = "  band        " + "".join(f"{name:>24s}" for name in ROWS) + f"{'all rows':>24s}"
        out.append(head)
        for b in range(len(BANDS) - 1):
            text = f"  {BANDS[b]:4.0%}-{min(1.0, BANDS[b + 1]):4.0%}  "
            total = [0, 0.0, 0]
            for r in range(len(ROWS)):
                n, rated, held = self.cells[r][b]
                total = [total[0] + n, total[1] + rated, total[2] + held]
                text += _cell(n, rated, held)
            out.append(text + _cell(*total))
        return out


def _cell(n: int, rated: float, held: int) -> str:
    if not n:
        return f"{'-':>24s}"
    return f"{n:8d} {rated / n:6.1%} {held / n:6.1%}  "


def run(level: str, against: str, games: int, table: str, seed: int) -> Tally:
    tally = Tally()
    for n in range(games):
        rng = random.Random(f"calibration|{seed}|{n}")
        state = GAME.duel_start(TABLES[table], rng)
        mine, enemy = ("A", "B") if n % 2 == 0 else ("B", "A")
        players = {mine: player(level, f"{seed}|{n}"), enemy: player(against, f"{seed}|{n}")}
        pending: float | None = None  # the risk the computer saw in its last turn
        while state.to_play is not None:
            p = str(state.to_play)
            seat = state.seat(p)
            if p == mine:  # the belief the computer decides by (built once: its thinking reuses it)
                belief = finish(players[mine].believed(seat))
                held = {state.position(enemy, k).square.index for k in (1, 2, 3) if state.is_alive(enemy, k)}
                tally.add(enemy, belief.heat(), held)
            action = players[p].choose(seat)
            played = state.apply(action)
            last = getattr(players[mine], "last", None)
            if p == mine and last is not None and isinstance(action, Turn):
                if action.shot is not None:
                    tally.shots = [tally.shots[0] + 1, tally.shots[1] + last.hit,
                                   tally.shots[2] + bool(played.hit)]
                pending = last.risk
            elif p == enemy and pending is not None and isinstance(action, Turn):
                tally.answers = [tally.answers[0] + 1, tally.answers[1] + pending,
                                 tally.answers[2] + bool(played.hit)]
                pending = None
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--against", nargs="+", default=["hider", "stalker", "exchange"])
    parser.add_argument("--table", default="classic", choices=list(TABLES))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for against in args.against:
        print(f"{args.level}'s belief about {against} ({args.games} games, {args.table}):")
        print("\n".join(run(args.level, against, args.games, args.table, args.seed).lines()), flush=True)


if __name__ == "__main__":
    main()
