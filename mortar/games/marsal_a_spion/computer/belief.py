"""What the computer believes each enemy piece is: a probability per kind, consistent with the
seat (R13) and nothing else.

The hard facts: the army's counts (R3) less the tray and the pieces seen; a piece that moved is
no Minefield or Flag; one that moved or attacked two or more squares along a line is a Scout
(R7); one that beat an own piece by attacking is of a kind that beats it (R9: "beat your
Captain" leaves the General and the Marshal; beating the Marshal, only the Spy; clearing a
Minefield, only a Miner). The soft ones (weights, never certainties): an unmoved piece that
could have moved for many turns is likelier a Minefield or the Flag, the more so the readier the
enemy is to bring pieces out (:meth:`.memory.Memory.move_rate`); and a Flag is likelier in the
back rows, where setups keep it.

The probabilities are the weights scaled until every piece's row sums to one and every kind's
column to the number of its pieces still unaccounted for (iterative proportional fitting, as
Sinkhorn's): a quick stand-in for the exact marginals over all consistent assignments.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..pieces import CLASHES, PIECES, Clash, Piece
from ..seat import Seat
from .geometry import SIDES, depth
from .memory import Memory

KINDS = len(PIECES)
MOVABLE = tuple(i for i, p in enumerate(PIECES) if p.movable)
SCOUT, FLAG, MINEFIELD = Piece.SCOUT.order, Piece.FLAG.order, Piece.MINEFIELD.order
ROUNDS = 30  # fitting rounds: enough for a hundredth on 40 pieces


@dataclass(frozen=True)
class Belief:
    """Per enemy piece on the board (in the seat's order): its handle and square indexes and a
    probability per kind (by ``Piece.order``); ``left``: per kind, enemy pieces still on the
    board (the army less the tray)."""

    handles: tuple[int, ...]
    squares: tuple[int, ...]
    odds: tuple[tuple[float, ...], ...]
    known: tuple[bool, ...]
    left: tuple[int, ...]

    def of_square(self) -> dict[int, int]:
        """Square index -> position in these tuples."""
        return {square: i for i, square in enumerate(self.squares)}

    def sample(self, rng: random.Random) -> list[int]:
        """One assignment of kinds (orders) to the pieces, drawn piece by piece from the odds
        and the counts still free (the most constrained pieces first)."""
        free = list(self.left)
        out = [-1] * len(self.odds)
        for i, row in enumerate(self.odds):
            if self.known[i]:
                k = max(range(KINDS), key=row.__getitem__)
                out[i] = k
                free[k] -= 1
        order = sorted((i for i in range(len(self.odds)) if not self.known[i]),
                       key=lambda i: sum(1 for p in self.odds[i] if p > 0))
        for i in order:
            row = self.odds[i]
            weights = [p if free[k] > 0 else 0.0 for k, p in enumerate(row)]
            if sum(weights) <= 0:
                weights = list(row)  # the counts ran out early: the piece's own odds decide
            k = rng.choices(range(KINDS), weights)[0]
            out[i] = k
            free[k] -= 1
        return out


def beaten_by(defender: Piece) -> int:
    """Mask of the kinds that remove ``defender`` when they attack it (R9)."""
    return sum(1 << a for a in MOVABLE if CLASHES[a][defender.order] is Clash.ATTACKER_WINS)


def believe(seat: Seat, memory: Memory | None, stillness: float = 1.0, flag_rows: bool = True,
            reading: float = 1.0) -> Belief:
    """The belief of ``seat``'s player about the enemy's pieces on the board. ``memory``: the
    soft evidence of unmoved pieces and of what moves say (None: hard facts only);
    ``stillness`` sharpens the first (0: off), ``reading`` the second (0: off); ``flag_rows``:
    the Flag is likelier in the back rows."""
    enemy_player = seat.player.opponent
    left = [p.count for p in PIECES]
    for removed in seat.tray:
        if removed.player is enemy_player:
            left[removed.piece.order] -= 1
    free = list(left)
    clues = seat.clues()
    rate = memory.move_rate() if memory is not None else 0.0
    keep = max(0.0, 1.0 - rate * stillness)
    # Squares of enemy pieces that never moved (a known Minefield counts twice), and own squares.
    still = {p.square.index: 2 if p.known is Piece.MINEFIELD else 1
             for p in seat.enemy if not clues[p.handle].moved and p.known in (None, Piece.MINEFIELD)}
    own = {p.square.index for p in seat.own}
    allowed: list[int] = []
    weights: list[list[float]] = []
    known: list[bool] = []
    for piece in seat.enemy:
        clue = clues[piece.handle]
        if piece.known is not None:
            free[piece.known.order] -= 1
            allowed.append(1 << piece.known.order)
            known.append(True)
            weights.append([1.0 if k == piece.known.order else 0.0 for k in range(KINDS)])
            continue
        mask = (1 << KINDS) - 1
        if clue.moved:
            mask &= sum(1 << k for k in MOVABLE)
        if clue.ran:
            mask &= 1 << SCOUT
        for beaten in clue.beat:
            mask &= beaten_by(beaten)
        row = [1.0 if mask >> k & 1 else 0.0 for k in range(KINDS)]
        if not clue.moved and memory is not None and stillness > 0:
            chances = memory.chances.get(piece.handle.index, 0)
            stayed = keep ** chances
            for k in MOVABLE:
                row[k] *= stayed
        if reading > 0 and memory is not None:
            read = memory.reading.get(piece.handle.index)
            if read is not None:
                for k in MOVABLE:
                    row[k] *= math.exp(reading * read[k])
        if flag_rows and not clue.moved:
            row[FLAG] *= (2.0, 1.2, 0.6, 0.3)[min(3, depth(enemy_player, piece.handle.index))]
            row[FLAG] *= _closed(piece.square.index, still, own)
        allowed.append(mask)
        known.append(False)
        weights.append(row)
    odds = _fit(weights, known, free)
    return Belief(tuple(p.handle.index for p in seat.enemy), tuple(p.square.index for p in seat.enemy),
                  tuple(tuple(row) for row in odds), tuple(known), tuple(left))


def _closed(square: int, still: dict[int, int], own: set[int]) -> float:
    """How much likelier the Flag is on ``square`` for the pieces around it: a careful setup
    closes its Flag with Minefields (R10), so still pieces beside it (known Minefields the more)
    make it likelier, empty squares and moving pieces less. A geometric mean over the sides, so
    that a corner is not favoured over the middle."""
    sides = SIDES[square]
    product = 1.0
    for side in sides:
        product *= (1.6, 2.5)[still[side] - 1] if side in still else 0.5 if side not in own else 0.7
    return float(product ** (1.0 / len(sides))) if sides else 1.0


def _fit(weights: list[list[float]], known: Sequence[bool], free: Sequence[int]) -> list[list[float]]:
    """Scale the unknown pieces' weights to rows of one and columns of ``free`` (see the module
    docstring). A kind no unknown piece may be keeps its column empty."""
    rows = [i for i, k in enumerate(known) if not k]
    out = [list(w) for w in weights]
    if not rows:
        return out
    columns = [k for k in range(KINDS) if free[k] > 0 and any(weights[i][k] > 0 for i in rows)]
    for i in rows:  # a kind whose pieces are all accounted for is no longer possible
        row = out[i]
        for k in range(KINDS):
            if free[k] <= 0:
                row[k] = 0.0
        if sum(row) <= 0:  # (cannot happen on a true seat) the hard facts alone
            out[i] = [1.0 if weights[i][k] > 0 else 0.0 for k in range(KINDS)]
    for _ in range(ROUNDS):
        for i in rows:
            row = out[i]
            total = sum(row)
            if total > 0:
                out[i] = [x / total for x in row]
        for k in columns:
            total = sum(out[i][k] for i in rows)
            if total > 0:
                scale = free[k] / total
                for i in rows:
                    out[i][k] *= scale
    for i in rows:
        row = out[i]
        total = sum(row)
        out[i] = [x / total for x in row] if total > 0 else row
    return out
