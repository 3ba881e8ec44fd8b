"""The table: what any two-player game of the box needs on one device, and no rule of any game.

The start form (names; two people, or a person against the computer at a level and side; the
game's own options from its field specs), the hand-over curtain between two people (for games
with hidden information), the computer's turns (run in slices, from its seat only), saving and
resuming, import and export, the review after the game, and the embed notifications. The game
plugs in through :class:`~mortar.table.kind.GameKind`.

Screens: ``start`` → ``curtain`` (two people, hidden information) → the game's draft (its own
screen) → … → ``over`` (review, export, rematch); ``review`` shows an imported record;
``thinking`` while the computer decides; ``waiting`` for a person on another device (prepared).
The curtain's model holds the name of the player to act and the turn number, nothing else; a
play screen is built from that player's seat only.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..kit.steps import Slices, Steps, finish
from .kind import Draft, GameKind, Opponent, Review, SaveError, Seating, Side, Stage, TableFacts
from .models import (
    CurtainScreen,
    FormModel,
    PlayScreen,
    ReadingScreen,
    ReviewScreen,
    SavedSummary,
    Screen,
    StartScreen,
    ThinkingScreen,
)
from .saves import MemoryStorage, SaveConflict, SaveSlot, Storage, StorageUnreadable
from .seats import SeatAt, SeatKind, thinking
from .words import _, sentence

__all__ = ["Draft", "GameKind", "SaveError", "StartForm", "Table", "TableFacts", "UNSAVED"]

UNSAVED = _("The last game could not be saved on this device (its storage was full), so it "
            "cannot be resumed.")
Notify = Callable[[str, dict[str, Any]], None]
TABLE_INTENTS = frozenset({"field", "new-game", "rematch", "resume", "menu", "tab", "dismiss",
                           "reveal", "think", "end-turn", "close-review", "saved-elsewhere",
                           "replay", "aid", "read"})


@dataclass
class StartForm:
    names: dict[str, str]
    values: dict[str, str]  # the game's own fields
    opponent: Opponent = Opponent.PERSON
    level: str = "medium"
    side: Side = Side.FIRST
    aid: bool = False
    seating: Seating = Seating.PASSING  # two people at an open game
    confirm: bool = False  # every step confirmed with a button (TableFacts.confirm)
    error: str | None = None
    confirm_replace: bool = False  # "Start" was pressed while a game is saved: ask first


@dataclass
class _Playing:
    """The game at the table and what goes with it."""

    state: Any
    facts: TableFacts = field(default_factory=TableFacts)


class Table:
    """One device: two people, or a person and the computer. Call :meth:`dispatch` with intents;
    draw :meth:`model`. ``think_budget``: seconds of the computer's thinking per ``think``
    intent (None: all of it), so that no task blocks the page for long."""

    def __init__(self, kind: GameKind, storage: Storage | None = None, notify: Notify | None = None,
                 rng: random.Random | None = None, think_budget: float | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.kind = kind
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.slot = SaveSlot(self.storage, f"{kind.name}/save",
                             tombstone=json.dumps({"app": kind.name, "unsaved": True}))
        self.notify: Notify = notify or (lambda what, data: None)
        self.rng = rng or random.Random()
        self.think_budget = think_budget
        self.clock = clock
        self.screen = "start"
        self.form = StartForm({p: "" for p in kind.players}, {f.name: f.default for f in kind.fields},
                              level=kind.levels[len(kind.levels) // 2] if kind.levels else "")
        self.notice: str | None = None  # shown once on the next screen (bad save, bad import…)
        self.announce = ""  # text for the live region after this render
        self.tab = "board"  # narrow screens: "board" or "pad"
        self.playing: _Playing | None = None
        self.draft: Draft | None = None
        self.review: Review | None = None
        self._thinker: Slices[Any] | None = None
        self._reading: Slices[Any] | None = None  # a record or a saved game being read
        self._reading_what = "record"
        self._then: Callable[[Any], None] = lambda result: None
        self._failed: Callable[[ValueError], None] = lambda error: None
        self._summary: tuple[str | None, SavedSummary | None] | None = None  # (saved text, its summary)

    # --- what is at the table ----------------------------------------------------------

    @property
    def game(self) -> Any:
        """The game's state, or None."""
        return None if self.playing is None else self.playing.state

    @property
    def facts(self) -> TableFacts:
        return self.playing.facts if self.playing is not None else TableFacts()

    @property
    def save_failed(self) -> bool:
        return self.slot.failed

    def seat_at(self, player: str) -> SeatAt:
        level = self.facts.computer.get(player)
        return SeatAt(SeatKind.COMPUTER, level) if level else SeatAt(SeatKind.HERE)

    def _to_play(self) -> str | None:
        return None if self.playing is None else self.kind.to_play(self.playing.state)

    # --- intents -----------------------------------------------------------------------

    def dispatch(self, action: str, arg: str | None = None, value: str | None = None) -> bool:
        """Handle one intent. False when it does not apply to the current screen (a stale
        click after the screen changed): nothing happens then."""
        self.announce = ""
        handler = getattr(self, "on_" + action.replace("-", "_"), None)
        if handler is not None:
            return handler(arg, value) is not False
        if self.screen == "play" and self.draft is not None and action in self.draft.intents:
            return self._draft_intent(action, arg)
        if action in self.kind.intents:
            return False  # a stale click: the screen it was meant for is gone
        raise ValueError(f"unknown intent {action!r}")

    # --- the start screen --------------------------------------------------------------

    def on_field(self, arg: str | None, value: str | None) -> bool:
        """A start-form field changed: name-X, opponent, level, side, aid, or one of the game's."""
        if self.screen != "start" or value is None or arg is None:
            return False
        value, form = str(value), self.form
        specs = {f.name: f for f in self.kind.fields}
        if arg.startswith("name-") and arg[5:] in form.names:
            form.names[arg[5:]] = value
        elif arg == "opponent" and value in Opponent.__members__.values():
            form.opponent = Opponent(value)
        elif arg == "level" and value in self.kind.levels:
            form.level = value
        elif arg == "side" and value in Side.__members__.values():
            form.side = Side(value)
        elif arg == "aid" and self.kind.aid is not None and value in ("on", "off"):
            form.aid = value == "on"
        elif arg == "seating" and not self.kind.curtain and value in Seating.__members__.values():
            form.seating = Seating(value)
        elif arg == "confirm" and value in ("on", "off"):
            form.confirm = value == "on"
        elif arg in specs and specs[arg].accepts(value):
            form.values[arg] = value
        else:
            return False
        form.error = None
        form.confirm_replace = False
        return True

    def on_new_game(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "start":
            return False
        form = self.form
        if arg == "keep":
            form.confirm_replace = False
            return True
        facts = TableFacts(aid=form.aid, confirm=form.confirm)
        if form.opponent is Opponent.PERSON and not self.kind.curtain:
            facts.seating = form.seating
        names: dict[str, str | None] = {p: (form.names[p].strip() or None) for p in self.kind.players}
        if form.opponent is Opponent.COMPUTER:
            first, second = self.kind.players
            side = form.side if form.side is not Side.RANDOM else self.rng.choice((Side.FIRST, Side.SECOND))
            person, computer = (first, second) if side is Side.FIRST else (second, first)
            facts.computer = {computer: form.level}
            yours = names[first]  # the form has one name field against the computer: the person's
            names = {person: yours if yours and yours != _("Computer") else _("You"),
                     computer: _("Computer")}
        refusal = self.kind.names_refusal(names)
        if refusal:
            form.error = sentence(refusal)
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
        self._begin(_Playing(state, facts), replace=True)
        return True

    def on_rematch(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "over" or self.playing is None:
            return False
        facts = TableFacts(dict(self.facts.computer), self.facts.aid, self.facts.seating,
                           self.facts.confirm)
        self._begin(_Playing(self.kind.rematch(self.playing.state), facts))
        return True

    def _begin(self, playing: _Playing, *, replace: bool = False) -> None:
        if not self._save(playing, replace=replace):
            return
        self.playing = playing
        self.review = None
        self.notice = None
        self._next()

    def on_resume(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "start":
            return False
        return self._read("save", self._loading(), self._resumed, self._unresumable)

    def _resumed(self, loaded: _Playing | None) -> None:
        if loaded is None:
            self.screen, self.notice = "start", _("There is no saved game.")
            return
        self.playing = loaded
        self.notice = None
        self._next()

    def _unresumable(self, error: ValueError) -> None:
        self.screen, self.notice = "start", str(error)

    def on_menu(self, arg: str | None, value: str | None) -> bool:
        """Leave the game for the start screen; the saved game stays and can be resumed."""
        if self.screen == "start":
            return False
        self.screen = "start"
        self.draft = None
        self.review = None
        self._thinker = self._reading = None
        return True

    def on_tab(self, arg: str | None, value: str | None) -> bool:
        if arg not in ("board", "pad"):
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
        something from that player now."""
        assert self.playing is not None
        self.draft = None
        self._thinker = None
        self.tab = "board"
        player = self._to_play()
        if player is None:
            self._show_over()
            return
        seat = self.seat_at(player)
        if seat.kind is SeatKind.COMPUTER:
            self.screen = "thinking"
            self.announce = _("The computer is thinking.")
        elif seat.kind is SeatKind.REMOTE:
            self.screen = "waiting"
        elif self.facts.computer or not self.kind.hidden(self.game):
            self._open_draft(player)  # no curtain before the computer, nor when nothing is hidden
        else:
            self.screen = "curtain"
            name = self.kind.player_name(self.game, player)
            self.announce = _("Pass the device to {name}.").format(name=name)

    def on_reveal(self, arg: str | None, value: str | None) -> bool:
        player = self._to_play()
        if self.screen != "curtain" or player is None:
            return False
        self._open_draft(player)
        return True

    def _open_draft(self, player: str) -> None:
        assert self.playing is not None
        self.draft = self.kind.draft(self.playing.state, player, self.playing.facts)
        self.screen = "play"
        report = self.kind.report(self.playing.state, player)
        if report:
            self.announce = report

    def on_think(self, arg: str | None, value: str | None) -> bool:
        """The computer thinks (the event layer sends this after drawing "thinking", and again
        while it is still thinking); once decided, it plays its turn."""
        player = self._to_play()
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

    def _deciding(self, level: str, player: str) -> Steps[Any]:
        """The computer's decision in slices, from its seat alone. Making the computer (its code
        loads on first use) and its seat (a long game's log) take a slice each too."""
        assert self.playing is not None
        computer = self.kind.computer(level, self.rng.randrange(1 << 30))
        yield
        seat = self.kind.seat(self.playing.state, player)
        yield
        return (yield from thinking(computer, seat))

    @property
    def thinking(self) -> bool:
        """The computer has begun a decision it has not finished."""
        return self._thinker is not None

    def _draft_intent(self, intent: str, arg: str | None) -> bool:
        draft = self.draft
        assert draft is not None
        reply = draft.handle(intent, arg)
        if reply is True or reply is False:
            return reply
        player = self._to_play()
        assert player is not None
        return self._play(player, reply, draft)

    def _play(self, player: str, action: Any, draft: Draft | None = None) -> bool:
        assert self.playing is not None
        if self.slot.stale():  # the game went on in another tab: this action must not count
            return self._follow_saved()
        state = self.playing.state
        applied = self.kind.apply(state, player, action, draft)
        if not self._save():
            return True
        if applied.get("turn"):  # a numbered turn (a setup is not one)
            self.notify("turn-ended", {"turn": applied["turn"], "player": player})
        if applied.get("started"):
            opponent = "computer" if self.facts.computer else "person"
            self.notify("game-started", {**self.kind.started(state), "opponent": opponent})
        outcome = self.kind.outcome(state)
        if outcome is not None and applied.get("ended"):
            self.notify("game-over", outcome)
        if applied.get("text"):
            self.announce = applied["text"] or ""
        if draft is not None and applied.get("next"):  # a setup, resigning: straight on
            self._next()
        return True

    def on_end_turn(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "play" or self.draft is None or not self.draft.finished:
            return False
        self._next()
        return True

    # --- game over and review --------------------------------------------------------

    def _show_over(self) -> None:
        assert self.playing is not None
        self.review = self.kind.review(self.playing.state, self.playing.facts)
        self.draft = None
        self.screen = "over"
        self.tab = "board"
        self.announce = self.review.outcome_text()

    def on_replay(self, arg: str | None, value: str | None) -> bool:
        if self.review is None or self.screen not in ("over", "review"):
            return False
        return self.review.handle("replay", arg)

    def on_aid(self, arg: str | None, value: str | None) -> bool:
        """The review's aid overlay (what the computer believed) switched on or off: computed
        only while it is on."""
        if self.review is None or self.screen not in ("over", "review"):
            return False
        return self.review.handle("aid", arg)

    def import_text(self, text: str | bytes) -> bool:
        """Review an imported record. A bad file leaves the start screen, with a message."""
        return self._read("record", self.kind.reviewing(text), self._reviewed, self._unreadable)

    def _reviewed(self, review: Review) -> None:
        self.review = review
        self.notice = None
        self.screen = "review"
        self.tab = "board"

    def _unreadable(self, error: ValueError) -> None:
        self.review, self.notice, self.screen = None, str(error), "start"

    # --- long reading, in slices -----------------------------------------------------

    def _read(self, what: str, steps: Steps[Any], then: Callable[[Any], None],
              failed: Callable[[ValueError], None]) -> bool:
        """Read a record or a saved game in slices: "reading" shows while a long one is read
        (the event layer sends "read" until it is done); then ``then`` with the result, or
        ``failed`` with the error that says why it cannot be used."""
        self._reading = Slices(steps, self.clock)
        self._reading_what, self._then, self._failed = what, then, failed
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
        if what == "saved":
            text = self._saved_text()
            if text is None or text == self.slot.tombstone:
                raise ValueError(_("nothing is saved"))
            return f"{self.kind.name}-saved-game.json", text
        if self.review is None:
            raise ValueError(_("no game to export"))
        return self.review.export()

    # --- saving ------------------------------------------------------------------------

    def _save(self, playing: _Playing | None = None, *, replace: bool = False) -> bool:
        """Save the game. False when the slot was changed elsewhere: nothing was written and the
        table now follows the stored game (the caller must not show this page's action)."""
        playing = playing or self.playing
        if playing is None:
            return True
        try:
            self.slot.write(self.kind.save(playing.state, playing.facts), replace=replace)
        except SaveConflict:
            self._follow_saved()
            return False
        return True

    def _saved_text(self) -> str | None:
        try:
            return self.slot.read()
        except StorageUnreadable:
            return None

    def _load(self) -> _Playing | None:
        return finish(self._loading())

    def _loading(self) -> Steps[_Playing | None]:
        """The saved game, replayed in steps; None when there is none. SaveError says why a
        saved game cannot be resumed."""
        try:
            text = self.slot.read()
        except StorageUnreadable as e:
            raise SaveError(_("The saved game could not be read ({reason}).").format(reason=e)) from None
        if text is None:
            return None
        if text == self.slot.tombstone:
            raise SaveError(UNSAVED)
        state, facts = yield from self.kind.loading(text)
        return _Playing(state, facts)

    def saved_summary(self) -> SavedSummary | None:
        """What the start screen says about the saved game, or None when there is none. Worked
        out once per saved text: the start screen is drawn again at every change of its form,
        and a long game takes a while to replay."""
        text = self._saved_text()
        if self._summary is not None and self._summary[0] == text:
            return self._summary[1]
        summary = self._summarize()
        self._summary = (text, summary)
        return summary

    def _summarize(self) -> SavedSummary | None:
        try:
            loaded = self._load()
        except SaveError as e:
            return {"ok": False, "lost": str(e) == UNSAVED}
        if loaded is None:
            return None
        kind, state = self.kind, loaded.state
        return {"ok": True, "names": {p: kind.player_name(state, p) for p in kind.players},
                "over": kind.outcome(state) is not None, "turn": kind.turn(state),
                "stage": str(kind.stage(state)), "computer": bool(loaded.facts.computer)}

    def on_saved_elsewhere(self, arg: str | None, value: str | None) -> bool:
        """Another tab or window wrote the saved game (the browser's ``storage`` event)."""
        if not self.slot.stale():
            return False
        if self.screen in ("start", "review"):
            self._saved_text()  # only the start screen's summary changes
            return True
        return self._follow_saved()

    def _follow_saved(self) -> bool:
        """The game went on elsewhere: drop this page's draft and continue from the stored game,
        at its curtain (never at anyone's board)."""
        self.draft = None
        self.review = None
        self._thinker = None
        try:
            loaded = self._load()
        except SaveError as e:
            self.playing, self.screen, self.notice = None, "start", str(e)
            return True
        if loaded is None:
            self.playing, self.screen = None, "start"
            self.notice = _("The saved game was removed in another tab or window.")
            return True
        self.playing = loaded
        self.notice = _("This game went on in another tab or window; it continues from there. "
                        "Nothing played here since was kept.")
        self._next()
        self._close_board()
        return True

    def _close_board(self) -> None:
        """A board never opens by itself (a reload, another tab): behind a curtain instead,
        while the game hides anything from the player to act."""
        if self.screen == "play" and self.kind.hidden(self.game):
            self.draft, self.screen = None, "curtain"

    def restore(self) -> None:
        """At page load: resume the saved game at the curtain of the player to act (or its game
        over screen), or show the start screen with a clear message when the save is unusable
        (the save is kept as it is: the start screen offers to export it). A long game is read
        in slices."""
        self._read("save", self._loading(), self._restored, self._unresumable)

    def _restored(self, loaded: _Playing | None) -> None:
        if loaded is None:
            self.screen = "start"
            return
        self.playing = loaded
        for p in self.kind.players:
            if p not in loaded.facts.computer:
                self.form.names[p] = self.kind.player_name(loaded.state, p)
        self.form.confirm = loaded.facts.confirm
        self._next()
        if not loaded.facts.computer:
            self._close_board()

    # --- the screen model ----------------------------------------------------------------

    def model(self) -> Screen:
        """The current screen as typed data (see :mod:`mortar.table.render`)."""
        base: Screen = {"screen": self.screen, "announce": self.announce, "notice": self.notice,
                        "tab": self.tab, "save_failed": self.save_failed}
        return getattr(self, "_model_" + self.screen)(base)  # type: ignore[no-any-return]

    def _model_start(self, base: Screen) -> StartScreen:
        f = self.form
        form: FormModel = {"names": dict(f.names), "values": dict(f.values), "opponent": str(f.opponent),
                           "level": f.level, "levels": list(self.kind.levels), "side": str(f.side),
                           "aid": f.aid, "seating": str(f.seating), "open": not self.kind.curtain,
                           "confirm": f.confirm,
                           "error": f.error, "confirm_replace": f.confirm_replace}
        return {**base, "form": form, "saved": self.saved_summary()}

    def _whose(self) -> tuple[str, str, str, int | None]:
        """(player to act, their name, the stage, the turn)."""
        state, player = self.game, self._to_play()
        assert player is not None
        name = self.kind.player_name(state, player)
        return player, name, str(self.kind.stage(state)), self.kind.turn(state)

    def _model_curtain(self, base: Screen) -> CurtainScreen:
        player, name, stage, turn = self._whose()
        other = next(p for p in self.kind.players if p != player)
        return {**base, "player": player, "name": name, "other": self.kind.player_name(self.game, other),
                "stage": stage, "turn": turn}

    def _model_thinking(self, base: Screen) -> ThinkingScreen:
        player, name, stage, turn = self._whose()
        return {**base, "player": player, "name": name, "stage": stage, "turn": turn,
                "watch": self._watch() if self.screen == "thinking" else None}

    _model_waiting = _model_thinking

    def _watch(self) -> dict[str, Any] | None:
        """The person's own screen while the computer plays, when the game hides nothing now:
        their draft from their seat (they cannot act on it), or None."""
        playing = self.playing
        assert playing is not None
        person = next((p for p in self.kind.players if p not in playing.facts.computer), None)
        if person is None or self.kind.hidden(playing.state):
            return None
        return self.kind.draft(playing.state, person, playing.facts).model(None)

    def _model_reading(self, base: Screen) -> ReadingScreen:
        return {**base, "what": self._reading_what}

    def _model_play(self, base: Screen) -> PlayScreen:
        draft, playing = self.draft, self.playing
        assert draft is not None and playing is not None
        player = draft.player  # (its result stays on screen after the game's last action)
        aid = self.kind.aid_model(playing.state, player) if playing.facts.aid and self._to_play() else None
        model = draft.model(aid)
        # the play screen is named by the game's draft ("placement", "turn")
        return {**base, "screen": model.get("kind", "play"), "player": player, "draft": model,
                "computer": bool(playing.facts.computer), "auto_next": self.goes_on_by_itself}

    @property
    def goes_on_by_itself(self) -> bool:
        """A person's turn is played and shown, and the computer plays next: unless the person
        asked to confirm every step, the computer starts after a visible beat (the event layer
        sends "end-turn"; the person may tap on at once)."""
        player = self._to_play()
        return (self.screen == "play" and self.draft is not None and self.draft.finished
                and player is not None and not self.facts.confirm
                and self.seat_at(player).kind is SeatKind.COMPUTER)

    def _model_over(self, base: Screen) -> ReviewScreen:
        assert self.review is not None
        return {**base, "review": self.review.model(), "can_rematch": True}

    def _model_review(self, base: Screen) -> ReviewScreen:
        assert self.review is not None
        return {**base, "review": self.review.model(), "can_rematch": False}


def is_stage(value: str) -> bool:
    return value in Stage.__members__.values()
