"""Hopper and Sneaker as a game of the box: its record format ``hopper-and-sneaker/1``
(RECORD.md) and the duel's notation. Records, the referee and the computer are the kit's
(:mod:`mortar.kit.turnrecord`); this module says how the options, setups and moves are written.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mortar.kit.envelope import Entry
from mortar.kit.protocol import Computer
from mortar.kit.records import RecordError, expect_int, json_type, notation, quote_json
from mortar.kit.turnrecord import TurnGame, bool_option
from mortar.kit.turns import PLAYERS, Player

from .actions import HOPPERS_DEFAULT, Move, Options, Setup
from .board import Face, Square
from .position import Position, setups
from .state import State

if TYPE_CHECKING:
    from mortar.kit.remote import GameLinks


class HopperAndSneaker(TurnGame[Options, State]):
    name = "hopper-and-sneaker"
    title = "Hopper and Sneaker"
    record_format = "hopper-and-sneaker/1"
    own_keys = frozenset({"move"})
    option_keys = frozenset({"hoppers", "secret_setup"})
    setup_type = Setup

    def start(self, options: Options, names: Mapping[str, str | None]) -> State:
        return State(options, names)

    def read_options(self, raw: Mapping[str, Any], first: Player, extra: dict[str, Any]) -> Options:
        hoppers = expect_int(raw.get("hoppers", HOPPERS_DEFAULT), "options.hoppers", 0, 6)
        return Options(hoppers, bool_option(raw, "secret_setup", False), first=first, extra=extra)

    def options_json(self, options: Options) -> dict[str, Any]:
        return {"hoppers": options.hoppers, "secret_setup": options.secret_setup}

    def read_action(self, entry: Entry, path: str) -> Move:
        move: Move = notation(Move.parse, entry.value, f"{path}.move")
        return move

    def write_action(self, action: Any) -> dict[str, Any]:
        return {"move": str(action)}

    def read_setup(self, player: Player, raw: Any, path: str) -> Setup:
        """``{"a1": "S", …}``: any squares of the board (which ones are legal is a rule: a wrong
        or missing square is illegal, not malformed), each ``S`` or ``H``."""
        if not isinstance(raw, dict):
            raise RecordError(f"{path} must be an object, not {json_type(raw)}")
        pieces = []
        for key, value in raw.items():
            square = notation(Square.parse, key, f"{path} key")
            if value not in ("S", "H"):
                raise RecordError(f"{path}.{key} must be \"S\" (Sneaker) or \"H\" (Hopper), "
                                  f"not {quote_json(value)}")
            pieces.append((square, Face(value)))
        return Setup(player, tuple(pieces))

    def write_setup(self, setup: Any) -> dict[str, str]:
        return {str(square): face.value for square, face in setup.pieces}

    def twin(self, state: State, viewer: str, rng: random.Random) -> State | None:
        """A game ``viewer`` cannot tell from ``state`` (the contract tests' twins): while the
        arrangements are secret (HS3), the other player's arranged otherwise; else None (play
        hides nothing)."""
        hidden = Player(viewer).opponent
        if not (state.options.secret_setup and state.setting_up and state.outcome is None):
            return None
        made = {played.player: played.action for played in state.setups}
        if hidden not in made:
            return None
        others = [s for s in setups(hidden, state.options.hoppers) if s != made[hidden]]
        if not others:
            return None
        made[hidden] = rng.choice(others)
        twin = self.start(state.options, state.names)
        for played in state.setups:
            twin.apply(made[played.player])
        return twin

    def links(self) -> GameLinks:
        """Play by links: an open game, but for the secret setup's commitment (:mod:`.links`)."""
        from .links import HopperLinks  # loaded with the first game by links

        return HopperLinks(self)

    def computer(self, level: str, seed: int | str) -> Computer:
        """The kit's searching computer with this game's evaluation (:mod:`.computer`)."""
        if level not in self.levels:
            raise ValueError(f"{level!r} is not a level ({', '.join(self.levels)})")
        from . import computer  # loaded with the first computer, not with the rules
        return computer.computer(level, seed)

    def position_json(self, position: Any) -> dict[str, Any]:
        """``{"pieces": {"Red": {"a1": "S", …}, "White": {…}}}``, as the record's setup."""
        assert isinstance(position, Position)
        return {"pieces": {p.value: {str(sq): face.value for sq, face in position.pieces(p)}
                           for p in PLAYERS}}


GAME = HopperAndSneaker()
