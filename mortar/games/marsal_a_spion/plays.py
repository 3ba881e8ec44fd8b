"""Every legal move and attack of one player (RULINGS R6, R7, R8), found on masks: the single
source of legality for actions of play. The state and the seat both ask it, from the same few
facts (a player's legal plays depend only on which squares are occupied, by whom, and which of
the player's own pieces move and which are scouts), so they agree by construction.

A step in a direction is a shift of a mask (bit ``square.index`` is the square): shifting the
player's movable pieces one square north and keeping the empty squares gives, at once, every
piece's step north. Scouts run further by shifting again while the squares stay empty; the
enemy squares met on the way are their (distance) attacks. Forbidden squares and the board's
edge are never empty, so lines stop there.

:class:`LegalPlays` keeps the result grouped by direction and distance, one mask of end squares
per group: counting, picking the n-th (a uniformly random play) and membership cost no more than
finding them, and an action object is made only when it is asked for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random
from typing import NamedTuple, overload

from mortar.kit.grid import DIRECTIONS, Direction

from .actions import Attack, Move, Play
from .board import PLAYABLE_MASK, SQUARES, Square

MOVE, ATTACK = 0, 1
_COUNT = len(SQUARES)


class Forces(NamedTuple):
    """What one player's legal plays depend on, as masks: the player's pieces, those that move
    (all but minefields and the flag), the scouts, and the enemy's pieces."""

    own: int
    movable: int
    scouts: int
    enemy: int


def group_key(kind: int, direction: Direction, distance: int) -> int:
    """A group of plays: its kind (move or attack), direction and distance."""
    return kind << 8 | int(direction) << 4 | distance


class _Shift(NamedTuple):
    """A step along one direction as a shift: ``((mask & can) << up) >> down`` moves every
    square of ``can`` (those with a neighbour that way) one square along. ``key``: the group
    key of the moves that way, less the distance (plain ints: they are read on every turn);
    ``orthogonal``: attacks and scouts' lines go that way too."""

    key: int
    can: int
    up: int
    down: int
    orthogonal: bool


def _shift(direction: Direction) -> _Shift:
    dx, dy = direction.step
    delta = dx + Square.width * dy
    can = 0
    for square in SQUARES:
        if square.step(direction) is not None:
            can |= 1 << square.index
    return _Shift(group_key(MOVE, direction, 0), can, max(delta, 0), max(-delta, 0), direction.orthogonal)


STEPS = tuple(_shift(d) for d in DIRECTIONS)
_ATTACK = group_key(ATTACK, Direction.N, 0)  # added to a move's key: the attack's


# By group key: how far (in square indexes) the end square lies from the start.
_DELTA = [0] * (2 << 8)
for _d in DIRECTIONS:
    for _k in range(1, 11):
        _dx, _dy = _d.step
        _DELTA[group_key(MOVE, _d, _k)] = _DELTA[group_key(ATTACK, _d, _k)] = _k * (_dx + Square.width * _dy)

# By start index × squares + end index: the key bits (direction, distance) of a straight line or
# a step from the start to the end, or -1.
_LINE = [-1] * (_COUNT * _COUNT)
for _start in SQUARES:
    for _d in DIRECTIONS:
        for _k, _end in enumerate(_start.ray(_d), 1):
            _LINE[_start.index * _COUNT + _end.index] = _d << 4 | _k

# Every play object is made once, when first needed: listing the legal plays allocates nothing.
_INTERNED: list[Play | None] = [None] * (2 * _COUNT * _COUNT)


def play_at(kind: int, start: int, end: int) -> Play:
    """The interned move (``kind`` 0) or attack (1) from square index ``start`` to ``end``."""
    i = (kind * _COUNT + start) * _COUNT + end
    play = _INTERNED[i]
    if play is None:
        play = _INTERNED[i] = (Attack if kind else Move)(SQUARES[start], SQUARES[end])
    return play


def line_between(start: Square, end: Square) -> tuple[Direction, int] | None:
    """The direction and distance from ``start`` to ``end`` along a straight line of the 8
    directions, or None."""
    bits = _LINE[start.index * _COUNT + end.index]
    return None if bits < 0 else (Direction(bits >> 4), bits & 15)


