"""The computer's setups (R4): 40 pieces on its home rows, placed as a careful player would.

The Flag goes to the back row (often a corner) or just before it, its side neighbours all
Minefields (R10: a Flag surrounded so is safe from everything but a Miner); the other
Minefields make a decoy or close a square or two elsewhere, never more than two of them in the
front row (the army must get out). Miners stay back for the end game; Scouts stand forward in the
three lanes through no-man's-land; the Spy stands by the General, which it guards against the
enemy Marshal; the strong pieces in the middle rows. Every choice is drawn from the seeded
generator, so setups vary. ``easy`` is looser: a Flag at the back, some Minefields by it, the rest
anywhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mortar.games.marsal_a_spion.actions import Setup
from mortar.games.marsal_a_spion.board import SQUARES, Player, home_squares
from mortar.games.marsal_a_spion.pieces import ARMY, Piece

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

    def at(d: int) -> Callable[[int], bool]:
        return lambda i: depth(player, i) == d

    # The Flag: the back row three times in four (a corner one time in three), else the next row.
    if rng.random() < 0.75:
        corners = [i for i in free(at(0)) if SQUARES[i].column in (0, 9)]
        flag = rng.choice(corners if rng.random() < 0.35 else free(at(0)))
    else:
        flag = rng.choice(free(at(1)))
    placed[flag] = Piece.FLAG
    for side in SIDES[flag]:
        placed[side] = Piece.MINEFIELD
    _other_minefields(player, rng, placed, home, 8 - len(SIDES[flag]))

    general = put(Piece.GENERAL, lambda i: (0.2, 1.0, 1.5, 0.5)[depth(player, i)])
    spy_squares = [i for i in AROUND[general] if i in home and i not in placed]
    if spy_squares:  # the Spy by the General, watching for the enemy Marshal
        placed[rng.choice(spy_squares)] = Piece.SPY
    else:
        put(Piece.SPY, lambda i: (1.0, 1.0, 0.5, 0.2)[depth(player, i)])
    for piece, weights in _DEPTHS:
        lanes = piece is Piece.SCOUT  # Scouts in the lanes, to run out along them

        def weight(i: int, weights: tuple[float, ...] = weights, lanes: bool = lanes) -> float:
            lane = (1.5 if SQUARES[i].column in LANES else 0.5) if lanes else 1.0
            return weights[depth(player, i)] * lane

        for _ in range(piece.count):
            put(piece, weight)
    assert len(placed) == len(home) == len(ARMY)
    return Setup(tuple((SQUARES[i], piece) for i, piece in placed.items()))


def _other_minefields(player: Player, rng: random.Random, placed: dict[int, Piece], home: list[int],
                      count: int) -> None:
    """The Minefields the Flag does not need: a decoy (a back-row square closed like the Flag's)
    half the time, the rest scattered, at most two in the front row."""
    def open_square(i: int) -> bool:
        return i not in placed

    if count >= 2 and rng.random() < 0.5:
        decoys = [i for i in home if depth(player, i) == 0 and open_square(i)
                  and all(open_square(s) for s in SIDES[i]) and len(SIDES[i]) <= count]
        if decoys:
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
