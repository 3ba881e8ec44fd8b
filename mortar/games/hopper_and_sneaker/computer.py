"""The computer of Hopper and Sneaker: the kit's search (:mod:`mortar.kit.search`) with this
game's evaluation, move ordering and setup (RULINGS HS1–HS9).

The evaluation, in the game's words, for the player to move against the other:

* **progress**: the rows each piece still has to go to its target rows (HS1), 100 a row; where
  opponent pieces still stand on one's targets, as many of one's pieces need only reach the far
  half (HS7.2, the blockade);
* **home**: a bonus for each piece on a target square;
* **hoppers' reach**: a Hopper is worth the rows its best forward jump would gain now;
* **stragglers**: one's pieces still at home are a blockade chance for the opponent once the
  opponent's pieces are all in his far half (HS7.2).

Both wins (HS7) are found by the search itself (``Position.winner``, after a quick test that
no player's targets are all occupied). ``VARIANTS`` holds an evaluation measured and not kept
(with the pieces that can move counted: no stronger, slower).

**The setup** (HS3) is searched: each of the player's arrangements against the opponent's,
shown or not. A player who sees the opponent's arrangement scores each of his own by a short
search of the game that follows; one who does not (he arranges first, or behind the curtain)
scores each against every arrangement the opponent could answer with — the worst of them when
the opponent will see his, their mean behind the curtain. It never looks at what the seat does
not show. The easy level draws its arrangement at random among those that can move.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from mortar.kit.search import Level, Model, Search, SearchComputer, Thought, page_clock
from mortar.kit.turns import PLAYERS, Player

from .board import FAR_INDEXES, NEIGHBOURS, PIECES, RAYS, SQUARES, TARGET_INDEXES, Face, Piece
from .packed import Packed
from .position import Position, setups

ROW_STEP = 100  # a row of progress
AT_HOME = 30  # a piece on one of its target squares
REACH = 25  # a row a Hopper's best forward jump would gain
STRAGGLER = 40  # a piece of one's own still at home while the opponent closes in

RED, WHITE = Player.RED, Player.WHITE
# DISTANCE[p][i]: rows from square i to p's target rows; TO_FAR[p][i]: to p's far half.
DISTANCE = {RED: tuple(max(0, 7 - sq.row) for sq in SQUARES),
            WHITE: tuple(max(0, sq.row - 2) for sq in SQUARES)}
TO_FAR = {RED: tuple(max(0, 5 - sq.row) for sq in SQUARES),
          WHITE: tuple(max(0, sq.row - 4) for sq in SQUARES)}
FORWARD = {RED: 1, WHITE: -1}  # the row step towards the target
TARGETS = {p: frozenset(TARGET_INDEXES[p]) for p in PLAYERS}
HOMES = {p: frozenset(TARGET_INDEXES[p.opponent]) for p in PLAYERS}
ROWS = tuple(sq.row for sq in SQUARES)
SNEAKER = {p: PIECES[p, Face.SNEAKER] for p in PLAYERS}
HOPPER = {p: PIECES[p, Face.HOPPER] for p in PLAYERS}
# RAYS_FORWARD[p][i]: the rays from square i that go towards p's target (N, NE, NW for Red).
RAYS_FORWARD = {p: tuple(tuple(ray for ray in RAYS[i] if ray and (ROWS[ray[0]] - ROWS[i]) == FORWARD[p])
                         for i in range(len(SQUARES))) for p in PLAYERS}


# The tables of one pass over the board, by player index (Red 0, White 1) and square index.
_INDEX = {RED: 0, WHITE: 1}
_PIECE = {piece: (_INDEX[piece.player], piece.face is Face.HOPPER) for piece in PIECES.values()}
_DIST = tuple(DISTANCE[p] for p in PLAYERS)
_GAP = tuple(tuple(d - f for d, f in zip(DISTANCE[p], TO_FAR[p])) for p in PLAYERS)
_TARGET = tuple(tuple(i in TARGETS[p] for i in range(len(SQUARES))) for p in PLAYERS)
_HOME = tuple(tuple(i in HOMES[p] for i in range(len(SQUARES))) for p in PLAYERS)
_FAR = tuple(tuple(i in FAR_INDEXES[p] for i in range(len(SQUARES))) for p in PLAYERS)
_RAYS = tuple(RAYS_FORWARD[p] for p in PLAYERS)
_FORWARD = tuple(FORWARD[p] for p in PLAYERS)


def sides(cells: Sequence[Piece | None]) -> tuple[int, int]:
    """What Red's and White's pieces are worth (the module docstring), in one pass."""
    total, bonus, blockers, behind, at_home = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
    gaps: tuple[list[int], list[int]] = ([], [])
    for i, piece in enumerate(cells):
        if piece is None:
            continue
        k, hopper = _PIECE[piece]
        total[k] += _DIST[k][i]
        gaps[k].append(_GAP[k][i])
        if not _FAR[k][i]:
            behind[k] += 1
        if _HOME[k][i]:  # on the opponent's target: a blocker of his (HS7.2), and a straggler
            blockers[1 - k] += 1
            at_home[k] += 1
        if _TARGET[k][i]:
            bonus[k] += AT_HOME
        elif hopper:  # the rows its best forward jump gains now
            best = 0
            for ray in _RAYS[k][i]:
                if cells[ray[0]] is not None:
                    for j in ray:
                        if cells[j] is None:
                            gain = (ROWS[j] - ROWS[i]) * _FORWARD[k]
                            if gain > best:
                                best = gain
                            break
            bonus[k] += REACH * best
    values = [0, 0]
    for k in (0, 1):
        if blockers[k]:  # as many pieces as there are blockers need only reach the far half
            gaps[k].sort(reverse=True)
            total[k] -= sum(gaps[k][:blockers[k]])
        # Stragglers: pieces left at home give the other a blockade once he is in his far half.
        straggling = at_home[k] * (2 - behind[1 - k]) if behind[1 - k] <= 1 else 0
        values[k] = bonus[k] - ROW_STEP * total[k] - STRAGGLER * straggling
    return values[0], values[1]


def evaluate(position: Position) -> int:
    """The position's worth to the player to move (the module docstring), on the rules' cells."""
    red, white = sides(position.cells)
    return red - white if position.to_play is RED else white - red


# --- the same evaluation on packed positions (the search's: :mod:`.packed`) ------------------


def _mask(test: Any) -> int:
    return sum(1 << i for i in range(len(SQUARES)) if test(i))


# _AT_LEAST[k][d]: squares d rows or more from player k's target rows (d = 1…6): the rows to go
# summed by counting; _GAP_2/_GAP_1: squares whose piece has two rows / one row between the far
# half and the targets; _HOME_BITS, _TARGET_BITS, _FAR_BITS by player index.
_AT_LEAST = tuple(tuple(_mask(lambda i, k=k, d=d: _DIST[k][i] >= d) for d in range(1, 7)) for k in (0, 1))
_GAP_2 = tuple(_mask(lambda i, k=k: _GAP[k][i] == 2) for k in (0, 1))
_GAP_1 = tuple(_mask(lambda i, k=k: _GAP[k][i] == 1) for k in (0, 1))
_TARGET_BITS = tuple(_mask(lambda i, k=k: _TARGET[k][i]) for k in (0, 1))
_HOME_BITS = tuple(_mask(lambda i, k=k: _HOME[k][i]) for k in (0, 1))
_FAR_BITS = tuple(_mask(lambda i, k=k: _FAR[k][i]) for k in (0, 1))
# _REACHES[k][i]: for each forward ray from square i, its squares as (bit, rows gained).
_REACHES = tuple(tuple(tuple(tuple((1 << j, (ROWS[j] - ROWS[i]) * _FORWARD[k]) for j in ray)
                             for ray in _RAYS[k][i]) for i in range(len(SQUARES))) for k in (0, 1))


def packed_sides(red: int, white: int, hoppers: int) -> tuple[int, int]:
    """:func:`sides` on bit masks."""
    occupied = red | white
    owns = (red, white)
    at_home = ((red & _HOME_BITS[0]).bit_count(), (white & _HOME_BITS[1]).bit_count())
    behind = ((red & ~_FAR_BITS[0]).bit_count(), (white & ~_FAR_BITS[1]).bit_count())
    values = [0, 0]
    for k in (0, 1):
        own = owns[k]
        total = 0
        for mask in _AT_LEAST[k]:
            total += (own & mask).bit_count()
        blockers = at_home[1 - k]
        if blockers:  # as many pieces as there are blockers need only reach the far half
            two = (own & _GAP_2[k]).bit_count()
            total -= 2 * min(blockers, two) + min(max(0, blockers - two), (own & _GAP_1[k]).bit_count())
        bonus = AT_HOME * (own & _TARGET_BITS[k]).bit_count()
        jumpers = own & hoppers & ~_TARGET_BITS[k]
        reaches = _REACHES[k]
        while jumpers:  # each Hopper: the rows its best forward jump gains now
            bit = jumpers & -jumpers
            jumpers ^= bit
            best = 0
            for ray in reaches[bit.bit_length() - 1]:
                if occupied & ray[0][0]:
                    for square, gain in ray:
                        if not occupied & square:
                            if gain > best:
                                best = gain
                            break
            bonus += REACH * best
        straggling = at_home[k] * (2 - behind[1 - k]) if behind[1 - k] <= 1 else 0
        values[k] = bonus - ROW_STEP * total - STRAGGLER * straggling
    return values[0], values[1]


def packed_evaluate(position: Packed) -> int:
    red, white = packed_sides(position.red, position.white, position.hoppers)
    return red - white if position.to_play is RED else white - red


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
        return packed_evaluate(position)

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
_GAINS = tuple(tuple(-(ROWS[(m >> 5) % len(SQUARES)] - ROWS[(m & 31) % len(SQUARES)]) * _FORWARD[k]
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


MOBILITY = 12  # a piece that can move


def movable(cells: Sequence[Piece | None]) -> tuple[int, int]:
    """How many of Red's and of White's pieces can move (a Sneaker with an empty neighbour, a
    Hopper with a jump)."""
    count = [0, 0]
    for i, piece in enumerate(cells):
        if piece is None:
            continue
        k, hopper = _PIECE[piece]
        if hopper:
            for ray in RAYS[i]:
                if ray and cells[ray[0]] is not None and any(cells[j] is None for j in ray):
                    count[k] += 1
                    break
        elif any(cells[j] is None for j in NEIGHBOURS[i]):
            count[k] += 1
    return count[0], count[1]


class MobileModel(HopperModel):
    def evaluate(self, position: Packed) -> int:
        red, white = movable(position.cells())
        mobility = MOBILITY * (red - white)
        return packed_evaluate(position) + (mobility if position.to_play is RED else -mobility)


_AROUND = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(len(SQUARES)))
_RUNS_ANY = tuple(tuple(tuple(1 << j for j in ray) for ray in RAYS[i] if len(ray) >= 2)
                  for i in range(len(SQUARES)))


def fitted_side(red: int, white: int, hoppers: int, k: int) -> int:
    own, other = (red, white) if k == 0 else (white, red)
    occupied = red | white
    empty = ~occupied
    at_home = ((red & _HOME_BITS[0]).bit_count(), (white & _HOME_BITS[1]).bit_count())
    behind = ((red & ~_FAR_BITS[0]).bit_count(), (white & ~_FAR_BITS[1]).bit_count())
    dist = _DIST[k]
    total = square = longest = movable = reach = 0
    rest = own
    reaches = _REACHES[k]
    while rest:
        bit = rest & -rest
        rest ^= bit
        i = bit.bit_length() - 1
        d = dist[i]
        total += d
        square += d * d
        if d > longest:
            longest = d
        if hoppers & bit:
            for run in _RUNS_ANY[i]:
                if occupied & run[0] and any(empty & sq for sq in run):
                    movable += 1
                    break
            if not _TARGET_BITS[k] & bit:
                best = 0
                for ray in reaches[i]:
                    if occupied & ray[0][0]:
                        for sq, gain in ray:
                            if not occupied & sq:
                                if gain > best:
                                    best = gain
                                break
                reach += best
        elif _AROUND[i] & empty:
            movable += 1
    adjusted = total
    blockers = at_home[1 - k]
    if blockers:
        two = (own & _GAP_2[k]).bit_count()
        adjusted -= 2 * min(blockers, two) + min(max(0, blockers - two), (own & _GAP_1[k]).bit_count())
    straggling = at_home[k] * (2 - behind[1 - k]) if behind[1 - k] <= 1 else 0
    return (-11 * total + 28 * adjusted + 88 * (own & _TARGET_BITS[k]).bit_count() + 36 * reach
            + 24 * (own & hoppers).bit_count() - 46 * behind[k] + 26 * at_home[k] - 229 * straggling
            - 389 * longest + 72 * movable - 11 * square)


class FittedModel(HopperModel):
    def evaluate(self, position: Packed) -> int:
        red = fitted_side(position.red, position.white, position.hoppers, 0)
        white = fitted_side(position.red, position.white, position.hoppers, 1)
        return 63 + (red - white if position.to_play is RED else white - red)


MODEL = HopperModel()
VARIANTS = {"mobility": MobileModel(), "fit": FittedModel()}

# Levels (figures in tools/bench_karo_ai.py and the duel table): nodes are the budget of work.
LEVELS = {
    "easy": Level(depth=1, nodes=400, noise=120, blunder=0.15),
    "medium": Level(depth=2, nodes=600, setup_depth=1),
    "hard": Level(depth=12, nodes=4000, setup_depth=2),
}


def computer(level: str, seed: int | str) -> SearchComputer[Packed]:
    return SearchComputer(MODEL, level, LEVELS[level], seed, clock=page_clock())


__all__ = ["LEVELS", "MODEL", "VARIANTS", "HopperModel", "computer", "evaluate"]
