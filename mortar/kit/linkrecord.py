"""The record of a game played by links (format ``by-links/1``) and the referee's verdict on it.

The record is every message of the game (its commitments and openings in them), one a line, and,
once both devices' secrets are open, the game's own record (which exports and reviews as any
other)::

    {
      "format": "by-links/1",
      "record": {"format": "mortar-hunt/1", ...},
      "links": [
        {"b": "A", "g": "mortar-hunt", "h": "", "i": "…", "invite": {…}, "n": 0, "p": "", "s": [...], "v": 1},
        ...
      ]
    }

The referee checks the chain (each message holds the hash of the ones before it, the two devices
alternate), then has the game verify every message whole (:meth:`GameLinks.verifying`: both
devices' secrets opened, the game replayed, every commitment, hidden move and answer checked),
and, when the record holds the game's record, that it is the game the links played. A lie is
``illegal`` (exit 1) with the turn, the player and the reason; a game whose openings have not all
come is ``ok``, "not verified yet".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .commitment import to_text
from .link import LinkError, Message, from_json, pair_tag
from .records import (
    ILLEGAL,
    OK,
    RecordError,
    RecordIllegalError,
    Verdict,
    check_format,
    expect_list,
    expect_object,
    illegal_line,
    quote_json,
)
from .remote import RECORD_FORMAT, Verified, links_of
from .steps import finish

GameLookup = Callable[[str], Any]  # record format -> the game's GameDef, or None (the referee's)


def read_links(data: Any) -> list[Message]:
    """The messages of a record by links, its form checked; :class:`RecordError` otherwise."""
    raw = expect_list(data, "links")
    messages: list[Message] = []
    for i, item in enumerate(raw):
        try:
            message = from_json(item)
        except LinkError as e:
            raise RecordError(f"links[{i}]: {e}") from None
        if not isinstance(message, Message):
            raise RecordError(f"links[{i}] must be one message, not a whole game")
        messages.append(message)
    if not messages or messages[0].invitation is None:
        raise RecordError("links[0] must be the invitation")
    return messages


def chain_break(messages: Sequence[Message], players: Sequence[str]) -> tuple[int, str] | None:
    """The first message that does not follow the chain, and why; None when all do."""
    first = messages[0]
    assert first.invitation is not None
    inviter = first.invitation.inviter
    joiner = players[1] if players[0] == inviter else players[0]
    previous, pair = "", ""
    for number, message in enumerate(messages):
        if message.number != number:
            return number, f"link {number} is numbered {message.number}"
        if (message.game, message.game_id) != (first.game, first.game_id):
            return number, f"link {number} is of another game"
        if message.sender != (inviter if number % 2 == 0 else joiner):
            return number, f"link {number} is not from the device whose turn it was to send"
        if message.previous != previous or message.pair != pair:
            return number, f"link {number} does not follow the links before it: it was forged or edited"
        chain = message.chain_hash()
        previous = to_text(chain)
        if number == 1:
            pair = pair_tag(chain)
    return None


def check(data: Any, games: GameLookup) -> Verdict:
    """The referee's verdict on a record by links (decoded JSON); :class:`RecordError` when it
    is not one."""
    top = expect_object(data, "", {"format", "links"}, {"record"})
    check_format(top, RECORD_FORMAT)
    messages = read_links(top["links"])
    invitation = messages[0].invitation
    assert invitation is not None
    game = games(invitation.record_format)
    if game is None or game.record_format != invitation.record_format:
        raise RecordError(f"the invitation's game {quote_json(invitation.record_format)} is not a game "
                          "of this box")
    players = tuple(game.players)
    if invitation.inviter not in players:
        raise RecordError(f"the invitation's side {quote_json(invitation.inviter)} is no side of "
                          f"{game.title}")
    broken = chain_break(messages, players)
    if broken is not None:
        number, reason = broken
        sender = messages[number].sender
        return Verdict(ILLEGAL, f"illegal: {reason}", None, sender, reason)
    links = links_of(game)
    options = links.read_options(invitation.options)
    joiner = players[1] if players[0] == invitation.inviter else players[0]
    names = {invitation.inviter: invitation.name,
             joiner: (messages[1].joiner or None) if len(messages) > 1 else None}
    try:
        verification = finish(links.verifying(options, names, messages))
    except ValueError as e:  # names or options the game cannot start with
        raise RecordError(f"the invitation cannot start a game: {e}") from None
    if verification.lie is not None:
        lie = verification.lie
        return Verdict(ILLEGAL, illegal_line(lie.turn, lie.player, lie.message), lie.turn, lie.player,
                       lie.message, verification.winner)
    if "record" in top and verification.record is not None:
        written = game.parse_record(top["record"])
        if written.save() != verification.record.save():
            reason = "the game's record is not the game its links played"
            return Verdict(ILLEGAL, f"illegal: {reason}", None, None, reason)
    if verification.status is Verified.NOT_YET:
        missing = " and ".join(verification.missing) or "a device"
        return Verdict(OK, f"ok: not verified yet: {missing}'s openings have not come "
                           f"({len(messages)} links checked so far)")
    if verification.record is None:  # a game of secrets under way: its devices open them at the end
        return Verdict(OK, f"ok: in progress after {len(messages)} links: the chain holds; the secrets "
                           "are opened at the end")
    try:
        verdict: Verdict = game.verdict(verification.record)
    except RecordIllegalError as e:  # (verifying replayed it: not reached)
        return Verdict(ILLEGAL, illegal_line(e.turn, e.player, e.reason), e.turn, e.player, e.reason)
    if verification.status is Verified.VERIFIED:
        return Verdict(verdict.status, verdict.line.replace("ok: ", "ok: verified: ", 1), verdict.turn,
                       verdict.player, verdict.reason, verdict.winner, verdict.details, verdict.turns,
                       verdict.next)
    return verdict
