"""Board geometry for any game of the box: the eight directions, the squares of a board of any
width × height, and the cells of an unbounded grid (a board of tiles that moves and grows).

A board is a subclass of :class:`Square` that names its size; its squares are interned values
of that class, so two boards of different sizes live side by side and a square of one cannot be
mistaken for a square of the other (their types differ)::

    class Square(BoardSquare, width=12, height=9):
        \"\"\"A square of Mortar Hunt's board, ``C3``.\"\"\"

    Square.parse("C3").step(Direction.NE)   # D4, or None off the board

Columns are letters west → east and rows numbers south → north, one frame for both players
(each game's rulings say so); ``column`` counts from 0 and ``row`` from 1 as printed, and
``index`` = column + width × (row − 1) numbers the squares for tables and bit masks.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar, Self

QUOTE_MAX = 24  # characters of someone's input a message quotes
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class NotationError(ValueError):
    """Text that is not a square, direction, cell or action of a game. The message quotes the
    input's start."""


def quote(value: object) -> str:
    """``repr`` of input for a message, cut to a short prefix: messages echo what was typed or
    sent, and a pasted megabyte must not become a megabyte of message."""
    if isinstance(value, str) and len(value) > QUOTE_MAX:
        return repr(value[:QUOTE_MAX]) + "..."
    text = repr(value)
    return text if len(text) <= 2 * QUOTE_MAX else text[:2 * QUOTE_MAX] + "..."


class Direction(IntEnum):
    """The eight compass directions, numbered clockwise from north so that a right turn by 45°
    adds one. North is up the rows, east along the columns."""

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
        """(column change, row change) of one square along this direction."""
        return _STEPS[self]

    @property
    def orthogonal(self) -> bool:
        """N, E, S or W (a diagonal changes both the column and the row)."""
        return not self & 1

    @property
    def opposite(self) -> Direction:
        return Direction((self + 4) % 8)

    def turned(self, eighths: int) -> Direction:
        """The direction after turning ``eighths`` × 45° clockwise (negative: anticlockwise)."""
        return Direction((self + eighths) % 8)

    @classmethod
    def parse(cls, text: str) -> Direction:
        try:
            return cls[text]
        except (KeyError, TypeError):
            raise NotationError(f"{quote(text)} is not a direction (N, NE, E, SE, S, SW, W, NW)") from None

    @classmethod
    def between(cls, dx: int, dy: int) -> Direction | None:
        """The direction of a straight line (dx, dy), or None when it is no straight line."""
        if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
            return None
        return _BY_STEP[((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))]

    def __str__(self) -> str:
        return self.name


_STEPS = {
    Direction.N: (0, 1), Direction.NE: (1, 1), Direction.E: (1, 0), Direction.SE: (1, -1),
    Direction.S: (0, -1), Direction.SW: (-1, -1), Direction.W: (-1, 0), Direction.NW: (-1, 1),
}
_BY_STEP = {step: d for d, step in _STEPS.items()}
DIRECTIONS = tuple(Direction)
ORTHOGONAL = (Direction.N, Direction.E, Direction.S, Direction.W)
DIAGONAL = (Direction.NE, Direction.SE, Direction.SW, Direction.NW)


