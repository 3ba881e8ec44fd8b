"""What is at the table (:class:`TableState`): the game, its seats, the screen and what the
table's parts share. The parts are mixed into :class:`mortar.table.table.Table`: the start screen
(:mod:`.starting`), the turns (the table itself), the game over, reviews and long reading
(:mod:`.reading`), saves and another tab (:mod:`.saving`), and games by links (:mod:`.remote`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Generic, Protocol

from ..kit.jsontext import JSONValue
from ..kit.steps import Slices, Steps
from .drafts import Chosen, Context, Draft, PlayModel
from .keeper import Keeper
from .kind import GameKind, S, SeatT, Stage, TableFacts
from .names import Names
from .remote_seat import Joining, RemoteSeat, plays_by_links, wall_clock
from .review import Review
from .savefile import Saved
from .saves import MemoryStorage, Storage
from .seats import SeatAt, SeatKind
from .start import StartForm

if TYPE_CHECKING:
    from .models import SavedSummary

Notify = Callable[[str, Mapping[str, JSONValue]], None]
AnyDraft = Draft[object, object, PlayModel]


class SaveStep(Protocol[S]):
    def __call__(self, playing: Saved[S] | None = None, *, replace: bool = False) -> bool: ...


class TableState(Generic[S, SeatT]):
    """The table's state on one device (see :class:`mortar.table.table.Table` for its arguments)."""

    def __init__(self, kind: GameKind[S, SeatT], storage: Storage | None = None, notify: Notify | None = None,
                 rng: random.Random | None = None, think_budget: float | None = None,
                 clock: Callable[[], float] = time.perf_counter,
                 titles: Mapping[str, str] | None = None, link_base: str | None = None,
                 now: Callable[[], float] = wall_clock) -> None:
        self.kind = kind
        game = kind.game
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.keeper = Keeper(kind, self.storage)
        self.slot = self.keeper.slot
        self.notify: Notify = notify or (lambda what, data: None)
        self.rng = rng or random.Random()
        self.think_budget = think_budget
        self.clock = clock
        self.titles = dict(titles or {})
        self.screen = "start"
        self.form = StartForm.blank(game.players, kind.fields, game.levels)
        self.notice: str | None = None  # shown once on the next screen (bad save, bad import…)
        self.announce = ""  # text for the live region after this render
        self.tab = "board"  # narrow screens: "board" or one of the game's tabs
        self.playing: Saved[S] | None = None
        self.draft: AnyDraft | None = None
        self.chosen: Chosen[object] | None = None  # the action chosen, awaiting its confirmation
        self.shown = False  # the draft shows its played action's result (waits for end-turn)
        self.review: Review[S, SeatT] | None = None
        self.kept: dict[str, JSONValue] = {}  # what the game keeps on this device
        self._thinker: Slices[object] | None = None
        self._reading: Slices[object] | None = None  # a record or a saved game being read
        self.reading_what = "record"
        self._then: Callable[[object], None] = lambda result: None
        self._failed: Callable[[ValueError], None] = lambda error: None
        self.remote: RemoteSeat | None = None  # a game by links at the table (its player's side)
        self.joining: Joining | None = None  # an invitation opened, to join
        self.pasted = ""  # a link pasted in the page's field
        self.link_base = link_base if plays_by_links(kind.game) else None
        self.now = now


    # --- what is at the table ----------------------------------------------------------

    @property
    def game(self) -> S | None:
        """The game's state, or None."""
        return None if self.playing is None else self.playing.state

    @property
    def facts(self) -> TableFacts:
        if self.remote is not None:
            return self.remote.facts()
        return self.playing.facts if self.playing is not None else TableFacts()

    @property
    def names(self) -> Names:
        """The players' names in words (a player with no name by their side, the computer so)."""
        if self.remote is not None:
            return self.remote_names()
        given = self.playing.names if self.playing is not None else {}
        return Names(given, self.kind.sides, frozenset(self.facts.computer))

    @property
    def save_failed(self) -> bool:
        return self.slot.failed

    def seat_at(self, player: str) -> SeatAt:
        if self.remote is not None and player != self.remote.side:
            return SeatAt(SeatKind.REMOTE)
        level = self.facts.computer.get(player)
        return SeatAt(SeatKind.COMPUTER, level) if level else SeatAt(SeatKind.HERE)

    def _state(self) -> S:
        assert self.playing is not None
        return self.playing.state

    def to_play(self) -> str | None:
        if self.remote is not None:
            return self.remote.game.to_play
        return None if self.playing is None else self._state().to_play

    def turn(self) -> int | None:
        """The turn being played (None while setting up), as the game counts it."""
        if self.remote is not None:
            return self.kind.seat_turn(self.remote.game.seat())
        return None if self.playing is None else self.kind.turn(self.playing.state)

    def stage(self) -> Stage:
        return Stage.SETUP if (self.playing is not None or self.remote is not None) and self.turn() is None \
            else Stage.PLAY

    @property
    def curtain(self) -> bool:
        """Two people of this game pass the device behind a curtain (it hides something from a
        player in play); else they share an open board and choose how they sit."""
        return self.kind.curtain

    # --- the steps the table's parts call each other by (each is one part's) ------------------

    _next: Callable[[], None]  # after an action or on resume: the next screen (the table's)
    _drop_draft: Callable[[], None]  # (the table's)
    _notify_started: Callable[[], None]  # (the table's)
    _show_over: Callable[[], None]  # (.reading)
    _read: Callable[[str, Steps[object], Callable[[object], None], Callable[[ValueError], None]], bool]
    _save: SaveStep[S]  # (.saving: the game saved, or False when it went on elsewhere)
    _take: Callable[[Saved[S]], None]  # (.saving)
    _follow_saved: Callable[[], bool]  # (.saving)
    _close_board: Callable[[], None]  # (.saving)
    saved_summary: Callable[[], SavedSummary | None]  # (.saving)
    remote_names: Callable[[], Names]  # (.remote)
    remote_context: Callable[[], Context]  # (.remote)
    start_remote: Callable[[], bool]  # (.remote)
    follow_remote: Callable[[], bool]  # (.remote)
    play_remote: Callable[[object], bool]  # (.remote)
    remote_over: Callable[[], None]  # (.remote)
