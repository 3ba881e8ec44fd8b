"""The computer of Enlightenment: the kit's search (:mod:`mortar.kit.search`) with this game's
evaluation and move ordering (RULINGS EN1–EN7), on packed positions (:mod:`.packed`).

The evaluation, in the game's words, for the player to move against the other:

* **enlightened pieces** (EN5), the most of it: a win needs all eight;
* **on the edge**: an enlightened piece on the edge is where the win wants it (EN6); one inside
  pays for the steps back to the edge;
* **the centre's access**: a plain piece that could step onto an empty c3 next move, or jump
  over an enlightened piece (orthogonally, to an empty square), is half enlightened;
* **the way in**: a plain piece's distance to the centre, a little, so that pieces drift
  towards it.

**Chains** need no term of their own: a move is a whole jump sequence (EN4), so one ply of the
search already weighs every chain; the move order tries the moves that enlighten first (those
that land on the edge, finished, before the others). What swings the position is a lamp: hard
searches the moves that enlighten a piece two plies past its depth (quiescence, :meth:`noisy`),
and late moves a ply shallower first (principal variation search with late-move reductions).
Measured at equal nodes (pairs of games, the sides swapped; ``tools/duel_karo.py``; with the
fitted variant's evaluation below), quiescence scored 70 % (57–83, 20 pairs) against the search
without it, and the reductions 75 % (59–91, 10 pairs) against quiescence alone; hard with both
scored 62.5 % (49.0–76.0, 20 pairs) against the hard before them at equal nodes (at a third more
CPU time: 24.5 against 18.9 ms a decision). The win (EN6) is found by the search itself.

**Hard's budget** is 10,000 nodes (2,500 before issue 33's second round): depth 5 (median), 88 ms
a decision in CPython, 236 ms (worst 339 ms) in Pyodide, inside the page's 300 ms median
(``tools/bench_karo_ai.py times``). Against the ``ab`` reference at 150 ms a decision (issue 33's
measure) it scored 82.9 % (77.5–88.3, 60 pairs; 29 of its 120 games drawn by repetition, 6 lost),
where 2,500 nodes scored 78.3 % (30 pairs); against ``ab`` at equal time (88 ms) 98.8 % (20 pairs).

**Hard plays on rather than repeat** (:attr:`Level.contempt`, 40: a draw is worth to it a little
less than an even position). Its draws by repetition against ``ab`` were not won positions let
go: the last plain pieces of both players lock each other on the edge (each needs the square the
other stands on, and whichever moves first loses the race), the evaluation sees them even, and
both shuffled to the third repetition. With contempt hard keeps finding other moves instead, and
gives the other player the chances to go wrong that a repetition takes away: against ``ab`` at
150 ms it scored 91.7 % (88.2–95.2, 120 pairs at seed 1: 219 won, 2 drawn, 19 lost; 238 games
ended with all pieces enlightened, 2 by repetition; 59.9 turns on average, the longest 313), where
the same pairs without it scored 87.5 % over the first 16 (26 won, 4 drawn, 2 lost: the draws and
one loss all in one opening, hard second). Against medium 96.7 % (92.8–100, 30 pairs); against
``ab`` at equal time (86 ms) 90.0 % (76.9–100, 10 pairs).
Contempt 100 scored 90 % (10 pairs). At the same nodes it costs no time (the draw is scored where
it was). A race term for the ending (the moves each player still needs once four plain pieces or
fewer are left, 30 a move) scored 72.5 % (10 pairs): not kept.

**The fitted variant** (:class:`Weights`, ``VARIANTS["fitted"]``) weighs each piece by where it
stands on its way (done, enlightened off the edge, ready to be enlightened next move — on the edge
or not —, beside a lamp, far), and the moves the slowest piece still needs; its weights were
fitted to game results (``tools/fit_enlightenment.py``: a logistic regression over 3,800
positions of games between hard and the ``ab`` reference from the three layouts). It predicts
results better but played no better: 47.5 % against this evaluation at equal nodes (10 pairs),
32.5 % with quiescence (10 pairs), so it is not the game's.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from mortar.kit.search import Level, Model
from mortar.kit.searchcomputer import SearchComputer, page_clock
from mortar.kit.turns import Player

from .actions import Termination
from .board import CENTRE, EDGE_INDEXES, JUMPS, NEIGHBOURS, SQUARES, Square, is_step
from .packed import BITS, C3_BIT, EDGE, FULL, LIT_MOVE, RING, WAS_LIT, Packed

LIT = 150  # an enlightened piece
LIT_ON_EDGE = 40  # an enlightened piece on the edge
OFF_EDGE = 35  # a step an enlightened piece still has to make back to the edge
ACCESS = 45  # a plain piece that can become enlightened next move
NEAR = 8  # a step of a plain piece towards the centre



@dataclass(frozen=True)
class Weights:
    """The fitted evaluation's weights (a variant, measured and not kept: the module docstring), a
    piece's worth by where it stands on its way (a plain piece on the edge with no lamp near is
    worth nothing), in units where a clear step of progress is about 100."""

    done: int = 250  # enlightened on the edge
    lit_ring: int = 186  # enlightened, a step from the edge
    lit_centre: int = 161  # enlightened on c3, two steps from the edge
    ready_edge: int = 183  # plain, a jump over a lamp now lands it on the edge
    ready: int = 105  # plain, enlightened next move (a jump over a lamp, a step onto c3)
    near: int = 11  # plain, beside a lamp (as is every plain piece round the centre not ready)
    laggard: int = -112  # a move the player's slowest piece still needs
    tempo: int = 42  # the player to move


FITTED = Weights()
TERMS = tuple(f.name for f in fields(Weights) if f.name != "tempo")

RED = Player.RED
C3 = CENTRE.index
COLUMNS = tuple(sq.column for sq in SQUARES)
ROWS = tuple(sq.row for sq in SQUARES)
TO_EDGE = tuple(min(c, 4 - c, r - 1, 5 - r) for c, r in zip(COLUMNS, ROWS))
TO_CENTRE = tuple(max(abs(c - 2), abs(r - 3)) for c, r in zip(COLUMNS, ROWS))
CENTRE_NEIGHBOURS = frozenset(NEIGHBOURS[C3])


def side(cells: Sequence[Any], player: Player) -> int:
    """What ``player``'s pieces are worth on their own."""
    score = 0
    centre_empty = cells[C3] is None
    for i, piece in enumerate(cells):
        if piece is None or piece.player is not player:
            continue
        if piece.enlightened:
            score += LIT
            if i in EDGE_INDEXES:
                score += LIT_ON_EDGE
            else:
                score -= OFF_EDGE * TO_EDGE[i]
            continue
        score -= NEAR * TO_CENTRE[i]
        if centre_empty and i in CENTRE_NEIGHBOURS:
            score += ACCESS
            continue
        for over, land in JUMPS[i]:
            lit = cells[over]
            if lit is not None and lit.enlightened and cells[land] is None:
                score += ACCESS
                break
    return score


