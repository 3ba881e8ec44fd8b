"""The board as an element tree: 12 × 9 square buttons, seen from one player's side.

A's board has row 9 at the top and column A on the left; B's is the same frame turned 180°
(row 1 at the top, column L on the left), so each player's own half is at the bottom. Every
playable square is a ``<button data-square="C3">`` with an accessible name; what is drawn on it
is ``aria-hidden``. Pieces are told apart by flag shape (triangle, circle, square) and number,
their facing is an arrow; colour only adds to that.
"""

from __future__ import annotations

from typing import Any

from ..notation import COLUMNS, HEIGHT, Facing
from .html import El, h
from .scene import SHAPES

# Marks drawn as small symbols on a square (class, symbol). Each one is also in the label.
MARK_SYMBOLS = {
    "shot-mine-miss": "○",
    "shot-mine-hit": "",
    "shot-enemy-miss": "×",
    "shot-enemy-hit": "",
    "enemy-wreck": "✖",
    "crater": "",
    "target": "",
    "aim": "",
    "dest": "",
}


def display_order(orientation: str) -> tuple[list[int], list[str]]:
    """(rows top to bottom, columns left to right) for a player's side of the table."""
    rows = list(range(HEIGHT, 0, -1))
    columns = list(COLUMNS)
    if orientation == "B":
        rows.reverse()
        columns.reverse()
    return rows, columns


def screen_direction(facing: str, orientation: str) -> int:
    """The facing as an on-screen direction 0–7 (0 = up, clockwise), for arrows and compasses."""
    turn = 4 if orientation == "B" else 0
    return (Facing.parse(facing) + turn) % 8


def token(tok: dict[str, Any], orientation: str) -> El:
    classes = ["tok", f"p{tok['number']}", SHAPES[tok["number"]], f"own-{tok['owner'].lower()}",
               "lh" if tok["type"] == "LH" else None, "wreck" if tok["wreck"] else None,
               "ghost" if tok["ghost"] else None, "faded" if tok["faded"] else None]
    arrow = None
    if not tok["wreck"]:
        arrow = h("span", {"class": f"arrow d{screen_direction(tok['facing'], orientation)}"})
    return h("span", {"class": classes, "aria-hidden": "true"},
             h("span", {"class": "flag"}, h("span", {"class": "num"}, str(tok["number"]))), arrow)


def render_board(cells: dict[str, dict[str, Any]], orientation: str, *, label: str,
                 focus: str | None = None, interactive: bool = True) -> El:
    """The board grid. ``focus``: the square that gets the single tab stop (roving tabindex;
    the arrow keys move between squares)."""
    rows, columns = display_order(orientation)
    if focus is None:
        focus = _default_focus(cells, rows, columns)
    children: list[El] = []
    for row in rows:
        children.append(h("div", {"class": "label row-label", "aria-hidden": "true"}, str(row)))
        for column in columns:
            children.append(_square(cells[f"{column}{row}"], orientation, focus, interactive))
    children.append(h("div", {"class": "corner", "aria-hidden": "true"}))
    for column in columns:
        children.append(h("div", {"class": "label col-label", "aria-hidden": "true"}, column))
    return h("div", {"class": ["board", "game-board", f"seen-by-{orientation.lower()}"],
                     "role": "group", "aria-label": label, "data-orientation": orientation},
             children)


def _default_focus(cells: dict, rows: list[int], columns: list[str]) -> str:
    for mark in ("aim", "picked", "ghost", "sel"):
        for name, cell in cells.items():
            if mark in cell["marks"]:
                return name
    for name, cell in cells.items():
        if cell["tokens"]:
            return name
    return f"{columns[0]}{rows[-1]}"


def _square(cell: dict[str, Any], orientation: str, focus: str, interactive: bool) -> El:
    name = cell["square"]
    if cell["zone"] == "obstacle":
        return h("div", {"class": "sq obstacle", "data-square": name, "aria-hidden": "true"})
    marks = cell["marks"]
    content: list[Any] = [token(t, orientation) for t in cell["tokens"]]
    for mark in marks:
        if mark in MARK_SYMBOLS:
            content.append(h("span", {"class": f"mk mk-{mark}", "aria-hidden": "true"},
                             MARK_SYMBOLS[mark]))
    attrs = {
        "class": ["sq", f"zone-{cell['zone']}", *marks],
        "data-square": name,
        "aria-label": cell["label"],
    }
    if interactive:
        attrs.update({"type": "button", "tabindex": "0" if name == focus else "-1"})
        return h("button", attrs, content)
    attrs.update({"role": "img", "tabindex": "0" if name == focus else "-1"})
    return h("div", attrs, content)
