"""A game of Hopper and Sneaker being played, and one player's seat at it.

:class:`State` is K0's :class:`mortar.kit.turns.TurnState` over the :class:`Position` of
:mod:`.position`: the single source of legality (``legal_actions``, ``refusal``, ``apply``).
A :class:`Seat` holds the whole public position, which is everything except, with the secret
setup option, the opponent's arrangement until both have arranged (HS3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mortar.kit.turns import Player, TurnSeat, TurnState

from .actions import Move, Options, Setup
from .board import Face, Piece, Square
from .position import Action, Effect, Position, setups


@dataclass(frozen=True)
class Seat(TurnSeat[Position, Options]):
    """What one player may know and ask (see :class:`mortar.kit.turns.TurnSeat`)."""

    def at(self, square: Square) -> Piece | None:
        return self.position.at(square)

    def moves_from(self, square: Square) -> list[Move]:
        """The legal moves of this seat's piece on ``square`` (none when not acting)."""
        return self.position.moves_from(square) if self.acting and not self.position.setting_up else []

    def setups(self) -> tuple[Setup, ...]:
        """This player's legal arrangements (HS3), whenever he is still to arrange."""
        if self.outcome is None and self.player in self.position.arranging:
            return setups(self.player, self.position.hoppers)
        return ()


class State(TurnState[Position, Action, Effect, Options]):
    """A game from the setup to the end. Mutable; :meth:`copy` gives an independent one."""

    def __init__(self, options: Options | None = None, names: Mapping[str, str | None] | None = None) -> None:
        options = options or Options()
        super().__init__(Position.start(options.first, options.hoppers), options, names)

    @property
    def setting_up(self) -> bool:
        return self.position.setting_up

    def at(self, square: Square) -> Piece | None:
        return self.position.at(square)

    def pieces(self, player: Player) -> list[tuple[Square, Face]]:
        return self.position.pieces(player)

    def moves_from(self, square: Square) -> list[Move]:
        """The legal moves of the piece on ``square``, when it is the mover's."""
        return self.position.moves_from(square) if self.outcome is None and not self.setting_up else []

    def seat(self, player: str) -> Seat:
        player, position, offer, outcome, options, seen, last, declined = self.seat_of(player)
        if options.secret_setup and position.setting_up:
            position = position.without(player.opponent)  # arranged behind the curtain (HS3)
        return Seat(player, position, offer, outcome, options, seen, last, declined)
