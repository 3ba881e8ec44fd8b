"""Mortar Hunt (Predrag and Dragan Lazović): hidden mortars on a 12 × 9 board, shelled blind.

The rules engine (standard library and the kit only), its computer player (``bot``) and, in
``table``, how it sits at the box's table. ``GAME`` describes it to the box."""

from ...kit.replay import Replay
from .actions import (
    Action,
    IllegalActionError,
    Move,
    Played,
    Refusal,
    RefusalCode,
    Resign,
    Sacrifice,
    Setup,
    Shot,
    Turn,
)
from .game import GAME
from .legality import LegalTurns
from .moves import Step
from .notation import Facing, NotationError, Position, Square
from .pad import Pad, pad_for
from .record import NewerFormatError, Record, RecordError, RecordIllegalError, load, parse, save
from .referee import Verdict, check_record, check_text
from .rules import (
    EndReason,
    Loadout,
    Options,
    Outcome,
    PerPlayer,
    Phase,
    PieceType,
    Player,
    Score,
    Variant,
    opponent,
)
from .seat import OwnPiece, Seat, SeenAction, SeenShot
from .state import State
from .view import player_view

__all__ = [
    "GAME", "Action", "EndReason", "Facing", "State", "IllegalActionError", "LegalTurns", "Loadout", "Move",
    "NewerFormatError", "NotationError", "Options", "Outcome", "OwnPiece", "Pad", "PerPlayer",
    "Phase", "PieceType", "Played", "Player", "Position", "Record", "RecordError",
    "RecordIllegalError", "Refusal", "RefusalCode", "Replay", "Resign", "Sacrifice", "Score",
    "Seat", "SeenAction", "SeenShot", "Setup", "Shot", "Square", "Step", "Turn", "Variant",
    "Verdict", "check_record", "check_text", "load", "opponent", "pad_for", "parse", "player_view",
    "save",
]
