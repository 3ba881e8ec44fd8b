"""The computer of Enlightenment: the kit's search (:mod:`mortar.kit.search`) with this game's
evaluation and move ordering (RULINGS EN1–EN7).

The evaluation, in the game's words, for the player to move against the other:

* **enlightened pieces** (EN5), the most of it: a win needs all eight;
* **on the edge**: an enlightened piece on the edge is where the win wants it (EN6); one inside
  pays for the steps back to the edge;
* **the centre's access**: a plain piece that could step onto an empty c3 next move, or jump
  over an enlightened piece (orthogonally, to an empty square), is half enlightened;
* **the way in**: a plain piece's distance to the centre, a little, so that pieces drift
  towards it.

**Chains** need no term of their own: a move is a whole jump sequence (EN4), so one ply of the
search already weighs every chain, its landings on c3 and its jumps over enlightened pieces; the
move order tries the moves that enlighten first. The win (EN6) is found by the search itself
(``Position.winner``). ``VARIANTS`` holds evaluations measured and not kept (a race of the moves
each side still needs, alone or mixed in).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mortar.kit.search import Level, Model, SearchComputer
from mortar.kit.turns import Player

from .actions import Move
from .board import CENTRE, EDGE_INDEXES, JUMPS, NEIGHBOURS, PIECES, SQUARES, Square
from .position import Position

LIT = 150  # an enlightened piece
LIT_ON_EDGE = 40  # an enlightened piece on the edge
OFF_EDGE = 35  # a step an enlightened piece still has to make back to the edge
ACCESS = 45  # a plain piece that can become enlightened next move
NEAR = 8  # a step of a plain piece towards the centre

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


def evaluate(position: Position) -> int:
    cells, me = position.cells, position.to_play
    return side(cells, me) - side(cells, me.opponent)


class EnlightenmentModel(Model[Position]):
    """Enlightenment for the kit's search."""

    slice_nodes = 100

    def evaluate(self, position: Position) -> int:
        return evaluate(position)

    def child(self, position: Position, action: Any) -> Position:
        path = action.path
        cells = list(position.cells)
        start, end = path[0].index, path[-1].index
        piece = cells[start]
        lit = piece.enlightened
        if not lit:  # EN5: c3 reached, or an enlightened piece jumped over
            if len(path) == 2 and _is_step(path[0], path[1]):
                lit = end == C3
            else:
                for a, b in zip(path, path[1:]):
                    over = cells[(a.index + b.index) // 2]
                    if b.index == C3 or (over is not None and over.enlightened):
                        lit = True
                        break
        cells[start] = None
        cells[end] = PIECES[piece.player, lit]
        return Position(tuple(cells), position.to_play.opponent)

    def order(self, position: Position, actions: Sequence[Any], ply: int) -> list[Any]:
        """Moves that enlighten first, then enlightened pieces reaching the edge, then the rest."""
        cells = position.cells
        return sorted(actions, key=lambda m: -_promise(cells, m))


def _promise(cells: Sequence[Any], move: Move) -> int:
    path = move.path
    start, end = path[0].index, path[-1].index
    piece = cells[start]
    if piece.enlightened:
        return 10 * (TO_EDGE[start] - TO_EDGE[end])
    if end == C3 or C3 in (sq.index for sq in path[1:]):
        return 100
    if len(path) > 2 or not _is_step(path[0], path[1]):
        for a, b in zip(path, path[1:]):
            over = cells[(a.index + b.index) // 2]
            if over is not None and over.enlightened:
                return 100
    return TO_CENTRE[start] - TO_CENTRE[end]


def _is_step(a: Square, b: Square) -> bool:
    return max(abs(b.column - a.column), abs(b.row - a.row)) == 1


MOVE = 100  # a move one still needs


def moves_needed(cells: Sequence[Any], player: Player) -> int:
    """About how many moves ``player`` still needs to win (EN6): an enlightened piece its steps
    back to the edge; a plain piece the cheaper of a jump over an enlightened neighbour now
    (then from where it lands to the edge) and the way through the centre (its steps to c3, one
    more if c3 is taken, and two back out)."""
    total = 0
    centre_taken = cells[C3] is not None
    for i, piece in enumerate(cells):
        if piece is None or piece.player is not player:
            continue
        if piece.enlightened:
            total += TO_EDGE[i]
            continue
        best = TO_CENTRE[i] + 2 + centre_taken
        for over, land in JUMPS[i]:
            lit = cells[over]
            if lit is not None and lit.enlightened and cells[land] is None:
                best = min(best, 1 + TO_EDGE[land])
        total += best
    return total


def race(position: Position) -> int:
    """The evaluation as a race: the moves the opponent still needs less one's own."""
    cells, me = position.cells, position.to_play
    return MOVE * (moves_needed(cells, me.opponent) - moves_needed(cells, me))


class RaceModel(EnlightenmentModel):
    def evaluate(self, position: Position) -> int:
        return race(position)


class MixedModel(EnlightenmentModel):
    def evaluate(self, position: Position) -> int:
        return evaluate(position) + race(position) // 2


MODEL = EnlightenmentModel()
VARIANTS = {"race": RaceModel(), "mixed": MixedModel()}

LEVELS = {
    "easy": Level(depth=1, nodes=400, noise=150, blunder=0.15),
    "medium": Level(depth=2, nodes=400),
    "hard": Level(depth=12, nodes=2500),
}


def computer(level: str, seed: int | str) -> SearchComputer[Position]:
    return SearchComputer(MODEL, level, LEVELS[level], seed)
