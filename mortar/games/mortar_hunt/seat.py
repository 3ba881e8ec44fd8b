"""A seat: everything one player may know now, and that player's own questions (RULINGS R12).

A :class:`Seat` is an immutable value, built by :meth:`State.seat`. It holds the player's
own pieces, every shot with its result, craters, the enemy wrecks a hit or a sacrifice revealed,
counts, skips, obligations, the turn and the outcome -- and nothing else of the opponent's: not
an enemy piece's square, facing or type, nor which enemy piece moved or fired. Two games that
differ only in what the opponent hides give equal seats (``==`` and ``hash``).

Its questions (legal moves, shots, turns, a move built step by step, refusals) are answered from
the seat alone through :class:`.legality.Hand`, the same rule checks the game uses, since
a player's legal actions never depend on where the enemy is. They describe this seat's pieces
as they stand: while the opponent is to act they answer "what could I do now", and
:meth:`Seat.refusal` says NOT_YOUR_TURN. During placement and once the game is over they raise
:class:`IllegalActionError` like the game does.

The UI and the computer player work from a seat; this module does not import the game.

Beside the agreed interface (SEAT.md): ``names`` and ``score`` are :class:`PerPlayer` values
(``seat.score[Player.A]``); :class:`Step` is a ``StrEnum``, so "forward" works as well as
``Step.FORWARD``; ``legal_turns()`` is a lazily built :class:`LegalTurns` sequence; added are
``opponent``, ``half_rows``, ``piece(number)`` and ``last_enemy_action`` (the curtain's report).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .actions import (
    Action,
    IllegalActionError,
    Move,
    Played,
    Refusal,
    RefusalCode,
    Sacrifice,
    Setup,
    Turn,
)
from .legality import Hand, LegalTurns, game_over, not_placed, setup_refusal, square_refusal
from .moves import Step
from .notation import Facing, Position, Square
from .rules import (
    HALF_MASK,
    MAX_SKIPS,
    Options,
    Outcome,
    PerPlayer,
    Phase,
    PieceType,
    Player,
    half,
    half_rows,
)


@dataclass(frozen=True)
class OwnPiece:
    """One of the seat's own pieces (a wreck once destroyed; a wreck never moves)."""

    number: int
    position: Position
    type: PieceType
    alive: bool


@dataclass(frozen=True)
class SeenAction:
    """One player-turn as the seat may know it.

    ``shot``/``hit``: the target and its result (public for both sides); ``sacrificed``: the
    revealed square of a sacrificed piece (either side); ``lost``: the number of the seat's own
    piece that action destroyed; ``action``/``moved_from``: the whole action and the moved
    piece's start, for the seat's own turns only (None for the enemy's).
    """

    player: Player
    turn: int
    shot: Square | None = None
    hit: bool | None = None
    sacrificed: Square | None = None
    resigned: bool = False
    lost: int | None = None
    action: Action | None = None
    moved_from: Position | None = None


def seen(played: Played, viewer: Player) -> SeenAction:
    """One history entry as ``viewer`` may know it (RULINGS R12)."""
    action, own = played.action, played.player == viewer
    if isinstance(action, Turn):
        at = None if action.shot is None else action.shot.at
        lost = played.destroyed if not own and played.hit else None
        return SeenAction(played.player, played.turn, at, played.hit, lost=lost,
                          action=action if own else None,
                          moved_from=played.moved_from if own else None)
    if isinstance(action, Sacrifice):
        return SeenAction(played.player, played.turn, sacrificed=played.sacrificed,
                          lost=action.piece if own else None, action=action if own else None)
    return SeenAction(played.player, played.turn, resigned=True, action=action if own else None)


_MEMO = {Player.A: "_seen_by_A", Player.B: "_seen_by_B"}


