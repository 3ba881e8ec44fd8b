"""Game records (RECORD.md, format ``marsal-a-spion/1``): read a record's JSON, replay it into
a :class:`.state.State`, save it, and make one of a state.

Reading checks a record's *form* (the kit's envelope and readers: keys, types, notation, the
order of players) and raises :class:`RecordError`; replaying checks the *rules* and raises
:class:`RecordIllegalError` with the turn (0 for a setup), the player, the reason, and a public
reason that names no hidden identity. :meth:`Record.save` is canonical text, so a saved record
read and saved again gives the same text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.envelope import read_envelope
from mortar.kit.jsontext import LargeNumber
from mortar.kit.jsontext import loads as loads_json
from mortar.kit.protocol import Refusal
from mortar.kit.records import (
    COMPUTER_KEY,
    RecordError,
    RecordIllegalError,
    expect_bool,
    expect_int,
    expect_true,
    json_type,
    load_json,
    notation,
    quote_json,
    seats_of,
)

from .actions import Action, Attack, Move, RefusalCode, Setup
from .board import PLAYERS, Player, Square
from .pieces import Piece
from .rules import INACTIVITY_LIMIT, Options
from .state import State

FORMAT = "marsal-a-spion/1"
OWN_KEYS = frozenset({"move", "attack"})  # the game's own action keys; the kit adds the others


@dataclass
class Record:
    """A game written down: the table's options, the players' names, the setups (Red's, then
    Blue's; a record made while setting up may lack them) and the actions of play, a draw offer
    wrapped in :class:`OfferDraw`."""

    options: Options = field(default_factory=Options)
    names: Mapping[str, str | None] = field(default_factory=lambda: {p: None for p in PLAYERS})
    setups: dict[Player, Setup] = field(default_factory=dict)
    plays: list[Action] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: State) -> Record:
        plays: list[Action] = []
        for entry in state.history:
            if entry.turn:
                plays.append(OfferDraw(entry.action) if entry.offer_draw else entry.action)
        return cls(state.options, {p: state.names[p] for p in PLAYERS}, dict(state.setups), plays)

    @property
    def computer(self) -> dict[str, str]:
        """The seats a computer played (RECORD.md: a table's key under ``options``)."""
        text = dict(self.options.extra).get(COMPUTER_KEY)
        return seats_of(loads_json(text)) if text is not None else {}

    @computer.setter
    def computer(self, seats: Mapping[str, str]) -> None:
        extra = tuple((k, v) for k, v in self.options.extra if k != COMPUTER_KEY)
        if seats:
            extra += ((COMPUTER_KEY, dump(dict(seats))),)
        self.options = replace(self.options, extra=extra)

    def actions(self) -> list[Action]:
        """Every action in the order played, setups first (each is an action: R4)."""
        return [*(self.setups[p] for p in PLAYERS if p in self.setups), *self.plays]

    # --- replaying -------------------------------------------------------------------------

    def replaying(self) -> Iterator[State]:
        """The game step by step: one state, yielded at the start and after each action, the
        setups included (changed in place between yields). Raises :class:`RecordIllegalError`
        at the first action that breaks a rule."""
        state = State(self.options, self.names)
        yield state
        if Player.BLUE in self.setups and Player.RED not in self.setups:
            raise RecordIllegalError(0, Player.BLUE, "Red sets up first, and the record has no "
                                     "setup of Red's", "Red sets up first")
        for player in PLAYERS:
            if player in self.setups:
                setup = self.setups[player]
                refusal = state.refusal(setup)
                if refusal is not None:
                    raise RecordIllegalError(0, player, refusal.message, public_reason(refusal, setup))
                state.apply(setup)
                yield state
        for number, action in enumerate(self.plays, 1):
            refusal = state.refusal(action)
            if refusal is not None:
                raise RecordIllegalError(number, PLAYERS[(number - 1) % 2], refusal.message,
                                         public_reason(refusal, action))
            state.apply(action)
            yield state

    def replay(self) -> State:
        """The game after the whole record (raises as :meth:`replaying` does)."""
        for state in self.replaying():  # noqa: B007 -- the last one is the answer
            pass
        return state

    # --- text ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "options": options_json(self.options)}
        named = {p: {"name": self.names[p]} for p in PLAYERS if self.names.get(p)}
        if named:
            out["players"] = named
        if self.setups:
            out["setup"] = {str(p): self.setups[p].to_json() for p in PLAYERS if p in self.setups}
        out["actions"] = [{"player": str(PLAYERS[i % 2]), **action_json(a)} for i, a in enumerate(self.plays)]
        return out

    def save(self) -> str:
        """Canonical JSON text laid out like RECORD.md's example: a setup or an action a line."""
        data = self.to_json()
        lines = ["{", f'  "format": {dump(data["format"])},',
                 f'  "options": {options_text(self.options)},']
        if "players" in data:
            lines.append(f'  "players": {dump(data["players"])},')
        if "setup" in data:
            setups = ",\n".join(f"    {dump(p)}: {dump(s)}" for p, s in data["setup"].items())
            lines.append(f'  "setup": {{\n{setups}\n  }},')
        actions = ",\n".join(f"    {dump(a)}" for a in data["actions"])
        lines.append(f'  "actions": [\n{actions}\n  ]' if actions else '  "actions": []')
        return "\n".join(lines) + "\n}\n"


if TYPE_CHECKING:
    from mortar.kit.protocol import GameRecord

    _conforms: GameRecord[State] = Record()


def public_reason(refusal: Refusal, action: object) -> str:
    """The reason for anyone who may not see the setups: the refusal's words where they name no
    hidden identity (:class:`RefusalCode` says which), else only what kind of action broke."""
    code = refusal.code
    if isinstance(code, RefusalCode) and code.public:
        return refusal.message
    if isinstance(action, Setup):
        return "the setup is not the army of R3 (its counts of pieces)"
    if isinstance(action, OfferDraw):
        action = action.action
    return f"that {'attack' if isinstance(action, Attack) else 'move'} is not legal"


# --- reading -------------------------------------------------------------------------------


def loads(text: str | bytes) -> Record:
    """A record from its JSON text (UTF-8 bytes or str), judged in time linear in its length."""
    return parse(load_json(text))


def parse(data: Any) -> Record:
    """A record from decoded JSON (:func:`mortar.kit.jsontext.loads`); :class:`RecordError`
    when it is not one. The rules are checked when it is replayed."""
    envelope = read_envelope(data, FORMAT, (Player.RED.value, Player.BLUE.value), OWN_KEYS, setup=True)
    record = Record(read_options(envelope.options), dict(envelope.names))
    for player in PLAYERS:
        if envelope.setup is not None and player in envelope.setup:
            record.setups[player] = read_setup(envelope.setup[player], f"setup.{player}")
    for i, entry in enumerate(envelope.actions):
        record.plays.append(read_action(entry.key, entry.value, entry.offer_draw, f"actions[{i}]"))
    return record


def read_options(raw: Mapping[str, Any]) -> Options:
    """The table's options. ``inactivity_limit`` is the rules', and ``no_hope_draw`` (false in a
    game played by links: REMOTE.md); every other key the rules ignore and the record keeps
    (RECORD.md): the aids where they are true or false, the rest as JSON."""
    limit: int | None = INACTIVITY_LIMIT
    if "inactivity_limit" in raw:
        value = raw["inactivity_limit"]
        limit = None if value is None else expect_int(value, "options.inactivity_limit", 1)
    aids = {key: raw[key] for key in ("memory_aid", "deduction_aid") if isinstance(raw.get(key), bool)}
    if "no_hope_draw" in raw:  # a rules option: false in games played by links (REMOTE.md)
        aids["no_hope_draw"] = expect_bool(raw["no_hope_draw"], "options.no_hope_draw")
    extra = tuple((key, dump(value)) for key, value in raw.items()
                  if key != "inactivity_limit" and key not in aids)
    return Options(limit, extra=extra, **aids)


def read_setup(value: object, path: str) -> Setup:
    """A setup object, ``{"A1": "FLG", ...}``: its squares and ids must be notation; which
    squares and how many of each piece are rules (R4), checked when it is replayed."""
    if not isinstance(value, dict):
        raise RecordError(f"{path} must be an object of squares and piece ids, not {json_type(value)}")
    pairs = []
    for square, piece in value.items():
        pairs.append((notation(Square.parse, square, path), notation(Piece.parse, piece, f"{path}.{square}")))
    return Setup(tuple(pairs))


def read_action(key: str, value: Any, offer_draw: bool, path: str) -> Action:
    """An action from its record key and value (the envelope has checked the key)."""
    action: Action
    if key == "move":
        action = notation(Move.parse, value, f"{path}.move")
    elif key == "attack":
        action = notation(Attack.parse, value, f"{path}.attack")
    elif key == "setup":
        action = read_setup(value, f"{path}.setup")
    else:
        expect_true(value, f"{path}.{key}")
        action = AcceptDraw() if key == "accept_draw" else Resign()
    return OfferDraw(action) if offer_draw else action


def read_action_object(data: object, path: str = "the action") -> Action:
    """An action as its record object without ``player`` (the duel's line protocol):
    ``{"move": "C4-D5"}``, ``{"attack": "C4xC5", "offer_draw": true}``, ``{"accept_draw":
    true}``, ``{"resign": true}``, ``{"setup": {"A1": "FLG", ...}}``."""
    keys = ("move", "attack", "accept_draw", "resign", "setup")
    if not isinstance(data, dict):
        raise RecordError(f"{path} must be an object, not {json_type(data)}")
    given = [k for k in data if k != "offer_draw"]
    unknown = [k for k in given if k not in keys]
    if unknown:
        raise RecordError(f"{path} has an unknown key {quote_json(unknown[0])}")
    if len(given) != 1:
        raise RecordError(f"{path} must hold exactly one action ({', '.join(keys)}), not {len(given)}")
    offer = "offer_draw" in data
    if offer:
        expect_true(data["offer_draw"], f"{path}.offer_draw")
        if given[0] not in OWN_KEYS:
            raise RecordError(f"{path}: only a move or an attack may carry offer_draw")
    return read_action(given[0], data[given[0]], offer, path)


# --- writing -------------------------------------------------------------------------------


def action_json(action: object) -> dict[str, Any]:
    """An action as its record object without ``player`` (the inverse of
    :func:`read_action_object`)."""
    if isinstance(action, OfferDraw):
        return {**action_json(action.action), "offer_draw": True}
    if isinstance(action, Move):
        return {"move": str(action)}
    if isinstance(action, Attack):
        return {"attack": str(action)}
    if isinstance(action, Setup):
        return {"setup": action.to_json()}
    if isinstance(action, AcceptDraw):
        return {"accept_draw": True}
    if isinstance(action, Resign):
        return {"resign": True}
    raise TypeError(f"{action!r} is not an action")


def options_json(options: Options) -> dict[str, Any]:
    """The options as the record's JSON data."""
    data = loads_json(options_text(options))
    assert isinstance(data, dict)
    return data


def options_text(options: Options) -> str:
    """The options as canonical JSON text: the limit, the aids, then the table's other keys."""
    extra = dict(options.extra)
    parts = [f'"inactivity_limit": {dump(options.inactivity_limit)}']
    for key in ("memory_aid", "deduction_aid"):
        if key not in extra:  # a value the rules could not read is kept as it was
            parts.append(f"{dump(key)}: {dump(getattr(options, key))}")
    if not options.no_hope_draw:  # written only where it is off: every record before it had it
        parts.append('"no_hope_draw": false')
    parts += [f"{dump(key)}: {text}" for key, text in options.extra]
    return "{" + ", ".join(parts) + "}"


def dump(value: object) -> str:
    """JSON text of a record's value, on one line; a huge number keeps its exact digits."""
    if isinstance(value, LargeNumber):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k), ensure_ascii=False)}: {dump(v)}"
                               for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)
