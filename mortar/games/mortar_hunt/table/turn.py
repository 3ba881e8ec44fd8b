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

from typing import Any

from ....table.drafts import CHANGED, UNCHANGED, Chosen, Context, Play, Reply, Result
from ....table.effects import Effect, Landed
from ....table.effects import Shot as Flight
from ....table.words import _
from ..actions import Action, IllegalActionError, Move, Resign, Sacrifice, Shot, Turn
from ..moves import MAX_STEPS, Step
from ..notation import Facing, NotationError, Position, Square
from ..pad import SeatPads
from ..rules import Phase
from ..seat import Seat, SeenAction
from ..view import report_of, seat_view
from . import scene
from .draft import PIECES, Draft, piece_arg, square_arg
from .padview import PAD_TURNS


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
        self._radar: dict[str, Any] | None = None
        self.news: SeenAction | None = seat.last_enemy_action
        report = report_of(self.news)
        if report is not None and seat.phase is Phase.PLAY:
            if report.get("lost"):
                report["lost_type"] = seat.piece(report["lost"]).type.name
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
                self.message = _("None of your pieces can fire at {square} this turn.").format(square=square)
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
            self.message = _("Piece {n} cannot reach {square} in one move: tap a marked square.").format(
                n=self.piece, square=square)
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
            self.message = _("None of your pieces can fire at {square} after this move.").format(
                square=square)
            return CHANGED
        self.on_confirm_move(None)
        return self.on_square(str(square))

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
            self.message = scene.refusal_words(e.refusal)
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
        return scene.refusal_words(refusal) if refusal else None

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

    def radar(self) -> dict[str, Any] | None:
        """The radar for this player, from their seat only (RULINGS R14), when the table allows
        it: worked out once per turn."""
        if not self.aid or self.stage not in ("move", "fire") or self.seat.phase is not Phase.PLAY:
            return None
        if self._radar is None:
            from ..computer import radar as radar_of  # (on first use, as for the computer)
            from ..computer import word as radar_word

            r = radar_of(self.seat)
            heat = {str(sq): round(p, 3) for sq, p in r.heat.items() if p >= 0.02}
            last = None
            if r.last_shot is not None:
                last = {"at": str(r.last_shot.at), "turn": r.last_shot.turn,
                        "squares": [str(s) for s in r.last_shot.squares], "text": r.last_shot.text()}
            self._radar = {"heat": heat, "words": {sq: radar_word(p) for sq, p in heat.items()},
                           "last_shot": last,
                           "exposure": [{"piece": e.piece, "square": str(e.square), "level": e.level,
                                         "reason": e.reason} for e in r.exposure],
                           "lines": list(r.lines())}
        return self._radar

    def model(self) -> dict[str, Any]:
        return turn_model(self, self.radar())


def turn_model(draft: TurnDraft, radar: Any = None) -> dict[str, Any]:
    seat = draft.seat
    view = seat_view(seat)
    player = str(seat.player)
    report = report_of(draft.news)
    if report is not None and report.get("lost"):
        report["lost_type"] = seat.piece(report["lost"]).type.name
    limit = seat.options.turn_limit
    out: dict[str, Any] = {
        "kind": "turn", "player": player, "name": draft.name, "plain": draft.names[player],
        "other": draft.other,
        "turn": view["turn"], "stage": draft.stage, "report": report,
        "skips": view["skips"], "max_skips": seat.max_skips, "must_shoot": view["must_shoot"],
        # the next turn must fire if this one does not (the player is warned before a skip)
        "last_free_skip": seat.skips == seat.max_skips - 1,
        "turn_limit": limit, "last_turn": limit is not None and seat.turn == limit,
        "variant": view["options"]["variant"],
        "score": view["score"], "enemy_alive": view["enemy"]["alive"],
        "enemy_type": view["enemy"]["type"],
        "own_alive": sum(1 for p in view["pieces"] if p["alive"]),
        "message": draft.message, "resign_asked": draft.resign_asked,
        "pad": SeatPads(seat).at(len(seat.log), PAD_TURNS).to_data(),
        "radar": radar if draft.stage in ("move", "fire") else None,
    }
    overlay: dict[str, Any] = {}
    pieces = [dict(p) for p in view["pieces"]]
    for p in pieces:
        kind = seat.piece(p["number"]).type
        p["range"] = f"{kind.shortest}–{kind.longest}"
    if draft.stage == "move":
        out["move"] = _move_model(draft, pieces, overlay)
    elif draft.stage == "fire":
        out["fire"] = _fire_model(draft, pieces, overlay)
    elif draft.stage == "sacrifice":
        live = [p for p in pieces if p["alive"]]
        out["sacrifice"] = {"pieces": live, "selected": draft.sacrifice, "last": len(live) == 1}
        if draft.sacrifice is not None:
            overlay["selected"] = draft.sacrifice
    elif draft.stage == "result":
        out["result"] = _result_model(draft)
    out["pieces"] = pieces
    out["board"] = scene.turn_board(view, overlay)
    out["moment"], out["effects"] = _moment(draft, out)
    return out


