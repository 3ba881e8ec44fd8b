"""What a player of Four Circles does and how it is written (RULINGS FC3–FC7, RECORD.md): a
placement ``a1``, a piece move ``b2-c3`` and a turn with a tile move ``e4>f1 b2-f1`` (the tile
from e4 to f1, then the piece from b2 onto it); the options, what an action did, how a game
ends and why an action is refused, each tile rule of FC6 with a code of its own. Plain values;
the rules live in :mod:`.position`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from mortar.kit.grid import Cell, NotationError, quote
from mortar.kit.turns import Ending, Player, TurnOptions

from .board import CELL_TEXT, Piece, parse_cell

# A cell's text, ``(x,y)`` (or ``a1``, as the starting rectangle once wrote it); the tile move
# and the piece move built of them: ``(5,4)>(6,1) (2,2)-(6,1)``.
_TILE = re.compile(rf"({CELL_TEXT})>({CELL_TEXT})")
_MOVE = re.compile(rf"(?:({CELL_TEXT})>({CELL_TEXT}) )?({CELL_TEXT})-({CELL_TEXT})")


class Place(NamedTuple):
    """FC3: a plain piece of the player placed on the free tile on ``cell``: ``a1``."""

    cell: Cell

    @classmethod
    def parse(cls, text: str) -> Place:
        return cls(parse_cell(text))

    def __str__(self) -> str:
        return str(self.cell)


class TileMove(NamedTuple):
    """FC6: the empty tile on ``frm`` picked up and put down on ``to``: ``e4>f1``."""

    frm: Cell
    to: Cell

    @classmethod
    def parse(cls, text: str) -> TileMove:
        match = _TILE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise NotationError(f"{quote(text)} is not a tile move (FROM>TO, such as (5,4)>(6,1))")
        return cls(parse_cell(match[1]), parse_cell(match[2]))

    def __str__(self) -> str:
        return f"{self.frm}>{self.to}"


class Move(NamedTuple):
    """FC4: a turn of play: the optional tile move, then the piece on ``frm`` steps or jumps
    to ``to`` (which of the two follows from the distance): ``b2-c3``, ``e4>f1 b2-f1``."""

    frm: Cell
    to: Cell
    tile: TileMove | None = None

    @classmethod
    def parse(cls, text: str) -> Move:
        match = _MOVE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise NotationError(f"{quote(text)} is not a move (FROM-TO, or a tile move first: "
                                f"(5,4)>(6,1) (2,2)-(6,1))")
        tile = TileMove(parse_cell(match[1]), parse_cell(match[2])) if match[1] else None
        return cls(parse_cell(match[3]), parse_cell(match[4]), tile)

    def __str__(self) -> str:
        move = f"{self.frm}-{self.to}"
        return move if self.tile is None else f"{self.tile} {move}"


Action = Place | Move


@dataclass(frozen=True)
class Placed:
    """What a placement did: a plain piece of ``player`` now stands on ``cell``."""

    player: Player
    cell: Cell


@dataclass(frozen=True)
class Moved:
    """What a turn of play did: the tile moved first (if any), then the piece as it moved,
    the cell it jumped over (None for a step) and whether it flipped (a jump flips, FC5)."""

    piece: Piece
    frm: Cell
    to: Cell
    over: Cell | None
    tile: TileMove | None

    @property
    def flipped(self) -> bool:
        return self.over is not None


Effect = Placed | Moved


@dataclass(frozen=True)
class Options(TurnOptions):
    """Four Circles has no options of its own beside the starting player (RECORD.md)."""


class Termination(Ending):
    """How a game ends; the values are the record's ``end`` words (RECORD.md)."""

    FOUR = "four"  # FC7
    DOUBLE_PASS = "double-pass"
    REPETITION = "repetition"
    AGREED = "agreed"
    RESIGN = "resign"

    @property
    def words(self) -> str:
        return "four in a line" if self is Termination.FOUR else super().words


class RefusalCode(Enum):
    """The kind of reason an action is refused, so that a screen can react without words; the
    tile rules' values name the rule of FC6 they enforce."""

    # K0, shared with the other open games (mortar.kit.turns)
    GAME_OVER = "game over"
    NOT_YOUR_TURN = "not your turn"
    MALFORMED = "malformed"
    NO_OFFER = "no offer"
    MUST_MOVE = "must move"
    SETTING_UP = "setting up"  # never: the placement phase is made of numbered turns
    # FC3, FC4: the phases
    PLACING = "placing"  # a move before all twelve pieces are placed
    PLACED = "placed"  # a placement after the twelfth
    # FC5: the piece move
    NO_TILE = "no tile"  # placing, stepping or landing where no tile lies
    OCCUPIED = "occupied"
    NO_PIECE = "no piece"
    NOT_YOURS = "not yours"
    NOT_A_MOVE = "not a move"  # neither a step nor a jump over one neighbouring piece
    NOTHING_TO_JUMP = "nothing to jump"
    # FC6: the tile move
    PICKUP_PIECE = "FC6 pick-up 1"  # a piece stands on the tile
    PICKUP_SIDES = "FC6 pick-up 2"  # fewer than 2 free sides
    PICKUP_SEPARATES = "FC6 pick-up 3"  # the other tiles would not stay one side-connected group
    PUTDOWN_CELL = "FC6 put-down 1"  # the cell has a tile, or is the tile's own
    PUTDOWN_SIDE = "FC6 put-down 2"  # the cell shares no side with another tile
    PUTDOWN_REACH = "FC6 put-down 3"  # the piece move does not end on the tile, or none can
