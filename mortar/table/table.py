"""The table: what any two-player game on one device needs, and no rule of any game.

The start form's frame (names, who sits where: a person or the computer), the hand-over
curtain between two people, the computer's turns, saving and resuming, import and export, the
review after the game, and the embed notifications. The game itself plugs in through
:class:`GameKind` (Mortar Hunt's is :class:`mortar.ui.hunt.Hunt`): new game, whose turn, the seat
of a player, a draft for the player to act, apply an action, outcome, record text, pads.

Screens: ``start`` → ``curtain`` (between two people) → ``play`` (the game's draft: placement or
a turn) → … → ``over`` (review, export, rematch); ``review`` shows an imported record;
``thinking`` while the computer decides. The curtain's model holds the name of the player to
act and the turn number, nothing else; the play screen is built from that player's seat only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .kind import Draft, GameKind, SaveError, TableFacts
from .saves import MemoryStorage, SaveConflict, SaveSlot, Storage, StorageUnreadable

__all__ = ["Draft", "GameKind", "SaveError", "StartForm", "Table", "TableFacts"]


@dataclass
class StartForm:
    names: dict[str, str]
    fields: dict[str, str]
    opponent: str = "person"  # "person" or "computer"
    level: str = "medium"
    side: str = "first"  # the person's side against the computer: "first", "second", "random"
    radar: bool = False
    error: str | None = None
    confirm_replace: bool = False  # "Start" was pressed while a game is saved: ask first


SIDES = ("first", "second", "random")
UNSAVED = ("The last game could not be saved on this device (its storage was full), so it "
           "cannot be resumed.")
# intents of drafts and reviews: harmless when they arrive after their screen has gone
DRAFT_INTENTS = frozenset({
    "select", "square", "facing", "piece-type", "remove", "confirm-placement", "step",
    "undo-step", "clear-move", "confirm-move", "change-move", "fire", "skip", "sacrifice",
    "resign", "resign-cancel", "resign-confirm", "replay"})


class Table:
    """One device: two people, or a person and the computer. Call :meth:`dispatch` with
    intents; render :meth:`model`."""

    def __init__(self, kind: GameKind, storage: Storage | None = None,
                 notify: Callable[[str, dict], None] | None = None,
                 rng: random.Random | None = None) -> None:
        self.kind = kind
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.slot = SaveSlot(self.storage, f"{kind.app}/save",
                             tombstone=json.dumps({"app": kind.app, "unsaved": True}))
        self.notify = notify or (lambda kind, data: None)
        self.rng = rng or random.Random()
        self.screen = "start"
        self.form = StartForm({p: "" for p in kind.players}, kind.fields())
        self.notice: str | None = None  # shown once on the next screen (bad save, bad import…)
        self.announce = ""  # text for the live region after this render
        self.tab = "board"  # narrow screens: "board" or "pad"
        self.game: Any = None
        self.facts = TableFacts()
        self.draft: Draft | None = None
        self.review: Any = None

    @property
    def save_failed(self) -> bool:
        return self.slot.failed

    def dispatch(self, action: str, arg: str | None = None, value: str | None = None) -> bool:
        """Handle one intent. Returns False when it does not apply to the current screen
        (a stale click after the screen changed); nothing happens then."""
        self.announce = ""
        handler = getattr(self, "on_" + action.replace("-", "_"), None)
        if handler is not None:
            return handler(arg, value) is not False
        if self.screen == "play" and self.draft is not None:
            return self._draft_intent(action, arg)
        if self.review is not None and self.screen in ("over", "review") and action == "replay":
            return self.review.handle(action, arg) is not False
        if action in DRAFT_INTENTS:
            return False  # a stale click: the screen it was meant for is gone
        raise ValueError(f"unknown intent {action!r}")

    # --- start screen --------------------------------------------------------------------

    def on_field(self, arg, value) -> bool:
        """A start-form field changed: name-A, name-B, opponent, level, side, radar, or one of
        the game's own."""
        if self.screen != "start" or value is None or arg is None:
            return False
        value, form = str(value), self.form
        if arg.startswith("name-") and arg[5:] in form.names:
            form.names[arg[5:]] = value
        elif arg == "opponent" and value in ("person", "computer"):
            form.opponent = value
        elif arg == "level" and value in self.kind.levels:
            form.level = value
        elif arg == "side" and value in SIDES:
            form.side = value
        elif arg == "radar" and value in ("on", "off"):
            form.radar = value == "on"
        elif not self.kind.set_field(form.fields, arg, value):
            return False
        form.error = None
        form.confirm_replace = False
        return True

    def on_new_game(self, arg, value) -> bool:
        if self.screen != "start":
            return False
        form = self.form
        if arg == "keep":
            form.confirm_replace = False
            return True
        facts = TableFacts(radar=form.radar)
        names: dict[str, str | None] = {p: (form.names[p].strip() or None) for p in self.kind.players}
        if form.opponent == "computer":
            first, second = self.kind.players
            side = form.side if form.side != "random" else self.rng.choice(("first", "second"))
            person, computer = (first, second) if side == "first" else (second, first)
            facts.computer = {computer: form.level}
            yours = names[first]  # the form has one name field against the computer: the person's
            names = {person: yours if yours and yours != "Computer" else "You", computer: "Computer"}
        refusal = self.kind.names_refusal(names)
        if refusal:
            form.error = _sentence(refusal)
            return True
        try:
            game = self.kind.new(form.fields, names)
        except ValueError as e:
            form.error = str(e)
            return True
        replace = arg == "replace" and form.confirm_replace
        if not replace and self._saved_text() is not None:
            form.confirm_replace = True  # one tap must never destroy a saved game
            return True
        form.confirm_replace = False
        self._begin(game, facts, replace=True)
        return True

    def on_rematch(self, arg, value) -> bool:
        if self.screen != "over" or self.game is None:
            return False
        facts = TableFacts(dict(self.facts.computer), self.facts.radar)
        self._begin(self.kind.rematch(self.game), facts)
        return True

    def _begin(self, game: Any, facts: TableFacts, *, replace: bool = False) -> None:
        if not self._save(game, facts, replace=replace):
            return
        self.game, self.facts = game, facts
        self.review = None
        self.notice = None
        self._next()

    def on_resume(self, arg, value) -> bool:
        if self.screen != "start":
            return False
        try:
            loaded = self._load()
        except SaveError as e:
            self.notice = str(e)
            return True
        if loaded is None:
            self.notice = "There is no saved game."
            return True
        self.game, self.facts = loaded
        self.notice = None
        self._next()
        return True

    def on_menu(self, arg, value) -> bool:
        """Leave the game for the start screen; the saved game stays and can be resumed."""
        if self.screen == "start":
            return False
        self.screen = "start"
        self.draft = None
        self.review = None
        return True

    def on_tab(self, arg, value) -> bool:
        if arg not in ("board", "pad"):
            return False
        self.tab = arg
        return True

    def on_dismiss(self, arg, value) -> bool:
        self.notice = None
        return True

    # --- whose turn: the curtain, a person's draft, the computer ----------------------------

    def _computer(self, player: str | None) -> str | None:
        return None if player is None else self.facts.computer.get(player)

    def _next(self) -> None:
        """After an action (or on resume): the game over screen, the computer's turn, or the
        next person — behind the curtain when two people share the device."""
        self.draft = None
        self.tab = "board"
        player = self.kind.to_play(self.game)
        if player is None:
            self._show_over()
        elif self._computer(player):
            self.screen = "thinking"
            self.announce = "The computer is thinking."
        elif self.facts.computer:
            self._open_draft(player)  # no curtain between a person and the computer
        else:
            self.screen = "curtain"
            self.announce = f"Pass the device to {self.kind.name(self.game, player)}."

    def on_reveal(self, arg, value) -> bool:
        if self.screen != "curtain" or self.game is None:
            return False
        player = self.kind.to_play(self.game)
        assert player is not None
        self._open_draft(player)
        return True

    def _open_draft(self, player: str) -> None:
        self.draft = self.kind.draft(self.game, player)
        self.screen = "play"
        report = self.kind.report(self.game, player)
        if report:
            self.announce = report

    def on_think(self, arg, value) -> bool:
        """The computer plays its turn (the event layer sends this after drawing "thinking")."""
        player = self.kind.to_play(self.game) if self.game is not None else None
        level = self._computer(player)
        if self.screen != "thinking" or level is None or player is None:
            return False
        if self.slot.stale():
            return self._follow_saved()
        seed = self.rng.randrange(1 << 30)
        action = self.kind.choose(self.game, player, level, seed)
        self._play(player, action)
        if self.screen != "start":  # (a conflicting save sends the table elsewhere)
            self._next()
        return True

    def _draft_intent(self, intent: str, arg: str | None) -> bool:
        draft = self.draft
        assert draft is not None
        reply = draft.handle(intent, arg)
        if reply is True or reply is False:
            return reply
        player = self.kind.to_play(self.game)
        assert player is not None
        return self._play(player, reply, draft)

    def _play(self, player: str, action: Any, draft: Draft | None = None) -> bool:
        if self.slot.stale():  # the game went on in another tab: this action must not count
            return self._follow_saved()
        event = self.kind.apply(self.game, player, action, draft)
        if not self._save():
            return True
        if event.get("turn"):  # a numbered turn (placement is not one)
            self.notify("turn-ended", {"turn": event["turn"], "player": player})
        started = self.kind.started(self.game) if event.get("started") else None
        if started is not None:
            self.notify("game-started", {**started, "opponent": "computer" if self.facts.computer
                                         else "person"})
        outcome = self.kind.outcome(self.game)
        if outcome is not None and event.get("ended"):
            self.notify("game-over", outcome)
        if event.get("text"):
            self.announce = event["text"]
        if draft is not None and event.get("next"):  # placement and resigning go straight on
            self._next()
        return True

    def on_end_turn(self, arg, value) -> bool:
        if self.screen != "play" or self.draft is None or not getattr(self.draft, "finished", False):
            return False
        self._next()
        return True

    # --- game over and review ------------------------------------------------------------

    def _show_over(self) -> None:
        self.review = self.kind.review(None, self.game, self.facts)
        self.draft = None
        self.screen = "over"
        self.tab = "board"
        self.announce = self.review.outcome_text()

    def import_text(self, text: str | bytes) -> bool:
        """Review an imported record. A bad file leaves the start screen, with a message."""
        try:
            review = self.kind.review(text)
        except ValueError as e:
            self.notice = str(e)
            self.review = None
            if self.screen == "review":
                self.screen = "start"
            return True
        self.review = review
        self.notice = None
        self.screen = "review"
        self.tab = "board"
        return True

    def on_close_review(self, arg, value) -> bool:
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
            if text is None:
                raise ValueError("nothing is saved")
            return f"{self.kind.app}-saved-game.json", text
        if self.review is None:
            raise ValueError("no game to export")
        return self.review.export()

    # --- saving ----------------------------------------------------------------------------

    def _save(self, game: Any = None, facts: TableFacts | None = None, *, replace: bool = False) -> bool:
        """Save the game. False when the slot was changed elsewhere: nothing was written and the
        table now follows the stored game (the caller must not show this page's action)."""
        game = game if game is not None else self.game
        if game is None:
            return True
        try:
            self.slot.write(self.kind.save(game, facts or self.facts), replace=replace)
        except SaveConflict:
            self._follow_saved()
            return False
        return True

    def _saved_text(self) -> str | None:
        try:
            return self.slot.read()
        except StorageUnreadable:
            return None

    def _load(self) -> tuple[Any, TableFacts] | None:
        try:
            text = self.slot.read()
        except StorageUnreadable as e:
            raise SaveError(f"The saved game could not be read ({e}).") from None
        if text is None:
            return None
        if text == self.slot.tombstone:
            raise SaveError(UNSAVED)
        return self.kind.load(text)

    def saved_summary(self) -> dict | None:
        """What the start screen says about the saved game, or None when there is none."""
        try:
            loaded = self._load()
        except SaveError as e:
            return {"ok": False, "lost": str(e) == UNSAVED}
        if loaded is None:
            return None
        game, facts = loaded
        players = self.kind.players
        outcome = self.kind.outcome(game)
        return {"ok": True, "names": {p: self.kind.name(game, p) for p in players},
                "over": outcome is not None, "turn": self.kind.turn(game),
                "phase": self.kind.stage(game), "computer": bool(facts.computer)}

    def on_saved_elsewhere(self, arg, value) -> bool:
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
        try:
            loaded = self._load()
        except SaveError as e:
            self.game, self.screen, self.notice = None, "start", str(e)
            return True
        if loaded is None:
            self.game, self.screen = None, "start"
            self.notice = "The saved game was removed in another tab or window."
            return True
        self.game, self.facts = loaded
        self.notice = ("This game went on in another tab or window; it continues from there. "
                       "Nothing played here since was kept.")
        self._next()
        if self.screen == "play":  # against the computer there is no curtain: show one now
            self.draft, self.screen = None, "curtain"
        return True

    def restore(self) -> None:
        """At page load: resume the saved game at the curtain of the player to act (or its game
        over screen), or show the start screen with a clear message when the save is unusable
        (the save is kept as it is: the start screen offers to export it)."""
        try:
            loaded = self._load()
        except SaveError as e:
            self.notice = str(e)
            self.screen = "start"
            return
        if loaded is None:
            self.screen = "start"
            return
        self.game, self.facts = loaded
        for p in self.kind.players:
            if p not in self.facts.computer:
                self.form.names[p] = self.kind.name(self.game, p)
        self._next()
        if self.screen == "play" and not self.facts.computer:
            self.draft, self.screen = None, "curtain"  # a reload never shows a board by itself

    # --- the screen model ------------------------------------------------------------------

    def model(self) -> dict[str, Any]:
        """The current screen as plain data (see :mod:`mortar.ui.render`)."""
        out = getattr(self, "_model_" + self.screen)()
        # the play screen is named by the game's draft ("placement", "turn")
        screen = out["kind"] if self.screen == "play" else self.screen
        out.update(screen=screen, announce=self.announce, notice=self.notice, tab=self.tab,
                   save_failed=self.save_failed)
        return out

    def _model_start(self) -> dict[str, Any]:
        f = self.form
        return {"form": {"names": dict(f.names), **f.fields, "opponent": f.opponent,
                         "level": f.level, "side": f.side, "radar": f.radar, "error": f.error,
                         "confirm_replace": f.confirm_replace, "levels": list(self.kind.levels)},
                "saved": self.saved_summary()}

    def _model_curtain(self) -> dict[str, Any]:
        game = self.game
        player = self.kind.to_play(game)
        assert player is not None
        other = next(p for p in self.kind.players if p != player)
        return {"player": player, "name": self.kind.name(game, player),
                "other": self.kind.name(game, other), "stage": self.kind.stage(game),
                "turn": self.kind.turn(game)}

    def _model_thinking(self) -> dict[str, Any]:
        player = self.kind.to_play(self.game)
        assert player is not None
        return {"player": player, "name": self.kind.name(self.game, player),
                "turn": self.kind.turn(self.game), "stage": self.kind.stage(self.game)}

    def _model_play(self) -> dict[str, Any]:
        draft = self.draft
        assert draft is not None
        player = self.kind.to_play(self.game)
        radar = self.kind.radar(self.game, player) if self.facts.radar and player else None
        out = draft.model(radar)
        out.update(computer=bool(self.facts.computer))
        return out

    def _model_over(self) -> dict[str, Any]:
        return {**self.review.model(), "can_rematch": True}

    def _model_review(self) -> dict[str, Any]:
        return {**self.review.model(), "can_rematch": False}


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
