"""Hopper and Sneaker's board at the table: the 3 × 8 squares of a position as plain data (what
stands where, each home row's owner, the marks of a draft, the words a screen reader hears),
and that data drawn with the table's board widget, the near side at the bottom.

A Sneaker is a disc's plain side, a Hopper its marked side (a circle cut into it), as on the
real pieces; the colour says whose it is. Each square's label says all of it in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ....kit.turns import Player
from ....table.board import BoardView, Cell, render_board
from ....table.html import El
from ....table.open_table import disc
from ....table.words import _
from ..board import HOME, SQUARES, Face, Square
from ..position import Position
from .texts import COLOUR, piece_words

MARK_WORDS = {
    "picked": _("picked"),
    "choice": _("a move for the picked piece"),
    "swap": _("picked to swap"),
}
HOME_OF = {sq: player for player in HOME for sq in HOME[player]}


def cells(position: Position, marks: Mapping[Square, Iterable[str]] | None = None,
          hide: Player | None = None) -> dict[str, dict[str, Any]]:
    """Every square of ``position`` as data: the piece on it (owner, face), its home row's
    owner, the draft's marks, and its words. ``hide``: a player whose pieces are left out (a
    secret arrangement not yet revealed)."""
    marks = marks or {}
    out = {}
    for sq in SQUARES:
        piece = position.at(sq)
        if piece is not None and piece.player is hide:
            piece = None
        owner = HOME_OF.get(sq)
        own_marks = list(marks.get(sq, ()))
        words = [str(sq)]
        if owner is not None:
            words.append(_("{colour}'s home").format(colour=COLOUR[owner]))
        words.append(piece_words(piece.player, piece.face) if piece is not None else _("empty"))
        words.extend(MARK_WORDS[m] for m in own_marks if m in MARK_WORDS)
        out[str(sq)] = {"piece": None if piece is None else [piece.player.value, piece.face.value],
                        "home": None if owner is None else owner.value, "marks": own_marks,
                        "label": ", ".join(words)}
    return out


def board_view(board: Mapping[str, Any], label: str, *, interactive: bool = True,
               last: Sequence[str] = ()) -> El:
    """The board of :func:`cells` (``board["cells"]``) seen from ``board["near"]``'s side."""
    grid: dict[tuple[int, int], Cell] = {}
    for name, cell in board["cells"].items():
        sq = Square.parse(name)
        tokens = []
        if cell["piece"] is not None:
            owner, face = cell["piece"]
            tokens.append(disc(owner.lower(), face == Face.HOPPER.value,
                               "hopper" if face == Face.HOPPER.value else "sneaker"))
        classes = [f"home-{cell['home'].lower()}"] if cell["home"] else []
        grid[(sq.column, sq.row - 1)] = Cell(name, cell["label"], classes=[*classes, *cell["marks"]],
                                             tokens=tokens)
    view = BoardView(list(Square.columns), [str(r) for r in range(1, Square.height + 1)], grid, label,
                     turned=board["near"] == Player.WHITE.value, interactive=interactive,
                     classes=["open-board", "hs-board"], last=last,
                     focus_marks=("chosen", "picked", "swap", "choice", "movable", "own"))
    return render_board(view)
