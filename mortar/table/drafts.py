"""A person's action being built on their own screen, tap by tap, from their seat only: the
:class:`Draft` a game hands the table, what it answers a tap with (a :data:`Reply`), what the
table tells it (:class:`Context`) and what it draws from (:class:`PlayModel`).

One model of a turn for every game of the box: taps choose; a tap that completes an action makes
it *chosen* (:class:`Chosen`), never played. The table then shows it with a button that plays
it ("Move b2–b4"), and, unless the person asked to confirm every step, a second tap on the same
choice plays it too. A deliberate button of the draft's own (resigning after the question,
passing when nothing else is legal, a setup made) plays at once (:class:`Play`). So no action
is ever made by one stray tap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypedDict, TypeVar

from ..kit.jsontext import JSONValue
from .effects import Effect
from .names import Names

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


@dataclass(frozen=True)
class Changed:
    """The draft changed: draw it again."""


@dataclass(frozen=True)
class Unchanged:
    """The intent does not apply now (a stale tap, a screen only looked at): nothing happens."""


@dataclass(frozen=True)
class Chosen(Generic[A_co]):
    """A whole action chosen, to be confirmed: ``label`` names it on its button ("Move b2–b4"),
    ``at`` the cell whose second tap confirms it (None: only the button does)."""

    action: A_co
    label: str
    at: str | None = None


@dataclass(frozen=True)
class Play(Generic[A_co]):
    """An action confirmed by a deliberate button of the draft's own: played at once."""

    action: A_co


CHANGED, UNCHANGED = Changed(), Unchanged()
Reply = Changed | Unchanged | Chosen[A_co] | Play[A_co]


@dataclass(frozen=True)
class Context:
    """What the table tells a draft: the names, whose side is drawn at the bottom, the turn, the
    seats the computer plays, whether the table allowed the game's aid, and what the game keeps on this
    device between games (``GameKind.keep``)."""

    names: Names
    near: str
    turn: int | None = None  # the turn being played (None while setting up): the game's own count
    computer: frozenset[str] = frozenset()
    aid: bool = False
    quick: bool = True  # a second tap on the chosen target confirms it (else only its button)
    kept: Mapping[str, JSONValue] = field(default_factory=dict)


class PlayModel(TypedDict):
    """What every draft's screen model holds; a game's own model adds its keys. ``kind`` names
    the screen ("turn", "setup"); ``moment`` the moment it shows (its ``effects`` are played
    once per moment: a shot's flight, the pieces turned over)."""

    kind: str
    player: str
    moment: tuple[object, ...] | None
    effects: list[Effect]


M_co = TypeVar("M_co", bound=PlayModel, covariant=True)


@dataclass(frozen=True)
class Result:
    """What a played action did on its player's screen: ``words`` for the live region (the
    move said back, a shot's result), and whether the draft now ``shows`` that result (the
    table then waits for "end-turn" before going on)."""

    words: str | None = None
    shows: bool = False


class Draft(Protocol[A_co, S_contra, M_co]):
    """A person's turn (or setup) on their own screen. ``intents``: every intent it answers (any
    other is a stale tap). ``report``: what the player learns as the screen opens (the other's
    last action), for the live region."""

    player: str
    intents: frozenset[str]
    report: str | None

    def handle(self, intent: str, arg: str | None) -> Reply[A_co]: ...

    def played(self, seat: S_contra) -> Result:
        """The table played this draft's action; ``seat`` is the player's seat after it."""
        ...

    def model(self) -> M_co: ...
