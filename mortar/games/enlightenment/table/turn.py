"""A turn of Enlightenment on a phone, jump chains included (EN4): tap a piece; the squares it
may go to are marked (the seat's ``next_landings``, never worked out here). A tap on one chooses
the move that ends there — a step, or a jump whose chain may go on: the next landings are marked
and a tap on one lengthens it. The move chosen is confirmed as every move of the box is: a second
tap on where it ends, or its button; "Undo" takes the last landing back. The common actions are
the open table's (:class:`mortar.table.open_table.OpenDraft`).
"""

from __future__ import annotations

from typing import Any

from ....kit.grid import NotationError
from ....table.drafts import CHANGED, UNCHANGED, Context, Reply
from ....table.effects import Flip
from ....table.open_table import COMMON_INTENTS, OpenDraft, OpenModel
from ....table.words import _
from ..actions import Move, Moved
from ..board import EDGE, Square
from ..state import Seat
from . import boardview
from .texts import COLOUR, move_text, path_text


class TurnModel(OpenModel):
    board: dict[str, Any]
    path: list[str]  # the chain's squares while it is built
    path_text: str | None
    jumping: bool
    last: list[str]
    counts: dict[str, dict[str, int]]


class TurnDraft(OpenDraft):
    """The player's move being built: a start square, then each landing."""

    intents = COMMON_INTENTS | {"square"}

    def __init__(self, seat: Seat, context: Context) -> None:
        super().__init__(seat, context)
        self.en_seat = seat
        self.path: list[Square] = []  # the start, then the landings so far

    def said(self, played: Any) -> str:
        return move_text(played, self.names)

    def choices(self) -> tuple[Square, ...]:
        return self.en_seat.next_landings(self.path) if self.path else ()

    @property
    def jumping(self) -> bool:
        """The piece has left its square: a move is chosen, perhaps a chain under way."""
        return len(self.path) >= 2

    def _chosen(self) -> Reply[object]:
        move = Move(tuple(self.path))
        refused = self.refused(move)
        if refused is not None:  # (a landing the chain may not stop on)
            self.message = refused
            return CHANGED
        a, b = self.path[0], self.path[-1]
        step = len(self.path) == 2 and max(abs(a.column - b.column), abs(a.row - b.row)) == 1
        label = (_("Step {a}–{b}") if step else _("Jump {path}")).format(a=a, b=b, path=path_text(self.path))
        return self.choose(move, label, str(self.path[-1]))

    def on_square(self, arg: str | None) -> Reply[object]:
        try:
            sq = Square.parse(arg or "")
        except NotationError:
            return UNCHANGED
        seat, self.message = self.en_seat, None
        if sq in self.choices():
            self.path.append(sq)
            return self._chosen()
        if self.jumping:
            if sq is self.path[-1]:
                return self._chosen()  # the chosen move's end again: the table confirms it
            if sq in self.path[:-1]:  # back to an earlier landing (or the start: the move dropped)
                del self.path[max(1, self.path.index(sq) + 1):]
                if len(self.path) == 1:
                    self.path = []
                return self._chosen() if self.jumping else CHANGED
            self.message = _("The piece is on {square}: tap a marked square to jump on, or confirm the "
                             "move.").format(square=self.path[-1])
            return CHANGED
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
            return CHANGED
        if self.path:  # a square the picked piece cannot reach now: the rules say why
            self.message = self.refused(Move((*self.path, sq)))
        elif piece is not None:
            self.message = _("That is {other}'s piece. Pick one of your own ({colour}).").format(
                other=self.other, colour=COLOUR[seat.player])
        else:
            self.message = _("Pick one of your pieces first, then where it goes.")
        return CHANGED

    def drop(self) -> Reply[object]:
        if not self.path:
            return UNCHANGED
        self.path, self.message = [], None
        return CHANGED

    def model(self) -> TurnModel:
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
        elif seat.acting and not self.must_pass:  # the pieces that can move now, for a glance
            for sq, _lit in seat.position.pieces(seat.player):
                if seat.next_landings([sq]):
                    marks.setdefault(sq, []).append("movable")
        last = seat.last.effect if seat.last is not None else None
        last_path = [str(sq) for sq in last.path] if isinstance(last, Moved) else []
        counts = {}
        for p in (seat.player, seat.opponent):
            own = seat.position.pieces(p)
            counts[p.value] = {"lit": sum(1 for _sq, lit in own if lit),
                               "home": sum(1 for sq, lit in own if lit and sq in EDGE), "all": len(own)}
        # the enlightenment of the last move, drawn once when this screen first shows it
        lit = isinstance(last, Moved) and last.enlightened
        return {
            **self.common_model(), "kind": "turn", "player": self.player,
            "colours": {p.value: COLOUR[p] for p in (seat.player, seat.opponent)},
            "board": {"cells": boardview.cells(seat.position, marks, moved), "near": self.near},
            "path": [str(sq) for sq in self.path] if self.jumping else [],
            "path_text": path_text(self.path) if self.path else None, "jumping": self.jumping,
            "last": last_path, "last_text": self.last_text(), "hint": self.hint(), "counts": counts,
            "moment": ("move", seat.last.turn if seat.last else 0),
            "effects": [Flip(tuple(last_path[-1:]))] if lit else [],
        }

    def hint(self) -> str | None:
        if not self.en_seat.acting or self.must_pass:
            return None
        if not self.path:
            return _("Pick a marked piece. It steps to a free square next to it, or jumps across or up "
                     "and down over a piece, and may jump on.")
        if not self.jumping:
            return _("Tap a marked square: next to it is a step, two away a jump.")
        if not self.choices():
            return _("Tap {square} again to play this move.").format(square=self.path[-1])
        return _("On {square}: tap a marked square to jump on, or {square} again to play.").format(
            square=self.path[-1])

    def last_text(self) -> str | None:
        last = self.en_seat.last
        effect = last.effect if last is not None else None
        if not isinstance(effect, Moved) or last is None:
            return None
        who = self.names[last.player.value]
        text = _("Last move: {who}, {path}").format(who=who, path=path_text(effect.path))
        return text + (" " + _("(enlightened).") if effect.enlightened else ".")
