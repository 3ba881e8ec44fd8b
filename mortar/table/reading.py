"""The game over and its review, an imported record reviewed, the exports, and the long reading
of a record or a saved game a slice at a time (the ``reading`` screen). Mixed into
:class:`mortar.table.table.Table`."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..kit.replay import Replay
from ..kit.steps import Slices, Steps, finish
from .kind import S, SeatT
from .review import Review, reviewing
from .savefile import Saved
from .table_state import TableState
from .words import _


class Reading(TableState[S, SeatT]):
    """The game over, reviews, exports and long reading."""

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
