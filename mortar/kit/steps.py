"""Long work in steps, so that a page never blocks for long: a generator that yields between
small steps of work and returns its result (a computer's decision, a long record read and
replayed). :func:`finish` runs one to its end at once; :class:`Slices` runs one a time budget at
a time, as the table does between the page's frames."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")
# Actions of a record read or replayed between two steps: a few milliseconds in a page.
ACTIONS_PER_STEP = 200
Steps = Generator[None, None, T]  # yields between steps, returns the result


def finish(steps: Steps[T]) -> T:
    """The result of ``steps``, run to the end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


def last_of(states: Iterator[T]) -> Steps[T]:
    """The last of ``states`` (a record's replaying: one state, changed in place after each
    action), in steps of :data:`ACTIONS_PER_STEP` actions."""
    last = None
    for count, last in enumerate(states):  # noqa: B007 -- the last one is the answer
        if count % ACTIONS_PER_STEP == ACTIONS_PER_STEP - 1:
            yield
    if last is None:
        raise ValueError("nothing to replay")
    return last


class Slices(Generic[T]):
    """One piece of long work, run slice by slice within a time budget per call."""

    def __init__(self, steps: Steps[T], clock: Callable[[], float]) -> None:
        self._steps = steps
        self._clock = clock
        self.done = False
        self.result: T | None = None
        self.slices = 0

    def run(self, budget: float | None) -> bool:
        """Work for about ``budget`` seconds (None: to the end). True once done. An exception
        of the work is raised here, once."""
        end = None if budget is None else self._clock() + budget
        while not self.done:
            try:
                next(self._steps)
            except StopIteration as stop:
                self.done, self.result = True, stop.value
                break
            self.slices += 1
            if end is not None and self._clock() >= end:
                break
        return self.done
