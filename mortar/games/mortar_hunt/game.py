"""Mortar Hunt described once for the box (the kit's ``GameDef``): its name, players, record
format, how a game starts, how it is written down and judged, its computer players, and its
part of the duel's line protocol."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...kit.records import RecordIllegalError, Verdict, printable
from .actions import Action, Setup
from .pad import pad_for
from .record import Record, action_from_json, action_json, from_data
from .referee import check_record
from .rules import COMPUTER_LEVELS, NAME_MAX, PLAYERS, Loadout, Options, Variant
from .seat import Seat
from .state import State
from .view import seat_view

if TYPE_CHECKING:
    import argparse  # the command line's own: never imported in a page

    from mortar.kit.gamelinks import GameLinks


class MortarHunt:
    name = "mortar-hunt"
    title = "Mortar Hunt"
    players = tuple(str(p) for p in PLAYERS)
    record_format = "mortar-hunt/1"
    levels = COMPUTER_LEVELS
    name_max = NAME_MAX

    def new(self, options: Options | None = None,
            names: Mapping[str, str | None] | None = None) -> State:
        return State(options, dict(names) if names else None)

    def record(self, state: State) -> Record:
        return Record.from_game(state)

    def parse_record(self, data: Any) -> Record:
        return from_data(data)

    def verdict(self, record: Record) -> Verdict:
        return check_record(record)

    def pads(self, record: Record, player: str | None = None) -> tuple[str, str | None]:
        """The players' pads as text tables (RECORD.md ``pad``), up to the first illegal action,
        and what was illegal (None when nothing was)."""
        if player is not None and player not in self.players:
            return "", f"there is no player {player!r} (A or B)"
        # names are printed inside the pad's lines: their line breaks too must stay escapes
        record = dataclasses.replace(record, names={p: None if n is None else printable(n)
                                                    for p, n in record.names.items()})
        illegal = None
        try:
            game = record.replay()
        except RecordIllegalError as e:
            illegal = str(e)
            if e.turn == 0:
                return "", illegal
            game = record.replay(upto=(e.turn - 1) * 2 + PLAYERS.index(e.player))
        players = [player] if player else list(self.players)
        return "\n\n".join(str(pad_for(game, p)) for p in players), illegal

    def describe(self, options: Options) -> str:
        return (f"{options.variant}, loadout {options.loadout}, "
                f"turn limit {options.turn_limit or 'none'}")

    def twin(self, state: State, viewer: str, rng: random.Random) -> State | None:
        """A game ``viewer`` cannot tell from ``state`` (the contract tests' twins): the other
        player's pieces placed elsewhere before any turn, or numbered otherwise after (the same
        squares, moves and shots: which piece is which is never shown); None when it cannot be."""
        from .actions import Move, Sacrifice, Shot, Turn
        from .computer.player import place
        from .record import RecordedAction

        hidden = "B" if viewer == "A" else "A"
        if hidden not in state.setups or state.outcome is not None:
            return None
        record = Record.from_game(state)
        if not record.entries:  # placed, nothing played yet: another placement
            other = State(state.options, {p: state.name(p) for p in PLAYERS})
            for player in PLAYERS:
                if player in state.setups:
                    other.place(place(state.seat(hidden), rng) if player == hidden else state.setups[player])
            return other
        a, b = rng.sample((1, 2, 3), 2)
        swap = {a: b, b: a}

        def renumbered(n: int) -> int:
            return swap.get(n, n)

        record.pieces[hidden] = tuple(record.pieces[hidden][renumbered(n) - 1] for n in (1, 2, 3))
        record.setup[hidden] = tuple(record.setup[hidden][renumbered(n) - 1] for n in (1, 2, 3))
        entries = []
        for entry in record.entries:
            action = entry.action
            if entry.player == hidden and isinstance(action, Turn):
                shot = None if action.shot is None else Shot(renumbered(action.shot.piece), action.shot.at)
                action = Turn(Move(renumbered(action.move.piece), action.move.to), shot)
            elif entry.player == hidden and isinstance(action, Sacrifice):
                action = Sacrifice(renumbered(action.piece))
            entries.append(RecordedAction(entry.player, action, entry.result))
        record.entries = entries
        try:
            return record.replay(state.options.loadout)
        except RecordIllegalError:
            return None

    def links(self) -> GameLinks:
        """Play by links (:mod:`.links`): each device keeps its pieces, commits, answers."""
        from .links import HuntLinks  # loaded with the first game by links

        return HuntLinks()

    def computer(self, level: str, seed: int | str) -> Any:
        from .computer import Computer  # the computer loads on first use

        return Computer(level, seed)

    # --- the duel ----------------------------------------------------------------------

    def duel_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--variant", choices=[v.value for v in Variant], default="classic")
        parser.add_argument("--loadout", choices=[lo.value for lo in Loadout], default="HM")
        parser.add_argument("--turn-limit", type=int, default=28,
                            help="turn limit (default 28, the rulebook's; 0 for none)")

    def duel_options(self, args: argparse.Namespace) -> Options:
        return Options(Variant(args.variant), args.turn_limit or None, Loadout(args.loadout))

    def duel_start(self, options: Options, rng: random.Random) -> State:
        """Both players' placements at random: each pair of a duel plays it twice, seats swapped."""
        from .computer.player import place  # (a sensible random placement: the computer's own)

        game = State(options)
        for player in PLAYERS:
            game.place(place(game.seat(player), rng))
        return game

    def seat_json(self, seat: Seat) -> dict[str, Any]:
        return seat_view(seat)

    def action_json(self, action: Action | Setup) -> dict[str, Any]:
        return action_json(action)

    def parse_action(self, data: Any, seat: Seat) -> Action | Setup:
        return action_from_json(data, str(seat.player))


GAME = MortarHunt()
