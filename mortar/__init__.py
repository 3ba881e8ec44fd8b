"""Mortar Hunt: the rules engine (pure Python, no browser imports) and, in ``mortar.ui``, the
browser front end."""

from .game import (
    Action,
    Game,
    IllegalActionError,
    Move,
    Played,
    Resign,
    Sacrifice,
    Setup,
    Shot,
    Turn,
)
from .notation import Facing, NotationError, Position, Square
from .pad import Pad, pad_for
from .record import Record, RecordError, RecordIllegalError, load, parse, save
from .referee import Verdict, check_record, check_text
from .rules import Loadout, Options, PieceType, Variant, opponent
from .view import player_view

__all__ = [
    "Action", "Facing", "Game", "IllegalActionError", "Loadout", "Move", "NotationError",
    "Options", "Pad", "PieceType", "Played", "Position", "Record", "RecordError",
    "RecordIllegalError", "Resign", "Sacrifice", "Setup", "Shot", "Square", "Turn", "Variant", "Verdict",
    "check_record", "check_text", "load", "opponent", "pad_for", "parse", "player_view", "save",
]
