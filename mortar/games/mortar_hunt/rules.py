"""The fixed parameters of a game and its vocabulary: players, phases, piece types, variant,
turn limit, the halves and the obstacle row, and how a game ends (RULINGS R1, R3, R8, R10, R11).

They are chosen once at the table and never change while the game is played; the mutable state
lives in :mod:`.state`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any, Generic, TypeVar

from ...kit.records import name_key, names_refusal
from .notation import HEIGHT, WIDTH, Square, quote

__all__ = ["COMPUTER_LEVELS", "HALF_MASK", "MAX_SKIPS", "NAME_MAX", "OBSTACLE_ROW", "PLAYERS",
           "SUGGESTED_TURN_LIMIT", "TURN_LIMIT_MAX", "EndReason", "Loadout", "Options", "Outcome",
           "PerPlayer", "Phase", "PieceType", "Player", "Score", "Variant", "cap_name", "half",
           "half_mask", "half_rows", "name_key", "names_refusal", "opponent"]

OBSTACLE_ROW = 5  # RULINGS R1: the row between the halves; no piece stands or is shot there
MAX_SKIPS = 2  # RULINGS R8: at most two consecutive turns without a shot


class Player(StrEnum):
    """A player; a ``str`` so that ``Player.A == "A"`` (records and page data use the letters)."""

    A = "A"
    B = "B"

    @property
    def opponent(self) -> Player:
        return Player.B if self is Player.A else Player.A


PLAYERS = (Player.A, Player.B)


class Phase(StrEnum):
    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


class EndReason(StrEnum):
    DESTROYED = "destroyed"
    TURN_LIMIT = "turn limit"
    RESIGNED = "resigned"


NAME_MAX = 40  # characters of a player's name: typed at the start or read from a record
TURN_LIMIT_MAX = 999  # the largest custom turn limit the table offers
COMPUTER_LEVELS = ("easy", "medium", "hard")  # the computer opponent's levels (RECORD.md)
SUGGESTED_TURN_LIMIT = 28  # the rulebook's suggestion (R10): one page of the paper pad


def cap_name(name: str | None) -> str | None:
    """A player's name as the game keeps it: its first :data:`NAME_MAX` characters."""
    return None if name is None else name[:NAME_MAX]


def opponent(player: str) -> Player:
    return Player.B if player == "A" else Player.A


def half_rows(player: str) -> range:
    """The rows of a player's own half: A has 1–4, B has 6–9 (RULINGS R1)."""
    return range(1, OBSTACLE_ROW) if player == "A" else range(OBSTACLE_ROW + 1, HEIGHT + 1)


def half(player: str) -> frozenset[Square]:
    """The squares of a player's own half: where their pieces stand and the enemy's shots land."""
    return _HALVES[player]


def half_mask(player: str) -> int:
    """Bit i is set when square index i lies in the player's own half."""
    mask = 0
    for row in half_rows(player):
        for column in range(WIDTH):
            mask |= 1 << Square(column, row).index
    return mask


HALF_MASK: dict[str, int] = {p: half_mask(p) for p in PLAYERS}
_HALVES: dict[str, frozenset[Square]] = {p: frozenset(sq for sq in Square.all() if sq.row in half_rows(p))
                                         for p in PLAYERS}

T = TypeVar("T")


@dataclass(frozen=True)
class PerPlayer(Generic[T]):
    """One value for each player, looked up by player: ``score[Player.A]``."""

    a: T
    b: T

    def __getitem__(self, player: str) -> T:
        if player == "A":
            return self.a
        if player == "B":
            return self.b
        raise KeyError(player)

    def items(self) -> tuple[tuple[Player, T], tuple[Player, T]]:
        return ((Player.A, self.a), (Player.B, self.b))

    def as_dict(self) -> dict[str, T]:
        return {"A": self.a, "B": self.b}


Score = PerPlayer[int]  # enemy pieces each player destroyed (RULINGS R10)


@dataclass(frozen=True)
class Outcome:
    """How a game ended. ``winner`` None is a draw; ``turns`` counts the numbered turns started."""

    winner: Player | None
    reason: EndReason
    score: PerPlayer[int]
    turns: int

    def as_dict(self) -> dict[str, Any]:
        """Plain data for the page, the embed messages and the referee ("draw" for no winner)."""
        return {"winner": str(self.winner or "draw"), "reason": str(self.reason),
                "score": self.score.as_dict(), "turns": self.turns}


class PieceType(Enum):
    """A piece's type and its shooting range in squares (RULINGS R3)."""

    HM = ("heavy mortar", 3, 5)
    LH = ("light howitzer", 5, 7)

    def __init__(self, word: str, shortest: int, longest: int) -> None:
        self.word = word
        self.shortest = shortest
        self.longest = longest

    @classmethod
    def parse(cls, text: str) -> PieceType:
        try:
            return cls[text]
        except (KeyError, TypeError):
            raise ValueError(f"{quote(text)} is not a piece type (HM or LH)") from None

    def __str__(self) -> str:
        return self.name


class Variant(Enum):
    CLASSIC = "classic"
    CRATERS = "craters"

    def __str__(self) -> str:
        return self.value


class Loadout(Enum):
    """How piece types are chosen at the table (RULINGS R3)."""

    ALL_HM = "HM"
    ALL_LH = "LH"
    SECRET = "secret"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Options:
    """The table options. ``turn_limit`` None plays until a side has no live piece."""

    variant: Variant = Variant.CLASSIC
    turn_limit: int | None = None
    loadout: Loadout = Loadout.ALL_HM

    def __post_init__(self) -> None:
        tl = self.turn_limit
        if tl is not None and (isinstance(tl, bool) or not isinstance(tl, int) or tl < 1):
            raise ValueError(f"turn limit {tl!r} is not a positive whole number")

    def fixed_type(self) -> PieceType | None:
        """The type every piece has, or None when each player picks in secret."""
        if self.loadout is Loadout.ALL_HM:
            return PieceType.HM
        if self.loadout is Loadout.ALL_LH:
            return PieceType.LH
        return None
