"""How a game sits at the table: the plug-in a game implements (:class:`GameKind`, with
:class:`KindBase` for what most games leave as it is), the start form's field specs, and the
facts the table keeps beside a game. The table knows no game; a game knows the table only
through these, :mod:`.drafts` and :mod:`.render`'s parts.

A game supplies its engine (the kit's ``GameDef``: its state, seats, records and computer), its
start form's options, its drafts (how a person builds an action by taps, and what its screen
shows) and the review's body. The table does the rest, once for every game: the start form,
names, the curtain, the computer's turns, the turn model, saves, records, the review's frame,
rematch and the embed's events.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from ..kit.jsontext import JSONValue
from ..kit.protocol import AnyState, Computer, GameRecord
from ..kit.remote import Lie
from .drafts import Context, Draft, PlayModel
from .html import El
from .names import Names

if TYPE_CHECKING:
    from .render import Frame


class SaveError(ValueError):
    """Saved data that cannot be resumed. The message says why in plain words."""


class Stage(StrEnum):
    """What the player to act is about to do, for the curtain's and the thinking screen's words."""

    SETUP = "setup"  # setting up pieces (hidden while they are placed)
    PLAY = "play"


class Opponent(StrEnum):
    PERSON = "person"
    COMPUTER = "computer"
    REMOTE = "remote"  # a person on another device: the game goes by links (:mod:`.remote`)


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
    aid the table allowed (Mortar Hunt's radar), whether every step is confirmed with a button,
    and how two people sit at an open game. Saved with the game."""

    computer: dict[str, str] = field(default_factory=dict)  # player -> level
    aid: bool = False
    seating: Seating = Seating.PASSING
    # the person asked to confirm every step with a button (the move, the shot, the computer's
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

    def to_json(self) -> dict[str, JSONValue]:
        """Only what differs from no computer, no aid, passing the device, quick taps."""
        out: dict[str, JSONValue] = {"computer": dict(self.computer)} if self.computer else {}
        if self.aid:
            out["aid"] = True
        if self.seating is not Seating.PASSING:
            out["seating"] = self.seating.value
        if self.confirm:
            out["confirm"] = True
        return out

    @classmethod
    def from_json(cls, data: object, players: Sequence[str], levels: Sequence[str]) -> TableFacts:
        """Facts as saved; anything unknown (a level this page has not, a seating) is taken as
        none (the game itself is whole)."""
        if not isinstance(data, dict):
            return cls()
        computer = data.get("computer")
        seats = {p: lv for p, lv in computer.items() if p in players and lv in levels} \
            if isinstance(computer, dict) else {}
        seating = data.get("seating")
        return cls(seats, data.get("aid") is True,
                   Seating(str(seating)) if seating in Seating.__members__.values() else Seating.PASSING,
                   data.get("confirm") is True)


SeatT = TypeVar("SeatT")
SeatT_contra = TypeVar("SeatT_contra", contravariant=True)
S = TypeVar("S", bound=AnyState)  # a game's state (the kit's ``State``)


@dataclass
class ReviewStep(Generic[S]):
    """One step of a finished or imported game, for the game to draw: the game after ``step``
    actions (``state``, the review's own copy), the step's action (``entry``, the history entry;
    None at the start), the game at its end, the names, whose side is at the bottom, the
    computer's seats, whether the review's aid is on, the record, and the game's own cache for
    the review's life (what it works out once for every step)."""

    state: S
    entry: object | None
    final: S
    step: int
    total: int
    names: Names
    near: str
    computer: Mapping[str, str]
    aid: bool
    record: GameRecord[S]
    cache: dict[str, object] = field(default_factory=dict)

    @property
    def effect(self) -> object:
        """What the step's action did (the open games' history entry's effect, kit.turns.Played;
        None at the start). Read by name: the box's core archive holds no open game's modules."""
        return getattr(self.entry, "effect", None)


class GameDefLike(Protocol[S]):
    """What the table asks of a game's definition (the kit's ``GameDef``)."""

    name: str
    title: str
    players: tuple[str, str]
    levels: tuple[str, ...]
    name_max: int

    def record(self, state: S) -> GameRecord[S]: ...
    def parse_record(self, data: object) -> GameRecord[S]: ...
    def computer(self, level: str, seed: int | str) -> Computer: ...


Taps = tuple[tuple[str, str | None], ...]  # intents and their arguments, as the page sends them


