"""The searching computer of the open games (KARO K0): one engine over the kit's positions
(:class:`mortar.kit.turns.Position`), to which a game adds only what makes it itself, a
:class:`Model`: its evaluation and, if it likes, its move ordering, a quicker way to the position
after an action, which actions are worth a look deep in the tree, and positions of its own making
for the search (bit masks: :meth:`Model.prepare`) (Ludii's idea: many games, one engine).

The search is alpha-beta: negamax with iterative deepening, a transposition table keyed by the
position and the player to move, killer moves and a history table, principal variation search
with late-move reductions, the leaves' evaluations remembered, and quiescence over the game's
swinging actions where a level asks for it. UCT (Monte Carlo tree search whose leaves are scored
by the evaluation) was measured against it at hard's budget (pairs of games, sides swapped) and
lost in all three games: 2.5 % (untuned) to 57 % (tuned, at 2.4 times the time) in Hopper and
Sneaker, 12 % to 45 % (2.7 times the time) in Enlightenment, 20 % in Four Circles; no level used
it, and it was removed (issue 29; ``tools/karo_reference.py`` keeps a Monte Carlo reference).

K0's draws are part of the tree: a position met again, on the line being searched or earlier in
the game (the seat's ``seen``), scores a draw (its third occurrence would be one, and a player
who can do better avoids it), and two passes in a row are a draw. Fleeing every position of the
game is what a player ahead should do while he can make progress; where he cannot (pieces locked
beyond the search's horizon) it would make the game endless, since K0 ends a game only by a
repetition the player ahead never allows. So after :attr:`Level.patience` positions of play the
computer stops fleeing them and plays on by its evaluation alone: a locked game then ends in K0's
draw by repetition. Past half of it, a draw offered is accepted unless the search sees a forced
win. A level's :attr:`Level.contempt` makes a draw worth less than nothing to the player deciding
(and as much more to his opponent): a stronger player plays on where the positions are even
rather than repeat them, and the other may still go wrong.

The computer that plays by this search, a decision sliced so that it never blocks the page, is
:mod:`mortar.kit.searchcomputer`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .turns import Player


class Searched(Protocol):
    """What the search asks of a position: the rules' (:class:`mortar.kit.turns.Position`), or
    a game's own for its search (:meth:`Model.prepare`), whose model then lists, plays and
    judges its actions."""

    @property
    def to_play(self) -> Player: ...

    def key(self) -> Hashable: ...

    def passed(self) -> Any: ...


P = TypeVar("P", bound=Searched)
Thought = Generator[None, None, Any]  # yields between chunks of work, returns the action
Work = Generator[None, None, int]  # yields between chunks of work, returns a score

WIN = 1_000_000  # a win in n plies scores WIN - n for the winner
WON = WIN - 10_000  # scores beyond this are forced wins (losses below its negative)
INFINITY = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2  # what a transposition table entry's score is
TABLE_MOVE, KILLER = 1 << 42, 1 << 40  # the order's bonus of the table's move and of the killers


class OutOfWork(Exception):  # noqa: N818 (an event, not an error)
    """The node budget is spent: the search stops where it is."""


# Every level's cap on a decision's work where the computer is given a clock (in the page; never
# in duels or tests, which count nodes alone): a slow phone waits about a second at most (the
# page's 10 ms breaths between its 40 ms slices come on top), and starts no iteration past
# 0.45 of it (Search.alphabeta); on a desktop every level ends on its nodes before.
PAGE_SECONDS = 0.8


@dataclass(frozen=True)
class Level:
    """How hard a computer thinks: the deepest iteration and the node budget (work, not time),
    and how it errs: ``noise`` (evaluation units added at random to each root action's score; its
    scores are then made exact) and ``blunder`` (the share of decisions played at random)."""

    depth: int
    nodes: int
    noise: int = 0
    blunder: float = 0.0
    setup_depth: int = 1  # plies a game's own setup search looks ahead (Model.setup)
    pvs: bool = False  # alpha-beta: principal variation search (null windows after the first)
    patience: int = 300  # positions of play after which the game's repetitions are not fled
    seconds: float | None = PAGE_SECONDS  # a time budget too, where the computer is given a clock
    quiescence: int = 0  # plies of the game's swinging actions (Model.noisy) searched past the depth
    reduce: int = 0  # alpha-beta with pvs: actions from this one on searched a ply shallower first (0: none)
    contempt: int = 0  # what a draw (repetition, two passes) is worth less than nothing to the computer


class Model(Generic[P]):
    """What a game adds to the search. ``evaluate`` is the one thing a game must give: the
    position's worth to the player to move, in the game's units (100 for a clear step of
    progress, say), well inside ±:data:`WON`; everything else has a default."""

    slice_nodes = 200  # nodes between two yields: a chunk of at most a few ms of CPython

    def evaluate(self, position: P) -> int:
        raise NotImplementedError

    def actions(self, position: P, ply: int) -> Sequence[Any]:
        """The actions searched at ``ply`` (0: the root, where all are); a game may leave out
        unpromising ones deeper in the tree."""
        return position.actions()  # type: ignore[attr-defined, no-any-return]

    def order(self, position: P, actions: Sequence[Any], ply: int) -> list[Any]:
        """The actions, most promising first (the search puts its own best guesses before)."""
        return list(actions)

    def noisy(self, position: P, ply: int) -> Sequence[Any]:
        """The actions that swing the position, searched past the depth (quiescence) until
        none is left or :attr:`Level.quiescence` plies; by default none."""
        return ()

    def child(self, position: P, action: Any) -> P:
        """The position after ``action`` (a game may skip building what the action did)."""
        return position.play(action)[0]  # type: ignore[attr-defined, no-any-return]

    def winner(self, position: P, mover: Player) -> tuple[Player, Any] | None:
        """The game's own win after ``mover``'s action (a game may rule out quickly that there
        is none before asking the rules)."""
        return position.winner(mover)  # type: ignore[attr-defined, no-any-return]

    def setup(self, search: Search[P], seat: Any) -> Thought | None:
        """The game's own way to choose a setup (hidden or too wide to search as moves), or None
        to search setups as any other action."""
        return None

    # A game may search positions of its own making (packed into bit masks, say) rather than
    # the rules' positions: the search then turns the position it is given, the root's actions
    # and the game's earlier positions (for repetition) into them with these three.

    def prepare(self, position: Any) -> P:
        """The position the search works on, from the rules' position."""
        return position  # type: ignore[no-any-return]

    def inner(self, position: Any, prepared: P, action: Any) -> Any:
        """A legal action of the rules' ``position`` as the search's action in ``prepared``."""
        return action

    def keys(self, seen: frozenset[Hashable]) -> frozenset[Hashable]:
        """The rules' keys of positions (with the player to move) as the search's."""
        return seen


