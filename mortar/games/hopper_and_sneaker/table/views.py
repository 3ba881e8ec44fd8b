"""Hopper and Sneaker's own screens (pure Python): arranging the pieces, a turn (also while the
computer plays it), and a review's step: the board, the step's move drawn, the pieces home."""

from __future__ import annotations

from ....kit.turns import PLAYERS
from ....table.html import El, h
from ....table.kind import ReviewStep
from ....table.open_table import footer, header, turn_line
from ....table.render import Frame, button
from ....table.words import _
from ..actions import Moved
from ..board import TARGET
from ..state import State
from . import boardview
from .arrange import ArrangeModel
from .boardview import board_view
from .turn import TurnModel


def render_play(model: TurnModel | ArrangeModel, frame: Frame) -> El:
    return render_arrange(model, frame) if model["kind"] == "placement" else render_turn(model, frame)  # type: ignore[arg-type]


def render_arrange(model: ArrangeModel, frame: Frame) -> El:
    name, other = model["name"], model["other"]
    board = board_view(model["board"], _("{name}'s board: your home rows at the bottom").format(name=name))
    if model["secret"]:
        seen = _("Arranged in secret: {other} sees it when both have arranged.").format(other=other)
    elif model["seen"]:
        seen = _("{other}'s arrangement is on the board.").format(other=other)
    else:
        seen = _("{other} arranges after you and will see this.").format(other=other)
    facts = [_("{hoppers} and {n} Sneakers each").format(hoppers=model["hoppers"], n=model["sneakers"])]
    return h("div", {"class": ["turn-layout", "hs", "placement-layout"]},
             header(model, frame, _("{name}: arrange your pieces").format(name=name), model["hint"], facts),
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
    names, player = model["titled"], model["player"]
    mover = player if model["acting"] else next(p for p in names if p != player)
    heading = _("Turn {n} · {name}").format(n=model["turn"], name=names[mover])
    first, second = model["names"]
    plain = model["names"]
    facts = [_("Home: {a} {x} of 6 · {b} {y} of 6").format(a=plain[first], x=model["home"][first],
                                                             b=plain[second], y=model["home"][second])]
    if model["setting_up"]:
        heading = _("Arranging · {name}").format(name=names[mover])
        facts = []
    if model["last_text"]:
        facts.append(model["last_text"])
    hint = turn_line(model, frame)
    board = board_view(model["board"], _("The board, {near}'s side at the bottom").format(
        near=model["colours"][model["board"]["near"]]), interactive=model["acting"] and not frame.waiting,
        last=model["last"])
    return h("div", {"class": ["turn-layout", "hs"]},
             header(model, frame, heading, hint, facts),
             h("div", {"class": "board-col"}, board),
             footer(model, frame))


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    state, names = step.state, step.names
    effect = step.entry.effect if step.entry is not None else None  # type: ignore[attr-defined]
    path = [str(effect.frm), str(effect.to)] if isinstance(effect, Moved) else []
    facts = []
    for p in PLAYERS:
        home = sum(1 for sq in TARGET[p] if (pc := state.at(sq)) is not None and pc.player is p)
        facts.append(_("{name}: {n} of 6 home").format(name=names[p.value], n=home))
    board = board_view({"cells": boardview.cells(state.position), "near": step.near},
                       _("The board at this point, {near} at the bottom").format(near=names[step.near]),
                       interactive=False, last=path)
    # (the facts under the board, as wide as it: the review's other column keeps its room)
    return h("div", {"class": "review-body"},
             h("div", {"class": "board-col"}, board,
               h("ul", {"class": "facts"}, [h("li", None, f) for f in facts])))
