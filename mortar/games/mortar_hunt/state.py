"""The state of a game of Mortar Hunt and how actions change it (RULINGS R3–R11).

:class:`State` is the single source of legality: the UI, the referee, records and the computer
player ask it (or a player's :meth:`State.seat`) what the player to act may do and hand it
actions through :meth:`State.apply`, which either applies the whole action or raises
:class:`IllegalActionError` saying why and leaves the state untouched. The rule checks
themselves live in :mod:`.legality`, shared with the seat; the geometry in
:mod:`.moves`; the action values in :mod:`.actions`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from .actions import (
    Action,
    IllegalActionError,
    Move,
    Played,
    Refusal,
    Resign,
    Sacrifice,
    Setup,
    Shot,
    Turn,
)
from .legality import Hand, LegalTurns, game_over, not_placed, setup_refusal, square_refusal
from .moves import Step
from .notation import Position, Square
from .rules import (
    MAX_SKIPS,
    PLAYERS,
    EndReason,
    Options,
    Outcome,
    PerPlayer,
    Phase,
    PieceType,
    Player,
    Variant,
    opponent,
)
from .seat import OwnPiece, Seat, seen_log


@dataclass
class _Side:
    positions: list[int] = field(default_factory=lambda: [0, 0, 0])
    alive: list[bool] = field(default_factory=lambda: [True, True, True])
    types: list[PieceType] = field(default_factory=lambda: [PieceType.HM] * 3)
    placed: bool = False
    skips: int = 0  # consecutive turns without a shot
    fired_at: int = 0  # bitmask of target squares this side has shot at
    name: str | None = None

    def copy(self) -> _Side:
        return _Side(list(self.positions), list(self.alive), list(self.types), self.placed,
                     self.skips, self.fired_at, self.name)


class State:
    """A game from placement to the end. Mutable; :meth:`copy` gives an independent one."""

    def __init__(self, options: Options | None = None, names: dict[str, str | None] | None = None):
        self.options = options or Options()
        self._sides: dict[str, _Side] = {p: _Side() for p in PLAYERS}
        for p in PLAYERS:
            self._sides[p].name = (names or {}).get(p)
        self.history: list[Played] = []
        self.setups: dict[Player, Setup] = {}
        self.outcome: Outcome | None = None  # how the game ended; None while it goes on

    def copy(self) -> State:
        other = State.__new__(State)
        other.options = self.options
        other._sides = {p: s.copy() for p, s in self._sides.items()}
        other.history = list(self.history)
        other.setups = dict(self.setups)
        other.outcome = self.outcome
        return other

    # --- what the game is at -------------------------------------------------------------

    @property
    def winner(self) -> Player | Literal["draw"] | None:
        """The winner, "draw", or None while the game goes on (see :attr:`outcome`)."""
        if self.outcome is None:
            return None
        return self.outcome.winner or "draw"

    @property
    def end_reason(self) -> EndReason | None:
        return None if self.outcome is None else self.outcome.reason

    @property
    def phase(self) -> Phase:
        if self.outcome is not None:
            return Phase.OVER
        if not self._sides[Player.B].placed:  # B places after A
            return Phase.SETUP
        return Phase.PLAY

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def to_play(self) -> Player | None:
        """The player to act (placement: A then B), or None when the game is over."""
        if self.outcome is not None:
            return None
        if not self._sides[Player.A].placed:
            return Player.A
        if not self._sides[Player.B].placed:
            return Player.B
        return PLAYERS[len(self.history) % 2]

    @property
    def turn(self) -> int:
        """The numbered turn being played, or the last one started once the game is over."""
        if self.outcome is not None or not self._sides[Player.B].placed:
            return (len(self.history) + 1) // 2
        return len(self.history) // 2 + 1

    @property
    def turns_started(self) -> int:
        return (len(self.history) + 1) // 2

    def name(self, player: str) -> str | None:
        return self._sides[player].name

    def score(self, player: str) -> int:
        """Enemy pieces destroyed by ``player``: hit or sacrificed (RULINGS R10)."""
        return self._sides[opponent(player)].alive.count(False)

    def scores(self) -> PerPlayer[int]:
        return PerPlayer(self.score(Player.A), self.score(Player.B))

    def live_count(self, player: str) -> int:
        return self._sides[player].alive.count(True)

    def position(self, player: str, piece: int) -> Position:
        return Position.at(self._sides[player].positions[piece - 1])

    def piece_type(self, player: str, piece: int) -> PieceType:
        return self._sides[player].types[piece - 1]

    def is_alive(self, player: str, piece: int) -> bool:
        return self._sides[player].alive[piece - 1]

    def skips(self, player: str) -> int:
        return self._sides[player].skips

    def fired_at(self, player: str) -> list[Square]:
        """Squares ``player`` has shot at, in board order."""
        return _squares(self._sides[player].fired_at)

    def craters(self) -> list[Square]:
        """Squares no piece may enter or be shot at again (craters variant, RULINGS R11)."""
        if self.options.variant is not Variant.CRATERS:
            return []
        return _squares(self._sides[Player.A].fired_at | self._sides[Player.B].fired_at)

    def seat(self, player: str) -> Seat:
        """Everything ``player`` may know now, with that player's own questions (RULINGS R12)."""
        player = Player(player)
        side = self._sides[player]
        pieces: tuple[OwnPiece, ...] = ()
        if side.placed:
            pieces = tuple(OwnPiece(n, Position.at(side.positions[n - 1]), side.types[n - 1],
                                    side.alive[n - 1]) for n in (1, 2, 3))
        enemy = self._sides[player.opponent]
        return Seat(player, self.options, PerPlayer(self.name(Player.A), self.name(Player.B)),
                    self.phase, self.turn, self.to_play, pieces,
                    seen_log(self.history, player),
                    frozenset(self.craters()), side.skips, enemy.skips,
                    enemy.alive.count(True), self.outcome)

    # --- what the player to act may do ---------------------------------------------------

    def hand(self, player: str) -> Hand:
        """``player``'s pieces and what bars them: what their legal actions depend on. A view
        on the live state, valid until the next action (a seat holds its own copy)."""
        side = self._sides[player]
        if self.options.variant is Variant.CRATERS:
            fired, craters = side.fired_at, self._sides[opponent(player)].fired_at
        else:
            fired = craters = 0
        if type(player) is not Player:  # an enum call costs more than the rest of this
            player = Player(player)
        return Hand(player, side.positions, side.alive, side.types, side.skips, fired, craters)

    def _acting(self) -> Hand:
        """The hand of the player to act in play; refuses during placement and once over."""
        refusal = self._phase_refusal()
        if refusal:
            raise IllegalActionError(refusal)
        return self.hand(PLAYERS[len(self.history) % 2])

    def _phase_refusal(self) -> Refusal | None:
        if self.outcome is not None:
            return game_over(self.outcome)
        if not self._sides[Player.B].placed:
            return not_placed(self.to_play)
        return None

    def must_shoot(self, player: str | None = None) -> bool:
        """True when the player (default: the player to act) skipped twice in a row and must
        fire on their turn (R8)."""
        player = player or self.to_play
        return player is not None and self._sides[player].skips >= MAX_SKIPS

    def may_skip(self) -> bool:
        """Whether the player to act may decline to shoot this turn (R8)."""
        return not self._acting().must_shoot

    def must_sacrifice(self) -> bool:
        """True when the player must shoot but no move leaves any legal shot (R9)."""
        if self._phase_refusal():
            return False
        return self.hand(self.to_play).must_sacrifice  # type: ignore[arg-type]

    def legal_moves(self, piece: int) -> list[Position]:
        """End positions piece ``piece`` of the player to act may move to now (R5, R8, R11)."""
        return self._acting().legal_moves(piece)

    def legal_shots(self, piece: int, move: Move | None = None) -> list[Square]:
        """Squares piece ``piece`` may fire at after ``move`` (None: from where it stands now)."""
        return self._acting().legal_shots(piece, move)

    def legal_turns(self) -> LegalTurns:
        """Every ordinary turn the player to act may play: each legal move with each legal shot
        (and no shot when skipping is allowed), as a sequence built on demand."""
        return self._acting().legal_turns()

    def legal_actions(self) -> Sequence[Action]:
        """All whole-turn actions for the player to act; resigning is always possible too."""
        return self._acting().legal_actions()

    def step_path(self, piece: int, steps: Sequence[str]) -> list[Position]:
        """Where a move built step by step (``forward``, ``back``, ``left``, ``right``) takes
        piece ``piece`` of the player to act: its position after each step (RULINGS R5).

        Raises :class:`IllegalActionError` saying why when a step is not allowed. The end of a
        complete move must still be one of :meth:`legal_moves` (it must differ from the start,
        and leave a shot when one is compulsory).
        """
        return self._acting().step_path(piece, steps)

    def next_steps(self, piece: int, steps: Sequence[str]) -> dict[Step, Position | None]:
        """For a move being built step by step: where each possible next step would lead, or
        None where that step is not allowed now."""
        return self._acting().next_steps(piece, steps)

    def shot_hits(self, shot: Shot) -> bool:
        """Whether a shot at ``shot.at`` by the player to act would hit a live enemy piece."""
        if self.to_play is None:
            return False
        enemy = self._sides[opponent(self.to_play)]
        return any(a and p >> 3 == shot.at.index for p, a in zip(enemy.positions, enemy.alive))

    # --- why an action is refused --------------------------------------------------------

    def refusal(self, action: Action | Setup) -> Refusal | None:
        """None when ``action`` is legal for the player to act now, else why not."""
        if isinstance(action, Setup):
            return self.setup_refusal(action)
        return self._phase_refusal() or self.hand(PLAYERS[len(self.history) % 2]).refusal(action)

    def why_illegal(self, action: Action) -> str | None:
        """None when ``action`` is legal for the player to act now, else the reason."""
        refusal = self.refusal(action)
        return refusal.message if refusal else None

    def move_refusal(self, move: Move) -> Refusal | None:
        """Why ``move`` may not be the move of the player to act's turn, or None when it may:
        reachable in the steps R5 allows, and, when a shot is compulsory, leaving one (R8)."""
        return self._phase_refusal() or self.hand(self.to_play).move_refusal(move)  # type: ignore[arg-type]

    def move_error(self, move: Move) -> str | None:
        refusal = self.move_refusal(move)
        return refusal.message if refusal else None

    def square_error(self, player: str, square: Square) -> str | None:
        """Why a piece of ``player`` may not be placed on ``square``, or None (R1, R3)."""
        refusal = square_refusal(player, square)
        return refusal.message if refusal else None

    def setup_refusal(self, setup: Setup) -> Refusal | None:
        """None when ``setup`` is a legal placement for its player now, else why not."""
        placing = self.to_play if self.phase is Phase.SETUP else None
        return setup_refusal(self.options, placing, setup)

    def setup_error(self, setup: Setup) -> str | None:
        refusal = self.setup_refusal(setup)
        return refusal.message if refusal else None

    # --- changing the state --------------------------------------------------------------

    def place(self, setup: Setup) -> None:
        """Apply a player's placement (RULINGS R3)."""
        refusal = self.setup_refusal(setup)
        if refusal:
            raise IllegalActionError(refusal)
        side = self._sides[setup.player]
        side.positions = [p.index for p in setup.positions]
        side.types = list(setup.types)
        side.placed = True
        self.setups[Player(setup.player)] = setup

    def apply(self, action: Action | Setup) -> Played | Setup:
        """Play ``action`` (a placement too) for the player to act, or raise
        :class:`IllegalActionError` and change nothing (the kit's protocol)."""
        if isinstance(action, Setup):
            self.place(action)
            return action
        return self.play_turn(action)

    def play_turn(self, action: Action) -> Played:
        """Play ``action``, a whole turn of the player to act in play (a turn, a sacrifice,
        resigning), and return its history entry; or raise :class:`IllegalActionError`."""
        refusal = self.refusal(action)
        if refusal:
            raise IllegalActionError(refusal)
        # In play (refusal() said so): the player to act and the turn follow from the history.
        player, enemy_player = PLAYERS[len(self.history) % 2], PLAYERS[(len(self.history) + 1) % 2]
        side, enemy = self._sides[player], self._sides[enemy_player]
        turn = len(self.history) // 2 + 1
        if isinstance(action, Resign):
            played = Played(player, turn, action)
            self.history.append(played)
            self._end(enemy_player, EndReason.RESIGNED)
            return played
        if isinstance(action, Sacrifice):
            side.alive[action.piece - 1] = False
            square = Square.at(side.positions[action.piece - 1] >> 3)
            played = Played(player, turn, action, sacrificed=square)
        else:
            move, shot = action.move, action.shot
            moved_from = Position.at(side.positions[move.piece - 1])
            side.positions[move.piece - 1] = move.to.index
            hit, destroyed = None, None
            if shot is None:
                side.skips += 1
            else:
                side.skips = 0
                side.fired_at |= 1 << shot.at.index
                hit = False
                for j in range(3):
                    if enemy.alive[j] and enemy.positions[j] >> 3 == shot.at.index:
                        enemy.alive[j] = False
                        hit, destroyed = True, j + 1
            played = Played(player, turn, action, hit, destroyed, moved_from)
        self.history.append(played)
        self._settle_end()
        return played

    def _settle_end(self) -> None:
        for p in PLAYERS:
            if not any(self._sides[p].alive):
                self._end(p.opponent, EndReason.DESTROYED)
                return
        limit = self.options.turn_limit
        if limit is not None and len(self.history) >= 2 * limit:
            a, b = self.score(Player.A), self.score(Player.B)
            self._end(Player.A if a > b else Player.B if b > a else None, EndReason.TURN_LIMIT)

    def _end(self, winner: Player | None, reason: EndReason) -> None:
        """The one place an outcome is made (RULINGS R10)."""
        self.outcome = Outcome(winner, reason, self.scores(), self.turns_started)

    def play(self, actions: Sequence[Action]) -> None:
        for action in actions:
            self.apply(action)


def _squares(mask: int) -> list[Square]:
    return [Square.at(i) for i in range(mask.bit_length()) if mask >> i & 1]


__all__ = ["Action", "State", "IllegalActionError", "LegalTurns", "Move", "Played", "Refusal", "Resign",
           "Sacrifice", "Setup", "Shot", "Turn"]
