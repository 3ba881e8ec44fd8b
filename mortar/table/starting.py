"""The start screen at the table: its form's fields, a new game (one tap never replaces a saved
game), a rematch; and what every screen has: the menu, the tabs of a narrow screen, a notice
dismissed. Mixed into :class:`mortar.table.table.Table`."""

from __future__ import annotations

from .kind import Opponent, S, SeatT, TableFacts
from .names import names_refusal
from .savefile import Saved
from .table_state import TableState


class Starting(TableState[S, SeatT]):
    """The start screen's intents, and the menu's, tabs' and notices' of every screen."""

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
