"""Browser entry point: build the UI, restore the saved game, wire events, then mark the page
ready (``<html data-ready="1">``: the tests and benchmarks wait for it)."""

from __future__ import annotations

import traceback

from .saves import MemoryStorage, Storage


class LocalStorage:
    """localStorage behind the small interface :class:`mortar.ui.saves.SaveSlot` uses."""

    def __init__(self, storage) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None  # null arrives as jsnull

    def set(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)


NO_SAVE_NOTICE = "This game will not be saved here: closing or reloading the page ends it."
PROBE_KEY = "mortar-hunt/probe"


def choose_storage(window) -> tuple[Storage, str | None]:
    """The storage the game is saved in, and the notice to show once when it cannot be saved.

    localStorage may be missing, throw on access (a frame on another site, storage disabled,
    a sandboxed frame) or refuse writes (quota, some private modes). Without it the game plays
    in memory; when only writes fail, the saved game can still be resumed from it."""
    try:
        storage = LocalStorage(window.localStorage)
        storage.get(PROBE_KEY)
    except Exception:  # no storage at all: play without saving
        return MemoryStorage(), NO_SAVE_NOTICE
    try:
        storage.set(PROBE_KEY, "1")
        storage.remove(PROBE_KEY)
    except Exception:  # reads only: resume works, saving does not
        return storage, NO_SAVE_NOTICE
    return storage, None


def _notify(kind: str, data: dict) -> None:
    try:
        from . import embed

        embed.notify(kind, data)
    except Exception:  # an embedding problem must never stop the game
        import js  # type: ignore[import-not-found]

        js.console.warn("mortar embed notify failed: " + traceback.format_exc())


def start() -> None:
    import js  # type: ignore[import-not-found]

    from .events import App, show_error
    from .hunt import Hunt
    from .table import Table

    document = js.document
    try:
        storage, no_save = choose_storage(js.window)
        flow = Table(Hunt(), storage, notify=_notify)
        flow.restore()
        if no_save:  # said once, on the first screen, beside any notice about a saved game
            flow.notice = f"{flow.notice} {no_save}" if flow.notice else no_save
        app = App(document.getElementById("app"), flow, live=document.getElementById("announcer"))
        app.install()
        app.render()
        app.idle(flow.kind.warm_up())  # the computer's geometry, filled in between taps
        start.app = app  # keep the app (and its event proxies) alive
    except Exception:
        show_error("The game could not start:\n" + traceback.format_exc())
        return
    boot = document.getElementById("boot")
    if boot is not None:
        boot.hidden = True
    document.documentElement.setAttribute("data-ready", "1")
