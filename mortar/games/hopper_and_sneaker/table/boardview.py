"""Hopper and Sneaker's board at the table: the 3 × 8 squares of a position as the open games'
board of discs (:mod:`mortar.table.open_board`): each home row tinted for its owner, a Sneaker a
disc's plain side and a Hopper its marked side (a circle cut into it), as on the real pieces,
the colour saying whose it is, and each square's label saying all of it in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....kit.turns import Player
from ....table.open_board import BoardModel, Disc, DiscBoard, Ground, Layout
from ....table.open_table import SIDES
from ....table.words import _
from ..actions import Moved
from ..board import HOME, SQUARES, TARGET, Face, Square
from ..position import Position
from .texts import piece_words

BOARD = DiscBoard(("open-board", "hs-board"), {
    "picked": _("picked"),
    "choice": _("a move for the picked piece"),
    "swap": _("picked to swap"),
}, focus=("chosen", "picked", "swap", "choice", "movable", "own"))
LAYOUT = Layout.of(Square)
HOME_OF = {sq: player for player in HOME for sq in HOME[player]}


def disc(player: Player, face: Face) -> Disc:
    hopper = face is Face.HOPPER
    return Disc(player.value, hopper, piece_words(player, face), ("hopper" if hopper else "sneaker",))


def discs(position: Position) -> dict[Square, Disc]:
    return {sq: disc(piece.player, piece.face) for sq in SQUARES if (piece := position.at(sq)) is not None}


def ground(sq: Square) -> Ground:
    """A home row, its owner's (HS1)."""
    owner = HOME_OF.get(sq)
    if owner is None:
        return Ground()
    return Ground(f"home-{owner.value.lower()}", _("{colour}'s home").format(colour=SIDES[owner]))


def board_of(position: Position, marks: Mapping[Square, Sequence[str]], near: str) -> BoardModel:
    """The board of ``position`` with a draft's ``marks``."""
    return BOARD.cells(LAYOUT, discs(position), ground, marks, near)


def drawn(effect: object) -> list[str]:
    """The squares of a move: the last move drawn."""
    return [str(effect.frm), str(effect.to)] if isinstance(effect, Moved) else []


def home(position: Position) -> dict[str, int]:
    """How many of each player's pieces have arrived in the other's home (HS1)."""
    return {p.value: sum(1 for sq in TARGET[p] if (pc := position.at(sq)) is not None and pc.player is p)
            for p in TARGET}
