"""The computer of Hopper and Sneaker: the kit's search (:mod:`mortar.kit.search`) on packed
positions (:mod:`.packed`) with this game's evaluation, move ordering and setup (RULINGS
HS1–HS9).

The evaluation, in the game's words, for the player to move against the other (each player's
terms, his less the other's; weights in :data:`WEIGHTS`):

* **the race**: the rows each piece still has to go to its target rows (HS1), a piece costing
  the more a row the further behind it is, and the piece furthest behind much more again: all
  six must arrive (HS7.1), so the last one decides;
* **the blockade** (HS7.2): where the opponent's pieces still stand on one's targets, as many of
  one's pieces need only reach the far half; one's own pieces still at home are a blockade
  chance for the opponent once he is in his far half (*stragglers*), pieces not yet in the far
  half a little too;
* **home**: a piece on a target square;
* **reach**: a Hopper is worth the rows its best forward jump would gain now, and a little for
  the face up;
* **movable**: a piece that can move now (a Sneaker with an empty neighbour, a Hopper with a
  jump);
* **the move**: the player to move is a little ahead.

The weights were fitted to the results of games (a logistic regression of the outcome on these
terms over 15,800 positions of the computer's own games; the fitting script was a one-off, not
kept), rounded, and are read as they play, not as they look: the fit made a row to go cost
little until the piece is far behind, and the last piece carry most of the race. Measured in play
(``tools/duel_karo.py --match hard hard:modelfile=OLD``, hard against hard with the evaluation
before it: 100 a row to go, 30 a piece home, 25 a row of reach, 40 a straggler), at the same
nodes the fitted evaluation scored 74.5 % (67–82, 50 pairs, seed 1) and 65.4 % (57.5–73.3, 60
pairs, seed 5); with the one before given 4,600 nodes to its 4,000 (about equal CPU time: 32
against 36 ms a decision), 66.9 % (55.6–78.2, 40 pairs, seed 6). It is half as slow again as
the one before (7.3 µs against 4.7 µs in CPython), the search 14 % slower in nodes a second.

Both wins (HS7) are found by the search itself (:meth:`.packed.Packed.winner`). Hard searches a
Hopper's long forward jumps two plies past its depth (quiescence, :meth:`HopperModel.noisy`):
75 % (59–91, 10 pairs) against hard without it at equal nodes (issue 33).
Hard plays on rather than repeat (:attr:`Level.contempt`: a draw is worth a little less than
nothing to it, as to Enlightenment's hard): against ``ab`` at 150 ms a decision, 81.7 % over 60
pairs without it (10,000 nodes), 83.8 % (80.5–87.0) over 200 with it and 13,000 nodes.

**The setup** (HS3) is searched: each of the player's arrangements against the opponent's,
shown or not. A player who sees the opponent's arrangement scores each of his own by a short
search of the game that follows; one who does not (he arranges first, or behind the curtain)
scores each against every arrangement the opponent could answer with — the worst of them when
the opponent will see his, their mean behind the curtain. It never looks at what the seat does
not show. The easy level draws its arrangement at random among those that can move.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from mortar.kit.search import Level, Model, Search, Thought
from mortar.kit.searchcomputer import SearchComputer, page_clock
from mortar.kit.turns import PLAYERS, Player

from .board import FAR_INDEXES, NEIGHBOURS, PIECES, RAYS, SQUARES, TARGET_INDEXES
from .packed import Packed
from .position import Position, setups


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (the module docstring's terms), in units where a clear step of
    progress is about 100."""

    # Signs: the value is row × rows to go − row_squared × their squares − laggard × the last
    # piece's rows − blocked_row × the rows a blocked target saves + the rest (behind,
    # straggling subtracted). The fit's linear term is positive, the squares outweigh it: a
    # piece's d-th row to go costs 11 (2d − 1) − 17, about nothing, 16, 38, 60…
    row: int = 17
    row_squared: int = 11
    laggard: int = 389
    blocked_row: int = 28
    home: int = 88  # a piece on a target square
    reach: int = 36  # a row of a Hopper's best forward jump now
    hopper: int = 24  # a Hopper face up
    behind: int = 46  # a piece not yet in the far half
    at_home: int = 26  # a piece still on one's home (the opponent's target)
    straggling: int = 229  # a unit of stragglers (the module docstring)
    movable: int = 72  # a piece that can move
    tempo: int = 63  # the player to move


WEIGHTS = Weights()

RED, WHITE = Player.RED, Player.WHITE
ROWS = tuple(sq.row for sq in SQUARES)
FORWARD = (1, -1)  # Red's and White's row step towards the target (by player index)
# By player index (Red 0, White 1) and square index: rows to the target rows, and to the far half.
DISTANCE = (tuple(max(0, 7 - r) for r in ROWS), tuple(max(0, r - 2) for r in ROWS))
_TO_FAR = (tuple(max(0, 5 - r) for r in ROWS), tuple(max(0, r - 4) for r in ROWS))
_GAP = tuple(tuple(d - f for d, f in zip(DISTANCE[k], _TO_FAR[k])) for k in (0, 1))


