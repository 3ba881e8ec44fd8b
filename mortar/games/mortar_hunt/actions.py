"""What a player does (RULINGS R3–R10): placements, moves, shots, turns, sacrifices, resigning,
the history entry of an action as it happened, and why an action is refused.

These are plain values shared by the game, the seat, records and the UI; they hold no rule.
``Refusal``, ``IllegalActionError`` and ``Resign`` are the kit's, shared by every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, NamedTuple, TypeVar

from ...kit.common import Resign
from ...kit.protocol import IllegalActionError, Refusal
from .notation import Position, Square
from .rules import PieceType, Player

__all__ = ["MOVES", "PIECES", "SHOTS", "Action", "IllegalActionError", "Move", "Played", "Refusal",
           "RefusalCode", "Resign", "Sacrifice", "Setup", "Shot", "Turn", "form_refusal",
           "is_piece_number"]

PIECES = (1, 2, 3)


class RefusalCode(Enum):
    """The kind of reason an action is refused, so that a UI can react without parsing words."""

    NOT_YOUR_TURN = "not your turn"
    GAME_OVER = "game over"
    NOT_PLACED = "not placed"
    NO_SUCH_PIECE = "no such piece"
    PIECE_DESTROYED = "piece destroyed"
    MALFORMED = "malformed"
    NO_CHANGE = "no change"  # a move must change the square or the facing
    TOO_FAR = "too far"  # more than three steps
    OFF_BOARD = "off board"
    OBSTACLE = "obstacle"  # the obstacle row
    OFF_HALF = "off half"  # not in the player's own half
    TAKEN = "taken"  # by an own piece or wreck
    CRATER = "crater"
    BLOCKED = "blocked"  # every way there is blocked
    BACK_STEP_ALONE = "back step alone"  # a step back is a whole move
    NOT_ALONG_FACING = "not along facing"
    OUT_OF_RANGE = "out of range"
    OWN_HALF_TARGET = "own half target"
    SHOT_TWICE = "shot twice"  # craters: each square once
    MUST_SHOOT = "must shoot"  # a skip refused, or a move that leaves no shot
    MUST_SACRIFICE = "must sacrifice"
    NO_SACRIFICE = "no sacrifice"  # a sacrifice when none is due
    SAME_SQUARE = "same square"  # two pieces placed on one square
    WRONG_TYPE = "wrong type"  # a piece type the loadout does not allow


@dataclass(frozen=True)
class Setup:
    """A player's placement: three positions, piece 1–3 in order, and their types."""

    player: Player
    positions: tuple[Position, Position, Position]
    types: tuple[PieceType, PieceType, PieceType] = (PieceType.HM,) * 3


class Move(NamedTuple):
    """Piece ``piece`` (1–3) ends at ``to``. Moves are recorded by end position (RULINGS R5)."""

    piece: int
    to: Position

    def __str__(self) -> str:
        return f"{self.piece}:{self.to}"


class Shot(NamedTuple):
    """Piece ``piece`` (1–3) fires at ``at``."""

    piece: int
    at: Square

    def __str__(self) -> str:
        return f"{self.piece}>{self.at}"


class Turn(NamedTuple):
    """An ordinary turn: one move, then one shot or none (a skip)."""

    move: Move
    shot: Shot | None = None


class Sacrifice(NamedTuple):
    """The whole turn of a player who must shoot and cannot (RULINGS R9)."""

    piece: int


# Actions are small tuples (cheap to build by the hundred when listing legal turns); the moves
# and shots that can exist are interned so listing them allocates nothing new.
# They are made on first use, not at import: the page's start-up time counts every millisecond.
T = TypeVar("T")


class _Interned(dict[int, list[T]], Generic[T]):
    def __init__(self, make: Callable[[int], list[T]]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, piece: int) -> list[T]:
        self[piece] = table = self._make(piece)
        return table


MOVES: _Interned[Move] = _Interned(lambda n: [tuple.__new__(Move, (n, p)) for p in Position._all])
SHOTS: _Interned[Shot] = _Interned(lambda n: [tuple.__new__(Shot, (n, s)) for s in Square._all])


Action = Turn | Sacrifice | Resign


@dataclass(frozen=True)
class Played:
    """An action as it happened, with what it did: the history entry of one player-turn."""

    player: Player
    turn: int  # the numbered turn (pad row)
    action: Action
    hit: bool | None = None  # for a Turn with a shot
    destroyed: int | None = None  # enemy piece number destroyed by the shot
    moved_from: Position | None = None  # for a Turn: where the moved piece stood
    sacrificed: Square | None = None  # for a Sacrifice: the piece's square (its wreck stays there)


def is_piece_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def form_refusal(action: object) -> Refusal | None:
    """Why ``action`` is not even shaped like an action, so that no input can crash apply()."""
    if isinstance(action, Resign):
        return None
    if isinstance(action, Sacrifice):
        if is_piece_number(action.piece):
            return None
        return Refusal(RefusalCode.MALFORMED, f"{action.piece!r} is not a piece number")
    if not isinstance(action, Turn):
        return Refusal(RefusalCode.MALFORMED,
                       f"{action!r} is not an action (a turn, a sacrifice or resigning)")
    move, shot = action.move, action.shot
    if not isinstance(move, Move) or not is_piece_number(move.piece) or not isinstance(move.to, Position):
        return Refusal(RefusalCode.MALFORMED, f"{move!r} is not a move (a piece number and an end position)")
    if shot is not None and (not isinstance(shot, Shot) or not is_piece_number(shot.piece)
                             or not isinstance(shot.at, Square)):
        return Refusal(RefusalCode.MALFORMED, f"{shot!r} is not a shot (a piece number and a target square)")
    return None
