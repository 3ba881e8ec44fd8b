"""The verdicts of play by links, the same for every game: a step refused (:class:`Rejection`), a
lie caught (:class:`Lie`: a :class:`LieCode`, or the game's own codes), the end verified
(:class:`Verification`), a rule changed by play by links (:class:`RemoteRuling`). A game's checks
(its :class:`~mortar.kit.gamelinks.Knowledge`) give them; :mod:`mortar.kit.remote` and the table
read them; and what the table is told of a link and a game (:class:`Applied`, :class:`Refused`,
:class:`Status`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from ..link import LinkCode
from ..protocol import Refusal


class LieCode(Enum):
    """The lies every game can catch; a game adds its own codes in its own enum."""

    ILLEGAL_ACTION = "illegal action"  # the engine refuses an action the device sent
    OPENING_MISMATCH = "opening mismatch"  # an opening other than what the device committed to
    BAD_OPENINGS = "bad openings"  # the last link's openings are not the game's secrets
    FALSE_END = "false end"  # the device said the game ended, and the rules say otherwise


@dataclass(frozen=True)
class Lie:
    """A device caught breaking the rules: whose device, at which turn (the game's numbering,
    0 for the setup), the code, the facts it quotes (squares, pieces) and the plain words
    ("Blue's device said C4 was a miss at turn 12, but a piece stood there"). A lie loses."""

    code: Enum
    player: str
    turn: int
    message: str
    data: Mapping[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


class Rejection(Exception):
    """Raised by a game's :class:`Knowledge` for steps it refuses (changing nothing)."""

    def __init__(self, code: LinkCode, message: str, *, refusal: Refusal | None = None,
                 lie: Lie | None = None) -> None:
        super().__init__(message)
        self.code, self.refusal, self.lie = code, refusal, lie


class Verified(StrEnum):
    PLAYING = "playing"  # the game goes on: each link is checked as it comes
    NOT_YET = "not verified yet"  # over; a device's openings have not come
    VERIFIED = "verified"  # both devices played by the rules
    LIE = "lie"


@dataclass(frozen=True)
class Verification:
    """The end verified: ``record`` is the game's record (both devices' secrets known) once
    verified, and ``state`` the game replayed to its end; ``missing``, the sides whose openings
    have not come; ``winner``, the game's, or the honest side's when a device lied (a lie
    loses)."""

    status: Verified
    lie: Lie | None = None
    record: Any = None
    winner: str | None = None
    missing: tuple[str, ...] = ()
    state: Any = field(default=None, compare=False, repr=False)  # the game at its end, replayed


@dataclass(frozen=True)
class RemoteRuling:
    """How play by links changes a rule (a game's ``[ours, remote]`` ruling): its code and the
    plain words; the start form shows it."""

    code: Enum
    words: str


@dataclass(frozen=True)
class Applied:
    """A link opened and applied. ``drew``: what it brought, as this device's seat knows it (the
    engine's history entries of an open game, the seat's log entries of a hidden one; an own
    action's result that came back, too); ``reply``: a link to send back at once, or None."""

    drew: tuple[Any, ...]
    reply: str | None = None


@dataclass(frozen=True)
class Refused:
    """A link refused; nothing changed. ``expected``: the number of the first link missing
    (MISSING); ``number``: the link's; ``refusal``: the engine's (ILLEGAL); ``lie``: the verdict
    on the device that sent it (ILLEGAL, LIE); ``game``: the link's game (OTHER_GAME);
    ``resend``: this device's last link, when the other sent an old link of its own again: it has
    not had this device's answer (its openings at the end: "ask for them again" is sending one's
    own last link again)."""

    code: LinkCode
    message: str
    number: int | None = None
    expected: int | None = None
    refusal: Refusal | None = None
    lie: Lie | None = None
    game: str | None = None
    resend: str | None = None

    def __str__(self) -> str:
        return self.message


class Status(StrEnum):
    YOUR_TURN = "your turn"  # this device's player is to act
    WAITING = "waiting"  # its link is sent: waiting for the other's
    NOT_VERIFIED = "not verified yet"  # over; the other device's openings have not come
    VERIFYING = "verifying"  # over and every opening in: run verifying()
    VERIFIED = "verified"
    LIE = "lie"


def illegal(sender: str, turn: int, refusal: Refusal, code: Enum = LieCode.ILLEGAL_ACTION) -> Rejection:
    """The rejection of an action the rules refuse: "X's device sent an illegal turn"."""
    lie = Lie(code, sender, turn, f"{sender}'s device sent an illegal turn at turn {turn}: {refusal.message}",
              {"reason": refusal.message})
    return Rejection(LinkCode.ILLEGAL, lie.message, refusal=refusal, lie=lie)


def caught(lie: Lie, players: Sequence[str]) -> Verification:
    """The end verified as a lie, which loses: the other of ``players`` wins."""
    winner = players[1] if players[0] == lie.player else players[0]
    return Verification(Verified.LIE, lie, None, str(winner))
