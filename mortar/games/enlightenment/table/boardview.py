"""Enlightenment's board at the table: the 5 × 5 squares of a position as plain data (what
stands where, the edge ring, the centre that has no tile, a draft's marks, the words a screen
reader hears), and that data drawn with the table's board widget.

A plain piece is a disc's plain side, an enlightened one its marked side (the circle up), as on
the real pieces; the edge ring is tinted and the centre drawn as the gap it is. Each square's
label says all of it in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ....kit.turns import Player
from ....table.board import Arrow, BoardView, Cell, render_board
from ....table.html import El
from ....table.open_table import disc
from ....table.words import _
from ..board import CENTRE, EDGE, SQUARES, Square
from ..position import Position
from .texts import piece_words

MARK_WORDS = {
    "picked": _("the piece's start"),
    "at": _("the piece is here now"),
    "path": _("a landing of this move"),
    "choice": _("the piece may go here"),
}


def cells(position: Position, marks: Mapping[Square, Iterable[str]] | None = None,
          moved: tuple[Square, Square] | None = None) -> dict[str, dict[str, Any]]:
    """Every square of ``position`` as data: the piece on it (owner, enlightened), its zone (the
    edge, the centre), the draft's marks and its words. ``moved``: a piece drawn moved from one
    square to another (a jump chain being built), the rules not asked."""
    marks = marks or {}
    pieces = {sq: position.at(sq) for sq in SQUARES}
    if moved is not None:
        pieces[moved[1]], pieces[moved[0]] = pieces[moved[0]], None
    out = {}
    for sq in SQUARES:
        piece = pieces[sq]
        zone = "centre" if sq is CENTRE else "edge" if sq in EDGE else "inner"
        words = [str(sq)]
        if zone == "centre":
            words.append(_("the centre (no tile)"))
        elif zone == "edge":
            words.append(_("edge"))
        words.append(piece_words(piece.player, piece.enlightened) if piece is not None else _("empty"))
        own_marks = list(marks.get(sq, ()))
        words.extend(MARK_WORDS[m] for m in own_marks if m in MARK_WORDS)
        out[str(sq)] = {"piece": None if piece is None else [piece.player.value, piece.enlightened],
                        "zone": zone, "marks": own_marks, "label": ", ".join(words)}
    return out


def board_view(board: Mapping[str, Any], label: str, *, interactive: bool = True,
               last: Sequence[str] = (), path: Sequence[str] = ()) -> El:
    """The board of :func:`cells` (``board["cells"]``) seen from ``board["near"]``'s side;
    ``path``: the squares of a jump chain being built, joined by lines."""
    grid: dict[tuple[int, int], Cell] = {}
    for name, cell in board["cells"].items():
        sq = Square.parse(name)
        tokens = []
        if cell["piece"] is not None:
            owner, lit = cell["piece"]
            tokens.append(disc(owner.lower(), lit, "moving" if "at" in cell["marks"] else "still"))
        grid[(sq.column, sq.row - 1)] = Cell(name, cell["label"], classes=[f"zone-{cell['zone']}",
                                                                           *cell["marks"]], tokens=tokens)
    arrows = [Arrow(a, b, ("path",)) for a, b in zip(path, path[1:])]
    view = BoardView(list(Square.columns), [str(r) for r in range(1, Square.height + 1)], grid, label,
                     turned=board["near"] == Player.WHITE.value, interactive=interactive, arrows=arrows,
                     classes=["open-board", "en-board"], last=last,
                     focus_marks=("at", "picked", "choice", "movable"))
    return render_board(view)
