"""Hopper and Sneaker's own screens, on the open games' (:mod:`mortar.table.open_board`):
arranging the pieces, a turn (also while the computer plays it), and a review's step: the
board, the step's move drawn, the pieces home."""

from __future__ import annotations

from typing import cast

from ....kit.turns import PLAYERS
from ....table.html import El, h
from ....table.kind import ReviewStep
from ....table.open_board import effect_of, review_body, turn_screen
from ....table.open_table import bar
from ....table.render import Frame, button, status
from ....table.words import _
from ..state import State
from .arrange import ArrangeModel
from .boardview import BOARD, board_of, drawn, home
from .turn import TurnModel


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
    facts = [_("{hoppers} and {n} Sneakers each").format(hoppers=model["hoppers"], n=model["sneakers"])]
    line = status(model["message"], error=True) if model["message"] else status(model["hint"])
    return h("div", {"class": ["turn-layout", "hs", "placement-layout"]},
             bar(_("{name}: arrange your pieces").format(name=name), line, facts),
             h("div", {"class": "board-col"}, board, legend()),
             h("section", {"class": "controls arrange-controls", "aria-label": _("Arrangement")},
               h("div", {"class": "row arrange-row"},
                 button(_("Default"), "arrange", "default", cls="small"),
                 button(_("At random"), "arrange", "random", cls="small")),
               h("p", {"class": "hint"}, seen),
               button(_("Confirm arrangement"), "confirm-setup", cls="primary big confirm")))


def legend() -> El:
    """What the two faces of a piece are (the arrangement is made before any is moved)."""
    return h("p", {"class": "legend hint"},
             _("A plain disc is a Sneaker (it steps); a disc with a ring is a Hopper (it jumps)."))


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
    return review_body(BOARD, board_of(position, {}, step.near), names, facts,
                       last=drawn(effect_of(step.entry)))
