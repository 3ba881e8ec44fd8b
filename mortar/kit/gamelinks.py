"""What a game adds to play by links (:mod:`mortar.kit.remote` is the device's side, the same for
every game), and the verdicts its checks give.

A game's :class:`GameLinks` says how options travel and makes a :class:`Knowledge`: what one
device knows of the game and what its steps say. Its checks refuse a step with a
:class:`Rejection`, catch a :class:`Lie` (:class:`LieCode`, or the game's own codes), and verify
the end whole (:class:`Verification`). :class:`SecretKnowledge` is the part of a Knowledge that
every game with secrets writes alike: the players' names, the steps still to send, and the
refusal to take a player's own steps from another device.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .link import LinkCode, Message
from .protocol import GameDef, Refusal
from .records import names_refusal
from .steps import Steps

# --- verdicts -------------------------------------------------------------------------------


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


# --- what a game adds ------------------------------------------------------------------------


class Knowledge(Protocol):
    """What one device knows of a game played by links, and what its steps say.

    ``side`` is the device's player (None: an onlooker, who is sent every message). ``acting``
    is the side whose device acts next (to play, or to send what the game needs), None once
    nothing is due; ``over``: the game has ended as far as this device knows; ``settled``: it
    has, and every secret is open, so the end can be verified.

    :meth:`play` takes an action of ``side``'s player (raising :class:`IllegalActionError` with
    the engine's refusal) and queues its steps; :meth:`receive` takes the other's steps
    (raising :class:`Rejection`), queues what answers them, and returns what it drew: the other's
    actions as this device's seat knows them. Both may queue what the rules then make due (an
    answer, the openings at the end): :meth:`take_outbox` gives every queued step, once."""

    @property
    def side(self) -> str | None: ...
    @property
    def acting(self) -> str | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def settled(self) -> bool: ...
    @property
    def outcome(self) -> Any: ...

    def seat(self) -> Any: ...
    def name(self, side: str, name: str | None) -> None: ...
    def play(self, action: Any) -> None: ...
    def receive(self, sender: str, steps: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]: ...
    def take_outbox(self) -> list[dict[str, Any]]: ...
    def copy(self) -> Self: ...

    def adopt(self, steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """``side``'s own steps made on another device, applied where they hold no secret; the
        actions that make them again. :class:`Rejection` (``OWN_SECRETS``) where they do."""
        ...


class GameLinks(Protocol):
    """A game's part of play by links (``GameDef.links()``)."""

    rulings: tuple[RemoteRuling, ...]

    def remote_options(self, options: Any) -> Any:
        """The options a game by links is played with (what ``rulings`` change)."""
        ...

    def options_json(self, options: Any) -> dict[str, Any]: ...

    def read_options(self, data: Mapping[str, Any]) -> Any:
        """The options an invitation carries; :class:`RecordError` when they are none."""
        ...

    def knowledge(self, options: Any, names: Mapping[str, str | None], side: str | None,
                  secret: bytes, game_id: str) -> Knowledge: ...

    def verifying(self, options: Any, names: Mapping[str, str | None],
                  messages: Sequence[Message]) -> Steps[Verification]:
        """Every message of a game (its openings included) checked whole, a step at a time."""
        ...


def links_of(game: GameDef[Any, Any]) -> GameLinks:
    """The game's part of play by links."""
    links: GameLinks = game.links()
    return links


def illegal(sender: str, turn: int, refusal: Refusal, code: Enum = LieCode.ILLEGAL_ACTION) -> Rejection:
    """The rejection of an action the rules refuse: "X's device sent an illegal turn"."""
    lie = Lie(code, sender, turn, f"{sender}'s device sent an illegal turn at turn {turn}: {refusal.message}",
              {"reason": refusal.message})
    return Rejection(LinkCode.ILLEGAL, lie.message, refusal=refusal, lie=lie)


def caught(lie: Lie, players: Sequence[str]) -> Verification:
    """The end verified as a lie, which loses: the other of ``players`` wins."""
    winner = players[1] if players[0] == lie.player else players[0]
    return Verification(Verified.LIE, lie, None, str(winner))


# --- what every game with secrets writes alike --------------------------------------------------

PlayerT = TypeVar("PlayerT", bound=StrEnum)


class SecretKnowledge(Generic[PlayerT]):
    """One device's knowledge of a game whose secrets stay on the device that holds them
    (Mortar Hunt, Maršál a Špión), in what such games write alike; the game adds its rules."""

    name_shortest: ClassVar[int] = 0  # characters of a player's name
    name_longest: ClassVar[int]
    kept: ClassVar[str]  # where this player's secrets are, in words ("its army is there")

    def __init__(self, players: Sequence[PlayerT], names: Mapping[str, str | None], side: PlayerT,
                 secret: bytes, game_id: str) -> None:
        self.names: dict[PlayerT, str | None] = {p: names.get(p) for p in players}
        self.check_names(self.names)
        self.side = side
        self.secret, self.game_id = secret, game_id
        self.over = False
        self.theirs: Mapping[str, Any] | None = None  # the other device's openings
        self.outbox: list[dict[str, Any]] = []

    def check_names(self, names: Mapping[PlayerT, str | None]) -> None:
        """:class:`ValueError` for names the game cannot take."""
        for name in names.values():
            if name is not None and not self.name_shortest <= len(name) <= self.name_longest:
                span = (f"{self.name_shortest} to {self.name_longest}" if self.name_shortest
                        else f"at most {self.name_longest}")
                raise ValueError(f"a player's name has {span} characters")
        refusal = names_refusal({p.value: name for p, name in names.items()})
        if refusal:
            raise ValueError(refusal)

    def name(self, side: str, name: str | None) -> None:
        names = {**self.names, type(self.side)(side): name}
        self.check_names(names)
        self.names = names

    def take_outbox(self) -> list[dict[str, Any]]:
        out, self.outbox = self.outbox, []
        return out

    def adopt(self, steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        raise Rejection(LinkCode.OWN_SECRETS, f"this player's link was made on another device: {self.kept}")
