"""Enlightenment's words, board and screens, on the open games' board of discs
(:mod:`mortar.table.open_board`): the edge ring tinted, the centre the gap it is, a plain piece a
disc's plain side and an enlightened one its marked side, as on the real pieces; a turn and a
review's step with how far each side has come. Its words (moves, the end, the rules' refusals by
their codes) are marked for translation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from enum import Enum

from ....kit.turns import PLAYERS, Player
from ....table.html import El
from ....table.kind import ReviewStep
from ....table.open_board import (
    BoardModel,
    Disc,
    DiscBoard,
    DiscModel,
    Ground,
    Layout,
    review_body,
    turn_screen,
)
from ....table.open_table import SIDES, path_words
from ....table.render import Frame
from ....table.words import _
from ..actions import Moved, RefusalCode
from ..board import CENTRE, EDGE, SQUARES, Square
from ..position import Position
from ..state import State

# Why the rules refuse a move, by the engine's codes (K0's are the open table's)
REFUSED: dict[Enum, str] = {
    RefusalCode.NO_PIECE: _("There is no piece there."),
    RefusalCode.NOT_YOURS: _("That piece is not yours."),
    RefusalCode.OCCUPIED: _("A piece stands on that square."),
    RefusalCode.NOT_A_MOVE: _("A piece steps to a square next to it or jumps over one piece next to it."),
    RefusalCode.DIAGONAL_JUMP: _("Jumps go across or up and down, never diagonally."),
    RefusalCode.STEP_IN_SEQUENCE: _("A step is a whole move: it is not combined with jumps."),
    RefusalCode.NOTHING_TO_JUMP: _("A jump goes over a piece, and there is none that way."),
    RefusalCode.REVISIT: _("A move lands on each square once, its start included."),
}

OWN_ENDS = {"enlightened": _("{winner} wins: all eight pieces are enlightened and on the edge.")}


def moved_text(effect: object, who: str) -> str:
    """A move said of its player: ``Ann jumped a1–c1–c3–e3 and the piece is enlightened.``"""
    if not isinstance(effect, Moved):
        return _("{who} moved.").format(who=who)
    verb = _("{who} jumped {path}") if effect.jumped else _("{who} stepped {path}")
    return verb.format(who=who, path=path_words(effect.path)) + (
        " " + _("and the piece is enlightened.") if effect.enlightened else ".")


def start_text(state: object) -> str:
    """A review's first step."""
    return _("Start: the pieces round the edge, all plain.")


BOARD = DiscBoard(("open-board", "en-board"), {
    "picked": _("the piece's start"), "at": _("the piece is here now"),
    "path": _("a landing of this move"), "choice": _("the piece may go here"),
}, focus=("at", "picked", "choice", "movable"))


class TurnModel(DiscModel):
    progress: list[str]  # how far each side has come, the player's side first


def ground(sq: Square) -> Ground:
    """The centre, the edge or an inner square (EN1)."""
    if sq is CENTRE:
        return Ground("zone-centre", _("the centre (no tile)"))
    return Ground("zone-edge", _("edge")) if sq in EDGE else Ground("zone-inner")


def board_of(position: Position, marks: Mapping[Square, Sequence[str]], near: str,
             moved: tuple[Square, Square] | None = None) -> BoardModel:
    """The board of ``position`` with a draft's ``marks`` (and a piece drawn ``moved``)."""
    words = {False: _("{colour} piece, plain"), True: _("{colour} piece, enlightened")}
    discs = {sq: Disc(p.player.value, p.enlightened, words[p.enlightened].format(colour=SIDES[p.player]))
             for sq in SQUARES if (p := position.at(sq)) is not None}
    return BOARD.cells(Layout.of(Square), discs, ground, marks, near, moved)


def progress(position: Position, players: Iterable[Player], names: Mapping[str, str]) -> list[str]:
    """How far each side has come, in words: its pieces enlightened, and those home on the edge."""
    lit = {p: [sq for sq, enlightened in position.pieces(p) if enlightened] for p in players}
    return [_("{name}: {lit} of 8 enlightened, {home} on the edge").format(
        name=names[p], lit=len(sqs), home=sum(1 for sq in sqs if sq in EDGE)) for p, sqs in lit.items()]


def render_play(model: TurnModel, frame: Frame) -> El:
    return turn_screen(model, frame, BOARD, model["progress"], classes=["en"])


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    position = step.state.position
    return review_body(BOARD, board_of(position, {}, step.near), step,
                       progress(position, PLAYERS, step.names))
