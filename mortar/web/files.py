"""Records in and out of the page — browser only: export as a file, copy to the clipboard, share
(the Web Share API), and import a file the player picked (read as bytes: text that is not
UTF-8 is refused, as the referee CLI refuses it). ``app`` is the :class:`mortar.web.events.App`.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_once_callable, to_js

from ..kit.records import MAX_RECORD_BYTES
from ..table.words import _, game_title
from .page import JsObject, absent, show_error

if TYPE_CHECKING:
    from .events import App


def export(app: App, what: str | None = None) -> None:
    """Download the record as a file; or ``copy`` it to the clipboard, or ``share`` it
    (the Web Share API with a file, where the browser has it)."""
    if what in ("copy", "share"):
        name, text = app.table.export(None)
        if what == "copy":
            copy(app, text)
        else:
            share(app, name, text)
        return
    name, text = app.table.export(what)
    options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
    blob = js.Blob.new(to_js([text]), options)
    url = js.URL.createObjectURL(blob)
    link = js.document.createElement("a")
    link.href = url
    link.download = name
    link.rel = "noopener"
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)

def say(app: App, text: str) -> None:
    if not absent(app.live):
        app.live.textContent = text
    status = app.root.querySelector(".replay-text")
    if not absent(status):
        status.textContent = text

def copy(app: App, text: str) -> None:
    async def copy() -> None:
        try:
            await js.navigator.clipboard.writeText(text)
            say(app, "The record is copied: paste it anywhere.")
        except Exception:  # no clipboard here (an insecure page, a refusal)
            say(app, "This browser would not copy the record: export it as a file.")

    asyncio.ensure_future(copy())

def share(app: App, name: str, text: str) -> None:
    async def share() -> None:
        options = to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
        file = js.File.new(to_js([text]), name, options)
        title = f"{app.table.kind.game.title} game record"
        data = to_js({"files": to_js([file]), "title": title},
                     dict_converter=js.Object.fromEntries)
        try:
            if hasattr(js.navigator, "canShare") and not js.navigator.canShare(data):
                data = to_js({"title": title, "text": text},
                             dict_converter=js.Object.fromEntries)
            await js.navigator.share(data)
        except Exception:  # cancelled, or not allowed here: the file export stays
            pass

    asyncio.ensure_future(share())

def import_file(app: App, input_el: JsObject) -> None:
    files = input_el.files
    file: JsObject = files.item(0) if not absent(files) and files.length else None
    if absent(file):
        return
    if file.size > MAX_RECORD_BYTES:
        app.table.notice = _("That file is too big to be a record of {title}.").format(
            title=game_title(app.table.kind.game.title))
        app.render()
        return

    async def read() -> None:
        try:
            # The bytes, not file.text(): that would turn bytes that are not UTF-8 into
            # U+FFFD, where the engine (and the CLI) refuse them.
            data = (await file.arrayBuffer()).to_bytes()
            app.table.import_text(data)
            app.render()
        except Exception:
            show_error("Python error while importing a record:\n" + traceback.format_exc())

    asyncio.ensure_future(read())
