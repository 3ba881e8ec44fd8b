"""The fixed parameters of a game: players, piece types, variant, turn limit (RULINGS R3, R10, R11).

They are chosen once at the table and never change while the game is played; the mutable state
lives in :mod:`mortar.game`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .notation import HEIGHT, OBSTACLE_ROW, WIDTH, Square

PLAYERS = ("A", "B")


def opponent(player: str) -> str:
    return "B" if player == "A" else "A"


def half_rows(player: str) -> range:
    """The rows of a player's own half: A has 1–4, B has 6–9 (RULINGS R1)."""
    return range(1, OBSTACLE_ROW) if player == "A" else range(OBSTACLE_ROW + 1, HEIGHT + 1)


def half_mask(player: str) -> int:
    """Bit i is set when square index i lies in the player's own half."""
    mask = 0
    for row in half_rows(player):
        for column in range(WIDTH):
            mask |= 1 << Square(column, row).index
    return mask


HALF_MASK = {p: half_mask(p) for p in PLAYERS}


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
            raise ValueError(f"{text!r} is not a piece type (HM or LH)") from None

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