def mate_score(score: int, ply: int) -> int:
    """A score as the table stores it: a forced win or loss counted from this node."""
    if score > WON:
        return score + ply
    if score < -WON:
        return score - ply
    return score


def unmate_score(score: int, ply: int) -> int:
    if score > WON:
        return score - ply
    if score < -WON:
        return score + ply
    return score


class Search(Generic[P]):
    """One decision's search: its node count and budget, its transposition table, killers and
    history, the line being searched (for repetition) and the random source of its errors."""

    def __init__(self, model: Model[P], level: Level, rng: random.Random,
                 seen: frozenset[Hashable] = frozenset(), clock: Callable[[], float] | None = None) -> None:
        self.model = model
        self.level = level
        self.rng = rng
        self.nodes = 0
        self.limit = level.nodes
        self.slice = max(1, model.slice_nodes)
        self.next_yield = self.slice
        self.table: dict[Hashable, tuple[int, int, int, Any]] = {}
        self.evals: dict[Hashable, int] = {}  # the leaves' evaluations, by key
        self.killers: dict[int, list[Any]] = {}
        self.history: dict[Any, int] = {}
        self.path: set[Hashable] = set()  # keys of the positions on the line searched
        self.seen = model.keys(seen) if seen else seen  # keys of the game's positions so far (the seat's)
        self.depth_reached = 0
        self.me: Player | None = None  # the player deciding (a draw is worth -contempt to him)
        self.best_score = 0  # the chosen action's score, for the player to move
        # The time budget (with a clock): the time spent working, the pauses between slices
        # left out (``resumed`` is when the current slice began; SearchComputer keeps both).
        self.clock = clock if level.seconds is not None else None
        self.spent = 0.0
        self.resumed = clock() if self.clock is not None and clock is not None else 0.0

    def elapsed(self) -> float:
        """The time this search has worked so far (0 without a clock)."""
        if self.clock is None:
            return 0.0
        return self.spent + self.clock() - self.resumed

    def draw(self, mover: Player) -> int:
        """A draw's worth to ``mover``: nothing, less the level's contempt for the player
        deciding (who plays on where he can), more for his opponent."""
        contempt = self.level.contempt
        return 0 if not contempt else -contempt if mover is self.me else contempt

    # --- work ------------------------------------------------------------------------------

    def tick(self) -> bool:
        """Count a node; whether it is time to yield. Raises :class:`OutOfWork` past the budget."""
        if self.nodes >= self.limit:
            raise OutOfWork
        self.nodes += 1
        if self.nodes >= self.next_yield:
            self.next_yield += self.slice
            if self.clock is not None and self.elapsed() >= self.level.seconds:  # type: ignore[operator]
                raise OutOfWork
            return True
        return False

    # --- alpha-beta -------------------------------------------------------------------------

    def negamax(self, pos: P, key: Hashable, depth: int, alpha: int, beta: int, ply: int,
                passed: bool) -> Work:
        """The score of ``pos`` for its player to move, searched ``depth`` plies (``key``: its
        key with the player to move; ``passed``: the last action was a pass)."""
        if depth <= 0:
            return (yield from self.quiesce(pos, alpha, beta, ply, self.level.quiescence))
        if self.tick():
            yield
        model = self.model
        entry = self.table.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_score, e_flag, tt_move = entry
            if e_depth >= depth:
                score = unmate_score(e_score, ply)
                if (e_flag == EXACT or (e_flag == LOWER and score >= beta)
                        or (e_flag == UPPER and score <= alpha)):
                    return score
        actions = model.actions(pos, ply)
        if not actions:  # K0: the automatic pass; a second pass in a row is a draw
            if passed:
                return self.draw(pos.to_play)
            child = pos.passed()
            child_key = (child.key(), child.to_play)
            if child_key in self.path or child_key in self.seen:
                return self.draw(pos.to_play)
            self.path.add(key)
            try:
                return -(yield from self.negamax(child, child_key, depth - 1, -beta, -alpha, ply + 1, True))
            finally:
                self.path.discard(key)
        mover = pos.to_play
        alpha_in = alpha
        best, best_move = -INFINITY, None
        path, seen, evals = self.path, self.seen, self.evals
        level = self.level
        quiescence = level.quiescence
        reduce_from = level.reduce if level.pvs and depth >= 3 else 0
        path.add(key)
        try:
            for index, action in enumerate(self.ordered(pos, actions, tt_move, ply)):
                child = model.child(pos, action)
                won = model.winner(child, mover)
                if won is not None:
                    score = WIN - ply - 1 if won[0] is mover else -(WIN - ply - 1)
                else:
                    child_key = (child.key(), child.to_play)
                    if child_key in path or child_key in seen:
                        score = self.draw(mover)  # K0: a position again (in the game or on this line)
                    elif depth == 1:  # a leaf, scored here (what negamax would do at depth 0)
                        if quiescence:
                            score = -(yield from self.quiesce(child, -beta, -alpha, ply + 1, quiescence))
                        else:
                            if self.tick():
                                yield
                            known = evals.get(child_key)  # (a quarter of the leaves come again)
                            if known is None:
                                known = evals[child_key] = model.evaluate(child)
                            score = -known
                    elif best_move is None or not level.pvs:
                        score = -(yield from self.negamax(child, child_key, depth - 1, -beta, -alpha,
                                                          ply + 1, False))
                    else:  # principal variation search: prove it no better, or search it again
                        shallower = 1 if reduce_from and index >= reduce_from else 0  # a late action
                        score = -(yield from self.negamax(child, child_key, depth - 1 - shallower,
                                                          -alpha - 1, -alpha, ply + 1, False))
                        if shallower and score > alpha:
                            score = -(yield from self.negamax(child, child_key, depth - 1, -alpha - 1, -alpha,
                                                              ply + 1, False))
                        if alpha < score < beta:
                            score = -(yield from self.negamax(child, child_key, depth - 1, -beta, -score,
                                                              ply + 1, False))
                if score > best:
                    best, best_move = score, action
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            self._cutoff(action, depth, ply)
                            break
        finally:
            path.discard(key)
        flag = LOWER if best >= beta else UPPER if best <= alpha_in else EXACT
        self.table[key] = (depth, mate_score(best, ply), flag, best_move)
        return best

    def quiesce(self, pos: P, alpha: int, beta: int, ply: int, left: int) -> Work:
        """The score of ``pos`` for its player to move once the game's swinging actions
        (:meth:`Model.noisy`) are played out, ``left`` plies at most: the player may also stand
        on the evaluation (another action is always there to play)."""
        if self.tick():
            yield
        model = self.model
        stand = model.evaluate(pos)
        if left <= 0 or stand >= beta:
            return stand
        noisy = model.noisy(pos, ply)
        if not noisy:
            return stand
        best = stand
        alpha = max(alpha, stand)
        mover = pos.to_play
        for action in noisy:
            child = model.child(pos, action)
            won = model.winner(child, mover)
            if won is not None:
                score = WIN - ply - 1 if won[0] is mover else -(WIN - ply - 1)
            else:
                score = -(yield from self.quiesce(child, -beta, -alpha, ply + 1, left - 1))
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def ordered(self, pos: P, actions: Sequence[Any], tt_move: Any, ply: int) -> list[Any]:
        """The table's move, then this ply's killers, then the game's order sorted by the history
        table (stable: the game's order breaks ties). One sort, keyed by dictionaries: actions
        are compared by hash, never one by one."""
        ordered = self.model.order(pos, actions, ply)
        history = self.history
        first: dict[Any, int] = {}
        for rank, killer in enumerate(self.killers.get(ply, ())):
            first[killer] = KILLER >> rank
        if tt_move is not None:
            first[tt_move] = TABLE_MOVE
        if first:
            ordered.sort(key=lambda a: -(first.get(a, 0) + history.get(a, 0)))
        elif history:
            ordered.sort(key=lambda a: -history.get(a, 0))
        return ordered

    def _cutoff(self, action: Any, depth: int, ply: int) -> None:
        killers = self.killers.setdefault(ply, [])
        if action not in killers:
            killers.insert(0, action)
            del killers[2:]
        self.history[action] = self.history.get(action, 0) + depth * depth

    def score(self, pos: Any, depth: int) -> Work:
        """``pos`` searched to ``depth`` with a full window, for its player to move (a game's
        setup search uses it; the node budget applies)."""
        pos = self.model.prepare(pos)
        key = (pos.key(), pos.to_play)
        if self.me is None:
            self.me = pos.to_play
        if key in self.path or key in self.seen:
            return self.draw(pos.to_play)
        return (yield from self.negamax(pos, key, depth, -INFINITY, INFINITY, 0, False))

    def alphabeta(self, pos: Any, actions: list[Any]) -> Thought:
        """Iterative deepening over the root ``actions`` (none of them a pass or a draw):
        the best action within the level's depth and node budget."""
        level, model = self.level, self.model
        given, pos = pos, model.prepare(pos)
        inner = {model.inner(given, pos, a): a for a in actions}  # (the same outcome once)
        mover = self.me = pos.to_play
        root_key = (pos.key(), pos.to_play)
        exact = level.noise > 0  # every root action's score exact, to add noise to
        order = model.order(pos, list(inner), 0)
        yield  # the root's actions listed and ordered: a chunk of its own
        scores: dict[int, int] = {}
        best_index = 0
        indexes = list(range(len(order)))
        for depth in range(1, level.depth + 1):
            if depth > 2 and self.clock is not None and self.elapsed() > 0.45 * level.seconds:  # type: ignore[operator]
                break  # the next iteration would not finish in the time left
            done: dict[int, int] = {}
            alpha = -INFINITY
            try:
                self.path.add(root_key)
                for i in indexes:
                    action = order[i]
                    if self.tick():
                        yield
                    child = model.child(pos, action)
                    won = model.winner(child, mover)
                    if won is not None:
                        score = WIN - 1 if won[0] is mover else -(WIN - 1)
                    else:
                        child_key = (child.key(), child.to_play)
                        if child_key in self.path or child_key in self.seen:
                            score = self.draw(mover)
                        else:
                            low = -INFINITY if exact else alpha
                            score = -(yield from self.negamax(child, child_key, depth - 1, -INFINITY, -low,
                                                              1, False))
                    done[i] = score
                    if score > alpha:
                        alpha = score
            except OutOfWork:
                # The first action of an iteration is the last one's best, searched deeper: an
                # action that beat it in this iteration is better still.
                if indexes[0] in done:
                    best_index = max(done, key=lambda j: (done[j], -indexes.index(j)))
                    scores.update(done)
                break
            finally:
                self.path.discard(root_key)
            scores = done
            self.depth_reached = depth
            best_index = max(indexes, key=lambda j: (done[j], -indexes.index(j)))
            indexes.sort(key=lambda j: -done[j])  # stable: ties keep their order
            if done[best_index] > WON or all(s < -WON for s in done.values()):
                break  # a forced win found, or every action loses: deeper says nothing new
        if exact and scores:
            noisy = {i: s + (self.rng.uniform(-level.noise, level.noise) if abs(s) < WON else 0)
                     for i, s in scores.items()}
            best_index = max(noisy, key=lambda j: noisy[j])
        self.best_score = scores.get(best_index, 0)
        return inner[order[best_index]]
