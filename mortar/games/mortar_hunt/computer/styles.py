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

A style also says where its shots land (a turtle can only reach the observer's front row), which
tells the styles apart over the whole game: the belief's window (:mod:`.model`) starts from the
styles that the shots before it make likely.

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
    targets: Rows = (0.25, 0.25, 0.25, 0.25)  # where its shots land: rows of the observer's half


UNIFORM = Style("uniform", 1.0, 0.8, (1.0, 1.0, 1.0, 1.0), ((1.0,) * 4,) * 4)

# tools/fit_styles.py, 20 games a player against hard (classic, 28 turns): the turtle of the
# references that keep to their back row (tools/hider.py: hider and warden), the hider of the
# one that comes forward to fire (stalker), the hunters (hard before issue 34, the one-exchange
# and the determinized references), the loose players (medium, easy, random)
STYLES = (
    Style("turtle", share=0.25, fires=0.85, rows=(0.87, 0.08, 0.03, 0.02),
          moves=((1.0, 0.12, 0.02, 0.02), (1.0, 0.02, 0.02, 0.02), (1.0, 0.33, 0.02, 0.02),
                 (1.0, 1.0, 1.0, 0.02)),
          mover=0.49,
          aims=((1.0, 0.05, 0.02, 0.02), (0.93, 1.0, 0.02, 0.02), (1.0, 1.0, 0.09, 0.02),
                (1.0, 1.0, 1.0, 1.0)),
          targets=(0.02, 0.05, 0.13, 0.8)),
    Style("hider", share=0.2, fires=0.98, rows=(0.7, 0.19, 0.07, 0.03),
          moves=((1.0, 0.46, 0.12, 0.02), (1.0, 0.02, 0.02, 0.02), (1.0, 0.2, 0.02, 0.02),
                 (1.0, 1.0, 1.0, 0.02)),
          mover=0.6,
          aims=((1.0, 0.08, 0.02, 0.02), (1.0, 0.12, 0.03, 0.02), (1.0, 1.0, 0.09, 0.02),
                (1.0, 1.0, 1.0, 1.0)),
          targets=(0.05, 0.1, 0.25, 0.6)),
    Style("hunter", share=0.35, fires=0.94, rows=(0.26, 0.21, 0.16, 0.37),
          moves=((0.87, 1.0, 0.73, 0.63), (1.0, 0.11, 0.1, 0.18), (1.0, 0.83, 0.1, 0.16),
                 (1.0, 0.2, 0.21, 0.1)),
          mover=0.66,
          aims=((1.0, 0.17, 0.06, 0.16), (1.0, 0.11, 0.05, 0.09), (1.0, 1.0, 0.17, 0.14),
                (1.0, 1.0, 1.0, 1.0)),
          targets=(0.2, 0.25, 0.25, 0.3)),
    Style("loose", share=0.2, fires=0.7, rows=(0.16, 0.2, 0.27, 0.38),
          moves=((0.25, 0.3, 0.39, 1.0), (0.49, 0.63, 0.85, 1.0), (0.32, 0.81, 0.63, 1.0),
                 (1.0, 0.33, 0.62, 0.38)),
          mover=0.62,
          aims=((0.14, 0.2, 0.19, 1.0), (0.19, 1.0, 0.38, 0.41), (1.0, 1.0, 0.27, 0.33),
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
