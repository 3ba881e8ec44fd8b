"""The computer of the open games (KARO K0), searching with :mod:`mortar.kit.search`: the game's
:class:`~mortar.kit.search.Model` searched at a level, from the seat alone.

**It never blocks the page.** :meth:`SearchComputer.thinking` is a generator that yields between
small chunks of work (``Model.slice_nodes`` nodes) and returns the action. Work is counted in
nodes, so that the same level, seed and seat give the same action (in duels and tests); in the
page a level's time budget stops the search as well (:func:`page_clock`: a slow device never
waits long), the nodes staying its cap, and iterative deepening starts no iteration it has no
time to finish.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Hashable
from typing import Any, Generic

from .common import AcceptDraw, Pass
from .search import WON, Level, Model, P, Search, Thought
from .steps import finish


def _timed(search: Search[Any], work: Thought) -> Thought:
    """``work``, the time between its slices left out of its time budget (the page breathes)."""
    clock = search.clock
    if clock is None:
        return (yield from work)
    while True:
        search.resumed = clock()
        try:
            next(work)
        except StopIteration as stop:
            return stop.value
        search.spent += clock() - search.resumed
        yield


def page_clock() -> Callable[[], float] | None:
    """The clock of a computer that plays in the page (Pyodide, in a browser), where a slow
    device must not keep a person waiting: its level's time budget (:attr:`Level.seconds`) then
    stops the search too. None elsewhere, so that duels and tests count nodes alone (the tests
    in Pyodide switch it off: :data:`CLOCKED`)."""
    return time.perf_counter if CLOCKED and sys.platform == "emscripten" else None


CLOCKED = True  # whether page_clock gives the page its clock (tests set it False)


DRAW_ACCEPTED_BELOW = -150  # a draw offer is accepted when the search sees this much less
# (or, past half the level's patience, whenever the search sees no forced win: a person who
# offers a draw in a game that long has it without playing on to the repetitions)


class SearchComputer(Generic[P]):
    """A computer player of an open game: ``model`` (the game's evaluation) searched at
    ``level``. Decides from the seat alone; ``thinking(seat)`` slices the work, ``choose(seat)``
    runs it to the end. The same level, seed and seat give the same action.

    K0's repetition is foreseen from the seat's ``seen``, every position of play so far (public
    in an open game): one met again scores a draw, until the game has had ``settings.patience``
    positions (:mod:`mortar.kit.search`). ``history=False`` ignores it (for figures)."""

    def __init__(self, model: Model[P], level: str, settings: Level, seed: int | str,
                 history: bool = True, clock: Callable[[], float] | None = None) -> None:
        self.model = model
        self.level = level  # its name, as the game's levels say it
        self.settings = settings
        self.seed = seed
        self.history = history
        self.clock = clock  # with ``settings.seconds``: a time budget beside the nodes
        self.last: Search[P] | None = None  # the last decision's search (figures for tools)

    def choose(self, seat: Any) -> Any:
        return finish(self.thinking(seat))

    def rng(self, seat: Any) -> random.Random:
        """This decision's random source: the seed, the level and the seat's position in words
        (never ``hash``, which varies from process to process)."""
        return random.Random(f"{self.seed}|{self.level}|{seat.player}|{seat.position}")

    def thinking(self, seat: Any) -> Thought:
        actions = list(seat.legal_actions())
        if not actions:
            raise ValueError(f"{seat.player} has no action to choose now")
        pos = seat.position
        rng = self.rng(seat)
        seen: frozenset[Hashable] = getattr(seat, "seen", frozenset()) if self.history else frozenset()
        played = len(seen)  # positions of play so far
        if played > self.settings.patience:
            seen = frozenset()  # a long game: its repetitions no longer fled (mortar.kit.search)
        search: Search[P] = Search(self.model, self.settings, rng, seen, self.clock)
        self.last = search
        if pos.setting_up:
            own = self.model.setup(search, seat)
            if own is not None:
                return (yield from own)
        play = [a for a in actions if not isinstance(a, Pass | AcceptDraw)]
        if not play:
            return actions[0]  # the pass (or accepting a draw, the only other action)
        if len(play) == 1 and len(actions) == 1:
            return play[0]
        if self.settings.blunder and rng.random() < self.settings.blunder:
            return rng.choice(play)
        rng.shuffle(play)  # ties are broken at random (the game's order is stable over it)
        action = yield from _timed(search, search.alphabeta(pos, play))
        if any(isinstance(a, AcceptDraw) for a in actions) and (
                search.best_score < DRAW_ACCEPTED_BELOW
                or (played > self.settings.patience // 2 and search.best_score <= WON)):
            return AcceptDraw()  # losing, or a long game it sees no forced win in
        return action
