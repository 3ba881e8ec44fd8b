"""A turn of Enlightenment on a phone, jump chains included (EN4), as the open games' path draft
(:class:`mortar.table.path_draft.PathDraft`) builds it: tap a piece; the squares it may go to
are marked (the seat's ``next_landings``). A tap on one chooses the move that ends there — a
step, or a jump whose chain may go on: the next landings are marked and a tap on one lengthens
it, a tap on an earlier landing takes it back there. The move chosen is confirmed as every move
of the box is: a second tap on where it ends, or its button.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....kit.turns import Played
from ....table.open_board import BoardModel, DiscModel
from ....table.open_table import SIDES
from ....table.path_draft import PathDraft
from ....table.words import _
from ..actions import Move, Moved
from ..board import Square, is_step
from ..state import Seat
from .boardview import board_of, counts, drawn
from .texts import move_text, path_text


class TurnModel(DiscModel):
    path: list[str]  # the chain's squares while it is built
    path_text: str | None
    jumping: bool
    counts: dict[str, dict[str, int]]


class TurnDraft(PathDraft[Seat, Square]):
    """The player's move being built: a start square, then each landing."""

    chains = True

    def said(self, played: Played[object]) -> str:
        return move_text(played, self.names)

    def square(self, name: str) -> Square:
        return Square.parse(name)

    def owner(self, sq: Square) -> str | None:
        piece = self.seat.at(sq)
        return None if piece is None else piece.player.value

    def pieces(self) -> list[Square]:
        return [sq for sq, _lit in self.seat.position.pieces(self.seat.player)]

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
                "path_text": path_text(self.path) if self.path else None, "jumping": self.moving,
                "counts": counts(seat.position, (seat.player, seat.opponent))}

    def hint(self) -> str | None:
        if not self.seat.acting or self.must_pass:
            return None
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
