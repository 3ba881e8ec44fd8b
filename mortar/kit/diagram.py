"""A position of a game on a fixed board of squares written as one line of text, in the manner
of chess's FEN: the rows from the north (the top, seen from the south player's side) down to
the south, each west to east, one letter a square (``.`` for an empty one), separated by ``/``;
then the player to move::

    hsh/shs/.../.../.../.../SHS/HSH Red

A game names its letters; this module reads and writes the lines (its ``Position.parse`` and
``str(position)`` use it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from .grid import BoardSquare, NotationError, quote
from .turns import PLAYERS, Player

T = TypeVar("T")
EMPTY = "."


def write(cells: Sequence[T | None], board: type[BoardSquare], letters: Mapping[T, str],
          to_play: Player) -> str:
    """The line of ``cells`` (one per square, by square index) with ``to_play`` to move."""
    width = board.width
    rows = ["".join(EMPTY if c is None else letters[c] for c in cells[r * width:(r + 1) * width])
            for r in reversed(range(board.height))]
    return f"{'/'.join(rows)} {to_play}"


def read(text: str, board: type[BoardSquare], pieces: Mapping[str, T]) -> tuple[list[T | None], Player]:
    """The cells (by square index) and the player to move of a line; :class:`NotationError`
    when it is none. ``pieces``: each letter's piece."""
    fields = text.split() if isinstance(text, str) else []
    rows = fields[0].split("/") if len(fields) == 2 else []
    if len(rows) != board.height or any(len(r) != board.width for r in rows) or fields[1] not in PLAYERS:
        raise NotationError(f"{quote(text)} is not a position ({board.height} rows of {board.width} "
                            f"squares, then Red or White)")
    cells: list[T | None] = []
    for row in reversed(rows):
        for letter in row:
            if letter != EMPTY and letter not in pieces:
                raise NotationError(f"{quote(letter)} is not a piece ({', '.join(pieces)} or {EMPTY})")
            cells.append(pieces.get(letter))
    return cells, Player(fields[1])
