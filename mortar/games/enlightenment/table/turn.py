"""A turn of Enlightenment on a phone, jump chains included (EN4): the open games' draft on squares
(:class:`mortar.table.squares_draft.SquaresDraft`) with the seat's ``next_landings``: a step is a whole
move; a jump's chain goes on while landings are marked, and is confirmed where it ends."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....table.hints import CHOICE, MOVABLE, Hint
from ....table.open_board import BoardModel
from ....table.open_table import path_words
from ....table.squares_draft import SquaresDraft
from ....table.words import _
from ..actions import Move, Moved
from ..board import Square, is_step
from ..state import Seat
from . import views
from .views import TurnModel, board_of, progress


class TurnDraft(SquaresDraft[Seat, Square]):
    """The player's move being built: a start square, then each landing."""

    chains = True
    squares = Square
    words = views

    def landings(self, path: Sequence[Square]) -> Sequence[Square]:
        return self.seat.next_landings(path)

    def move(self, path: Sequence[Square]) -> Move:
        return Move(tuple(path))

    def label(self, path: Sequence[Square]) -> str:
        a, b = path[0], path[-1]
        step = len(path) == 2 and is_step(a, b)
        return (_("Step {a}–{b}") if step else _("Jump {path}")).format(a=a, b=b, path=path_words(path))

    def stuck(self, sq: Square) -> str:
        return _("The piece on {square} has no free square next to it and nothing to jump over.").format(
            square=sq)

    def board(self, marks: Mapping[Square, Sequence[str]]) -> BoardModel:
        return board_of(self.seat.position, marks, self.near, self.moved)

    def flips(self, effect: object) -> bool:
        return isinstance(effect, Moved) and effect.enlightened  # (EN5)

    def model(self) -> TurnModel:
        players = (self.seat.player, self.seat.opponent)
        return {**super().model(), "progress": progress(self.seat.position, players, self.names)}

    def hint(self) -> str:
        if not self.path:
            return Hint(_("Pick a marked piece. It steps to a free square next to it, or jumps across or "
                          "up and down over a piece, and may jump on."), MOVABLE)
        return self.chain_hint() or Hint(_("Tap a marked square: next to it is a step, two away a jump."),
                                         CHOICE)

    def last_words(self, effect: object, who: str) -> str | None:
        if not isinstance(effect, Moved):
            return None
        text = _("Last move: {who}, {path}").format(who=who, path=path_words(effect.path))
        return text + (" " + _("(enlightened).") if effect.enlightened else ".")
