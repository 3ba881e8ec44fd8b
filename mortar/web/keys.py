"""The keyboard, browser only: Escape closes a question or drops a choice, Tab stays inside a
question until it is answered, a key held down from the last screen never presses a hand-over
button, a button's own key presses it (``data-shortcut``), ? opens the rules, and the arrow keys
walk a board's squares (one roving tab stop)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import js

from .page import JsObject, absent

if TYPE_CHECKING:
    from .events import App

ARROW_KEYS = {"ArrowUp": (0, 1), "ArrowDown": (0, -1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
PRESS_KEYS = ("Enter", " ")  # keys that activate a focused button


class Keys:
    def __init__(self, app: App) -> None:
        self.app = app
        self.down_at: float | None = None  # when the press of Enter or Space now held began

    def up(self, event: JsObject) -> None:
        if event.key in PRESS_KEYS:
            self.down_at = None

    def down(self, event: JsObject) -> None:
        el = event.target
        if event.key == "Escape" and not event.repeat:  # a question closed, a choice dropped
            if self.app.table.dispatch("cancel"):
                event.preventDefault()
                self.app.restate = True  # what to do now, said again: the Escape is heard
                self.app.render()
            return
        if event.key == "Tab" and self._trap(event):
            return
        if event.key in PRESS_KEYS:
            if not event.repeat:
                self.down_at = event.timeStamp
            elif el.hasAttribute("data-arm"):
                event.preventDefault()  # auto-repeat must not activate a hand-over button
            return
        if self._shortcut(event):
            return
        delta = ARROW_KEYS.get(event.key)
        if delta is None or not el.hasAttribute("data-col"):
            return
        board = el.closest(".game-board")
        if absent(board):
            return
        flip = -1 if board.classList.contains("turned") else 1
        column, row = int(el.getAttribute("data-col")), int(el.getAttribute("data-row"))
        columns, rows = int(board.getAttribute("data-cols")), int(board.getAttribute("data-rows"))
        dc, dr = delta[0] * flip, delta[1] * flip
        while True:
            column, row = column + dc, row + dr
            if not (0 <= column < columns and 0 <= row < rows):
                return
            target = board.querySelector(f'[data-col="{column}"][data-row="{row}"][tabindex]')
            if not absent(target):
                break  # a cell with no square (an obstacle, no tile) is stepped over
        event.preventDefault()
        el.setAttribute("tabindex", "-1")
        target.setAttribute("tabindex", "0")
        self.app.last_square = target.getAttribute("data-square")
        target.focus()

    def _trap(self, event: JsObject) -> bool:
        """A question asked in place (resign? a draw?) keeps Tab within it until answered."""
        box = event.target.closest('[role="alertdialog"]')
        if absent(box):
            box = self.app.root.querySelector('[role="alertdialog"]')
            if absent(box):
                return False
        controls = box.querySelectorAll("button:not([disabled])")
        if controls.length == 0:
            return False
        first, last = controls.item(0), controls.item(controls.length - 1)
        target = None
        if event.shiftKey and (event.target == first or not box.contains(event.target)):
            target = last
        elif not event.shiftKey and (event.target == last or not box.contains(event.target)):
            target = first
        if target is None:
            return False
        event.preventDefault()
        target.focus()
        return True

    def _shortcut(self, event: JsObject) -> bool:
        """A button's own key (``data-shortcut``: a piece's number, F to fire…) presses it while
        it is enabled; ? opens the rules (not while typing)."""
        if event.ctrlKey or event.metaKey or event.altKey or event.repeat:
            return False
        if event.target.tagName in ("INPUT", "TEXTAREA", "SELECT"):
            return False
        key = str(event.key)
        if key == "?":
            try:
                js.window.mortarRules.open()
            except Exception:  # no shell (tests): the Rules link still works
                return False
            event.preventDefault()
            return True
        if len(key) != 1 or not (key.isalnum() or key in "+-"):  # (+ and -: a view's zoom)
            return False
        target = self.app.root.querySelector(f'[data-shortcut="{key.lower()}"]:not([disabled])')
        if absent(target):
            return False
        event.preventDefault()
        target.click()
        target = self.app.root.querySelector(f'[data-key="{target.getAttribute("data-key")}"]')
        if not absent(target):
            target.focus()
        return True
