"""The board and pieces of Enlightenment (RULINGS EN1–EN3): 5 × 5 squares whose centre c3 has
no tile but is played on like any other square, the 16 edge squares, the pieces' two sides, and
the three start layouts of EN3 as data.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from mortar.kit.grid import ORTHOGONAL, BoardSquare
from mortar.kit.turns import PLAYERS, Player


class Square(BoardSquare, width=5, height=5, lowercase=True):
    """A square of the board, ``a1`` to ``e5``; Red sits at row 1."""


SQUARES = Square.all()
CENTRE = Square.parse("c3")  # EN1: the free space in the middle, a playable square
EDGE = frozenset(sq for sq in SQUARES if sq.column in (0, 4) or sq.row in (1, 5))  # EN1: the outer ring
EDGE_INDEXES = frozenset(sq.index for sq in EDGE)


def is_step(a: Square, b: Square) -> bool:
    """From ``a`` to a neighbour (EN4's step), not a jump."""
    return max(abs(b.column - a.column), abs(b.row - a.row)) == 1


# NEIGHBOURS[i]: the squares a piece on square i steps to (8 directions); JUMPS[i]: for each
# orthogonal direction, (the square jumped over, the landing square) when both are on the board.
NEIGHBOURS = tuple(tuple(n.index for n in sq.neighbours()) for sq in SQUARES)
JUMPS = tuple(tuple((ray[0].index, ray[1].index) for d in ORTHOGONAL if len(ray := sq.ray(d)) >= 2)
              for sq in SQUARES)


class Piece(NamedTuple):
    """A piece: its owner and whether it is enlightened (circle up, EN2)."""

    player: Player
    enlightened: bool

    def __str__(self) -> str:
        return f"{self.player}'s {'enlightened' if self.enlightened else 'plain'} piece"


PIECES = {(p, e): Piece(p, e) for p in PLAYERS for e in (False, True)}  # interned


class Layout(StrEnum):
    """The start layouts of EN3 (the booklet's sketch is lost): A is ours and the default, B
    alternates colours round the ring from Red on a1, C gives each player a half-ring."""

    A = "A"
    B = "B"
    C = "C"


def _squares(text: str) -> tuple[Square, ...]:
    return tuple(Square.parse(name) for name in text.split())


RING = _squares("a1 b1 c1 d1 e1 e2 e3 e4 e5 d5 c5 b5 a5 a4 a3 a2")  # the edge, round from a1
START: dict[Layout, dict[Player, tuple[Square, ...]]] = {
    Layout.A: {Player.RED: _squares("a1 b1 c1 d1 e1 a2 e2 a3"),
               Player.WHITE: _squares("a5 b5 c5 d5 e5 a4 e4 e3")},
    Layout.B: {Player.RED: RING[0::2], Player.WHITE: RING[1::2]},
    Layout.C: {Player.RED: _squares("a1 b1 c1 d1 e1 e2 e3 e4"),
               Player.WHITE: _squares("e5 d5 c5 b5 a5 a4 a3 a2")},
}
