"""Who sits in a seat: a person at this device, the computer, or (prepared, not built) a person
on another device. The table asks each seat the same question — what is your action? — and a
seat answers from that player's seat alone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from ..kit.protocol import Computer
from ..kit.steps import Steps


class SeatKind(StrEnum):
    HERE = "here"  # a person at this device: their draft, behind the curtain if needed
    COMPUTER = "computer"  # the computer, from its seat only
    REMOTE = "remote"  # a person on another device: the table waits for their action


@dataclass(frozen=True)
class SeatAt:
    kind: SeatKind
    level: str | None = None  # the computer's level


Thought = Steps[object]  # yields between slices of thinking, returns the action (the game's)


def thinking(computer: Computer, seat: object) -> Thought:
    """The computer's decision as slices: its own ``thinking(seat)`` generator where it has one
    (it yields between small chunks of work), else its ``choose`` at once."""
    sliced: Callable[[object], Thought] | None = getattr(computer, "thinking", None)
    if sliced is not None:
        return sliced(seat)
    return _at_once(computer, seat)


def _at_once(computer: Computer, seat: object) -> Thought:
    return computer.choose(seat)
    yield  # (a generator: nothing to slice)
