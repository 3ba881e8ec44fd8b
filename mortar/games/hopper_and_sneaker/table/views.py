"""Hopper and Sneaker's words, board and screens at the table.

Its words (pieces, squares, moves, ends, the rules' refusals by their codes) are marked for
translation. Its board: the 3 × 8 squares of a position as the open games' board of discs
(:mod:`mortar.table.open_board`): each home row tinted for its owner, a Sneaker a disc's plain
side and a Hopper its marked side (a circle cut into it), as on the real pieces, the colour saying
whose it is, and each square's label saying all of it in words. Its screens: arranging the
pieces, a turn (also while the computer plays it), and a review's step: the board, the step's
move drawn, the pieces home.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import cast

from ....kit.turns import PLAYERS, Player
from ....table.drafts import PlayModel
from ....table.html import El, h
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
from ....table.open_table import SIDES, bar
from ....table.render import Frame, button, status
from ....table.words import _, ngettext
from ..actions import Moved, RefusalCode
from ..board import HOME, SQUARES, TARGET, Face, Square
from ..position import Position
from ..state import State

FACE = {Face.SNEAKER: _("Sneaker"), Face.HOPPER: _("Hopper")}
FACES = {Face.SNEAKER: _("Sneakers"), Face.HOPPER: _("Hoppers")}

# Why the rules refuse an arrangement or a move, by the engine's codes (K0's are the open table's)
REFUSED: dict[Enum, str] = {
    RefusalCode.NOT_SETTING_UP: _("The pieces are arranged already."),
    RefusalCode.NOT_HOME: _("Your pieces stand on your home squares."),
    RefusalCode.SQUARE_TWICE: _("A square is given twice."),
    RefusalCode.MISSING_SQUARE: _("Each of your six home squares holds a piece."),
    RefusalCode.HOPPER_COUNT: _("This arrangement has another number of Hoppers than the game starts with."),
    RefusalCode.NO_PIECE: _("There is no piece there."),
    RefusalCode.NOT_YOURS: _("That piece is not yours."),
    RefusalCode.NOT_A_STEP: _("A Sneaker steps to a square next to it."),
    RefusalCode.OCCUPIED: _("A piece stands on that square."),
    RefusalCode.HOPPER_STEPS: _("A Hopper never steps: it jumps over a piece."),
    RefusalCode.NOT_STRAIGHT: _("A Hopper jumps in a straight line."),
    RefusalCode.NOTHING_TO_JUMP: _("A Hopper jumps over a piece, and there is none next to it that way."),
    RefusalCode.NO_LANDING: _("The pieces that way reach the edge: there is no square to land on."),
    RefusalCode.WRONG_LANDING: _("A Hopper lands on the first free square behind the pieces it jumps."),
}

OWN_ENDS = {
    "home": _("{winner} wins: all six pieces are home."),
    "blockade": _("{winner} wins by blockade: every target square is taken, one by {loser}, and all "
                  "the rest stand in the far half."),
}


def piece_words(player: Player, face: Face) -> str:
    """``Red Hopper``."""
    return _("{colour} {face}").format(colour=SIDES[player], face=FACE[face])


def moved_text(effect: object, who: str) -> str:
    """A move said of its player: ``Ann's Sneaker stepped b2–b3, now a Hopper.``"""
    if not isinstance(effect, Moved):
        return _("{who} arranged the pieces.").format(who=who)
    if effect.jumped:
        over = ngettext("{n} piece", "{n} pieces", len(effect.over)).format(n=len(effect.over))
        return _("{who}'s Hopper jumped {frm}–{to} over {n}, now a Sneaker.").format(
            who=who, frm=effect.frm, to=effect.to, n=over)
    return _("{who}'s Sneaker stepped {frm}–{to}, now a Hopper.").format(
        who=who, frm=effect.frm, to=effect.to)


def start_text(state: State) -> str:
    """A review's first step."""
    return _("Start: the pieces as arranged.") if state.setups else _("Start.")


BOARD = DiscBoard(("open-board", "hs-board"), {
    "picked": _("picked"),
    "choice": _("a move for the picked piece"),
    "swap": _("picked to swap"),
}, focus=("chosen", "picked", "swap", "choice", "movable", "own"))
LAYOUT = Layout.of(Square)
HOME_OF = {sq: player for player in HOME for sq in HOME[player]}


