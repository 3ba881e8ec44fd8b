"""Play by links' archive, fetched on first use — browser only. What a game by links needs beyond
the game itself (the kit's links, commitments and remote game, the game's own part of it, QR
codes: ``py/links/<game>.zip``, tools/serve.py ``LINKS``) is not fetched with every game: most
games are played on one device. It is fetched and unpacked beside the box's modules when a game
by links is first wanted, which the page knows before any of it is imported:

* at the start (mortar/web/main.py): a link in the address's ``#fragment``, a game by links saved
  on this device (the start screen lists them), "a person on another device" chosen on the first
  screen before Python was ready;
* on the start form: "a person on another device" chosen, a link opened or pasted
  (:func:`wanted`: the intent waits for the archive, then is done); Share, Copy or the camera
  (mortar/web/sharing.py) pressed.

Should a module of it be imported before (a way in not foreseen above), :class:`LinksFinder`
fetches it then, synchronously, as mortar/web/fallback.py does for the standard library: an
import cannot wait. The service worker keeps the archive with its game's files (static/sw.js).
"""

from __future__ import annotations

import asyncio
import io
import sys
import zipfile
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..table.remote_seat import PREFIX
from ..table.saves import Storage
from ..table.words import _
from .fallback import fetch_async, fetch_sync

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

    from .events import App

NEEDS_CONNECTION = _("Play by links is fetched the first time it is used on this device, and this device "
                     "is offline: connect, then try again.")

# The intents that begin a game by links (the table's on_<intent>): each waits for the archive.
BEGINS = frozenset({"open-link", "remote-open"})


def archive_url(game: str) -> str:
    """Where a game's links archive is, relative to the page (tools/serve.py builds it)."""
    return f"./py/links/{game}.zip"


class LinksArchive:
    """The links archive of the game being played: fetched once, unpacked into the cwd."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.here = False
        self._fetching: asyncio.Future[None] | None = None

    def _unpack(self, data: bytes) -> None:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            archive.extractall(".")  # beside the box's modules: mortar/kit/remote.py, …
        # the folders' finders must see the new files (as mortar/web/main.py's load_game)
        for finder in list(sys.path_importer_cache.values()):
            if finder is not None and hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()
        self.here = True

    async def load(self) -> None:
        """Fetch and unpack it (once: a second call waits for the first)."""
        if self.here:
            return
        if self._fetching is None:
            self._fetching = asyncio.ensure_future(self._fetch())
        await asyncio.shield(self._fetching)

    async def _fetch(self) -> None:
        try:
            data = await fetch_async(archive_url(self.game))
        except Exception:
            self._fetching = None  # (tried again next time; the intent waiting fails as it would)
            raise
        if not self.here:
            self._unpack(data)

    def load_now(self) -> None:
        """Fetch and unpack it synchronously (an import that cannot wait)."""
        if not self.here:
            self._unpack(fetch_sync(archive_url(self.game)))


class LinksFinder:
    """A meta path finder behind the path finder, installed once the game's own archive is
    unpacked: a module of the box found nowhere then is one of play by links; the archive is
    fetched (once) and the path finder asked again."""

    def __init__(self, archive: LinksArchive) -> None:
        self.archive = archive
        self.failed: str | None = None

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        from importlib.machinery import PathFinder

        if self.archive.here or self.failed is not None or not fullname.startswith("mortar."):
            return None
        try:
            self.archive.load_now()
        except Exception as exc:  # offline, say: the import fails as it would have
            self.failed = f"{type(exc).__name__}: {exc}"
            return None
        return PathFinder.find_spec(fullname, path, target)


def install(game: str) -> LinksArchive:
    """The game's links archive, its finder installed (call once its own archive is unpacked)."""
    from importlib.machinery import PathFinder

    archive = LinksArchive(game)
    # right after the path finder (Pyodide's own finders behind it raise for package names)
    at = next((i + 1 for i, f in enumerate(sys.meta_path) if f is PathFinder), len(sys.meta_path))
    sys.meta_path.insert(at, LinksFinder(archive))
    return archive


async def fetched(archive: LinksArchive) -> bool:
    """Fetch and unpack ``archive``; False when it cannot be had (offline, and never fetched:
    the service worker keeps it once it was)."""
    try:
        await archive.load()
    except Exception:
        return False
    return True


def saved_here(storage: Storage, game: str) -> bool:
    """A game by links of ``game`` is saved on this device (the start screen lists it)."""
    keys: Callable[[], list[str]] | None = getattr(storage, "keys", None)
    return keys is not None and any(key.startswith(game + PREFIX) for key in keys())


def begins(action: str, arg: str | None, value: str | None) -> bool:
    """The intent begins a game by links (or draws its start form)."""
    return action in BEGINS or (action == "field" and arg == "opponent" and value == "remote")


def then(app: App, do: Callable[[], None]) -> None:
    """``do`` now if the archive is here (or the page has none), else once it is fetched; if it
    cannot be (offline, never fetched), the page says so instead."""
    archive = app.links
    if archive is None or archive.here:
        do()
        return

    import js

    root = js.document.documentElement
    root.setAttribute("aria-busy", "true")  # (a tap is being answered: the archive is on its way)

    async def fetched_then() -> None:
        try:
            if await fetched(archive):
                do()
            else:
                app.table.notice = NEEDS_CONNECTION
                app.render()
        finally:
            root.removeAttribute("aria-busy")

    asyncio.ensure_future(fetched_then())


def wanted(app: App, archive: LinksArchive, action: str, arg: str | None, value: str | None) -> bool:
    """True when the intent must wait for the archive: it is then fetched, and the intent done
    (:meth:`App.run`) once it is here."""
    if archive.here or not begins(action, arg, value):
        return False
    then(app, lambda: app.run(action, arg, value))
    return True
