"""What the open games of the box share (KARO K0): two players who alternate from a starting
player, each turn exactly one action; the automatic pass, written and legal only when the player
has nothing else to play; a draw by two passes in a row or by the third occurrence of a position
(the starting position counts once); draw offers and acceptance; resignation; and the outcome.

A game adds only what makes it itself, as an immutable :class:`Position` (python-chess's
``Board`` without its history): whose turn it is, its own actions and why anything else is
refused, how an action changes it, and its own win. :class:`TurnState` keeps what a game
being played adds to positions (the history, the repetition count, a pending offer, the
outcome) and :class:`TurnSeat` is one player's view of it; both answer from one function,
:func:`turn_refusal`, so that they agree by construction. Each game's ``State`` and ``Seat``
subclass these two and add the questions its screens ask.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar

from .common import AcceptDraw, OfferDraw, Pass, Resign
from .protocol import IllegalActionError, Refusal


class Player(StrEnum):
    """Red or White (KARO K0); a ``str``, so ``Player.RED == "Red"`` as records write it."""

    RED = "Red"
    WHITE = "White"

    @property
    def opponent(self) -> Player:
        return Player.WHITE if self is Player.RED else Player.RED


PLAYERS = (Player.RED, Player.WHITE)

# --- how a game ends ---------------------------------------------------------------------------

# The ends every open game has, by their record words (RECORD.md: ``end``), and the words of
# the referee's plain line.
DOUBLE_PASS, REPETITION, AGREED, RESIGN = "double-pass", "repetition", "agreed", "resign"
COMMON_WORDS = {DOUBLE_PASS: "two passes", REPETITION: "repetition", AGREED: "agreed",
                RESIGN: "resignation"}


class Ending(StrEnum):
    """The base of each game's ``Termination``: a ``StrEnum`` whose values are the record's
    ``end`` words. It must hold the four common ends (``double-pass``, ``repetition``,
    ``agreed``, ``resign``) beside the game's own wins; a game names its wins in plain words by
    overriding :attr:`words`."""

    @property
    def words(self) -> str:
        """The end as the referee's line says it: ``White wins (all home)``."""
        return COMMON_WORDS.get(self.value, self.value)


R = TypeVar("R", bound=Ending)


@dataclass(frozen=True)
class Outcome(Generic[R]):
    """How a game ended (python-chess's ``Outcome``): ``winner`` None is a draw; ``turns``
    counts the actions taken by either player, passes and the last action included."""

    winner: Player | None
    reason: R
    turns: int

    @property
    def result(self) -> str:
        """``Red``, ``White`` or ``draw``, as the referee writes ``winner``."""
        return "draw" if self.winner is None else self.winner.value

    def __str__(self) -> str:
        after = f"after {self.turns} turn{'' if self.turns == 1 else 's'}"
        if self.winner is None:
            return f"draw ({self.reason.words}) {after}"
        return f"{self.winner} wins ({self.reason.words}) {after}"


# --- history -----------------------------------------------------------------------------------

E = TypeVar("E")


@dataclass(frozen=True)
class Played(Generic[E]):
    """One action as it happened: the history entry. ``turn`` counts every action from 1 (0 for
    a setup); ``action`` is the action played, a draw offer unwrapped into ``offered_draw``;
    ``effect`` is what a game's own action did, flips included (None for a pass, a resignation
    or an accepted draw)."""

    player: Player
    turn: int
    action: Any
    effect: E | None = None
    offered_draw: bool = False


# --- a game's positions ------------------------------------------------------------------------

# The refusal codes this module refuses with, by name: each game's ``RefusalCode`` holds them
# beside its own, so that a screen reads one enum per game.
TURN_CODES = ("GAME_OVER", "NOT_YOUR_TURN", "MALFORMED", "NO_OFFER", "MUST_MOVE", "SETTING_UP")
COMMON_ACTIONS = (Resign, AcceptDraw, Pass, OfferDraw)

A = TypeVar("A")


