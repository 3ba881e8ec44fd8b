"""The screen model of a Mortar Hunt turn (:class:`.turn.TurnDraft`'s), from the draft and its
seat only: the move being built, the shot, the sacrifice or the played turn's result, the board
with the draft drawn on it, the pads, the radar, and the moment with its effects."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ....table.effects import Effect, Landed
from ....table.effects import Shot as Flight
from ..actions import Resign, Sacrifice, Turn
from ..pad import SeatPads
from ..seat import Seat, SeenAction
from ..view import report_of, seat_view
from . import scene
from .padview import PAD_TURNS

if TYPE_CHECKING:
    from .models import (
        FireModel,
        LastShotModel,
        MoveModel,
        Overlay,
        PieceModel,
        RadarModel,
        ReportModel,
        ResultModel,
        TurnModel,
    )
    from .turn import TurnDraft


def radar_model(seat: Seat) -> RadarModel:
    """The radar of ``seat`` (RULINGS R14): where the enemy may stand, the last shot's reach,
    how exposed each own piece is, in words."""
    from ..computer import radar as radar_of  # (on first use, as for the computer)
    from ..computer import word as radar_word

    r = radar_of(seat)
    heat = {str(sq): round(p, 3) for sq, p in r.heat.items() if p >= 0.02}
    last: LastShotModel | None = None
    if r.last_shot is not None:
        last = {"at": str(r.last_shot.at), "turn": r.last_shot.turn,
                "squares": [str(s) for s in r.last_shot.squares], "text": r.last_shot.text()}
    return {"heat": heat, "words": {sq: radar_word(p) for sq, p in heat.items()},
            "last_shot": last,
            "exposure": [{"piece": e.piece, "square": str(e.square), "level": e.level,
                          "reason": e.reason} for e in r.exposure],
            "lines": list(r.lines())}


def report_model(seat: Seat, seen: SeenAction | None) -> ReportModel | None:
    """The opponent's last turn as ``seat``'s player may know it, with the type of the piece it
    cost them."""
    report = report_of(seen)
    if report is None:
        return None
    out = cast("ReportModel", report)  # (the report, to which the type of a piece lost is added)
    if report["lost"]:
        out["lost_type"] = seat.piece(report["lost"]).type.name
    return out


def turn_model(draft: TurnDraft, radar: RadarModel | None = None) -> TurnModel:
    seat = draft.seat
    view = seat_view(seat)
    player = str(seat.player)
    report = report_model(seat, draft.news)
    limit = seat.options.turn_limit
    out: TurnModel = {
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
        "pieces": [], "board": {}, "moment": None, "effects": [],  # (below)
    }
    overlay: Overlay = {}
    pieces: list[PieceModel] = []
    for p in view["pieces"]:
        kind = seat.piece(p["number"]).type
        pieces.append(cast("PieceModel", {**p, "range": scene.range_text(kind)}))
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


def _moment(draft: TurnDraft, out: TurnModel) -> tuple[tuple[object, ...], list[Effect]]:
    """This screen's moment and its sound and motion: the shooter's shot (and the winning
    hit's banner); the next player's view of where the enemy shell fell, never whence (R12)."""
    if draft.stage == "result":
        result = out["result"]
        effects: list[Effect] = []
        if result.get("kind") == "shot":
            origin, at = result.get("origin"), result.get("at")
            assert origin is not None and at is not None  # (a shot's)
            won = result["over"] and result.get("hit", False) and out["enemy_alive"] == 0
            effects.append(Flight(origin, at, result.get("hit", False), ".win-banner" if won else None))
        return ("result", draft.name, result.get("turn")), effects
    report = out["report"]
    landed: list[Effect] = ([Landed(report["shot"], bool(report["hit"]))]
                            if report is not None and report["shot"] else [])
    return ("turn", draft.name, out["turn"]), landed


def _move_model(draft: TurnDraft, pieces: list[PieceModel], overlay: Overlay) -> MoveModel:
    """The move as its steps, where they end, and what may be tapped next (one model: the
    steps; a destination or a facing only gives the steps that end there)."""
    seat = draft.seat
    for p in pieces:
        p["movable"] = p["alive"] and bool(seat.legal_moves(p["number"]))
    if draft.piece is None:
        return {"piece": None, "steps": [str(s) for s in draft.steps], "quick": draft.quick,
                "next": None, "end": None, "dest": None, "dest_facing": None, "facings": [],
                "error": draft.move_error(), "dests": [], "targets": []}
    legal = seat.legal_moves(draft.piece)
    dests = sorted({str(p.square) for p in legal})
    end = draft.pending_end()
    start = seat.piece(draft.piece).position
    nxt = seat.next_steps(draft.piece, draft.steps)
    targets = draft.targets_after()
    model: MoveModel = {
        "piece": draft.piece, "steps": [str(s) for s in draft.steps], "quick": draft.quick,
        "start": str(start), "next": {str(k): (str(v) if v else None) for k, v in nxt.items()},
        "end": str(end) if end else None, "dest": str(end.square) if end else None,
        "dest_facing": end.facing.name if end else None,
        "facing": (end or start).facing.name, "at": str(draft.end_square()),
        # the facings on that square (its own facing on its own square: no move)
        "facings": [f.name for f in draft.facings_here()] + (
            [start.facing.name] if draft.end_square() is start.square else []),
        "error": draft.move_error(), "dests": dests,
        "targets": targets,
    }
    overlay["selected"] = draft.piece
    overlay["dests"] = dests
    overlay["targets"] = targets
    if end is not None:
        overlay["ghost"] = (draft.piece, str(end))
        overlay["dest"] = str(end.square)
    return model


def _fire_model(draft: TurnDraft, pieces: list[PieceModel], overlay: Overlay) -> FireModel:
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


def _result_model(draft: TurnDraft) -> ResultModel:
    seen = draft.result
    assert seen is not None
    action = seen.action
    out: ResultModel = {"text": scene.seen_result_text(seen), "over": draft.seat.outcome is not None,
                        "turn": seen.turn}
    if isinstance(action, Turn):
        out.update({"kind": "shot" if action.shot else "skip",
                    "at": str(action.shot.at) if action.shot else None, "hit": bool(seen.hit),
                    "piece": action.shot.piece if action.shot else None,
                    # where the shell flew from: the firing piece's square after the move
                    "origin": str(draft.seat.piece(action.shot.piece).position.square) if action.shot
                    else None})
    elif isinstance(action, Sacrifice):
        out.update({"kind": "sacrifice", "piece": action.piece})
    elif isinstance(action, Resign):
        out["kind"] = "resign"
    return out
