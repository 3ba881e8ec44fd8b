"""A turn of Hopper and Sneaker on a phone: tap a piece, see where it may go (the seat's legal
moves, never worked out here), tap one. The common actions (a draw offer, resigning, the pass
when nothing can move) are the open table's (:class:`mortar.table.open_table.OpenDraft`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....kit.grid import NotationError
from ....kit.turns import Played
from ....table.open_table import COMMON_INTENTS, OpenDraft
from ....table.words import _
from ..actions import Move, Moved
from ..board import TARGET, Face, Square
from ..state import Seat
from . import boardview
from .texts import COLOUR, FACE, piece_words


class TurnDraft(OpenDraft):
    """The player's move being picked: a piece, then one of its legal destinations."""

    intents = COMMON_INTENTS | {"square"}

    def __init__(self, seat: Seat, names: Mapping[str, str], near: str, last: Played[Any] | None) -> None:
        super().__init__(seat, names)
        self.hs_seat = seat
        self.near = near
        self.last = last
        self.picked: Square | None = None

    def targets(self) -> list[Square]:
        return [] if self.picked is None else [m.to for m in self.hs_seat.moves_from(self.picked)]

    def on_square(self, arg: str | None) -> Any:
        try:
            sq = Square.parse(arg or "")
        except NotationError:
            return False
        seat, self.message = self.hs_seat, None
        piece = seat.at(sq)
        if self.picked is not None and sq in self.targets():
            return self.play(Move(self.picked, sq))
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
            return True
        if self.picked is not None:  # a square the picked piece cannot reach: the rules say why
            self.message = self.refused(Move(self.picked, sq))
        elif piece is not None:
            self.message = _("That is {other}'s {face}. Pick one of your own pieces ({colour}).").format(
                other=self.other, face=FACE[piece.face], colour=COLOUR[seat.player])
        else:
            self.message = _("Pick one of your pieces first, then where it goes.")
        return True

    def model(self, aid: Any = None) -> dict[str, Any]:
        seat = self.hs_seat
        marks: dict[Square, list[str]] = {}
        if self.picked is not None:
            marks[self.picked] = ["picked"]
            for sq in self.targets():
                marks.setdefault(sq, []).append("choice")
        if seat.acting:  # the pieces that can move now, for a glance (and their labels)
            for sq, _face in seat.position.pieces(seat.player):
                if sq is not self.picked and seat.moves_from(sq):
                    marks.setdefault(sq, []).append("movable")
        last = self.last.effect if self.last is not None else None
        path = [str(last.frm), str(last.to)] if isinstance(last, Moved) else []
        home = {p.value: sum(1 for sq in TARGET[p] if (pc := seat.at(sq)) is not None and pc.player is p)
                for p in TARGET}
        hint = None
        if seat.acting and not self.must_pass:
            if self.picked is None:
                hint = _("Pick a piece. A Sneaker steps to a free square next to it; a Hopper jumps over "
                         "a line of pieces.")
            else:
                piece = seat.at(self.picked)
                assert piece is not None
                hint = (_("Hopper on {square}: tap a marked square to jump there (it lands as a "
                          "Sneaker).") if piece.face is Face.HOPPER else
                        _("Sneaker on {square}: tap a marked square to step there (it becomes a "
                          "Hopper).")).format(square=self.picked)
        turn = (self.last.turn + 1) if self.last is not None else 1
        return {
            **self.common_model(), "kind": "turn", "turn": turn,
            "setting_up": seat.position.setting_up,  # (watching the other arrange)
            "colours": {p: COLOUR[p] for p in TARGET},
            "board": {"cells": boardview.cells(seat.position, marks), "near": self.near},
            "last": path, "last_text": self.last_text(), "hint": hint, "home": home,
            "picked": None if self.picked is None else str(self.picked),
            # the flip of the last move, drawn once when this screen first shows it
            "moment": ("move", turn - 1), "effects": [{"kind": "flip", "at": path[-1:]}] if path else [],
        }

    def last_text(self) -> str | None:
        last = self.last.effect if self.last is not None else None
        if not isinstance(last, Moved) or self.last is None:
            return None
        who = self.names[self.last.player.value]
        return _("Last move: {who}, {piece} {frm}–{to}.").format(
            who=who, piece=piece_words(last.piece.player, last.piece.face), frm=last.frm, to=last.to)
