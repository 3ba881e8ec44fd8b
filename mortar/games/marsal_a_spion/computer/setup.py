"""The computer's setups (R4): 40 pieces on its home rows, placed as a careful player would, and
not one that is easy to read.

The Flag goes to the back row (a corner one time in three) or just before it, its side
neighbours all Minefields (R10: a Flag surrounded so is safe from everything but a Miner); cheap
pieces that beat a Miner stand on the squares a Miner would clear those Minefields from. The
Minefields left make a decoy, a square closed like the Flag's, or stand scattered, never more
than two of them in the front row (the army must get out): a second ring of Minefields round the
Flag's was tried and dropped, as eight still pieces in one cluster point a reader of unmoved
pieces straight at the Flag (hard with it scored 42.2 % against the computer before issue 34,
and that computer with it 21.2 % against itself). Miners stay back for the end game; Scouts stand
forward in the three lanes through no-man's-land; the Spy mostly stands by the General, which it
guards against the enemy Marshal; the strong pieces in the middle rows. Every choice is drawn
from the seeded generator, so setups vary. ``easy`` is looser: a Flag at the back, some
Minefields by it, the rest anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..actions import Setup
from ..board import SQUARES, Player, home_squares
from ..pieces import ARMY, Piece
from .geometry import AROUND, SIDES, depth

# Columns of the three free lanes through no-man's-land (R1: A–C, E–F, H–J).
LANES = frozenset((0, 1, 2, 4, 5, 7, 8, 9))

# Where each kind is placed, by depth (0 the back row … 3 the front row), for the pieces after the
# Flag, its Minefields, the General and the Spy; in this order.
_DEPTHS: tuple[tuple[Piece, tuple[float, float, float, float]], ...] = (
    (Piece.MARSHAL, (0.2, 1.0, 1.5, 0.4)),
    (Piece.MINER, (3.0, 2.0, 0.6, 0.2)),
    (Piece.SCOUT, (0.3, 0.5, 1.2, 3.0)),
    (Piece.CAPTAIN, (0.3, 1.0, 1.5, 1.0)),
    (Piece.CADET, (0.3, 0.8, 1.2, 1.2)),
    (Piece.CORPORAL, (0.6, 1.0, 1.0, 1.2)),
    (Piece.RIFLEMAN, (0.8, 1.0, 1.0, 1.2)),
)


def computer_setup(player: Player, rng: random.Random, careful: bool = True) -> Setup:
    """A setup of ``player``'s army (see the module docstring)."""
    if not careful:
        return _loose(player, rng)
    home = [sq.index for sq in home_squares(player)]
    placed: dict[int, Piece] = {}

    def free(test: Callable[[int], bool] = lambda _: True) -> list[int]:
        return [i for i in home if i not in placed and test(i)]

    def put(piece: Piece, weight: Callable[[int], float]) -> int:
        squares = free()
        chosen = rng.choices(squares, [max(weight(i), 1e-6) for i in squares])[0]
        placed[chosen] = piece
        return chosen

    works = _flag_works(player, rng, placed, home)
    # Blockers: cheap pieces that beat a Miner on the squares a Miner would clear the works from.
    ways = [i for i in free() if any(s in works for s in SIDES[i])]
    rng.shuffle(ways)
    blockers = [Piece.RIFLEMAN, Piece.SCOUT, Piece.CORPORAL, Piece.RIFLEMAN, Piece.SCOUT]
    for square, piece in zip(ways, blockers[:rng.choice((2, 3, 3, 4))]):
        placed[square] = piece

    general = put(Piece.GENERAL, lambda i: (0.2, 1.0, 1.5, 0.5)[depth(player, i)])
    spy_squares = [i for i in AROUND[general] if i in home and i not in placed]
    if spy_squares and rng.random() < 0.7:  # the Spy by the General, watching for the enemy Marshal
        placed[rng.choice(spy_squares)] = Piece.SPY
    else:
        put(Piece.SPY, lambda i: (1.0, 1.0, 0.6, 0.2)[depth(player, i)])
    army = list(ARMY)
    for piece in placed.values():
        army.remove(piece)
    for piece, weights in _DEPTHS:
        lanes = piece is Piece.SCOUT  # Scouts in the lanes, to run out along them

        def weight(i: int, weights: tuple[float, ...] = weights, lanes: bool = lanes) -> float:
            lane = (1.5 if SQUARES[i].column in LANES else 0.5) if lanes else 1.0
            return weights[depth(player, i)] * lane

        for _ in range(army.count(piece)):
            put(piece, weight)
    assert len(placed) == len(home) == len(ARMY)
    return Setup(tuple((SQUARES[i], piece) for i, piece in placed.items()))


