"""Four Circles' board at the table: a window of the unbounded grid (FC1) as the open games' board
of discs (:mod:`mortar.table.open_board`), which pans and zooms.

A cell with no tile is drawn as nothing, unless a draft marks it (a cell where a picked tile may
be put down, or any free cell beside the board while a tile is in hand: a tap there says why
not). A plain piece is a disc's plain side, a marked one its circle side.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from ....kit.grid import Cell
from ....table.board import Window
from ....table.open_board import BoardModel, Disc, DiscBoard, Ground, Layout
from ....table.words import _
from ..actions import Moved, Placed
from ..board import Piece
from .texts import piece_words

BOARD = DiscBoard(("open-board", "fc-board"), {
    "movable-tile": _("a tile you may move"),
    "tile-picked": _("the tile in hand"),
    "tile-new": _("the tile put down here"),
    "picked": _("picked"),
    "choice": _("you may choose it"),
    "line": _("in the winning line"),
    "tile-was": _("the last tile moved from here"),
}, focus=("chosen", "picked", "tile-picked", "tile-new", "choice", "movable", "movable-tile"),
    empty=False, pans=True)
TILE, NO_TILE = Ground("tile", _("tile")), Ground("no-tile", _("no tile"))


def board_of(tiles: Collection[Cell], pieces: Iterable[tuple[Cell, Piece]], window: Window,
             marks: Mapping[Cell, Sequence[str]], near: str, open_cells: Iterable[Cell] = ()) -> BoardModel:
    """The cells of ``window``: every tile (and what stands on it), and the free cells a draft
    marks or opens (``open_cells``: tappable though they hold no tile)."""
    discs = {cell: Disc(p.player.value, p.marked, piece_words(p.player, p.marked))
             for cell, p in pieces if cell in tiles}
    layout = Layout.window(window, {*tiles, *marks, *open_cells})
    return BOARD.cells(layout, discs, lambda cell: TILE if cell in tiles else NO_TILE, marks, near)


def drawn(effect: object) -> tuple[list[str], list[str]]:
    """The last move drawn: the piece's (or the piece placed), and the tile's (from, to)."""
    if isinstance(effect, Placed):
        return [str(effect.cell)], []
    if not isinstance(effect, Moved):
        return [], []
    return [str(effect.frm), str(effect.to)], [] if effect.tile is None else [str(effect.tile.frm),
                                                                               str(effect.tile.to)]
