"""This device's save of the game at the table: the save slot (compare-and-swap, :mod:`.saves`),
the save's text (:mod:`.savefile`), and what the start screen says of it, worked out once per
saved text (the start screen is drawn again at every change of its form, and a long game takes
a while to replay)."""

from __future__ import annotations

from typing import Generic

from ..kit.steps import Steps, finish
from .kind import GameKind, S, SaveError, SeatT, Stage
from .models import SavedSummary
from .names import Names
from .savefile import Saved, loading, save_text
from .saves import SaveSlot, Storage, StorageUnreadable
from .words import _

UNSAVED = _("The last game could not be saved on this device (its storage was full), so it "
            "cannot be resumed.")


class Keeper(Generic[S, SeatT]):
    """The game's one save on this device. :meth:`write` raises
    :class:`~mortar.table.saves.SaveConflict` when another page wrote the slot since."""

    def __init__(self, kind: GameKind[S, SeatT], storage: Storage) -> None:
        self.kind = kind
        name = kind.game.name
        self.slot = SaveSlot(storage, f"{name}/save", tombstone=f'{{"app":"{name}","unsaved":true}}')
        self._summary: tuple[str | None, SavedSummary | None] | None = None  # (saved text, its summary)

    def write(self, playing: Saved[S], *, replace: bool = False) -> None:
        self.slot.write(save_text(self.kind, playing), replace=replace)

    def text(self) -> str | None:
        """The saved text as stored, or None (none, or unreadable)."""
        try:
            return self.slot.read()
        except StorageUnreadable:
            return None

    def load(self) -> Saved[S] | None:
        return finish(self.loading())

    def loading(self) -> Steps[Saved[S] | None]:
        """The saved game, replayed in steps; None when there is none. SaveError says why a
        saved game cannot be resumed."""
        try:
            text = self.slot.read()
        except StorageUnreadable as e:
            raise SaveError(_("The saved game could not be read ({reason}).").format(reason=e)) from None
        if text is None:
            return None
        if text == self.slot.tombstone:
            raise SaveError(UNSAVED)
        return (yield from loading(self.kind, text))

    def summary(self) -> SavedSummary | None:
        """What the start screen says about the saved game, or None when there is none."""
        text = self.text()
        if self._summary is not None and self._summary[0] == text:
            return self._summary[1]
        summary = self._summarize()
        self._summary = (text, summary)
        return summary

    def _summarize(self) -> SavedSummary | None:
        try:
            loaded = self.load()
        except SaveError as e:
            return {"ok": False, "lost": str(e) == UNSAVED}
        if loaded is None:
            return None
        names = Names(loaded.names, self.kind.sides, frozenset(loaded.facts.computer))
        turn = self.kind.turn(loaded.state)
        return {"ok": True, "names": {p: names.titled(p) for p in self.kind.game.players},
                "over": loaded.state.outcome is not None, "turn": turn,
                "stage": (Stage.SETUP if turn is None else Stage.PLAY).value,
                "computer": bool(loaded.facts.computer)}
