"""Records, the referee and the duel's line protocol of the open games (the KARO RECORD.md):
one envelope, one referee contract, one layout of a saved record; a game adds how its options,
setups and own actions are written.

:class:`TurnGame` is a game of the box as :class:`mortar.kit.protocol.GameDef` describes it,
built on :mod:`mortar.kit.turns`; a game subclasses it once and fills in its notation.
:class:`TurnRecord` is one game written down: read from JSON (its form checked whole, before
any rule: :class:`RecordError`), replayed (the first broken rule: :class:`RecordIllegalError`,
turns counted from 1, a setup at turn 0), saved canonically (one action a line), judged.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from .common import AcceptDraw, OfferDraw, Pass, Resign
from .envelope import NAME_LONGEST, Entry, read_entry, read_envelope
from .jsontext import LargeNumber
from .protocol import Computer, IllegalActionError
from .records import (
    COMPUTER_KEY,
    ERROR,
    ILLEGAL,
    OK,
    RecordError,
    RecordIllegalError,
    Verdict,
    expect_object,
    illegal_line,
    load_json,
    names_refusal,
    quote_json,
    seats_of,
)
from .turns import PLAYERS, Player, RandomComputer, TurnOptions, TurnSeat, TurnState

S = TypeVar("S", bound=TurnState[Any, Any, Any, Any])
OptionsT = TypeVar("OptionsT", bound=TurnOptions)

COMMON_KEYS = {"pass": Pass, "accept_draw": AcceptDraw, "resign": Resign}

if TYPE_CHECKING:  # remote imports this module
    from .remote import GameLinks



@dataclass(eq=False)
class TurnRecord(Generic[S]):
    """A game written down: options, names, setups (the game's setup actions, in the order they
    were made) and every action in play order, a draw offer as :class:`OfferDraw`. Two records
    are equal when they write the same JSON (the table's keys included; and ``Pass()``,
    ``Resign()`` and ``AcceptDraw()``, equal as empty tuples, are told apart)."""

    game: TurnGame[Any, S] = field(compare=False, repr=False)
    options: TurnOptions
    names: dict[str, str | None]
    setups: list[tuple[Player, Any]]
    entries: list[tuple[Player, Any]]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TurnRecord):
            return NotImplemented
        return self.game is other.game and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable, like the lists it holds

    def actions(self) -> list[Any]:
        return [action for _, action in self.entries]

    @property
    def computer(self) -> dict[str, str]:
        """The seats a computer played (RECORD.md: a table's key under ``options``)."""
        return seats_of(self.options.extra.get(COMPUTER_KEY))

    @computer.setter
    def computer(self, seats: Mapping[str, str]) -> None:
        extra = {k: v for k, v in self.options.extra.items() if k != COMPUTER_KEY}
        if seats:
            extra[COMPUTER_KEY] = dict(seats)
        self.options = replace(self.options, extra=extra)

    def replaying(self) -> Iterator[S]:
        """The game step by step: one state, yielded once set up and after each action (changed
        in place between yields). Raises :class:`RecordIllegalError` at the first broken rule."""
        state = self.game.start(self.options, self.names)
        for player, setup in self.setups:
            try:
                state.apply(setup)
            except IllegalActionError as e:
                raise RecordIllegalError(0, player.value, str(e), str(e)) from None
        yield state
        for turn, (player, action) in enumerate(self.entries, 1):
            try:
                state.apply(action)
            except IllegalActionError as e:  # everything is public: the exact reason is too
                raise RecordIllegalError(turn, player.value, str(e), str(e)) from None
            yield state

    def replay(self) -> S:
        """The game after the whole record (:class:`RecordIllegalError` where it breaks a rule)."""
        for state in self.replaying():  # noqa: B007 -- the last one is the answer
            pass
        return state

    # --- text ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        game = self.game
        out: dict[str, Any] = {"format": game.record_format}
        options = {**game.options_json(self.options), **self.options.extra}
        if options:
            out["options"] = options
        out["first"] = self.options.first.value
        names = {p: {"name": n} for p, n in self.names.items() if n}
        if names:
            out["players"] = names
        if game.setup_type is not None:
            setups = dict(self.setups)
            out["setup"] = {p.value: game.write_setup(setups[p]) for p in PLAYERS if p in setups}
        out["actions"] = [{"player": p.value, **game.action_json(a)} for p, a in self.entries]
        return out

    def save(self) -> str:
        """Canonical JSON text laid out as RECORD.md shows it, one action (and one setup) a
        line: ``parse(save())`` gives an equal record and saving it again the same text."""
        data = self.to_json()
        lines = []
        for key, value in data.items():
            if key == "actions" and value:
                rows = ",\n".join(f"    {dump(a)}" for a in value)
                lines.append(f'  "actions": [\n{rows}\n  ]')
            elif key == "setup" and value:
                rows = ",\n".join(f"    {dump(p)}: {dump(s)}" for p, s in value.items())
                lines.append(f'  "setup": {{\n{rows}\n  }}')
            else:
                lines.append(f"  {dump(key)}: {dump(value)}")
        return "{\n" + ",\n".join(lines) + "\n}\n"


def dump(value: Any) -> str:
    """JSON of a record's value on one line; a :class:`LargeNumber` the table kept under
    ``options`` is written with its exact digits."""
    if isinstance(value, LargeNumber):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{dump(k)}: {dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


# --- the game's description -------------------------------------------------------------------


class TurnGame(ABC, Generic[OptionsT, S]):
    """An open game of the box (:class:`mortar.kit.protocol.GameDef`): a subclass names the game,
    starts a state, and writes and reads its options, setups and own actions; records, the
    referee, the duel's protocol and the computer (random for now) are common."""

    name: ClassVar[str]
    title: ClassVar[str]
    record_format: ClassVar[str]
    players: ClassVar[tuple[str, str]] = (Player.RED.value, Player.WHITE.value)
    levels: ClassVar[tuple[str, ...]] = ("easy", "medium", "hard")
    name_max: ClassVar[int] = NAME_LONGEST
    own_keys: ClassVar[frozenset[str]]  # the record's keys of the game's own actions
    option_keys: ClassVar[frozenset[str]] = frozenset()  # the game's own keys of ``options``
    companions: ClassVar[Mapping[str, frozenset[str]]] = {}  # keys beside an own key
    setup_type: ClassVar[type | None] = None  # the game's setup action, when it has one

    # --- what a game fills in -------------------------------------------------------------

    @abstractmethod
    def start(self, options: OptionsT, names: Mapping[str, str | None]) -> S:
        """A new game (names already checked)."""

    @abstractmethod
    def read_options(self, raw: Mapping[str, Any], first: Player, extra: dict[str, Any]) -> OptionsT:
        """The options of a record: ``raw`` holds its :attr:`option_keys` (a missing one means
        its default), ``extra`` the table's keys, kept; :class:`RecordError` for a wrong value."""

    @abstractmethod
    def options_json(self, options: OptionsT) -> dict[str, Any]:
        """The game's own options as the record writes them (``first`` apart)."""

    @abstractmethod
    def read_action(self, entry: Entry, path: str) -> Any:
        """The game's own action of a record's entry; :class:`RecordError` when malformed."""

    @abstractmethod
    def write_action(self, action: Any) -> dict[str, Any]:
        """The record's keys of one of the game's own actions (``move`` and beside it)."""

    @abstractmethod
    def position_json(self, position: Any) -> dict[str, Any]:
        """A seat's position in record notation, for the duel's line protocol."""

    def read_setup(self, player: Player, raw: Any, path: str) -> Any:
        raise RecordError(f"{path}: {self.title} has no setup")

    def write_setup(self, setup: Any) -> Any:
        raise TypeError(f"{self.title} has no setup")

    # --- a game -----------------------------------------------------------------------------

    def new(self, options: OptionsT | None = None, names: Mapping[str, str | None] | None = None) -> S:
        """A new game; ``ValueError`` for names a record could not hold."""
        checked: dict[str, str | None] = {}
        for p in PLAYERS:
            name = (names or {}).get(p) or None
            if name is not None and len(name) > NAME_LONGEST:
                raise ValueError(f"{p}'s name is longer than {NAME_LONGEST} characters")
            checked[p] = name
        refusal = names_refusal(checked)
        if refusal:
            raise ValueError(refusal)
        return self.start(options if options is not None else self.default_options(), checked)

    def duel_start(self, options: OptionsT | None, rng: random.Random) -> S:
        """A new game for a pair of duel games, its setups (if the game has them) made at
        random, so that both games of the pair start alike with the seats swapped; never a start
        that leaves a player no action (Hopper and Sneaker's three Hoppers in front of three
        Sneakers can only pass, and lose: a pair decided by the draw)."""
        while True:
            state = self.new(options)
            while state.position.setting_up:
                state.apply(state.random_action(rng))
            position = state.position
            if position.has_actions() and position.passed().has_actions():
                return state

    def default_options(self) -> OptionsT:
        return self.read_options({}, Player.RED, {})

    def links(self) -> GameLinks:
        """The game's part of play by links (:mod:`mortar.kit.openlinks`): every action public."""
        from .openlinks import OpenLinks  # loaded with the first game by links

        return OpenLinks(self)

    def computer(self, level: str, seed: int | str) -> Computer:
        if level not in self.levels:
            raise ValueError(f"{level!r} is not a level ({', '.join(self.levels)})")
        return RandomComputer(level, seed)

    # --- records ----------------------------------------------------------------------------

    def record(self, state: S) -> TurnRecord[S]:
        """The record of ``state`` so far."""
        entries = [(p.player, OfferDraw(p.action) if p.offered_draw else p.action) for p in state.history]
        return TurnRecord(self, state.options, dict(state.names),
                          [(p.player, p.action) for p in state.setups], entries)

    def parse_record(self, data: Any) -> TurnRecord[S]:
        """A record from decoded JSON (:func:`mortar.kit.jsontext.loads`), its whole form checked
        before any rule; :class:`RecordError` when it is not one."""
        envelope = read_envelope(data, self.record_format, self.players, self.own_keys, first=True,
                                 passes=True, setup=self.setup_type is not None,
                                 companions=self.companions)
        first = Player(envelope.first)
        known = {k: v for k, v in envelope.options.items() if k in self.option_keys}
        extra = {k: v for k, v in envelope.options.items() if k not in self.option_keys}
        options = self.read_options(known, first, extra)
        setups: list[tuple[Player, Any]] = []
        if self.setup_type is not None:
            if "setup" not in data:
                raise RecordError("the record lacks the key 'setup'")
            raw = envelope.setup or {}
            order = (first, first.opponent)
            if order[1] in raw and order[0] not in raw:
                raise RecordError(f"setup has {order[1]}'s pieces but not {order[0]}'s "
                                  f"({order[0]} sets up first)")
            if envelope.actions and len(raw) < 2:
                raise RecordError("actions need both players' setups")
            setups = [(p, self.read_setup(p, raw[p], f"setup.{p}")) for p in order if p in raw]
        entries = [(Player(e.player), self.entry_action(e, f"actions[{i}]"))
                   for i, e in enumerate(envelope.actions)]
        return TurnRecord(self, options, dict(envelope.names), setups, entries)

    def load(self, text: str | bytes) -> TurnRecord[S]:
        """A record from its JSON text (:class:`RecordError` when it is not one)."""
        return self.parse_record(load_json(text))

    def entry_action(self, entry: Entry, path: str) -> Any:
        """The action of one entry, a draw offer wrapped in :class:`OfferDraw`."""
        if entry.key in COMMON_KEYS:
            return COMMON_KEYS[entry.key]()
        action = self.read_action(entry, path)
        return OfferDraw(action) if entry.offer_draw else action

    def action_json(self, action: Any) -> dict[str, Any]:
        """An action as a record's action object, without ``player``; a setup as
        ``{"setup": …}`` (the duel's protocol; a record keeps setups apart)."""
        if isinstance(action, Pass):
            return {"pass": True}
        if isinstance(action, Resign):
            return {"resign": True}
        if isinstance(action, AcceptDraw):
            return {"accept_draw": True}
        if isinstance(action, OfferDraw):
            return {**self.write_action(action.action), "offer_draw": True}
        if self.setup_type is not None and isinstance(action, self.setup_type):
            return {"setup": self.write_setup(action)}
        return self.write_action(action)

    def parse_action(self, data: Any, seat: TurnSeat[Any, Any]) -> Any:
        """The inverse of :meth:`action_json` for ``seat``'s player; :class:`RecordError` when
        ``data`` is not an action's form (whether it is legal is the seat's to say)."""
        if isinstance(data, dict) and "player" in data:
            raise RecordError("an action sent alone names no player")
        if self.setup_type is not None and isinstance(data, dict) and "setup" in data:
            expect_object(data, "the action", {"setup"})
            return self.read_setup(seat.player, data["setup"], "setup")
        entry = read_entry({"player": seat.player.value, **data} if isinstance(data, dict) else data,
                           "the action", self.own_keys, passes=True, companions=self.companions)
        return self.entry_action(entry, "the action")

    def seat_json(self, seat: TurnSeat[Any, Any]) -> dict[str, Any]:
        """A seat for the duel's line protocol: the position in record notation, whose turn it
        is, a pending draw offer, the options, and the outcome once over."""
        options, outcome = seat.options, seat.outcome
        return {
            "format": self.record_format,
            "player": seat.player.value,
            "to_play": None if seat.to_play is None else seat.to_play.value,
            "offer_draw": seat.offer,
            "options": {**self.options_json(options), "first": options.first.value},
            **self.position_json(seat.position),
            "winner": None if outcome is None else outcome.result,
            "end": None if outcome is None else outcome.reason.value,
        }

    # --- the referee ------------------------------------------------------------------------

    def verdict(self, record: TurnRecord[S]) -> Verdict:
        """The referee's verdict of a parsed record (RECORD.md, "Referee CLI"), saying which
        keys of its options nothing reads."""
        return self._verdict(record).noting(record.options.extra)

    def _verdict(self, record: TurnRecord[S]) -> Verdict:
        state: S | None = None
        try:
            for state in record.replaying():  # noqa: B007 -- the last one is the answer
                pass
        except RecordIllegalError as e:
            # ``state`` is the game just before the broken rule (a refused action changes nothing).
            turns = 0 if state is None else state.turns
            after = None if state is None or e.turn == 0 else state.to_play
            return Verdict(ILLEGAL, illegal_line(e.turn, e.player, e.reason), e.turn, e.player,
                           e.reason, None, {"end": None}, turns, None if after is None else after.value)
        assert state is not None
        outcome = state.outcome
        if outcome is not None:
            return Verdict(OK, f"ok: {outcome}", winner=outcome.result,
                           details={"end": outcome.reason.value}, turns=outcome.turns)
        played = f"after {state.turns} turn{'' if state.turns == 1 else 's'}"
        assert state.to_play is not None
        return Verdict(OK, f"ok: in progress {played}, {state.to_play} to play", details={"end": None},
                       turns=state.turns, next=state.to_play.value)

    def check_text(self, text: str | bytes) -> Verdict:
        """The verdict of a record's text; never raises, whatever the text."""
        try:
            record = self.load(text)
        except RecordError as e:
            return Verdict(ERROR, f"error: {e}", reason=str(e), details={"end": None})
        return self.verdict(record)


def bool_option(raw: Mapping[str, Any], key: str, default: bool) -> bool:
    """A true-or-false key of a record's ``options``."""
    value = raw.get(key, default)
    if not isinstance(value, bool):
        raise RecordError(f"options.{key} must be true or false, not {quote_json(value)}")
    return value
