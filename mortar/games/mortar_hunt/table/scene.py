"""What is drawn on each square, and the words the UI says (pure Python, no browser).

A board is a dict ``square name → cell``; a cell is plain data::

    {"square": "C3", "zone": "own" | "enemy" | "obstacle",
     "tokens": [{"owner": "A", "number": 2, "type": "HM", "facing": "N",
                 "wreck": False, "ghost": False, "faded": False}],
     "marks": ["shot-mine-miss", "dest", ...], "label": "C3, your heavy mortar 2, facing north"}

Tokens and marks come from one player's view (own pieces, wrecks the player knows of, shots,
craters) plus the acting player's own draft (selected piece, planned end, legal destinations,
targets). Enemy pieces are never among them: the view does not hold them.
"""

from __future__ import annotations

from typing import Any

from ..actions import Played, Resign, Sacrifice, Turn
from ..notation import COLUMNS, HEIGHT, Facing, Position
from ..notation import facing_word as notation_facing_word
from ..rules import OBSTACLE_ROW, PLAYERS, PieceType, half_rows, opponent
from ..seat import SeenAction

TYPE_WORD = {t.name: t.word for t in PieceType}
SHAPES = {1: "triangle", 2: "circle", 3: "square"}  # the flags of the physical game


def facing_word(name: str) -> str:
    return notation_facing_word(Facing.parse(name))


def _empty_board(player: str) -> dict[str, dict[str, Any]]:
    own = set(half_rows(player))
    cells = {}
    for row in range(1, HEIGHT + 1):
        for column in COLUMNS:
            zone = "obstacle" if row == OBSTACLE_ROW else "own" if row in own else "enemy"
            name = f"{column}{row}"
            cells[name] = {"square": name, "zone": zone, "tokens": [], "marks": [], "notes": []}
    return cells


def _piece_phrase(whose: str, piece: dict) -> str:
    return f"{whose} {TYPE_WORD[piece['type']]} {piece['number']}"


