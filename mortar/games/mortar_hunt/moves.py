"""Where pieces can go and what they can hit (RULINGS R5, R6): precomputed geometry.

Pure functions of a player, a position and the squares barred to a move; nothing here knows a
game. Squares are indexes 0–107 and positions indexes 0–863 (see :mod:`.notation`); sets
of squares are int bitmasks, so the hot paths (move and shot generation) are a few integer
operations per candidate. The computer player imports this module without the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from functools import cache

from .notation import Facing, Position, Square
from .rules import HALF_MASK, PieceType, opponent

MAX_STEPS = 3  # RULINGS R5: up to three steps forward or 45° turns, or one step back


class Step(StrEnum):
    """One step of a move built step by step (RULINGS R5)."""

    FORWARD = "forward"
    BACK = "back"
    LEFT = "left"
    RIGHT = "right"


def step_to(position: Position, step: Step) -> Position | None:
    """The position after one ``step``, ignoring halves and blockers; None off the board."""
    if step is Step.LEFT or step is Step.RIGHT:
        return Position(position.square, position.facing.turned(-1 if step is Step.LEFT else 1))
    dc, dr = position.facing.step
    sign = 1 if step is Step.FORWARD else -1
    square = position.square.offset(sign * dc, sign * dr)
    return None if square is None else Position(square, position.facing)


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

    walk(start, 0, MAX_STEPS)
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
    return target_table(player, piece_type.shortest)[position]


@cache
def target_table(player: str, shortest: int) -> list[tuple[int, ...]]:
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
def target_masks(player: str, shortest: int) -> list[int]:
    """The targets of each position as a bitmask, to tell at once whether a crater is among them."""
    return [sum(1 << t for t in targets) for targets in target_table(player, shortest)]


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


def warm_up(player: str) -> Iterator[None]:
    """Fill the move-path cache for every position of ``player``'s half, yielding every few
    dozen positions: the page runs it in idle slices, so the computer's first decision (which
    asks for every position's moves) does not stall the page for half a second."""
    half = HALF_MASK[player]
    for n, position in enumerate(Position._all):
        if half >> position.square.index & 1:
            _reach(player, position.index)
            if n % 32 == 31:
                yield
