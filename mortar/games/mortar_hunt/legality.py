"""What one player may do, and why anything else is refused (RULINGS R1, R3, R5–R9, R11).

Each rule check lives here once. A :class:`Hand` is one player's pieces, obligations and the
squares barred to them: everything a player's legal actions depend on (they never depend on
where the enemy is). :class:`State` builds a hand from its full state for the player to
act; :class:`mortar.Seat` builds one from what that player knows; both ask it the same questions,
so the game and the seat agree by construction. This module does not import the game.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import accumulate
from typing import overload

from .actions import (
    MOVES,
    PIECES,
    SHOTS,
    Action,
    IllegalActionError,
    Move,
    Refusal,
    RefusalCode,
    Resign,
    Sacrifice,
    Setup,
    Shot,
    Turn,
    form_refusal,
)
from .moves import MAX_STEPS, Step, reachable_ends, step_to, target_masks, target_table
from .notation import Position, Square, facing_word
from .rules import HALF_MASK, MAX_SKIPS, OBSTACLE_ROW, Options, Outcome, PieceType, Player, half_rows

C = RefusalCode


def game_over(outcome: Outcome) -> Refusal:
    """The refusal of any action once the game is over."""
    if outcome.winner is None:
        return Refusal(C.GAME_OVER, "the game is over (a draw)")
    return Refusal(C.GAME_OVER, f"the game is over ({outcome.winner} won)")


def not_placed(player: str | None) -> Refusal:
    return Refusal(C.NOT_PLACED, f"{player} has not placed their pieces yet")


def square_refusal(player: str, square: Square, rows: bool = True) -> Refusal | None:
    """Why a piece of ``player`` may not stand on ``square`` at all (R1): the obstacle row or
    the enemy's half. ``rows`` names the rows of the half in the message."""
    if square.row == OBSTACLE_ROW:
        return Refusal(C.OBSTACLE, f"{square} is on the obstacle row")
    half = half_rows(player)
    if square.row not in half:
        note = f" (rows {half[0]}-{half[-1]})" if rows else ""
        return Refusal(C.OFF_HALF, f"{square} is not in {player}'s half{note}")
    return None


def setup_refusal(options: Options, placing: Player | None, setup: object) -> Refusal | None:
    """Why ``setup`` is not a legal placement when ``placing`` is the player to place (None when
    nobody is placing), or None when it is (R1, R3)."""
    if not isinstance(setup, Setup):
        return Refusal(C.MALFORMED, f"{setup!r} is not a placement")
    if placing is None or setup.player != placing:
        return Refusal(C.NOT_YOUR_TURN, f"{setup.player} cannot place pieces now")
    if (not isinstance(setup.positions, tuple | list) or not isinstance(setup.types, tuple | list)
            or len(setup.positions) != 3 or len(setup.types) != 3):
        return Refusal(C.MALFORMED, "a player places exactly three pieces")
    for number, (position, kind) in enumerate(zip(setup.positions, setup.types), 1):
        if not isinstance(position, Position):
            return Refusal(C.MALFORMED, f"piece {number}: {position!r} is not a position")
        if not isinstance(kind, PieceType):
            return Refusal(C.MALFORMED, f"piece {number}: {kind!r} is not a piece type")
    fixed = options.fixed_type()
    seen: dict[Square, int] = {}
    for number, (position, kind) in enumerate(zip(setup.positions, setup.types), 1):
        square = position.square
        refusal = square_refusal(setup.player, square)
        if refusal:
            return Refusal(refusal.code, f"piece {number} at {position}: {refusal.message}")
        if square in seen:
            return Refusal(C.SAME_SQUARE, f"pieces {seen[square]} and {number} are both on {square}")
        seen[square] = number
        if fixed is not None and kind is not fixed:
            return Refusal(C.WRONG_TYPE,
                           f"piece {number} is a {kind.word}, but this game uses only {fixed.word}s")
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

    @overload
    def __getitem__(self, index: int) -> Turn: ...
    @overload
    def __getitem__(self, index: slice) -> list[Turn]: ...
    def __getitem__(self, index: int | slice) -> Turn | list[Turn]:
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
            return Turn(move, SHOTS[move.piece][own[offset]])
        return Turn(move, self._others[block][offset - len(own)])

    def __iter__(self) -> Iterator[Turn]:
        new = tuple.__new__  # NamedTuple's own __new__ is slow, and this builds hundreds
        for move, own, others in zip(self._moves, self._own, self._others):
            if self._skip:
                yield new(Turn, (move, None))
            shots = SHOTS[move.piece]
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


