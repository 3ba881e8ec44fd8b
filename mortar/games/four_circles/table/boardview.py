"""Four Circles' board at the table: a window of the unbounded grid (FC1) as plain data — which
cells hold a tile, what stands on each, a draft's marks, the words a screen reader hears — and
that data drawn with the table's board widget, which pans and zooms.

A cell with no tile is drawn as nothing, unless a draft marks it (a cell where a picked tile may
be put down, or any free cell beside the board while a tile is in hand: a tap there says why
not). A plain piece is a disc's plain side, a marked one its circle side.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ....kit.grid import Cell
from ....kit.turns import Player
from ....table.board import Arrow, BoardView, Window, render_board
from ....table.board import Cell as BoardCell
from ....table.html import El
from ....table.open_table import disc
from ....table.words import _
from ..board import Piece
from .texts import piece_words

MARK_WORDS = {
    "movable-tile": _("a tile you may move"),
    "tile-picked": _("the tile in hand"),
    "tile-new": _("the tile put down here"),
    "picked": _("picked"),
    "choice": _("you may choose it"),
    "line": _("in the winning line"),
    "tile-was": _("the last tile moved from here"),
}


def column_label(x: int) -> str:
    """A column's label: its x (a cell is named ``(x,y)`` on the board, in words and records)."""
    return str(x)


def cells(tiles: Iterable[Cell], pieces: Mapping[Cell, Piece], window: Window,
          marks: Mapping[Cell, Iterable[str]] | None = None, open_cells: Iterable[Cell] = ()
          ) -> dict[str, dict[str, Any]]:
    """The cells of ``window`` as data: every tile (and what stands on it), and the free cells
    a draft marks or opens (``open_cells``: tappable though they hold no tile)."""
    marks = marks or {}
    tiles = set(tiles)
    shown = set(tiles) | set(marks) | set(open_cells)
    out = {}
    for x, y in window.cells():
        cell = Cell(x, y)
        if cell not in shown:
            continue
        piece = pieces.get(cell) if cell in tiles else None
        own = list(marks.get(cell, ()))
        words = [str(cell), _("tile") if cell in tiles else _("no tile")]
        if piece is not None:
            words.append(piece_words(piece.player, piece.marked))
        words.extend(MARK_WORDS[m] for m in own if m in MARK_WORDS)
        out[str(cell)] = {"x": x, "y": y, "tile": cell in tiles,
                          "piece": None if piece is None else [piece.player.value, piece.marked],
                          "marks": own, "label": ", ".join(words)}
    return out


def board_view(board: Mapping[str, Any], label: str, *, interactive: bool = True,
               last: Sequence[str] = (), tile_move: Sequence[str] = ()) -> El:
    """The board of :func:`cells` in ``board["window"]`` (x0, y0, width, height), seen from
    ``board["near"]``'s side; ``tile_move``: a tile's move drawn as a line (from, to)."""
    x0, y0, width, height = board["window"]
    grid: dict[tuple[int, int], BoardCell] = {}
    for name, cell in board["cells"].items():
        tokens = []
        if cell["piece"] is not None:
            owner, marked = cell["piece"]
            tokens.append(disc(owner.lower(), marked))
        classes = ["tile" if cell["tile"] else "no-tile", *cell["marks"]]
        grid[(cell["x"] - x0, cell["y"] - y0)] = BoardCell(name, cell["label"], classes=classes,
                                                           tokens=tokens)
    arrows = [Arrow(tile_move[0], tile_move[1], ("tile-move",))] if len(tile_move) == 2 else []
    columns = [column_label(x) for x in range(x0, x0 + width)]
    view = BoardView(columns, [str(y) for y in range(y0, y0 + height)], grid, label,
                     turned=board["near"] == Player.WHITE.value, interactive=interactive,
                     arrows=arrows, classes=["open-board", "fc-board"], last=last, pan=interactive,
                     focus_marks=("chosen", "picked", "tile-picked", "tile-new", "choice", "movable",
                                  "movable-tile"))
    return render_board(view)
