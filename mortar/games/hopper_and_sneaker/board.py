"""The board and pieces of Hopper and Sneaker (RULINGS HS1, HS2): 3 columns × 8 rows, each
player's home, target and far half, and the two sides of a piece.

Everything here is data, computed once: the squares' neighbours and rays are index tables, so
that listing moves reads tuples instead of building squares.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from mortar.kit.grid import DIRECTIONS, BoardSquare
from mortar.kit.turns import PLAYERS, Player


class Square(BoardSquare, width=3, height=8, lowercase=True):
    """A square of the board, ``a1`` to ``c8``; Red sits at row 1 (HS1)."""


SQUARES = Square.all()
HOME_ROWS = {Player.RED: (1, 2), Player.WHITE: (7, 8)}  # HS1
FAR_ROWS = {Player.RED: (5, 6, 7, 8), Player.WHITE: (1, 2, 3, 4)}  # HS1: the 4 rows nearest the target


def _squares(rows: tuple[int, ...]) -> tuple[Square, ...]:
    return tuple(sq for sq in SQUARES if sq.row in rows)


HOME = {p: _squares(HOME_ROWS[p]) for p in PLAYERS}  # the six home squares, in board order
TARGET = {p: HOME[p.opponent] for p in PLAYERS}  # HS1: a player aims at the opponent's home
FAR_HALF = {p: frozenset(_squares(FAR_ROWS[p])) for p in PLAYERS}
TARGET_INDEXES = {p: tuple(sq.index for sq in TARGET[p]) for p in PLAYERS}
FAR_INDEXES = {p: frozenset(sq.index for sq in FAR_HALF[p]) for p in PLAYERS}

# NEIGHBOURS[i]: indexes of the squares around square i; RAYS[i]: for each direction, the
# indexes from square i (not included) to the board's edge.
NEIGHBOURS = tuple(tuple(n.index for n in sq.neighbours()) for sq in SQUARES)
RAYS = tuple(tuple(tuple(r.index for r in sq.ray(d)) for d in DIRECTIONS) for sq in SQUARES)


class Face(StrEnum):
    """The side of a piece that is up (HS2), written as in the record's setup: a Sneaker is
    plain (circle down), a Hopper marked (circle up)."""

    SNEAKER = "S"
    HOPPER = "H"

    @property
    def flipped(self) -> Face:
        return Face.HOPPER if self is Face.SNEAKER else Face.SNEAKER

    @property
    def word(self) -> str:
        return "Sneaker" if self is Face.SNEAKER else "Hopper"


class Piece(NamedTuple):
    """A piece: its owner and the side that is up."""

    player: Player
    face: Face

    @property
    def flipped(self) -> Piece:
        return PIECES[self.player, self.face.flipped]

    def __str__(self) -> str:
        return f"{self.player}'s {self.face.word}"


PIECES = {(p, f): Piece(p, f) for p in PLAYERS for f in Face}  # interned: positions share them
