"""What a player of Hopper and Sneaker does and how it is written (RULINGS HS3–HS7, RECORD.md):
a move ``b1-b3`` and a setup ``a1=S b1=H …``, the table's options, what a move did, how a
game ends and why an action is refused. Plain values; the rules live in :mod:`.position`.
"""

from __future__ import annotations

import re
from contextlib import suppress
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from mortar.kit.grid import NotationError, quote
from mortar.kit.turns import Ending, Player, TurnOptions

from .board import HOME, Face, Piece, Square

HOPPERS_DEFAULT = 3  # HS3: three Hoppers and three Sneakers each


class Move(NamedTuple):
    """The piece on ``frm`` steps (a Sneaker) or jumps (a Hopper) to ``to``: ``b1-b3``. Which
    one follows from the piece; the flip is not written (RECORD.md)."""

    frm: Square
    to: Square

    @classmethod
    def parse(cls, text: str) -> Move:
        parts = text.split("-") if isinstance(text, str) else []
        if len(parts) != 2:
            raise NotationError(f"{quote(text)} is not a move (FROM-TO, such as b1-b3)")
        return cls(Square.parse(parts[0]), Square.parse(parts[1]))

    def __str__(self) -> str:
        return f"{self.frm}-{self.to}"

    @property
    def path(self) -> tuple[Square, Square]:
        """The squares the piece visits: its start and its end."""
        return self.frm, self.to


_SETUP_ITEM = re.compile(r"([a-z][0-9]+)=([A-Z])")


@dataclass(frozen=True)
class Setup:
    """A player's arrangement of his pieces (HS3): each square and the face up on it, in board
    order. Any squares may be named (a record may name wrong ones); the rules say which are
    legal. Written ``a1=S b1=H c1=S a2=H b2=S c2=H``."""

    player: Player
    pieces: tuple[tuple[Square, Face], ...]

    def __post_init__(self) -> None:
        # One order, so that equal arrangements are equal values; what is not squares and
        # faces is kept as given, for the rules to refuse saying why.
        with suppress(TypeError):
            object.__setattr__(self, "pieces", tuple(sorted(self.pieces)))

    @classmethod
    def home(cls, player: Player, faces: str) -> Setup:
        """The six home squares of ``player`` in board order (a1 b1 c1 a2 b2 c2 for Red), with
        the faces ``faces`` such as ``"SHSHSH"``."""
        if len(faces) != len(HOME[player]):
            raise NotationError(f"{quote(faces)} is not six faces (S or H), one per home square")
        try:
            return cls(player, tuple(zip(HOME[player], map(Face, faces))))
        except ValueError:
            raise NotationError(f"{quote(faces)} is not six faces (S or H), one per home square") from None

    @classmethod
    def parse(cls, player: Player, text: str) -> Setup:
        items = text.split() if isinstance(text, str) else [None]
        pieces = []
        for item in items:
            match = _SETUP_ITEM.fullmatch(item) if isinstance(item, str) else None
            if match is None or match[2] not in "SH":
                raise NotationError(f"{quote(text)} is not a setup (such as a1=S b1=H …)")
            pieces.append((Square.parse(match[1]), Face(match[2])))
        return cls(player, tuple(pieces))

    @property
    def hoppers(self) -> int:
        return sum(face is Face.HOPPER for _, face in self.pieces)

    def __str__(self) -> str:
        return " ".join(f"{sq}={face}" for sq, face in self.pieces)


@dataclass(frozen=True)
class Moved:
    """What a move did: the piece as it moved, whether it jumped (a Hopper) and over which
    squares, and the face it shows now (HS5, HS6: it is always flipped)."""

    piece: Piece
    frm: Square
    to: Square
    over: tuple[Square, ...]  # the jumped run; empty for a Sneaker's step
    became: Face

    @property
    def jumped(self) -> bool:
        return bool(self.over)

    @property
    def path(self) -> tuple[Square, Square]:
        return self.frm, self.to


@dataclass(frozen=True)
class Arranged:
    """What a setup did: the player's pieces now stand on his home squares."""

    setup: Setup


@dataclass(frozen=True)
class Options(TurnOptions):
    """The table's options (HS3): Hoppers per player (the same for both, HQ3) and whether the
    players arrange behind the curtain (changes the table's procedure, not the rules)."""

    hoppers: int = HOPPERS_DEFAULT
    secret_setup: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.hoppers, bool) or not isinstance(self.hoppers, int) or not 0 <= self.hoppers <= 6:
            raise ValueError(f"hoppers must be a whole number from 0 to 6, not {self.hoppers!r}")
        if not isinstance(self.secret_setup, bool):
            raise ValueError(f"secret_setup must be true or false, not {self.secret_setup!r}")


class Termination(Ending):
    """How a game ends; the values are the record's ``end`` words (RECORD.md)."""

    HOME = "home"  # HS7.1
    BLOCKADE = "blockade"  # HS7.2
    DOUBLE_PASS = "double-pass"
    REPETITION = "repetition"
    AGREED = "agreed"
    RESIGN = "resign"

    @property
    def words(self) -> str:
        return "all home" if self is Termination.HOME else super().words


class RefusalCode(Enum):
    """The kind of reason an action is refused, so that a screen can react without words."""

    # K0, shared with the other open games (mortar.kit.turns)
    GAME_OVER = "game over"
    NOT_YOUR_TURN = "not your turn"
    MALFORMED = "malformed"
    NO_OFFER = "no offer"  # accepting a draw nobody offered
    MUST_MOVE = "must move"  # passing with a legal move
    SETTING_UP = "setting up"  # a move, pass, draw or resignation before both have arranged
    # HS3, the setup
    NOT_SETTING_UP = "not setting up"
    NOT_HOME = "not home"  # a piece off the player's home squares
    SQUARE_TWICE = "square twice"
    MISSING_SQUARE = "missing square"
    HOPPER_COUNT = "hopper count"
    # HS4–HS6, the moves
    NO_PIECE = "no piece"
    NOT_YOURS = "not yours"
    NOT_A_STEP = "not a step"  # a Sneaker steps to a neighbouring square
    OCCUPIED = "occupied"
    HOPPER_STEPS = "hopper steps"  # a Hopper must jump
    NOT_STRAIGHT = "not straight"
    NOTHING_TO_JUMP = "nothing to jump"
    NO_LANDING = "no landing"  # the run of pieces reaches the edge
    WRONG_LANDING = "wrong landing"  # not the first empty square behind the run
