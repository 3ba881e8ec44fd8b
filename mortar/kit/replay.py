"""A record replayed once and kept for stepping through it, as the review screen does.

Replaying a record from the start for every step made each step of a 22,000-action record take
11 s in the page. :class:`Replay` replays the record once, keeping a copy of the state every
``every`` actions; the state at any step is then the nearest copy before it plus fewer than
``every`` actions, whatever the record's length. Works for any game of the box.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic, TypeVar

from .protocol import GameRecord, State
from .steps import ACTIONS_PER_STEP, Steps, finish

EVERY = 64  # actions between snapshots: a step costs at most 63 applies

S = TypeVar("S", bound=State[Any, Any])


class Replay(Generic[S]):
    """``record`` replayed. Raises :class:`mortar.kit.records.RecordIllegalError` as the
    record's ``replaying`` does. ``final`` is the whole record replayed; :meth:`game_at` gives
    the game after any number of actions."""

    def __init__(self, record: GameRecord[S], every: int = EVERY, states: Iterator[S] | None = None) -> None:
        finish(self._replaying(record, every, states))

    @classmethod
    def reading(cls, record: GameRecord[S], every: int = EVERY,
                states: Iterator[S] | None = None) -> Steps[Replay[S]]:
        """The replay made in steps (a page replays a long record a slice at a time).
        ``states``: the record's replaying as its game reads it (default ``record.replaying()``)."""
        replay = cls.__new__(cls)
        yield from replay._replaying(record, every, states)
        return replay

    def _replaying(self, record: GameRecord[S], every: int, states: Iterator[S] | None) -> Steps[None]:
        if every < 1:
            raise ValueError("snapshots must be at least one action apart")
        self.record = record
        self.every = every
        self._actions = record.actions()
        self._snapshots: list[S] = []
        final: S | None = None
        for step, final in enumerate(record.replaying() if states is None else states):
            if step % every == 0:
                self._snapshots.append(_without_history(final))
            if step % ACTIONS_PER_STEP == ACTIONS_PER_STEP - 1:
                yield
        assert final is not None, "a record's replaying yields at least its start"
        self.final: S = final

    def __len__(self) -> int:
        """The number of actions replayed: the last step."""
        return len(self.final.history)

    def game_at(self, step: int) -> S:
        """A new state, the caller's to change, after the record's first ``step`` actions
        (0 … ``len(self)``)."""
        if not 0 <= step <= len(self):
            raise IndexError(f"step {step} is not between 0 and {len(self)}")
        start = step // self.every * self.every
        state = self._snapshots[start // self.every].copy()
        # The history is append-only, so the final state's holds every snapshot's.
        state.history = self.final.history[:start]
        for action in self._actions[start:step]:
            state.apply(action)  # checked already, when the record was replayed
        return state


def _without_history(state: S) -> S:
    """A copy of ``state`` that shares nothing with it and leaves its history out (each snapshot
    keeping a copy of the history would hold actions² / every entries in all)."""
    history, state.history = state.history, []
    try:
        return state.copy()
    finally:
        state.history = history
