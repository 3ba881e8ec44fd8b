"""The board as an element tree: 12 × 9 square buttons, seen from one player's side.

A's board has row 9 at the top and column A on the left; B's is the same frame turned 180°
(row 1 at the top, column L on the left), so each player's own half is at the bottom. Every
playable square is a ``<button data-square="C3">`` with an accessible name; what is drawn on it
is ``aria-hidden``. A piece is drawn as what it is (a heavy mortar's short thick tube, a light
howitzer's long barrel) turned to its facing, with the flag of the physical game (triangle,
circle, square) and its number; a wreck lies on its side. Colour only adds to that.
"""

from __future__ import annotations

from typing import Any

from ..games.mortar_hunt.notation import COLUMNS, HEIGHT, Facing
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


# The drawings of the pieces are <symbol>s defined once in index.html (ids below), pointing up
# (facing the top of the screen); each token is a <use> of one of them, turned by a CSS class
# (d0-d7, see screen_direction), with its flag (shape + number) upright at the piece's rear.
PIECE_SYMBOL = {"HM": "piece-hm", "LH": "piece-lh"}
WRECK_SYMBOL = "piece-wreck"


def piece_drawing(type_name: str, *, wreck: bool = False) -> El:
    """The drawing of a piece (``HM``/``LH``), or of a wreck lying on its side; decorative
    (``aria-hidden``): the square's accessible name says what it is."""
    symbol = WRECK_SYMBOL if wreck else PIECE_SYMBOL[type_name]
    return h("svg", {"class": "veh", "viewBox": "0 0 32 32", "aria-hidden": "true",
                     "focusable": "false"},
             h("use", {"href": f"#{symbol}"}))


def token(tok: dict[str, Any], orientation: str) -> El:
    """A piece on a square: the vehicle turned to its facing as seen from ``orientation``'s
    side of the table, and its flag. Hidden enemy pieces never reach here (the board only gets
    the acting player's view)."""
    classes = ["tok", f"p{tok['number']}", SHAPES[tok["number"]], f"own-{tok['owner'].lower()}",
               tok["type"].lower(), "wreck" if tok["wreck"] else None,
               "ghost" if tok["ghost"] else None, "faded" if tok["faded"] else None,
               None if tok["wreck"] else f"d{screen_direction(tok['facing'], orientation)}"]
    return h("span", {"class": classes, "aria-hidden": "true"},
             piece_drawing(tok["type"], wreck=tok["wreck"]),
             h("span", {"class": "flag"}, h("span", {"class": "num"}, str(tok["number"]))))


HEAT_STEPS = (0.5, 0.3, 0.15, 0.07, 0.02)  # radar heat p -> shade 5..1


def heat_level(p: float) -> int:
    for i, step in enumerate(HEAT_STEPS):
        if p >= step:
            return len(HEAT_STEPS) - i
    return 0


def radar_marks(radar: dict[str, Any] | None) -> dict[str, tuple[list[str], list[El]]]:
    """The radar drawn on squares: heat shades of the enemy half, the possible origins of the
    last enemy shot outlined, exposure badges on own pieces. Shown only while the player has
    the radar switched on (``.radar-on`` on the app, see app.css)."""
    out: dict[str, tuple[list[str], list[El]]] = {}
    if not radar:
        return out

    def at(square: str) -> tuple[list[str], list[El]]:
        return out.setdefault(square, ([], []))

    for square, p in (radar.get("heat") or {}).items():
        level = heat_level(p)
        if level:
            at(square)[0].append(f"heat-{level}")
    last = radar.get("last_shot")
    for square in (last or {}).get("squares", ()):
        at(square)[0].append("origin")
    for e in radar.get("exposure") or ():
        at(e["square"])[1].append(h("span", {"class": ["exposure", f"exp-{e['level']}"],
                                             "aria-hidden": "true"}, "!"))
    return out


def render_board(cells: dict[str, dict[str, Any]], orientation: str, *, label: str,
                 focus: str | None = None, interactive: bool = True,
                 radar: dict[str, Any] | None = None, extra: Any = None) -> El:
    """The board grid. ``focus``: the square that gets the single tab stop (roving tabindex;
    the arrow keys move between squares). ``radar``: the acting player's radar model, drawn
    as an overlay (hidden until switched on). ``extra``: more children over the board (the
    review's shot lines)."""
    rows, columns = display_order(orientation)
    if focus is None:
        focus = _default_focus(cells, rows, columns)
    marks = radar_marks(radar)
    children: list[El] = []
    for row in rows:
        children.append(h("div", {"class": "label row-label", "aria-hidden": "true"}, str(row)))
        for column in columns:
            name = f"{column}{row}"
            children.append(_square(cells[name], orientation, focus, interactive, marks.get(name)))
    children.append(h("div", {"class": "corner", "aria-hidden": "true"}))
    for column in columns:
        children.append(h("div", {"class": "label col-label", "aria-hidden": "true"}, column))
    return h("div", {"class": ["board", "game-board", f"seen-by-{orientation.lower()}"],
                     "role": "group", "aria-label": label, "data-orientation": orientation},
             children, extra)


def _default_focus(cells: dict, rows: list[int], columns: list[str]) -> str:
    for mark in ("aim", "picked", "ghost", "sel"):
        for name, cell in cells.items():
            if mark in cell["marks"]:
                return name
    for name, cell in cells.items():
        if cell["tokens"]:
            return name
    return f"{columns[0]}{rows[-1]}"


def _square(cell: dict[str, Any], orientation: str, focus: str, interactive: bool,
            radar: tuple[list[str], list[El]] | None = None) -> El:
    name = cell["square"]
    if cell["zone"] == "obstacle":
        return h("div", {"class": "sq obstacle", "data-square": name, "aria-hidden": "true"})
    marks = cell["marks"]
    radar_classes, radar_content = radar or ([], [])
    content: list[Any] = [*(token(t, orientation) for t in cell["tokens"]), *radar_content]
    for mark in marks:
        if mark in MARK_SYMBOLS:
            content.append(h("span", {"class": f"mk mk-{mark}", "aria-hidden": "true"},
                             MARK_SYMBOLS[mark]))
    attrs = {
        "class": ["sq", f"zone-{cell['zone']}", *marks, *radar_classes],
        "data-square": name,
        "aria-label": cell["label"],
    }
    if interactive:
        attrs.update({"type": "button", "tabindex": "0" if name == focus else "-1"})
        return h("button", attrs, content)
    attrs.update({"role": "img", "tabindex": "0" if name == focus else "-1"})
    return h("div", attrs, content)
