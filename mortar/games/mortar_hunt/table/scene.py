"""What is drawn on each square, and the words the UI says (pure Python, no browser).

A board is a dict ``square name → cell`` (:class:`.models.CellModel`)::

    {"square": "C3", "zone": "own" | "enemy" | "obstacle",
     "tokens": [{"owner": "A", "number": 2, "type": "HM", "facing": "N",
                 "wreck": False, "ghost": False, "faded": False}],
     "marks": ["shot-mine-miss", "dest", ...], "label": "C3, your heavy mortar 2, facing north"}

Tokens and marks come from one player's view (own pieces, wrecks the player knows of, shots,
craters) plus the acting player's own draft (selected piece, planned end, legal destinations,
targets). Enemy pieces are never among them: the view does not hold them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ....table.words import N_, _, marked, ngettext, sentence
from ..actions import Played, Refusal, RefusalCode, Resign, Sacrifice, Turn
from ..notation import COLUMNS, HEIGHT, Facing, Position
from ..rules import OBSTACLE_ROW, PLAYERS, PieceType, Player, half_rows, opponent
from ..seat import SeenAction

if TYPE_CHECKING:
    from ..state import State
    from .models import Board, CellDraft, Overlay, PlacedModel, ReportModel, TokenModel

SHAPES = {1: "triangle", 2: "circle", 3: "square"}  # the flags of the physical game


# The engine's piece types and facings (its notation: HM, C3/NE) in words.
TYPE_WORDS = {"HM": _("heavy mortar"), "LH": _("light howitzer")}
FACING_WORDS = {"N": _("north"), "NE": _("north-east"), "E": _("east"), "SE": _("south-east"),
                "S": _("south"), "SW": _("south-west"), "W": _("west"), "NW": _("north-west")}


def type_word(code: str) -> str:
    """A piece type (``HM``) in words ("heavy mortar")."""
    return TYPE_WORDS.get(code) or _("piece")


def range_text(kind: PieceType) -> str:
    """A type's range ("3–5") that a narrow button never breaks after its dash (word joiners)."""
    return f"{kind.shortest}\u2060–\u2060{kind.longest}"


def facing_word(name: str) -> str:
    return FACING_WORDS[Facing.parse(name).name]


def _empty_board(player: str) -> dict[str, CellDraft]:
    own = set(half_rows(player))
    cells: dict[str, CellDraft] = {}
    for row in range(1, HEIGHT + 1):
        for column in COLUMNS:
            zone = "obstacle" if row == OBSTACLE_ROW else "own" if row in own else "enemy"
            name = f"{column}{row}"
            cells[name] = {"square": name, "zone": zone, "tokens": [], "marks": [], "notes": []}
    return cells


def _piece_phrase(whose: str, piece: dict[str, Any], name: str) -> str:
    """``whose``: "your {piece} {n}" or "{name}'s {piece} {n}"."""
    return whose.format(piece=type_word(piece["type"]), n=piece["number"], name=name)


def _label(cell: CellDraft) -> str:
    name, notes = cell["square"], cell["notes"]
    if cell["zone"] == "obstacle":
        return _("{square}, obstacle").format(square=name)
    return ", ".join([name, *notes]) if notes else _("{square}, empty").format(square=name)


def _finish(cells: dict[str, CellDraft]) -> Board:
    return {name: {"square": cell["square"], "zone": cell["zone"], "tokens": cell["tokens"],
                   "marks": cell["marks"], "label": _label(cell)} for name, cell in cells.items()}


# --- boards ----------------------------------------------------------------------------------


def placement_board(player: str, pieces: list[PlacedModel]) -> Board:
    """The placing player's board: their pieces as placed so far."""
    cells = _empty_board(player)
    for p in pieces:
        if p["square"] is None:
            continue
        cell = cells[p["square"]]
        cell["tokens"].append({"owner": player, "number": p["number"], "type": p["type"],
                               "facing": p["facing"], "wreck": False, "ghost": False, "faded": False})
        note = _("your {piece} {n}, facing {facing}").format(
            piece=type_word(p["type"]), n=p["number"], facing=facing_word(p["facing"]))
        if p["selected"]:
            cell["marks"].append("sel")
            note += ", " + _("selected")
        cell["notes"].append(note)
    return _finish(cells)


