"""The game saved after every action, resumed (at page load, or from the start screen), and
followed when another tab or window plays it on: this page's own action then never counts, and
the board never opens by itself. Mixed into :class:`mortar.table.table.Table`."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .kind import S, SaveError, SeatT
from .savefile import Saved
from .saves import SaveConflict
from .table_state import TableState
from .words import _

if TYPE_CHECKING:
    from .models import SavedSummary


class Saving(TableState[S, SeatT]):
    """The saved game: written, resumed, followed."""

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
