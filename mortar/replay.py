"""A record replayed once and kept for stepping through it, as the review screen does.

Replaying a record from the start for every step made each step of a 22,000-action record take
11 s in the page (issue 7). :class:`Replay` checks the record once, keeping a snapshot of the
game every ``every`` actions; the game at any step is then the nearest snapshot before it plus
fewer than ``every`` actions, whatever the record's length.
"""

from __future__ import annotations

from .game import Game
from .record import Record
from .rules import Loadout

EVERY = 64  # actions between snapshots: a step costs at most 63 applies (~1 ms in CPython)


class Replay:
    """``record`` replayed with ``loadout`` (default: inferred from its pieces).

    Raises :class:`mortar.record.RecordIllegalError` as :meth:`Record.replay` does. ``final``
    is the whole record replayed; :meth:`game_at` gives the game after any number of actions.
    """

    def __init__(self, record: Record, loadout: Loadout | None = None, every: int = EVERY) -> None:
        if every < 1:
            raise ValueError("snapshots must be at least one action apart")
        self.record = record
        self.every = every
        self._snapshots: list[Game] = []
        game = Game()
        for step, game in enumerate(record.replaying(loadout)):
            if step % every == 0:
                self._snapshots.append(_without_history(game))
        self.final: Game = game

    def __len__(self) -> int:
        """The number of actions replayed: the last step."""
        return len(self.final.history)

    def game_at(self, step: int) -> Game:
        """A new game, the caller's to change, after the record's first ``step`` actions
        (0 … ``len(self)``)."""
        if not 0 <= step <= len(self):
            raise IndexError(f"step {step} is not between 0 and {len(self)}")
        start = step // self.every * self.every
        game = self._snapshots[start // self.every].copy()
        # The history is append-only, so the final game's holds every snapshot's.
        game.history = self.final.history[:start]
        for entry in self.record.actions[start:step]:
            game.apply(entry.action)  # checked already, when the record was replayed
        return game


def _without_history(game: Game) -> Game:
    """A copy of ``game`` that shares nothing with it and leaves its history out (each snapshot
    keeping a copy of the history would hold actions² / every entries in all)."""
    history, game.history = game.history, []
    try:
        return game.copy()
    finally:
        game.history = history
