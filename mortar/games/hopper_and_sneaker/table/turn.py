"""A turn of Hopper and Sneaker on a phone, as the open games' draft on squares builds it
(:class:`mortar.table.squares_draft.SquaresDraft`): tap a piece, see where it may go (the seat's legal
moves), tap one to choose the move, and confirm it as every move of the box is (a second tap
there, or its button).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....table.hints import CHOICE, MOVABLE, Hint
from ....table.open_board import BoardModel
from ....table.open_table import SIDES
from ....table.squares_draft import SquaresDraft
from ....table.words import _
from ..actions import Move, Moved
from ..board import Face, Square
from ..state import Seat
from . import views
from .views import FACE, TurnModel, board_of, home, piece_words


class TurnDraft(SquaresDraft[Seat, Square]):
    """The player's move being picked: a piece, then one of its legal destinations."""

    squares = Square
    words = views

    def landings(self, path: Sequence[Square]) -> list[Square]:
        return [m.to for m in self.seat.moves_from(path[0])] if len(path) == 1 else []  # (a move is one)

    def move(self, path: Sequence[Square]) -> Move:
        return Move(path[0], path[-1])

    def label(self, path: Sequence[Square]) -> str:
        piece = self.seat.at(path[0])
        return (_("Jump {frm}–{to}") if piece is not None and piece.face is Face.HOPPER
                else _("Step {frm}–{to}")).format(frm=path[0], to=path[-1])

    def stuck(self, sq: Square) -> str:
        piece = self.seat.at(sq)
        return (_("This Hopper on {square} has no piece next to it to jump over, or no free square "
                  "behind one.") if piece is not None and piece.face is Face.HOPPER else
                _("This Sneaker on {square} has no free square next to it.")).format(square=sq)

    def not_yours(self, sq: Square) -> str:
        piece = self.seat.at(sq)
        assert piece is not None
        return _("That is {other}'s {face}. Pick one of your own pieces ({colour}).").format(
            other=self.other, face=FACE[piece.face], colour=SIDES[self.seat.player])

    def board(self, marks: Mapping[Square, Sequence[str]]) -> BoardModel:
        return board_of(self.seat.position, marks, self.near)

    def flips(self, effect: object) -> bool:
        return True  # every move turns its piece over (HS2)

    def model(self) -> TurnModel:
        position = self.seat.position
        return {**super().model(), "setting_up": position.setting_up, "home": home(position)}

    def hint(self) -> str:
        if not self.path:
            return Hint(_("Pick a marked piece. A Sneaker steps to a free square next to it; a Hopper "
                          "jumps over a line of pieces."), MOVABLE)
        piece = self.seat.at(self.path[0])
        assert piece is not None
        return Hint((_("Hopper on {square}: tap a marked square to jump there (it lands as a Sneaker).")
                     if piece.face is Face.HOPPER else
                     _("Sneaker on {square}: tap a marked square to step there (it becomes a Hopper).")
                     ).format(square=self.path[0]), CHOICE)

    def last_words(self, effect: object, who: str) -> str | None:
        if not isinstance(effect, Moved):
            return None
        return _("Last move: {who}, {piece} {frm}–{to}.").format(
            who=who, piece=piece_words(effect.piece.player, effect.piece.face), frm=effect.frm, to=effect.to)