def evaluate(position: Any) -> int:
    """The position's worth to the player to move (the module docstring), on the rules' cells."""
    cells, me = position.cells, position.to_play
    return side(cells, me) - side(cells, me.opponent)

# Squares from which an orthogonal jump stays on the board: east, west, north, south.
_EAST = sum(1 << sq.index for sq in SQUARES if sq.column <= 2)
_WEST = sum(1 << sq.index for sq in SQUARES if sq.column >= 2)
_NORTH = sum(1 << sq.index for sq in SQUARES if sq.row <= 3)
_SOUTH = sum(1 << sq.index for sq in SQUARES if sq.row >= 3)
_NOT_A = sum(1 << sq.index for sq in SQUARES if sq.column > 0)  # squares with a west neighbour
_NOT_E = sum(1 << sq.index for sq in SQUARES if sq.column < 4)


def jumpers(pieces: int, over: int, empty: int) -> int:
    """The ``pieces`` that could jump (orthogonally) over a piece of ``over`` to an empty
    square, as bits."""
    return pieces & ((_EAST & over >> 1 & empty >> 2) | (_WEST & over << 1 & empty << 2)
                     | (_NORTH & over >> 5 & empty >> 10) | (_SOUTH & over << 5 & empty << 10))


def around(squares: int) -> int:
    """The squares beside any of ``squares`` (eight directions), as bits."""
    row = squares | (squares & _NOT_E) << 1 | (squares & _NOT_A) >> 1
    return (row | row << 5 | row >> 5) & FULL


