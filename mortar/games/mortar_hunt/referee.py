"""The referee's verdict on a Mortar Hunt record (RECORD.md, "Referee CLI"): the kit's
:class:`~mortar.kit.records.Verdict` with this game's ``score`` and words."""

from __future__ import annotations

from typing import Any

from ...kit.records import ERROR, ILLEGAL, OK, RecordError, RecordIllegalError, Verdict, illegal_line
from .record import Record, parse
from .rules import PLAYERS
from .state import State

__all__ = ["ERROR", "ILLEGAL", "OK", "Verdict", "check_record", "check_text", "verdict_line"]


def verdict_line(winner: str | None, score: dict[str, int], turns: int, next_: str | None) -> str:
    """The plain verdict of a legal record: who won and the score, or who is to play."""
    a, b = score["A"], score["B"]
    after = f"after {turns} turn{'' if turns == 1 else 's'}"
    if winner == "draw":
        return f"ok: draw {a}:{b} {after}"
    if winner is not None:
        won, lost = (a, b) if winner == "A" else (b, a)
        return f"ok: {winner} wins {won}:{lost} {after}"
    return f"ok: in progress {after}, {next_} to play, A {a}:{b} B"


def _state(game: State) -> dict[str, Any]:
    outcome = game.outcome
    if outcome is not None:
        over = outcome.as_dict()
        return {"winner": over["winner"], "score": over["score"], "turns": over["turns"], "next": None}
    return {"winner": None, "score": game.scores().as_dict(), "turns": game.turns_started,
            "next": None if game.to_play is None else str(game.to_play)}


def _verdict(status: str, state: dict[str, Any], turn: int | None = None, player: str | None = None,
             reason: str | None = None) -> Verdict:
    line = (illegal_line(turn or 0, player or "", reason or "") if status == ILLEGAL else
            verdict_line(state["winner"], state["score"], state["turns"], state["next"]))
    return Verdict(status, line, turn, player, reason, state["winner"], {"score": state["score"]},
                   state["turns"], state["next"])


def check_record(record: Record) -> Verdict:
    """Replay a parsed record; the verdict locates the first illegal action."""
    try:
        game = record.replay()
    except RecordIllegalError as e:
        # The state just before the offending action: replay the legal prefix.
        before = State() if e.turn == 0 else record.replay(upto=(e.turn - 1) * 2 + PLAYERS.index(e.player))
        state = _state(before)
        if e.turn == 0:
            state["next"] = None
        return _verdict(ILLEGAL, state, e.turn, e.player, e.reason)
    return _verdict(OK, _state(game))


def check_text(text: str | bytes) -> Verdict:
    """Check a record's text. Never raises for any input."""
    try:
        record = parse(text)
    except RecordError as e:
        return Verdict(ERROR, f"error: {e}", reason=str(e))
    try:
        return check_record(record)
    except RecursionError:
        reason = "the record is too deeply nested"
        return Verdict(ERROR, f"error: {reason}", reason=reason)
