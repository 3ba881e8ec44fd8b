"""Maršál a Špión as a game of the box (the kit's :class:`GameDef`): its fixed parameters, how a
game starts, is written down and judged, its computer players and the duel's line protocol.
Each method imports what it needs when first called, so that importing the game costs little."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mortar.kit.envelope import NAME_LONGEST
from mortar.kit.records import RecordError, Verdict, names_refusal

if TYPE_CHECKING:
    from mortar.kit.protocol import GameDef, GameRecord
    from mortar.kit.remote import GameLinks

    from .computer import Computer
    from .record import Record
    from .rules import Options
    from .seat import Seat
    from .state import State


class MarsalASpion:
    """The game's definition; :data:`GAME` is its one instance."""

    name: str = "marsal-a-spion"
    title: str = "Maršál a Špión"
    players: tuple[str, str] = ("Red", "Blue")
    record_format: str = "marsal-a-spion/1"
    levels: tuple[str, ...] = ("easy", "medium", "hard")
    name_max = NAME_LONGEST

    def new(self, options: Options | None = None,
            names: Mapping[str, str | None] | None = None) -> State:
        """A game about to be set up (Red first). Names: 1–24 characters, not alike."""
        from .state import State

        names = dict(names or {})
        for player, name in names.items():
            if player not in self.players:
                raise ValueError(f"{player!r} is not a player of {self.title} (Red or Blue)")
            if name is not None and not 1 <= len(name) <= NAME_LONGEST:
                raise ValueError(f"a player's name has 1 to {NAME_LONGEST} characters")
        refusal = names_refusal(names)
        if refusal:
            raise ValueError(refusal)
        return State(options, names)

    def record(self, state: State) -> Record:
        from .record import Record

        return Record.from_state(state)

    def parse_record(self, data: Any) -> Record:
        from .record import parse

        return parse(data)

    def verdict(self, record: GameRecord[State]) -> Verdict:
        from .referee import verdict

        return verdict(record)

    def check_text(self, text: str | bytes) -> Verdict:
        """The referee's verdict of a record's text; never raises."""
        from .referee import check_text

        return check_text(text)

    def twin(self, state: State, viewer: str, rng: random.Random) -> State | None:
        """A game ``viewer`` cannot tell from ``state`` (the contract tests' twins): two pieces of
        the other army that were never revealed to ``viewer`` swap places in its setup, and the
        same actions are played; None when no such game is left."""
        from mortar.kit.records import RecordIllegalError

        from .actions import Setup
        from .board import Player
        from .record import Record

        hidden = Player(viewer).opponent
        if hidden not in state.setups or state.outcome is not None:
            return None
        seen = {r.handle for r in state.tray if r.player is hidden}
        seen |= {e.defender_handle for e in state.history
                 if e.player is not hidden and e.defender_handle is not None}
        moved = {e.handle for e in state.history if e.player is hidden and e.handle is not None}
        setup = state.setups[hidden].placement()
        pairs = [(a, b) for a in setup for b in setup if a.index < b.index and setup[a] is not setup[b]
                 and a not in seen and b not in seen and not ({a, b} & moved)]
        rng.shuffle(pairs)
        record = Record.from_state(state)
        for a, b in pairs[:8]:
            placement = dict(setup)
            placement[a], placement[b] = placement[b], placement[a]
            twin = Record(record.options, record.names, {**record.setups, hidden: Setup.of(placement)},
                          list(record.plays))
            try:
                return twin.replay()
            except RecordIllegalError:
                continue
        return None

    def links(self) -> GameLinks:
        """Play by links (:mod:`.links`): each device keeps its army, committed square by square."""
        from .links import MarsalLinks

        return MarsalLinks()

    def computer(self, level: str, seed: int | str) -> Computer:
        """The computer player at ``level``, deciding from its seat alone (R14)."""
        from .computer import Computer

        if level not in self.levels:
            raise ValueError(f"{level!r} is not a level ({', '.join(self.levels)})")
        return Computer(level, seed)

    def seat_json(self, seat: Seat) -> dict[str, Any]:
        from .duel import seat_json

        return seat_json(seat)

    def action_json(self, action: Any) -> dict[str, Any]:
        from .record import action_json

        return action_json(action)

    def parse_action(self, data: Any, seat: Seat | None = None) -> Any:
        """An action from its JSON; :class:`RecordError` when malformed."""
        from .duel import parse_action

        return parse_action(data, seat)


GAME = MarsalASpion()

if TYPE_CHECKING:
    _conforms: GameDef[Options, State] = GAME

__all__ = ["GAME", "MarsalASpion", "RecordError"]