def terms(own: int, lit: int, empty: int) -> tuple[int, ...]:
    """The counts of one player's pieces by where they stand (:class:`Weights`, in its order):
    ``own`` his pieces, ``lit`` every enlightened piece, ``empty`` the empty squares."""
    shining, plain = own & lit, own & ~lit
    ready_edge = jumpers(plain, lit, empty & EDGE)
    ready = jumpers(plain, lit, empty) & ~ready_edge
    if empty & C3_BIT:
        ready |= plain & RING & ~ready_edge
    rest = plain & ~ready_edge & ~ready
    near = rest & around(lit)
    laggard = (4 if rest & ~near else 2 if (near or ready or shining & C3_BIT)
               else 1 if (ready_edge or shining & RING) else 0)
    return ((shining & EDGE).bit_count(), (shining & RING).bit_count(), (shining & C3_BIT).bit_count(),
            ready_edge.bit_count(), ready.bit_count(), near.bit_count(), laggard)


def fitted_side(own: int, lit: int, empty: int, w: Weights = FITTED) -> int:
    """What one player's pieces are worth: :func:`terms` weighed (a variant for the duels, never
    a level's: counted once, in :func:`terms`)."""
    return sum(getattr(w, name) * count for name, count in zip(TERMS, terms(own, lit, empty)))


def fitted_evaluate(position: Packed, w: Weights = FITTED) -> int:
    """The fitted variant's worth of the position to the player to move."""
    red, white, lit = position.red, position.white, position.lit
    empty = FULL & ~(red | white)
    score = fitted_side(red, lit, empty, w) - fitted_side(white, lit, empty, w)
    return w.tempo + (score if position.to_play is RED else -score)


def packed_side(own: int, lit: int, empty: int) -> int:
    """:func:`side` on bit masks: ``own`` the player's pieces, ``lit`` every enlightened piece."""
    shining, plain = own & lit, own & ~lit
    score = (LIT * shining.bit_count() + LIT_ON_EDGE * (shining & EDGE).bit_count()
             - OFF_EDGE * ((shining & RING).bit_count() + 2 * (shining & C3_BIT).bit_count())
             - NEAR * ((plain & RING).bit_count() + 2 * (plain & EDGE).bit_count()))
    access = jumpers(plain, lit, empty)
    if empty & C3_BIT:
        access |= plain & RING
    return score + ACCESS * access.bit_count()


def packed_evaluate(position: Packed, finish: int = 0) -> int:
    """:func:`evaluate` on packed positions (``finish``: a bonus for a last piece that can finish now)."""
    red, white, lit = position.red, position.white, position.lit
    empty = FULL & ~(red | white)
    score = packed_side(red, lit, empty) - packed_side(white, lit, empty)
    score = score if position.to_play is RED else -score
    if finish:
        last = (red if position.to_play is RED else white) & ~(lit & EDGE)
        if last and not last & (last - 1) and position.finishes(last):
            score += finish  # one piece left, and it can finish now: the player to move wins
    return score


# The move order's worth of every move (its int, :mod:`.packed`): a move that enlightens first
# (one that lands on the edge, finished, before the others), then an enlightened piece towards
# the edge, then a plain one towards the centre.
PROMISE = tuple(
    0 if (m >> 5) & 31 >= 25 or m & 31 >= 25
    else 10 * (TO_EDGE[m & 31] - TO_EDGE[(m >> 5) & 31]) if m & WAS_LIT
    else 100 - 10 * TO_EDGE[(m >> 5) & 31] if m & LIT_MOVE else TO_CENTRE[m & 31] - TO_CENTRE[(m >> 5) & 31]
    for m in range(1 << 12))


