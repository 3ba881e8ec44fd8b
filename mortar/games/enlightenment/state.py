"""A game of Enlightenment being played, and one player's seat at it.

:class:`State` is K0's :class:`mortar.kit.turns.TurnState` over the :class:`Position` of
:mod:`.position`: the single source of legality. A :class:`Seat` holds the whole position (the
game hides nothing). Both answer :meth:`next_landings`, for a screen that builds a jump
sequence one landing at a time.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mortar.kit.turns import Player, TurnSeat, TurnState

from .actions import Move, Moved, Options
from .board import Piece, Square
from .position import Position


@dataclass(frozen=True)
class Seat(TurnSeat[Position, Options]):
    """What one player may know and ask (see :class:`mortar.kit.turns.TurnSeat`)."""

    def at(self, square: Square) -> Piece | None:
        return self.position.at(square)

    def moves_from(self, square: Square) -> list[Move]:
        """The legal moves of this seat's piece on ``square`` (none when not acting)."""
        return self.position.moves_from(square) if self.acting else []

    def next_landings(self, path: Sequence[Square]) -> tuple[Square, ...]:
        """Where this seat's move, built so far as ``path`` (a start square and the landings
        chosen), may go next (:meth:`Position.next_landings`); none when not acting."""
        return self.position.next_landings(tuple(path)) if self.acting else ()


class State(TurnState[Position, Move, Moved, Options]):
    """A game from the start layout to the end. Mutable; :meth:`copy` gives an independent one."""

    def __init__(self, options: Options | None = None, names: Mapping[str, str | None] | None = None) -> None:
        options = options or Options()
        super().__init__(Position.start(options.start, options.first), options, names)

    def at(self, square: Square) -> Piece | None:
        return self.position.at(square)

    def pieces(self, player: Player) -> list[tuple[Square, bool]]:
        return self.position.pieces(player)

    def moves_from(self, square: Square) -> list[Move]:
        """The legal moves of the piece on ``square``, when it is the mover's."""
        return self.position.moves_from(square) if self.outcome is None else []

    def next_landings(self, path: Sequence[Square]) -> tuple[Square, ...]:
        """Where the mover's move, built so far as ``path``, may go next."""
        return self.position.next_landings(tuple(path)) if self.outcome is None else ()

    def seat(self, player: str) -> Seat:
        return Seat(*self.seat_of(player))
