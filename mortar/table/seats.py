"""Who sits in a seat: a person at this device, the computer, or (prepared, not built) a person
on another device. The table asks each seat the same question — what is your action? — and a
seat answers from that player's seat alone."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..kit.protocol import Computer


class SeatKind(StrEnum):
    HERE = "here"  # a person at this device: their draft, behind the curtain if needed
    COMPUTER = "computer"  # the computer, from its seat only
    REMOTE = "remote"  # a person on another device: the table waits for their action


@dataclass(frozen=True)
class SeatAt:
    kind: SeatKind
    level: str | None = None  # the computer's level


Thought = Generator[None, None, Any]  # yields between slices of thinking, returns the action


def thinking(computer: Computer, seat: Any) -> Thought:
    """The computer's decision as slices: its own ``thinking(seat)`` generator where it has one
    (it yields between small chunks of work), else its ``choose`` at once."""
    sliced: Callable[[Any], Thought] | None = getattr(computer, "thinking", None)
    if sliced is not None:
        return sliced(seat)
    return _at_once(computer, seat)


def _at_once(computer: Computer, seat: Any) -> Thought:
    return computer.choose(seat)
    yield  # (a generator: nothing to slice)


class Thinker:
    """One computer decision, run slice by slice within a time budget per call."""

    def __init__(self, thought: Thought, clock: Callable[[], float]) -> None:
        self._thought = thought
        self._clock = clock
        self.done = False
        self.action: Any = None
        self.slices = 0

    def run(self, budget: float | None) -> bool:
        """Think for about ``budget`` seconds (None: to the end). True once decided."""
        end = None if budget is None else self._clock() + budget
        while not self.done:
            try:
                next(self._thought)
            except StopIteration as stop:
                self.done, self.action = True, stop.value
                break
            self.slices += 1
            if end is not None and self._clock() >= end:
                break
        return self.done
