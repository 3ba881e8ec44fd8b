"""What one player may see (RULINGS R12), as plain data (dicts, lists, str, int, bool, None).

It is the player's :class:`mortar.Seat` written out for the page and the embed messages, so it
cannot hold more than the seat: the player's own pieces, every shot's target and result,
craters, the squares of enemy pieces a hit or a sacrifice revealed, counts, the turn and the
player's own obligations. Nothing else of the opponent goes in: not an enemy piece's square,
facing or type, nor which enemy piece moved or fired.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .rules import PLAYERS
from .seat import Seat, SeenAction

if TYPE_CHECKING:  # (a view is built from a seat: the game only hands its seat over)
    from .state import State


def player_view(game: State, player: str) -> dict[str, Any]:
    """Everything ``player`` may know now, during the game."""
    return seat_view(game.seat(player))


def seat_view(seat: Seat) -> dict[str, Any]:
    """A seat as plain data (enums written as their plain strings)."""
    player, enemy = seat.player, seat.opponent
    fixed = seat.options.fixed_type()
    pieces = [{
        "number": piece.number,
        "square": str(piece.position.square),
        "facing": piece.position.facing.name,
        "position": str(piece.position),
        "type": piece.type.name,
        "alive": piece.alive,
    } for piece in seat.pieces]
    shots: list[dict[str, Any]] = []
    revealed: list[dict[str, Any]] = []  # enemy wrecks whose squares the player knows
    lost: list[dict[str, Any]] = []  # own pieces destroyed, with how
    for seen in seat.log:
        own = seen.player is player
        if seen.shot is not None:
            shot = {"turn": seen.turn, "by": str(seen.player), "at": str(seen.shot), "hit": bool(seen.hit)}
            if own:
                shot["piece"] = seen.action.shot.piece  # type: ignore[union-attr]
                if seen.hit:
                    revealed.append({"square": str(seen.shot), "how": "hit", "turn": seen.turn})
            elif seen.hit:
                lost.append({"number": seen.lost, "how": "hit", "turn": seen.turn, "square": str(seen.shot)})
            shots.append(shot)
        elif seen.sacrificed is not None:
            if own:
                lost.append({"number": seen.lost, "how": "sacrifice", "turn": seen.turn,
                             "square": str(seen.sacrificed)})
            else:
                revealed.append({"square": str(seen.sacrificed), "how": "sacrifice", "turn": seen.turn})
    acting = seat.acting
    return {
        "player": str(player),
        "opponent": str(enemy),
        "names": {str(p): seat.names[p] for p in PLAYERS},
        "options": {
            "variant": seat.options.variant.value,
            "turn_limit": seat.options.turn_limit,
            "loadout": seat.options.loadout.value,
        },
        "phase": str(seat.phase),
        "turn": seat.turn,
        "to_play": None if seat.to_play is None else str(seat.to_play),
        "pieces": pieces,
        "enemy": {
            "alive": seat.enemy_live,
            "type": fixed.name if fixed is not None else None,
            "wrecks": revealed,
        },
        "lost": lost,
        "shots": shots,
        "craters": [str(s) for s in sorted(seat.craters)],
        "skips": seat.skips,
        "must_shoot": acting and seat.must_shoot,
        "must_sacrifice": acting and seat.must_sacrifice,
        "score": seat.score.as_dict(),
        "outcome": None if seat.outcome is None else seat.outcome.as_dict(),
        "last_enemy_turn": report_of(seat.last_enemy_action),
    }


def report_of(seen: SeenAction | None) -> dict[str, Any] | None:
    """What the opponent's latest turn did that the player may know (the curtain's report)."""
    if seen is None:
        return None
    return {"turn": seen.turn, "shot": None if seen.shot is None else str(seen.shot),
            "hit": bool(seen.hit), "lost": seen.lost,
            "sacrifice": None if seen.sacrificed is None else str(seen.sacrificed),
            "resigned": seen.resigned}


def last_enemy_shot(view: dict[str, Any]) -> dict[str, Any] | None:
    """The opponent's most recent shot in a view, for the curtain's report."""
    shot: dict[str, Any]  # (reversed() of a view's Any reads as Any)
    for shot in reversed(view["shots"]):
        if shot["by"] == view["opponent"]:
            return shot
    return None
