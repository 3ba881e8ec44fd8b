"""The board of Four Circles (RULINGS FC1, FC2): 20 movable tiles on the cells of an unbounded
grid (:class:`mortar.kit.grid.Cell`), starting as the 5 × 4 rectangle (1,1)–(5,4); the pieces'
two sides; and the board's geometry: side-neighbours, free sides, side-connection.

Cells are written ``(x,y)``, on the board's edges, in words and in the duel's notation alike (the
board drifts beyond any letters; a record writes ``[x, y]``); :func:`parse_cell` also reads ``a1``
as it was once written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from mortar.kit.grid import DIRECTIONS, LETTERS, ORTHOGONAL, Cell, NotationError, quote
from mortar.kit.turns import PLAYERS, Player

START_TILES = frozenset(Cell(x, y) for x in range(1, 6) for y in range(1, 5))  # FC1: a1 to e4
PIECES_EACH = 6  # FC2
STEPS = tuple(d.step for d in DIRECTIONS)  # (dx, dy) of the 8 directions: neighbours, steps, jumps
SIDES = tuple(d.step for d in ORTHOGONAL)  # of the 4 side-neighbours
LINES = ((1, 0), (0, 1), (1, 1), (1, -1))  # FC7: a row, a column, the two diagonals

CELL_TEXT = r"\(-?[0-9]{1,7},-?[0-9]{1,7}\)|[a-z][1-9][0-9]{0,5}"  # (x,y), or a1 as once written
_CELL = re.compile(r"([a-z])([1-9][0-9]{0,5})|\((-?[0-9]{1,7}),(-?[0-9]{1,7})\)")


def parse_cell(text: str) -> Cell:
    """A cell from its text, ``(6,0)`` (what ``str(cell)`` writes), or ``a1`` for ``(1,1)``."""
    match = _CELL.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise NotationError(f"{quote(text)} is not a cell (such as (6,0))")
    if match[1]:
        return Cell(LETTERS.lower().index(match[1]) + 1, int(match[2]))
    return Cell.parse([int(match[3]), int(match[4])])


def side_neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [Cell(x + dx, y + dy) for dx, dy in SIDES]


def free_sides(tiles: frozenset[Cell], cell: Cell) -> int:
    """How many of the cell's four sides have no tile beside them (FC6: "from the edge")."""
    x, y = cell
    return sum((x + dx, y + dy) not in tiles for dx, dy in SIDES)


def connected(tiles: Iterable[Cell]) -> bool:
    """Whether the tiles form one side-connected group (FC1)."""
    rest: set[tuple[int, int]] = set(tiles)
    if not rest:
        return True
    todo = [rest.pop()]
    while todo:
        x, y = todo.pop()
        for dx, dy in SIDES:
            other = (x + dx, y + dy)  # cells compare and hash as their pairs
            if other in rest:
                rest.remove(other)
                todo.append(other)
    return not rest


class Piece(NamedTuple):
    """A piece: its owner and whether its marking is up (FC2: all start plain)."""

    player: Player
    marked: bool

    @property
    def flipped(self) -> Piece:
        return PIECES[self.player, not self.marked]

    def __str__(self) -> str:
        return f"{self.player}'s {'marked' if self.marked else 'plain'} piece"


PIECES = {(p, m): Piece(p, m) for p in PLAYERS for m in (False, True)}  # interned
