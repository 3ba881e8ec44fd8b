"""Four Circles as a game of the box: its record format ``four-circles/1`` (RECORD.md) and the
duel's notation. Records, the referee and the computer are the kit's
(:mod:`mortar.kit.turnrecord`); this module says how placements, moves and tile moves are
written: cells as ``[x, y]`` pairs, the tile beside the move in the same action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mortar.kit.envelope import Entry
from mortar.kit.grid import Cell, NotationError
from mortar.kit.protocol import Computer
from mortar.kit.records import RecordError, expect_object
from mortar.kit.turnrecord import TurnGame
from mortar.kit.turns import PLAYERS, Player

from .actions import Move, Options, Place, TileMove
from .position import Position
from .state import State


def read_cell(value: Any, path: str) -> Cell:
    try:
        return Cell.parse(value)
    except NotationError as e:
        raise RecordError(f"{path}: {e}") from None


def read_pair(value: Any, path: str) -> tuple[Cell, Cell]:
    pair = expect_object(value, path, {"from", "to"})
    return read_cell(pair["from"], f"{path}.from"), read_cell(pair["to"], f"{path}.to")


class FourCircles(TurnGame[Options, State]):
    name = "four-circles"
    title = "Four Circles"
    record_format = "four-circles/1"
    own_keys = frozenset({"place", "move"})
    companions = {"move": frozenset({"tile"})}

    def start(self, options: Options, names: Mapping[str, str | None]) -> State:
        return State(options, names)

    def read_options(self, raw: Mapping[str, Any], first: Player, extra: dict[str, Any]) -> Options:
        return Options(first=first, extra=extra)

    def options_json(self, options: Options) -> dict[str, Any]:
        return {}

    def read_action(self, entry: Entry, path: str) -> Place | Move:
        if entry.key == "place":
            return Place(read_cell(entry.value, f"{path}.place"))
        frm, to = read_pair(entry.value, f"{path}.move")
        tile = None
        if "tile" in entry.companions:
            tile = TileMove(*read_pair(entry.companions["tile"], f"{path}.tile"))
        return Move(frm, to, tile)

    def write_action(self, action: Any) -> dict[str, Any]:
        if isinstance(action, Place):
            return {"place": action.cell.to_json()}
        out: dict[str, Any] = {"move": {"from": action.frm.to_json(), "to": action.to.to_json()}}
        if action.tile is not None:
            out["tile"] = {"from": action.tile.frm.to_json(), "to": action.tile.to.to_json()}
        return out

    def computer(self, level: str, seed: int | str) -> Computer:
        """The kit's searching computer with this game's evaluation (:mod:`.computer`)."""
        if level not in self.levels:
            raise ValueError(f"{level!r} is not a level ({', '.join(self.levels)})")
        from . import computer  # loaded with the first computer, not with the rules
        return computer.computer(level, seed)

    def position_json(self, position: Any) -> dict[str, Any]:
        """``{"tiles": [[x, y], …], "pieces": {"Red": {"plain": [[x, y], …], "marked": […]}, …}}``."""
        assert isinstance(position, Position)
        pieces = {}
        for player in PLAYERS:
            own = position.own(player)
            pieces[player.value] = {"plain": [c.to_json() for c, p in own if not p.marked],
                                    "marked": [c.to_json() for c, p in own if p.marked]}
        return {"tiles": [c.to_json() for c in sorted(position.tiles)], "pieces": pieces}


GAME = FourCircles()
