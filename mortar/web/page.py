"""Small helpers of the page itself — browser only."""

from __future__ import annotations

from typing import Any, TypeAlias

import js
from pyodide.ffi import jsnull

# A JavaScript object as Pyodide hands it over (an element, an event, a window): the `js`
# module is untyped, so this is the one place the browser's objects enter the types as Any.
JsObject: TypeAlias = Any


def absent(value: JsObject) -> bool:
    """JavaScript null arrives as ``jsnull`` (falsy, but not None) in current Pyodide."""
    return value is None or value is jsnull


def show_error(text: str) -> None:
    """Show a Python error in the page's error panel (static/boot.js)."""
    try:
        js.window.mortarShowError(text)
    except Exception:  # the shell's panel is missing: at least the console has it
        js.console.error(text)
