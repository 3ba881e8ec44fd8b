"""Enlightenment's board at the table: the 5 × 5 squares of a position as the open games' board
of discs (:mod:`mortar.table.open_board`): the edge ring tinted, the centre drawn as the gap it is
(no tile), a plain piece a disc's plain side and an enlightened one its marked side (the circle
up), as on the real pieces, and each square's label saying all of it in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ....kit.turns import Player
from ....table.open_board import BoardModel, Disc, DiscBoard, Ground, Layout
from ....table.words import _
from ..actions import Moved
from ..board import CENTRE, EDGE, SQUARES, Square
from ..position import Position
from .texts import piece_words

BOARD = DiscBoard(("open-board", "en-board"), {
    "picked": _("the piece's start"),
    "at": _("the piece is here now"),
    "path": _("a landing of this move"),
    "choice": _("the piece may go here"),
}, focus=("at", "picked", "choice", "movable"))
LAYOUT = Layout.of(Square)


def ground(sq: Square) -> Ground:
    """The centre, the edge or an inner square (EN1)."""
    if sq is CENTRE:
        return Ground("zone-centre", _("the centre (no tile)"))
    return Ground("zone-edge", _("edge")) if sq in EDGE else Ground("zone-inner")


def board_of(position: Position, marks: Mapping[Square, Sequence[str]], near: str,
             moved: tuple[Square, Square] | None = None) -> BoardModel:
    """The board of ``position`` with a draft's ``marks``; ``moved``: a piece drawn moved from
    one square to another (a jump chain being built), the rules not asked."""
    pieces = {sq: position.at(sq) for sq in SQUARES}
    if moved is not None:
        pieces[moved[1]], pieces[moved[0]] = pieces[moved[0]], None
    discs = {sq: Disc(p.player.value, p.enlightened, piece_words(p.player, p.enlightened),
                      ("moving" if "at" in marks.get(sq, ()) else "still",))
             for sq, p in pieces.items() if p is not None}
    return BOARD.cells(LAYOUT, discs, ground, marks, near)


def counts(position: Position, players: Iterable[Player]) -> dict[str, dict[str, int]]:
    """How far each side has come: its pieces enlightened, those home on the edge, all of them."""
    out = {}
    for p in players:
        own = position.pieces(p)
        out[p.value] = {"lit": sum(1 for _sq, lit in own if lit),
                        "home": sum(1 for sq, lit in own if lit and sq in EDGE), "all": len(own)}
    return out


def drawn(effect: object) -> list[str]:
    """The squares a move visited (its start, each landing): the last move drawn."""
    return [str(sq) for sq in effect.path] if isinstance(effect, Moved) else []