def disc(player: Player, face: Face) -> Disc:
    hopper = face is Face.HOPPER
    return Disc(player.value, hopper, piece_words(player, face), ("hopper" if hopper else "sneaker",))


def discs(position: Position) -> dict[Square, Disc]:
    return {sq: disc(piece.player, piece.face) for sq in SQUARES if (piece := position.at(sq)) is not None}


def ground(sq: Square) -> Ground:
    """A home row, its owner's (HS1)."""
    owner = HOME_OF.get(sq)
    if owner is None:
        return Ground()
    return Ground(f"home-{owner.value.lower()}", _("{colour}'s home").format(colour=SIDES[owner]))


def board_of(position: Position, marks: Mapping[Square, Sequence[str]], near: str) -> BoardModel:
    """The board of ``position`` with a draft's ``marks``."""
    return BOARD.cells(LAYOUT, discs(position), ground, marks, near)


def home(position: Position) -> dict[str, int]:
    """How many of each player's pieces have arrived in the other's home (HS1)."""
    return {p.value: sum(1 for sq in TARGET[p] if (pc := position.at(sq)) is not None and pc.player is p)
            for p in TARGET}


class ArrangeModel(PlayModel):
    name: str
    other: str
    colour: str
    board: BoardModel
    hint: str
    message: str | None
    done: str | None  # what the last press did (a swap), for the ear: the board shows it
    hoppers: str
    sneakers: int
    seen: bool
    secret: bool
    acting: bool


class TurnModel(DiscModel):
    setting_up: bool  # (watching the other arrange)
    home: dict[str, int]


def render_play(model: TurnModel | ArrangeModel, frame: Frame) -> El:
    if model["kind"] == "placement":
        return render_arrange(cast(ArrangeModel, model), frame)
    return render_turn(cast(TurnModel, model), frame)


def render_arrange(model: ArrangeModel, frame: Frame) -> El:
    name, other = model["name"], model["other"]
    board = BOARD.draw(model["board"], _("{name}'s board: your home rows at the bottom").format(name=name))
    if model["secret"]:
        seen = _("Arranged in secret: {other} sees it when both have arranged.").format(other=other)
    elif model["seen"]:
        seen = _("{other}'s arrangement is on the board.").format(other=other)
    else:
        seen = _("{other} arranges after you and will see this.").format(other=other)
    facts = [_("{hoppers} and {n} Sneakers each").format(hoppers=model["hoppers"], n=model["sneakers"]),
             # (what the two faces are, before any piece has moved: in the words' column, as wide as it)
             _("A plain disc is a Sneaker (it steps); a disc with a ring is a Hopper (it jumps).")]
    line = (status(model["message"], error=True) if model["message"] else
            status(model["hint"], done=model["done"]))
    return h("div", {"class": ["turn-layout", "hs", "placement-layout"]},
             bar(_("{name}: arrange your pieces").format(name=name), line, facts),
             h("div", {"class": "board-col"}, board),
             h("section", {"class": "controls arrange-controls", "aria-label": _("Arrangement")},
               h("div", {"class": "row arrange-row"},
                 button(_("Default"), "arrange", "default", cls="small"),
                 button(_("At random"), "arrange", "random", cls="small")),
               h("p", {"class": "hint"}, seen),
               button(_("Confirm arrangement"), "confirm-setup", cls="primary big confirm")))


def render_turn(model: TurnModel, frame: Frame) -> El:
    if model["setting_up"]:  # (watching the other arrange)
        return turn_screen(model, frame, BOARD, [], classes=["hs"], heading=_("Arranging · {name}"))
    names, count = model["names"], model["home"]
    first, second = names
    facts = [_("Home: {a} {x} of 6 · {b} {y} of 6").format(a=names[first], x=count[first],
                                                             b=names[second], y=count[second])]
    return turn_screen(model, frame, BOARD, facts, classes=["hs"])


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    names, position = step.names, step.state.position
    count = home(position)
    facts = [_("{name}: {n} of 6 home").format(name=names[p.value], n=count[p.value]) for p in PLAYERS]
    return review_body(BOARD, board_of(position, {}, step.near), step, facts)
