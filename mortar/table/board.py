"""A board as an element tree: cells and tokens of any grid, knowing no rule (as chessground's
board knows no chess: the game passes what may be chosen, marked on the cells).

A game builds a :class:`BoardView` from one player's seat and draft: the squares of its grid
(any width × height, or the cells of an unbounded grid that hold a tile), what stands on each,
marks (classes, some drawn as small glyphs), each cell's accessible name, and arrows between
cells (a last move, a shot). The widget lays them out, turned 180° for the player who sits at
the far side, with row and column labels, one roving tab stop, and the arrows drawn by the
event layer from the cells' places on screen.

Every usable square is a ``<button data-square="C3" data-col data-row>`` (a ``div`` with
``role="img"`` when the board is only looked at); what is drawn on it is ``aria-hidden``. A
cell with no square (an obstacle row, a forbidden square, no tile) is ``aria-hidden`` too.
Two classes mean the same in every game: ``pickable``, a cell the player may tap now, and
``chosen``, the one picked. A tap on any other cell picks nothing: the game says why, in words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from .html import El, h


@dataclass(frozen=True)
class Token:
    """Something standing on a cell: a piece. ``symbol``: the id of an ``<svg><symbol>`` of the
    page drawn as it, turned to the on-screen direction ``turn`` (0 up … 7, clockwise: class
    ``dN``); ``badge``: a short text on it (a number, a rank) drawn upright."""

    classes: tuple[str, ...] = ()
    symbol: str | None = None
    turn: int | None = None
    badge: str | None = None
    badge_classes: tuple[str, ...] = ()


@dataclass
class Cell:
    """One cell of the board as one player sees it now."""

    name: str  # as the game writes it ("C3"): data-square, what a tap sends
    label: str  # the accessible name: everything drawn here, in words
    void: bool = False  # no square here (an obstacle, a forbidden square, no tile)
    classes: list[str] = field(default_factory=list)  # zone, marks: also styled by the game
    tokens: list[Token] = field(default_factory=list)
    glyphs: list[tuple[str, str]] = field(default_factory=list)  # (mark, symbol) drawn small
    extra: list[El] = field(default_factory=list)  # more drawn content (an aid's badges)


@dataclass(frozen=True)
class Window:
    """The part of an unbounded grid a board shows (a board of tiles that moves and grows):
    columns ``x0`` … ``x0 + width - 1`` and rows ``y0`` … ``y0 + height - 1`` of the grid, rows
    numbered north. A game keeps one per screen: fitted to its cells, panned and zoomed."""

    x0: int
    y0: int
    width: int
    height: int

    LEAST: ClassVar[int] = 3  # zoomed in: at least 3 × 3 cells
    MOST: ClassVar[int] = 24  # zoomed out: at most 24 a side

    @classmethod
    def fit(cls, cells: Iterable[tuple[int, int]], margin: int = 1) -> Window:
        """The smallest window round ``cells`` with ``margin`` cells more on each side (where a
        tile may be put down), at least :attr:`LEAST` a side, centred."""
        xs, ys = [c[0] for c in cells], [c[1] for c in cells]
        if not xs:
            return cls(0, 0, cls.LEAST, cls.LEAST)
        x0, x1, y0, y1 = min(xs) - margin, max(xs) + margin, min(ys) - margin, max(ys) + margin
        wide, high = max(cls.LEAST, x1 - x0 + 1), max(cls.LEAST, y1 - y0 + 1)
        return cls(x0 - (wide - (x1 - x0 + 1)) // 2, y0 - (high - (y1 - y0 + 1)) // 2, wide, high)

    def panned(self, dx: int, dy: int) -> Window:
        return Window(self.x0 + dx, self.y0 + dy, self.width, self.height)

    def zoomed(self, steps: int) -> Window:
        """``steps`` > 0 zooms in (one cell fewer on each side a step), < 0 out, within bounds."""
        out = self
        for _ in range(abs(steps)):
            d = -1 if steps > 0 else 1
            width, height = out.width + 2 * d, out.height + 2 * d
            if min(width, height) < self.LEAST or max(width, height) > self.MOST:
                break
            out = Window(out.x0 - d, out.y0 - d, width, height)
        return out

    def holds(self, x: int, y: int) -> bool:
        return self.x0 <= x < self.x0 + self.width and self.y0 <= y < self.y0 + self.height

    def cells(self) -> Iterator[tuple[int, int]]:
        """Every cell of the window, row by row from the south-west."""
        for y in range(self.y0, self.y0 + self.height):
            for x in range(self.x0, self.x0 + self.width):
                yield x, y


@dataclass(frozen=True)
class Arrow:
    """A line from one cell to another (a move, a shot), drawn over the board."""

    start: str
    end: str
    classes: tuple[str, ...] = ()


@dataclass
class BoardView:
    """A board to draw. ``columns`` and ``rows`` are the edge labels west → east and south →
    north in the frame of the game; ``cells[(c, r)]`` the cell at column index c, row index r
    (a cell missing from the map is empty ground: no square, nothing drawn)."""

    columns: Sequence[str]
    rows: Sequence[str]
    cells: Mapping[tuple[int, int], Cell]
    label: str
    turned: bool = False  # seen from the far side: rows and columns reversed
    interactive: bool = True
    focus: str | None = None  # the square with the tab stop (default: the first marked)
    arrows: Sequence[Arrow] = ()
    classes: Sequence[str] = ()
    focus_marks: Sequence[str] = ("picked", "aim", "ghost", "sel", "pickable")
    # the last move's cells in the order it visited them (its start, each landing): marked
    # ``last`` (``last-from``, ``last-to``) and joined by ``last-move`` arrows; its words are the
    # game's, in the board's label or beside it
    last: Sequence[str] = ()
    pan: bool = False  # its view moves (a window on an unbounded grid): the page sends drags and pinches


def render_board(board: BoardView, *, extra: El | None = None) -> El:
    """The board grid; ``extra``: more children over it."""
    width, height = len(board.columns), len(board.rows)
    columns = list(range(width))
    rows = list(range(height - 1, -1, -1))  # north at the top
    if board.turned:
        columns.reverse()
        rows.reverse()
    focus = board.focus or _default_focus(board, rows, columns)
    children: list[El] = []
    last = _last_marks(board.last)
    for r in rows:
        children.append(h("div", {"class": "label row-label", "aria-hidden": "true"}, board.rows[r]))
        for c in columns:
            cell = board.cells.get((c, r))
            marks = last.get(cell.name, ()) if cell is not None else ()
            children.append(_cell(cell, c, r, focus, board.interactive, marks))
    children.append(h("div", {"class": "corner", "aria-hidden": "true"}))
    for c in columns:
        children.append(h("div", {"class": "label col-label", "aria-hidden": "true"}, board.columns[c]))
    arrows = None
    drawn = [*(Arrow(a, b, ("last-move",)) for a, b in zip(board.last, board.last[1:])), *board.arrows]
    if drawn:
        arrows = h("svg", {"class": "board-arrows", "aria-hidden": "true", "focusable": "false"},
                   [h("g", {"class": ["arrow", *a.classes], "data-from": a.start, "data-to": a.end},
                      h("line", {"class": "arrow-line"}), h("circle", {"class": "arrow-end", "r": "6"}))
                    for a in drawn])
    return h("div", {"class": ["board", "game-board", "turned" if board.turned else None, *board.classes],
                     "role": "group", "aria-label": board.label, "data-cols": str(width),
                     "data-pan": board.pan,
                     "data-rows": str(height), "style": {"--cols": str(width), "--rows": str(height)}},
             children, arrows, extra)


def _default_focus(board: BoardView, rows: list[int], columns: list[int]) -> str | None:
    usable = [board.cells[(c, r)] for r in rows for c in columns
              if (c, r) in board.cells and not board.cells[(c, r)].void]
    for mark in board.focus_marks:
        for cell in usable:
            if mark in cell.classes:
                return cell.name
    for cell in usable:
        if cell.tokens:
            return cell.name
    near = [board.cells[(c, r)] for c in columns for r in reversed(rows)
            if (c, r) in board.cells and not board.cells[(c, r)].void]
    return near[0].name if near else None  # the near left corner


def token(tok: Token) -> El:
    return h("span", {"class": ["tok", *tok.classes, None if tok.turn is None else f"d{tok.turn}"],
                      "aria-hidden": "true"},
             h("svg", {"class": "veh", "viewBox": "0 0 32 32", "aria-hidden": "true", "focusable": "false"},
               h("use", {"href": f"#{tok.symbol}"})) if tok.symbol else None,
             h("span", {"class": ["flag", *tok.badge_classes]}, h("span", {"class": "num"}, tok.badge))
             if tok.badge is not None else None)


def _last_marks(path: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """The classes of the last move's cells: each ``last``, its start ``last-from``, its end
    ``last-to`` (a move of one cell, a piece put down, has only its end; a path may cross a cell
    twice: its marks add up)."""
    marks: dict[str, tuple[str, ...]] = {}
    for i, name in enumerate(path):
        extra = ("last-to",) if i == len(path) - 1 else ("last-from",) if i == 0 else ()
        marks[name] = tuple(dict.fromkeys((*marks.get(name, ()), "last", *extra)))
    return marks


def _words(text: str) -> list[str]:
    """The words of a text as a name is matched by them: a parenthesis's words are not read as
    part of it (so axe-core's rule counts them)."""
    while (bare := re.sub(r"\([^()]*\)", "", text)) != text:
        text = bare
    return re.findall(r"\w+", text.casefold())


def spoken_label(label: str, drawn: Sequence[str]) -> str:
    """A cell's accessible name: its label, led by the words drawn on it when the label does not
    already hold them in that order (WCAG 2.5.3, label in name: one who says what they see, "9
    Mar", is understood). Symbols drawn (a mark's glyph) are no words and add nothing."""
    seen = [w for text in drawn for w in _words(text)]
    said = _words(label)
    if not seen or any(said[i:i + len(seen)] == seen for i in range(len(said) - len(seen) + 1)):
        return label
    shown = " ".join(" ".join(text.split()) for text in drawn if _words(text))
    return f"{shown}, {label}"


def _cell(cell: Cell | None, c: int, r: int, focus: str | None, interactive: bool,
          last: tuple[str, ...] = ()) -> El:
    if cell is None:
        return h("div", {"class": "sq void", "aria-hidden": "true"})
    if cell.void:
        return h("div", {"class": ["sq", "void", *cell.classes], "data-square": cell.name,
                         "aria-hidden": "true"})
    parts: list[El] = [*(token(t) for t in cell.tokens), *cell.extra,
                       *(h("span", {"class": f"mk mk-{mark}", "aria-hidden": "true"}, text)
                         for mark, text in cell.glyphs)]
    # each drawn part a word of its own ("9 Mar", not "9Mar"): what is read as the square's text
    content: list[El | str] = [x for i, part in enumerate(parts) for x in ((" ", part) if i else (part,))]
    attrs = {"class": ["sq", *cell.classes, *last], "data-square": cell.name, "data-col": str(c),
             "data-row": str(r), "aria-label": spoken_label(cell.label, [p.text() for p in parts]),
             "tabindex": "0" if cell.name == focus else "-1"}
    if interactive:
        return h("button", {**attrs, "type": "button"}, content)
    return h("div", {**attrs, "role": "img"}, content)
