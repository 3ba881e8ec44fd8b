"""The turn: what one Mortar Hunt player is building on their own screen, from their seat only.

A :class:`PlacementDraft` or :class:`TurnDraft` is made from a :class:`mortar.Seat` — never the
game — so it cannot show or use anything the player may not know. Intents change the draft;
an intent that completes the player's action returns it (a ``Setup``, ``Turn``, ``Sacrifice`` or
``Resign``) for the table to play. Every rule question goes to the seat: legal ends, step paths,
targets, whether a skip is allowed, and why something is refused.

Intents return False when they do not apply (a stale click), True when the draft changed, or
the finished action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..games.mortar_hunt.actions import Action, IllegalActionError, Move, Resign, Sacrifice, Setup, Shot, Turn
from ..games.mortar_hunt.moves import Step
from ..games.mortar_hunt.notation import Facing, NotationError, Position, Square
from ..games.mortar_hunt.rules import PieceType
from ..games.mortar_hunt.seat import Seat, SeenAction
from . import scene
from .turnmodel import turn_model

Reply = bool | Action | Setup

PIECES = (1, 2, 3)


def sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def toward_enemy(seat: Seat) -> Facing:
    """The facing that points from the own half to the enemy's: a new piece's facing."""
    own, enemy = seat.half_rows, min(s.row for s in seat.enemy_half)
    return Facing.N if enemy > own[-1] else Facing.S


def _square(arg: str | None) -> Square | None:
    try:
        return Square.parse(arg or "")
    except NotationError:
        return None


def _piece_number(arg: str | None) -> int | None:
    try:
        n = int(arg or "")
    except ValueError:
        return None
    return n if n in PIECES else None


class Draft:
    """Common to both drafts: the seat, the names, a message for the player."""

    def __init__(self, seat: Seat, names: dict[str, str]) -> None:
        self.seat = seat
        self.player = seat.player
        self.names = names
        self.message: str | None = None

    def handle(self, intent: str, arg: str | None) -> Reply:
        handler: Callable[[str | None], Reply] | None = getattr(self, "on_" + intent.replace("-", "_"), None)
        if handler is None:
            raise ValueError(f"unknown intent {intent!r}")
        return handler(arg)

    @property
    def name(self) -> str:
        return self.names[self.player]

    @property
    def other(self) -> str:
        return self.names[self.seat.opponent]


# --- placement -------------------------------------------------------------------------------


class PlacementDraft(Draft):
    """Three pieces put down: a tap places the next unplaced piece facing the enemy; a tap on
    the selected piece turns it 45°; a tap elsewhere with a placed piece selected moves it."""

    def __init__(self, seat: Seat, names: dict[str, str]) -> None:
        super().__init__(seat, names)
        fixed = seat.options.fixed_type() or PieceType.HM
        self.squares: list[Square | None] = [None, None, None]
        self.facings: list[Facing] = [toward_enemy(seat)] * 3
        self.types: list[PieceType] = [fixed] * 3
        self.selected = 1
        self.picked = False  # the selected piece was picked by the player (then a tap moves it)

    def on_select(self, arg: str | None) -> Reply:
        n = _piece_number(arg)
        if n is None:
            return False
        self.selected, self.picked, self.message = n, True, None
        return True

    def on_square(self, arg: str | None) -> Reply:
        square = _square(arg)
        if square is None:
            return False
        self.message = None
        if square in self.squares:
            n = self.squares.index(square) + 1
            if n == self.selected:  # a second tap on it turns it
                self.facings[n - 1] = self.facings[n - 1].turned(1)
            self.selected, self.picked = n, True
            return True
        # (a square off the half is put down all the same: error() says why it cannot stay)
        if self.squares[self.selected - 1] is not None and not self.picked:
            unplaced = [i + 1 for i, sq in enumerate(self.squares) if sq is None]
            if unplaced:  # the piece just placed stays put: this tap places the next one
                self.selected = unplaced[0]
        self.squares[self.selected - 1] = square
        self.picked = False
        return True

    def on_facing(self, arg: str | None) -> Reply:
        try:
            facing = Facing.parse(arg or "")
        except NotationError:
            return False
        self.facings[self.selected - 1] = facing
        return True

    def on_piece_type(self, arg: str | None) -> Reply:
        if arg not in PieceType.__members__ or self.seat.options.fixed_type() is not None:
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
                return f"piece {i + 1}: {refusal.message}"
        missing = [i + 1 for i, sq in enumerate(self.squares) if sq is None]
        if missing:
            pieces = " and ".join(f"piece {n}" for n in missing)
            verb = "is" if len(missing) == 1 else "are"
            return f"Place all three pieces: {pieces} {verb} not on the board yet."
        setup = self.setup()
        refusal = self.seat.setup_refusal(setup) if setup else None
        return refusal.message if refusal else None

    def on_confirm_placement(self, arg: str | None) -> Reply:
        error = self.error()
        if error:
            self.message = error
            return True
        setup = self.setup()
        assert setup is not None
        return setup

    def model(self, radar: Any = None) -> dict[str, Any]:
        pieces = [{"number": i + 1, "square": str(sq) if sq else None,
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
        }


def _type_info(kind: PieceType) -> dict[str, Any]:
    return {"name": kind.name, "word": kind.word, "range": f"{kind.shortest}–{kind.longest}"}


# --- a turn ----------------------------------------------------------------------------------


class TurnDraft(Draft):
    """One turn: build the move (steps, or a destination and a facing), confirm it, then fire or
    hold fire; or sacrifice when the seat says one is due. After the table plays the action,
    :meth:`played` shows its result from the seat that follows."""

    def __init__(self, seat: Seat, names: dict[str, str]) -> None:
        super().__init__(seat, names)
        self.report: SeenAction | None = seat.last_enemy_action
        self.stage = "sacrifice" if seat.must_sacrifice else "move"
        self.piece: int | None = None
        self.steps: list[Step] = []
        self.dest: Square | None = None
        self.dest_facing: Facing | None = None
        self.move: Move | None = None
        self.fire_piece: int | None = None
        self.target: Square | None = None
        self.sacrifice: int | None = None
        self.resign_asked = False
        self.result: SeenAction | None = None  # the seat's own last action, once played
        if self.stage == "move":
            movable = [n for n in PIECES if self._alive(n) and seat.legal_moves(n)]
            self.piece = movable[0] if len(movable) == 1 else None
        else:
            live = [p.number for p in seat.pieces if p.alive]
            self.sacrifice = live[0] if len(live) == 1 else None  # nothing to choose

    def _alive(self, n: int) -> bool:
        return self.seat.piece(n).alive

    def _piece_at(self, square: Square) -> int | None:
        for p in self.seat.pieces:
            if p.position.square is square:
                return p.number
        return None

    @property
    def finished(self) -> bool:
        """The action is played and its result shown: the table may go on."""
        return self.stage == "result"

    def played(self, seat: Seat) -> None:
        """The table played this turn's action: show its result from the seat after it."""
        self.seat = seat
        self.stage = "result"
        self.resign_asked = False
        self.message = None
        self.result = seat.log[-1] if seat.log else None

    # --- choosing pieces and squares ----------------------------------------------------

    def on_select(self, arg: str | None) -> Reply:
        n = _piece_number(arg)
        if n is None or self.stage == "result":
            return False
        self.message = None
        if self.stage == "move":
            if not self._alive(n):
                self.message = f"Piece {n} is destroyed and cannot move."
            elif self.piece != n:
                self.piece, self.steps, self.dest, self.dest_facing = n, [], None, None
            return True
        if self.stage == "fire":
            if not self._shots(n):
                self.message = f"Piece {n} has no target from where it stands."
            elif self.fire_piece != n:
                self.fire_piece, self.target = n, None
            return True
        if not self._alive(n):
            return False
        self.sacrifice = n
        return True

    def on_square(self, arg: str | None) -> Reply:
        square = _square(arg)
        if square is None:
            return False
        self.message = None
        if self.stage == "move":
            own = self._piece_at(square)
            if own is not None and own != self.piece:
                return self.on_select(str(own))
            if self.piece is None:
                self.message = "First pick the piece to move: tap one of your pieces."
                return True
            facings = self._dest_facings(square)
            if not facings:
                self.message = (f"Piece {self.piece} cannot end its move on {square}. "
                                "Tap a highlighted square, or use the step buttons.")
                return True
            current = self.pending_end()
            self.steps, self.dest = [], square
            keep = current is not None and current.square is square and current.facing in facings
            self.dest_facing = current.facing if keep else self.default_facing(facings)
            return True
        if self.stage == "fire":
            pieces = [n for n in PIECES if square in self._shots(n)]
            if not pieces:
                self.message = f"None of your pieces can fire at {square} this turn."
                return True
            if self.fire_piece not in pieces:
                self.fire_piece = pieces[0]
            self.target = square
            return True
        if self.stage == "sacrifice":
            own = self._piece_at(square)
            if own is not None and self._alive(own):
                self.sacrifice = own
            return True
        return False

    def default_facing(self, facings: list[Facing]) -> Facing:
        """The facing a destination starts with (the player may change it): the piece's own
        facing when it can keep it, else the allowed one nearest to it."""
        assert self.piece is not None and facings
        now = self.seat.piece(self.piece).position.facing
        return min(facings, key=lambda f: min((f - now) % 8, (now - f) % 8))

    def _dest_facings(self, square: Square) -> list[Facing]:
        assert self.piece is not None
        return [p.facing for p in self.seat.legal_moves(self.piece) if p.square is square]

    def on_facing(self, arg: str | None) -> Reply:
        try:
            facing = Facing.parse(arg or "")
        except NotationError:
            return False
        if self.stage != "move" or self.dest is None:
            return False
        self.dest_facing, self.message = facing, None
        return True

    # --- building the move --------------------------------------------------------------

    def on_step(self, arg: str | None) -> Reply:
        if self.stage != "move" or arg not in Step.__members__.values():
            return False
        if self.piece is None:
            self.message = "First pick the piece to move."
            return True
        step = Step(arg)
        try:
            self.seat.step_path(self.piece, [*self.steps, step])
        except IllegalActionError as e:
            self.message = sentence(str(e))
            return True
        self.steps.append(step)
        self.dest = self.dest_facing = None
        self.message = None
        return True

    def on_undo_step(self, arg: str | None) -> Reply:
        if self.stage != "move":
            return False
        if self.steps:
            self.steps.pop()
        self.dest = self.dest_facing = None
        self.message = None
        return True

    def on_clear_move(self, arg: str | None) -> Reply:
        if self.stage != "move":
            return False
        self.steps, self.dest, self.dest_facing, self.message = [], None, None, None
        return True

    def pending_end(self) -> Position | None:
        if self.piece is None:
            return None
        if self.steps:
            return self.seat.step_path(self.piece, self.steps)[-1]
        if self.dest is not None and self.dest_facing is not None:
            return Position(self.dest, self.dest_facing)
        return None

    def move_error(self) -> str | None:
        """Why the move being built cannot be confirmed, or None when it can."""
        if self.piece is None:
            return "Pick the piece to move."
        end = self.pending_end()
        if end is None:
            if self.dest is not None:
                return "Pick the facing the piece ends with."
            return "Build the move: use the step buttons or tap a highlighted square."
        refusal = self.seat.move_refusal(Move(self.piece, end))
        return sentence(refusal.message) if refusal else None

    def on_confirm_move(self, arg: str | None) -> Reply:
        if self.stage != "move":
            return False
        error = self.move_error()
        if error:
            self.message = error
            return True
        end = self.pending_end()
        assert end is not None and self.piece is not None
        self.move = Move(self.piece, end)
        self.stage, self.target, self.message = "fire", None, None
        shooters = [n for n in PIECES if self._shots(n)]
        self.fire_piece = self.piece if self.piece in shooters else (shooters[0] if shooters else None)
        return True

    def on_change_move(self, arg: str | None) -> Reply:
        """Back from choosing the shot to building the move (nothing has been played yet)."""
        if self.stage != "fire":
            return False
        self.stage, self.move, self.fire_piece, self.target, self.message = "move", None, None, None, None
        return True

    # --- the shot, the sacrifice, resigning -----------------------------------------------

    def _shots(self, n: int) -> tuple[Square, ...]:
        if not self._alive(n):
            return ()
        return self.seat.legal_shots(n, self.move)

    def skip_error(self) -> str | None:
        assert self.move is not None
        refusal = self.seat.refusal(Turn(self.move, None))
        return sentence(refusal.message) if refusal else None

    def _finish(self, action: Action) -> Reply:
        refusal = self.seat.refusal(action)
        if refusal:
            self.message = sentence(refusal.message)
            return True
        return action

    def on_fire(self, arg: str | None) -> Reply:
        if self.stage != "fire":
            return False
        assert self.move is not None
        if self.fire_piece is None or self.target is None:
            self.message = "Pick a target first."
            return True
        return self._finish(Turn(self.move, Shot(self.fire_piece, self.target)))

    def on_skip(self, arg: str | None) -> Reply:
        if self.stage != "fire":
            return False
        assert self.move is not None
        return self._finish(Turn(self.move, None))

    def on_sacrifice(self, arg: str | None) -> Reply:
        if self.stage != "sacrifice":
            return False
        if self.sacrifice is None:
            self.message = "Pick the piece to sacrifice."
            return True
        return self._finish(Sacrifice(self.sacrifice))

    def on_resign(self, arg: str | None) -> Reply:
        if self.stage == "result":
            return False
        self.resign_asked = True
        return True

    def on_resign_cancel(self, arg: str | None) -> Reply:
        self.resign_asked = False
        return True

    def on_resign_confirm(self, arg: str | None) -> Reply:
        if self.stage == "result" or not self.resign_asked:
            return False
        return self._finish(Resign())

    # --- the screen model ---------------------------------------------------------------

    def model(self, radar: Any = None) -> dict[str, Any]:
        return turn_model(self, radar)
