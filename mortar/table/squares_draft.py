"""A path draft (:class:`.path_draft.PathDraft`) on the kit's squares, whose seat's position lists
each player's pieces: Hopper and Sneaker's and Enlightenment's. A module of its own, so that only
the games that use it carry it in their archives (Four Circles' cells are a grid's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, cast

from ..kit.grid import BoardSquare
from ..kit.turns import PLAYERS, Player
from .open_table import OpenSeat
from .path_draft import PathDraft

B = TypeVar("B", bound=BoardSquare)


class SquarePieces(Protocol):
    def pieces(self, player: Player) -> Sequence[tuple[BoardSquare, object]]: ...  # in board order


class SquaresSeat(OpenSeat, Protocol):
    @property
    def position(self) -> SquarePieces: ...


SquaresSeatT = TypeVar("SquaresSeatT", bound=SquaresSeat)


class SquaresDraft(PathDraft[SquaresSeatT, B]):
    """A path draft on the game's ``squares``, its seat's position listing each player's pieces."""

    squares: type[B]

    def square(self, name: str) -> B:
        return self.squares.parse(name)

    def pieces(self) -> dict[B, str]:
        pieces = {sq: p.value for p in PLAYERS for sq, _piece in self.seat.position.pieces(p)}
        return cast(dict[B, str], pieces)  # (the position's squares are the game's: ``squares``)
