"""A game played by links between two devices, with no server: one device's side of it.

:class:`RemoteGame` is the same for every game. It starts an invitation or joins one, takes this
device's player's actions (:meth:`RemoteGame.play` gives the link to send) and opens the other's
links (:meth:`RemoteGame.receive`), checking each before it changes anything: the link's game,
its place in the chain (:mod:`mortar.kit.link`), then the game's own checks. It keeps the chain,
shows the last link again, sends the whole game when a link was lost, saves and loads itself as
text (:mod:`mortar.kit.remote.save`), verifies the end and writes the record (the game's record and
every message).

What a game adds is its :class:`~mortar.kit.gamelinks.GameLinks` (``GameDef.links()``, in the
game's own package): how options travel, and a :class:`~mortar.kit.gamelinks.Knowledge` -- what
one device knows of the game and what its steps say. No game's rule is here.

Every refusal and verdict is typed (a code and its data, :mod:`mortar.kit.remote.verdicts`) with
plain words, as the engines' refusals are; the words a player reads are made where they are drawn.

The table calls (each returns typed values):

* :meth:`RemoteGame.start` (game, options, name, side or random) and :meth:`RemoteGame.join`
  (the invitation's text, the joiner's name): a game whose :attr:`~RemoteGame.status` says what
  to do: ``YOUR_TURN`` (play; the link comes with the first action, so one link does both) or
  ``WAITING`` (send :meth:`~RemoteGame.last_message`);
* :meth:`~RemoteGame.seat` (the engine's ``Seat`` of this device's player: the drafts and the
  computer work from it), :attr:`~RemoteGame.to_play`, :attr:`~RemoteGame.outcome`;
* :meth:`~RemoteGame.play` (an action: the engine's ``IllegalActionError`` when illegal) gives
  the link to send; :meth:`~RemoteGame.save` it *before* showing the link (a refused save:
  :meth:`~RemoteGame.load` the stored game again; the link is never shown);
* :meth:`~RemoteGame.receive` gives :class:`Applied` (what it drew, and a link to send back at
  once when the game needs one) or :class:`Refused` (a code, its words; nothing changed);
* :meth:`~RemoteGame.whole_game`, :meth:`~RemoteGame.verifying` (in slices), :meth:`~RemoteGame.
  record`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..commitment import new_secret, to_text
from ..link import (
    ID_BYTES,
    Invitation,
    LinkCode,
    LinkError,
    Message,
    WholeGame,
    canonical,
    encode,
    new_game_id,
    pair_tag,
    read,
)
from ..protocol import GameDef, IllegalActionError, Refusal
from ..records import RecordError
from ..steps import Steps, finish
from .save import LoadError, Summary
from .verdicts import Applied, Lie, LieCode, Refused, Rejection, RemoteRuling, Status, Verification, Verified

if TYPE_CHECKING:
    from ..gamelinks import GameLinks

RECORD_FORMAT = "by-links/1"  # the record of a game by links (the referee: mortar.kit.linkrecord)


def links_of(game: GameDef[Any, Any]) -> GameLinks:
    """The game's part of play by links."""
    links: GameLinks = game.links()
    return links


# --- the device's side -----------------------------------------------------------------------


