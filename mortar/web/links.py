"""Links of a game by links in the page — browser only (the table's :mod:`mortar.table.remote`
knows the game): where links point, a link arriving in the address's ``#fragment`` (which the
browser never sends to a host), the address kept on the game at the table so that a reload
comes back to it, and the times of the list in the page's language. Share, Copy and the camera
are :mod:`.sharing`'s (in play by links' archive, :mod:`.links_archive`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_proxy, to_js

from .page import JsObject, absent

if TYPE_CHECKING:
    from .events import App

ACTIONS = frozenset({"share-link", "copy-link", "scan"})
OPEN = "open="  # the address's fragment while a game by links is at the table: #open=<its id>


def _js(value: object) -> JsObject:
    return to_js(value, dict_converter=js.Object.fromEntries)


def link_base(game: str) -> str | None:
    """Where the links of this page point: the embedding page it names (``links=``, read by
    static/boot.js), else this page's own address with the game; None in a frame that does not
    offer play by links (``remote=1``)."""
    root = js.document.documentElement
    named = root.getAttribute("data-links")
    if not absent(named) and named:
        return str(named)
    if root.hasAttribute("data-embedded") and root.getAttribute("data-remote") != "1":
        return None
    location = js.window.location
    return f"{location.origin}{location.pathname}?game={game}"


def fragment() -> str:
    """The address's fragment, without its ``#``."""
    return str(js.window.location.hash or "").removeprefix("#")


def arrived(app: App, fragment: str) -> bool:
    """The address's fragment at page load or when it changes: a link to open, or a game by
    links of this device to go back to. True when it named one."""
    if not fragment:
        return False
    if fragment.startswith(OPEN):
        app.run("remote-open", fragment[len(OPEN):])
    else:
        _forget_fragment()  # (a link is opened once: a reload must not open it again)
        app.run("open-link", fragment)
    return True


def _forget_fragment() -> None:
    location = js.window.location
    js.window.history.replaceState(js.window.history.state, "", f"{location.pathname}{location.search}")


def keep_address(app: App) -> None:
    """The address says which game by links is at the table (``#open=<id>``), none otherwise."""
    remote = app.table.remote
    want = f"#{OPEN}{remote.game.game_id}" if remote is not None else ""
    location = js.window.location
    current = str(location.hash or "")
    if current == want or (not want and not current.startswith("#" + OPEN)):
        return
    js.window.history.replaceState(js.window.history.state, "", f"{location.pathname}{location.search}{want}")


def install(app: App) -> None:
    proxy = create_proxy(app._guard(lambda *_: arrived(app, fragment())))
    app._proxies.append(proxy)
    js.window.addEventListener("hashchange", proxy)


def after_render(app: App) -> None:
    """What only the page can do to a screen just drawn: the list's times in the page's
    language, no Share where the device has no share sheet."""
    root = app.root
    if not hasattr(js.navigator, "share"):
        for el in root.querySelectorAll(".share-link, [data-action='share-link']"):
            el.setAttribute("hidden", "")
    times = root.querySelectorAll("time[data-when]")
    if times.length:
        lang = js.document.documentElement.lang or "en"
        try:
            words = js.Intl.RelativeTimeFormat.new(lang, _js({"numeric": "auto"}))
        except Exception:
            words = None
        now = js.Date.now()
        for el in times:
            when = float(el.getAttribute("data-when"))
            el.textContent = _ago(words, (when - now) / 1000) if words is not None else el.textContent
    keep_address(app)


def _ago(words: JsObject, seconds: float) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if abs(seconds) >= size:
            return str(words.format(round(seconds / size), unit))
    return str(words.format(0, "minute"))
