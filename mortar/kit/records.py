"""What every game's records share (RECORD.md of each game): the envelope's ``format``, the
errors by cause, the readers that check a record's form with short, input-quoting messages,
players' names, and the referee's verdict.

A record is read in two steps, and each has its error: its *form* (keys, types, notation, the
order of players) raises :class:`RecordError`; its *rules*, found by replaying it, raise
:class:`RecordIllegalError`, which says which turn and player broke which rule.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .grid import QUOTE_MAX, NotationError, quote
from .jsontext import JSONTextError, loads

MAX_RECORD_BYTES = 2_000_000  # the largest record the page imports and the referee reads
OK, ILLEGAL, ERROR = "ok", "illegal", "error"
EXIT = {OK: 0, ILLEGAL: 1, ERROR: 2}
_FORMAT = re.compile(r"([a-z][a-z0-9-]*)/([1-9][0-9]{0,5})")


class RecordError(ValueError):
    """The text is not a game record at all (bad JSON, unknown keys or values, bad notation)."""


class NewerFormatError(RecordError):
    """A record of a later format version than this program reads: not broken, only too new,
    so a page should keep it rather than throw it away."""


class UnknownLevelError(RecordError):
    """A computer seat at a level this version does not have (a later version's, or edited)."""


class RecordIllegalError(ValueError):
    """A well-formed record that breaks a rule. ``turn`` is 0 for a setup problem.

    ``reason`` says exactly why and may name hidden facts ("cannot move from I9/S …");
    ``public_reason`` says what broke without them ("that move is not legal"), for anyone who
    may not see both players' secrets: :attr:`public_message` is the message made of it."""

    def __init__(self, turn: int, player: str, reason: str,
                 public_reason: str = "that action is not legal") -> None:
        super().__init__(f"{where(turn, player)}: {reason}")
        self.turn = turn
        self.player = player
        self.reason = reason
        self.public_reason = public_reason

    @property
    def public_message(self) -> str:
        """``turn 7 B: that move is not legal``: what broke, quoting no hidden fact."""
        return f"{where(self.turn, self.player)}: {self.public_reason}"


def printable(text: str) -> str:
    """``text`` safe to print on a terminal: control characters, bidirectional overrides and
    other invisible format characters (a record's names may hold any) written as escapes, so
    that a record can neither clear the screen, retitle the window nor print a fake verdict."""
    return "".join(c if c.isprintable() or c == " " else _escape(c) for c in text)


def _escape(c: str) -> str:
    code = ord(c)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def where(turn: int, player: str) -> str:
    return f"turn {turn} {player}" if turn else f"setup {player}"


def load_json(text: str | bytes) -> Any:
    """Decoded JSON of a record's text, in time linear in its length whatever it holds
    (:mod:`mortar.kit.jsontext`); :class:`RecordError` when it is no JSON this program reads."""
    try:
        return loads(text)
    except JSONTextError as e:
        raise RecordError(str(e).replace("the text is empty", "the record is empty")) from None


def format_of(data: Any) -> tuple[str, int]:
    """(game name, version) of a record's ``format``, e.g. ``("mortar-hunt", 1)``."""
    if not isinstance(data, dict):
        raise RecordError(f"the record must be an object, not {json_type(data)}")
    if "format" not in data:
        raise RecordError("the record lacks the key 'format'")
    value = data["format"]
    match = _FORMAT.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise RecordError(f"format must be a game's name and version such as \"mortar-hunt/1\", "
                          f"not {quote_json(value)}")
    return match[1], int(match[2])


def check_format(data: dict[str, Any], expected: str) -> None:
    """Refuse a record whose ``format`` is not ``expected``; a later version of the same game
    is a :class:`NewerFormatError` (kept, not thrown away, by a page)."""
    value = data.get("format")
    if value == expected:
        return
    name, version = expected.split("/")
    match = _FORMAT.fullmatch(value) if isinstance(value, str) else None
    if match and match[1] == name and int(match[2]) > int(version):
        raise NewerFormatError(f"the record is of format {quote_json(value)}, newer than this "
                               f"program reads ({expected!r})")
    raise RecordError(f"format must be {expected!r}, not {quote_json(value)}")


# --- readers of a record's form --------------------------------------------------------------


def json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def quote_json(value: object) -> str:
    """A value of the record, as JSON, cut to a short prefix (the record may be megabytes)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        return "a huge number"
    if isinstance(value, str) and len(value) > QUOTE_MAX:
        return json.dumps(value[:QUOTE_MAX], ensure_ascii=True) + "..."
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = "a value"
    return text if len(text) <= 2 * QUOTE_MAX else text[:2 * QUOTE_MAX] + "..."


def _where(path: str) -> str:
    return path or "the record"


def expect_object(value: object, path: str, required: set[str],
                  optional: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
    """``value`` as an object with exactly the ``required`` keys and some of the ``optional``."""
    if not isinstance(value, dict):
        raise RecordError(f"{_where(path)} must be an object, not {json_type(value)}")
    keys = value.keys()
    if keys == required or required <= keys <= required | optional:  # the usual case, quickly
        return value
    unknown = sorted(set(value) - required - set(optional))
    if unknown:
        raise RecordError(f"{_where(path)} has an unknown key {quote(unknown[0])}")
    missing = sorted(required - set(value))
    raise RecordError(f"{_where(path)} lacks the key {missing[0]!r}")


def expect_list(value: object, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{path} must be a list, not {json_type(value)}")
    return value


def expect_true(value: object, path: str) -> None:
    if value is not True:
        raise RecordError(f"{path} must be true, not {quote_json(value)}")


def expect_bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(f"{path} must be true or false, not {quote_json(value)}")
    return value


def expect_int(value: object, path: str, low: int, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no upper bound when None)."""
    if (isinstance(value, bool) or not isinstance(value, int) or value < low
            or (high is not None and value > high)):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise RecordError(f"{path} must be a whole number {bound}, not {quote_json(value)}")
    return value


def notation(parse: Any, value: object, path: str) -> Any:
    """``parse(value)`` for a string of notation; its :class:`NotationError` as a record error."""
    if not isinstance(value, str):
        raise RecordError(f"{path} must be a string, not {json_type(value)}")
    try:
        return parse(value)
    except NotationError as e:
        raise RecordError(f"{path}: {e}") from None


def players_in_turn(actions: list[Any], first: str, players: tuple[str, str]) -> None:
    """Every action names its player, and the players alternate from ``first``."""
    order = players if first == players[0] else (players[1], players[0])
    for i, entry in enumerate(actions):
        path = f"actions[{i}]"
        if not isinstance(entry, dict):
            raise RecordError(f"{path} must be an object, not {json_type(entry)}")
        player = entry.get("player")
        if player not in players:
            raise RecordError(f"{path}.player must be {' or '.join(map(repr, players))}, "
                              f"not {quote_json(player)}")
        expected = order[i % 2]
        if player != expected:
            raise RecordError(f"{path} is played by {player}, but it is {expected}'s turn "
                              f"({order[0]} and {order[1]} alternate, {order[0]} first)")


# --- players' names --------------------------------------------------------------------------


def name_key(name: str) -> str:
    """What two names are compared by: case and spacing do not tell players apart."""
    return " ".join(name.split()).casefold()


def names_refusal(names: Mapping[str, str | None]) -> str | None:
    """Why two players may not go by these names, or None. Each curtain says whom to pass the
    device to, so two players called alike could not tell whose turn it is."""
    given = [n for n in names.values() if n and name_key(n)]
    if len(given) == 2 and name_key(given[0]) == name_key(given[1]):
        return f"both players are called {quote(given[1].strip())}; two players need two names"
    return None


COMPUTER_KEY = "computer"  # a table's note under a record's ``options``: the computer's seats
# What a table may note under a record's ``options`` (RECORD.md): the computer's seats, how two
# people sat, every step confirmed, an aid allowed. Read by a table, never by a rule.
TABLE_KEYS = frozenset({COMPUTER_KEY, "seating", "confirm", "aid"})


def seats_of(value: object) -> dict[str, str]:
    """The computer's seats (player -> level) as a table noted them; anything else is none."""
    if not isinstance(value, dict):
        return {}
    return {str(p): level for p, level in value.items() if isinstance(level, str)}


def read_name(value: object, path: str, longest: int) -> str:
    """A player's name from a record: a string of 1 to ``longest`` characters."""
    if not isinstance(value, str) or not 1 <= len(value) <= longest:
        raise RecordError(f"{path} must be a name of 1 to {longest} characters, not {quote_json(value)}")
    return value


# --- the referee's verdict -------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What the referee says of a record (each game's RECORD.md, "Referee CLI").

    ``details``: the game's own fields, written between ``winner`` and ``turns`` in JSON
    (Mortar Hunt's ``score``, the others' ``end``); ``line``: the plain one-line verdict."""

    status: str
    line: str
    turn: int | None = None
    player: str | None = None
    reason: str | None = None
    winner: str | None = None
    details: dict[str, Any] = field(default_factory=dict)
    turns: int | None = None
    next: str | None = None
    # keys under the record's ``options`` that no rule and no table reads: kept, never judged (a
    # typo such as "inactivity_limt" would silently change the verdict if not said)
    ignored: tuple[str, ...] = ()

    @property
    def exit_code(self) -> int:
        return EXIT[self.status]

    def to_json(self) -> dict[str, Any]:
        out = {"status": self.status, "turn": self.turn, "player": self.player,
               "reason": self.reason, "winner": self.winner, **self.details,
               "turns": self.turns, "next": self.next}
        return {**out, "ignored": list(self.ignored)} if self.ignored else out

    def noting(self, keys: Iterable[str]) -> Verdict:
        """This verdict, saying which of ``keys`` (a record's options beside the game's own) no
        rule and no table reads."""
        ignored = tuple(sorted(k for k in keys if k not in TABLE_KEYS))
        if not ignored:
            return self
        said = ", ".join(quote_json(k) for k in ignored)
        return replace(self, ignored=ignored, line=f"{self.line} (options not read: {said})")

    def __str__(self) -> str:
        return self.line


def error_verdict(reason: str) -> Verdict:
    return Verdict(ERROR, f"error: {reason}", reason=reason)


def illegal_line(turn: int, player: str, reason: str) -> str:
    return f"illegal: {where(turn, player)}: {reason}"
