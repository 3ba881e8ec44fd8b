"""The duel's line protocol (the kit's :class:`GameDef`): what a seat's player may know, and
actions, as JSON in the record's own notation, for a computer player in another process."""

from __future__ import annotations

from typing import Any

from .record import action_json, options_json, read_action_object
from .seat import Seat, SeenAction


def seat_json(seat: Seat) -> dict[str, Any]:
    """Exactly what ``seat``'s player may know (R13): own pieces with ids, enemy pieces by
    square with their handle (the square they were set up on) and what is known or public of
    them, the tray, the log of actions with their visible outcome, whose turn, the options and
    the outcome; and, for convenience, the legal moves and attacks when this player is to act."""
    outcome = seat.outcome
    return {
        "player": str(seat.player),
        "phase": str(seat.phase),
        "to_play": None if seat.to_play is None else str(seat.to_play),
        "turns": seat.turns,
        "inactivity": seat.inactivity,
        "draw_offer": None if seat.draw_offer is None else str(seat.draw_offer),
        "options": options_json(seat.options),
        "players": {"Red": {"name": seat.names[0]}, "Blue": {"name": seat.names[1]}},
        "setup": None if seat.own_setup is None else seat.own_setup.to_json(),
        "pieces": {str(p.square): str(p.piece) for p in seat.own},
        "enemy": [{"square": str(p.square), "handle": str(p.handle),
                   "id": None if p.known is None else str(p.known), "moved": p.moved, "ran": p.ran}
                  for p in seat.enemy],
        "tray": [{"player": str(r.player), "handle": str(r.handle), "id": str(r.piece), "turn": r.turn}
                 for r in seat.tray],
        "log": [_seen_json(seen) for seen in seat.log],
        "legal": [str(play) for play in seat.legal_plays()] if seat.acting else [],
        "outcome": None if outcome is None else {
            "winner": "draw" if outcome.winner is None else str(outcome.winner),
            "end": str(outcome.reason), "turns": outcome.turns},
        "enemy_setup": None if seat.enemy_setup is None else seat.enemy_setup.to_json(),
    }


def _seen_json(seen: SeenAction) -> dict[str, Any]:
    out: dict[str, Any] = {"turn": seen.turn, "player": str(seen.player), **action_json(seen.action)}
    if seen.offer_draw:
        out["offer_draw"] = True
    if seen.handle is not None:
        out["piece"] = str(seen.handle)
    if seen.clash is not None:
        out["defender"] = str(seen.defender_handle)
        out["result"] = str(seen.clash)
        out["removed"] = [{"player": str(r.player), "handle": str(r.handle), "id": str(r.piece)}
                          for r in seen.removed]
    if seen.learned is not None:
        out["seen"] = str(seen.learned)
    return out


def parse_action(data: Any, seat: Seat | None = None) -> Any:
    """An action from its JSON (:func:`.record.read_action_object`); :class:`RecordError` when
    it is malformed. Whether it is legal is the seat's :meth:`Seat.refusal` to say."""
    return read_action_object(data)
