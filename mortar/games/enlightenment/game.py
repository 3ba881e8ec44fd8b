"""Enlightenment as a game of the box: its record format ``enlightenment/1`` (RECORD.md) and
the duel's notation. Records, the referee and the computer are the kit's
(:mod:`mortar.kit.turnrecord`); this module says how the option and the moves are written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mortar.kit.envelope import Entry
from mortar.kit.protocol import Computer
from mortar.kit.records import RecordError, notation, quote_json
from mortar.kit.turnrecord import TurnGame
from mortar.kit.turns import PLAYERS, Player

from .actions import Move, Options
from .board import Layout
from .position import Position
from .state import State


class Enlightenment(TurnGame[Options, State]):
    name = "enlightenment"
    title = "Enlightenment"
    record_format = "enlightenment/1"
    own_keys = frozenset({"move"})
    option_keys = frozenset({"start"})

    def start(self, options: Options, names: Mapping[str, str | None]) -> State:
        return State(options, names)

    def read_options(self, raw: Mapping[str, Any], first: Player, extra: dict[str, Any]) -> Options:
        start = raw.get("start", Layout.A.value)
        if start not in ("A", "B", "C"):
            raise RecordError(f"options.start must be \"A\", \"B\" or \"C\", not {quote_json(start)}")
        return Options(Layout(start), first=first, extra=extra)

    def options_json(self, options: Options) -> dict[str, Any]:
        return {"start": options.start.value}

    def read_action(self, entry: Entry, path: str) -> Move:
        move: Move = notation(Move.parse, entry.value, f"{path}.move")
        return move

    def write_action(self, action: Any) -> dict[str, Any]:
        return {"move": str(action)}

    def computer(self, level: str, seed: int | str) -> Computer:
        """The kit's searching computer with this game's evaluation (:mod:`.computer`)."""
        if level not in self.levels:
            raise ValueError(f"{level!r} is not a level ({', '.join(self.levels)})")
        from . import computer  # loaded with the first computer, not with the rules
        return computer.computer(level, seed)

    def position_json(self, position: Any) -> dict[str, Any]:
        """``{"pieces": {"Red": {"plain": ["a1", …], "enlightened": […]}, "White": {…}}}``."""
        assert isinstance(position, Position)
        pieces = {}
        for player in PLAYERS:
            own = position.pieces(player)
            pieces[player.value] = {"plain": [str(sq) for sq, lit in own if not lit],
                                    "enlightened": [str(sq) for sq, lit in own if lit]}
        return {"pieces": pieces}


GAME = Enlightenment()
