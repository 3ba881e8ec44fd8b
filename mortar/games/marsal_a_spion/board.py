"""The board of Maršál a Špión as data (RULINGS R1, R2, R4): 10 columns A–J by 11 rows, the two
players and their home rows, and the six forbidden squares in the middle. A better-sourced
layout would change only the constants here.

A set of squares is also an ``int`` whose bit ``square.index`` is set for each square (a mask,
as python-chess's bitboards): the move generator (:mod:`.plays`) works on such masks.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from mortar.kit.grid import ORTHOGONAL, BoardSquare


class Player(StrEnum):
    """A player, by the colour of their army; a ``str`` (``Player.RED == "Red"``) as records
    write it. Red sets up first and plays first (R4, R5)."""

    RED = "Red"
    BLUE = "Blue"

    @property
    def opponent(self) -> Player:
        return Player.BLUE if self is Player.RED else Player.RED


PLAYERS = (Player.RED, Player.BLUE)


class Square(BoardSquare, width=10, height=11):
    """A square of the board, ``C4``: columns A–J west to east, rows 1–11 south to north, one
    frame for both players (R1, R2)."""


SQUARES: tuple[Square, ...] = tuple(Square.all())  # by index
HOME_ROWS = {Player.RED: range(1, 5), Player.BLUE: range(8, 12)}  # R1: 40 squares each
FORBIDDEN = frozenset(Square.parse(name) for name in ("D5", "D6", "D7", "G5", "G6", "G7"))
PLAYABLE: tuple[Square, ...] = tuple(sq for sq in SQUARES if sq not in FORBIDDEN)  # 104 squares
_HOME_SQUARES = {p: tuple(sq for sq in SQUARES if sq.row in rows) for p, rows in HOME_ROWS.items()}


def home_squares(player: Player) -> tuple[Square, ...]:
    """The squares a player's setup fills, in index order (R4)."""
    return _HOME_SQUARES[player]


def home_rows_text(player: Player) -> str:
    rows = HOME_ROWS[player]
    return f"rows {rows[0]}-{rows[-1]}"


def mask(squares: Iterable[Square]) -> int:
    """The mask of these squares."""
    out = 0
    for square in squares:
        out |= 1 << square.index
    return out


def squares_of(bits: int) -> list[Square]:
    """The squares of a mask, in index order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(SQUARES[low.bit_length() - 1])
        bits ^= low
    return out


PLAYABLE_MASK = mask(PLAYABLE)
HOME_MASK = {player: mask(home_squares(player)) for player in PLAYERS}
# By square index: the playable squares sharing a side with it. A flag is surrounded when its
# owner's minefields hold all of them (R10); diagonal neighbours never matter, as no attack is
# diagonal.
SIDE_NEIGHBOURS: tuple[int, ...] = tuple(
    mask(n for n in (sq.step(d) for d in ORTHOGONAL) if n is not None and n not in FORBIDDEN)
    for sq in SQUARES)
