"""Links of a game by links in the page — browser only (the table's :mod:`mortar.table.remote`
knows the game): where links point, a link arriving in the address's ``#fragment`` (which the
browser never sends to a host), the address kept on the game at the table so that a reload
comes back to it, Share (the device's share sheet) and Copy, the times of the list in the page's
language, and reading a QR code with the camera: the browser's ``BarcodeDetector`` where it has
one, else jsQR (static/vendor/jsqr, pinned in package.json), loaded only when the camera opens.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_proxy, to_js

from ..table.html import h
from ..table.words import _
from .dom import build
from .page import JsObject, absent

if TYPE_CHECKING:
    from .events import App

ACTIONS = frozenset({"share-link", "copy-link", "scan"})
OPEN = "open="  # the address's fragment while a game by links is at the table: #open=<its id>
JSQR = "./static/vendor/jsqr/jsQR.js"
SCAN_EVERY_MS = 250


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


def handle(app: App, action: str, el: JsObject) -> None:
    """The page's own buttons of a game by links."""
    if action == "scan":
        Scanner(app).open()
        return
    text = app.table.link_to_send()
    if not text:
        return
    if action == "copy-link":
        asyncio.ensure_future(_copy(app, text))
    else:
        asyncio.ensure_future(_share(app, text))


def _say(app: App, text: str) -> None:
    if not absent(app.live):
        app.live.textContent = text


async def _copy(app: App, text: str) -> None:
    try:
        await js.navigator.clipboard.writeText(text)
        _say(app, _("The link is copied: paste it in a message."))
    except Exception:  # no clipboard here (an insecure page, a refusal): the text is selected
        field = app.root.querySelector(".link-text")
        if not absent(field):
            field.focus()
            field.select()
        _say(app, _("Select the link and copy it."))


async def _share(app: App, text: str) -> None:
    title = app.table.kind.game.title
    with contextlib.suppress(Exception):  # cancelled, or not allowed here: Copy and the QR code stay
        await js.navigator.share(_js({"title": title, "url": text}))


class Scanner:
    """The camera over the page, reading a QR code: the link found is opened as if tapped."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.stream: JsObject = None
        self.box: JsObject = None
        self.timer: JsObject = None
        self.detector: JsObject = None
        self.canvas: JsObject = None
        self._tick = create_proxy(app._guard(lambda *_: asyncio.ensure_future(self.look())))

    def open(self) -> None:
        self.box = build(h("div", {"class": "scanner", "role": "dialog", "aria-modal": "true",
                                   "aria-label": _("Scan a QR code")},
                           h("video", {"class": "scanner-video", "playsinline": True, "muted": True}),
                           h("p", {"class": "scanner-status", "role": "status"},
                             _("Point the camera at the QR code on the other device.")),
                           h("button", {"type": "button", "class": "scanner-close"}, _("Cancel"))))
        close = create_proxy(lambda *_: self.close())
        self.app._proxies.append(close)
        self.box.querySelector(".scanner-close").addEventListener("click", close)
        js.document.body.appendChild(self.box)
        self.box.querySelector(".scanner-close").focus()
        asyncio.ensure_future(self.start())

    def _status(self, text: str) -> None:
        if self.box is not None:
            self.box.querySelector(".scanner-status").textContent = text

    async def start(self) -> None:
        try:
            devices = js.navigator.mediaDevices
            self.stream = await devices.getUserMedia(_js({"video": {"facingMode": "environment"},
                                                          "audio": False}))
        except Exception:
            self._status(_("The camera could not be opened here. Open the link from the message, or "
                           "paste it."))
            return
        if self.box is None:  # closed while the camera was asked for
            self._stop_stream()
            return
        video = self.box.querySelector("video")
        video.srcObject = self.stream
        with contextlib.suppress(Exception):  # (it plays when it can)
            await video.play()
        await self._decoder()
        self.timer = js.setTimeout(self._tick, SCAN_EVERY_MS)

    async def _decoder(self) -> None:
        detector = getattr(js.window, "BarcodeDetector", None)
        if detector is not None and not absent(detector):
            try:
                formats = await detector.getSupportedFormats()
                if "qr_code" in list(formats.to_py()):
                    self.detector = detector.new(_js({"formats": ["qr_code"]}))
                    return
            except Exception:
                pass
        if absent(getattr(js.window, "jsQR", None)):
            await _load_script(JSQR)

    async def look(self) -> None:
        if self.box is None:
            return
        video = self.box.querySelector("video")
        found = None
        try:
            if self.detector is not None:
                codes = await self.detector.detect(video)
                found = str(codes[0].rawValue) if codes.length else None
            elif video.videoWidth:
                found = self._jsqr(video)
        except Exception:
            found = None
        if found:
            self.close()
            self.app.run("open-link", found)
            return
        self.timer = js.setTimeout(self._tick, SCAN_EVERY_MS)

    def _jsqr(self, video: JsObject) -> str | None:
        width, height = video.videoWidth, video.videoHeight
        if self.canvas is None:
            self.canvas = js.document.createElement("canvas")
        self.canvas.width, self.canvas.height = width, height
        context = self.canvas.getContext("2d", _js({"willReadFrequently": True}))
        context.drawImage(video, 0, 0, width, height)
        image = context.getImageData(0, 0, width, height)
        code = js.window.jsQR(image.data, width, height)
        return None if absent(code) else str(code.data)

    def _stop_stream(self) -> None:
        if self.stream is not None:
            for track in self.stream.getTracks():
                track.stop()
            self.stream = None

    def close(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None
        self._stop_stream()
        if self.box is not None:
            self.box.remove()
            self.box = None


async def _load_script(src: str) -> None:
    """A script of the page's own, once (jsQR: fetched only when a camera has no detector)."""
    future: asyncio.Future[None] = asyncio.get_event_loop().create_future()
    script = js.document.createElement("script")
    script.src = src
    def done(*_args: object) -> None:
        if not future.done():
            future.set_result(None)

    for event in ("load", "error"):  # (an error is said when jsQR is then missing)
        script.addEventListener(event, create_proxy(done))
    js.document.head.appendChild(script)
    await future
