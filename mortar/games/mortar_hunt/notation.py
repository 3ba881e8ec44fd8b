"""Mortar Hunt's board and notation: its squares (``C3``), facings (``N`` … ``NW``) and positions
(``C3/N``).

One coordinate frame serves both players (RULINGS R1, R2): columns A–L run west to east, rows 1–9
south to north. Squares and facings are the kit's grid values (:mod:`mortar.kit.grid`); every
value is interned, so the engine compares and hashes them cheaply and the parse/format pair is a
plain table look-up.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...kit.grid import QUOTE_MAX, BoardSquare, Direction, NotationError, quote

WIDTH = 12
HEIGHT = 9
SQUARE_COUNT = WIDTH * HEIGHT

__all__ = ["COLUMNS", "HEIGHT", "QUOTE_MAX", "SQUARE_COUNT", "WIDTH", "Facing", "NotationError",
           "Position", "Square", "facing_word", "quote"]


class Square(BoardSquare, width=WIDTH, height=HEIGHT):
    """A square of Mortar Hunt's board, e.g. ``C3``. ``Square.parse(str(sq)) is sq``; ``index`` =
    column + 12 × (row − 1) numbers the squares 0–107, and the engine works on indexes."""

    __slots__ = ()


COLUMNS = Square.columns

# A piece's facing is one of the kit's eight directions, numbered clockwise from north so that
# a right turn adds one.
Facing = Direction

_WORDS = {
    Facing.N: "north", Facing.NE: "north-east", Facing.E: "east", Facing.SE: "south-east",
    Facing.S: "south", Facing.SW: "south-west", Facing.W: "west", Facing.NW: "north-west",
}


def facing_word(facing: Facing) -> str:
    """The facing in words, for messages ("north-east")."""
    return _WORDS[facing]


class Position:
    """A piece's square and facing, e.g. ``C3/N``. ``index`` = square index × 8 + facing."""

    __slots__ = ("index", "square", "facing", "_name")
    _all: ClassVar[list[Position]] = []
    _by_name: ClassVar[dict[str, Position]] = {}

    index: int
    square: Square
    facing: Facing
    _name: str

    def __new__(cls, square: Square, facing: Facing) -> Position:
        if len(cls._all) == SQUARE_COUNT * 8:
            return cls._all[square.index * 8 + facing]
        self = object.__new__(cls)
        self.index = square.index * 8 + facing
        self.square = square
        self.facing = Facing(facing)
        self._name = f"{square}/{self.facing.name}"
        return self

    @classmethod
    def at(cls, index: int) -> Position:
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Position:
        position = cls._by_name.get(text) if isinstance(text, str) else None
        if position is None:
            raise NotationError(f"{quote(text)} is not a position (a square, a slash, a facing: C3/N)")
        return position

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"Position.parse({self._name!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Position.at, (self.index,))


for _square in Square._all:
    for _facing in Facing:
        Position._all.append(Position(_square, _facing))
Position._by_name.update({str(p): p for p in Position._all})
