"""The referee (RECORD.md, "Referee CLI"): a record's verdict, as one plain line and as JSON.

``ok: Red wins (flag captured) after 143 turns``, ``ok: draw (PAT) after 88 turns``, ``ok: in
progress after 7 turns, Blue to play``, ``illegal: turn 12 Blue: …``; the JSON's ``end`` is the
:class:`.rules.Termination` word, in the verdict's ``details``.
"""

from __future__ import annotations

from typing import Any

from mortar.kit.protocol import GameRecord
from mortar.kit.records import (
    ILLEGAL,
    OK,
    RecordError,
    RecordIllegalError,
    Verdict,
    error_verdict,
    illegal_line,
    load_json,
)

from .record import Record, parse
from .rules import Phase
from .state import State


def verdict(record: GameRecord[State]) -> Verdict:
    """Replay a parsed record: the verdict of its end, or of its first illegal action (with the
    game as it stood just before that action), saying which keys of its options nothing reads."""
    extra = [key for key, _text in record.options.extra] if isinstance(record, Record) else []
    return _verdict(record).noting(extra)


def _verdict(record: GameRecord[State]) -> Verdict:
    state: State | None = None
    try:
        for state in record.replaying():  # noqa: B007 -- changed in place; kept for an error
            pass
    except RecordIllegalError as e:
        assert state is not None  # a record's game is yielded before its first action
        return Verdict(ILLEGAL, illegal_line(e.turn, e.player, e.reason), e.turn, e.player, e.reason,
                       **_standing(state))
    assert state is not None
    return standing(state)


def standing(state: State) -> Verdict:
    """The ``ok`` verdict of a game as it stands: its end, or who is to act."""
    return Verdict(OK, _ok_line(state), **_standing(state))


def check_data(data: Any) -> Verdict:
    """The verdict of a record's decoded JSON; never raises for JSON data."""
    try:
        record = parse(data)
    except RecordError as e:
        return error_verdict(str(e))
    return verdict(record)


def check_text(text: str | bytes) -> Verdict:
    """The verdict of a record's text; never raises, whatever the text."""
    try:
        data = load_json(text)
    except RecordError as e:
        return error_verdict(str(e))
    return check_data(data)


def _standing(state: State) -> dict[str, Any]:
    outcome = state.outcome
    if outcome is None:
        return {"winner": None, "details": {"end": None}, "turns": state.turns,
                "next": None if state.to_play is None else str(state.to_play)}
    winner = "draw" if outcome.winner is None else str(outcome.winner)
    return {"winner": winner, "details": {"end": str(outcome.reason)}, "turns": outcome.turns, "next": None}


def _ok_line(state: State) -> str:
    turns = f"after {state.turns} turn{'' if state.turns == 1 else 's'}"
    outcome = state.outcome
    if outcome is None:
        doing = "set up" if state.phase is Phase.SETUP else "play"
        return f"ok: in progress {turns}, {state.to_play} to {doing}"
    head = "draw" if outcome.winner is None else f"{outcome.winner} wins"
    return f"ok: {head} ({outcome.words(state.options)}) {turns}"
