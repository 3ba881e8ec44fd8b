"""The state of a game of Mortar Hunt and every rule that changes it (RULINGS R3–R11).

:class:`Game` is the single source of legality: the UI, the referee, records and the computer
player ask it what the player to act may do (``legal_moves``, ``legal_shots``, ``must_shoot``,
``must_sacrifice``) and hand it actions through :meth:`Game.apply`, which either applies the whole
action or raises :class:`IllegalActionError` saying why and leaves the state untouched.

Internally squares are indexes 0–107 and positions indexes 0–863 (see :mod:`mortar.notation`);
sets of squares are int bitmasks, so the hot paths (move and shot generation) are a few integer
operations per candidate.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import accumulate
from typing import NamedTuple

from .notation import OBSTACLE_ROW, Facing, Position, Square
from .rules import HALF_MASK, PLAYERS, Options, PieceType, Variant, half_rows, opponent

PIECES = (1, 2, 3)
MAX_SKIPS = 2  # RULINGS R8: at most two consecutive turns without a shot


class IllegalActionError(ValueError):
    """An action the rules do not allow now. The message says why in plain words."""


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """A player's placement: three positions, piece 1–3 in order, and their types."""

    player: str
    positions: tuple[Position, Position, Position]
    types: tuple[PieceType, PieceType, PieceType] = (PieceType.HM,) * 3


class Move(NamedTuple):
    """Piece ``piece`` (1–3) ends at ``to``. Moves are recorded by end position (RULINGS R5)."""

    piece: int
    to: Position

    def __str__(self) -> str:
        return f"{self.piece}:{self.to}"


class Shot(NamedTuple):
    """Piece ``piece`` (1–3) fires at ``at``."""

    piece: int
    at: Square

    def __str__(self) -> str:
        return f"{self.piece}>{self.at}"


class Turn(NamedTuple):
    """An ordinary turn: one move, then one shot or none (a skip)."""

    move: Move
    shot: Shot | None = None


class Sacrifice(NamedTuple):
    """The whole turn of a player who must shoot and cannot (RULINGS R9)."""

    piece: int


class Resign(NamedTuple):
    """The player gives up on their turn (RULINGS R10)."""


# Actions are small tuples (cheap to build by the hundred when listing legal turns); the moves
# and shots that can exist are interned so listing them allocates nothing new.
# They are made on first use, not at import: the page's start-up time counts every millisecond.
class _Interned(dict):
    def __init__(self, make) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, piece: int) -> list:
        self[piece] = table = self._make(piece)
        return table


_MOVES = _Interned(lambda n: [tuple.__new__(Move, (n, p)) for p in Position._all])
_SHOTS = _Interned(lambda n: [tuple.__new__(Shot, (n, s)) for s in Square._all])


Action = Turn | Sacrifice | Resign


@dataclass(frozen=True)
class Played:
    """An action as it happened, with what it did: the history entry of one player-turn."""

    player: str
    turn: int  # the numbered turn (pad row)
    action: Action
    hit: bool | None = None  # for a Turn with a shot
    destroyed: int | None = None  # enemy piece number destroyed by the shot
    moved_from: Position | None = None  # for a Turn: where the moved piece stood


# --- precomputed geometry ------------------------------------------------------------------


def _forward(position: int, sign: int, player: str) -> int | None:
    """Position index one square along (sign 1) or against (sign −1) the facing, or None if
    that square is off the board or outside the player's half."""
    square, facing = Square.at(position >> 3), Facing(position & 7)
    dc, dr = facing.step
    target = square.offset(sign * dc, sign * dr)
    if target is None or not HALF_MASK[player] >> target.index & 1:
        return None
    return target.index * 8 + facing


