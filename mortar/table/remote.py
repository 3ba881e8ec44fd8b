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

Each game by links has its own save (several at once), written before its link is shown:
``<game>/remote/<id>`` (:class:`RemoteSlot`), listed (your turn first) on the start screen and
in the box's picker (static/boot.js reads each save's ``list``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, cast

from ..kit.jsontext import JSONTextError, loads
from ..kit.link import Invitation, LinkCode, LinkError, Message, read
from ..kit.protocol import IllegalActionError
from ..kit.remote import LoadError, Refused, RemoteGame, Status, Verification, Verified
from ..kit.replay import Replay
from ..kit.steps import Steps, finish
from .kind import GameKind, Opponent, S, SeatT, Side, TableFacts
from .names import Names
from .remote_words import lie_words, refusal_words
from .review import Review
from .saves import SaveConflict, SaveSlot, Storage
from .start import StartForm
from .words import _

if TYPE_CHECKING:
    from .drafts import Chosen, Draft, PlayModel

FORMAT = "remote-seat/1"
PREFIX = "/remote/"  # a game by links is saved under "<game>/remote/<its id>"


def plays_by_links(game: object) -> bool:
    """The game has its part of play by links (``GameDef.links``; the test-only game has none)."""
    return callable(getattr(game, "links", None))


def slot_key(game: str, game_id: str) -> str:
    return f"{game}{PREFIX}{game_id}"


class RemoteSlot(SaveSlot):
    """A game by links' save. A write the browser refuses keeps the older save: the link of what
    was not saved is never shown, so the older game is still the one both devices know (the
    table's slot, whose player has seen what came after, leaves a tombstone instead)."""

    def write(self, text: str, *, replace: bool = False) -> None:
        if not replace and self.stale():
            raise SaveConflict(self.key)
        self.failed = not self._set(text)
        if not self.failed:
            self.known = text


@dataclass
class Listed:
    """A saved game by links as the lists show it, read from its save's ``list`` alone."""

    key: str
    game_id: str
    status: Status
    opponent: str | None  # the other player's name, None before the join (or none given)
    side: str  # this device's player
    turn: int | None
    when: float | None  # when the other's last link was opened here (else the game began), s

    @property
    def yours(self) -> bool:
        return self.status is Status.YOUR_TURN


def listed(storage: Storage, game: str) -> list[Listed]:
    """Every game by links of ``game`` saved here, this device's turn first, then the latest."""
    keys: Callable[[], Iterator[str]] | None = getattr(storage, "keys", None)
    out = []
    for key in list(keys()) if keys is not None else []:
        if not key.startswith(game + PREFIX):
            continue
        try:
            data: Any = loads(storage.get(key) or "")
            entry = data["list"]
            out.append(Listed(key, key[len(game + PREFIX):], Status(entry["status"]), entry.get("opponent"),
                              str(entry["side"]), entry.get("turn"), entry.get("when")))
        except (JSONTextError, KeyError, TypeError, ValueError):
            continue  # (a damaged save is left as it is: it cannot be listed)
    out.sort(key=lambda g: (not g.yours, -(g.when or 0)))
    return out


@dataclass
class RemoteSeat:
    """This device's side of one game by links at the table: the kit's game, its save slot, when
    the other's last link came, and whether every step is confirmed with a button."""

    game: RemoteGame
    slot: RemoteSlot
    when: float
    confirm: bool = False
    whole: bool = False  # the waiting screen shows the whole game's link instead of the last
    review: Review[Any, Any] | None = None  # the verified end, reviewed

    @property
    def side(self) -> str:
        return self.game.side

    @property
    def opponent(self) -> str:
        return self.game.opponent

    def facts(self) -> TableFacts:
        return TableFacts(confirm=self.confirm)

    def save_text(self, kind: GameKind[Any, Any]) -> str:
        seat = self.game.seat()
        status = self.game.status
        data = {"app": kind.game.name, "format": FORMAT, "confirm": self.confirm,
                "list": {"status": status.value, "opponent": self.game.names.get(self.opponent),
                         "side": self.side, "turn": kind.seat_turn(seat), "when": self.when,
                         "over": status not in (Status.YOUR_TURN, Status.WAITING)},
                "game": self.game.save()}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def loading(kind: GameKind[Any, Any], slot: RemoteSlot) -> Steps[RemoteSeat]:
    """A saved game by links read and replayed, in steps (:class:`LoadError` says why not)."""
    text = slot.read()
    try:
        data: Any = loads(text or "")
        if data.get("format") != FORMAT or not isinstance(data.get("game"), str):
            raise LoadError("not a saved game by links")
        when = float(data["list"]["when"])
    except (JSONTextError, AttributeError, KeyError, TypeError, ValueError):
        raise LoadError(_("This game by links cannot be resumed: its save is damaged.")) from None
    game = yield from RemoteGame.loading(kind.game, data["game"])
    return RemoteSeat(game, slot, when, data.get("confirm") is True)


@dataclass
class Joining:
    """An invitation opened on this device, before its player joins."""

    text: str
    invitation: Invitation
    game_id: str


class RemoteTable(Generic[S, SeatT]):
    """The table's part for games by links (mixed into :class:`mortar.table.table.Table`, whose
    attributes and steps it uses)."""

    kind: GameKind[S, SeatT]
    storage: Storage
    form: StartForm
    screen: str
    notice: str | None
    announce: str
    tab: str
    review: Review[S, SeatT] | None
    draft: Draft[object, object, PlayModel] | None
    chosen: Chosen[object] | None
    notify: Callable[[str, Any], None]
    remote: RemoteSeat | None
    joining: Joining | None
    pasted: str  # a link typed or pasted in the page's field, not yet opened
    link_base: str | None  # links point here (the page's address); None: no play by links
    now: Callable[[], float]

    def _next(self) -> None:  # (the table's)
        raise NotImplementedError

    def _read(self, what: str, steps: Steps[object], then: Callable[[object], None],
              failed: Callable[[ValueError], None]) -> bool:
        raise NotImplementedError

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

    shown: bool

    def remote_context(self) -> Any:
        from .drafts import Context

        remote = self.remote
        assert remote is not None
        return Context(self.remote_names(), remote.side, self.kind.seat_turn(remote.game.seat()),
                       quick=not remote.confirm)

    titles: dict[str, str]

    def _refused(self, refused: Refused) -> bool:
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
        except IllegalActionError as e:
            self.notice = str(e)
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
        verification: Verification = yield from remote.game.verifying()
        if verification.status is not Verified.VERIFIED or verification.record is None:
            return None
        record = verification.record
        form = self.kind.invitation_form(remote.game.invitation.options)
        replay = yield from Replay.reading(record, states=self.kind.replaying(record, form))
        review: Review[Any, Any] = Review(self.kind, record, replay, "game", self.remote_names(), {})
        review.near = remote.side
        return review

    def _verified(self, review: object) -> None:
        remote = self.remote
        assert remote is not None
        remote.review = cast("Review[Any, Any] | None", review)
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
        if self.screen != "start" or arg is None:
            return False
        game = next((g for g in self.remote_games() if g.game_id == arg), None)
        if game is None or game.status in (Status.YOUR_TURN, Status.WAITING):
            return False  # (a game under way is never removed by one tap)
        self.storage.remove(game.key)
        return True


def wall_clock() -> float:
    return time.time()