def _moment(draft: TurnDraft, out: dict[str, Any]) -> tuple[tuple[object, ...], list[Effect]]:
    """This screen's moment and its sound and motion: the shooter's shot (and the winning
    hit's banner); the next player's view of where the enemy shell fell, never whence (R12)."""
    if draft.stage == "result":
        result = out["result"]
        effects: list[Effect] = []
        if result.get("kind") == "shot":
            won = result["over"] and result["hit"] and out["enemy_alive"] == 0
            effects.append(Flight(result["origin"], result["at"], result["hit"],
                                  ".win-banner" if won else None))
        return ("result", draft.name, result.get("turn")), effects
    report = out["report"] or {}
    landed: list[Effect] = [Landed(report["shot"], bool(report.get("hit")))] if report.get("shot") else []
    return ("turn", draft.name, out["turn"]), landed


def _move_model(draft: TurnDraft, pieces: list[dict[str, Any]], overlay: dict[str, Any]) -> dict[str, Any]:
    """The move as its steps, where they end, and what may be tapped next (one model: the
    steps; a destination or a facing only gives the steps that end there)."""
    seat = draft.seat
    model: dict[str, Any] = {"piece": draft.piece, "steps": [str(s) for s in draft.steps],
                             "quick": draft.quick}
    for p in pieces:
        p["movable"] = p["alive"] and bool(seat.legal_moves(p["number"]))
    if draft.piece is None:
        model.update(next=None, end=None, dest=None, dest_facing=None, facings=[],
                     error=draft.move_error(), dests=[], targets=[])
        return model
    legal = seat.legal_moves(draft.piece)
    dests = sorted({str(p.square) for p in legal})
    end = draft.pending_end()
    start = seat.piece(draft.piece).position
    nxt = seat.next_steps(draft.piece, draft.steps)
    targets = draft.targets_after()
    model.update(
        start=str(start), next={str(k): (str(v) if v else None) for k, v in nxt.items()},
        end=str(end) if end else None, dest=str(end.square) if end else None,
        dest_facing=end.facing.name if end else None,
        facing=(end or start).facing.name, at=str(draft.end_square()),
        # the facings on that square (its own facing on its own square: no move)
        facings=[f.name for f in draft.facings_here()] + (
            [start.facing.name] if draft.end_square() is start.square else []),
        error=draft.move_error(), dests=dests,
        targets=targets,
    )
    overlay["selected"] = draft.piece
    overlay["dests"] = dests
    overlay["targets"] = targets
    if end is not None:
        overlay["ghost"] = (draft.piece, str(end))
        overlay["dest"] = str(end.square)
    return model


def _fire_model(draft: TurnDraft, pieces: list[dict[str, Any]], overlay: dict[str, Any]) -> dict[str, Any]:
    move = draft.move
    assert move is not None
    for p in pieces:
        if p["number"] == move.piece:
            p["square"], p["facing"], p["position"] = (str(move.to.square), move.to.facing.name,
                                                       str(move.to))
        p["targets"] = [str(s) for s in draft._shots(p["number"])]
    skip_error = draft.skip_error()
    overlay["moved"] = (move.piece, str(move.to))
    if draft.fire_piece is not None:
        overlay["selected"] = draft.fire_piece
        overlay["targets"] = [str(s) for s in draft._shots(draft.fire_piece)]
    if draft.target is not None:
        overlay["aim"] = str(draft.target)
    return {"move": {"piece": move.piece, "to": str(move.to)},
            "piece": draft.fire_piece, "target": str(draft.target) if draft.target else None,
            "any_target": any(p.get("targets") for p in pieces),
            "skip_error": skip_error, "can_skip": skip_error is None, "quick": draft.quick}


def _result_model(draft: TurnDraft) -> dict[str, Any]:
    seen = draft.result
    assert seen is not None
    action = seen.action
    out: dict[str, Any] = {"text": scene.seen_result_text(seen), "over": draft.seat.outcome is not None,
                           "turn": seen.turn}
    if isinstance(action, Turn):
        out.update(kind="shot" if action.shot else "skip",
                   at=str(action.shot.at) if action.shot else None, hit=bool(seen.hit),
                   piece=action.shot.piece if action.shot else None,
                   # where the shell flew from: the firing piece's square after the move
                   origin=str(draft.seat.piece(action.shot.piece).position.square) if action.shot else None)
    elif isinstance(action, Sacrifice):
        out.update(kind="sacrifice", piece=action.piece)
    elif isinstance(action, Resign):
        out.update(kind="resign")
    return out
