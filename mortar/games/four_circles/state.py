"""A game of Four Circles being played, and one player's seat at it.

:class:`State` is K0's :class:`mortar.kit.turns.TurnState` over the :class:`Position` of
:mod:`.position`: the single source of legality. A :class:`Seat` holds the whole position (the
game hides nothing). Both answer what a screen needs for a turn in two parts: the tiles that may
move (and why not the others), where a picked tile may go, and the piece moves ending on a cell.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mortar.kit.grid import Cell
from mortar.kit.protocol import Refusal
from mortar.kit.turns import Player, TurnSeat, TurnState

from .actions import Action, Effect, Move, Options
from .board import Piece
from .position import Position


class TurnParts:
    """The questions of a two-part turn, asked of ``position`` when ``_acting`` (a mixin of the
    state and the seat, so that both answer them alike)."""

    position: Position

    @property
    def _acting(self) -> bool:
        raise NotImplementedError

    def movable_tiles(self) -> list[Cell]:
        """The tiles the mover may move this turn."""
        return self.position.movable_tiles() if self._acting else []

    def tile_refusal(self, tile: Cell) -> Refusal | None:
        """Why the tile on ``tile`` may not move this turn (its code names the FC6 rule), or None."""
        return self.position.tile_refusal(tile)

    def put_down_cells(self, tile: Cell) -> list[Cell]:
        """Where the tile on ``tile`` may be put down this turn (a piece able to follow it)."""
        return self.position.put_down_cells(tile) if self._acting else []

    def moves_onto(self, cell: Cell, tile: Cell | None = None) -> list[Move]:
        """The piece moves ending on ``cell``, with no tile moved or after the tile on ``tile``
        was put down there."""
        return self.position.moves_onto(cell, tile) if self._acting else []

    def moves_from(self, cell: Cell) -> list[Move]:
        """The piece moves of the mover's piece on ``cell``, with no tile moved."""
        return self.position.moves_from(cell) if self._acting else []

    def at(self, cell: Cell) -> Piece | None:
        return self.position.at(cell)


@dataclass(frozen=True)
class Seat(TurnParts, TurnSeat[Position, Options]):
    """What one player may know and ask (see :class:`mortar.kit.turns.TurnSeat`)."""

    @property
    def _acting(self) -> bool:
        return self.acting


class State(TurnParts, TurnState[Position, Action, Effect, Options]):
    """A game from the first placement to the end. Mutable; :meth:`copy` gives an independent one."""

    def __init__(self, options: Options | None = None, names: Mapping[str, str | None] | None = None) -> None:
        options = options or Options()
        super().__init__(Position.start(options.first), options, names)

    @property
    def _acting(self) -> bool:
        return self.outcome is None

    @property
    def placing(self) -> bool:
        return self.position.placing

    def pieces(self, player: Player) -> list[tuple[Cell, Piece]]:
        return self.position.own(player)

    def seat(self, player: str) -> Seat:
        return Seat(*self.seat_of(player))