@cache
def move_paths(player: str, start: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every end position a piece at ``start`` could reach on an empty half, with, for each, the
    minimal sets (bitmasks) of squares some step sequence enters to get there (RULINGS R5).

    A move to an end is legal when one of its masks avoids every blocked square.
    """
    found: dict[int, set[int]] = {}

    def walk(position: int, entered: int, steps_left: int) -> None:
        for nxt, mask in (
            (_forward(position, 1, player), None),
            ((position & ~7) | ((position + 1) & 7), 0),
            ((position & ~7) | ((position - 1) & 7), 0),
        ):
            if nxt is None:
                continue
            new_entered = entered | (1 << (nxt >> 3)) if mask is None else entered
            found.setdefault(nxt, set()).add(new_entered)
            if steps_left > 1:
                walk(nxt, new_entered, steps_left - 1)

    walk(start, 0, 3)
    back = _forward(start, -1, player)
    if back is not None:
        found.setdefault(back, set()).add(1 << (back >> 3))
    found.pop(start, None)
    result = []
    for end in sorted(found):
        masks = sorted(found[end], key=lambda m: m.bit_count())
        minimal: list[int] = []
        for m in masks:
            if not any(k & m == k for k in minimal):
                minimal.append(m)
        result.append((end, tuple(minimal)))
    return tuple(result)


def shot_targets(player: str, position: int, piece_type: PieceType) -> tuple[int, ...]:
    """Square indexes a piece at ``position`` can hit on the opponent's half (RULINGS R6),
    nearest first, ignoring craters."""
    return _target_table(player, piece_type.shortest)[position]


@cache
def _target_table(player: str, shortest: int) -> list[tuple[int, ...]]:
    """shot_targets for every position at once, indexed by position (one list per player and
    piece type, so the hot path is a list index instead of a hashed look-up)."""
    kind = PieceType.HM if shortest == PieceType.HM.shortest else PieceType.LH
    enemy_half = HALF_MASK[opponent(player)]
    table = []
    for position in Position._all:
        dc, dr = position.facing.step
        targets = []
        for d in range(kind.shortest, kind.longest + 1):
            target = position.square.offset(dc * d, dr * d)
            if target is not None and enemy_half >> target.index & 1:
                targets.append(target.index)
        table.append(tuple(targets))
    return table


@cache
def _target_masks(player: str, shortest: int) -> list[int]:
    """The targets of each position as a bitmask, to tell at once whether a crater is among them."""
    return [sum(1 << t for t in targets) for targets in _target_table(player, shortest)]


_END_CACHE: dict[tuple[str, int, int], tuple[int, ...]] = {}


@cache
def _reach(player: str, start: int) -> int:
    """Every square some move from ``start`` could enter: only these can block it."""
    mask = 0
    for _, masks in move_paths(player, start):
        for m in masks:
            mask |= m
    return mask


def reachable_ends(player: str, start: int, blocked: int) -> tuple[int, ...]:
    """End positions reachable from ``start`` when the squares in ``blocked`` cannot be entered.
    Memoised on the blocked squares that matter, which repeat a lot in play and in playouts."""
    key = (player, start, blocked & _reach(player, start))
    ends = _END_CACHE.get(key)
    if ends is None:
        blocked = key[2]
        ends = tuple(end for end, masks in move_paths(player, start)
                     if not masks[0] & blocked or any(not m & blocked for m in masks[1:]))
        if len(_END_CACHE) > 200_000:  # bound the memory a long session can use
            _END_CACHE.clear()
        _END_CACHE[key] = ends
    return ends


def _reachable_ignoring_blockers(player: str, start: int, end: int) -> bool:
    return end in reachable_ends(player, start, 0)


def _is_piece_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _form_error(action: object) -> str | None:
    """Why ``action`` is not even shaped like an action, so that no input can crash apply()."""
    if isinstance(action, Resign):
        return None
    if isinstance(action, Sacrifice):
        return None if _is_piece_number(action.piece) else f"{action.piece!r} is not a piece number"
    if not isinstance(action, Turn):
        return f"{action!r} is not an action (a turn, a sacrifice or resigning)"
    move, shot = action.move, action.shot
    if not isinstance(move, Move) or not _is_piece_number(move.piece) or not isinstance(move.to, Position):
        return f"{move!r} is not a move (a piece number and an end position)"
    if shot is not None and (not isinstance(shot, Shot) or not _is_piece_number(shot.piece)
                             or not isinstance(shot.at, Square)):
        return f"{shot!r} is not a shot (a piece number and a target square)"
    return None


class LegalTurns(Sequence[Turn]):
    """All legal turns of one position in a fixed order: for each legal move, the skip (when
    allowed), then the moved piece's shots, then the other pieces' shots.

    Only the moves and shot lists are computed up front; a turn object is made when it is
    asked for, so ``len`` and ``random.choice`` cost no more than listing the moves.
    """

    __slots__ = ("_starts", "_moves", "_own", "_others", "_skip", "_total")

    def __init__(self, starts: list[int], moves: list[Move], own: list[tuple[int, ...]],
                 others: list[list[Shot]], skip: bool, total: int = 0) -> None:
        self._starts, self._moves, self._own, self._others = starts, moves, own, others
        self._skip, self._total = skip, total

    def __len__(self) -> int:
        return self._total

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._total))]
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError("legal turn index out of range")
        block = bisect_right(self._starts, index) - 1
        offset = index - self._starts[block]
        move = self._moves[block]
        if self._skip:
            if offset == 0:
                return Turn(move, None)
            offset -= 1
        own = self._own[block]
        if offset < len(own):
            return Turn(move, _SHOTS[move.piece][own[offset]])
        return Turn(move, self._others[block][offset - len(own)])

    def __iter__(self) -> Iterator[Turn]:
        new = tuple.__new__  # NamedTuple's own __new__ is slow, and this builds hundreds
        for move, own, others in zip(self._moves, self._own, self._others):
            if self._skip:
                yield new(Turn, (move, None))
            shots = _SHOTS[move.piece]
            for t in own:
                yield new(Turn, (move, shots[t]))
            for shot in others:
                yield new(Turn, (move, shot))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"<LegalTurns: {self._total} turns, {len(self._moves)} moves>"


# --- the game ------------------------------------------------------------------------------


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

    def occupied(self) -> int:
        mask = 0
        for position in self.positions:
            mask |= 1 << (position >> 3)
        return mask


class Game:
    """A game from placement to the end. Mutable; :meth:`copy` gives an independent one."""

    def __init__(self, options: Options | None = None, names: dict[str, str | None] | None = None):
        self.options = options or Options()
        self._sides = {p: _Side() for p in PLAYERS}
        for p in PLAYERS:
            self._sides[p].name = (names or {}).get(p)
        self.history: list[Played] = []
        self.setups: dict[str, Setup] = {}
        self.winner: str | None = None  # "A", "B" or "draw" once the game is over
        self.end_reason: str | None = None  # "destroyed", "turn limit", "resigned"

    def copy(self) -> Game:
        other = Game.__new__(Game)
        other.options = self.options
        other._sides = {p: s.copy() for p, s in self._sides.items()}
        other.history = list(self.history)
        other.setups = dict(self.setups)
        other.winner = self.winner
        other.end_reason = self.end_reason
        return other

    # --- what the game is at -------------------------------------------------------------

    @property
    def phase(self) -> str:
        """"setup", "play" or "over"."""
        if self.winner is not None:
            return "over"
        if not self._sides["B"].placed:  # B places after A
            return "setup"
        return "play"

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def to_play(self) -> str | None:
        """The player to act (placement: A then B), or None when the game is over."""
        if self.winner is not None:
            return None
        if not self._sides["A"].placed:
            return "A"
        if not self._sides["B"].placed:
            return "B"
        return PLAYERS[len(self.history) % 2]

    @property
    def turn(self) -> int:
        """The numbered turn being played, or the last one started once the game is over."""
        if self.winner is not None or self.phase == "setup":
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
        mask = self._sides[player].fired_at
        return [Square.at(i) for i in range(mask.bit_length()) if mask >> i & 1]

    def craters(self) -> list[Square]:
        """Squares no piece may enter or be shot at again (craters variant, RULINGS R11)."""
        if self.options.variant is not Variant.CRATERS:
            return []
        mask = self._sides["A"].fired_at | self._sides["B"].fired_at
        return [Square.at(i) for i in range(mask.bit_length()) if mask >> i & 1]

    # --- what the player to act may do ---------------------------------------------------

    def must_shoot(self, player: str | None = None) -> bool:
        """True when the player has skipped twice in a row and must fire this turn (R8)."""
        return self._sides[player or self.to_play or "A"].skips >= MAX_SKIPS

    def _blocked(self, player: str, piece_index: int) -> int:
        side = self._sides[player]
        mask = 0
        for i, position in enumerate(side.positions):
            if i != piece_index:
                mask |= 1 << (position >> 3)
        if self.options.variant is Variant.CRATERS:
            mask |= self._sides[opponent(player)].fired_at
        return mask

    def _raw_ends(self, player: str, piece_index: int) -> tuple[int, ...]:
        """End positions the piece can reach, before the obligation to shoot is considered."""
        return reachable_ends(player, self._sides[player].positions[piece_index],
                              self._blocked(player, piece_index))

    def _targets(self, player: str, position: int, piece_type: PieceType) -> tuple[int, ...]:
        targets = _target_table(player, piece_type.shortest)[position]
        if targets and self.options.variant is Variant.CRATERS:
            fired = self._sides[player].fired_at
            if fired and fired & _target_masks(player, piece_type.shortest)[position]:
                return tuple(t for t in targets if not fired >> t & 1)
        return targets

    def _others_can_shoot(self, player: str, piece_index: int) -> bool:
        side = self._sides[player]
        return any(side.alive[i] and self._targets(player, side.positions[i], side.types[i])
                   for i in range(3) if i != piece_index)

    def _legal_ends(self, player: str, piece_index: int) -> tuple[int, ...]:
        side = self._sides[player]
        if not side.alive[piece_index]:
            return ()
        ends = self._raw_ends(player, piece_index)
        if side.skips >= MAX_SKIPS and not self._others_can_shoot(player, piece_index):
            kind = side.types[piece_index]
            ends = tuple(e for e in ends if self._targets(player, e, kind))
        return ends

    def _require_play(self) -> str:
        if self.winner is not None:
            raise IllegalActionError(self._over_text())
        if self.phase == "setup":
            raise IllegalActionError(f"{self.to_play} has not placed their pieces yet")
        return self.to_play  # type: ignore[return-value]

    def legal_moves(self, piece: int) -> list[Position]:
        """End positions piece ``piece`` of the player to act may move to now (R5, R8, R11)."""
        player = self._require_play()
        if piece not in PIECES or self.must_sacrifice():
            return []
        return [Position._all[e] for e in self._legal_ends(player, piece - 1)]

    def legal_shots(self, piece: int, move: Move | None = None) -> list[Square]:
        """Squares piece ``piece`` may fire at after ``move`` (None: from where it stands now)."""
        player = self._require_play()
        if piece not in PIECES or not self._sides[player].alive[piece - 1]:
            return []
        side = self._sides[player]
        position = side.positions[piece - 1]
        if move is not None and move.piece == piece:
            position = move.to.index
        return [Square.at(t) for t in self._targets(player, position, side.types[piece - 1])]

    def step_path(self, piece: int, steps: Sequence[str]) -> list[Position]:
        """Where a move built step by step (``forward``, ``back``, ``left``, ``right``) takes
        piece ``piece`` of the player to act: its position after each step (RULINGS R5).

        Raises :class:`IllegalActionError` saying why when a step is not allowed. The end of a
        complete move must still be one of :meth:`legal_moves` (it must differ from the start,
        and leave a shot when one is compulsory).
        """
        player = self._require_play()
        error = self._piece_error(player, piece, "move")
        if error:
            raise IllegalActionError(error)
        if len(steps) > 3:
            raise IllegalActionError("a move has at most three steps")
        if "back" in steps and len(steps) > 1:
            raise IllegalActionError("a step back is a whole move: one square, no turning")
        blocked = self._blocked(player, piece - 1) | ~HALF_MASK[player]
        position = self.position(player, piece)
        path = []
        for step in steps:
            if step in ("left", "right"):
                position = Position(position.square, position.facing.turned(-1 if step == "left" else 1))
            elif step in ("forward", "back"):
                dc, dr = position.facing.step
                sign = 1 if step == "forward" else -1
                square = position.square.offset(sign * dc, sign * dr)
                if square is None:
                    raise IllegalActionError(f"{step} from {position} leaves the board")
                if blocked >> square.index & 1:
                    raise IllegalActionError(f"{step} from {position}: {self._why_blocked(player, square)}")
                position = Position(square, position.facing)
            else:
                raise IllegalActionError(f"{step!r} is not a step (forward, back, left, right)")
            path.append(position)
        return path

    def next_steps(self, piece: int, steps: Sequence[str]) -> dict[str, Position | None]:
        """For a move being built step by step: where each possible next step would lead, or
        None where that step is not allowed now."""
        out: dict[str, Position | None] = {}
        for step in ("forward", "back", "left", "right"):
            try:
                out[step] = self.step_path(piece, [*steps, step])[-1]
            except IllegalActionError:
                out[step] = None
        return out

    def _why_blocked(self, player: str, square: Square) -> str:
        if square.row == OBSTACLE_ROW:
            return f"{square} is on the obstacle row"
        if square.row not in half_rows(player):
            return f"{square} is not in {player}'s half"
        side = self._sides[player]
        for j, position in enumerate(side.positions):
            if position >> 3 == square.index:
                return f"{square} is taken by {'' if side.alive[j] else 'the wreck of '}piece {j + 1}"
        return f"{square} is a crater"

    def may_skip(self) -> bool:
        """Whether the player to act may decline to shoot this turn (R8)."""
        self._require_play()
        return not self.must_shoot()

    def must_sacrifice(self) -> bool:
        """True when the player must shoot but no move leaves any legal shot (R9)."""
        if self.winner is not None or not self._sides["B"].placed:
            return False
        player = PLAYERS[len(self.history) % 2]
        side = self._sides[player]
        if side.skips < MAX_SKIPS:
            return False
        return not any(self._legal_ends(player, i) for i in range(3) if side.alive[i])

    def legal_turns(self) -> LegalTurns:
        """Every ordinary turn the player to act may play: each legal move with each legal shot
        (and no shot when skipping is allowed), as a sequence built on demand."""
        player = self._require_play()
        if self.must_sacrifice():
            return LegalTurns([], [], [], [], False)
        side = self._sides[player]
        alive = side.alive
        standing = [[_SHOTS[i + 1][t] for t in self._targets(player, side.positions[i], side.types[i])]
                    if alive[i] else [] for i in range(3)]
        moves: list[Move] = []
        own: list[tuple[int, ...]] = []
        others_of: list[list[Shot]] = []
        counts: list[int] = []
        skip = 1 if side.skips < MAX_SKIPS else 0
        fired = side.fired_at if self.options.variant is Variant.CRATERS else 0
        # Comprehensions and map() rather than one loop with appends: this runs every turn of
        # every playout, and C-level loops are several times faster.
        for i in range(3):
            if not alive[i]:
                continue
            others = [shot for j in range(3) if j != i for shot in standing[j]]
            base = skip + len(others)
            shortest = side.types[i].shortest
            table = _target_table(player, shortest)
            ends = self._legal_ends(player, i)
            if fired:
                tmasks = _target_masks(player, shortest)
                targets = [table[e] if not fired & tmasks[e] else
                           tuple(t for t in table[e] if not fired >> t & 1) for e in ends]
            else:
                targets = [table[e] for e in ends]
            moves.extend(map(_MOVES[i + 1].__getitem__, ends))
            own.extend(targets)
            others_of.extend([others] * len(ends))
            counts.extend([base + len(t) for t in targets])
        starts = [0, *accumulate(counts)]
        total = starts.pop()
        return LegalTurns(starts, moves, own, others_of, bool(skip), total)

    def legal_actions(self) -> Sequence[Action]:
        """All whole-turn actions for the player to act; resigning is always possible too."""
        self._require_play()
        if self.must_sacrifice():
            side = self._sides[self.to_play]  # type: ignore[index]
            return [Sacrifice(i + 1) for i in range(3) if side.alive[i]]
        return self.legal_turns()  # type: ignore[return-value]

    def shot_hits(self, shot: Shot) -> bool:
        """Whether a shot at ``shot.at`` by the player to act would hit a live enemy piece."""
        enemy = self._sides[opponent(self.to_play or "A")]
        return any(a and p >> 3 == shot.at.index for p, a in zip(enemy.positions, enemy.alive))

    # --- why an action is illegal --------------------------------------------------------

    def _over_text(self) -> str:
        if self.winner == "draw":
            return "the game is over (a draw)"
        return f"the game is over ({self.winner} won)"

    def _piece_error(self, player: str, piece: object, doing: str) -> str | None:
        if isinstance(piece, bool) or piece not in PIECES:
            return f"there is no piece {piece!r} (pieces are numbered 1 to 3)"
        if not self._sides[player].alive[piece - 1]:  # type: ignore[operator]
            return f"piece {piece} is destroyed and cannot {doing}"
        return None

    def move_error(self, move: Move) -> str | None:
        """Why ``move`` may not be the move of the player to act's turn, or None when it may:
        reachable in the steps R5 allows, and, when a shot is compulsory, leaving one (R8)."""
        if self.winner is not None:
            return self._over_text()
        if self.phase == "setup":
            return f"{self.to_play} has not placed their pieces yet"
        form = _form_error(Turn(move, None))
        if form:
            return form
        player = self.to_play
        assert player is not None
        if self.must_sacrifice():
            return (f"{player} must sacrifice a piece: {player} must shoot this turn "
                    "and no move leaves any piece a shot")
        error = self._move_error(player, move)
        if error:
            return error
        if self.must_shoot() and move.to.index not in self._legal_ends(player, move.piece - 1):
            return (f"after moving piece {move.piece} to {move.to} no piece could shoot, "
                    f"and {player} must shoot this turn")
        return None

    def square_error(self, player: str, square: Square) -> str | None:
        """Why a piece of ``player`` may not be placed on ``square``, or None (R1, R3)."""
        if square.row == OBSTACLE_ROW:
            return f"{square} is on the obstacle row"
        rows = half_rows(player)
        if square.row not in rows:
            return f"{square} is not in {player}'s half (rows {rows[0]}-{rows[-1]})"
        return None

    def _move_error(self, player: str, move: Move) -> str | None:
        side = self._sides[player]
        error = self._piece_error(player, move.piece, "move")
        if error:
            return error
        i = move.piece - 1
        start, end = side.positions[i], move.to.index
        frm, to = Position.at(start), move.to
        what = f"piece {move.piece} cannot move from {frm} to {to}"
        if start == end:
            return f"{what}: a move must change the square or the facing"
        if end in self._raw_ends(player, i):
            return None
        square = to.square
        if square.row == OBSTACLE_ROW:
            return f"{what}: {square} is on the obstacle row"
        rows = half_rows(player)
        if square.row not in rows:
            return f"{what}: {square} is not in {player}'s half (rows {rows[0]}-{rows[-1]})"
        for j, position in enumerate(side.positions):
            if j != i and position >> 3 == square.index:
                state = "" if side.alive[j] else "the wreck of "
                return f"{what}: {square} is taken by {state}piece {j + 1}"
        craters = self._sides[opponent(player)].fired_at if self.options.variant is Variant.CRATERS else 0
        if craters >> square.index & 1:
            return f"{what}: {square} is a crater"
        if not _reachable_ignoring_blockers(player, start, end):
            return (f"{what}: that takes more than three steps "
                    "(forward or 45° turns, or a single step back)")
        return f"{what}: every way there is blocked by a piece or a crater"

    def _shot_error(self, player: str, shot: Shot, move: Move) -> str | None:
        side = self._sides[player]
        error = self._piece_error(player, shot.piece, "shoot")
        if error:
            return error
        kind = side.types[shot.piece - 1]
        frm = move.to if move.piece == shot.piece else Position.at(side.positions[shot.piece - 1])
        what = f"shot at {shot.at} from {frm}"
        dc, dr = frm.facing.step
        dx, dy = shot.at.column - frm.square.column, shot.at.row - frm.square.row
        distance = max(abs(dx), abs(dy))
        if distance == 0 or (dx, dy) != (dc * distance, dr * distance):
            return f"{what} is not along the piece's facing ({frm.facing.word})"
        if not kind.shortest <= distance <= kind.longest:
            return (f"{what} is out of range for a {kind.word} "
                    f"({kind.shortest}-{kind.longest})")
        if shot.at.row == OBSTACLE_ROW:
            return f"{what} lands on the obstacle row"
        if shot.at.row in half_rows(player):
            return f"{what} lands in {player}'s own half"
        if self.options.variant is Variant.CRATERS and side.fired_at >> shot.at.index & 1:
            return f"{what}: {shot.at} has been shot at already (craters: once per square)"
        return None

    def why_illegal(self, action: Action) -> str | None:
        """None when ``action`` is legal for the player to act now, else the reason."""
        if self.winner is not None:
            return self._over_text()
        if self.phase == "setup":
            return f"{self.to_play} has not placed their pieces yet"
        player = self.to_play
        assert player is not None
        side = self._sides[player]
        form = _form_error(action)
        if form:
            return form
        if isinstance(action, Resign):
            return None
        if isinstance(action, Sacrifice):
            error = self._piece_error(player, action.piece, "be sacrificed")
            if error:
                return error
            if not self.must_sacrifice():
                if side.skips < MAX_SKIPS:
                    return ("a sacrifice is allowed only when a player must shoot and cannot; "
                            f"{player} need not shoot this turn")
                return ("a sacrifice is allowed only when a player must shoot and cannot; "
                        f"{player} has a move that leaves a shot")
            return None
        if not isinstance(action, Turn):
            return f"{action!r} is not an action"
        if self.must_sacrifice():
            return (f"{player} must sacrifice a piece: {player} must shoot this turn "
                    "and no move leaves any piece a shot")
        error = self._move_error(player, action.move)
        if error:
            return error
        if action.shot is None:
            if side.skips >= MAX_SKIPS:
                return f"{player} must shoot this turn ({player} did not shoot in the last two turns)"
            return None
        return self._shot_error(player, action.shot, action.move)

    # --- changing the state --------------------------------------------------------------

    def setup_error(self, setup: Setup) -> str | None:
        """None when ``setup`` is a legal placement for its player now, else the reason."""
        if not isinstance(setup, Setup):
            return f"{setup!r} is not a placement"
        if self.phase != "setup" or setup.player != self.to_play:
            return f"{setup.player} cannot place pieces now"
        if (not isinstance(setup.positions, tuple | list) or not isinstance(setup.types, tuple | list)
                or len(setup.positions) != 3 or len(setup.types) != 3):
            return "a player places exactly three pieces"
        for number, (position, kind) in enumerate(zip(setup.positions, setup.types), 1):
            if not isinstance(position, Position):
                return f"piece {number}: {position!r} is not a position"
            if not isinstance(kind, PieceType):
                return f"piece {number}: {kind!r} is not a piece type"
        fixed = self.options.fixed_type()
        seen: dict[Square, int] = {}
        for number, (position, kind) in enumerate(zip(setup.positions, setup.types), 1):
            square = position.square
            error = self.square_error(setup.player, square)
            if error:
                return f"piece {number} at {position}: {error}"
            if square in seen:
                return f"pieces {seen[square]} and {number} are both on {square}"
            seen[square] = number
            if fixed is not None and kind is not fixed:
                return f"piece {number} is a {kind.word}, but this game uses only {fixed.word}s"
        return None

    def place(self, setup: Setup) -> None:
        """Apply a player's placement (RULINGS R3)."""
        error = self.setup_error(setup)
        if error:
            raise IllegalActionError(error)
        side = self._sides[setup.player]
        side.positions = [p.index for p in setup.positions]
        side.types = list(setup.types)
        side.placed = True
        self.setups[setup.player] = setup

    def apply(self, action: Action) -> Played:
        """Play ``action`` for the player to act, or raise :class:`IllegalActionError`."""
        error = self.why_illegal(action)
        if error:
            raise IllegalActionError(error)
        player = self.to_play
        assert player is not None
        enemy_player = opponent(player)
        side, enemy = self._sides[player], self._sides[enemy_player]
        turn = self.turn
        if isinstance(action, Resign):
            played = Played(player, turn, action)
            self.history.append(played)
            self.winner, self.end_reason = enemy_player, "resigned"
            return played
        if isinstance(action, Sacrifice):
            side.alive[action.piece - 1] = False
            played = Played(player, turn, action)
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
                self.winner, self.end_reason = opponent(p), "destroyed"
                return
        limit = self.options.turn_limit
        if limit is not None and len(self.history) >= 2 * limit:
            a, b = self.score("A"), self.score("B")
            self.winner = "A" if a > b else "B" if b > a else "draw"
            self.end_reason = "turn limit"

    def play(self, actions: Sequence[Action]) -> None:
        for action in actions:
            self.apply(action)
