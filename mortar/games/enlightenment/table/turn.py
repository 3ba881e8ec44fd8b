"""A turn of Enlightenment on a phone, jump chains included (EN4): the open games' path draft
(:class:`mortar.table.path_draft.PathDraft`) with the seat's ``next_landings``: a step is a
whole move; a jump's chain goes on while landings are marked, and is confirmed where it ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....kit.turns import PLAYERS
from ....table.open_board import BoardModel
from ....table.open_table import SIDES
from ....table.path_draft import PathDraft
from ....table.words import _
from ..actions import Move, Moved
from ..board import Square, is_step
from ..state import Seat
from . import views
from .views import TurnModel, board_of, drawn, path_text, progress


class TurnDraft(PathDraft[Seat, Square]):
    """The player's move being built: a start square, then each landing."""

    chains = True
    words = views

    def square(self, name: str) -> Square:
        return Square.parse(name)

    def pieces(self) -> dict[Square, str]:
        return {sq: p.value for p in PLAYERS for sq, _lit in self.seat.position.pieces(p)}

    def landings(self, path: Sequence[Square]) -> Sequence[Square]:
        return self.seat.next_landings(path)

    def move(self, path: Sequence[Square]) -> Move:
        return Move(tuple(path))

    def label(self, path: Sequence[Square]) -> str:
        a, b = path[0], path[-1]
        step = len(path) == 2 and is_step(a, b)
        return (_("Step {a}–{b}") if step else _("Jump {path}")).format(a=a, b=b, path=path_text(path))

    def stuck(self, sq: Square) -> str:
        return _("The piece on {square} has no free square next to it and nothing to jump over.").format(
            square=sq)

    def not_yours(self, sq: Square) -> str:
        return _("That is {other}'s piece. Pick one of your own ({colour}).").format(
            other=self.other, colour=SIDES[self.seat.player])

    def going_on(self, at: Square) -> str:
        return _("The piece is on {square}: tap a marked square to jump on, or confirm the move.").format(
            square=at)

    def board(self, marks: Mapping[Square, Sequence[str]]) -> BoardModel:
        moved = (self.path[0], self.path[-1]) if self.moving else None
        return board_of(self.seat.position, marks, self.near, moved)

    def trace(self, effect: object) -> list[str]:
        return drawn(effect)

    def flips(self, effect: object) -> bool:
        return isinstance(effect, Moved) and effect.enlightened  # (EN5)

    def model(self) -> TurnModel:
        seat = self.seat
        return {**super().model(), "path": [str(sq) for sq in self.path] if self.moving else [],
                "progress": progress(seat.position, (seat.player, seat.opponent), self.names)}

    def hint(self) -> str:
        if not self.path:
            return _("Pick a marked piece. It steps to a free square next to it, or jumps across or up "
                     "and down over a piece, and may jump on.")
        if not self.moving:
            return _("Tap a marked square: next to it is a step, two away a jump.")
        if not self.choices():
            return _("Tap {square} again to play this move.").format(square=self.path[-1])
        return _("On {square}: tap a marked square to jump on, or {square} again to play.").format(
            square=self.path[-1])

    def last_words(self, effect: object, who: str) -> str | None:
        if not isinstance(effect, Moved):
            return None
        text = _("Last move: {who}, {path}").format(who=who, path=path_text(effect.path))
        return text + (" " + _("(enlightened).") if effect.enlightened else ".")