NOTED_SHOTS = 4  # the shots at a square its label tells one by one, the last ones


def turn_board(view: dict[str, Any], overlay: Overlay | None = None,
               names: dict[str, str] | None = None) -> Board:
    """One player's board from their view, with the acting player's draft drawn on it.

    ``overlay`` keys (all optional): ``selected`` piece number; ``moved`` (piece, position) — a
    confirmed move, drawn at its end; ``ghost`` (piece, position) — the planned end of the move
    being built; ``dests`` squares the selected piece may end on; ``dest`` the picked one;
    ``targets`` squares the selected piece may fire at; ``aim`` the chosen target.
    ``names`` (review boards): write "Alice's" instead of "your".
    """
    # "{piece} {n}" with its owner: the word order is the language's
    whose = _("{name}'s {piece} {n}") if names else _("your {piece} {n}")
    if not overlay:
        overlay = {}
    player, enemy = view["player"], view["opponent"]
    owner = names[player] if names else ""
    enemy_name = (names[enemy] if names
                  else view["names"].get(enemy) or _("Player {player}").format(player=enemy))
    me = names[player] if names else ""
    cells = _empty_board(player)
    hidden: TokenModel | None = None  # the piece turning in place: the ghost shows it instead
    moved = overlay.get("moved")
    ghost = overlay.get("ghost")
    selected = overlay.get("selected")
    for piece in view["pieces"]:
        n = piece["number"]
        position = piece["position"]
        if moved and moved[0] == n:
            cells[piece["square"]]["marks"].append("from")
            cells[piece["square"]]["notes"].append(_("{piece} moved away").format(
                piece=_piece_phrase(whose, piece, owner)))
            position = moved[1]
        square, facing = position.split("/")
        cell = cells[square]
        planned = ghost is not None and ghost[0] == n
        token: TokenModel = {"owner": player, "number": n, "type": piece["type"], "facing": facing,
                             "wreck": not piece["alive"], "ghost": False, "faded": planned}
        if planned and ghost is not None and ghost[1].split("/")[0] == square:
            token["faded"] = False  # turning in place: the ghost below shows the new facing
            hidden = token
        cell["tokens"].append(token)
        if piece["alive"]:
            note = _("{piece}, facing {facing}").format(piece=_piece_phrase(whose, piece, owner),
                                                        facing=facing_word(facing))
        else:
            note = _("{piece}, destroyed").format(piece=_piece_phrase(whose, piece, owner))
        if selected == n and piece["alive"]:
            cell["marks"].append("sel")
            note += ", " + _("selected")
        cell["notes"].append(note)
    if ghost is not None:
        n, position = ghost
        square, facing = position.split("/")
        piece = next(p for p in view["pieces"] if p["number"] == n)
        cell = cells[square]
        cell["tokens"] = [t for t in cell["tokens"] if t is not hidden]
        cell["tokens"].append({"owner": player, "number": n, "type": piece["type"], "facing": facing,
                               "wreck": False, "ghost": True, "faded": False})
        cell["marks"].append("ghost")
        cell["notes"].append(_("planned end of the move: {piece} {n} facing {facing}").format(
            piece=type_word(piece["type"]), n=n, facing=facing_word(facing)))
    for wreck in view["enemy"]["wrecks"]:
        cell = cells[wreck["square"]]
        cell["marks"].append("enemy-wreck")
        how = (_("{name}'s piece sacrificed here in turn {turn}") if wreck["how"] == "sacrifice"
               else _("{name}'s piece destroyed here in turn {turn}"))
        cell["notes"].append(how.format(name=enemy_name, turn=wreck["turn"]))
    shots_at: dict[str, list[dict[str, Any]]] = {}
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
            cell["notes"].append(ngettext("{n} earlier shot here", "{n} earlier shots here",
                                          earlier).format(n=earlier))
        for shot in shots[-NOTED_SHOTS:]:
            result = _("hit") if shot["hit"] else _("miss")
            said = (_("you shot here in turn {turn}: {result}") if shot["by"] == player and not names
                    else _("{name} shot here in turn {turn}: {result}"))
            cell["notes"].append(said.format(name=me if shot["by"] == player else enemy_name,
                                             turn=shot["turn"], result=result))
    for square in view["craters"]:
        cells[square]["marks"].append("crater")
        cells[square]["notes"].append(_("crater"))
    for square in overlay.get("dests", ()):
        cells[square]["marks"].append("dest")
        cells[square]["notes"].append(_("the piece can end its move here"))
    if overlay.get("dest"):
        cells[overlay["dest"]]["marks"].append("picked")
        cells[overlay["dest"]]["notes"].append(_("picked as the destination"))
    for square in overlay.get("targets", ()):
        cells[square]["marks"].append("target")
        cells[square]["notes"].append(_("you can fire here"))
    if overlay.get("aim"):
        cells[overlay["aim"]]["marks"].append("aim")
        cells[overlay["aim"]]["notes"].append(_("chosen target"))
    return _finish(cells)