NO_TURNS = LegalTurns([], [], [], [], False)


class Hand:
    """One player's pieces and what bars them, as the rules see them when that player acts.

    ``positions`` are position indexes of pieces 1–3 (wrecks included: they still take their
    squares), ``fired`` the squares this player may no longer shoot at and ``craters`` the
    squares of the own half no piece may enter (both bitmasks; empty outside the craters
    variant). Plain slots, not a dataclass: the game builds one on every question it is asked.
    """

    __slots__ = ("player", "positions", "alive", "types", "skips", "fired", "craters")

    def __init__(self, player: Player, positions: Sequence[int], alive: Sequence[bool],
                 types: Sequence[PieceType], skips: int, fired: int, craters: int) -> None:
        self.player, self.positions, self.alive, self.types = player, positions, alive, types
        self.skips, self.fired, self.craters = skips, fired, craters

    # --- what the pieces can do ----------------------------------------------------------

    def blocked(self, i: int) -> int:
        """Squares piece ``i`` (0–2) may not enter: the other own pieces and wrecks, craters."""
        mask = self.craters
        for j, position in enumerate(self.positions):
            if j != i:
                mask |= 1 << (position >> 3)
        return mask

    def raw_ends(self, i: int) -> tuple[int, ...]:
        """End positions piece ``i`` can reach, before the obligation to shoot is considered."""
        return reachable_ends(self.player, self.positions[i], self.blocked(i))

    def targets(self, position: int, kind: PieceType) -> tuple[int, ...]:
        """Square indexes a piece of ``kind`` at ``position`` may shoot at (R6, R11)."""
        targets = target_table(self.player, kind.shortest)[position]
        fired = self.fired
        if targets and fired and fired & target_masks(self.player, kind.shortest)[position]:
            return tuple(t for t in targets if not fired >> t & 1)
        return targets

    def others_can_shoot(self, i: int) -> bool:
        alive, positions, types = self.alive, self.positions, self.types
        return any(alive[j] and self.targets(positions[j], types[j]) for j in range(3) if j != i)

    def legal_ends(self, i: int) -> tuple[int, ...]:
        """End positions piece ``i`` may move to this turn (R5, R8, R11)."""
        if not self.alive[i]:
            return ()
        ends = self.raw_ends(i)
        if self.skips >= MAX_SKIPS and not self.others_can_shoot(i):
            kind = self.types[i]
            ends = tuple(e for e in ends if self.targets(e, kind))
        return ends

    @property
    def must_shoot(self) -> bool:
        """The player skipped twice in a row and must fire this turn (R8)."""
        return self.skips >= MAX_SKIPS

    @property
    def must_sacrifice(self) -> bool:
        """The player must shoot but no move leaves any legal shot (R9)."""
        if self.skips < MAX_SKIPS:
            return False
        return not any(self.legal_ends(i) for i in range(3) if self.alive[i])

    def legal_moves(self, piece: int) -> list[Position]:
        if piece not in PIECES or self.must_sacrifice:
            return []
        return [Position._all[e] for e in self.legal_ends(piece - 1)]

    def legal_shots(self, piece: int, move: Move | None = None) -> list[Square]:
        if piece not in PIECES or not self.alive[piece - 1]:
            return []
        position = self.positions[piece - 1]
        if move is not None and move.piece == piece:
            position = move.to.index
        return [Square.at(t) for t in self.targets(position, self.types[piece - 1])]

    def legal_turns(self) -> LegalTurns:
        """Every ordinary turn: each legal move with each legal shot (and no shot when skipping
        is allowed), as a sequence built on demand."""
        if self.must_sacrifice:
            return NO_TURNS
        alive, positions, types, player = self.alive, self.positions, self.types, self.player
        standing = [[SHOTS[i + 1][t] for t in self.targets(positions[i], types[i])]
                    if alive[i] else [] for i in range(3)]
        moves: list[Move] = []
        own: list[tuple[int, ...]] = []
        others_of: list[list[Shot]] = []
        counts: list[int] = []
        skip = 1 if self.skips < MAX_SKIPS else 0
        fired = self.fired
        # Comprehensions and map() rather than one loop with appends: this runs every turn of
        # every playout, and C-level loops are several times faster.
        for i in range(3):
            if not alive[i]:
                continue
            others = [shot for j in range(3) if j != i for shot in standing[j]]
            base = skip + len(others)
            shortest = types[i].shortest
            table = target_table(player, shortest)
            ends = self.legal_ends(i)
            if fired:
                tmasks = target_masks(player, shortest)
                targets = [table[e] if not fired & tmasks[e] else
                           tuple(t for t in table[e] if not fired >> t & 1) for e in ends]
            else:
                targets = [table[e] for e in ends]
            moves.extend(map(MOVES[i + 1].__getitem__, ends))
            own.extend(targets)
            others_of.extend([others] * len(ends))
            counts.extend([base + len(t) for t in targets])
        starts = [0, *accumulate(counts)]
        total = starts.pop()
        return LegalTurns(starts, moves, own, others_of, bool(skip), total)

    def legal_actions(self) -> Sequence[Action]:
        """All whole-turn actions; resigning is always possible too."""
        if self.must_sacrifice:
            return [Sacrifice(i + 1) for i in range(3) if self.alive[i]]
        return self.legal_turns()

    # --- why an action is refused --------------------------------------------------------

    def piece_refusal(self, piece: object, doing: str) -> Refusal | None:
        if isinstance(piece, bool) or piece not in PIECES:
            return Refusal(C.NO_SUCH_PIECE, f"there is no piece {piece!r} (pieces are numbered 1 to 3)")
        if not self.alive[piece - 1]:
            return Refusal(C.PIECE_DESTROYED, f"piece {piece} is destroyed and cannot {doing}")
        return None

    def _sacrifice_due(self) -> Refusal:
        p = self.player
        return Refusal(C.MUST_SACRIFICE, f"{p} must sacrifice a piece: {p} must shoot this turn "
                                         "and no move leaves any piece a shot")

    def barred(self, square: Square, i: int | None, rows: bool) -> Refusal | None:
        """Why no piece may enter ``square`` (piece ``i`` itself does not bar it), or None.
        ``rows`` names the rows of the half in the message."""
        refusal = square_refusal(self.player, square, rows)
        if refusal:
            return refusal
        for j, position in enumerate(self.positions):
            if j != i and position >> 3 == square.index:
                state = "" if self.alive[j] else "the wreck of "
                return Refusal(C.TAKEN, f"{square} is taken by {state}piece {j + 1}")
        if self.craters >> square.index & 1:
            return Refusal(C.CRATER, f"{square} is a crater")
        return None

    def reach_refusal(self, move: Move) -> Refusal | None:
        """Why ``move`` cannot be made in the steps R5 allows, or None when it can."""
        refusal = self.piece_refusal(move.piece, "move")
        if refusal:
            return refusal
        i = move.piece - 1
        start, end = self.positions[i], move.to.index
        what = f"piece {move.piece} cannot move from {Position.at(start)} to {move.to}"
        if start == end:
            return Refusal(C.NO_CHANGE, f"{what}: a move must change the square or the facing")
        if end in self.raw_ends(i):
            return None
        barred = self.barred(move.to.square, i, rows=True)
        if barred:
            return Refusal(barred.code, f"{what}: {barred.message}")
        if end not in reachable_ends(self.player, start, 0):
            return Refusal(C.TOO_FAR, f"{what}: that takes more than three steps "
                                      "(forward or 45° turns, or a single step back)")
        return Refusal(C.BLOCKED, f"{what}: every way there is blocked by a piece or a crater")

    def move_refusal(self, move: Move) -> Refusal | None:
        """Why ``move`` may not be the move of this turn: reachable in the steps R5 allows and,
        when a shot is compulsory, leaving one (R8); None when it may."""
        form = form_refusal(Turn(move, None))
        if form:
            return form
        if self.must_sacrifice:
            return self._sacrifice_due()
        refusal = self.reach_refusal(move)
        if refusal:
            return refusal
        if self.must_shoot and move.to.index not in self.legal_ends(move.piece - 1):
            return Refusal(C.MUST_SHOOT, f"after moving piece {move.piece} to {move.to} no piece "
                                         f"could shoot, and {self.player} must shoot this turn")
        return None

    def shot_refusal(self, shot: Shot, move: Move) -> Refusal | None:
        """Why ``shot`` may not follow ``move`` (R6, R11), or None."""
        refusal = self.piece_refusal(shot.piece, "shoot")
        if refusal:
            return refusal
        kind = self.types[shot.piece - 1]
        frm = move.to if move.piece == shot.piece else Position.at(self.positions[shot.piece - 1])
        what = f"shot at {shot.at} from {frm}"
        dc, dr = frm.facing.step
        dx, dy = shot.at.column - frm.square.column, shot.at.row - frm.square.row
        distance = max(abs(dx), abs(dy))
        if distance == 0 or (dx, dy) != (dc * distance, dr * distance):
            return Refusal(C.NOT_ALONG_FACING,
                           f"{what} is not along the piece's facing ({facing_word(frm.facing)})")
        if not kind.shortest <= distance <= kind.longest:
            return Refusal(C.OUT_OF_RANGE, f"{what} is out of range for a {kind.word} "
                                           f"({kind.shortest}-{kind.longest})")
        if shot.at.row == OBSTACLE_ROW:
            return Refusal(C.OBSTACLE, f"{what} lands on the obstacle row")
        if shot.at.row in half_rows(self.player):
            return Refusal(C.OWN_HALF_TARGET, f"{what} lands in {self.player}'s own half")
        if self.fired >> shot.at.index & 1:
            return Refusal(C.SHOT_TWICE,
                           f"{what}: {shot.at} has been shot at already (craters: once per square)")
        return None

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` may not be this player's action now, or None when it may."""
        form = form_refusal(action)
        if form:
            return form
        if isinstance(action, Resign):
            return None
        player = self.player
        if isinstance(action, Sacrifice):
            refusal = self.piece_refusal(action.piece, "be sacrificed")
            if refusal:
                return refusal
            if not self.must_sacrifice:
                why = (f"{player} need not shoot this turn" if self.skips < MAX_SKIPS
                       else f"{player} has a move that leaves a shot")
                return Refusal(C.NO_SACRIFICE, "a sacrifice is allowed only when a player must "
                                               f"shoot and cannot; {why}")
            return None
        if self.must_sacrifice:
            return self._sacrifice_due()
        refusal = self.reach_refusal(action.move)
        if refusal:
            return refusal
        if action.shot is None:
            if self.skips >= MAX_SKIPS:
                return Refusal(C.MUST_SHOOT, f"{player} must shoot this turn "
                                             f"({player} did not shoot in the last two turns)")
            return None
        return self.shot_refusal(action.shot, action.move)

    # --- a move built step by step -------------------------------------------------------

    def step_path(self, piece: int, steps: Sequence[str]) -> list[Position]:
        """Where a move built step by step takes piece ``piece``: its position after each step
        (R5). Raises :class:`IllegalActionError` when a step is not allowed."""
        refusal = self.piece_refusal(piece, "move")
        if refusal:
            raise IllegalActionError(refusal)
        if len(steps) > MAX_STEPS:
            raise IllegalActionError(Refusal(C.TOO_FAR, "a move has at most three steps"))
        if Step.BACK in steps and len(steps) > 1:
            raise IllegalActionError(Refusal(C.BACK_STEP_ALONE,
                                             "a step back is a whole move: one square, no turning"))
        blocked = self.blocked(piece - 1) | ~HALF_MASK[self.player]
        position = Position.at(self.positions[piece - 1])
        path = []
        for text in steps:
            try:
                step = Step(text)
            except ValueError:
                raise IllegalActionError(Refusal(
                    C.MALFORMED, f"{text!r} is not a step (forward, back, left, right)")) from None
            after = step_to(position, step)
            if after is None:
                raise IllegalActionError(Refusal(C.OFF_BOARD, f"{step} from {position} leaves the board"))
            if after.square is not position.square and blocked >> after.square.index & 1:
                why = self.barred(after.square, piece - 1, rows=False)
                assert why is not None
                raise IllegalActionError(Refusal(why.code, f"{step} from {position}: {why.message}"))
            position = after
            path.append(position)
        return path

    def next_steps(self, piece: int, steps: Sequence[str]) -> dict[Step, Position | None]:
        """Where each possible next step of a move being built would lead, or None where that
        step is not allowed now."""
        out: dict[Step, Position | None] = {}
        for step in Step:
            try:
                out[step] = self.step_path(piece, [*steps, step])[-1]
            except IllegalActionError:
                out[step] = None
        return out


__all__ = ["Hand", "LegalTurns", "game_over", "not_placed", "setup_refusal", "square_refusal"]
