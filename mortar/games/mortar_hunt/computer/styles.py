"""How an enemy moves between the rows of its half: the belief's *styles* (issue 34).

A player who hides keeps its pieces in its own back row: a square there can be shelled only
from the enemy's front row at the longest range, and a piece there turns in place rather than
step forward. A belief that moves the enemy's pieces uniformly over their R5 ends spreads them
forward instead, and rates the back row cold while most pieces stand in it. So the belief
(:mod:`.belief`) carries a style in each joint guess: with the style's chance, a moving piece
ends in each row with a weight that depends on the row it left, and a fresh guess stands in
each row with the style's share. Which style the enemy plays is part of the hidden state: the
guesses whose style explains the shots and the misses survive, so the belief learns it as the
game goes.

The numbers are fitted from play by ``tools/fit_styles.py`` (a choice model over the R5 ends'
rows, per row moved from; where the pieces stood) and checked by ``tools/calibration.py`` (a
square rated 30 % holds a piece about 30 % of the time, row by row). Rows are counted from the
enemy's own back row: 0 back, 3 front.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Rows = tuple[float, float, float, float]


@dataclass(frozen=True)
class Style:
    """One way of moving (see the module doc)."""

    name: str
    share: float  # the prior chance that the enemy plays so
    fires: float  # the chance that it fires on a turn it could skip
    rows: Rows  # where its pieces stand, back row first: a fresh guess's row weights
    moves: tuple[Rows, Rows, Rows, Rows]  # per row moved from: the weight of each row moved to
    mover: float = 0.8  # the chance that the piece that fires is the one that moved
    aims: tuple[Rows, Rows, Rows, Rows] = ((1.0,) * 4,) * 4  # per row: where it fires from


UNIFORM = Style("uniform", 1.0, 0.8, (1.0, 1.0, 1.0, 1.0), ((1.0,) * 4,) * 4)

# tools/fit_styles.py, 20 games a player against hard (classic, 28 turns): the hiders of its
# references (tools/hider.py: hider and stalker), the hunters (hard, the one-exchange and the
# determinized references), the loose players (medium, easy, random)
STYLES = (
    Style("hider", share=0.4, fires=0.95, rows=(0.8, 0.12, 0.05, 0.03),
          moves=((1.0, 0.28, 0.09, 0.02), (1.0, 0.02, 0.02, 0.02), (1.0, 0.27, 0.02, 0.02),
                 (1.0, 1.0, 1.0, 0.02)),
          mover=0.51,
          aims=((1.0, 0.06, 0.02, 0.02), (1.0, 0.28, 0.02, 0.02), (1.0, 1.0, 0.54, 0.02),
                (1.0, 1.0, 1.0, 1.0))),
    Style("hunter", share=0.4, fires=0.94, rows=(0.24, 0.22, 0.23, 0.31),
          moves=((0.68, 0.93, 1.0, 0.25), (1.0, 0.12, 0.16, 0.15), (0.69, 1.0, 0.2, 0.22),
                 (1.0, 0.27, 0.17, 0.05)),
          mover=0.68,
          aims=((1.0, 0.07, 0.04, 0.02), (1.0, 0.1, 0.02, 0.02), (1.0, 1.0, 0.69, 0.33),
                (1.0, 1.0, 1.0, 1.0))),
    Style("loose", share=0.2, fires=0.68, rows=(0.17, 0.18, 0.25, 0.4),
          moves=((0.46, 0.48, 0.65, 1.0), (0.44, 0.61, 1.0, 0.94), (1.0, 0.69, 0.71, 0.91),
                 (0.75, 0.72, 1.0, 0.68)),
          mover=0.63,
          aims=((1.0, 0.17, 0.29, 0.25), (0.2, 0.85, 0.61, 1.0), (1.0, 0.43, 1.0, 0.86),
                (1.0, 1.0, 1.0, 1.0))),
)


@cache
def row_of(player: str) -> tuple[int, ...]:
    """Per square index: its row counted from ``player``'s back row (0-3; -1 off the half)."""
    out = []
    for square in range(108):
        row = square // 12
        depth = row if player == "A" else 8 - row
        out.append(depth if 0 <= depth <= 3 and row != 4 else -1)
    return tuple(out)