def _flag_works(player: Player, rng: random.Random, placed: dict[int, Piece], home: list[int]) -> set[int]:
    """The Flag and the eight Minefields: the Flag in the back row (a corner one time in three)
    or the row before, its sides Minefields; the Minefields left make a decoy or stand scattered
    (:func:`_other_minefields`), so that the cluster of still pieces round the Flag is not the
    only one. Returns the Flag's works: the Minefields on its sides."""
    if rng.random() < 0.8:
        back = [i for i in home if depth(player, i) == 0]
        corners = [i for i in back if SQUARES[i].column in (0, 9)]
        flag = rng.choice(corners if rng.random() < 0.35 else back)
    else:
        flag = rng.choice([i for i in home if depth(player, i) == 1])
    placed[flag] = Piece.FLAG
    ring = list(SIDES[flag])
    for side in ring:
        placed[side] = Piece.MINEFIELD
    _other_minefields(player, rng, placed, home, 8 - len(ring))
    return set(ring)


def _other_minefields(player: Player, rng: random.Random, placed: dict[int, Piece], home: list[int],
                      count: int) -> None:
    """The Minefields the Flag's works leave: a decoy (a square of the two back rows closed like
    the Flag's, its middle left to any piece) when enough are left, the rest scattered, at most
    two in the front row."""
    def open_square(i: int) -> bool:
        return i not in placed

    decoys = [i for i in home if depth(player, i) <= 1 and open_square(i)
              and all(open_square(s) for s in SIDES[i]) and 2 <= len(SIDES[i]) <= count]
    if decoys and rng.random() < 0.8:
        centre = rng.choice(decoys)
        for side in SIDES[centre]:
            placed[side] = Piece.MINEFIELD
        count -= len(SIDES[centre])
    front = sum(1 for i, p in placed.items() if p is Piece.MINEFIELD and depth(player, i) == 3)
    while count > 0:
        squares = [i for i in home if open_square(i) and (front < 2 or depth(player, i) < 3)]
        weights = [(1.2, 1.0, 0.8, 0.6)[depth(player, i)] for i in squares]
        chosen = rng.choices(squares, weights)[0]
        placed[chosen] = Piece.MINEFIELD
        front += depth(player, chosen) == 3
        count -= 1


def _loose(player: Player, rng: random.Random) -> Setup:
    """Easy's setup: the Flag in the two back rows, each side neighbour a Minefield more often
    than not, everything else shuffled."""
    home = [sq.index for sq in home_squares(player)]
    flag = rng.choice([i for i in home if depth(player, i) <= 1])
    placed = {flag: Piece.FLAG}
    mines = [s for s in SIDES[flag] if rng.random() < 0.6]
    for side in mines:
        placed[side] = Piece.MINEFIELD
    army = list(ARMY)
    army.remove(Piece.FLAG)
    for _ in mines:
        army.remove(Piece.MINEFIELD)
    rng.shuffle(army)
    rest = [i for i in home if i not in placed]
    placed.update(zip(rest, army))
    return Setup(tuple((SQUARES[i], piece) for i, piece in placed.items()))
