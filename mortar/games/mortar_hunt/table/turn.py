"""A Mortar Hunt turn on the player's own screen, from their seat only: the move, then the shot
or holding fire, or the sacrifice R9 demands; and the screen model of each stage.

The move has one model: its steps (RULINGS R5). A tap on a destination square, or a facing on
the compass, gives the shortest steps that end there; a step button adds a step to them; the
board shows where they end. With few taps (the table's default), a tap on a target once the move
ends somewhere confirms the move and aims; otherwise the move has its button first. Aiming
chooses the whole turn, confirmed as every move of the box is (a second tap on the target, or
its button "Fire at C4"); a tap on a square that cannot be used now changes nothing and says
why. Every rule question goes to the seat (legal ends, step paths, targets, whether a skip is
allowed, why something is refused); every rule word and number on the screen comes from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....table.drafts import CHANGED, UNCHANGED, Chosen, Context, Play, Reply, Result
from ....table.hints import DEST, Hint
from ....table.words import _, refused
from ..actions import Action, IllegalActionError, Move, Resign, Sacrifice, Shot, Turn
from ..moves import MAX_STEPS, Step
from ..notation import Facing, NotationError, Position, Square
from ..rules import Phase
from ..seat import Seat, SeenAction
from . import scene
from .draft import PIECES, Draft, piece_arg, square_arg
from .turn_model import radar_model, report_model, turn_model

if TYPE_CHECKING:
    from .models import RadarModel, TurnModel


class TurnDraft(Draft):
    """One turn: build the move (steps, or a destination and a facing), confirm it, then fire or
    hold fire; or sacrifice when the seat says one is due. After the table plays the action,
    :meth:`played` shows its result from the seat that follows."""

    intents = frozenset({"select", "square", "facing", "step", "undo-step", "clear-move",
                         "confirm-move", "change-move", "skip", "sacrifice", "resign",
                         "resign-cancel", "resign-confirm", "cancel"})

    def __init__(self, seat: Seat, context: Context) -> None:
        super().__init__(seat, context)
        self.quick = context.quick  # a tap on a target confirms the move (else it has its button)
        self.aid = context.aid  # the radar allowed
        self._radar: RadarModel | None = None
        self.news: SeenAction | None = seat.last_enemy_action
        report = report_model(seat, self.news)
        if report is not None and seat.phase is Phase.PLAY:
            self.report = (_("Turn {n}:").format(n=report["turn"]) + " "
                           + scene.report_text(report, self.other))
        self.stage = "sacrifice" if seat.must_sacrifice else "move"
        self.piece: int | None = None
        self.steps: list[Step] = []
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

    def played(self, seat: Seat) -> Result:
        """The table played this turn's action: show its result from the seat after it."""
        self.seat = seat
        self.stage = "result"
        self.resign_asked = False
        self.message = None
        self.result = seat.log[-1] if seat.log else None
        if isinstance(self.result.action if self.result else None, Resign):
            return Result()
        return Result(scene.seen_result_text(self.result) if self.result else None, shows=True)

    def handle(self, intent: str, arg: str | None) -> Reply[object]:
        if self.stage == "result":
            return UNCHANGED  # the turn is played: only the table's "end-turn" goes on
        return super().handle(intent, arg)

    def _aim(self) -> Reply[object]:
        """The turn chosen: the move made, the piece and target picked."""
        assert self.move is not None and self.fire_piece is not None and self.target is not None
        label = _("Fire at {target}").format(target=self.target)
        return Chosen(Turn(self.move, Shot(self.fire_piece, self.target)), label, str(self.target))

    def on_cancel(self, arg: str | None) -> Reply[object]:
        """Escape: the question closed, the target dropped, or the move started over."""
        if self.resign_asked:
            self.resign_asked = False
        elif self.stage == "fire" and self.target is not None:
            self.target = None
        elif self.stage == "fire":
            return self.on_change_move(None)
        elif self.stage == "move" and (self.steps or self.piece is not None):
            self.steps, self.message = [], None
        else:
            return UNCHANGED
        return CHANGED

    # --- choosing pieces and squares ----------------------------------------------------

    def on_select(self, arg: str | None) -> Reply[object]:
        n = piece_arg(arg)
        if n is None or self.stage == "result":
            return UNCHANGED
        self.message = None
        if self.stage == "move":
            if not self._alive(n):
                self.message = _("Piece {n} is destroyed and cannot move.").format(n=n)
            elif self.piece != n:
                self.piece, self.steps = n, []
            return CHANGED
        if self.stage == "fire":
            if not self._shots(n):
                self.message = _("Piece {n} has no target from where it stands.").format(n=n)
            elif self.fire_piece != n:
                self.fire_piece = n
                if self.target is not None and self.target in self._shots(n):
                    return self._aim()  # the same target, from this piece
                self.target = None
            return CHANGED
        if not self._alive(n):
            return UNCHANGED
        self.sacrifice = n
        return CHANGED

    def on_square(self, arg: str | None) -> Reply[object]:
        square = square_arg(arg)
        if square is None:
            return UNCHANGED
        self.message = None
        if self.stage == "move":
            return self._move_square(square)
        if self.stage == "fire":
            own = self._piece_at(square)
            if own is not None and self._alive(own):
                return self.on_select(str(own))  # the piece that fires
            pieces = [n for n in PIECES if square in self._shots(n)]
            if not pieces:
                self.message = self._no_shot(square, self.move) or _(
                    "None of your pieces can fire at {square} this turn.").format(square=square)
                return CHANGED
            if self.fire_piece not in pieces:
                self.fire_piece = pieces[0]
            self.target = square
            return self._aim()
        if self.stage == "sacrifice":
            own = self._piece_at(square)
            if own is not None and self._alive(own):
                self.sacrifice = own
            return CHANGED
        return UNCHANGED

    def _move_square(self, square: Square) -> Reply[object]:
        """A tap on the board while the move is built: an own piece picks it; a square the
        piece can end on gives the steps there; with few taps, a target once the move is whole
        confirms it and aims. Anything else changes nothing and says why."""
        own = self._piece_at(square)
        if own is not None and own != self.piece:
            return self.on_select(str(own))
        if own is not None:  # the piece itself: its move starts over (it turns by the compass)
            self.steps = []
            return CHANGED
        if self.piece is None:
            self.message = _("First pick the piece to move: tap one of your pieces.")
            return CHANGED
        if square in self.seat.enemy_half:
            return self._aim_from_move(square)
        facings = self._dest_facings(square)
        if not facings:
            self.message = Hint(self._unreachable(self.piece, square), DEST)
            return CHANGED
        current = self.pending_end()
        if current is not None and current.square is square and current.facing in facings:
            return CHANGED  # already there
        self._go(Position(square, self.default_facing(facings)))
        return CHANGED

    def _aim_from_move(self, square: Square) -> Reply[object]:
        if not self.quick:
            self.message = _("First confirm the move, then aim.")
            return CHANGED
        if self.move_error() is not None:
            self.message = _("First choose where piece {n} moves, then aim.").format(n=self.piece)
            return CHANGED
        end = self.pending_end()
        assert end is not None and self.piece is not None
        move = Move(self.piece, end)
        if not any(square in self._shots(n, move) for n in PIECES):
            self.message = self._no_shot(square, move) or _(
                "None of your pieces can fire at {square} after this move.").format(square=square)
            return CHANGED
        self.on_confirm_move(None)
        return self.on_square(str(square))

    def _unreachable(self, piece: int, square: Square) -> str:
        """Why ``piece`` cannot end its move on ``square``, by the rules' refusal of the move
        there with the facing it has: ``Piece 1 to L1: That square is a crater.``"""
        facing = self.seat.piece(piece).position.facing
        refusal = self.seat.move_refusal(Move(piece, Position(square, facing)))
        reason = scene.refusal_words(refusal) if refusal is not None else _("Tap a marked square.")
        return refused(_("Piece {n} to {square}").format(n=piece, square=square), reason)

    def _no_shot(self, square: Square, move: Move | None) -> str | None:
        """Why no piece can fire at ``square`` (after ``move``), when the rules give every live
        piece one reason (``H5: You cannot fire into your own half.``); None when they differ."""
        if move is None:
            return None
        codes = {r.code: r for n in PIECES if self._alive(n)
                 for r in [self.seat.refusal(Turn(move, Shot(n, square)))] if r is not None}
        if len(codes) != 1:
            return None
        return refused(square, scene.refusal_words(next(iter(codes.values())), shot=True))

    def _go(self, end: Position) -> None:
        """The move ends at ``end``: its shortest steps (the start itself: no move yet)."""
        assert self.piece is not None
        start = self.seat.piece(self.piece).position
        if end == start:
            self.steps = []
            return
        frontier: list[list[Step]] = [[]]
        for _depth in range(MAX_STEPS):
            deeper = []
            for path in frontier:
                for step, to in self.seat.next_steps(self.piece, path).items():
                    if to is None:
                        continue
                    if to == end:
                        self.steps = [*path, step]
                        return
                    deeper.append([*path, step])
            frontier = deeper
        raise AssertionError(f"no steps of piece {self.piece} end on {end}")  # a legal end has some

    def default_facing(self, facings: list[Facing]) -> Facing:
        """The facing a destination starts with (the player may change it): the piece's own
        facing when it can keep it, else the allowed one nearest to it."""
        assert self.piece is not None and facings
        now = self.seat.piece(self.piece).position.facing
        return min(facings, key=lambda f: min((f - now) % 8, (now - f) % 8))

    def _dest_facings(self, square: Square) -> list[Facing]:
        assert self.piece is not None
        return [p.facing for p in self.seat.legal_moves(self.piece) if p.square is square]

    def end_square(self) -> Square | None:
        """Where the move ends, or the piece's own square while it has not moved."""
        if self.piece is None:
            return None
        end = self.pending_end()
        return end.square if end is not None else self.seat.piece(self.piece).position.square

    def facings_here(self) -> list[Facing]:
        """The facings the piece may end with on the square its move ends on now."""
        square = self.end_square()
        return [] if square is None else self._dest_facings(square)

    def on_facing(self, arg: str | None) -> Reply[object]:
        try:
            facing = Facing.parse(arg or "")
        except NotationError:
            return UNCHANGED
        if self.stage != "move" or self.piece is None:
            return UNCHANGED
        square = self.end_square()
        assert square is not None
        self.message = None
        end = Position(square, facing)
        if end == self.seat.piece(self.piece).position or facing in self._dest_facings(square):
            self._go(end)
        else:
            self.message = _("Piece {n} cannot end its move on {square} facing {facing}.").format(
                n=self.piece, square=square, facing=scene.FACING_WORDS[facing.name])
        return CHANGED

    # --- building the move --------------------------------------------------------------

    def on_step(self, arg: str | None) -> Reply[object]:
        if self.stage != "move" or arg is None or arg not in Step.__members__.values():
            return UNCHANGED
        if self.piece is None:
            self.message = _("First pick the piece to move.")
            return CHANGED
        step = Step(arg)
        try:
            self.seat.step_path(self.piece, [*self.steps, step])
        except IllegalActionError as e:
            self.message = refused(_("Piece {n}").format(n=self.piece), scene.refusal_words(e.refusal))
            return CHANGED
        self.steps.append(step)
        self.message = None
        return CHANGED

    def on_undo_step(self, arg: str | None) -> Reply[object]:
        if self.stage != "move":
            return UNCHANGED
        if self.steps:
            self.steps.pop()
        self.message = None
        return CHANGED

    def on_clear_move(self, arg: str | None) -> Reply[object]:
        if self.stage != "move":
            return UNCHANGED
        self.steps, self.message = [], None
        return CHANGED

    def pending_end(self) -> Position | None:
        if self.piece is None:
            return None
        if self.steps:
            return self.seat.step_path(self.piece, self.steps)[-1]
        return None

    def move_error(self) -> str | None:
        """Why the move being built cannot be confirmed, or None when it can."""
        if self.piece is None:
            return _("Pick the piece to move.")
        end = self.pending_end()
        if end is None:
            return _("Build the move: pick a marked square, or step with the buttons.")
        refusal = self.seat.move_refusal(Move(self.piece, end))
        return refused(_("Piece {n}").format(n=self.piece), scene.refusal_words(refusal)) if refusal else None

    def on_confirm_move(self, arg: str | None) -> Reply[object]:
        if self.stage != "move":
            return UNCHANGED
        error = self.move_error()
        if error:
            self.message = error
            return CHANGED
        end = self.pending_end()
        assert end is not None and self.piece is not None
        self.move = Move(self.piece, end)
        self.stage, self.target, self.message = "fire", None, None
        shooters = [n for n in PIECES if self._shots(n)]
        self.fire_piece = self.piece if self.piece in shooters else (shooters[0] if shooters else None)
        return CHANGED

    def on_change_move(self, arg: str | None) -> Reply[object]:
        """Back from choosing the shot to building the move (nothing has been played yet)."""
        if self.stage != "fire":
            return UNCHANGED
        self.stage, self.move, self.fire_piece, self.target, self.message = "move", None, None, None, None
        return CHANGED

    # --- the shot, the sacrifice, resigning -----------------------------------------------

    def _shots(self, n: int, move: Move | None = None) -> tuple[Square, ...]:
        if not self._alive(n):
            return ()
        return self.seat.legal_shots(n, move or self.move)

    def targets_after(self) -> list[str]:
        """With few taps: the squares some piece could fire at after the move built so far
        (a tap on one confirms the move and aims)."""
        end = self.pending_end() if self.quick and self.move_error() is None else None
        if end is None or self.piece is None:
            return []
        move = Move(self.piece, end)
        return sorted({str(t) for n in PIECES for t in self._shots(n, move)})

    def skip_error(self) -> str | None:
        assert self.move is not None
        refusal = self.seat.refusal(Turn(self.move, None))
        return scene.refusal_words(refusal) if refusal else None

    def _finish(self, action: Action) -> Reply[object]:
        refusal = self.seat.refusal(action)
        if refusal:
            self.message = scene.refusal_words(refusal)
            return CHANGED
        return Play(action)

    def on_skip(self, arg: str | None) -> Reply[object]:
        if self.stage != "fire":
            return UNCHANGED
        assert self.move is not None
        return self._finish(Turn(self.move, None))

    def on_sacrifice(self, arg: str | None) -> Reply[object]:
        if self.stage != "sacrifice":
            return UNCHANGED
        if self.sacrifice is None:
            self.message = _("Pick the piece to sacrifice.")
            return CHANGED
        return self._finish(Sacrifice(self.sacrifice))

    def on_resign(self, arg: str | None) -> Reply[object]:
        if self.stage == "result":
            return UNCHANGED
        self.resign_asked = True
        return CHANGED

    def on_resign_cancel(self, arg: str | None) -> Reply[object]:
        self.resign_asked = False
        return CHANGED

    def on_resign_confirm(self, arg: str | None) -> Reply[object]:
        if self.stage == "result" or not self.resign_asked:
            return UNCHANGED
        return self._finish(Resign())

    # --- the screen model ---------------------------------------------------------------

    def radar(self) -> RadarModel | None:
        """The radar for this player, from their seat only (RULINGS R14), when the table allows
        it: worked out once per turn."""
        if not self.aid or self.stage not in ("move", "fire") or self.seat.phase is not Phase.PLAY:
            return None
        if self._radar is None:
            self._radar = radar_model(self.seat)
        return self._radar

    def model(self) -> TurnModel:
        return turn_model(self, self.radar())
