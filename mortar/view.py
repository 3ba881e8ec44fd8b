"""What one player may see (RULINGS R12), as plain data (dicts, lists, str, int, bool, None).

The UI renders only this. It is built from a whitelist: the player's own pieces, every shot's
target and result, craters, the squares of enemy pieces a hit or a sacrifice revealed, counts,
the turn and the player's own obligations. Nothing else of the opponent goes in: not an enemy
piece's square, facing or type, nor which enemy piece moved or fired.
"""

from __future__ import annotations

from typing import Any

from .game import Game, Sacrifice, Turn
from .rules import PLAYERS, opponent


def player_view(game: Game, player: str) -> dict[str, Any]:
    """Everything ``player`` may know now, during the game."""
    enemy = opponent(player)
    fixed = game.options.fixed_type()
    pieces = []
    if player in game.setups:
        for n in (1, 2, 3):
            position = game.position(player, n)
            kind = game.piece_type(player, n)
            pieces.append({
                "number": n,
                "square": str(position.square),
                "facing": position.facing.name,
                "position": str(position),
                "type": kind.name,
                "alive": game.is_alive(player, n),
            })
    shots: list[dict[str, Any]] = []
    revealed: list[dict[str, Any]] = []  # enemy wrecks whose squares the player knows
    lost: list[dict[str, Any]] = []  # own pieces destroyed, with how
    for played in game.history:
        action = played.action
        if isinstance(action, Turn) and action.shot is not None:
            shot = {"turn": played.turn, "by": played.player, "at": str(action.shot.at),
                    "hit": bool(played.hit)}
            if played.player == player:
                shot["piece"] = action.shot.piece  # which own piece fired is the player's own
                if played.hit:
                    revealed.append({"square": str(action.shot.at), "how": "hit", "turn": played.turn})
            elif played.hit:
                lost.append({"number": played.destroyed, "how": "hit", "turn": played.turn,
                             "square": str(action.shot.at)})
            shots.append(shot)
        elif isinstance(action, Sacrifice):
            square = _sacrificed_square(game, played)
            if played.player == player:
                lost.append({"number": action.piece, "how": "sacrifice", "turn": played.turn,
                             "square": square})
            else:
                revealed.append({"square": square, "how": "sacrifice", "turn": played.turn})
    to_play = game.to_play
    acting = to_play == player and game.phase == "play"
    return {
        "player": player,
        "opponent": enemy,
        "names": {p: game.name(p) for p in PLAYERS},
        "options": {
            "variant": game.options.variant.value,
            "turn_limit": game.options.turn_limit,
            "loadout": game.options.loadout.value,
        },
        "phase": game.phase,
        "turn": game.turn,
        "to_play": to_play,
        "pieces": pieces,
        "enemy": {
            "alive": game.live_count(enemy) if enemy in game.setups else 3,
            "type": fixed.name if fixed is not None else None,
            "wrecks": revealed,
        },
        "lost": lost,
        "shots": shots,
        "craters": [str(s) for s in game.craters()],
        "skips": game.skips(player),
        "must_shoot": acting and game.must_shoot(player),
        "must_sacrifice": acting and game.must_sacrifice(),
        "score": {p: game.score(p) for p in PLAYERS},
        "outcome": _outcome(game),
        "last_enemy_turn": _last_turn_of(game, enemy, player),
    }


def _last_turn_of(game: Game, enemy: str, player: str) -> dict[str, Any] | None:
    """What the opponent's latest turn did that ``player`` may know (the curtain's report)."""
    for played in reversed(game.history):
        if played.player != enemy:
            continue
        action = played.action
        report: dict[str, Any] = {"turn": played.turn, "shot": None, "hit": False,
                                  "lost": None, "sacrifice": None, "resigned": False}
        if isinstance(action, Turn) and action.shot is not None:
            report.update(shot=str(action.shot.at), hit=bool(played.hit), lost=played.destroyed)
        elif isinstance(action, Sacrifice):
            report["sacrifice"] = _sacrificed_square(game, played)
        elif not isinstance(action, Turn):
            report["resigned"] = True
        return report
    return None


def _sacrificed_square(game: Game, played) -> str:
    # A wreck never moves, so where the piece stands now is where it was sacrificed.
    return str(game.position(played.player, played.action.piece).square)


def _outcome(game: Game) -> dict[str, Any] | None:
    if game.winner is None:
        return None
    return {"winner": game.winner, "reason": game.end_reason,
            "score": {p: game.score(p) for p in PLAYERS}, "turns": game.turns_started}


def last_enemy_shot(view: dict[str, Any]) -> dict[str, Any] | None:
    """The opponent's most recent shot in a view, for the curtain's report."""
    for shot in reversed(view["shots"]):
        if shot["by"] == view["opponent"]:
            return shot
    return None