def review_board(view: dict[str, Any], names: dict[str, str]) -> Board:
    """A board for the game-over check and replays: the player's own pieces and every shot."""
    return turn_board(view, None, names)


# --- words -----------------------------------------------------------------------------------


def seen_result_text(seen: SeenAction) -> str:
    """What the acting player's own action did, as they may know it."""
    action = seen.action
    if isinstance(action, Turn):
        if action.shot is None:
            return _("You did not fire this turn.")
        if seen.hit:
            return _("Hit! Your shell on {square} destroyed an enemy piece.").format(square=action.shot.at)
        return _("Miss. Your shell on {square} hit nothing.").format(square=action.shot.at)
    if isinstance(action, Sacrifice):
        return _("You sacrificed piece {n}.").format(n=action.piece)
    return _("You resigned.")


def report_text(report: ReportModel, other: str) -> str:
    """The curtain's report of the opponent's last turn, for the player now to act."""
    if report.get("resigned"):
        return _("{name} resigned.").format(name=other)
    if report.get("sacrifice"):
        return _("{name} had to sacrifice a piece: it stood on {square}.").format(
            name=other, square=report["sacrifice"])
    if report.get("shot") is None:
        return _("{name} did not fire.").format(name=other)
    if report.get("hit"):
        return _("{name} fired at {square}: hit. Your {piece} {n} was destroyed.").format(
            name=other, square=report["shot"], piece=type_word(report.get("lost_type") or ""),
            n=report["lost"])
    return _("{name} fired at {square}: miss.").format(name=other, square=report["shot"])


def outcome_info(game: State) -> dict[str, Any]:
    if game.outcome is not None:
        info = game.outcome.as_dict()
    else:
        info = {"winner": None, "reason": None, "score": game.scores().as_dict(), "turns": game.turns_started}
    return {**info, "to_play": None if game.to_play is None else str(game.to_play), "phase": str(game.phase)}


def outcome_text(game: State, names: dict[str, str] | None = None) -> str:
    names = names or {p: game.name(p) or _("Player {player}").format(player=p) for p in PLAYERS}
    a, b = game.score("A"), game.score("B")
    turns = game.turns_started
    if game.winner is None:
        if game.phase == "setup":
            return _("Not started: the pieces are still being placed.")
        return ngettext("In progress after {n} turn, {name} to play; {a_name} {a}:{b} {b_name}.",
                        "In progress after {n} turns, {name} to play; {a_name} {a}:{b} {b_name}.",
                        turns).format(n=turns, name=names[cast(Player, game.to_play)],
                                      a_name=names["A"], a=a, b=b,
                                      b_name=names["B"])
    if game.winner == "draw":
        return _("Draw {a}:{b} after {n} turns (turn limit).").format(a=a, b=b, n=turns)
    winner, loser = game.winner, opponent(game.winner)
    score = f"{game.score(winner)}:{game.score(loser)}"
    if game.end_reason == "resigned":
        return _("{winner} wins: {loser} resigned in turn {n}.").format(
            winner=names[winner], loser=names[loser], n=turns)
    if game.end_reason == "turn limit":
        return _("{winner} wins {score} after {n} turns (turn limit).").format(
            winner=names[winner], score=score, n=turns)
    return _("{winner} wins {score}: every enemy piece destroyed in turn {n}.").format(
        winner=names[winner], score=score, n=turns)


