"""A :class:`~.belief.Belief`'s draws: a weighted pick, an end, and those that keep the truth
among the guesses (its module doc: renewed, lost, repaired, roughened)."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .movetables import square_of, weighted_ends
from .styles import row_of

if TYPE_CHECKING:
    from .belief import Belief, Particle

SHY = 4.0  # with evasion, an end is taken with chance (1 - heat there) ** SHY (then redrawn)


def pick(rng: random.Random, weights: list[float], total: float) -> int:
    u = rng.random() * total
    for i, w in enumerate(weights):
        u -= w
        if u < 0.0:
            return i
    return max(i for i, w in enumerate(weights) if w > 0.0)


def draw_end(rng: random.Random, ends: tuple[int, ...], barred: Iterable[int],
              heat: list[float] | None = None, cumulative: list[float] | None = None) -> int | None:
    """An end whose square is not ``barred`` (few are: rejection sampling): uniform, or in
    proportion to the ``cumulative`` weights, and with ``heat`` shy of the squares the observer
    believes hot."""
    if not ends:
        return None
    barred = set(barred)
    last = len(ends) - 1
    for _ in range(8):
        if cumulative is None:
            e = ends[rng.randrange(len(ends))]
        else:
            e = ends[min(bisect_right(cumulative, rng.random() * cumulative[-1]), last)]
        if square_of(e) not in barred and (heat is None or rng.random() < (1.0 - heat[square_of(e)]) ** SHY):
            return e
    allowed = [i for i, e in enumerate(ends) if square_of(e) not in barred]
    if not allowed:
        return None
    if cumulative is None:
        return ends[allowed[rng.randrange(len(allowed))]]
    weights = [cumulative[i] - (cumulative[i - 1] if i else 0.0) for i in allowed]
    return ends[allowed[pick(rng, weights, sum(weights))]]


def styled_squares(rng: random.Random, belief: Belief, style: int, free: list[int], count: int) -> list[int]:
    """``count`` distinct squares of ``free``, in proportion to the weight ``style`` gives their rows."""
    rows, weight = row_of(belief.observed), belief.kinds[style].rows
    cumulative, acc = [], 0.0
    for q in free:
        acc += weight[rows[q]]
        cumulative.append(acc)
    squares: list[int] = []
    while len(squares) < count:
        q = free[min(bisect_right(cumulative, rng.random() * acc), len(free) - 1)]
        if q not in squares:
            squares.append(q)
    return squares


def lost(belief: Belief, rng: random.Random, parts: Particle, shooter: int, origins: list[int],
          style: int) -> Particle:
    """The guess with its shooter put afresh on a square the shot could come from, in the
    rows its style keeps its pieces: a careful enemy fires from where the observer least
    expects it, so a guess that tracked the shooter rates one origin far above what it holds
    (tools/calibration.py: the top origin rated 51 %, held 6 %)."""
    others = {square_of(s) for n, s in enumerate(parts) if n != shooter}
    choices = [o for o in origins if square_of(o) not in others]
    if not choices:
        return parts
    rows, weight = row_of(belief.observed), belief.kinds[style].rows
    chances = [weight[rows[square_of(o)]] for o in choices]
    return parts[:shooter] + (choices[pick(rng, chances, sum(chances))],) + parts[shooter + 1:]


def renewed(belief: Belief, rng: random.Random, parts: Particle, shot: int | None, style: int) -> Particle:
    """One piece guessed afresh (a free square in the rows of ``style``, any facing and
    type), unless it is the only one that explains ``shot``: it keeps the filter from losing
    the truth for good."""
    i = rng.randrange(len(parts))
    masks = belief.table().masks
    if shot is not None and not any(masks[s] >> shot & 1 for j, s in enumerate(parts) if j != i):
        return parts
    taken = {square_of(s) for s in parts}
    free = [q for q in belief.free_squares() if q not in taken]
    if not free:
        return parts
    return parts[:i] + (belief.guessed(rng, styled_squares(rng, belief, style, free, 1)[0]),) + parts[i + 1:]


def repaired(belief: Belief, rng: random.Random, shot: int | None) -> list[Particle]:
    """Put one piece of each particle (the shooter) on a free origin of ``shot``."""
    table = belief.table()
    origins = belief.origins(shot)
    out = []
    for parts in belief.particles:
        k = len(parts)
        i = rng.randrange(k)
        others = {square_of(s) for j, s in enumerate(parts) if j != i}
        choices = [o for o in origins if square_of(o) not in others]
        end = (choices[rng.randrange(len(choices))] if choices
               else draw_end(rng, table.ends(parts[i]), others))
        out.append(parts[:i] + (end if end is not None else parts[i],) + parts[i + 1:])
    return out


def roughened(belief: Belief, rng: random.Random, parts: Particle, style: int) -> Particle:
    """A copy made by resampling, one piece moved once more (roughening): where a piece
    stood still in every surviving guess the copies would otherwise never differ, and the
    belief would grow sure of it without a reason. The piece that explains the latest shot
    keeps its place."""
    table = belief.table()
    masks = table.masks
    shot = belief.last_shot
    free = [i for i, s in enumerate(parts) if shot is None or not masks[s] >> shot & 1]
    if not free:
        return parts
    i = free[rng.randrange(len(free))]
    others = [square_of(s) for j, s in enumerate(parts) if j != i]
    kind = belief.kinds[style]
    ends, cumulative = weighted_ends(table, kind, table.styled(kind), parts[i], row_of(belief.observed))
    end = draw_end(rng, ends, others, None, cumulative)
    return parts if end is None else parts[:i] + (end,) + parts[i + 1:]
