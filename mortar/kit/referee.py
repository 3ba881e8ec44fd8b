"""The referee of the box: a record's text judged by the game its ``format`` names, with each
game's RECORD.md verdict (a game played by links: :mod:`mortar.kit.linkrecord`). Never raises,
whatever the input; time linear in the input's length."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .records import RecordError, Verdict, error_verdict, format_of, load_json, quote_json

GameLookup = Callable[[str], Any]  # record format -> the game's GameDef, or None


def check_text(text: str | bytes, games: GameLookup) -> Verdict:
    """The verdict on a record's text: ``error`` when it is no record of any game of the box."""
    try:
        data = load_json(text)
        name, version = format_of(data)
        if name == "by-links":  # a game played by links: its messages, then the game's record
            from .linkrecord import check

            return check(data, games)
        game = games(f"{name}/{version}")
        if game is None:
            raise RecordError(f"format {quote_json(data['format'])} is not a game of this box")
        record = game.parse_record(data)
    except RecordError as e:
        return error_verdict(str(e))
    except RecursionError:
        return error_verdict("the record is too deeply nested")
    try:
        verdict: Verdict = game.verdict(record)
    except RecursionError:
        return error_verdict("the record is too deeply nested")
    return verdict
