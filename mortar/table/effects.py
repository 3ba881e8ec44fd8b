"""What a screen plays once when it first shows a moment of the game: sound, vibration and
motion, as a closed set of values (the web layer plays each; a game declares which it shows).
Nothing here may depend on a hidden fact: an effect is drawn on the screen of the player who
may see it, and a shot's flight lasts the same whatever its length (R12)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shot:
    """A shell flies from one square to another and lands (``hit`` None: not known yet);
    ``celebrate``: the element that bursts when it won the game."""

    start: str
    end: str
    hit: bool | None = None
    celebrate: str | None = None


@dataclass(frozen=True)
class Landed:
    """An enemy shell lands on a square of this player's board: a hit or a miss."""

    at: str
    hit: bool


@dataclass(frozen=True)
class Flip:
    """Pieces turned over in the move shown (a KARO disc's other side up)."""

    at: tuple[str, ...]


@dataclass(frozen=True)
class Fanfare:
    """The end of the game just played: the fanfare for a person who won (the element of
    ``celebrate`` bursts), else the lament."""

    won: bool
    celebrate: str | None = None


Effect = Shot | Landed | Flip | Fanfare
