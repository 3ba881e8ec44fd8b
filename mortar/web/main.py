"""Browser entry point: load the game being played, seat it at the table, restore its saved game,
do what the person did on the first screen drawn before Python (static/shell.js), wire events,
then mark the page ready (``<html data-ready="1">``: the tests and benchmarks wait for it)."""

from __future__ import annotations

import gc
import importlib
import importlib.util
import sys
import traceback
from dataclasses import replace
from typing import TYPE_CHECKING

from .. import games
from ..table.early import Early, apply
from ..table.saves import MemoryStorage, Storage
from ..table.table import Table
from ..table.words import _
from .embed import Publisher

if TYPE_CHECKING:
    from ..table.kind import AnyKind
    from .page import JsObject


class LocalStorage:
    """localStorage behind the small interface :class:`mortar.table.saves.SaveSlot` uses."""

    def __init__(self, storage: JsObject) -> None:
        self.storage = storage

    def get(self, key: str) -> str | None:
        value = self.storage.getItem(key)
        return value if isinstance(value, str) else None  # null arrives as jsnull

    def set(self, key: str, value: str) -> None:
        self.storage.setItem(key, value)

    def remove(self, key: str) -> None:
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        """Every key stored (the games by links are listed from theirs)."""
        storage = self.storage
        return [str(storage.key(i)) for i in range(storage.length)]


NO_SAVE_NOTICE = _("This game will not be saved here: closing or reloading the page ends it.")
PROBE_KEY = "box/probe"
DEFAULT_GAME = "mortar-hunt"  # the address of old, before the box: it played Mortar Hunt
THINK_BUDGET = 0.04  # seconds the computer thinks at a time: the page never blocks for long


def choose_storage(window: JsObject) -> tuple[Storage, str | None]:
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


def first_screen_choices(window: JsObject) -> tuple[Early, JsObject, bool]:
    """What the person did on the first screen before Python was ready (``window.boxFirstScreen``,
    static/shell.js; from now on the page's form is Python's): the choices, the file input of a
    record picked to review (or None), and whether that screen is on show (the start screen is
    then drawn over it as over Python's own: the focus stays, nothing scrolls)."""
    from .page import absent

    handle = getattr(window, "boxFirstScreen", None)
    if handle is None or absent(handle):
        return Early(), None, False
    taken = handle.take()
    fields = tuple((str(name), str(value)) for name, value in taken.fields.to_py())
    pressed = None if absent(taken.pressed) else str(taken.pressed)
    picked = None if absent(taken.file) else taken.file
    return Early(fields, pressed), picked, bool(taken.shown)


def chosen_game(document: JsObject) -> str:
    """The game this page plays: named by static/boot.js from the address (``?game=``)."""
    return str(document.documentElement.getAttribute("data-game") or DEFAULT_GAME)


async def start() -> None:
    """Load the game being played (its archive only), seat it at the table, draw the first
    screen, then mark the page ready."""
    import js

    from . import files, links, links_archive
    from .dom import build
    from .events import App
    from .page import show_error

    document = js.document
    try:
        name = chosen_game(document)
        kind = await load_game(name)
        # play by links comes in an archive of its own, fetched when a game by links is wanted:
        # here when the page opens on one (a link, a game by links saved here, the first screen's
        # choice), else when the start form asks for one (App.run)
        archive = links_archive.install(name)
        if kind.symbols is not None:  # the drawings its pieces <use>
            document.body.prepend(build(kind.symbols))
        storage, no_save = choose_storage(js.window)
        publisher = Publisher(kind.game.name, kind.game.players, kind.public)
        table = Table(kind, storage, notify=publisher.notify, think_budget=THINK_BUDGET,
                      titles={e.name: e.title for e in games.entries()},
                      link_base=links.link_base(kind.game.name))
        arrived = links.fragment()  # a link, or a game by links to go back to
        offline = False  # play by links wanted, its archive never fetched, and no connection
        if arrived or links_archive.saved_here(storage, name):  # (the start screen lists those)
            offline = not await links_archive.fetched(archive)
            if offline:
                arrived = ""
        if not arrived:
            table.restore()
        early, picked, on_show = first_screen_choices(js.window)
        remote = any(links_archive.begins("field", *field) for field in early.fields)
        if not arrived and remote and not await links_archive.fetched(archive):
            offline = True
            early = replace(early, fields=tuple(field for field in early.fields
                                                if not links_archive.begins("field", *field)))
        if not arrived:  # (what was done on the first screen before Python: its start form)
            apply(table, early)
        if offline:  # (the link stays in the address: a reload once connected opens it)
            needs = links_archive.NEEDS_CONNECTION
            table.notice = f"{table.notice} {needs}" if table.notice else needs
        # The modules and a restored game stay for the page's life: no later collection walks
        # them again (after a long game's reload that collection alone cost a first decision).
        gc.freeze()
        if no_save:  # said once, on the first screen, beside any notice about a saved game
            table.notice = f"{table.notice} {no_save}" if table.notice else no_save
        app = App(document.getElementById("app"), table, live=document.getElementById("announcer"))
        app.links = archive
        app.install()
        links.install(app)
        if on_show and table.screen == "start" and not arrived:
            app.adopt("start")
        app.render()
        if arrived:
            links.arrived(app, arrived)
        elif early.pressed == "import" and picked is not None:
            files.import_file(app, picked)
        app.idle(kind.warm_up())  # e.g. the computer's geometry, filled in between taps
        start.app = app  # type: ignore[attr-defined]  # keep the app (and its event proxies) alive
    except Exception:
        show_error("The game could not start:\n" + traceback.format_exc())
        return
    boot = document.getElementById("boot")
    if boot is not None:
        boot.hidden = True
    document.documentElement.setAttribute("data-ready", "1")


async def load_game(name: str) -> AnyKind:
    """The game's table plug-in, its archive fetched and unpacked first unless the page has it
    (each game's code is fetched only when that game is played)."""
    entry = games.entry(name)
    if importlib.util.find_spec(entry.package) is None:
        import io
        import zipfile

        import js

        early = getattr(js.window, "boxArchive", None)  # fetched by static/boot.js at once
        response = await (early if early is not None and name == chosen_game(js.document)
                          else js.fetch(archive_url(name)))
        if not response.ok:
            raise RuntimeError(f"could not load {name} (HTTP {response.status})")
        data = (await response.arrayBuffer()).to_bytes()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            archive.extractall(".")  # beside the box's own modules: mortar/games/<game>/
        # The folders' finders must see the new files. (Not importlib.invalidate_caches(): it
        # imports importlib.metadata, and the e-mail package with it.)
        for finder in list(sys.path_importer_cache.values()):
            if finder is not None and hasattr(finder, "invalidate_caches"):
                finder.invalidate_caches()
    return games.table(name)


def archive_url(name: str) -> str:
    """Where a game's archive is, relative to the page (tools/serve.py builds it)."""
    return f"./py/games/{name}.zip"
