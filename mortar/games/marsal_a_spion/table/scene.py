"""What each square shows, as one player may know it (R13, R14), or after the game as it was.

The boards are built from a seat (the player's own pieces with their faces, the enemy's pieces as
backs with what this seat knows of them) or, for the review, from the whole state once nothing is
secret. Marks say what the player's draft has picked and what the last enemy action did; each
mark is also in the square's words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ....table.words import _
from ..board import FORBIDDEN, HOME_ROWS, SQUARES, Player, Square
from ..pieces import Piece
from ..seat import Clue, Seat
from .texts import ARMY, MARK, NAME

if TYPE_CHECKING:
    from .models import BoardModel, Face, SquareModel

# Marks and their words in a square's label (the classes are styled by the game's stylesheet).
MARK_WORDS: dict[str, str] = {
    "sel": _("picked"),
    "dest": _("you may move here"),
    "target": _("you may attack here"),
    "aim": _("chosen"),
    "last-from": _("the last enemy move came from here"),
    "last-to": _("the last enemy move ended here"),
    "last-hit": _("attacked"),
    "done-from": _("your piece came from here"),
    "done-to": _("your piece went here"),
    "held": _("picked to swap"),
    "movable": _("can move"),
}


def face_words(face: Face, square: str) -> str:
    """The piece on a square in words."""
    army = ARMY[Player(face["army"])]
    piece = Piece.parse(face["id"]) if face["id"] else None
    if face["own"]:
        assert piece is not None
        return _("{square}, your {piece}").format(square=square, piece=NAME[piece])
    if piece is None:
        text = _("{square}, {army} piece").format(square=square, army=army)
    elif face["seen"]:
        text = _("{square}, {army} piece, seen: {piece}").format(square=square, army=army, piece=NAME[piece])
    else:
        text = _("{square}, {army} {piece}").format(square=square, army=army, piece=NAME[piece])
    if face["clue_words"]:
        text += ", " + face["clue_words"]
    return text


def _square(square: Square, face: Face | None, marks: list[str]) -> SquareModel:
    name = str(square)
    if square in FORBIDDEN:
        return {"name": name, "void": True, "face": None, "marks": [], "label": _("forbidden")}
    label = face_words(face, name) if face else _("{square}, empty").format(square=name)
    words = [MARK_WORDS[m] for m in marks if m in MARK_WORDS]
    return {"name": name, "void": False, "face": face, "marks": marks,
            "label": ", ".join([label, *words])}


def _board(rows: Iterable[int], faces: Mapping[Square, Face], marks: Mapping[str, list[str]],
           *, turned: bool, label: str, interactive: bool = True) -> BoardModel:
    shown = list(rows)
    squares = [_square(sq, faces.get(sq), list(marks.get(str(sq), ()))) for sq in SQUARES
               if sq.row in shown]
    return {"rows": shown, "columns": Square.width, "squares": squares, "turned": turned,
            "label": label, "interactive": interactive}


def own_face(player: Player, piece: Piece) -> Face:
    return {"army": str(player), "own": True, "id": piece.id, "seen": False, "clue": None,
            "clue_words": None}


# --- setting up --------------------------------------------------------------------------------


def setup_board(player: Player, placement: Mapping[Square, Piece], marks: Mapping[str, list[str]],
                label: str) -> BoardModel:
    """The player's home rows only, with the pieces placed so far (R4: the other army's
    setup is never shown, not even as backs)."""
    faces = {sq: own_face(player, piece) for sq, piece in placement.items()}
    return _board(HOME_ROWS[player], faces, marks, turned=player is Player.BLUE, label=label)


# --- a turn --------------------------------------------------------------------------------------


def clue_of(clue: Clue) -> tuple[str, str] | None:
    """The deduction aid's mark of an enemy piece (R14): (a short word, its words), strongest
    first; from public facts and this player's own losses only."""
    if Piece.MARSHAL in clue.beat:
        return _("Spy?"), _("it took your Marshal: the Spy")
    if Piece.MINEFIELD in clue.beat:
        return _("Min?"), _("it cleared a minefield: a Miner")
    if clue.ran:
        return _("Sct?"), _("it ran like a Scout")
    ranked = [p for p in clue.beat if p.movable]
    if ranked:
        best = max(ranked, key=lambda p: p.rank)
        return (_(">{mark}").format(mark=MARK[best]),
                _("it beat your {piece}").format(piece=NAME[best]))
    if clue.moved:
        return "•", _("it has moved: no minefield or flag")
    return None


def seat_board(seat: Seat, marks: Mapping[str, list[str]], label: str,
               interactive: bool = True) -> BoardModel:
    """The whole board as ``seat``'s player knows it now."""
    faces: dict[Square, Face] = {p.square: own_face(seat.player, p.piece) for p in seat.own}
    memory, deduction = seat.options.memory_aid, seat.options.deduction_aid
    clues = seat.clues() if deduction else {}
    over = seat.outcome is not None
    for enemy in seat.enemy:
        shown = enemy.known if (memory or over) else None
        clue = clue_of(clues[enemy.handle]) if enemy.handle in clues and shown is None else None
        faces[enemy.square] = {"army": str(seat.opponent), "own": False,
                               "id": shown.id if shown is not None else None,
                               "seen": shown is not None and not over,
                               "clue": clue[0] if clue else None,
                               "clue_words": clue[1] if clue else None}
    rows = range(1, Square.height + 1)
    return _board(rows, faces, marks, turned=seat.player is Player.BLUE, label=label,
                  interactive=interactive)


# --- after the game ----------------------------------------------------------------------------


def open_board(pieces: Mapping[Square, tuple[Player, Piece]], marks: Mapping[str, list[str]],
               label: str) -> BoardModel:
    """Both armies face up (the review: nothing is secret after the game), seen from Red's side."""
    faces: dict[Square, Face] = {
        sq: {"army": str(player), "own": False, "id": piece.id, "seen": False, "clue": None,
             "clue_words": None}
        for sq, (player, piece) in pieces.items()}
    return _board(range(1, Square.height + 1), faces, marks, turned=False, label=label, interactive=False)