class GameKind(Protocol[S, SeatT_contra]):
    """A game at the table. ``S``: the game's state (the kit's ``State``), ``SeatT`` its seat.
    The members after ``about`` have defaults in :class:`KindBase`."""

    game: GameDefLike[S]  # its engine: name, title, players, levels, records, computer
    sides: Mapping[str, str]  # each player's side in the page's words ("Red", "Player A")
    fields: tuple[FieldSpec, ...]  # the start form's own options
    rules_url: str  # the game's rules page, relative to the page
    about: str  # one line under the start form: the game's authors
    # Whether play hides anything from a player: two people then pass the device behind a
    # curtain. A game whose play hides nothing (False) is an open game: two people choose how
    # they sit (:class:`Seating`), and :meth:`hidden` says when a curtain is needed all the
    # same (a secret setup).
    curtain: bool

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> S:
        """A new game from the start form's values (ValueError says what is wrong, in words)."""
        ...

    def hidden(self, state: S) -> bool:
        """The player to act may see what the other may not (a hidden setup, hidden pieces):
        two people pass the device behind the curtain, and a reload never opens the board."""
        ...

    def turn(self, state: S) -> int | None:
        """The turn being played in the game's own terms (each player's first action is turn
        1), or the last one once over; None while setting up."""
        ...

    def draft(self, seat: SeatT_contra, context: Context) -> Draft[object, SeatT_contra, PlayModel]:
        """A player's turn or setup, built from their seat alone."""
        ...

    def render_play(self, model: PlayModel, frame: Frame) -> El:
        """A draft's screen (``model``: its model), in the table's ``frame``."""
        ...

    def outcome_text(self, state: S, names: Names) -> str:
        """How the game ended in words, or where it stands while in progress."""
        ...

    def review(self, step: ReviewStep[S], frame: Frame) -> El:
        """The body of a review's step (the table draws its frame: steps, outcome, exports)."""
        ...

    def step_text(self, step: ReviewStep[S]) -> str:
        """A review's step in words: its action (the start, at step 0), everything revealed."""
        ...

    def taps(self, action: object, seat: SeatT_contra) -> Taps:
        """The intents a person sends to play ``action`` from ``seat``, its confirmation
        included: what the table's contract tests play whole games with."""
        ...

    # --- with defaults (KindBase) --------------------------------------------------------------
    aid: FieldSpec | None  # an aid the table may allow (changes no rule), or None
    symbols: El | None  # the <svg> of <symbol>s its pieces are drawn with (put in the page once)
    tabs: tuple[tuple[str, str], ...]  # narrow screens: (tab, its words) beside the board's
    public: Mapping[str, Mapping[str, PublicField]]  # event -> the game's public embed fields

    def embed(self, state: S, event: str) -> Mapping[str, JSONValue]:
        """The game's public fields of an embed event ("game-started", "game-over")."""
        ...

    def keep(self, state: S, facts: TableFacts, kept: Mapping[str, JSONValue]) -> Mapping[str, JSONValue]:
        """What the game keeps on this device between its games (a person's last setup), as the
        game is saved; the table saves it and gives it to drafts (:class:`.drafts.Context`)."""
        ...

    def warm_up(self) -> Iterator[None]:
        """Idle-time work (the computer's tables), a step at a time between taps."""
        ...

    def upgrade(self, data: dict[str, object]) -> dict[str, object]:
        """A save of an earlier version of this page, in today's form (SaveError if not one)."""
        ...

    def replaying(self, record: GameRecord[S], form: Mapping[str, str]) -> Iterator[S]:
        """The record's game step by step (its ``replaying``); ``form``: the start form's
        values the game began with, when the record alone does not say all (empty for an
        imported record)."""
        ...

    # --- a game by links (:mod:`.remote`): what only the game can say, with defaults ------------
    # its rulings by links (``GameLinks.rulings``) in words, by their codes' values
    remote_rulings: Mapping[str, str]

    def seat_turn(self, seat: SeatT_contra) -> int | None:
        """The turn as :meth:`turn` counts it, from a seat alone (a device by links has no
        state of the whole game); None while setting up, or when the seat cannot say."""
        ...

    def invitation_form(self, options: Mapping[str, JSONValue]) -> dict[str, str]:
        """The start form's values of a game's options as the record writes them (an
        invitation's): the join screen says them with the form's own words."""
        ...

    def lie_text(self, lie: Lie, names: Names) -> str | None:
        """A lie of the game's own codes (``Lie.code``) in words, naming the liar by ``names``;
        None for a code the table words (the kit's :class:`~mortar.kit.remote.LieCode`)."""
        ...


class KindBase(Generic[S]):
    """The defaults of :class:`GameKind`'s optional members: no aid, no symbols, no tabs of its
    own, no public fields, nothing kept, no idle work, no older saves; by links, no rulings, no
    turn from a seat, no options in words and no lies of its own."""

    aid: FieldSpec | None = None
    symbols: El | None = None
    tabs: tuple[tuple[str, str], ...] = ()
    public: Mapping[str, Mapping[str, PublicField]] = {}

    def embed(self, state: S, event: str) -> Mapping[str, JSONValue]:
        return {}

    def keep(self, state: S, facts: TableFacts, kept: Mapping[str, JSONValue]) -> Mapping[str, JSONValue]:
        return kept

    def warm_up(self) -> Iterator[None]:
        return iter(())

    def upgrade(self, data: dict[str, object]) -> dict[str, object]:
        raise SaveError(_words_unknown_format())

    def replaying(self, record: GameRecord[S], form: Mapping[str, str]) -> Iterator[S]:
        return record.replaying()

    remote_rulings: Mapping[str, str] = {}

    def seat_turn(self, seat: Any) -> int | None:
        return None

    def invitation_form(self, options: Mapping[str, JSONValue]) -> dict[str, str]:
        return {}

    def lie_text(self, lie: Lie, names: Names) -> str | None:
        return None


def _words_unknown_format() -> str:
    from .words import _

    return _("The saved game has an unknown format.")
