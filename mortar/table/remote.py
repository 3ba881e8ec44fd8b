"""A person on another device: the remote seat (issues 30 and 31). Two people far apart play any
game of the box by links: this device holds its player's side of the game (the kit's
:class:`~mortar.kit.remote.RemoteGame`), the table asks that player's draft for an action as at
any table, and the other player's seat is remote: the table waits for its link. Nothing here
knows a game: the kit checks every link, the game's plug-in draws and words.

* Starting: the start form's "a person on another device" (:meth:`RemoteTable.start_remote`)
  makes an invitation; a link opened on a device (``open-link``: the page's address, a pasted or
  scanned link) joins it (the ``join`` screen), or is applied to the game it belongs to, or is
  refused in words, changing nothing.
* After each confirmed turn the ``waiting`` screen shows the link to send (as text, to share or
  copy, and as a QR code); the whole game again when a link was lost.
* The end: a game whose every secret is open is verified a slice at a time (the ``reading``
  screen), then reviewed as any other (``over``); until the other's openings come, or when a
  device lied, the ``ended`` screen says so.

Each game by links has its own save (:mod:`.remote_seat`), written before its link is shown.

The kit's side of play by links (its links, commitments and remote game) and the words of its
refusals come in the links archive, fetched only when a game by links is first wanted
(mortar/web/links_archive.py): this module imports them where they are used, not at its top, so
that the table seats every game without them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ..kit.protocol import AnyState, IllegalActionError
from ..kit.replay import Replay
from ..kit.steps import Steps, finish
from .kind import Opponent, S, SeatT, Side
from .names import Names
from .remote_seat import Joining, Listed, RemoteSeat, RemoteSlot, listed, loading, slot_key
from .review import Review
from .saves import SaveConflict
from .table_state import TableState
from .words import _

if TYPE_CHECKING:
    from ..kit.remote import Refused, Verification
    from .drafts import Context, Draft, PlayModel


class RemoteTable(TableState[S, SeatT]):
    """The table's part for games by links (mixed into :class:`mortar.table.table.Table`)."""

    # --- what the screens show ---------------------------------------------------------------

    def remote_names(self) -> Names:
        assert self.remote is not None
        return Names(self.remote.game.names, self.kind.sides)

    def link(self, fragment: str | None) -> str | None:
        """The whole address of a link: the page's (or the embedding page's) and the fragment."""
        if fragment is None or self.link_base is None:
            return fragment
        return f"{self.link_base}#{fragment}"

    def link_to_send(self) -> str | None:
        """The link the waiting screen shows: this device's last, or the whole game."""
        remote = self.remote
        if remote is None:
            return None
        return self.link(remote.game.whole_game() if remote.whole else remote.game.last_message())

    def remote_games(self) -> list[Listed]:
        return listed(self.storage, self.kind.game.name)

    # --- starting and joining -----------------------------------------------------------------

    def start_remote(self) -> bool:
        """The start form's game by links: the invitation made, saved, and its first screen."""
        from ..kit.link import LinkError
        from ..kit.remote import Refused, RemoteGame
        from .remote_words import refusal_words

        form, game = self.form, self.kind.game
        first, second = game.players
        name = form.names[first].strip() or None  # (one name field: this device's player's)
        side = {Side.FIRST: first, Side.SECOND: second}.get(form.side)
        try:
            state = self.kind.new(form.values, {p: None for p in game.players})
            remote = RemoteGame.start(game, getattr(state, "options", None), name, side)
        except (ValueError, LinkError) as e:
            form.error = str(e) if not isinstance(e, LinkError) else refusal_words(
                Refused(e.code, str(e)), self.kind, _("the other player"))
            return True
        seat = RemoteSeat(remote, RemoteSlot(self.storage, slot_key(game.name, remote.game_id)),
                          self.now(), form.confirm)
        if not self._save_remote(seat, new=True):
            return True
        self._take_remote(seat)
        self.notify("game-started", {**self.kind.embed(state, "game-started"),
                                     "opponent": Opponent.REMOTE.value})
        self._next()
        return True

    def on_join(self, arg: str | None, value: str | None) -> bool:
        """Join the invitation shown, under the name typed."""
        from ..kit.link import LinkError
        from ..kit.remote import Refused, RemoteGame
        from .remote_words import refusal_words

        joining = self.joining
        if self.screen != "join" or joining is None:
            return False
        game = self.kind.game
        side = next(p for p in game.players if p != joining.invitation.inviter)
        name = self.form.names[side].strip() or None
        try:
            remote = RemoteGame.join(game, joining.text, name)
        except LinkError as e:
            self.form.error = refusal_words(Refused(e.code, str(e)), self.kind, _("the other player"))
            return True
        seat = RemoteSeat(remote, RemoteSlot(self.storage, slot_key(game.name, remote.game_id)),
                          self.now(), self.form.confirm)
        if not self._save_remote(seat, new=True):
            return True
        self.joining = None
        self._take_remote(seat)
        self._next()
        return True

    def on_join_cancel(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "join":
            return False
        self.joining, self.screen = None, "start"
        return True

    def _take_remote(self, seat: RemoteSeat) -> None:
        self.remote = seat
        self.review = None
        self.notice = None
        self.form.error = None

    # --- links opened ---------------------------------------------------------------------

    def on_open_link(self, arg: str | None, value: str | None) -> bool:
        """A link opened on this device (the page's address, pasted, scanned): applied to its
        game, or its invitation shown to join, or refused in words, changing nothing."""
        from ..kit.link import LinkCode, LinkError, Message, read
        from ..kit.remote import Refused

        text = (arg if arg is not None else self.pasted).strip()
        if not text:
            return False
        self.pasted = ""
        try:
            item = read(text)
        except LinkError as e:
            return self._refused(Refused(e.code, str(e)))
        game = self.kind.game
        if item.game != game.name:
            return self._refused(Refused(LinkCode.OTHER_GAME, "another game", game=item.game))
        key = slot_key(game.name, item.game_id)
        if self.storage.get(key) is not None:
            if self.remote is not None and self.remote.slot.key == key and not self.remote.slot.stale():
                return self._receive(text)
            return self._open_saved(key, lambda: self._receive(text))
        if isinstance(item, Message) and item.invitation is not None:
            self.joining = Joining(text, item.invitation, item.game_id)
            side = next(p for p in game.players if p != item.invitation.inviter)
            self.remote, self.review = None, None
            self.form.error = None
            self.form.names.setdefault(side, "")
            self.screen = "join"
            return True
        return self._refused(Refused(LinkCode.NOT_IN_GAME, "not this device's game"))

    def on_remote_open(self, arg: str | None, value: str | None) -> bool:
        """A game by links of the list (the start screen's, the picker's) opened."""
        if arg is None:
            return False
        key = slot_key(self.kind.game.name, arg)
        if self.storage.get(key) is None:
            self.notice = _("That game by links is not saved on this device.")
            self.screen = "start"
            return True
        return self._open_saved(key, lambda: True)

    def _open_saved(self, key: str, then: Callable[[], bool]) -> bool:
        slot = RemoteSlot(self.storage, key)

        def loaded(seat: object) -> None:
            self._take_remote(cast(RemoteSeat, seat))
            self._remote_screen()
            then()

        def failed(error: ValueError) -> None:
            self.remote, self.screen, self.notice = None, "start", str(error)

        self.remote = None
        return self._read("save", loading(self.kind, slot), loaded, failed)

    def _receive(self, text: str) -> bool:
        from ..kit.remote import Refused

        remote = self.remote
        assert remote is not None
        result = remote.game.receive(text)
        if isinstance(result, Refused):
            return self._refused(result)
        remote.when = self.now()
        remote.whole = False
        if not self._save_remote(remote):
            return True
        self._remote_screen()
        own = any(str(getattr(entry, "player", "")) == remote.side for entry in result.drew)
        if own and result.reply is not None and self.screen == "waiting":
            self._show_answered()
        return True

    def _show_answered(self) -> None:
        """A link that brought the result of this player's own action (an attack answered: the
        kit's ``Applied.drew`` holds that action's entry) and asks for a link back: their draft
        shows the result as at the table (``end-turn`` then shows the link to send)."""
        remote = self.remote
        assert remote is not None
        draft = self.kind.draft(remote.game.seat(), self.remote_context())
        result = draft.played(remote.game.seat())
        if result.shows:
            self.draft, self.chosen = cast("Draft[object, object, PlayModel]", draft), None
            self.screen, self.shown = "play", True
        if result.words:
            self.announce = result.words

    def remote_context(self) -> Context:
        from .drafts import Context

        remote = self.remote
        assert remote is not None
        return Context(self.remote_names(), remote.side, self.kind.seat_turn(remote.game.seat()),
                       quick=not remote.confirm)

    def _refused(self, refused: Refused) -> bool:
        from ..kit.link import LinkCode
        from .remote_words import refusal_words

        names = self.remote_names() if self.remote is not None else None
        other = names[self.remote.opponent] if names is not None and self.remote is not None else \
            _("the other player")
        self.notice = refusal_words(refused, self.kind, other, names)
        if refused.code is LinkCode.OTHER_GAME and refused.game in self.titles:
            self.notice = _("This link is of another game of the box, {title}: open it there.").format(
                title=self.titles[str(refused.game)])
        if self.screen == "reading":
            self.screen = "start"
        return True

    # --- this device's turn -----------------------------------------------------------------

    def play_remote(self, action: object) -> bool:
        """This device's player's action: its link made and saved before it is shown. False when
        nothing was played (an illegal action, a save refused or made elsewhere)."""
        remote = self.remote
        assert remote is not None
        before = remote.slot.known
        turn = self.kind.seat_turn(remote.game.seat())
        try:
            remote.game.play(action)
        except IllegalActionError:  # (a draft asks its seat first; the engine's reason is English)
            self.notice = _("The rules refuse that turn: nothing was played.")
            return False
        remote.whole = False
        if not self._save_remote(remote):
            if before is not None and self.remote is remote:  # the turn never happened
                self.remote = finish(loading(self.kind, remote.slot))
            return False
        if turn is not None:
            self.notify("turn-ended", {"turn": turn, "player": remote.side})
        return True

    def _save_remote(self, seat: RemoteSeat, *, new: bool = False) -> bool:
        """Save a game by links; False (saying why) when the save was refused or the game went
        on in another tab (the table then follows it)."""
        try:
            seat.slot.write(seat.save_text(self.kind), replace=new)
        except SaveConflict:
            self._follow_remote(seat)
            return False
        if seat.slot.failed:
            self.notice = _("This device could not save the game (its storage is full), so its link "
                            "is not shown: nothing was sent. Free some storage and play again.")
            return False
        return True

    def _follow_remote(self, seat: RemoteSeat) -> None:
        def then() -> bool:
            self.notice = _("This game went on in another tab or window; it continues from there.")
            return True

        self._open_saved(seat.slot.key, then)

    def follow_remote(self) -> bool:
        """Another tab wrote this game by links' save (the browser's ``storage`` event)."""
        remote = self.remote
        if remote is None or not remote.slot.stale():
            return False
        self._follow_remote(remote)
        return True

    # --- whose turn ----------------------------------------------------------------------

    def _remote_screen(self) -> None:
        """The screen of the game by links at the table now (the table's ``_next``)."""
        self._next()

    def remote_over(self) -> None:
        """The game is over here: verified a slice at a time once every secret is open."""
        from ..kit.remote import Status

        remote = self.remote
        assert remote is not None
        status = remote.game.status
        if status is Status.VERIFYING or status in (Status.VERIFIED, Status.LIE) and remote.review is None:
            self._read("verify", self._verifying(remote), self._verified, self._unverifiable)
            return
        self.screen = self._end_screen(remote)

    @staticmethod
    def _end_screen(remote: RemoteSeat) -> str:
        """The review once verified, unless this device's last link (its openings) is newer than
        the other's: the other's device needs it to verify too, so the link comes first."""
        chain = remote.game.chain
        owes = bool(chain) and chain[-1].sender == remote.side
        return "over" if remote.review is not None and not owes else "ended"

    def _verifying(self, remote: RemoteSeat) -> Steps[object]:
        from ..kit.remote import Verified

        verification: Verification = yield from remote.game.verifying()
        if verification.status is not Verified.VERIFIED or verification.record is None:
            return None
        record = verification.record
        form = self.kind.invitation_form(remote.game.invitation.options)
        replay = yield from Replay.reading(record, states=self.kind.replaying(record, form))
        review: Review[S, SeatT] = Review(self.kind, record, replay, "game", self.remote_names(), {})
        review.near = remote.side
        return review

    def _verified(self, review: object) -> None:
        remote = self.remote
        assert remote is not None
        remote.review = cast("Review[AnyState, object] | None", review)
        self.review = cast("Review[S, SeatT] | None", review)
        self.screen = self._end_screen(remote)
        verification = remote.game.verification
        if verification is not None:
            self.announce = self.verdict()
            winner = verification.winner
            self.notify("game-over", {"winner": winner or "draw",
                                      "turns": getattr(remote.game.outcome, "turns", 0) or 0})
        self._save_remote(remote)

    def _unverifiable(self, error: ValueError) -> None:
        self.screen, self.notice = "ended", str(error)

    def verdict(self) -> str:
        """The end by links in words: verified, not yet, or the lie and who wins by it."""
        from ..kit.remote import Status
        from .remote_words import lie_words

        remote = self.remote
        assert remote is not None
        names = self.remote_names()
        status, other = remote.game.status, names[remote.opponent]
        verification = remote.game.verification
        if status is Status.VERIFIED:
            return _("Verified: both devices played by the rules.")
        if status is Status.LIE and verification is not None and verification.lie is not None:
            winner = verification.winner
            words = lie_words(verification.lie, self.kind, names)
            return (words + " " + _("A lie loses the game: {name} wins.").format(name=names[winner])
                    if winner is not None else words)
        return _("Not verified yet: {name}'s device has not sent its openings. Send your last link "
                 "again to ask for them.").format(name=other)

    def on_whole_game(self, arg: str | None, value: str | None) -> bool:
        """The waiting screen's link: the whole game (a lost link, a new phone), or the last."""
        if self.remote is None or self.screen not in ("waiting", "ended", "over"):
            return False
        self.remote.whole = arg != "off"
        return True

    def on_remote_resend(self, arg: str | None, value: str | None) -> bool:
        """The verified end's last link shown again (the other's device may need it)."""
        if self.remote is None or self.screen != "over":
            return False
        self.screen = "ended"
        return True

    def on_remote_review(self, arg: str | None, value: str | None) -> bool:
        if self.remote is None or self.remote.review is None or self.screen != "ended":
            return False
        self.screen = "over"
        return True

    def on_remote_forget(self, arg: str | None, value: str | None) -> bool:
        """A finished game by links taken off this device's list."""
        from ..kit.remote import Status

        if self.screen != "start" or arg is None:
            return False
        game = next((g for g in self.remote_games() if g.game_id == arg), None)
        if game is None or game.status in (Status.YOUR_TURN, Status.WAITING):
            return False  # (a game under way is never removed by one tap)
        self.storage.remove(game.key)
        return True