class Position(ABC, Generic[A, E]):
    """A position of an open game, immutable and hashable: where everything stands and who is
    to act (``to_play``). A game subclasses it once and fills in its own rules; everything here
    is about the game's *own* actions (moves, placements, setups), never a pass, a resignation
    or a draw, which :func:`turn_refusal` handles for every game alike.

    ``codes`` is the game's ``RefusalCode`` (it holds :data:`TURN_CODES`), ``endings`` its
    ``Termination`` (an :class:`Ending`)."""

    codes: ClassVar[type[Enum]]
    endings: ClassVar[type[Ending]]
    to_play: Player

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        codes, endings = cls.__dict__.get("codes"), cls.__dict__.get("endings")
        if codes is not None:
            missing = [name for name in TURN_CODES if name not in codes.__members__]
            if missing:
                raise TypeError(f"{codes.__name__} lacks the turn codes {', '.join(missing)}")
        if endings is not None:
            values = {e.value for e in endings}
            missing = [word for word in COMMON_WORDS if word not in values]
            if missing:
                raise TypeError(f"{endings.__name__} lacks the ends {', '.join(missing)}")

    @property
    def setting_up(self) -> bool:
        """Whether the players are still setting up: setups are no numbered turns, and nobody
        passes, offers a draw or resigns before play begins."""
        return False

    @abstractmethod
    def key(self) -> Hashable:
        """The position as repetition compares it, the player to move left out (it is added)."""

    @abstractmethod
    def actions(self) -> Sequence[A]:
        """Every legal own action of the player to act."""

    def has_actions(self) -> bool:
        """Whether the player to act has an own action (no automatic pass); a game may answer
        without listing them all."""
        return bool(self.actions())

    @abstractmethod
    def refusal(self, action: object) -> Refusal | None:
        """Why ``action`` is not a legal own action of the player to act, or None. Never raises,
        whatever ``action`` is."""

    @abstractmethod
    def play(self, action: A) -> tuple[Self, E]:
        """The position after the legal own action ``action``, and what it did (unchecked)."""

    @abstractmethod
    def passed(self) -> Self:
        """This position with the other player to move."""

    @abstractmethod
    def winner(self, mover: Player) -> tuple[Player, Ending] | None:
        """The game's own win after ``mover``'s action: who won and how, or None."""

    def random_action(self, rng: random.Random) -> A:
        """An own action at random (uniform over :meth:`actions`; a game may be quicker)."""
        return rng.choice(self.actions())

    def code(self, name: str) -> Enum:
        return self.codes[name]


P = TypeVar("P", bound=Position[Any, Any])


def turn_refusal(position: Position[Any, Any], action: object, offer: bool) -> Refusal | None:
    """Why ``action`` may not be the action of the player to act in ``position`` (the game not
    over), or None: K0's actions here, the game's own through :meth:`Position.refusal`.
    ``offer``: the opponent's last action offered a draw."""
    code = position.code
    if position.setting_up:
        if isinstance(action, COMMON_ACTIONS):
            return Refusal(code("SETTING_UP"), f"{position.to_play} is setting up; passing, draws and "
                                               "resigning come once play has begun")
        return position.refusal(action)
    if isinstance(action, Resign):
        return None
    if isinstance(action, AcceptDraw):
        if offer:
            return None
        return Refusal(code("NO_OFFER"), f"{position.to_play.opponent} has offered no draw to accept")
    if isinstance(action, Pass):
        if position.has_actions():
            return Refusal(code("MUST_MOVE"), f"{position.to_play} has a legal move, so may not pass")
        return None
    if isinstance(action, OfferDraw):
        if isinstance(action.action, COMMON_ACTIONS):
            return Refusal(code("MALFORMED"), "only a move can carry a draw offer")
        return position.refusal(action.action)
    return position.refusal(action)


def turn_actions(position: Position[A, Any], offer: bool) -> list[Any]:
    """Every legal action of play of the player to act in ``position`` (the game not over): the
    game's own (or the pass when there is none) and the acceptance of a pending offer
    (resigning is legal too, and not listed: the kit's protocol)."""
    own: list[Any] = list(position.actions())
    if position.setting_up:
        return own
    if not own:
        own.append(Pass())
    if offer:
        own.append(AcceptDraw())
    return own


def game_over(outcome: Outcome[Any], codes: type[Enum]) -> Refusal:
    if outcome.winner is None:
        return Refusal(codes["GAME_OVER"], f"the game is over (a draw, {outcome.reason.words})")
    return Refusal(codes["GAME_OVER"], f"the game is over ({outcome.winner} won, {outcome.reason.words})")


# --- a game being played -----------------------------------------------------------------------


