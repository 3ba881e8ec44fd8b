"""What a player of Enlightenment does and how it is written (RULINGS EN4–EN6, RECORD.md): a
move as the squares it visits, ``b2-c3`` for a step and ``a1-a3-c3`` for a jump sequence; the
table's options, what a move did, how a game ends and why an action is refused. Plain values;
the rules live in :mod:`.position`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mortar.kit.grid import NotationError, quote
from mortar.kit.turns import Ending, TurnOptions

from .board import Layout, Piece, Square

LONGEST_TEXT = 3 * 25  # a move visits at most the 25 squares once: longer text is no move


@dataclass(frozen=True)
class Move:
    """A piece's move as the squares it stands on: its start, then each landing. Two squares
    one apart are a step; two squares orthogonally two apart, or more squares, a jump sequence
    (EN4). The flip is not written."""

    path: tuple[Square, ...]

    @classmethod
    def parse(cls, text: str) -> Move:
        parts = text.split("-") if isinstance(text, str) and len(text) <= LONGEST_TEXT else []
        if len(parts) < 2:
            raise NotationError(f"{quote(text)} is not a move (FROM-TO or FROM-L1-L2-…, such as b2-c3)")
        return cls(tuple(Square.parse(part) for part in parts))

    @classmethod
    def of(cls, *squares: str) -> Move:
        return cls(tuple(Square.parse(s) for s in squares))

    @property
    def frm(self) -> Square:
        return self.path[0]

    @property
    def to(self) -> Square:
        return self.path[-1]

    @property
    def landings(self) -> tuple[Square, ...]:
        return self.path[1:]

    def __str__(self) -> str:
        return "-".join(map(str, self.path))


@dataclass(frozen=True)
class Moved:
    """What a move did: the piece as it moved, the squares it visited, the pieces it jumped
    over (empty for a step), and whether it became enlightened (EN5)."""

    piece: Piece
    path: tuple[Square, ...]
    over: tuple[Square, ...]
    enlightened: bool

    @property
    def jumped(self) -> bool:
        return bool(self.over)


@dataclass(frozen=True)
class Options(TurnOptions):
    """The table's options: the start layout (EN3, A by default)."""

    start: Layout = Layout.A

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.start not in tuple(Layout):
            raise ValueError(f"start must be A, B or C, not {self.start!r}")
        object.__setattr__(self, "start", Layout(self.start))


class Termination(Ending):
    """How a game ends; the values are the record's ``end`` words (RECORD.md)."""

    ENLIGHTENED = "enlightened"  # EN6
    DOUBLE_PASS = "double-pass"
    REPETITION = "repetition"
    AGREED = "agreed"
    RESIGN = "resign"

    @property
    def words(self) -> str:
        return "all enlightened" if self is Termination.ENLIGHTENED else super().words


class RefusalCode(Enum):
    """The kind of reason an action is refused, so that a screen can react without words."""

    # K0, shared with the other open games (mortar.kit.turns)
    GAME_OVER = "game over"
    NOT_YOUR_TURN = "not your turn"
    MALFORMED = "malformed"
    NO_OFFER = "no offer"
    MUST_MOVE = "must move"
    SETTING_UP = "setting up"  # never: Enlightenment has no setup
    # EN4, the moves
    NO_PIECE = "no piece"
    NOT_YOURS = "not yours"
    OCCUPIED = "occupied"
    NOT_A_MOVE = "not a move"  # a leg that is neither a step nor an orthogonal jump
    DIAGONAL_JUMP = "diagonal jump"
    STEP_IN_SEQUENCE = "step in sequence"  # a step and jumps are not combined
    NOTHING_TO_JUMP = "nothing to jump"
    REVISIT = "revisit"  # landing again on a square of the same move, its start included