def _mask(test: Any) -> int:
    return sum(1 << i for i in range(len(SQUARES)) if test(i))


# Bit masks by player index: squares whose piece has two rows / one row between the far half
# and the targets (what a blocked target saves), the targets, the home, the far half.
_GAP_2 = tuple(_mask(lambda i, k=k: _GAP[k][i] == 2) for k in (0, 1))
_GAP_1 = tuple(_mask(lambda i, k=k: _GAP[k][i] == 1) for k in (0, 1))
_TARGET_BITS = tuple(sum(1 << i for i in TARGET_INDEXES[p]) for p in PLAYERS)
_HOME_BITS = tuple(sum(1 << i for i in TARGET_INDEXES[p.opponent]) for p in PLAYERS)
_FAR_BITS = tuple(sum(1 << i for i in FAR_INDEXES[p]) for p in PLAYERS)
# _REACHES[k][i]: each ray from square i towards player k's target, as (bit, rows gained) pairs.
_REACHES = tuple(tuple(tuple(tuple((1 << j, (ROWS[j] - ROWS[i]) * FORWARD[k]) for j in ray)
                             for ray in RAYS[i] if ray and ROWS[ray[0]] - ROWS[i] == FORWARD[k])
                       for i in range(len(SQUARES))) for k in (0, 1))
# _JUMPS[i]: each ray from square i with room to land, as (its first square, the rest) in bits:
# a Hopper can jump along it when the first is occupied and one of the rest is empty.
_JUMPS = tuple(tuple((1 << ray[0], sum(1 << j for j in ray[1:])) for ray in RAYS[i] if len(ray) >= 2)
               for i in range(len(SQUARES)))
_AROUND = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(len(SQUARES)))


def side(red: int, white: int, hoppers: int, k: int, w: Weights = WEIGHTS) -> int:
    """What player ``k``'s (0 Red, 1 White) pieces are worth (the module docstring)."""
    own = red if k == 0 else white
    occupied = red | white
    distance, reaches, target = DISTANCE[k], _REACHES[k], _TARGET_BITS[k]
    total = squared = laggard = movable = reach = 0
    rest = own
    while rest:
        bit = rest & -rest
        rest ^= bit
        i = bit.bit_length() - 1
        d = distance[i]
        total += d
        squared += d * d
        if d > laggard:
            laggard = d
        if not hoppers & bit:
            if _AROUND[i] & ~occupied:
                movable += 1
            continue
        for first, beyond in _JUMPS[i]:
            if occupied & first and beyond & ~occupied:
                movable += 1
                break
        if not target & bit:  # the rows its best forward jump gains now
            best = 0
            for ray in reaches[i]:
                if occupied & ray[0][0]:
                    for square, gain in ray:
                        if not occupied & square:
                            if gain > best:
                                best = gain
                            break
            reach += best
    at_home = (red & _HOME_BITS[0]).bit_count(), (white & _HOME_BITS[1]).bit_count()
    behind = (red & ~_FAR_BITS[0]).bit_count(), (white & ~_FAR_BITS[1]).bit_count()
    saved = 0
    blockers = at_home[1 - k]
    if blockers:  # as many pieces as there are blockers need only reach the far half
        two = (own & _GAP_2[k]).bit_count()
        saved = 2 * min(blockers, two) + min(max(0, blockers - two), (own & _GAP_1[k]).bit_count())
    straggling = at_home[k] * (2 - behind[1 - k]) if behind[1 - k] <= 1 else 0
    return (w.row * total - w.row_squared * squared - w.laggard * laggard - w.blocked_row * saved
            + w.home * (own & target).bit_count() + w.reach * reach + w.hopper * (own & hoppers).bit_count()
            - w.behind * behind[k] + w.at_home * at_home[k] - w.straggling * straggling + w.movable * movable)


def evaluate(position: Packed | Position, w: Weights = WEIGHTS) -> int:
    """The position's worth to the player to move (the module docstring)."""
    packed = position if isinstance(position, Packed) else Packed.of(position.cells, position.to_play)
    red = side(packed.red, packed.white, packed.hoppers, 0, w)
    white = side(packed.red, packed.white, packed.hoppers, 1, w)
    return w.tempo + (red - white if packed.to_play is RED else white - red)


