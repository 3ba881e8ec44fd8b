"""Placing the pieces: a player's draft of their setup, from their seat only (RULINGS R1, R3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....table.drafts import Context, Result
from ....table.words import _, ngettext, refused
from ..actions import Setup
from ..notation import Facing, NotationError, Position, Square
from ..rules import PieceType
from ..seat import Seat
from . import scene
from .draft import Answer as Reply
from .draft import Draft, piece_arg, square_arg, toward_enemy

if TYPE_CHECKING:
    from .models import PlacedModel, PlacementModel, TypeModel


class PlacementDraft(Draft):
    """Three pieces put down: a tap places the next unplaced piece facing the enemy; a tap on
    the selected piece turns it 45°; a tap elsewhere with a placed piece selected moves it; a
    tap on a square outside the player's half changes nothing and says why."""

    intents = frozenset({"select", "square", "facing", "piece-type", "remove", "confirm-placement"})

    def __init__(self, seat: Seat, context: Context) -> None:
        super().__init__(seat, context)
        fixed = seat.options.fixed_type() or PieceType.HM
        self.squares: list[Square | None] = [None, None, None]
        self.facings: list[Facing] = [toward_enemy(seat)] * 3
        self.types: list[PieceType] = [fixed] * 3
        self.selected = 1
        self.picked = False  # the selected piece was picked by the player (then a tap moves it)

    def on_select(self, arg: str | None) -> Reply:
        n = piece_arg(arg)
        if n is None:
            return False
        self.selected, self.picked, self.message = n, True, None
        return True

    def on_square(self, arg: str | None) -> Reply:
        square = square_arg(arg)
        if square is None:
            return False
        self.message = None
        if square in self.squares:
            n = self.squares.index(square) + 1
            if n == self.selected:  # a second tap on it turns it
                self.facings[n - 1] = self.facings[n - 1].turned(1)
            self.selected, self.picked = n, True
            return True
        refusal = self.seat.square_refusal(square)
        if refusal:  # a square the piece may not stand on: nothing moves, the words say why
            self.message = refused(square, scene.refusal_words(refusal))
            return True
        if self.squares[self.selected - 1] is not None and not self.picked:
            unplaced = [i + 1 for i, sq in enumerate(self.squares) if sq is None]
            if unplaced:  # the piece just placed stays put: this tap places the next one
                self.selected = unplaced[0]
        self.squares[self.selected - 1] = square
        self.picked = False
        unplaced = [i + 1 for i, sq in enumerate(self.squares) if sq is None]
        if unplaced:  # the next piece to place is the one shown selected (and facing, type…)
            self.selected = unplaced[0]
        return True

    def on_facing(self, arg: str | None) -> Reply:
        try:
            facing = Facing.parse(arg or "")
        except NotationError:
            return False
        self.facings[self.selected - 1] = facing
        return True

    def on_piece_type(self, arg: str | None) -> Reply:
        if arg is None or arg not in PieceType.__members__ or self.seat.options.fixed_type() is not None:
            return False
        self.types[self.selected - 1] = PieceType[arg]
        return True

    def on_remove(self, arg: str | None) -> Reply:
        self.squares[self.selected - 1] = None
        self.picked = True
        return True

    def setup(self) -> Setup | None:
        if any(sq is None for sq in self.squares):
            return None
        positions = tuple(Position(sq, f) for sq, f in zip(self.squares, self.facings))  # type: ignore[arg-type]
        return Setup(self.player, positions, tuple(self.types))  # type: ignore[arg-type]

    def error(self) -> str | None:
        """Why the placement cannot be confirmed yet, or None."""
        for i, square in enumerate(self.squares):
            refusal = square and self.seat.square_refusal(square)
            if refusal:
                return _("piece {n}: {reason}").format(n=i + 1, reason=scene.refusal_words(refusal))
        missing = [i + 1 for i, sq in enumerate(self.squares) if sq is None]
        if missing:
            pieces = ", ".join(str(n) for n in missing)
            return ngettext("Place all three pieces: piece {pieces} is not on the board yet.",
                            "Place all three pieces: pieces {pieces} are not on the board yet.",
                            len(missing)).format(pieces=pieces)
        setup = self.setup()
        refusal = self.seat.setup_refusal(setup) if setup else None
        return scene.refusal_words(refusal) if refusal else None

    def on_confirm_placement(self, arg: str | None) -> Reply:
        error = self.error()
        if error:
            self.message = error
            return True
        setup = self.setup()
        assert setup is not None
        return setup

    def played(self, seat: Seat) -> Result:
        return Result(_("{who} placed the pieces.").format(who=self.names[str(self.player)]))

    def model(self) -> PlacementModel:
        pieces: list[PlacedModel] = [{"number": i + 1, "square": str(sq) if sq else None,
                   "facing": self.facings[i].name, "type": self.types[i].name,
                   "selected": self.selected == i + 1} for i, sq in enumerate(self.squares)]
        error = self.error()
        rows = self.seat.half_rows
        return {
            "kind": "placement", "player": str(self.player), "name": self.name, "other": self.other,
            "pieces": pieces, "selected": self.selected, "rows": f"{rows[0]}–{rows[-1]}",
            "secret": self.seat.options.fixed_type() is None,
            "types": [_type_info(t) for t in PieceType],
            "error": error, "can_confirm": error is None, "message": self.message,
            "incomplete": any(sq is None for sq in self.squares),
            "board": scene.placement_board(str(self.player), pieces),
            "moment": ("placement", self.name), "effects": [],
        }


def _type_info(kind: PieceType) -> TypeModel:
    return {"name": kind.name, "word": kind.word, "range": scene.range_text(kind)}
