"""The page's own buttons of a game by links — browser only: Share (the device's share sheet),
Copy, and reading a QR code with the camera: the browser's ``BarcodeDetector`` where it has one,
else jsQR (static/vendor/jsqr, pinned in package.json), loaded only when the camera opens. In
play by links' archive (tools/serve.py ``LINKS``): fetched with the first game by links.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_proxy

from ..table.html import h
from ..table.words import _, game_title
from .dom import build
from .links import _js
from .page import JsObject, absent

if TYPE_CHECKING:
    from .events import App

JSQR = "./static/vendor/jsqr/jsQR.js"
SCAN_EVERY_MS = 250


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
    title = game_title(app.table.kind.game.title)
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
