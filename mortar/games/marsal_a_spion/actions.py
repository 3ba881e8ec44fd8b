"""What a player does (RULINGS R2, R4–R8, R12): setups, moves, attacks, and the kit's resigning
and draw actions; the history entry of an action as it happened; why an action is refused.

Plain values with parse/format pairs (``Move.parse("C4-D5")``, ``str(move)``), shared by the
state, the seat, records and the UI; they hold no rule. Errors by cause come from the kit:
:class:`NotationError` (text that is no square, piece or action), :class:`IllegalActionError`
(an action the rules refuse now).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import NamedTuple

from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.grid import NotationError, quote
from mortar.kit.protocol import IllegalActionError, Refusal

from .board import Player, Square, home_squares
from .pieces import ARMY, Clash, Piece


def _squares(text: object, sign: str, what: str) -> tuple[Square, Square]:
    if isinstance(text, str) and text.count(sign) == 1:
        start, end = text.split(sign)
        try:
            return Square.parse(start), Square.parse(end)
        except NotationError:
            pass
    raise NotationError(f"{quote(text)} is not {what} (such as \"C4{sign}{'D5' if sign == '-' else 'C5'}\")")


@dataclass(frozen=True, slots=True)
class Move:
    """A move onto an empty square, ``C4-D5``: one step in any of the 8 directions, or a
    scout's straight run (R6, R7)."""

    start: Square
    end: Square

    @classmethod
    def parse(cls, text: str) -> Move:
        return cls(*_squares(text, "-", "a move"))

    def __str__(self) -> str:
        return f"{self.start}-{self.end}"


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack on the enemy piece at ``end``, ``C4xC5``: orthogonally adjacent, or in a
    scout's line (R7, R8). Its result follows from the pieces and is not written."""

    start: Square
    end: Square

    @classmethod
    def parse(cls, text: str) -> Attack:
        return cls(*_squares(text, "x", "an attack"))

    def __str__(self) -> str:
        return f"{self.start}x{self.end}"


Play = Move | Attack  # an action of play with a piece


def parse_play(text: str) -> Play:
    """A move or an attack from its notation."""
    if isinstance(text, str) and "x" in text:
        return Attack.parse(text)
    try:
        return Move.parse(text)
    except NotationError:
        raise NotationError(f"{quote(text)} is not a move or an attack (such as \"C4-D5\" or "
                            "\"C4xC5\")") from None


@dataclass(frozen=True)
class Setup:
    """A player's setup: each square of the home rows with its piece, in square order (R4).
    ``str`` and :meth:`parse` write it ``A1:FLG B1:MF …``; the record writes it as an object
    (:meth:`to_json`, :meth:`from_json`)."""

    pieces: tuple[tuple[Square, Piece], ...]

    def __post_init__(self) -> None:
        if isinstance(self.pieces, tuple) and all(
                isinstance(pair, tuple) and len(pair) == 2 and type(pair[0]) is Square
                for pair in self.pieces):
            # One setup, one value, whatever order it was given in.
            object.__setattr__(self, "pieces", tuple(sorted(self.pieces, key=lambda p: p[0].index)))

    @classmethod
    def of(cls, placement: Mapping[Square, Piece]) -> Setup:
        return cls(tuple(placement.items()))

    def placement(self) -> dict[Square, Piece]:
        return dict(self.pieces)

    @classmethod
    def parse(cls, text: str) -> Setup:
        if not isinstance(text, str):
            raise NotationError(f"{quote(text)} is not a setup (such as \"A1:FLG B1:MF ...\")")
        pairs = []
        for word in text.split():
            square, sep, piece = word.partition(":")
            if not sep:
                raise NotationError(f"{quote(word)} is not a square and a piece (such as \"A1:FLG\")")
            pairs.append((Square.parse(square), Piece.parse(piece)))
        return cls(tuple(pairs))

    def __str__(self) -> str:
        return " ".join(f"{square}:{piece}" for square, piece in self.pieces)

    @classmethod
    def from_json(cls, data: Mapping[str, str]) -> Setup:
        return cls(tuple((Square.parse(square), Piece.parse(piece)) for square, piece in data.items()))

    def to_json(self) -> dict[str, str]:
        return {str(square): str(piece) for square, piece in self.pieces}


def random_setup(player: Player, rng: random.Random) -> Setup:
    """The 40 pieces of an army shuffled over the player's home rows (the table's "fill
    randomly", a convenience, not a rule: R4)."""
    army = list(ARMY)
    rng.shuffle(army)
    return Setup(tuple(zip(home_squares(player), army)))