class EnlightenmentModel(Model[Packed]):
    """Enlightenment for the kit's search, on packed positions (:mod:`.packed`)."""

    slice_nodes = 100

    def prepare(self, position: Any) -> Packed:
        if isinstance(position, Packed):
            return position
        return Packed.of(position.cells, position.to_play)

    def inner(self, position: Any, prepared: Packed, action: Any) -> int:
        path = action.path
        start, end = path[0].index, path[-1].index
        was = bool(prepared.lit & BITS[start])
        lit = LIT_MOVE if was or lights(position.cells, path) else 0
        return int(start | end << 5 | lit | (WAS_LIT if was else 0))

    def keys(self, seen: frozenset[Hashable]) -> frozenset[Hashable]:
        pairs: Any = seen  # the rules' keys: (cells, the player to move)
        return frozenset((Packed.of(cells, to_play).key(), to_play) for cells, to_play in pairs)

    def evaluate(self, position: Packed) -> int:
        return packed_evaluate(position)

    def actions(self, position: Packed, ply: int) -> list[int]:
        return position.moves()

    def child(self, position: Packed, action: int) -> Packed:
        return position.play(action)

    def winner(self, position: Packed, mover: Player) -> tuple[Player, Any] | None:
        return (mover, Termination.ENLIGHTENED) if position.won(mover) else None

    def order(self, position: Packed, actions: Sequence[int], ply: int) -> list[int]:
        """Moves that enlighten first, then enlightened pieces reaching the edge, then the rest."""
        return sorted(actions, key=lambda m: -PROMISE[m])

    def noisy(self, position: Packed, ply: int) -> list[int]:
        """The moves that enlighten a piece (the swing of a lamp), and the winning ones; looked
        for only where a first jump or a step could enlighten, or one piece is left to finish."""
        red, white, lit = position.red, position.white, position.lit
        own = red if position.to_play is RED else white
        plain = own & ~lit
        empty = FULL & ~(red | white)
        unfinished = own & ~(lit & EDGE)
        last = not unfinished & (unfinished - 1)  # (one piece left to finish)
        if not (last or jumpers(plain, lit, empty) or (empty & C3_BIT and plain & RING)):
            return []
        moves = [m for m in position.moves()
                 if (m & LIT_MOVE and not m & WAS_LIT)
                 or (last and m & LIT_MOVE and BITS[(m >> 5) & 31] & EDGE)]
        moves.sort(key=lambda m: -PROMISE[m])
        return moves


def lights(cells: Sequence[Any], path: Sequence[Square]) -> bool:
    """Whether the plain piece moving along ``path`` ends enlightened (EN5): it reaches c3, or
    jumps over an enlightened piece."""
    if len(path) == 2 and is_step(path[0], path[1]):
        return path[1].index == C3
    for a, b in zip(path, path[1:]):
        over = cells[(a.index + b.index) // 2]
        if b.index == C3 or (over is not None and over.enlightened):
            return True
    return False


class Fitted(EnlightenmentModel):
    """The fitted evaluation (:class:`Weights`), a variant."""

    def __init__(self, weights: Weights = FITTED) -> None:
        self.weights = weights

    def evaluate(self, position: Packed) -> int:
        return fitted_evaluate(position, self.weights)


class Finish(EnlightenmentModel):
    """The evaluation with a bonus for a last piece that can finish now, a variant."""

    def evaluate(self, position: Packed) -> int:
        return packed_evaluate(position, 3000)


MODEL = EnlightenmentModel()
VARIANTS: dict[str, EnlightenmentModel] = {"fitted": Fitted(), "finish": Finish()}

LEVELS = {
    "easy": Level(depth=1, nodes=400, noise=150, blunder=0.15),
    "medium": Level(depth=2, nodes=400),
    "hard": Level(depth=12, nodes=10000, quiescence=2, pvs=True, reduce=4, contempt=40),
}


def computer(level: str, seed: int | str) -> SearchComputer[Packed]:
    return SearchComputer(MODEL, level, LEVELS[level], seed, clock=page_clock())
