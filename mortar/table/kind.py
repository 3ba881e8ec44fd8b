"""How a game sits at the table: the plug-in protocol a game implements (:class:`GameKind`),
the drafts and reviews it hands the table, the start form's field specs, and the facts the
table saves beside a game. The table knows no game; a game knows the table only through these.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypedDict

from ..kit.protocol import Computer
from ..kit.steps import Steps
from .html import El


class SaveError(ValueError):
    """Saved data that cannot be resumed. The message says why in plain words."""


class Stage(StrEnum):
    """What the player to act is about to do, for the curtain's and the thinking screen's words."""

    SETUP = "setup"  # setting up pieces (hidden while they are placed)
    PLAY = "play"


class Opponent(StrEnum):
    PERSON = "person"
    COMPUTER = "computer"


class Side(StrEnum):
    """The person's side against the computer."""

    FIRST = "first"
    SECOND = "second"
    RANDOM = "random"


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    hint: str | None = None


@dataclass(frozen=True)
class FieldSpec:
    """One of a game's options on the start form: a choice among ``choices`` (radio buttons), or
    a whole number from ``low`` to ``high`` (a number input). Values are strings as typed; the
    game turns them into its options (:meth:`GameKind.new`) and says what is wrong."""

    name: str
    legend: str
    default: str
    choices: tuple[Choice, ...] = ()
    low: int | None = None
    high: int | None = None
    shown_when: tuple[str, str] | None = None  # (field, value): shown only then
    hint: str | None = None

    def accepts(self, value: str) -> bool:
        if self.choices:
            return any(c.value == value for c in self.choices)
        return len(value) <= 12  # a number is checked when the game starts, with its words


@dataclass(frozen=True)
class PublicField:
    """A field a game adds to the embed messages (:mod:`mortar.web.embed`): one of ``values``, a
    whole number (``count``), or a count per player (``per_player``). Nothing else can be sent,
    so nothing hidden can."""

    values: tuple[str, ...] = ()
    count: bool = False
    per_player: bool = False
    nullable: bool = False
    required: bool = False


class Seating(StrEnum):
    """How two people sit at one device for a game that hides nothing (the start form asks)."""

    PASSING = "passing"  # they pass it: the board turns to the player to move
    ACROSS = "across"  # it lies between them: the board is held still, the first player's side near


@dataclass
class TableFacts:
    """What the table decided that changes no rule: the computer's seats and their levels, the
    aid the table allowed (Mortar Hunt's radar, a memory aid), whether every step is confirmed
    with a button, and how two people sit at an open game. Saved with the game."""

    computer: dict[str, str] = field(default_factory=dict)  # player -> level
    aid: bool = False
    seating: Seating = Seating.PASSING
    # the person asked to confirm every step (a button for the move, the shot, the computer's
    # turn); else a second tap on a choice confirms it and the computer starts by itself
    confirm: bool = False

    def near(self, player: str, players: tuple[str, str]) -> str:
        """Whose side of the board is drawn nearest on ``player``'s screen: the person's against
        the computer, the first player's when two people sit across, else the player's own (the
        board turns to whoever is to move as the device is passed)."""
        if self.computer:
            return next((p for p in players if p not in self.computer), players[0])
        if self.seating is Seating.ACROSS:
            return players[0]
        return player


class Applied(TypedDict, total=False):
    """What playing an action did, for the table: a numbered ``turn`` ended (embed event), the
    game ``started`` (setups done) or ``ended``; ``text`` for the live region; ``next``: the
    table goes on at once (no result screen to read first)."""

    turn: int
    started: bool
    ended: bool
    text: str | None
    next: bool


class Draft(Protocol):
    """A person's action being built on their own screen, from their seat only."""

    player: str  # whose draft it is
    message: str | None
    intents: frozenset[str]  # every intent it answers (others are stale clicks)

    @property
    def finished(self) -> bool:
        """Its action is played and the result shown: the table may go on."""
        ...

    def handle(self, intent: str, arg: str | None) -> Any:
        """True (changed), False (does not apply: a stale click), or the finished action (any
        other value) for the table to play."""
        ...

    def model(self, aid: Any = None) -> dict[str, Any]: ...


class Review(Protocol):
    """A finished or imported game, stepped through after the game."""

    intents: frozenset[str]

    def handle(self, intent: str, arg: str | None) -> bool: ...
    def model(self) -> dict[str, Any]: ...
    def outcome_text(self) -> str: ...
    def export(self) -> tuple[str, str]: ...  # (file name, text)


class GameKind(Protocol):
    """A game at the table. ``state`` values are the game's own; the table never looks inside."""

    name: str  # "mortar-hunt": save slot, export file names, embed messages
    title: str
    players: tuple[str, str]
    levels: tuple[str, ...]  # the computer's levels, weakest first
    # Whether play hides anything from a player: the start form then tells two people they pass
    # the device behind a curtain. A game whose play hides nothing (False) is an open game: two
    # people choose how they sit (:class:`Seating`), and :meth:`hidden` says when a curtain is
    # needed all the same (a secret setup).
    curtain: bool
    fields: tuple[FieldSpec, ...]  # the start form's options
    aid: FieldSpec | None  # an aid the table may allow (changes no rule), or None
    intents: frozenset[str]  # every intent of its drafts and reviews
    default_names: Mapping[str, str]  # a player's name when none was typed ("Player A", "Red")
    name_max: int  # the longest name the game keeps (the start form's fields take no more)
    public: Mapping[str, Mapping[str, PublicField]]  # event -> the game's public embed fields
    rules_url: str  # the game's rules page, relative to the page
    about: str  # one line under the start form: the game's authors
    symbols: El | None  # the <svg> of <symbol>s its pieces are drawn with (put in the page once)

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> Any: ...  # ValueError
    def names_refusal(self, names: Mapping[str, str | None]) -> str | None: ...
    def rematch(self, state: Any) -> Any: ...
    def to_play(self, state: Any) -> str | None: ...
    def hidden(self, state: Any) -> bool:
        """The player to act may see what the other may not (a hidden setup, hidden pieces):
        two people pass the device behind the curtain, and a reload never opens the board."""
        ...

    def stage(self, state: Any) -> Stage: ...
    def turn(self, state: Any) -> int | None: ...
    def player_name(self, state: Any, player: str) -> str: ...
    def draft(self, state: Any, player: str, facts: TableFacts) -> Draft: ...
    def apply(self, state: Any, player: str, action: Any, draft: Draft | None) -> Applied: ...
    def seat(self, state: Any, player: str) -> Any: ...
    def computer(self, level: str, seed: int) -> Computer: ...
    def report(self, state: Any, player: str) -> str | None: ...
    def outcome(self, state: Any) -> dict[str, Any] | None: ...  # public facts, or None
    def started(self, state: Any) -> dict[str, Any]: ...  # public options, for embed events
    def save(self, state: Any, facts: TableFacts) -> str: ...
    def loading(self, text: str) -> Steps[tuple[Any, TableFacts]]: ...  # in steps; SaveError
    def review(self, state: Any, facts: TableFacts) -> Review: ...  # the game just played
    def reviewing(self, text: str | bytes) -> Steps[Review]: ...  # an imported record, in steps; ValueError
    def aid_model(self, state: Any, player: str) -> Any: ...  # the allowed aid, from the seat
    def warm_up(self) -> Iterator[None]: ...  # idle-time work for the computer

    # drawing: the game's own screens (the table draws its frames around them)
    def render_play(self, model: Mapping[str, Any]) -> El: ...
    def render_review(self, model: Mapping[str, Any]) -> El: ...