def find_plays(own: int, movable: int, scouts: int, enemy: int) -> dict[int, int]:
    """The legal plays, grouped: group key -> mask of the end squares (each non-empty).

    Steps in the 8 directions onto empty squares (R6); attacks on orthogonally adjacent enemies
    (R8); and for scouts, runs of two or more squares along an orthogonal line of empty squares
    and attacks on the enemy piece at the end of such a line (R7). The masks are a
    :class:`Forces`."""
    empty = PLAYABLE_MASK & ~(own | enemy)
    groups: dict[int, int] = {}
    for key, can, up, down, orthogonal in STEPS:
        ahead = (movable & can) << up >> down  # every movable piece one square along
        ends = ahead & empty
        if ends:
            groups[key | 1] = ends
        if not orthogonal:
            continue
        ends = ahead & enemy
        if ends:
            groups[key + _ATTACK | 1] = ends
        if not scouts:
            continue
        # The squares a scout's line reaches, one distance at a time; the first is a step.
        line = ((scouts & can) << up >> down) & empty
        distance = 1
        while line:
            distance += 1
            ahead = (line & can) << up >> down
            ends = ahead & enemy
            if ends:
                groups[key + _ATTACK | distance] = ends
            line = ahead & empty
            if line:
                groups[key | distance] = line
    return groups


class LegalPlays(Sequence[Play]):
    """Every legal move and attack of one player, in a fixed order (by group: per direction
    clockwise from north, the steps, then for an orthogonal direction the adjacent attacks and
    the scouts' runs and distance attacks by distance; within a group by end square). Indexable, so
    ``random.choice`` picks one uniformly without listing them all."""

    __slots__ = ("_groups", "_total")

    def __init__(self, own: int, movable: int, scouts: int, enemy: int) -> None:
        """The legal plays of these :class:`Forces` (``LegalPlays(*forces)``)."""
        self._groups = find_plays(own, movable, scouts, enemy)
        self._total = -1  # counted when first asked

    def __len__(self) -> int:
        if self._total < 0:
            self._total = sum(map(int.bit_count, self._groups.values()))
        return self._total

    def __bool__(self) -> bool:
        return bool(self._groups)

    def pick(self, rng: Random) -> Play:
        """A uniformly random play: ``rng.choice(self)``, the same numbers drawn the same way
        (``getrandbits`` until below the count), with fewer calls on the way."""
        count = self._total if self._total >= 0 else len(self)
        if not count:
            raise IndexError("no legal play to pick")
        bits = count.bit_length()
        index = rng.getrandbits(bits)
        while index >= count:
            index = rng.getrandbits(bits)
        return self._at(index)

    @overload
    def __getitem__(self, index: int) -> Play: ...
    @overload
    def __getitem__(self, index: slice) -> list[Play]: ...

    def __getitem__(self, index: int | slice) -> Play | list[Play]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if index < 0:
            raise IndexError("legal play index out of range")
        return self._at(index)

    def _at(self, index: int) -> Play:
        """The play at ``index`` (0 or more): found by group, then by end square."""
        for key, ends in self._groups.items():
            count = ends.bit_count()
            if index < count:
                for _ in range(index):
                    ends &= ends - 1
                end = (ends & -ends).bit_length() - 1
                return play_at(key >> 8, end - _DELTA[key], end)
            index -= count
        raise IndexError("legal play index out of range")

    def __iter__(self) -> Iterator[Play]:
        for key, ends in self._groups.items():
            kind, delta = key >> 8, _DELTA[key]
            while ends:
                low = ends & -ends
                end = low.bit_length() - 1
                yield play_at(kind, end - delta, end)
                ends ^= low

    def __contains__(self, play: object) -> bool:
        if isinstance(play, Move):
            kind = MOVE
        elif isinstance(play, Attack):
            kind = ATTACK
        else:
            return False
        start, end = play.start, play.end
        if type(start) is not Square or type(end) is not Square:
            return False
        line = _LINE[start.index * _COUNT + end.index]
        if line < 0:
            return False
        key = kind << 8 | line
        return bool(self._groups.get(key, 0) >> end.index & 1)

    def __repr__(self) -> str:
        return f"<LegalPlays: {len(self)} plays>"
