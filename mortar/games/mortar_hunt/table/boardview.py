"""Mortar Hunt's board for the table's board widget: 12 × 9 squares seen from one player's side.

A's board has row 9 at the top and column A on the left; B's is the same frame turned 180°, so
each player's own half is at the bottom. A piece is drawn as what it is (a heavy mortar's short
thick tube, a light howitzer's long barrel) turned to its facing, with the flag of the physical
game (triangle, circle, square) and its number; a wreck lies on its side. Colour only adds to
that. The cells come from :mod:`.scene` (one player's view, never the enemy's pieces).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ....table.board import Arrow, BoardView, Cell, Token, render_board
from ....table.html import El, h
from ..notation import COLUMNS, HEIGHT, Facing
from .scene import SHAPES

if TYPE_CHECKING:
    from .models import Board, RadarModel, TokenModel

# Marks drawn as small symbols on a square (mark, symbol). Each one is also in the label.
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
# The drawings of the pieces are <symbol>s defined once in the page (ids below), pointing up
# (facing the top of the screen); each token is a <use> of one of them, turned by a CSS class
# (d0-d7, see screen_direction), with its flag (shape + number) upright at the piece's rear.
PIECE_SYMBOL = {"HM": "piece-hm", "LH": "piece-lh"}
WRECK_SYMBOL = "piece-wreck"
HEAT_STEPS = (0.5, 0.3, 0.15, 0.07, 0.02)  # radar heat p -> shade 5..1


def screen_direction(facing: str, orientation: str) -> int:
    """The facing as an on-screen direction 0–7 (0 = up, clockwise), for arrows and compasses."""
    turn = 4 if orientation == "B" else 0
    return (Facing.parse(facing) + turn) % 8


def token(tok: TokenModel, orientation: str) -> Token:
    """A piece on a square: the vehicle turned to its facing as seen from ``orientation``'s side
    of the table, and its flag. Hidden enemy pieces never reach here (the cells are one
    player's view)."""
    wreck = bool(tok["wreck"])
    return Token(
        classes=tuple(c for c in (f"p{tok['number']}", SHAPES[tok["number"]], f"own-{tok['owner'].lower()}",
                                  tok["type"].lower(), "wreck" if wreck else None,
                                  "ghost" if tok["ghost"] else None, "faded" if tok["faded"] else None) if c),
        symbol=WRECK_SYMBOL if wreck else PIECE_SYMBOL[tok["type"]],
        turn=None if wreck else screen_direction(tok["facing"], orientation),
        badge=str(tok["number"]))


def heat_level(p: float) -> int:
    for i, step in enumerate(HEAT_STEPS):
        if p >= step:
            return len(HEAT_STEPS) - i
    return 0


def radar_marks(radar: RadarModel | None) -> dict[str, tuple[list[str], list[El]]]:
    """The radar drawn on squares: heat shades of the enemy half, the possible origins of the
    last enemy shot outlined, exposure badges on own pieces. Shown only while the player has
    the radar switched on (``.radar-on`` on the app, see the game's stylesheet)."""
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
    for square in last["squares"] if last else ():
        at(square)[0].append("origin")
    for e in radar.get("exposure") or ():
        at(e["square"])[1].append(h("span", {"class": ["exposure", f"exp-{e['level']}"],
                                             "aria-hidden": "true"}, "!"))
    return out


def board_view(cells: Board, orientation: str, *, label: str,
               interactive: bool = True, radar: RadarModel | None = None,
               arrows: Sequence[tuple[str, str, tuple[str, ...]]] = ()) -> El:
    """The board of :mod:`.scene`'s cells as ``orientation``'s player sees it; ``radar``: the
    acting player's radar (an overlay, hidden until switched on); ``arrows``: (from, to,
    classes) lines over the board (the review's shot)."""
    marks = radar_marks(radar)
    grid: dict[tuple[int, int], Cell] = {}
    for name, cell in cells.items():
        column, row = COLUMNS.index(name[0]), int(name[1:]) - 1
        if cell["zone"] == "obstacle":
            grid[(column, row)] = Cell(name, "", void=True, classes=["obstacle"])
            continue
        radar_classes, radar_content = marks.get(name, ([], []))
        marked = cell["marks"]
        pickable = ["pickable"] if {"dest", "target"} & set(marked) else []  # may be tapped now
        chosen = ["chosen"] if {"picked", "aim", "sel"} & set(marked) else []
        grid[(column, row)] = Cell(
            name, cell["label"],
            classes=[f"zone-{cell['zone']}", *marked, *pickable, *chosen, *radar_classes],
            tokens=[token(t, orientation) for t in cell["tokens"]],
            glyphs=[(m, MARK_SYMBOLS[m]) for m in cell["marks"] if m in MARK_SYMBOLS],
            extra=radar_content)
    view = BoardView(list(COLUMNS), [str(r) for r in range(1, HEIGHT + 1)], grid, label,
                     turned=orientation == "B", interactive=interactive,
                     arrows=[Arrow(a, b, classes) for a, b, classes in arrows],
                     classes=[f"seen-by-{orientation.lower()}"],
                     focus_marks=("aim", "picked", "ghost", "sel"))
    return render_board(view)
