"""The turn screen as plain data for :mod:`mortar.ui.render`, built from a draft and its seat.

Every number and word of the rules here comes from the seat (ranges, skip limit, turn limit,
halves); strings are made for drawing only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..games.mortar_hunt.actions import Resign, Sacrifice, Turn
from ..games.mortar_hunt.pad import seat_pad
from ..games.mortar_hunt.view import report_of, seat_view
from . import scene

if TYPE_CHECKING:
    from .turn import TurnDraft


def turn_model(draft: TurnDraft, radar: Any = None) -> dict[str, Any]:
    seat = draft.seat
    view = seat_view(seat)
    player = str(seat.player)
    report = report_of(draft.report)
    if report is not None and report.get("lost"):
        report["lost_type"] = seat.piece(report["lost"]).type.name
    limit = seat.options.turn_limit
    out: dict[str, Any] = {
        "kind": "turn", "player": player, "name": draft.name, "other": draft.other,
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
        "pad": seat_pad(seat).to_data(),
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
    return out


def _move_model(draft: TurnDraft, pieces: list[dict], overlay: dict) -> dict[str, Any]:
    seat = draft.seat
    model: dict[str, Any] = {"piece": draft.piece, "steps": [str(s) for s in draft.steps],
                             "dest": str(draft.dest) if draft.dest else None,
                             "dest_facing": draft.dest_facing.name if draft.dest_facing is not None else None}
    for p in pieces:
        p["movable"] = p["alive"] and bool(seat.legal_moves(p["number"]))
    if draft.piece is None:
        model.update(next=None, end=None, facings=[], error=draft.move_error(), dests=[])
        return model
    legal = seat.legal_moves(draft.piece)
    dests = sorted({str(p.square) for p in legal})
    end = draft.pending_end()
    nxt = seat.next_steps(draft.piece, draft.steps)
    facings = [f.name for f in draft._dest_facings(draft.dest)] if draft.dest else []
    model.update(
        start=str(seat.piece(draft.piece).position),
        next={str(k): (str(v) if v else None) for k, v in nxt.items()},
        end=str(end) if end else None, facings=facings, error=draft.move_error(), dests=dests,
    )
    overlay["selected"] = draft.piece
    overlay["dests"] = dests
    if end is not None:
        overlay["ghost"] = (draft.piece, str(end))
    if draft.dest is not None:
        overlay["dest"] = str(draft.dest)
    return model


def _fire_model(draft: TurnDraft, pieces: list[dict], overlay: dict) -> dict[str, Any]:
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
            "skip_error": skip_error, "can_skip": skip_error is None}


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
