"""Game records (RECORD.md): parse and validate JSON, replay into a :class:`State`, save.

Parsing checks the *form* of a record (keys, types, notation, player order) and raises
:class:`RecordError`; replaying checks the *rules* and raises :class:`RecordIllegalError`, which
says which numbered turn and player broke which rule. ``save(load(text))`` is canonical, so
save → load → save gives the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from ...kit.jsontext import LargeNumber
from ...kit.records import (
    NewerFormatError,
    RecordError,
    RecordIllegalError,
    UnknownLevelError,
    check_format,
    expect_object,
    json_type,
    load_json,
    quote_json,
)
from ...kit.steps import ACTIONS_PER_STEP, Steps, finish, last_of
from .notation import NotationError, Position, Square
from .rules import (
    COMPUTER_LEVELS,
    PLAYERS,
    Loadout,
    Options,
    PieceType,
    Player,
    Variant,
    cap_name,
    names_refusal,
)
from .state import (
    Action,
    IllegalActionError,
    Move,
    Played,
    Resign,
    Sacrifice,
    Setup,
    Shot,
    State,
    Turn,
)

FORMAT = "mortar-hunt/1"

__all__ = ["FORMAT", "NewerFormatError", "Record", "RecordError", "RecordIllegalError",
           "RecordedAction", "UnknownLevelError", "from_data", "infer_loadout", "load", "parse", "save"]


@dataclass(frozen=True)
class RecordedAction:
    """One entry of ``actions``: the action, its player and the announced result, if any."""

    player: str
    action: Action
    result: str | None = None  # "hit" / "miss" as announced in the record


@dataclass
class Record:
    variant: Variant = Variant.CLASSIC
    turn_limit: int | None = None
    names: dict[str, str | None] = field(default_factory=lambda: {"A": None, "B": None})
    pieces: dict[str, tuple[PieceType, ...]] = field(
        default_factory=lambda: {p: (PieceType.HM,) * 3 for p in PLAYERS})
    setup: dict[str, tuple[Position, ...]] = field(default_factory=dict)
    entries: list[RecordedAction] = field(default_factory=list)  # the record's "actions"
    # Table facts that change no rule (RECORD.md): the computer's level where it plays a seat,
    # and whether the table allowed the radar aid.
    computer: dict[str, str] = field(default_factory=dict)
    radar: bool = False
    # The table's loadout option, which the record does not hold (RECORD.md): a game just
    # played knows it; None infers it from the pieces (mixed types: a secret loadout).
    loadout: Loadout | None = None

    # --- replay ------------------------------------------------------------------------

    def options(self, loadout: Loadout = Loadout.SECRET) -> Options:
        return Options(self.variant, self.turn_limit, loadout)

    def replay(self, loadout: Loadout | None = None, upto: int | None = None) -> State:
        """The game this record describes, after its first ``upto`` actions (default all).

        Raises :class:`RecordIllegalError` at the first action that breaks a rule. To step
        through a long record, replay it once into a :class:`mortar.kit.replay.Replay` instead.
        """
        game = State()
        for game in self.replaying(upto, loadout):  # noqa: B007 -- the last one is the answer
            pass
        return game

    def replaying_steps(self, loadout: Loadout | None = None) -> Steps[State]:
        """:meth:`replay` in steps (a page replays a long saved game a slice at a time)."""
        return (yield from last_of(self.replaying(None, loadout)))

    def actions(self) -> list[Action]:
        """The recorded actions, in play order (the kit's record protocol)."""
        return [entry.action for entry in self.entries]

    def replaying(self, upto: int | None = None, loadout: Loadout | None = None) -> Iterator[State]:
        """Replay step by step: the same game, yielded after the setups and after each action
        (changed in place between yields). Raises :class:`RecordIllegalError` where
        :meth:`replay` would."""
        loadout = loadout or self.loadout or infer_loadout(self.pieces)
        game = State(self.options(loadout), dict(self.names))
        for player in PLAYERS:
            if player not in self.setup:
                yield game
                return
            setup = Setup(player, self.setup[player], self.pieces[player])  # type: ignore[arg-type]
            try:
                game.place(setup)
            except IllegalActionError as e:
                raise RecordIllegalError(0, player, str(e), "that placement is not legal") from None
        yield game
        for number, entry in enumerate(self.entries[:upto]):
            turn = number // 2 + 1
            action = entry.action
            try:
                played = game.play_turn(action)  # checks the action once, before changing anything
            except IllegalActionError as e:
                raise RecordIllegalError(turn, entry.player, str(e),
                                         _public_reason(game, action)) from None
            if played.hit is not None and entry.result and played.hit != (entry.result == "hit"):
                # The replayed game is discarded on this error, so the shot applied is harmless.
                actual = "hit" if played.hit else "miss"
                raise RecordIllegalError(
                    turn, entry.player,
                    f"shot at {action.shot.at} was announced as a {entry.result} "  # type: ignore[union-attr]
                    f"but it is a {actual}",
                    "that shot's announced result is not what the board gives")
            yield game

    # --- building from a game ----------------------------------------------------------

    @classmethod
    def from_game(cls, game: State) -> Record:
        record = cls(game.options.variant, game.options.turn_limit,
                     {p: game.name(p) for p in PLAYERS})
        for player, setup in game.setups.items():
            record.pieces[player] = tuple(setup.types)
            record.setup[player] = tuple(setup.positions)
        record.entries = [_recorded(p) for p in game.history]
        record.loadout = game.options.loadout
        return record

    # --- text ----------------------------------------------------------------------------

    def to_json(self, results: bool = False) -> dict[str, Any]:
        """The record as JSON data; ``results``: with each shot's announced result (optional in
        RECORD.md: the positions decide it; saves leave it out)."""
        players: dict[str, dict[str, Any]] = {}
        for p in PLAYERS:
            entry: dict[str, Any] = {}
            if self.names.get(p) is not None:
                entry["name"] = self.names[p]
            entry["pieces"] = [t.name for t in self.pieces[p]]
            if p in self.computer:
                entry["computer"] = self.computer[p]
            players[p] = entry
        table = {"radar": True} if self.radar else {}
        return {
            "format": FORMAT,
            "variant": self.variant.value,
            "turn_limit": self.turn_limit,
            **table,
            "players": players,
            "setup": {p: [str(x) for x in self.setup[p]] for p in PLAYERS if p in self.setup},
            "actions": [_action_json(a, results) for a in self.entries],
        }

    def save(self) -> str:
        """Canonical JSON text, laid out like RECORD.md's example: one player, setup or action a
        line, so records read and diff well."""
        data = self.to_json(results=True)

        def dump(value: object) -> str:
            if isinstance(value, LargeNumber):
                return str(value)  # its exact digits
            if isinstance(value, int) and not isinstance(value, bool) and value > 10**4000:
                return _int_text(value)  # json.dumps would hit Python's digit limit
            return json.dumps(value, ensure_ascii=False)

        players = ",\n".join(f"    {dump(p)}: {dump(v)}" for p, v in data["players"].items())
        setup = ", ".join(f"{dump(p)}: {dump(v)}" for p, v in data["setup"].items())
        actions = ",\n".join(f"    {dump(a)}" for a in data["actions"])
        return (
            "{\n"
            f'  "format": {dump(data["format"])},\n'
            f'  "variant": {dump(data["variant"])},\n'
            f'  "turn_limit": {dump(data["turn_limit"])},\n'
            + ('  "radar": true,\n' if data.get("radar") else "")
            + f'  "players": {{\n{players}\n  }},\n'
            f'  "setup": {{{setup}}},\n'
            + (f'  "actions": [\n{actions}\n  ]\n' if actions else '  "actions": []\n')
            + "}\n"
        )


def _int_text(value: int) -> str:
    """str(value) without Python's 4300-digit conversion limit."""
    chunks = []
    while value >= 10**1000:
        value, chunk = divmod(value, 10**1000)
        chunks.append(str(chunk).zfill(1000))
    return str(value) + "".join(reversed(chunks))


def _recorded(played: Played) -> RecordedAction:
    result = None
    if isinstance(played.action, Turn) and played.action.shot is not None:
        result = "hit" if played.hit else "miss"
    return RecordedAction(played.player, played.action, result)


def _action_json(entry: RecordedAction, results: bool = True) -> dict[str, Any]:
    action = entry.action
    out: dict[str, Any] = {"player": entry.player}
    if isinstance(action, Sacrifice):
        out["sacrifice"] = action.piece
    elif isinstance(action, Resign):
        out["resign"] = True
    else:
        out["move"] = {"piece": action.move.piece, "to": str(action.move.to)}
        if action.shot is None:
            out["shot"] = None
        else:
            shot: dict[str, Any] = {"piece": action.shot.piece, "at": str(action.shot.at)}
            if results and entry.result is not None:
                shot["result"] = entry.result
            out["shot"] = shot
    return out


def _public_reason(game: State, action: Action) -> str:
    """What is wrong with ``action`` (refused by ``game``, unchanged) in words that quote no
    position: which part of the turn broke is public, where the pieces stand is not."""
    if game.is_over:
        return "the game was already over"
    if isinstance(action, Sacrifice):
        return "that sacrifice is not allowed"
    if isinstance(action, Turn):
        if game.move_refusal(action.move) is not None:
            return "that move is not legal"
        if action.shot is None:
            return "that turn has no shot, but a shot was due"
        return "that shot is not legal"
    return "that action is not legal"


def infer_loadout(pieces: dict[str, tuple[PieceType, ...]]) -> Loadout:
    """The table option a record's piece types fit; mixed or unknown types count as secret."""
    kinds = {t for p in PLAYERS for t in pieces.get(p, ())}
    if kinds == {PieceType.HM}:
        return Loadout.ALL_HM
    if kinds == {PieceType.LH}:
        return Loadout.ALL_LH
    return Loadout.SECRET


# --- parsing -------------------------------------------------------------------------------


def _piece_number(value: object, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 2, 3):
        raise RecordError(f"{path} must be a piece number 1, 2 or 3, not {quote_json(value)}")
    return value


N = TypeVar("N", Position, Square)  # what a notation string is parsed to


def _notation(kind: type[N], value: object, path: str) -> N:
    if not isinstance(value, str):
        raise RecordError(f"{path} must be a string, not {json_type(value)}")
    try:
        return kind.parse(value)
    except NotationError as e:
        raise RecordError(f"{path}: {e}") from None


def parse(text: str | bytes) -> Record:
    """Parse and validate a record's JSON text (RECORD.md) without checking the rules.

    Bytes must be UTF-8. Any input is judged in time linear in its length
    (:mod:`mortar.kit.jsontext`)."""
    return from_data(load_json(text))


def reading(text: str | bytes) -> Steps[Record]:
    """:func:`parse` in steps (a page reads a long record a slice at a time)."""
    data = load_json(text)
    yield
    return (yield from reading_data(data))


def from_data(data: object) -> Record:
    """Validate already-decoded JSON data as a record."""
    return finish(reading_data(data))


def reading_data(data: object) -> Steps[Record]:
    """:func:`from_data` in steps."""
    top = expect_object(data, "", {"format", "variant", "turn_limit", "players", "setup", "actions"},
                         {"radar"})
    check_format(top, FORMAT)
    try:
        variant = Variant(top["variant"]) if isinstance(top["variant"], str) else None
    except ValueError:
        variant = None
    if variant is None:
        raise RecordError(f"variant must be \"classic\" or \"craters\", not {quote_json(top['variant'])}")
    limit = top["turn_limit"]
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise RecordError(f"turn_limit must be null or a positive whole number, not {quote_json(limit)}")
    record = Record(variant, limit)
    radar = top.get("radar", False)
    if not isinstance(radar, bool):
        raise RecordError(f"radar must be true or false, not {quote_json(radar)}")
    record.radar = radar

    players = expect_object(top["players"], "players", set(PLAYERS))
    for p in PLAYERS:
        entry = expect_object(players[p], f"players.{p}", {"pieces"}, {"name", "computer"})
        if "computer" in entry:
            if entry["computer"] not in COMPUTER_LEVELS:
                raise UnknownLevelError(f"players.{p}.computer must be \"easy\", \"medium\" or \"hard\", "
                                  f"not {quote_json(entry['computer'])}")
            record.computer[p] = entry["computer"]
        name = entry.get("name")
        if name is not None and not isinstance(name, str):
            raise RecordError(f"players.{p}.name must be a string, not {json_type(name)}")
        record.names[p] = cap_name(name)  # as the start form caps a typed name
        pieces = entry["pieces"]
        if not isinstance(pieces, list) or len(pieces) != 3:
            raise RecordError(f"players.{p}.pieces must be a list of three piece types")
        types = []
        for i, kind in enumerate(pieces):
            if kind not in ("HM", "LH"):
                raise RecordError(f"players.{p}.pieces[{i}] must be \"HM\" or \"LH\", not {quote_json(kind)}")
            types.append(PieceType[kind])
        record.pieces[p] = tuple(types)

    refusal = names_refusal(record.names)
    if refusal:
        raise RecordError(f"players: {refusal}")

    # A game saved during placement has A's setup only.
    setup = expect_object(top["setup"], "setup", set(), set(PLAYERS))
    if "B" in setup and "A" not in setup:
        raise RecordError("setup has B's pieces but not A's (A places first)")
    if actions_needing_setup(top) and len(setup) < 2:
        raise RecordError("actions need both players' setups")
    for p in PLAYERS:
        if p not in setup:
            continue
        positions = setup[p]
        if not isinstance(positions, list) or len(positions) != 3:
            raise RecordError(f"setup.{p} must be a list of three positions")
        record.setup[p] = tuple(_notation(Position, x, f"setup.{p}[{i}]") for i, x in enumerate(positions))

    actions = top["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"actions must be a list, not {json_type(actions)}")
    for i, entry in enumerate(actions):
        record.entries.append(_parse_action(entry, i))
        if i % ACTIONS_PER_STEP == ACTIONS_PER_STEP - 1:
            yield
    return record


def actions_needing_setup(top: Mapping[str, object]) -> bool:
    return isinstance(top.get("actions"), list) and bool(top["actions"])


def _parse_action(entry: object, i: int) -> RecordedAction:
    path = f"actions[{i}]"
    if not isinstance(entry, dict):
        raise RecordError(f"{path} must be an object, not {json_type(entry)}")
    expected = PLAYERS[i % 2]
    player = entry.get("player")
    if player not in PLAYERS:
        raise RecordError(f"{path}.player must be \"A\" or \"B\", not {quote_json(player)}")
    if player != expected:
        raise RecordError(
            f"{path} is played by {player}, but it is {expected}'s turn (A and B alternate, A first)")
    if "sacrifice" in entry:
        expect_object(entry, path, {"player", "sacrifice"})
        return RecordedAction(player, Sacrifice(_piece_number(entry["sacrifice"], f"{path}.sacrifice")))
    if "resign" in entry:
        expect_object(entry, path, {"player", "resign"})
        if entry["resign"] is not True:
            raise RecordError(f"{path}.resign must be true, not {quote_json(entry['resign'])}")
        return RecordedAction(player, Resign())
    expect_object(entry, path, {"player", "move", "shot"})
    move = expect_object(entry["move"], f"{path}.move", {"piece", "to"})
    parsed_move = Move(_piece_number(move["piece"], f"{path}.move.piece"),
                       _notation(Position, move["to"], f"{path}.move.to"))
    shot = entry["shot"]
    if shot is None:
        return RecordedAction(player, Turn(parsed_move, None))
    shot = expect_object(shot, f"{path}.shot", {"piece", "at"}, {"result"})
    result = shot.get("result")  # null counts as not announced
    if result is not None and result not in ("hit", "miss"):
        raise RecordError(f"{path}.shot.result must be \"hit\" or \"miss\", not {quote_json(result)}")
    parsed_shot = Shot(_piece_number(shot["piece"], f"{path}.shot.piece"),
                       _notation(Square, shot["at"], f"{path}.shot.at"))
    return RecordedAction(player, Turn(parsed_move, parsed_shot), result)


def action_json(action: Action | Setup) -> dict[str, Any]:
    """An action in the record's own form, without its player (the duel's line protocol); a
    setup as ``{"setup": ["C3/N", …], "pieces": ["HM", …]}``."""
    if isinstance(action, Setup):
        return {"setup": [str(p) for p in action.positions], "pieces": [t.name for t in action.types]}
    out = _action_json(RecordedAction("A", action))
    del out["player"]
    return out


def action_from_json(data: object, player: str) -> Action | Setup:
    """The inverse of :func:`action_json` for ``player``'s action; :class:`RecordError` when
    it is not one."""
    if isinstance(data, dict) and "setup" in data:
        top = expect_object(data, "the action", {"setup", "pieces"})
        positions, pieces = top["setup"], top["pieces"]
        if not isinstance(positions, list) or len(positions) != 3:
            raise RecordError("setup must be a list of three positions")
        if not isinstance(pieces, list) or len(pieces) != 3 or any(p not in ("HM", "LH") for p in pieces):
            raise RecordError('pieces must be a list of three of "HM" and "LH"')
        return Setup(Player(player),  # (three positions: checked above)
                     cast("tuple[Position, Position, Position]",
                          tuple(_notation(Position, x, f"setup[{i}]") for i, x in enumerate(positions))),
                     tuple(PieceType[p] for p in pieces))  # type: ignore[arg-type]
    if not isinstance(data, dict):
        raise RecordError(f"the action must be an object, not {json_type(data)}")
    return _parse_action({**data, "player": player}, PLAYERS.index(Player(player))).action


def load(text: str | bytes, loadout: Loadout | None = None) -> State:
    """Parse a record and replay it: the game it describes."""
    return parse(text).replay(loadout)


def save(game: State) -> str:
    return Record.from_game(game).save()