class RemoteGame:
    """This device's side of a game played by links (the module docstring)."""

    def __init__(self, game: Any, invitation: Invitation, game_id: str, side: str, secret: bytes,
                 joiner_name: str | None = None) -> None:
        players = tuple(game.players)
        if invitation.inviter not in players or side not in players:
            raise LinkError(LinkCode.MALFORMED, "the invitation names no side of this game")
        self.game = game
        self.links = links_of(game)
        self.invitation = invitation
        self.game_id = game_id
        self.side = side
        self.inviter = invitation.inviter
        self.joiner = players[1] if players[0] == self.inviter else players[0]
        self.secret = secret
        try:
            self.options = self.links.read_options(invitation.options)
        except RecordError as e:
            raise LinkError(LinkCode.MALFORMED, f"the invitation's options: {e}") from None
        self.names: dict[str, str | None] = {self.inviter: invitation.name, self.joiner: joiner_name}
        try:
            self.knowledge = self.links.knowledge(self.options, self.names, side, secret, game_id)
        except ValueError as e:
            raise LinkError(LinkCode.BAD_NAME, str(e)) from None
        self.chain: list[Message] = []
        self._hashes: list[bytes] = []
        self._played: dict[int, list[dict[str, Any]]] = {}  # own message -> actions played into it
        self._pending: list[dict[str, Any]] = []  # actions played since the last own message
        self._verification: Verification | None = None

    # --- beginning ------------------------------------------------------------------------

    @classmethod
    def start(cls, game: Any, options: Any, name: str | None, side: str | None = None, *,
              secret: bytes | None = None) -> RemoteGame:
        """An invitation to ``game``: ``side`` is the inviter's (None: drawn at random). The
        invitation is :meth:`last_message` at once when the other side acts first; else it goes
        with the inviter's first action (one link for both)."""
        links = links_of(game)
        options = links.remote_options(options)
        side = side if side is not None else secrets.choice(tuple(game.players))
        invitation = Invitation(game.record_format, links.options_json(options), side, name or None)
        remote = cls(game, invitation, new_game_id(secrets.token_bytes(ID_BYTES)), side,
                     secret if secret is not None else new_secret())
        remote._flush()
        return remote

    @classmethod
    def take_seat(cls, game: Any, text: str, side: str) -> RemoteGame:
        """A device that takes ``side`` of a game under way from its whole game (a new phone, or
        a lost save): only where that side's links hold no secret (the open games). Raises
        :class:`LinkError`."""
        item = read(text)
        if not isinstance(item, WholeGame) or not item.messages or item.messages[0].invitation is None:
            raise LinkError(LinkCode.MALFORMED, "a seat is taken from a whole game's link")
        if item.game != game.name:
            raise LinkError(LinkCode.OTHER_GAME, f"this link is of another game ({item.game})")
        first = item.messages[0]
        assert first.invitation is not None
        remote = cls(game, first.invitation, first.game_id, side, new_secret())
        result = remote._receive_whole(item)
        if isinstance(result, Refused):
            raise LinkError(result.code, result.message)
        return remote

    @classmethod
    def join(cls, game: Any, text: str, name: str | None, *, secret: bytes | None = None) -> RemoteGame:
        """This device joins the game the invitation ``text`` starts, as the other side, under
        ``name``. Raises :class:`LinkError` (its ``code`` says why) for a link that is not an
        invitation to ``game``, or a name the game cannot take."""
        item = read(text)
        if not isinstance(item, Message) or item.invitation is None:
            raise LinkError(LinkCode.NOT_AN_INVITATION, "this link is not an invitation: it is a turn "
                                                        "of a game already under way")
        if item.game != game.name:
            raise LinkError(LinkCode.OTHER_GAME, f"this is an invitation to another game ({item.game})")
        invitation = item.invitation
        if invitation.record_format != game.record_format:
            newer = invitation.record_format.partition("/")[2] > game.record_format.partition("/")[2]
            raise LinkError(LinkCode.NEWER_VERSION if newer else LinkCode.MALFORMED,
                            "this invitation is of another version of the game")
        players = tuple(game.players)
        if invitation.inviter not in players:
            raise LinkError(LinkCode.MALFORMED, "the invitation names no side of this game")
        side = players[1] if players[0] == invitation.inviter else players[0]
        remote = cls(game, invitation, item.game_id, side,
                     secret if secret is not None else new_secret(), name or None)
        outcome = remote._receive_one(item)
        if isinstance(outcome, Refused):
            raise LinkError(outcome.code, outcome.message)
        return remote

    # --- what the table asks --------------------------------------------------------------

    @property
    def opponent(self) -> str:
        return self.joiner if self.side == self.inviter else self.inviter

    def seat(self) -> Any:
        """This device's player's seat now: the engine's ``Seat``, equal to the one the whole
        game at one table would give whenever this device's player is to act, and at the end
        once verified (everything revealed). While a link is out, what is still on its way (a
        shot's result, an attack's outcome, an arrangement) is missing from it: draw it with
        :attr:`status` ``WAITING``."""
        verified = self._verification
        if verified is not None and verified.state is not None:
            return verified.state.seat(self.side)
        return self.knowledge.seat()

    @property
    def to_play(self) -> str | None:
        """The side whose device is to act now (to play, or to send what the game needs); None
        once the game is over."""
        return None if self.knowledge.over else self.knowledge.acting

    @property
    def outcome(self) -> Any:
        """The engine's outcome as this device knows it (before the end is verified)."""
        return self.knowledge.outcome

    @property
    def status(self) -> Status:
        if not self.knowledge.over:
            return Status.YOUR_TURN if self.knowledge.acting == self.side else Status.WAITING
        if self._verification is not None:
            return Status.LIE if self._verification.status is Verified.LIE else Status.VERIFIED
        return Status.VERIFYING if self.knowledge.settled else Status.NOT_VERIFIED

    @property
    def verification(self) -> Verification | None:
        """The end verified, once :meth:`verifying` has run."""
        return self._verification

    def play(self, action: Any) -> str | None:
        """Play ``action`` for this device's player and give the link to send (None only while
        this device's player is still to act: no game of the box has such a turn). Raises the
        engine's :class:`IllegalActionError` (changing nothing) when the action is illegal."""
        if self.knowledge.over or self.knowledge.acting != self.side:
            refusal = self.seat().refusal(action) or Refusal(
                LinkCode.WAITING, f"it is {self.opponent}'s device's turn: waiting for its link")
            raise IllegalActionError(refusal)
        self.knowledge.play(action)
        self._pending.append(self.game.action_json(action))
        return self._flush()

    def receive(self, text: str) -> Applied | Refused:
        """Open a link of the other device (or a whole game): apply it, or refuse it saying why
        and change nothing."""
        try:
            item = read(text)
        except LinkError as e:
            return Refused(e.code, str(e))
        trial = self._copy()
        result = trial._receive_one(item) if isinstance(item, Message) else trial._receive_whole(item)
        if isinstance(result, Applied):
            self.__dict__.update(trial.__dict__)
        return result

    def last_message(self) -> str | None:
        """The link this device sent last (to send again), or None before its first."""
        for message in reversed(self.chain):
            if message.sender == self.side:
                return encode(message)
        return None

    def whole_game(self) -> str:
        """Every message so far in one link: a device that lost a link catches up with it."""
        return encode(WholeGame(self.game.name, self.game_id, tuple(self.chain)))

    def verifying(self) -> Steps[Verification]:
        """The end verified a step at a time (a page runs it in slices): both devices' secrets
        opened, the whole game replayed, every commitment, hidden move, answer and outcome
        checked. Until the other's openings come: ``NOT_YET``."""
        verification = yield from self.links.verifying(self.options, self.names, self.chain)
        if verification.status in (Verified.VERIFIED, Verified.LIE):
            self._verification = verification
        return verification

    def verify(self) -> Verification:
        return finish(self.verifying())

    # --- the chain ------------------------------------------------------------------------

    def _sender(self, number: int) -> str:
        return self.inviter if number % 2 == 0 else self.joiner

    @property
    def _head(self) -> str:
        """The chain's hash so far, as the next message holds it."""
        return to_text(self._hashes[-1]) if self._hashes else ""

    @property
    def _pair(self) -> str:
        return pair_tag(self._hashes[1]) if len(self._hashes) > 1 else ""

    def _append(self, message: Message) -> None:
        self.chain.append(message)
        self._hashes.append(message.chain_hash())

    def _flush(self) -> str | None:
        """This device's message, when one is due: the other side is now to act (or nothing is
        due any more) and something waits to be sent."""
        number = len(self.chain)
        if self._sender(number) != self.side or self.knowledge.acting == self.side:
            return None
        steps = self.knowledge.take_outbox()
        if not steps and number >= 2:
            return None
        message = Message(self.game.name, self.game_id, number, self.side,
                          self._head, self._pair, tuple(steps),
                          self.invitation if number == 0 else None,
                          (self.names[self.joiner] or "") if number == 1 else None)
        self._append(message)
        self._played[number], self._pending = self._pending, []
        return encode(message)

    def _receive_whole(self, whole: WholeGame) -> Applied | Refused:
        if whole.game != self.game.name or whole.game_id != self.game_id:
            return self._other_game(whole.game)
        drew: list[Any] = []
        reply = None
        for message in whole.messages:
            number = message.number
            if number < len(self.chain):
                if message.canonical() != self.chain[number].canonical():
                    return self._mismatch(message)
                continue
            result = self._adopt(message) if message.sender == self.side else self._receive_one(message)
            if isinstance(result, Refused):
                return result
            drew.extend(result.drew)
            reply = result.reply or reply
        if not drew and reply is None:
            return Refused(LinkCode.ALREADY_APPLIED, "this device has every link of the whole game already")
        return Applied(tuple(drew), reply)

    def _adopt(self, message: Message) -> Applied | Refused:
        """This device's player's own link, made on another device (a tab or a phone that went
        on): taken as it is where the knowledge can (a link with no secret in it)."""
        number = message.number
        if number != len(self.chain) or message.previous != self._head:
            return self._mismatch(message)
        if number == 1:
            self.names[self.joiner] = message.joiner or None
            try:
                self.knowledge.name(self.joiner, self.names[self.joiner])
            except ValueError as e:
                return Refused(LinkCode.BAD_NAME, str(e), number)
        try:
            actions = self.knowledge.adopt(message.steps)
        except Rejection as e:
            return Refused(e.code, str(e), number, refusal=e.refusal, lie=e.lie)
        self._append(message)
        self._played[number] = actions
        return Applied(())

    def _receive_one(self, message: Message) -> Applied | Refused:
        number, known = message.number, len(self.chain)
        if message.game != self.game.name or message.game_id != self.game_id:
            return self._other_game(message.game)
        if number < known:
            if message.canonical() == self.chain[number].canonical():
                # The other device sent its link again: it may be asking for this device's answer.
                later = self.chain[-1].sender == self.side and message.sender != self.side
                return Refused(LinkCode.ALREADY_APPLIED, f"link {number} was opened here already", number,
                               resend=self.last_message() if later else None)
            return self._mismatch(message)
        if number >= 2 and known >= 2 and message.pair != self._pair:
            return Refused(LinkCode.NOT_IN_GAME, "this link is of a game another person joined from the "
                                                 "same invitation", number)
        if number > known:
            return Refused(LinkCode.MISSING, f"link {known} has not been opened here: ask for it "
                                             "(or for the whole game)", number, known)
        if message.sender != self._sender(number) or message.sender == self.side:
            return Refused(LinkCode.CHAIN_MISMATCH, "this link does not follow the game's links: it was "
                                                    "forged or edited", number)
        if message.previous != self._head:
            return self._mismatch(message)
        if number == 1:
            name = message.joiner or None
            self.names[self.joiner] = name
            try:
                self.knowledge.name(self.joiner, name)
            except ValueError as e:
                return Refused(LinkCode.BAD_NAME, str(e), number)
        try:
            drew = self.knowledge.receive(message.sender, message.steps)
        except Rejection as e:
            return Refused(e.code, str(e), number, refusal=e.refusal, lie=e.lie)
        self._append(message)
        return Applied(drew, self._flush())

    def _mismatch(self, message: Message) -> Refused:
        if message.number == 1 and self.side == self.inviter:
            return Refused(LinkCode.NOT_IN_GAME, "someone else joined this game from the same invitation",
                           message.number)
        if message.number >= 2 and len(self.chain) >= 2 and message.pair != self._pair:
            return Refused(LinkCode.NOT_IN_GAME, "this link is of a game another person joined from the "
                                                 "same invitation", message.number)
        return Refused(LinkCode.CHAIN_MISMATCH, "this link does not follow the game's links: it was forged "
                                                "or edited", message.number)

    def _other_game(self, game: str) -> Refused:
        if game != self.game.name:
            return Refused(LinkCode.OTHER_GAME, f"this link is of another game of the box ({game})",
                           game=game)
        return Refused(LinkCode.OTHER_GAME, "this link is of another game", game=game)

    def _copy(self) -> RemoteGame:
        other = RemoteGame.__new__(RemoteGame)
        other.__dict__.update(self.__dict__)
        other.names = dict(self.names)
        other.chain, other._hashes = list(self.chain), list(self._hashes)
        other._played, other._pending = dict(self._played), list(self._pending)
        other.knowledge = self.knowledge.copy()
        return other

    # --- saves: mortar.kit.remote.save ----------------------------------------------------

    def save(self) -> str:
        """The game as text: everything :meth:`load` needs to rebuild it, and a short summary
        for the list of games."""
        from .save import save

        return save(self)

    @staticmethod
    def summary(text: str) -> Summary:
        """What the list of games shows of a save, without replaying it."""
        from .save import summary

        return summary(text)

    @classmethod
    def load(cls, game: Any, text: str) -> RemoteGame:
        return finish(cls.loading(game, text))

    @classmethod
    def loading(cls, game: Any, text: str) -> Steps[RemoteGame]:
        """A saved game rebuilt by replaying its links, a step at a time. Raises
        :class:`LoadError`."""
        from .save import loading

        return loading(cls, game, text)

    # --- the record -----------------------------------------------------------------------

    def game_record(self) -> Any:
        """The game's record (both devices' secrets in it) once the end is verified, else None:
        it exports and reviews as any other."""
        return None if self._verification is None else self._verification.record

    def record(self) -> str:
        """The record of the game by links: every message (commitments and openings in them)
        and, once verified, the game's record. ``python -m mortar check`` verifies it."""
        return record_text(self.chain, self.game_record())


def record_text(chain: Sequence[Message], game_record: Any) -> str:
    """The record of a game by links as text, one message a line (:mod:`mortar.kit.linkrecord`)."""
    lines = ["{", f'  "format": "{RECORD_FORMAT}",']
    if game_record is not None:
        lines.append(f'  "record": {json.dumps(json.loads(game_record.save()), ensure_ascii=False)},')
    rows = ",\n".join(f"    {canonical(m.to_json()).decode()}" for m in chain)
    lines.append(f'  "links": [\n{rows}\n  ]' if rows else '  "links": []')
    return "\n".join(lines) + "\n}\n"


__all__ = ["Applied", "Lie", "LieCode", "LinkCode", "LinkError", "LoadError",
           "Refused", "Rejection", "RemoteGame", "RemoteRuling", "Status", "Summary", "Verification",
           "Verified", "links_of"]