class BoardSquare:
    """A square of one rectangular board. Subclass it once per board, naming the board's size
    (``class Square(BoardSquare, width=10, height=11)``); the subclass then holds every square
    of that board, interned: ``Square.parse(str(sq)) is sq`` and ``Square(c, r) is sq``.

    ``lowercase``: the board's columns are written ``a``–``c`` (the KARO games) instead of
    ``A``–``L``. Parsing accepts exactly the board's own case: a record is canonical text.
    """

    __slots__ = ("index", "column", "row", "_name", "_steps")

    width: ClassVar[int]
    height: ClassVar[int]
    columns: ClassVar[str]  # the column letters, west to east
    _all: ClassVar[list[Any]]
    _by_name: ClassVar[dict[str, Any]]

    index: int
    column: int  # 0 … width − 1, west to east
    row: int  # 1 … height, south to north, as printed
    _name: str
    _steps: tuple[Any, ...]  # the next square along each direction (None off the board)

    def __init_subclass__(cls, *, width: int = 0, height: int = 0, lowercase: bool = False,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not width:  # a subclass of a board (adding methods) keeps its squares
            return
        if not (1 <= width <= len(LETTERS) and 1 <= height <= 99):
            raise ValueError(f"a board of {width} × {height} squares cannot be written in notation")
        cls.width, cls.height = width, height
        cls.columns = LETTERS[:width].lower() if lowercase else LETTERS[:width]
        cls._all = []
        for row in range(1, height + 1):
            for column in range(width):
                square = object.__new__(cls)
                square.index = column + width * (row - 1)
                square.column, square.row = column, row
                square._name = f"{cls.columns[column]}{row}"
                cls._all.append(square)
        cls._by_name = {str(sq): sq for sq in cls._all}
        for square in cls._all:
            square._steps = tuple(square.offset(*d.step) for d in DIRECTIONS)

    def __new__(cls, column: int, row: int) -> Self:
        if not (0 <= column < cls.width and 1 <= row <= cls.height):
            raise NotationError(f"column {column}, row {row} is off the board")
        return cls._all[column + cls.width * (row - 1)]  # type: ignore[no-any-return]

    @classmethod
    def at(cls, index: int) -> Self:
        return cls._all[index]  # type: ignore[no-any-return]

    @classmethod
    def parse(cls, text: str) -> Self:
        square = cls._by_name.get(text) if isinstance(text, str) else None
        if square is None:
            first, last = cls._all[0], cls._all[-1]
            raise NotationError(f"{quote(text)} is not a square ({first} to {last})")
        return square  # type: ignore[no-any-return]

    @classmethod
    def all(cls) -> list[Self]:
        """Every square, row by row from the south-west corner."""
        return list(cls._all)

    @classmethod
    def count(cls) -> int:
        return len(cls._all)

    def offset(self, columns: int, rows: int) -> Self | None:
        """The square ``columns`` east and ``rows`` north of this one, or None off the board."""
        column, row = self.column + columns, self.row + rows
        cls = type(self)
        if 0 <= column < cls.width and 1 <= row <= cls.height:
            return cls._all[column + cls.width * (row - 1)]  # type: ignore[no-any-return]
        return None

    def step(self, direction: Direction) -> Self | None:
        """The next square along ``direction``, or None off the board."""
        return self._steps[direction]  # type: ignore[no-any-return]

    def neighbours(self) -> list[Self]:
        """The up to eight squares around this one, clockwise from north."""
        return [sq for sq in self._steps if sq is not None]

    def ray(self, direction: Direction) -> list[Self]:
        """The squares from this one (not included) along ``direction`` to the board's edge."""
        out: list[Self] = []
        square = self._steps[direction]
        while square is not None:
            out.append(square)
            square = square._steps[direction]
        return out

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({self._name!r})"

    def __reduce__(self) -> tuple[Any, tuple[int]]:  # interned through copy and pickle
        return (type(self).at, (self.index,))

    def __lt__(self, other: BoardSquare) -> bool:
        return self.index < other.index


class Cell(tuple[int, int]):
    """A cell of an unbounded grid: ``(x, y)``, x growing east and y north. A board of tiles
    that moves and grows (Four Circles) stands on such cells; ``a1`` is ``Cell(1, 1)``."""

    __slots__ = ()

    def __new__(cls, x: int, y: int) -> Self:
        return tuple.__new__(cls, (x, y))

    @property
    def x(self) -> int:
        return self[0]

    @property
    def y(self) -> int:
        return self[1]

    def step(self, direction: Direction, times: int = 1) -> Cell:
        dx, dy = _STEPS[direction]
        return Cell(self[0] + dx * times, self[1] + dy * times)

    def neighbours(self) -> list[Cell]:
        """The eight cells around this one, clockwise from north."""
        return [self.step(d) for d in DIRECTIONS]

    def side_neighbours(self) -> list[Cell]:
        """The four cells sharing a side with this one: N, E, S, W."""
        return [self.step(d) for d in ORTHOGONAL]

    @classmethod
    def parse(cls, value: object) -> Cell:
        """A cell from its record form, a JSON pair of integers ``[x, y]``."""
        if (isinstance(value, list | tuple) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) <= 10**6
                        for v in value)):
            return cls(value[0], value[1])
        raise NotationError(f"{quote(value)} is not a cell (a pair of whole numbers [x, y])")

    def to_json(self) -> list[int]:
        return [self[0], self[1]]

    def __str__(self) -> str:
        """``(x,y)``: one notation wherever the board drifts (a record writes ``[x, y]``)."""
        x, y = self
        return f"({x},{y})"

    def __repr__(self) -> str:
        return f"Cell({self[0]}, {self[1]})"
