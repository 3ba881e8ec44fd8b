"""Board geometry and notation: squares (``C3``), facings (``N`` … ``NW``) and positions (``C3/N``).

One coordinate frame serves both players (RULINGS R1, R2): columns A–L run west to east, rows 1–9
south to north. Every value is interned, so the engine can compare and hash them cheaply and the
parse/format pair is a plain table look-up.
"""

from __future__ import annotations

from enum import IntEnum
from typing import ClassVar

COLUMNS = "ABCDEFGHIJKL"
WIDTH = 12
HEIGHT = 9
SQUARE_COUNT = WIDTH * HEIGHT


QUOTE_MAX = 24  # characters of someone's input a message quotes


class NotationError(ValueError):
    """Text that is not a square, facing or position. The message quotes the input's start."""


def quote(value: object) -> str:
    """``repr`` of input for a message, cut to a short prefix: messages echo what was typed or
    sent, and a pasted megabyte must not become a megabyte of message (issue 7)."""
    if isinstance(value, str) and len(value) > QUOTE_MAX:
        return repr(value[:QUOTE_MAX]) + "..."
    text = repr(value)
    return text if len(text) <= 2 * QUOTE_MAX else text[:2 * QUOTE_MAX] + "..."


class Facing(IntEnum):
    """The eight facings, numbered clockwise from north so that a right turn adds one."""

    N = 0
    NE = 1
    E = 2
    SE = 3
    S = 4
    SW = 5
    W = 6
    NW = 7

    @property
    def step(self) -> tuple[int, int]:
        """(column change, row change) of one square along this facing."""
        return _STEPS[self]

    def turned(self, eighths: int) -> Facing:
        """The facing after turning ``eighths`` × 45° clockwise (negative: anticlockwise)."""
        return Facing((self + eighths) % 8)

    @property
    def word(self) -> str:
        return _WORDS[self]

    @classmethod
    def parse(cls, text: str) -> Facing:
        try:
            return cls[text]
        except (KeyError, TypeError):
            raise NotationError(f"{quote(text)} is not a facing (N, NE, E, SE, S, SW, W, NW)") from None

    def __str__(self) -> str:
        return self.name


_STEPS = {
    Facing.N: (0, 1), Facing.NE: (1, 1), Facing.E: (1, 0), Facing.SE: (1, -1),
    Facing.S: (0, -1), Facing.SW: (-1, -1), Facing.W: (-1, 0), Facing.NW: (-1, 1),
}
_WORDS = {
    Facing.N: "north", Facing.NE: "north-east", Facing.E: "east", Facing.SE: "south-east",
    Facing.S: "south", Facing.SW: "south-west", Facing.W: "west", Facing.NW: "north-west",
}


class Square:
    """A square of the board, e.g. ``C3``. ``Square.parse(str(sq)) is sq`` for every square.

    ``index`` = column + 12 × (row − 1) numbers the squares 0–107; the engine works on indexes.
    """

    __slots__ = ("index", "column", "row", "_name")
    _all: ClassVar[list[Square]] = []
    _by_name: ClassVar[dict[str, Square]] = {}

    index: int
    column: int  # 0 (A) … 11 (L)
    row: int  # 1 … 9, as printed on the board

    def __new__(cls, column: int, row: int) -> Square:
        if not (0 <= column < WIDTH and 1 <= row <= HEIGHT):
            raise NotationError(f"column {column}, row {row} is off the board")
        if len(cls._all) == SQUARE_COUNT:
            return cls._all[column + WIDTH * (row - 1)]
        self = object.__new__(cls)
        self.index = column + WIDTH * (row - 1)
        self.column = column
        self.row = row
        self._name = f"{COLUMNS[column]}{row}"
        return self

    @classmethod
    def at(cls, index: int) -> Square:
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Square:
        square = cls._by_name.get(text) if isinstance(text, str) else None
        if square is None:
            raise NotationError(f"{quote(text)} is not a square (A1 to L9)")
        return square

    @classmethod
    def all(cls) -> list[Square]:
        return list(cls._all)

    def offset(self, columns: int, rows: int) -> Square | None:
        """The square ``columns`` east and ``rows`` north of this one, or None off the board."""
        column, row = self.column + columns, self.row + rows
        if 0 <= column < WIDTH and 1 <= row <= HEIGHT:
            return Square._all[column + WIDTH * (row - 1)]
        return None

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"Square.parse({self._name!r})"

    def __reduce__(self):  # keep interning through copy/pickle
        return (Square.at, (self.index,))

    def __lt__(self, other: Square) -> bool:
        return self.index < other.index


for _row in range(1, HEIGHT + 1):
    for _column in range(WIDTH):
        Square._all.append(Square(_column, _row))
Square._by_name.update({str(sq): sq for sq in Square._all})


class Position:
    """A piece's square and facing, e.g. ``C3/N``. ``index`` = square index × 8 + facing."""

    __slots__ = ("index", "square", "facing", "_name")
    _all: ClassVar[list[Position]] = []
    _by_name: ClassVar[dict[str, Position]] = {}

    index: int
    square: Square
    facing: Facing

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

    def __reduce__(self):
        return (Position.at, (self.index,))


for _square in Square._all:
    for _facing in Facing:
        Position._all.append(Position(_square, _facing))
Position._by_name.update({str(p): p for p in Position._all})