Action = Setup | Move | Attack | OfferDraw | AcceptDraw | Resign


class ActionKind(StrEnum):
    """What an action of the log is, by the record's key. (The kit's :class:`Resign` and
    :class:`AcceptDraw` are empty tuples, equal to each other, so a value that must tell them
    apart says its kind.)"""

    SETUP = "setup"
    MOVE = "move"
    ATTACK = "attack"
    ACCEPT_DRAW = "accept_draw"
    RESIGN = "resign"


def kind_of(action: object) -> ActionKind:
    if isinstance(action, OfferDraw):
        action = action.action
    if isinstance(action, Move):
        return ActionKind.MOVE
    if isinstance(action, Attack):
        return ActionKind.ATTACK
    if isinstance(action, Setup):
        return ActionKind.SETUP
    if isinstance(action, AcceptDraw):
        return ActionKind.ACCEPT_DRAW
    if isinstance(action, Resign):
        return ActionKind.RESIGN
    raise TypeError(f"{quote(action)} is not an action")


class Removed(NamedTuple):
    """A piece taken off the board into the tray beside it, its identity shown to both players
    (R9): whose it was, its handle (the square it was set up on), what it is, and the turn."""

    player: Player
    handle: Square
    piece: Piece
    turn: int


class Played(NamedTuple):
    """An action as it happened: one entry of the state's history.

    ``turn``: 0 for a setup, else the action's number (every action of either player counts,
    from 1). ``action`` is the action without its draw offer (``offer_draw``). For a move or an
    attack, ``handle``/``piece`` are the acting piece; for an attack also the defender's, the
    ``clash`` and what it ``removed``. A piece's handle is the square it was set up on: it
    follows the piece as it moves. (A tuple, not a dataclass: one is made for every action.)"""

    player: Player
    turn: int
    action: Setup | Move | Attack | AcceptDraw | Resign
    offer_draw: bool = False
    handle: Square | None = None
    piece: Piece | None = None
    defender_handle: Square | None = None
    defender: Piece | None = None
    clash: Clash | None = None
    removed: tuple[Removed, ...] = ()

    @property
    def kind(self) -> ActionKind:
        return kind_of(self.action)


class RefusalCode(Enum):
    """The kind of reason an action is refused, so that a screen can react without reading the
    words. ``public``: the reason names no hidden identity (what a record's public reason may
    quote); the others tell what one's own piece is."""

    MALFORMED = ("malformed", True)
    GAME_OVER = ("game over", True)
    NOT_YOUR_TURN = ("not your turn", True)
    SETTING_UP = ("setting up", True)  # an action of play before both armies are set up
    SET_UP_ALREADY = ("set up already", True)  # a setup in play
    SETUP_SQUARES = ("setup squares", True)  # a setup that does not fill exactly the home rows
    SETUP_COUNTS = ("setup counts", False)  # a setup that is not an army of R3
    NO_OWN_PIECE = ("no own piece", True)  # nothing of the player's on the start square
    IMMOVABLE = ("immovable", False)  # a minefield or the flag (R6)
    FORBIDDEN_SQUARE = ("forbidden square", True)  # D5–D7, G5–G7 (R1)
    OCCUPIED = ("occupied", True)  # a move onto a piece (R6)
    NOT_A_LINE = ("not a line", True)  # no step, no straight orthogonal line (R6, R7)
    NOT_A_SCOUT = ("not a scout", False)  # a run or a distance attack by another piece (R7)
    BLOCKED = ("blocked", True)  # a scout's line through a piece or a forbidden square (R7)
    DIAGONAL_ATTACK = ("diagonal attack", True)  # R8
    NO_ENEMY = ("no enemy", True)  # an attack on a square without an enemy piece (R8)
    NO_DRAW_OFFER = ("no draw offer", True)  # accepting a draw nobody offered (R12.4)
    OFFER_WITHOUT_PLAY = ("offer without play", True)  # a draw offer goes with a move or an attack

    def __init__(self, word: str, public: bool) -> None:
        self.word = word
        self.public = public


__all__ = [
    "AcceptDraw", "Action", "ActionKind", "Attack", "IllegalActionError", "Move", "NotationError",
    "OfferDraw", "Play", "Played", "Refusal", "RefusalCode", "Removed", "Resign", "Setup",
    "kind_of", "parse_play", "random_setup",
]
