"""The saved game: one slot in the browser's storage, written only over what this page knows.

Two tabs (or a page brought back by the browser's back/forward cache) can hold the same game.
If each simply wrote its own record, the later writer would wipe out actions the other had
confirmed — and a player could take back a shot after seeing its result. So the slot remembers
the exact text this page last read or wrote, and a save is a compare-and-swap: it writes only
while storage still holds that text. Anything else means the game went on elsewhere; the page
must then follow the stored game (the ``storage`` event says so at once) instead of saving.

Nothing here knows Mortar Hunt: the slot stores text.
"""

from __future__ import annotations

import contextlib
from typing import Protocol


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed stand-in for localStorage (tests, or when the browser gives no storage)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class StorageUnreadable(Exception):
    """The browser refused to read storage (not the same as an empty slot)."""


class SaveConflict(Exception):
    """The slot no longer holds what this page last saw: the game went on elsewhere."""


class SaveSlot:
    """``tombstone``: what the slot holds after a write the browser refused, in place of the
    older save (it must not be resumed: its player has seen what came after it)."""

    def __init__(self, storage: Storage, key: str, tombstone: str = "") -> None:
        self.storage = storage
        self.key = key
        self.tombstone = tombstone
        self.known: str | None = None  # what this page last read or wrote
        self.failed = False  # the last write was refused by the browser (quota, private mode)

    def read(self) -> str | None:
        """The stored text (None when empty); from now on this page's save continues it."""
        try:
            text = self.storage.get(self.key)
        except Exception as e:
            raise StorageUnreadable(str(e)) from None
        self.known = text
        return text

    def stale(self) -> bool:
        """True when another page has written the slot since this page last read or wrote it."""
        try:
            return self.storage.get(self.key) != self.known
        except Exception:  # unreadable now: nothing to compare, and nothing will be lost
            return False

    def write(self, text: str, *, replace: bool = False) -> None:
        """Store ``text`` if the slot still holds what this page knows (or ``replace``: the
        player chose to start over). Raises :class:`SaveConflict` otherwise, writing nothing.
        A browser that refuses the write sets ``failed`` instead (the game goes on unsaved) and
        leaves no older save behind: the slot is emptied, or holds the tombstone."""
        if not replace and self.stale():
            raise SaveConflict(self.key)
        if self._set(text):
            self.failed = False
            self.known = text
            return
        # Quota or private mode. The older save must not stay: a reload would resume it, and
        # the action just played (its result already seen) could be played again. Its room
        # may be what the new save needs; failing that, a tombstone says what happened.
        self.failed = True
        with contextlib.suppress(Exception):  # a browser that refuses even that
            self.storage.remove(self.key)
        if self._set(text):
            self.failed = False
            self.known = text
            return
        self.known = self.tombstone if self.tombstone and self._set(self.tombstone) else None
        if self.known is None:
            try:
                self.known = self.storage.get(self.key)
            except Exception:
                self.known = None

    def _set(self, text: str) -> bool:
        try:
            self.storage.set(self.key, text)
        except Exception:
            return False
        return True