def action_text(played: Played, names: dict[str, str]) -> str:
    who = _("Turn {n}, {name} ({player})").format(n=played.turn, name=names[played.player],
                                                   player=played.player)
    action = played.action
    if isinstance(action, Turn):
        moved = dict(who=who, n=action.move.piece, position=action.move.to)
        if action.shot is None:
            return _("{who}: piece {n} moved to {position}, no shot.").format(**moved)
        result = _("hit") if played.hit else _("miss")
        return _("{who}: piece {n} moved to {position}; piece {m} fired at {square}: {result}.").format(
            **moved, m=action.shot.piece, square=action.shot.at, result=result)
    if isinstance(action, Sacrifice):
        return _("{who}: sacrificed piece {n}.").format(who=who, n=action.piece)
    if isinstance(action, Resign):
        return _("{who}: resigned.").format(who=who)
    return who


def position_text(position: str) -> str:
    """``C3/NE`` → ``C3, facing north-east``."""
    p = Position.parse(position)
    return _("{square}, facing {facing}").format(square=p.square, facing=FACING_WORDS[p.facing.name])



# The engine's refusals by their code, in words a translation can carry (the engine's own
# sentences name squares and pieces; English keeps them).
REFUSALS = {
    RefusalCode.NOT_YOUR_TURN: N_("It is not your turn."),
    RefusalCode.GAME_OVER: N_("The game is over."),
    RefusalCode.NOT_PLACED: N_("The pieces are not placed yet."),
    RefusalCode.NO_SUCH_PIECE: N_("There is no such piece."),
    RefusalCode.PIECE_DESTROYED: N_("That piece is destroyed."),
    RefusalCode.MALFORMED: N_("That is not a valid action."),
    RefusalCode.NO_CHANGE: N_("A move must change the square or the facing."),
    RefusalCode.TOO_FAR: N_("A move is at most three steps."),
    RefusalCode.OFF_BOARD: N_("That square is off the board."),
    RefusalCode.OBSTACLE: N_("Nothing may stand on the obstacle row."),
    RefusalCode.OFF_HALF: N_("Your pieces stay in your own half."),
    RefusalCode.TAKEN: N_("That square is taken."),
    RefusalCode.CRATER: N_("That square is a crater."),
    RefusalCode.BLOCKED: N_("Every way there is blocked."),
    RefusalCode.BACK_STEP_ALONE: N_("A step back is a whole move."),
    RefusalCode.NOT_ALONG_FACING: N_("A piece steps only along its facing."),
    RefusalCode.OUT_OF_RANGE: N_("That square is out of range."),
    RefusalCode.OWN_HALF_TARGET: N_("You cannot fire into your own half."),
    RefusalCode.SHOT_TWICE: N_("That square has been shot at already."),
    RefusalCode.MUST_SHOOT: N_("You must fire this turn."),
    RefusalCode.MUST_SACRIFICE: N_("You must sacrifice a piece."),
    RefusalCode.NO_SACRIFICE: N_("No sacrifice is due."),
    RefusalCode.SAME_SQUARE: N_("Two pieces cannot stand on one square."),
    RefusalCode.WRONG_TYPE: N_("That piece type is not allowed in this game."),
}


# A shot refused for these reasons is said in a shot's words, not a move's.
SHOT_REFUSALS = {
    RefusalCode.NOT_ALONG_FACING: N_("A piece fires only along its facing."),
    RefusalCode.OBSTACLE: N_("No shot lands on the obstacle row."),
}


def refusal_words(refusal: Refusal, shot: bool = False) -> str:
    """A refusal as a sentence, its code's words in the page's language (the engine's own, which
    are English, only for a code without words). The caller names what was tried
    (``words.refused``): the code's words say why."""
    words = (SHOT_REFUSALS if shot else {}).get(refusal.code) or REFUSALS.get(refusal.code)  # type: ignore[call-overload]
    return sentence(marked(words) if words is not None else refusal.message)
