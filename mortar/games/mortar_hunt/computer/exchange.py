"""One exchange: how a turn is scored by the hard level (and the references in tools/).

A turn is worth its **win chance**: my shot hits with the believed chance ``h`` (the heat at its
target), then the enemy answers and finds one of my pieces with chance ``r`` (its belief about
my pieces after this turn's shot, where it can reach, my pieces' squares after this move), and
the game goes on as a *race*: from each piece count and the turns left, both sides hitting at a
typical rate per turn (:func:`race`). So a hit is worth more when it ends the game or a lead
decides the turn limit, and a risk weighs more when a loss would.
"""

from __future__ import annotations

from functools import lru_cache

NO_LIMIT = 40  # turns left assumed without a turn limit (far enough that it rarely matters)


@lru_cache(maxsize=1 << 17)  # a few hit rates' tables (each up to 4 x 4 x 40 x 40 entries)
def race(mine: int, theirs: int, my_turns: int, their_turns: int, p: float, q: float) -> float:
    """My chance to win (a draw counts half) with ``mine`` and ``theirs`` live pieces, me to
    play ``my_turns`` more turns and the enemy ``their_turns`` (it plays after each of mine),
    each turn hitting with chance ``p`` (mine) and ``q`` (theirs)."""
    if theirs == 0:
        return 1.0
    if mine == 0:
        return 0.0
    if my_turns == 0 and their_turns == 0:
        return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    if my_turns == 0:  # the enemy's last turn
        return (q * race(mine - 1, theirs, 0, their_turns - 1, p, q)
                + (1 - q) * race(mine, theirs, 0, their_turns - 1, p, q))
    return (p * answer(mine, theirs - 1, my_turns - 1, their_turns, p, q)
            + (1 - p) * answer(mine, theirs, my_turns - 1, their_turns, p, q))


def answer(mine: int, theirs: int, my_turns: int, their_turns: int, p: float, q: float,
           r: float | None = None) -> float:
    """My chance to win just after my turn, the enemy to answer (hitting with chance ``r``,
    or ``q`` by default) unless it has no piece or no turn left."""
    if theirs == 0:
        return 1.0
    if their_turns == 0:
        return race(mine, theirs, my_turns, 0, p, q)
    r = q if r is None else r
    return (r * race(mine - 1, theirs, my_turns, their_turns - 1, p, q)
            + (1 - r) * race(mine, theirs, my_turns, their_turns - 1, p, q))


def turns_left(player: str, turn: int, limit: int | None) -> tuple[int, int]:
    """My turns from this one on, and the enemy's after this one of mine (A plays first)."""
    if limit is None:
        return NO_LIMIT, NO_LIMIT
    mine = max(1, limit - turn + 1)
    return mine, max(0, mine - 1 if player == "B" else mine)
