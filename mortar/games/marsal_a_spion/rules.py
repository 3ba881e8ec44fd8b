"""The fixed parameters of a game and how it ends (RULINGS R12, R14): the table's options, the
phases of a game, the ways a game ends and the outcome. Chosen once at the table; the mutable
state lives in :mod:`.state`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .board import Player

INACTIVITY_LIMIT = 200  # R12.6: turns in a row without an attack that end the game in a draw


class Phase(StrEnum):
    SETUP = "setup"  # Red sets up, then Blue (R4)
    PLAY = "play"
    OVER = "over"


class Termination(StrEnum):
    """How a game ended; the value is the record's ``end`` word (RECORD.md)."""

    FLAG_CAPTURED = "flag"  # R12.1: the capturer wins
    PAT = "pat"  # R12.2: the player to act has no legal action: a draw
    NO_HOPE = "no-hope"  # R12.3: neither player can ever capture the other's flag: a draw
    INACTIVITY = "inactivity"  # R12.6: the table's limit of turns without an attack: a draw
    AGREED_DRAW = "agreed"  # R12.4
    RESIGNATION = "resign"  # R12.5: the opponent wins


@dataclass(frozen=True)
class Outcome:
    """How a game ended (python-chess's ``Outcome``): ``winner`` None is a draw; ``turns`` the
    actions of play taken, of either player."""

    winner: Player | None
    reason: Termination
    turns: int

    def words(self, options: Options | None = None) -> str:
        """The reason in the referee's words: ``flag captured``, ``PAT``, ``Red resigned`` …"""
        reason = self.reason
        if reason is Termination.RESIGNATION and self.winner is not None:
            return f"{self.winner.opponent} resigned"
        if reason is Termination.INACTIVITY:
            limit = (options or Options()).inactivity_limit
            return f"{limit} turns without an attack" if limit else "no attack for too long"
        return _WORDS[reason]

    def __str__(self) -> str:
        head = "draw" if self.winner is None else f"{self.winner} wins"
        return f"{head} ({self.words()}) after {self.turns} turn{'' if self.turns == 1 else 's'}"


_WORDS = {
    Termination.FLAG_CAPTURED: "flag captured",
    Termination.PAT: "PAT",
    Termination.NO_HOPE: "no hope: neither flag can be captured",
    Termination.AGREED_DRAW: "agreed",
    Termination.RESIGNATION: "resigned",
}


@dataclass(frozen=True)
class Options:
    """The table's options (RECORD.md ``options``).

    ``inactivity_limit``: turns in a row without an attack that end the game in a draw (None:
    no limit). The aids change no rule; the seat holds what they show either way (R14).
    ``no_hope_draw``: R12.3 applies (a game by links plays without it: REMOTE.md).
    ``extra``: the other keys a table keeps in a record's options (computer seats …), each
    value as JSON text so that options stay hashable; the rules ignore them."""

    inactivity_limit: int | None = INACTIVITY_LIMIT
    memory_aid: bool = True
    deduction_aid: bool = False
    # R12.3's automatic no-hope draw; off in games played by links ([ours, remote], REMOTE.md):
    # no device holds both armies' hidden pieces to test it.
    no_hope_draw: bool = True
    extra: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        limit = self.inactivity_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
            raise ValueError(f"the inactivity limit {limit!r} is not a positive whole number")
        if not isinstance(self.memory_aid, bool) or not isinstance(self.deduction_aid, bool):
            raise ValueError("the aids are switched on or off: true or false")
        if not isinstance(self.no_hope_draw, bool):
            raise ValueError("the no-hope draw is on or off: true or false")
        if not all(isinstance(key, str) and isinstance(text, str) for key, text in self.extra):
            raise ValueError("extra options are pairs of a key and JSON text")
