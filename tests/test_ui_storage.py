"""Where the browser game is saved (mortar/web/main.py): localStorage when the browser allows
it, else memory with a one-line notice (a frame on another site, storage disabled)."""

from __future__ import annotations

from mortar.games.mortar_hunt.table.kind import MortarHuntKind
from mortar.table.saves import MemoryStorage
from mortar.table.table import Table
from mortar.web.main import NO_SAVE_NOTICE, LocalStorage, choose_storage


class FakeLocalStorage:
    def __init__(self, *, writable: bool = True) -> None:
        self.items: dict[str, str] = {}
        self.writable = writable

    def getItem(self, key):  # noqa: N802 - the Web Storage API's names
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        if not self.writable:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


class Window:
    def __init__(self, storage=None, error: Exception | None = None) -> None:
        self._storage, self._error = storage, error

    @property
    def localStorage(self):  # noqa: N802
        if self._error is not None:
            raise self._error
        return self._storage


def test_local_storage_when_it_works_and_no_probe_is_left():
    ls = FakeLocalStorage()
    storage, notice = choose_storage(Window(ls))
    assert isinstance(storage, LocalStorage) and notice is None
    assert ls.items == {}


def test_blocked_storage_plays_in_memory_and_says_so():
    # Chromium, framed by another site: reading window.localStorage throws SecurityError
    storage, notice = choose_storage(Window(error=RuntimeError("SecurityError: Access is denied")))
    assert isinstance(storage, MemoryStorage) and notice == NO_SAVE_NOTICE
    flow = Table(MortarHuntKind(), storage)
    flow.restore()
    flow.dispatch("new-game")
    assert storage.get("mortar-hunt/save") is not None  # the game lives on in memory


def test_missing_storage_plays_in_memory():
    storage, notice = choose_storage(Window(None))
    assert isinstance(storage, MemoryStorage) and notice == NO_SAVE_NOTICE


def test_read_only_storage_still_resumes_the_saved_game():
    source = MemoryStorage()
    flow = Table(MortarHuntKind(), source)
    flow.dispatch("new-game")
    ls = FakeLocalStorage(writable=False)
    ls.items.update(source.data)
    storage, notice = choose_storage(Window(ls))
    assert isinstance(storage, LocalStorage) and notice == NO_SAVE_NOTICE
    resumed = Table(MortarHuntKind(), storage)
    resumed.restore()
    assert resumed.screen == "curtain"
