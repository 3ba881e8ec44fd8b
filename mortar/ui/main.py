"""Browser entry point: build the UI, restore the saved game, wire events, then mark the page
ready (``<html data-ready="1">``: the tests and benchmarks wait for it)."""

from __future__ import annotations

import traceback


class LocalStorage:
    """localStorage behind the small interface :class:`mortar.ui.flow.Flow` uses."""

    def __init__(self, storage) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None  # null arrives as jsnull

    def set(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)


def _storage():
    import js  # type: ignore[import-not-found]

    from .flow import MemoryStorage

    try:
        storage = LocalStorage(js.window.localStorage)
        storage.get("mortar-hunt/probe")
        return storage
    except Exception:  # disabled storage (some private modes): play without saving
        return MemoryStorage()


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
    from .flow import Flow

    document = js.document
    try:
        flow = Flow(_storage(), notify=_notify)
        flow.restore()
        app = App(document.getElementById("app"), flow, live=document.getElementById("announcer"))
        app.install()
        app.render()
        start.app = app  # keep the app (and its event proxies) alive
    except Exception:
        show_error("The game could not start:\n" + traceback.format_exc())
        return
    boot = document.getElementById("boot")
    if boot is not None:
        boot.hidden = True
    document.documentElement.setAttribute("data-ready", "1")
