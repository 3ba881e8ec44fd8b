"""A turn of Enlightenment on a phone, jump chains included (EN4): tap a piece; the squares it
may go to are marked (the seat's ``next_landings``, never worked out here). A step ends the move
at once. A jump lands, and the chain grows one tap a landing, its path drawn, the next landings
marked; "Stop here" (or a tap on the piece where it stands) ends it, "Undo" takes the last
landing back, and a chain with nowhere further to go ends by itself. The common actions are the
open table's (:class:`mortar.table.open_table.OpenDraft`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....kit.grid import NotationError
from ....kit.turns import Played
from ....table.open_table import COMMON_INTENTS, OpenDraft
from ....table.words import _
from ..actions import Move, Moved
from ..board import EDGE, Square
from ..state import Seat
from . import boardview
from .texts import COLOUR, path_text


def is_step(a: Square, b: Square) -> bool:
    """Two squares one apart (a step), as against a jump's two (how the record tells them)."""
    return max(abs(a.column - b.column), abs(a.row - b.row)) == 1


class TurnDraft(OpenDraft):
    """The player's move being built: a start square, then each landing."""

    intents = COMMON_INTENTS | {"square", "stop", "undo"}

    def __init__(self, seat: Seat, names: Mapping[str, str], near: str, last: Played[Any] | None) -> None:
        super().__init__(seat, names)
        self.en_seat = seat
        self.near = near
        self.last = last
        self.path: list[Square] = []  # the start, then the landings so far

    def choices(self) -> tuple[Square, ...]:
        return self.en_seat.next_landings(self.path) if self.path else ()

    @property
    def jumping(self) -> bool:
        """A jump chain is under way (the piece has landed at least once)."""
        return len(self.path) >= 2

    def on_square(self, arg: str | None) -> Any:
        try:
            sq = Square.parse(arg or "")
        except NotationError:
            return False
        seat, self.message = self.en_seat, None
        if sq in self.choices():
            if len(self.path) == 1 and is_step(self.path[0], sq):
                return self.play(Move((self.path[0], sq)))  # a step is a whole move
            self.path.append(sq)
            if not self.choices():  # nowhere further: the chain ends here
                return self._finish()
            return True
        if self.jumping:
            if sq is self.path[-1]:
                return self._finish()  # a tap on the piece where it stands: stop here
            if sq is self.path[0]:
                self.path = []  # back at the start: the chain is dropped
                return True
            self.message = _("The piece is on {square}: tap a marked square to jump on, Stop here, or "
                             "Undo.").format(square=self.path[-1])
            return True
        piece = seat.at(sq)
        if piece is not None and piece.player is seat.player:
            if self.path == [sq]:
                self.path = []
            elif seat.next_landings([sq]):
                self.path = [sq]
            else:
                self.path = []
                self.message = _("The piece on {square} has no free square next to it and nothing to "
                                 "jump over.").format(square=sq)
            return True
        if self.path:  # a square the picked piece cannot reach now: the rules say why
            self.message = self.refused(Move((*self.path, sq)))
        elif piece is not None:
            self.message = _("That is {other}'s piece. Pick one of your own ({colour}).").format(
                other=self.other, colour=COLOUR[seat.player])
        else:
            self.message = _("Pick one of your pieces first, then where it goes.")
        return True

    def _finish(self) -> Any:
        move = Move(tuple(self.path))
        refused = self.refused(move)
        if refused is not None:
            self.message = refused
            return True
        return self.play(move)

    def on_stop(self, arg: str | None) -> Any:
        return self._finish() if self.jumping else False

    def on_undo(self, arg: str | None) -> bool:
        if not self.path:
            return False
        self.path.pop()
        self.message = None
        return True

    def model(self, aid: Any = None) -> dict[str, Any]:
        seat = self.en_seat
        marks: dict[Square, list[str]] = {}
        moved = None
        if self.path:
            marks[self.path[0]] = ["picked"]
            for sq in self.path[1:-1]:
                marks.setdefault(sq, []).append("path")
            if self.jumping:
                marks.setdefault(self.path[-1], []).append("at")
                moved = (self.path[0], self.path[-1])
            for sq in self.choices():
                marks.setdefault(sq, []).append("choice")
        last = self.last.effect if self.last is not None else None
        last_path = [str(sq) for sq in last.path] if isinstance(last, Moved) else []
        counts = {}
        for p in (seat.player, seat.opponent):
            own = seat.position.pieces(p)
            counts[p.value] = {"lit": sum(1 for _sq, lit in own if lit),
                               "home": sum(1 for sq, lit in own if lit and sq in EDGE), "all": len(own)}
        hint = None
        if seat.acting and not self.must_pass:
            if not self.path:
                hint = _("Pick a piece. It steps to a free square next to it, or jumps across or up and "
                         "down over a piece, and may jump on.")
            elif not self.jumping:
                hint = _("Tap a marked square: next to it is a step, two away a jump.")
            else:
                hint = _("Jumped to {square}. Tap a marked square to jump on, or stop here.").format(
                    square=self.path[-1])
        turn = (self.last.turn + 1) if self.last is not None else 1
        # the enlightenment of the last move, drawn once when this screen first shows it
        lit = isinstance(last, Moved) and last.enlightened
        flips = [{"kind": "flip", "at": last_path[-1:]}] if lit else []
        colours = {p.value: COLOUR[p] for p in (seat.player, seat.opponent)}
        return {
            **self.common_model(), "kind": "turn", "turn": turn, "colours": colours,
            "board": {"cells": boardview.cells(seat.position, marks, moved), "near": self.near},
            "path": [str(sq) for sq in self.path] if self.jumping else [],
            "path_text": path_text(self.path) if self.path else None, "jumping": self.jumping,
            "last": last_path, "last_text": self.last_text(), "hint": hint, "counts": counts,
            "moment": ("move", turn - 1), "effects": flips,
        }

    def last_text(self) -> str | None:
        last = self.last.effect if self.last is not None else None
        if not isinstance(last, Moved) or self.last is None:
            return None
        who = self.names[self.last.player.value]
        text = _("Last move: {who}, {path}").format(who=who, path=path_text(last.path))
        return text + (" " + _("(enlightened).") if last.enlightened else ".")
