"""A turn of Hopper and Sneaker on a phone: tap a piece, see where it may go (the seat's legal
moves, never worked out here), tap one to choose the move, and confirm it as every move of the
box is (a second tap there, or its button). The common actions (a draw offer, resigning, the
pass when nothing can move) are the open table's (:class:`mortar.table.open_table.OpenDraft`).
"""

from __future__ import annotations

from typing import Any

from ....kit.grid import NotationError
from ....table.drafts import CHANGED, UNCHANGED, Context, Reply
from ....table.effects import Effect, Flip
from ....table.open_table import COMMON_INTENTS, OpenDraft, OpenModel
from ....table.words import _
from ..actions import Move, Moved
from ..board import TARGET, Face, Square
from ..state import Seat
from . import boardview
from .texts import COLOUR, FACE, move_text, piece_words


class TurnModel(OpenModel):
    setting_up: bool
    board: dict[str, Any]
    last: list[str]
    home: dict[str, int]
    picked: str | None


class TurnDraft(OpenDraft):
    """The player's move being picked: a piece, then one of its legal destinations."""

    intents = COMMON_INTENTS | {"square"}

    def __init__(self, seat: Seat, context: Context) -> None:
        super().__init__(seat, context)
        self.hs_seat = seat
        self.picked: Square | None = None
        self.to: Square | None = None  # the destination chosen

    def said(self, played: Any) -> str:
        return move_text(played, self.names)

    def targets(self) -> list[Square]:
        return [] if self.picked is None else [m.to for m in self.hs_seat.moves_from(self.picked)]

    def on_square(self, arg: str | None) -> Reply[object]:
        try:
            sq = Square.parse(arg or "")
        except NotationError:
            return UNCHANGED
        seat, self.message = self.hs_seat, None
        piece = seat.at(sq)
        if self.picked is not None and sq in self.targets():
            self.to = sq
            face = seat.at(self.picked)
            label = (_("Jump {frm}–{to}") if face is not None and face.face is Face.HOPPER
                     else _("Step {frm}–{to}")).format(frm=self.picked, to=sq)
            return self.choose(Move(self.picked, sq), label, str(sq))
        self.to = None
        if piece is not None and piece.player is seat.player:
            if sq is self.picked:
                self.picked = None
            elif seat.moves_from(sq):
                self.picked = sq
            else:
                self.picked = None
                why = (_("This Hopper on {square} has no piece next to it to jump over, or no free "
                         "square behind one.") if piece.face is Face.HOPPER else
                       _("This Sneaker on {square} has no free square next to it."))
                self.message = why.format(square=sq)
            return CHANGED
        if self.picked is not None:  # a square the picked piece cannot reach: the rules say why
            self.message = self.refused(Move(self.picked, sq))
        elif piece is not None:
            self.message = _("That is {other}'s {face}. Pick one of your own pieces ({colour}).").format(
                other=self.other, face=FACE[piece.face], colour=COLOUR[seat.player])
        else:
            self.message = _("Pick one of your pieces first, then where it goes.")
        return CHANGED

    def drop(self) -> Reply[object]:
        if self.picked is None:
            return UNCHANGED
        self.picked = self.to = None
        return CHANGED

    def model(self) -> TurnModel:
        seat = self.hs_seat
        marks: dict[Square, list[str]] = {}
        if self.picked is not None:
            marks[self.picked] = ["picked"]
            for sq in self.targets():
                marks.setdefault(sq, []).append("chosen" if sq is self.to else "choice")
        elif seat.acting:  # the pieces that can move now, for a glance (and their labels)
            for sq, _face in seat.position.pieces(seat.player):
                if seat.moves_from(sq):
                    marks.setdefault(sq, []).append("movable")
        last = seat.last.effect if seat.last is not None else None
        path = [str(last.frm), str(last.to)] if isinstance(last, Moved) else []
        home = {p.value: sum(1 for sq in TARGET[p] if (pc := seat.at(sq)) is not None and pc.player is p)
                for p in TARGET}
        flips: list[Effect] = [Flip(tuple(path[-1:]))] if path else []
        return {
            **self.common_model(), "kind": "turn", "player": self.player,
            "setting_up": seat.position.setting_up,  # (watching the other arrange)
            "colours": {p.value: COLOUR[p] for p in TARGET},
            "board": {"cells": boardview.cells(seat.position, marks), "near": self.near},
            "last": path, "last_text": self.last_text(), "hint": self.hint(), "home": home,
            "picked": None if self.picked is None else str(self.picked),
            # the flip of the last move, drawn once when this screen first shows it
            "moment": ("move", seat.last.turn if seat.last else 0), "effects": flips,
        }

    def hint(self) -> str | None:
        seat = self.hs_seat
        if not seat.acting or self.must_pass:
            return None
        if self.picked is None:
            return _("Pick a marked piece. A Sneaker steps to a free square next to it; a Hopper jumps "
                     "over a line of pieces.")
        piece = seat.at(self.picked)
        assert piece is not None
        return (_("Hopper on {square}: tap a marked square to jump there (it lands as a Sneaker).")
                if piece.face is Face.HOPPER else
                _("Sneaker on {square}: tap a marked square to step there (it becomes a Hopper).")
                ).format(square=self.picked)

    def last_text(self) -> str | None:
        last = self.hs_seat.last
        effect = last.effect if last is not None else None
        if not isinstance(effect, Moved) or last is None:
            return None
        who = self.names[last.player.value]
        return _("Last move: {who}, {piece} {frm}–{to}.").format(
            who=who, piece=piece_words(effect.piece.player, effect.piece.face), frm=effect.frm, to=effect.to)
