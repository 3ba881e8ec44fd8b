"""The table: what any two-player game of the box needs on one device, and no rule of any game.

The start form (:mod:`.start`), the hand-over curtain between two people (for games with hidden
information), the turn model (a tap chooses, a second tap or the button confirms: :mod:`.drafts`),
the computer's turns (run in slices, from its seat alone), saving and resuming (:mod:`.savefile`),
import and export, the review after the game (:mod:`.review`), rematch and the embed's events.
The game plugs in through :class:`~mortar.table.kind.GameKind`.

Screens: ``start`` → ``curtain`` (two people, hidden information) → the game's draft (its own
screen) → … → ``over`` (review, export, rematch); ``review`` shows an imported record;
``thinking`` while the computer decides; ``waiting`` for a person on another device; ``reading``
while a long record or save is read. The curtain's model holds the name of the player to act and
the turn number, nothing else; a play screen is built from that player's seat only.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Generic, cast

from ..kit.jsontext import JSONValue
from ..kit.protocol import AnyState
from ..kit.replay import Replay
from ..kit.steps import Slices, Steps, finish
from .drafts import Changed, Chosen, Context, Draft, Play, PlayModel, Unchanged
from .keeper import UNSAVED, Keeper
from .kind import GameKind, Opponent, S, SaveError, SeatT, Stage, TableFacts
from .models import SavedSummary, Screen
from .names import Names, names_refusal
from .remote import Joining, RemoteSeat, RemoteTable, plays_by_links, wall_clock
from .review import Review, reviewing
from .savefile import Saved
from .saves import MemoryStorage, SaveConflict, Storage
from .screens import screen_of
from .seats import SeatAt, SeatKind, thinking
from .start import StartForm
from .words import _

__all__ = ["GameKind", "SaveError", "StartForm", "Table", "TableFacts", "UNSAVED"]

Notify = Callable[[str, Mapping[str, JSONValue]], None]
AnyDraft = Draft[object, object, PlayModel]


class Table(RemoteTable[S, SeatT], Generic[S, SeatT]):
    """One device: two people, a person and the computer, or a person and a person on another
    device (by links: :mod:`.remote`). Call :meth:`dispatch` with intents; draw :meth:`model`.
    ``think_budget``: seconds of the computer's thinking per ``think`` intent (None: all of it),
    so that no task blocks the page for long. ``titles``: the box's games by name (an imported
    record of another game is named). ``link_base``: the address links by links point at (None:
    the start form offers no game by links)."""

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

    # --- intents -----------------------------------------------------------------------

    def dispatch(self, action: str, arg: str | None = None, value: str | None = None) -> bool:
        """Handle one intent. False when it does not apply to the current screen (a stale
        click after the screen changed): nothing happens then."""
        self.announce = ""
        handler: Callable[[str | None, str | None], bool] | None = getattr(
            self, "on_" + action.replace("-", "_"), None)
        if handler is not None:
            return handler(arg, value)
        if self.screen == "play" and self.draft is not None and action in self.draft.intents:
            return self._draft_intent(action, arg)
        if self.review is not None and action in self.review.intents:
            return self.screen in ("over", "review") and self.review.handle(action, arg)
        return False  # a stale click: the screen it was meant for is gone

    # --- the start screen --------------------------------------------------------------

    def on_field(self, arg: str | None, value: str | None) -> bool:
        """A start-form field changed: name-X, opponent, level, side, aid, or one of the game's
        (the join screen's name too); or a link typed in a page's field (``link``)."""
        if arg == "link" and value is not None:
            self.pasted = value
            return True
        if self.screen not in ("start", "join") or value is None or arg is None:
            return False
        kind = self.kind
        return self.form.change(arg, str(value), kind.fields, kind.game.levels, kind.aid,
                                self.curtain)

    @property
    def curtain(self) -> bool:
        """Two people of this game pass the device behind a curtain (it hides something from a
        player in play); else they share an open board and choose how they sit."""
        return self.kind.curtain

    def on_new_game(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "start":
            return False
        form = self.form
        if arg == "keep":
            form.confirm_replace = False
            return True
        if form.opponent is Opponent.REMOTE:  # a game by links: no save of this table's replaced
            return self.start_remote() if self.link_base is not None else False
        names, facts = form.seats(self.kind.game.players, self.curtain, self.rng)
        refusal = names_refusal(names)
        if refusal:
            form.error = refusal
            return True
        try:
            state = self.kind.new(form.values, names)
        except ValueError as e:
            form.error = str(e)
            return True
        replace = arg == "replace" and form.confirm_replace
        saved = self.saved_summary()
        if not replace and saved is not None and not saved.get("lost"):
            form.confirm_replace = True  # one tap must never destroy a saved game
            return True
        form.confirm_replace = False
        self._begin(Saved(state, names, facts, dict(form.values), dict(self.kept)), replace=True)
        return True

    def on_rematch(self, arg: str | None, value: str | None) -> bool:
        """The same options, the other person first: the names and the computer's seats swap."""
        if self.screen != "over" or self.playing is None:
            return False
        first, second = self.kind.game.players
        swap = {first: second, second: first}
        old = self.playing
        names = {swap[p]: n for p, n in old.names.items()}
        facts = TableFacts({swap[p]: lv for p, lv in old.facts.computer.items()}, old.facts.aid,
                           old.facts.seating, old.facts.confirm)
        try:
            state = self.kind.new(old.form, names)
        except ValueError as e:  # (a form of an older page the game no longer takes)
            self.notice = str(e)
            return True
        self._begin(Saved(state, names, facts, dict(old.form), dict(self.kept)))
        return True

    def _begin(self, playing: Saved[S], *, replace: bool = False) -> None:
        if not self._save(playing, replace=replace):
            return
        self.remote = None
        self.playing = playing
        self.review = None
        self.notice = None
        if self.kind.turn(playing.state) is not None:  # no setup: the game is under way at once
            self._notify_started()
        self._next()

    def on_resume(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "start":
            return False
        return self._read("save", self.keeper.loading(), self._resumed, self._unresumable)

    def _resumed(self, loaded: object) -> None:
        if loaded is None:
            self.screen, self.notice = "start", _("There is no saved game.")
            return
        self.remote = None
        self._take(cast(Saved[S], loaded))
        self.notice = None
        self._next()

    def _unresumable(self, error: ValueError) -> None:
        self.screen, self.notice = "start", str(error)

    def on_menu(self, arg: str | None, value: str | None) -> bool:
        """Leave the game for the start screen; the saved game stays and can be resumed."""
        if self.screen == "start":
            return False
        self.screen = "start"
        self._drop_draft()
        self.review = None
        self._thinker = self._reading = None
        self.remote = self.joining = None
        return True

    def on_tab(self, arg: str | None, value: str | None) -> bool:
        if arg != "board" and arg not in {t for t, _words in self.kind.tabs}:
            return False
        self.tab = arg
        return True

    def on_dismiss(self, arg: str | None, value: str | None) -> bool:
        self.notice = None
        return True

    # --- whose turn: the curtain, a person's draft, the computer ------------------------

    def _next(self) -> None:
        """After an action (or on resume): the game over screen, the computer's turn, or the
        next person — behind the curtain when two people share the device and the game hides
        something from that player now (never by links: each device shows its player's own)."""
        assert self.playing is not None or self.remote is not None
        self._drop_draft()
        self._thinker = None
        self.tab = "board"
        player = self.to_play()
        if player is None:
            self._show_over()
            return
        seat = self.seat_at(player)
        if seat.kind is SeatKind.COMPUTER:
            self.screen = "thinking"
            self.announce = _("The computer is thinking.")
        elif seat.kind is SeatKind.REMOTE:
            self.screen = "waiting"
        elif self.remote is not None or self.facts.computer or not self.kind.hidden(self._state()):
            self._open_draft(player)  # no curtain before the computer, nor when nothing is hidden
        else:
            self.screen = "curtain"
            self.announce = _("Pass the device to {name}.").format(name=self.names[player])

    def _drop_draft(self) -> None:
        self.draft, self.chosen, self.shown = None, None, False

    def on_reveal(self, arg: str | None, value: str | None) -> bool:
        player = self.to_play()
        if self.screen != "curtain" or player is None:
            return False
        self._open_draft(player)
        return True

    def context(self, player: str) -> Context:
        if self.remote is not None:
            return cast(Context, self.remote_context())
        facts = self.facts
        assert self.playing is not None
        return Context(self.names, facts.near(player, self.kind.game.players),
                       self.kind.turn(self.playing.state), frozenset(facts.computer), facts.aid,
                       not facts.confirm, dict(self.kept))

    def make_draft(self, player: str) -> AnyDraft:
        seat = self.remote.game.seat() if self.remote is not None else self._state().seat(player)
        draft = self.kind.draft(seat, self.context(player))
        return cast(AnyDraft, draft)

    def _open_draft(self, player: str) -> None:
        self.draft = self.make_draft(player)
        self.chosen, self.shown = None, False
        self.screen = "play"
        if self.draft.report:
            self.announce = self.draft.report

    def on_think(self, arg: str | None, value: str | None) -> bool:
        """The computer thinks (the event layer sends this after drawing "thinking", and again
        while it is still thinking); once decided, it plays its turn."""
        player = self.to_play()
        seat = self.seat_at(player) if player is not None else None
        if self.screen != "thinking" or seat is None or seat.kind is not SeatKind.COMPUTER:
            return False
        assert player is not None and seat.level is not None and self.playing is not None
        if self.slot.stale():
            return self._follow_saved()
        if self._thinker is None:
            self._thinker = Slices(self._deciding(seat.level, player), self.clock)
        if not self._thinker.run(self.think_budget):
            return True  # still thinking: the event layer asks again after a breath
        action, self._thinker = self._thinker.result, None
        self._play(player, action)
        if self.screen != "start":  # (a conflicting save sends the table elsewhere)
            self._next()
        return True

    def _deciding(self, level: str, player: str) -> Steps[object]:
        """The computer's decision in slices, from its seat alone. Making the computer (its code
        loads on first use) and its seat (a long game's log) take a slice each too."""
        computer = self.kind.game.computer(level, self.rng.randrange(1 << 30))
        yield
        seat = self._state().seat(player)
        yield
        return (yield from thinking(computer, seat))

    @property
    def thinking(self) -> bool:
        """The computer has begun a decision it has not finished."""
        return self._thinker is not None

    def _draft_intent(self, intent: str, arg: str | None) -> bool:
        draft = self.draft
        assert draft is not None
        if self.shown:
            return False  # its action is played: only "end-turn" goes on
        reply = draft.handle(intent, arg)
        if isinstance(reply, Unchanged):
            return False
        if isinstance(reply, Changed):
            self.chosen = None
            return True
        if isinstance(reply, Play):
            return self._play_draft(reply.action)
        chosen = self.chosen
        if (chosen is not None and chosen.action == reply.action and intent == "square"
                and arg == chosen.at and reply.at == chosen.at and not self.facts.confirm):
            return self._play_draft(reply.action)  # the second tap on the chosen target
        self.chosen = reply
        self.announce = reply.label
        return True

    def on_confirm(self, arg: str | None, value: str | None) -> bool:
        """The chosen action's button: it is played."""
        if self.screen != "play" or self.chosen is None or self.shown:
            return False
        return self._play_draft(self.chosen.action)

    def on_cancel(self, arg: str | None, value: str | None) -> bool:
        """The chosen action dropped, or what the draft was building (Escape)."""
        if self.screen != "play" or self.draft is None or self.shown:
            return False
        had = self.chosen is not None
        self.chosen = None
        if "cancel" in self.draft.intents:
            return isinstance(self.draft.handle("cancel", None), Changed) or had
        return had

    def _play_draft(self, action: object) -> bool:
        draft = self.draft
        player = self.to_play()
        assert draft is not None and player is not None
        self.chosen = None
        if not self._play(player, action):
            return True
        if self.remote is not None:  # by links its result comes with the other's link
            self._next()
            return True
        result = draft.played(self._state().seat(draft.player))
        if result.words:
            self.announce = result.words
        self.shown = result.shows and self.screen == "play"
        if not self.shown and self.screen == "play":
            self._next()
        return True

    def _play(self, player: str, action: object) -> bool:
        """Play ``action`` of ``player`` and save it. False when nothing was played: the game
        went on in another tab (the table now follows it)."""
        if self.remote is not None:
            return self.play_remote(action)
        assert self.playing is not None
        if self.slot.stale():  # the game went on in another tab: this action must not count
            self._follow_saved()
            return False
        state = self._state()
        turn = self.kind.turn(self.playing.state)
        ended = state.outcome is not None
        state.apply(action)
        if not self._save():
            return False
        if turn is not None:  # a numbered turn (a setup is not one)
            self.notify("turn-ended", {"turn": turn, "player": player})
        elif self.kind.turn(self.playing.state) is not None:
            self._notify_started()
        if state.outcome is not None and not ended:
            self.notify("game-over", self._ended())
        return True

    def _notify_started(self) -> None:
        assert self.playing is not None
        opponent = Opponent.COMPUTER if self.facts.computer else Opponent.PERSON
        self.notify("game-started", {**self.kind.embed(self.playing.state, "game-started"),
                                     "opponent": opponent.value})

    def _ended(self) -> dict[str, JSONValue]:
        assert self.playing is not None
        outcome = self._state().outcome
        assert outcome is not None
        winner = "draw" if outcome.winner is None else str(outcome.winner)
        return {"winner": winner, "turns": outcome.turns,
                **self.kind.embed(self.playing.state, "game-over")}

    def on_end_turn(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "play" or not self.shown:
            return False
        self._next()
        return True

    # --- game over and review --------------------------------------------------------

    def _show_over(self) -> None:
        if self.remote is not None:
            self.remote_over()
            return
        assert self.playing is not None
        self.review = self._review_of(self.playing)
        self._drop_draft()
        self.screen = "over"
        self.tab = "board"
        self.announce = self.review.outcome_text()

    def _review_of(self, playing: Saved[S]) -> Review[S, SeatT]:
        record = self.kind.game.record(playing.state)
        record.computer = dict(playing.facts.computer)
        replay = finish(Replay.reading(record, states=self.kind.replaying(record, playing.form)))
        return Review(self.kind, record, replay, "game", self.names, playing.facts.computer)

    def import_text(self, text: str | bytes) -> bool:
        """Review an imported record. A bad file leaves the start screen, with a message."""
        return self._read("record", reviewing(self.kind, text, self.titles), self._reviewed, self._unreadable)

    def _reviewed(self, review: object) -> None:
        self.review = cast(Review[S, SeatT], review)
        self.notice = None
        self.screen = "review"
        self.tab = "board"

    def _unreadable(self, error: ValueError) -> None:
        self.review, self.notice, self.screen = None, str(error), "start"

    # --- long reading, in slices -----------------------------------------------------

    def _read(self, what: str, steps: Steps[object], then: Callable[[object], None],
              failed: Callable[[ValueError], None]) -> bool:
        """Read a record or a saved game in slices: "reading" shows while a long one is read
        (the event layer sends "read" until it is done); then ``then`` with the result, or
        ``failed`` with the error that says why it cannot be used."""
        self._reading = Slices(steps, self.clock)
        self.reading_what, self._then, self._failed = what, then, failed
        self.screen = "reading"
        return self.on_read(None, None)

    def on_read(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "reading" or self._reading is None:
            return False
        try:
            if not self._reading.run(self.think_budget):
                return True  # still reading: the event layer asks again after a breath
        except ValueError as e:
            self._reading = None
            self._failed(e)
            return True
        result, self._reading = self._reading.result, None
        self._then(result)
        return True

    def on_close_review(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "review":
            return False
        self.review = None
        self.screen = "start"
        return True

    def export(self, what: str | None = None) -> tuple[str, str]:
        """(file name, text) of the record being reviewed, or with ``what`` "saved" the saved
        data exactly as stored (also when it cannot be resumed: the player keeps it)."""
        if what == "links" and self.remote is not None:  # every message of a game by links
            return f"{self.kind.game.name}-links.json", self.remote.game.record()
        if what == "saved":
            text = self.keeper.text()
            if text is None or text == self.slot.tombstone:
                raise ValueError(_("nothing is saved"))
            return f"{self.kind.game.name}-saved-game.json", text
        if self.review is None:
            raise ValueError(_("no game to export"))
        return self.review.export()

    # --- saving ------------------------------------------------------------------------

    def _save(self, playing: Saved[S] | None = None, *, replace: bool = False) -> bool:
        """Save the game. False when the slot was changed elsewhere: nothing was written and the
        table now follows the stored game (the caller must not show this page's action)."""
        playing = playing or self.playing
        if playing is None:
            return True
        self.kept = dict(self.kind.keep(playing.state, playing.facts, self.kept))
        playing.kept = dict(self.kept)
        try:
            self.keeper.write(playing, replace=replace)
        except SaveConflict:
            self._follow_saved()
            return False
        return True

    def _take(self, loaded: Saved[S]) -> None:
        """A saved game at the table, and what the game keeps on this device learnt from it."""
        self.playing = loaded
        self.kept = dict(self.kind.keep(loaded.state, loaded.facts, {**self.kept, **loaded.kept}))

    def saved_summary(self) -> SavedSummary | None:
        """What the start screen says about the saved game, or None when there is none."""
        return self.keeper.summary()

    def on_saved_elsewhere(self, arg: str | None, value: str | None) -> bool:
        """Another tab or window wrote the saved game (the browser's ``storage`` event)."""
        if self.remote is not None:
            return self.follow_remote()
        if not self.slot.stale():
            return False
        if self.screen in ("start", "review"):
            self.keeper.text()  # only the start screen's summary changes
            return True
        return self._follow_saved()

    def _follow_saved(self) -> bool:
        """The game went on elsewhere: drop this page's draft and continue from the stored game,
        at its curtain (never at anyone's board)."""
        self._drop_draft()
        self.review = None
        self._thinker = None
        try:
            loaded = self.keeper.load()
        except SaveError as e:
            self.playing, self.screen, self.notice = None, "start", str(e)
            return True
        if loaded is None:
            self.playing, self.screen = None, "start"
            self.notice = _("The saved game was removed in another tab or window.")
            return True
        self._take(loaded)
        self.notice = _("This game went on in another tab or window; it continues from there. "
                        "Nothing played here since was kept.")
        self._next()
        self._close_board()
        return True

    def _close_board(self) -> None:
        """A board never opens by itself (a reload, another tab): behind a curtain instead,
        while the game hides anything from the player to act."""
        if self.screen == "play" and self.playing is not None and self.kind.hidden(self.playing.state):
            self._drop_draft()
            self.screen = "curtain"

    def restore(self) -> None:
        """At page load: resume the saved game at the curtain of the player to act (or its game
        over screen), or show the start screen with a clear message when the save is unusable
        (the save is kept as it is: the start screen offers to export it). A long game is read
        in slices."""
        self._read("save", self.keeper.loading(), self._restored, self._unresumable)

    def _restored(self, loaded: object) -> None:
        if loaded is None:
            self.screen = "start"
            return
        playing = cast(Saved[S], loaded)
        self._take(playing)
        for p, name in playing.names.items():
            if p not in playing.facts.computer and name:
                self.form.names[p] = name
        self.form.confirm = playing.facts.confirm
        self._next()
        if not playing.facts.computer:
            self._close_board()

    # --- the screen ----------------------------------------------------------------------

    def model(self) -> Screen:
        """The current screen as typed data (see :mod:`mortar.table.screens`, :mod:`.render`)."""
        return screen_of(cast("Table[AnyState, object]", self))

    @property
    def goes_on_by_itself(self) -> bool:
        """A person's turn is played and shown, and the computer plays next: unless the person
        asked to confirm every step, the computer starts after a visible beat (the event layer
        sends "end-turn"; the person may tap on at once)."""
        player = self.to_play()
        return (self.screen == "play" and self.shown and player is not None and not self.facts.confirm
                and self.seat_at(player).kind is SeatKind.COMPUTER)