class HopperModel(Model[Packed]):
    """Hopper and Sneaker for the kit's search, on packed positions (:mod:`.packed`)."""

    slice_nodes = 150

    def prepare(self, position: Any) -> Packed:
        if isinstance(position, Packed):
            return position
        return Packed.of(position.cells, position.to_play)

    def inner(self, position: Any, prepared: Packed, action: Any) -> int:
        return action.frm.index | action.to.index << 5  # type: ignore[no-any-return]

    def keys(self, seen: frozenset[Hashable]) -> frozenset[Hashable]:
        pairs: Any = seen  # the rules' keys: (cells, the player to move)
        return frozenset((Packed.of(cells, to_play).key(), to_play) for cells, to_play in pairs)

    def evaluate(self, position: Packed) -> int:
        return evaluate(position)

    def actions(self, position: Packed, ply: int) -> list[int]:
        return position.moves()

    def child(self, position: Packed, action: int) -> Packed:
        return position.play(action)

    def winner(self, position: Packed, mover: Player) -> tuple[Player, Any] | None:
        won = position.winner(mover)
        return None if won is None else (won, None)

    def order(self, position: Packed, actions: Sequence[int], ply: int) -> list[int]:
        """Forward moves first, the longest first; then sideways, then back."""
        return sorted(actions, key=_GAINS[0 if position.to_play is RED else 1].__getitem__)

    def noisy(self, position: Packed, ply: int) -> list[int]:
        """The long forward jumps (two rows or more): the swing of a Hopper's jump."""
        own = position.red if position.to_play is RED else position.white
        if not own & position.hoppers:
            return []
        gains = _GAINS[0 if position.to_play is RED else 1]
        jumps = [m for m in position.moves() if gains[m] <= -2]
        jumps.sort(key=gains.__getitem__)
        return jumps

    def setup(self, search: Search[Packed], seat: Any) -> Thought | None:
        if search.level.noise or search.level.blunder:
            return _any_setup(search, seat)
        return self._setup(search, seat)

    def _setup(self, search: Search[Packed], seat: Any) -> Thought:
        position: Position = seat.position
        me = seat.player
        mine = setups(me, position.hoppers)
        shown = any(p is not None and p.player is not me for p in position.cells)
        depth = search.level.setup_depth
        search.limit = 1 << 40  # a setup's work is fixed by its depth, once a game
        scores: list[float] = []
        if shown:  # the opponent arranged in the open: search the game after each of mine
            for setup in mine:
                after = position.play(setup)[0]  # the opponent (who arranged first) moves first
                score = yield from search.score(after, depth)
                scores.append(-score)
        else:  # against each arrangement the opponent could answer with
            theirs = setups(me.opponent, position.hoppers)
            secret = seat.options.secret_setup
            first = me if len(position.arranging) > 1 else me.opponent  # HS3: who arranged first
            for setup in mine:
                values = []
                for answer in theirs:
                    cells = list(position.cells)
                    for s in (setup, answer):
                        for square, face in s.pieces:
                            cells[square.index] = PIECES[s.player, face]
                    after = Position(tuple(cells), first, position.hoppers)
                    score = yield from search.score(after, depth - 1) if depth > 1 else _static(after)
                    values.append(score if first is me else -score)
                scores.append(sum(values) / len(values) if secret else min(values))
        best = max(range(len(mine)), key=lambda k: (scores[k], -k))
        return mine[best]


# _GAINS[k][move]: minus the rows the move gains towards player k's target (the order's key).
_GAINS = tuple(tuple(-(ROWS[(m >> 5) % len(SQUARES)] - ROWS[(m & 31) % len(SQUARES)]) * FORWARD[k]
                     for m in range(1 << 10)) for k in (0, 1))


def _any_setup(search: Search[Packed], seat: Any) -> Thought:
    """The easy level arranges as a beginner would: any arrangement at random, but not one that
    leaves it without a move (three Hoppers in front of three Sneakers can neither step nor
    jump, and the game would open with its pass)."""
    position: Position = seat.position
    me = seat.player
    movable = []
    for setup in setups(me, position.hoppers):
        cells = list(position.cells)
        for square, face in setup.pieces:
            cells[square.index] = PIECES[me, face]
        if Position(tuple(cells), me, position.hoppers).has_actions():
            movable.append(setup)
    return search.rng.choice(movable)
    yield  # noqa: B901 (a generator)


def _static(position: Position) -> Any:
    """The evaluation as a search step (a generator that yields nothing)."""
    return evaluate(position)
    yield  # noqa: B901 (a generator)


MODEL = HopperModel()
VARIANTS: dict[str, HopperModel] = {}

# Levels (figures in tools/bench_karo_ai.py and the duel table): nodes are the budget of work.
LEVELS = {
    "easy": Level(depth=1, nodes=400, noise=120, blunder=0.15),
    "medium": Level(depth=2, nodes=600, setup_depth=1),
    # Against the independent alpha-beta player at 150 ms a decision, the same starts (issue 33):
    # 4,000 nodes (41 ms of CPython) scored 72.5 % over 10 pairs, 10,000 nodes (96 ms; Pyodide 190-220
    # ms) 81.7 % over 60; with contempt 40 (it plays on rather than repeat, as Enlightenment's hard)
    # 82.0 % over 50, and with 13,000 nodes too 87.5 % over the same first 40 starts
    "hard": Level(depth=12, nodes=13000, setup_depth=2, quiescence=2, contempt=40),
}


def computer(level: str, seed: int | str) -> SearchComputer[Packed]:
    return SearchComputer(MODEL, level, LEVELS[level], seed, clock=page_clock())


__all__ = ["LEVELS", "MODEL", "VARIANTS", "WEIGHTS", "HopperModel", "Weights", "computer", "evaluate"]