def _finish(cells: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    for name, cell in cells.items():
        notes = cell.pop("notes")
        if cell["zone"] == "obstacle":
            cell["label"] = f"{name}, obstacle"
        else:
            cell["label"] = ", ".join([name, *notes]) if notes else f"{name}, empty"
    return cells


# --- boards ----------------------------------------------------------------------------------


def placement_board(player: str, pieces: list[dict]) -> dict[str, dict[str, Any]]:
    """The placing player's board: their pieces as placed so far."""
    cells = _empty_board(player)
    for p in pieces:
        if p["square"] is None:
            continue
        cell = cells[p["square"]]
        cell["tokens"].append({"owner": player, "number": p["number"], "type": p["type"],
                               "facing": p["facing"], "wreck": False, "ghost": False, "faded": False})
        note = f"your {TYPE_WORD[p['type']]} {p['number']}, facing {facing_word(p['facing'])}"
        if p["selected"]:
            cell["marks"].append("sel")
            note += ", selected"
        cell["notes"].append(note)
    return _finish(cells)


NOTED_SHOTS = 4  # the shots at a square its label tells one by one, the last ones


def turn_board(view: dict, overlay: dict | None = None,
               names: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """One player's board from their view, with the acting player's draft drawn on it.

    ``overlay`` keys (all optional): ``selected`` piece number; ``moved`` (piece, position) — a
    confirmed move, drawn at its end; ``ghost`` (piece, position) — the planned end of the move
    being built; ``dests`` squares the selected piece may end on; ``dest`` the picked one;
    ``targets`` squares the selected piece may fire at; ``aim`` the chosen target.
    ``names`` (review boards): write "Alice's" instead of "your".
    """
    overlay = overlay or {}
    player, enemy = view["player"], view["opponent"]
    whose = f"{names[player]}'s" if names else "your"
    enemy_name = names[enemy] if names else (view["names"].get(enemy) or f"Player {enemy}")
    me = names[player] if names else "you"
    cells = _empty_board(player)
    moved = overlay.get("moved")
    ghost = overlay.get("ghost")
    selected = overlay.get("selected")
    for piece in view["pieces"]:
        n = piece["number"]
        position = piece["position"]
        if moved and moved[0] == n:
            cells[piece["square"]]["marks"].append("from")
            cells[piece["square"]]["notes"].append(f"{whose} {TYPE_WORD[piece['type']]} {n} moved away")
            position = moved[1]
        square, facing = position.split("/")
        cell = cells[square]
        planned = ghost is not None and ghost[0] == n
        token = {"owner": player, "number": n, "type": piece["type"], "facing": facing,
                 "wreck": not piece["alive"], "ghost": False, "faded": planned}
        if planned and ghost is not None and ghost[1].split("/")[0] == square:
            token["faded"] = False  # turning in place: the ghost below shows the new facing
            token["hidden"] = True
        cell["tokens"].append(token)
        if piece["alive"]:
            note = f"{_piece_phrase(whose, piece)}, facing {facing_word(facing)}"
        else:
            note = f"{_piece_phrase(whose, piece)}, destroyed"
        if selected == n and piece["alive"]:
            cell["marks"].append("sel")
            note += ", selected"
        cell["notes"].append(note)
    if ghost is not None:
        n, position = ghost
        square, facing = position.split("/")
        piece = next(p for p in view["pieces"] if p["number"] == n)
        cell = cells[square]
        cell["tokens"] = [t for t in cell["tokens"] if not t.get("hidden")]
        cell["tokens"].append({"owner": player, "number": n, "type": piece["type"], "facing": facing,
                               "wreck": False, "ghost": True, "faded": False})
        cell["marks"].append("ghost")
        cell["notes"].append(f"planned end of the move: {TYPE_WORD[piece['type']]} {n} "
                             f"facing {facing_word(facing)}")
    for wreck in view["enemy"]["wrecks"]:
        cell = cells[wreck["square"]]
        cell["marks"].append("enemy-wreck")
        how = "sacrificed" if wreck["how"] == "sacrifice" else "destroyed"
        cell["notes"].append(f"{enemy_name}'s piece {how} here in turn {wreck['turn']}")
    shots_at: dict[str, list[dict]] = {}
    for shot in view["shots"]:
        shots_at.setdefault(shot["at"], []).append(shot)
    for square, shots in shots_at.items():
        cell = cells[square]
        for shot in shots:
            mine = shot["by"] == player
            mark = f"shot-{'mine' if mine else 'enemy'}-{'hit' if shot['hit'] else 'miss'}"
            if mark not in cell["marks"]:
                cell["marks"].append(mark)
        if len(shots) > NOTED_SHOTS:  # a long game: the square's label names its last shots
            earlier = len(shots) - NOTED_SHOTS
            cell["notes"].append(f"{earlier} earlier shot{'s' if earlier > 1 else ''} here")
        for shot in shots[-NOTED_SHOTS:]:
            who = me if shot["by"] == player else enemy_name
            cell["notes"].append(f"{who} shot here in turn {shot['turn']}: "
                                 f"{'hit' if shot['hit'] else 'miss'}")
    for square in view["craters"]:
        cells[square]["marks"].append("crater")
        cells[square]["notes"].append("crater")
    for square in overlay.get("dests", ()):
        cells[square]["marks"].append("dest")
        cells[square]["notes"].append("the piece can end its move here")
    if overlay.get("dest"):
        cells[overlay["dest"]]["marks"].append("picked")
        cells[overlay["dest"]]["notes"].append("picked as the destination")
    for square in overlay.get("targets", ()):
        cells[square]["marks"].append("target")
        cells[square]["notes"].append("you can fire here")
    if overlay.get("aim"):
        cells[overlay["aim"]]["marks"].append("aim")
        cells[overlay["aim"]]["notes"].append("chosen target")
    return _finish(cells)


def review_board(view: dict, names: dict[str, str]) -> dict[str, dict[str, Any]]:
    """A board for the game-over check and replays: the player's own pieces and every shot."""
    return turn_board(view, None, names)


# --- words -----------------------------------------------------------------------------------


def seen_result_text(seen: SeenAction) -> str:
    """What the acting player's own action did, as they may know it."""
    action = seen.action
    if isinstance(action, Turn):
        if action.shot is None:
            return "You did not fire this turn."
        if seen.hit:
            return f"Hit! Your shell on {action.shot.at} destroyed an enemy piece."
        return f"Miss. Your shell on {action.shot.at} hit nothing."
    if isinstance(action, Sacrifice):
        return f"You sacrificed piece {action.piece}."
    return "You resigned."


def report_text(report: dict, other: str) -> str:
    """The curtain's report of the opponent's last turn, for the player now to act."""
    if report.get("resigned"):
        return f"{other} resigned."
    if report.get("sacrifice"):
        return f"{other} had to sacrifice a piece: it stood on {report['sacrifice']}."
    if report.get("shot") is None:
        return f"{other} did not fire."
    if report.get("hit"):
        kind = TYPE_WORD.get(report.get("lost_type") or "", "piece")
        return f"{other} fired at {report['shot']}: hit. Your {kind} {report['lost']} was destroyed."
    return f"{other} fired at {report['shot']}: miss."


def outcome_info(game) -> dict[str, Any]:
    if game.outcome is not None:
        info = game.outcome.as_dict()
    else:
        info = {"winner": None, "reason": None, "score": game.scores().as_dict(), "turns": game.turns_started}
    return {**info, "to_play": None if game.to_play is None else str(game.to_play), "phase": str(game.phase)}


def outcome_text(game, names: dict[str, str] | None = None) -> str:
    names = names or {p: game.name(p) or f"Player {p}" for p in PLAYERS}
    a, b = game.score("A"), game.score("B")
    turns = game.turns_started
    if game.winner is None:
        if game.phase == "setup":
            return "Not started: the pieces are still being placed."
        return (f"In progress after {turns} turn{'s' if turns != 1 else ''}, "
                f"{names[game.to_play]} to play; {names['A']} {a}:{b} {names['B']}.")
    if game.winner == "draw":
        return f"Draw {a}:{b} after {turns} turns (turn limit)."
    winner, loser = game.winner, opponent(game.winner)
    score = f"{game.score(winner)}:{game.score(loser)}"
    if game.end_reason == "resigned":
        return f"{names[winner]} wins: {names[loser]} resigned in turn {turns}."
    if game.end_reason == "turn limit":
        return f"{names[winner]} wins {score} after {turns} turns (turn limit)."
    return f"{names[winner]} wins {score}: every enemy piece destroyed in turn {turns}."


def action_text(played: Played, names: dict[str, str]) -> str:
    who = f"Turn {played.turn}, {names[played.player]} ({played.player})"
    action = played.action
    if isinstance(action, Turn):
        text = f"{who}: piece {action.move.piece} moved to {action.move.to}"
        if action.shot is None:
            return text + ", no shot."
        result = "hit" if played.hit else "miss"
        return text + f"; piece {action.shot.piece} fired at {action.shot.at}: {result}."
    if isinstance(action, Sacrifice):
        return f"{who}: sacrificed piece {action.piece}."
    if isinstance(action, Resign):
        return f"{who}: resigned."
    return who


def position_text(position: str) -> str:
    """``C3/NE`` → ``C3, facing north-east``."""
    p = Position.parse(position)
    return f"{p.square}, facing {notation_facing_word(p.facing)}"

