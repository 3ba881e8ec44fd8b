"""The board as the computer measures it (RULINGS R1, R6–R8), by square index: neighbours,
walking distances round the forbidden squares, and how far a piece is from attacking a square.
Fixed tables of the empty board, computed once when first asked; no piece is looked at here."""

from __future__ import annotations

from collections import deque
from functools import cache

from mortar.games.marsal_a_spion.board import FORBIDDEN, PLAYABLE, SQUARES, Player
from mortar.kit.grid import DIRECTIONS, ORTHOGONAL, Direction

COUNT = len(SQUARES)
FAR = 99  # farther than any walk on this board
_PLAYABLE = frozenset(sq.index for sq in PLAYABLE)


def _steps(index: int, directions: tuple[Direction, ...]) -> tuple[int, ...]:
    square = SQUARES[index]
    out = []
    for d in directions:
        n = square.step(d)
        if n is not None and n not in FORBIDDEN:
            out.append(n.index)
    return tuple(out)


def _line(index: int, direction: Direction) -> tuple[int, ...]:
    out = []
    for square in SQUARES[index].ray(direction):
        if square in FORBIDDEN:
            break
        out.append(square.index)
    return tuple(out)


# By square index: the playable squares one step away in the 8 directions, and orthogonally.
AROUND: tuple[tuple[int, ...], ...] = tuple(_steps(i, DIRECTIONS) for i in range(COUNT))
SIDES: tuple[tuple[int, ...], ...] = tuple(_steps(i, ORTHOGONAL) for i in range(COUNT))
AROUND_MASK: tuple[int, ...] = tuple(sum(1 << n for n in ns) for ns in AROUND)
SIDES_MASK: tuple[int, ...] = tuple(sum(1 << n for n in ns) for ns in SIDES)

# By square index and orthogonal direction: the playable squares along it up to the edge or a
# forbidden square (a Scout's line, R7).
RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_line(i, d) for d in ORTHOGONAL) for i in range(COUNT))


@cache
def walk(start: int) -> tuple[int, ...]:
    """Steps (8 directions, round the forbidden squares) from ``start`` to every square."""
    dist = [FAR] * COUNT
    if start not in _PLAYABLE:
        return tuple(dist)
    dist[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for n in AROUND[here]:
            if dist[n] == FAR:
                dist[n] = dist[here] + 1
                todo.append(n)
    return tuple(dist)


@cache
def reach(target: int) -> tuple[int, ...]:
    """Turns a one-square piece standing on each square needs to attack ``target``: 1 from a
    side neighbour, else the steps to the nearest side neighbour and the attack."""
    best = [FAR] * COUNT
    for side in SIDES[target]:
        dist = walk(side)
        for i in range(COUNT):
            if dist[i] + 1 < best[i]:
                best[i] = dist[i] + 1
    best[target] = FAR
    return tuple(best)


def depth(player: Player, index: int) -> int:
    """How deep a square lies in ``player``'s home rows: 0 the back row … 3 the front row; 4 and
    more beyond (no-man's-land, then the enemy's rows)."""
    row = SQUARES[index].row
    return row - 1 if player is Player.RED else 11 - row


def forward(player: Player) -> int:
    """The index step of one row towards the enemy."""
    return 10 if player is Player.RED else -10