def seen_log(history: Sequence[Played], viewer: Player) -> tuple[SeenAction, ...]:
    """The whole history as ``viewer`` may know it. What an entry tells a player never changes,
    so each entry keeps its two answers (outside its compared fields): a seat, and the page's
    view, cost little more than copying the history, however long the game or the review."""
    key = _MEMO[viewer]
    try:
        return tuple([played.__dict__[key] for played in history])
    except KeyError:  # new entries: answer them once
        for played in history:
            if key not in played.__dict__:
                played.__dict__[key] = seen(played, viewer)
        return tuple([played.__dict__[key] for played in history])


@dataclass(frozen=True)
class SeenShot:
    """A shot as the seat knows it; ``piece`` (which piece fired) only for the seat's own shots."""

    turn: int
    by: Player
    at: Square
    hit: bool
    piece: int | None = None


@dataclass(frozen=True)
class Seat:
    """What ``player`` may know now and may ask (see the module docstring)."""

    player: Player
    options: Options
    names: PerPlayer[str | None]
    phase: Phase
    turn: int
    to_play: Player | None
    pieces: tuple[OwnPiece, ...]  # empty until this player has placed
    log: tuple[SeenAction, ...]
    craters: frozenset[Square]  # craters variant; empty otherwise
    skips: int
    enemy_skips: int
    enemy_live: int
    outcome: Outcome | None
    _hand: Hand | None = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        hand = None
        if self.pieces:
            crater_mask = 0
            for square in self.craters:
                crater_mask |= 1 << square.index
            own = HALF_MASK[self.player]
            hand = Hand(self.player, tuple(p.position.index for p in self.pieces),
                        tuple(p.alive for p in self.pieces), tuple(p.type for p in self.pieces),
                        self.skips, crater_mask & ~own, crater_mask & own)
        object.__setattr__(self, "_hand", hand)

    # --- what the seat knows, derived ----------------------------------------------------

    @property
    def opponent(self) -> Player:
        return self.player.opponent

    @property
    def acting(self) -> bool:
        """This seat is to act in play (placement is not acting)."""
        return self.phase is Phase.PLAY and self.to_play is self.player

    @property
    def live(self) -> int:
        return sum(p.alive for p in self.pieces) if self.pieces else 3

    @property
    def score(self) -> PerPlayer[int]:
        """Enemy pieces each player destroyed (RULINGS R10)."""
        own, enemy = 3 - self.enemy_live, 3 - self.live
        return PerPlayer(own, enemy) if self.player is Player.A else PerPlayer(enemy, own)

    @property
    def shots(self) -> tuple[SeenShot, ...]:
        out = []
        for seen in self.log:
            if seen.shot is not None:
                piece = None
                if seen.player is self.player and isinstance(seen.action, Turn) and seen.action.shot:
                    piece = seen.action.shot.piece
                out.append(SeenShot(seen.turn, seen.player, seen.shot, bool(seen.hit), piece))
        return tuple(out)

    @property
    def enemy_wrecks(self) -> tuple[Square, ...]:
        """Squares of destroyed enemy pieces: where own shots hit, and enemy sacrifices."""
        out = []
        for seen in self.log:
            if seen.player is self.player and seen.hit and seen.shot is not None:
                out.append(seen.shot)
            elif seen.player is not self.player and seen.sacrificed is not None:
                out.append(seen.sacrificed)
        return tuple(out)

    @property
    def last_enemy_action(self) -> SeenAction | None:
        for seen in reversed(self.log):
            if seen.player is not self.player:
                return seen
        return None

    @property
    def must_shoot(self) -> bool:
        """This player skipped twice in a row and must fire on this turn (R8)."""
        return self.phase is Phase.PLAY and self.skips >= MAX_SKIPS

    @property
    def must_sacrifice(self) -> bool:
        """This player must shoot and no move leaves a shot: the turn is a sacrifice (R9)."""
        return self.phase is Phase.PLAY and self._hand is not None and self._hand.must_sacrifice

    @property
    def half(self) -> frozenset[Square]:
        """The squares of the own half: where own pieces stand (R1)."""
        return half(self.player)

    @property
    def enemy_half(self) -> frozenset[Square]:
        """The squares of the enemy's half: where own shots land (R1, R6)."""
        return half(self.player.opponent)

    @property
    def half_rows(self) -> range:
        """The rows of the own half (A: 1–4, B: 6–9), for words such as "rows 1–4"."""
        return half_rows(self.player)

    @property
    def max_skips(self) -> int:
        return MAX_SKIPS

    def piece(self, number: int) -> OwnPiece:
        return self.pieces[number - 1]

    # --- questions ------------------------------------------------------------------------

    def _phase_refusal(self) -> Refusal | None:
        if self.outcome is not None:
            return game_over(self.outcome)
        if self.phase is not Phase.PLAY:
            return not_placed(self.to_play)
        return None

    def _ask(self) -> Hand:
        refusal = self._phase_refusal()
        if refusal:
            raise IllegalActionError(refusal)
        assert self._hand is not None
        return self._hand

    def _turn_refusal(self) -> Refusal | None:
        refusal = self._phase_refusal()
        if refusal is None and self.to_play is not self.player:
            refusal = Refusal(RefusalCode.NOT_YOUR_TURN, f"it is {self.to_play}'s turn, not {self.player}'s")
        return refusal

    def legal_moves(self, piece: int) -> tuple[Position, ...]:
        """End positions own piece ``piece`` may move to (R5, R8, R11)."""
        return tuple(self._ask().legal_moves(piece))

    def legal_shots(self, piece: int, move: Move | None = None) -> tuple[Square, ...]:
        """Squares own piece ``piece`` may fire at after ``move`` (None: from where it stands)."""
        return tuple(self._ask().legal_shots(piece, move))

    def step_path(self, piece: int, steps: Sequence[Step | str]) -> tuple[Position, ...]:
        """The piece's position after each step of a move built step by step (R5); raises
        :class:`IllegalActionError` (with its ``refusal``) when a step is not allowed."""
        return tuple(self._ask().step_path(piece, steps))

    def next_steps(self, piece: int, steps: Sequence[Step | str]) -> dict[Step, Position | None]:
        """Where each possible next step would lead, or None where it is not allowed."""
        return self._ask().next_steps(piece, steps)

    def may_skip(self) -> bool:
        """Whether this player may decline to shoot on this turn (R8)."""
        return not self._ask().must_shoot

    def legal_turns(self) -> LegalTurns:
        return self._ask().legal_turns()

    def legal_actions(self) -> Sequence[Action]:
        """Every whole-turn action (a sacrifice when one is due); resigning is always possible."""
        return self._ask().legal_actions()

    def refusal(self, action: Action | Setup) -> Refusal | None:
        """Why ``action`` may not be this seat's action now, or None when it may."""
        if isinstance(action, Setup):
            return self.setup_refusal(action)
        return self._turn_refusal() or self._hand.refusal(action)  # type: ignore[union-attr]

    def move_refusal(self, move: Move) -> Refusal | None:
        """Why ``move`` may not be the move of this seat's turn now, or None."""
        return self._turn_refusal() or self._hand.move_refusal(move)  # type: ignore[union-attr]

    def square_refusal(self, square: Square) -> Refusal | None:
        """Why an own piece may not be placed on ``square`` (R1), or None."""
        return square_refusal(self.player, square)

    def random_action(self, rng: random.Random) -> Setup | Action:
        """A legal placement or turn at random (never resigning): random players and the
        random-playout tests (the kit's protocol)."""
        if self.phase is Phase.SETUP:
            squares = rng.sample(sorted(self.half), 3)
            fixed = self.options.fixed_type()
            a, b, c = (Position(sq, rng.choice(list(Facing))) for sq in squares)
            kinds = [fixed or rng.choice(list(PieceType)) for _ in range(3)]
            return Setup(self.player, (a, b, c), (kinds[0], kinds[1], kinds[2]))
        return rng.choice(self.legal_actions())

    def setup_refusal(self, setup: Setup) -> Refusal | None:
        """Why ``setup`` is not this seat's legal placement now, or None."""
        placing = self.player if self.phase is Phase.SETUP and self.to_play is self.player else None
        return setup_refusal(self.options, placing, setup)