@dataclass(frozen=True)
class TurnOptions:
    """What every game's options hold (each a frozen dataclass derived from this one): the
    player who acts first (the table draws it at random, K0) and the table's own keys of the
    record's ``options`` (computer seats, aids), kept for the record, ignored by the rules and
    left out of comparisons."""

    first: Player = field(default=Player.RED, kw_only=True)
    extra: Mapping[str, Any] = field(default_factory=dict, kw_only=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.first not in PLAYERS:
            raise ValueError(f"first must be Red or White, not {self.first!r}")
        object.__setattr__(self, "first", Player(self.first))


OptionsT = TypeVar("OptionsT", bound=TurnOptions)


class TurnState(Generic[P, A, E, OptionsT]):
    """A game being played: the position and what K0 keeps beside it. Mutable; :meth:`copy`
    gives an independent one. A game's ``State`` subclasses it and adds :meth:`seat`."""

    def __init__(self, position: P, options: OptionsT, names: Mapping[str, str | None] | None = None) -> None:
        self.position = position
        self.options = options
        self.names: dict[str, str | None] = {p.value: (names or {}).get(p) for p in PLAYERS}
        self.history: list[Played[E]] = []  # one entry per numbered turn, append-only
        self.setups: list[Played[E]] = []  # setups (turn 0), in the order they were made
        self.outcome: Outcome[Any] | None = None
        self.offer = False  # the player to act may accept a draw the opponent offered
        self._seen: dict[Hashable, int] = {}
        self._seen_keys: frozenset[Hashable] | None = None  # the keys of _seen, made once
        if not position.setting_up:
            self._count()

    @classmethod
    def from_position(cls, position: P, options: OptionsT,
                      names: Mapping[str, str | None] | None = None) -> Self:
        """A game that starts from ``position`` (its first occurrence) instead of the game's
        own start: for tests, puzzles and studies."""
        state = object.__new__(cls)
        TurnState.__init__(state, position, options, names)
        return state

    def copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.names = dict(self.names)
        other.history = list(self.history)
        other.setups = list(self.setups)
        other._seen = dict(self._seen)
        return other

    # --- what the game is at ---------------------------------------------------------------

    @property
    def to_play(self) -> Player | None:
        """The player to act, or None once the game is over."""
        return None if self.outcome is not None else self.position.to_play

    @property
    def turns(self) -> int:
        """Actions taken (setups are no turns)."""
        return len(self.history)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def occurrences(self) -> int:
        """How often the current position (with the player to move) has occurred."""
        return self._seen.get((self.position.key(), self.position.to_play), 0)

    # --- what the player to act may do -----------------------------------------------------

    def legal_actions(self) -> list[Any]:
        """Every legal action of the player to act: the game's own (the pass when there is
        none), accepting a pending draw offer, resigning; nothing once the game is over."""
        if self.outcome is not None:
            return []
        return turn_actions(self.position, self.offer)

    def refusal(self, action: object) -> Refusal | None:
        """Why ``action`` may not be played now, or None when it may. Never raises."""
        if self.outcome is not None:
            return game_over(self.outcome, self.position.codes)
        return turn_refusal(self.position, action, self.offer)

    def random_action(self, rng: random.Random) -> Any:
        """A legal action of play at random: never resigning, a draw offer or acceptance."""
        if self.outcome is not None:
            raise IllegalActionError(game_over(self.outcome, self.position.codes))
        return random_play(self.position, rng)

    # --- changing the state ----------------------------------------------------------------

    def apply(self, action: Any) -> Played[E]:
        """Play ``action`` for the player to act and return its history entry, or raise
        :class:`IllegalActionError` and change nothing. After a game's own action its win is
        checked, then the third repetition, then (after a pass) a second pass in a row."""
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        player = self.position.to_play
        if self.position.setting_up:
            self.position, effect = self.position.play(action)
            played: Played[E] = Played(player, 0, action, effect)
            self.setups.append(played)
            if not self.position.setting_up:  # the starting position: its first occurrence
                self._count()
            return played
        turn = len(self.history) + 1
        offered, self.offer = self.offer, False
        ends = self.position.endings
        if isinstance(action, Resign):
            played = Played(player, turn, action)
            self.history.append(played)
            self._end(player.opponent, ends(RESIGN))
            return played
        if isinstance(action, AcceptDraw):
            assert offered
            played = Played(player, turn, action)
            self.history.append(played)
            self._end(None, ends(AGREED))
            return played
        if isinstance(action, Pass):
            self.position = self.position.passed()
            played = Played(player, turn, action)
        else:
            own, offer = (action.action, True) if isinstance(action, OfferDraw) else (action, False)
            self.position, effect = self.position.play(own)
            played = Played(player, turn, own, effect, offer)
            self.offer = offer
        self.history.append(played)
        if not isinstance(action, Pass):  # a pass changes nothing that could win
            won = self.position.winner(player)
            if won is not None:
                self._end(won[0], won[1])
                return played
        if self._count() >= 3:
            self._end(None, ends(REPETITION))
        elif isinstance(action, Pass) and len(self.history) > 1 and isinstance(self.history[-2].action, Pass):
            self._end(None, ends(DOUBLE_PASS))
        return played

    def seat_of(self, player: str) -> tuple[Player, P, bool, Outcome[Any] | None, OptionsT,
                                            frozenset[Hashable], Played[Any] | None, bool]:
        """The fields of ``player``'s :class:`TurnSeat`, for a game's ``seat``."""
        player = Player(player)
        offer = self.offer and self.outcome is None and self.position.to_play is player
        last = self.history[-1] if self.history and self.history[-1].turn else None  # (never a setup)
        # the other moved on instead of accepting this player's offer
        declined = (len(self.history) >= 2 and last is not None and last.player is not player
                    and self.history[-2].player is player and self.history[-2].offered_draw)
        return player, self.position, offer, self.outcome, self.options, self.seen(), last, declined

    def seen(self) -> frozenset[Hashable]:
        """Every position of play so far as repetition counts it (its key and the player to
        move): public in an open game, and what a player needs to foresee a third occurrence."""
        if self._seen_keys is None:
            self._seen_keys = frozenset(self._seen)
        return self._seen_keys

    def play(self, actions: Sequence[Any]) -> None:
        for action in actions:
            self.apply(action)

    def _count(self) -> int:
        key = (self.position.key(), self.position.to_play)
        seen = self._seen[key] = self._seen.get(key, 0) + 1
        self._seen_keys = None
        return seen

    def _end(self, winner: Player | None, reason: Ending) -> None:
        """The one place an outcome is made."""
        self.outcome = Outcome(winner, reason, len(self.history))
        self.offer = False


def random_play(position: Position[Any, Any], rng: random.Random) -> Any:
    """A legal action of play in ``position`` at random: an own action, or the pass."""
    if not position.setting_up and not position.has_actions():
        return Pass()
    return position.random_action(rng)


# --- one player's view -------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnSeat(Generic[P, OptionsT]):
    """What ``player`` may know of an open game (everything public: the whole position, the
    pending offer, the options, the outcome) and that player's questions, answered from the
    seat alone by the same rules the state uses. Immutable and hashable; a game's ``Seat``
    subclasses it and adds its own questions."""

    player: Player
    position: P
    offer: bool  # the opponent offered a draw that this seat's player may accept now
    outcome: Outcome[Any] | None
    options: OptionsT
    # The positions of play so far (TurnState.seen): K0's repetition, foreseen from the seat.
    seen: frozenset[Hashable] = field(default=frozenset(), repr=False)
    # the last action of play (public; drawn, never decided by: equal seats need not share it)
    last: Played[Any] | None = field(default=None, repr=False, compare=False)
    declined: bool = field(default=False, repr=False, compare=False)  # the other declined my offer

    @property
    def to_play(self) -> Player | None:
        return None if self.outcome is not None else self.position.to_play

    @property
    def opponent(self) -> Player:
        return self.player.opponent

    @property
    def acting(self) -> bool:
        """This seat's player is to act now."""
        return self.outcome is None and self.position.to_play is self.player

    def legal_actions(self) -> list[Any]:
        """Every legal action of this seat's player when that player is to act; else none."""
        return turn_actions(self.position, self.offer) if self.acting else []

    def refusal(self, action: object) -> Refusal | None:
        """Why ``action`` may not be this seat's action now, or None when it may."""
        if self.outcome is not None:
            return game_over(self.outcome, self.position.codes)
        if self.position.to_play is not self.player:
            return Refusal(self.position.code("NOT_YOUR_TURN"),
                           f"it is {self.position.to_play}'s turn, not {self.player}'s")
        return turn_refusal(self.position, action, self.offer)

    def random_action(self, rng: random.Random) -> Any:
        """A legal action of play at random (never resigning, offering or accepting a draw)."""
        if not self.acting:
            refusal = self.refusal(Pass())
            assert refusal is not None  # the game is over, or it is the opponent's turn
            raise IllegalActionError(refusal)
        return random_play(self.position, rng)


class RandomComputer:
    """A computer player that picks uniformly at random among the actions of play, from the
    seat alone (never resigning or offering a draw): every game's levels until it has a
    searching one."""

    def __init__(self, level: str, seed: int | str) -> None:
        self.level = level
        self.rng = random.Random(f"{seed}|{level}")

    def choose(self, seat: Any) -> Any:
        return seat.random_action(self.rng)
