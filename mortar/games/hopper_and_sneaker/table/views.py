"""Hopper and Sneaker's own screens, built from the drafts' and the review's models (pure
Python): arranging the pieces, a turn (also while the computer plays it), the review's board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....table.html import El, h
from ....table.open_table import footer, header, whose_turn
from ....table.render import button
from ....table.words import _
from .boardview import board_view


def render_play(model: Mapping[str, Any]) -> El:
    return render_arrange(model) if model["screen"] == "placement" else render_turn(model)


def render_arrange(model: Mapping[str, Any]) -> El:
    name, colour, other = model["name"], model["colour"], model["other"]
    board = board_view(model["board"], _("{name}'s board: your home rows at the bottom").format(name=name))
    if model["secret"]:
        seen = _("Arranged in secret: {other} sees it when both have arranged.").format(other=other)
    elif model["seen"]:
        seen = _("{other}'s arrangement is on the board.").format(other=other)
    else:
        seen = _("{other} arranges after you and will see this.").format(other=other)
    facts = [_("{hoppers} and {n} Sneakers each").format(hoppers=model["hoppers"], n=model["sneakers"])]
    return h("div", {"class": ["turn-layout", "hs", "placement-layout"]},
             header(model, _("{name} ({colour}): arrange your pieces").format(name=name, colour=colour),
                    model["hint"], facts),
             h("div", {"class": "board-col"}, board),
             h("section", {"class": "controls arrange-controls", "aria-label": _("Arrangement")},
               h("div", {"class": "row arrange-row"},
                 button(_("Default"), "arrange", "default", cls="small"),
                 button(_("At random"), "arrange", "random", cls="small")),
               h("p", {"class": "hint"}, seen),
               button(_("Confirm arrangement"), "confirm-setup", cls="primary big confirm")))


def render_turn(model: Mapping[str, Any]) -> El:
    colours, names = model["colours"], model["names"]
    player = model["player"]
    mover = player if model["acting"] else next(p for p in names if p != player)
    heading = _("Turn {n} · {name} ({colour})").format(n=model["turn"], name=names[mover],
                                                       colour=colours[mover])
    first, second = names
    facts = [_("Home: {a} {x} of 6 · {b} {y} of 6").format(a=names[first], x=model["home"][first],
                                                             b=names[second], y=model["home"][second])]
    if model["setting_up"]:
        heading = _("Arranging · {name} ({colour})").format(name=names[mover], colour=colours[mover])
        facts = []
    if model["last_text"]:
        facts.append(model["last_text"])
    hint = whose_turn(model, colours)
    if model["acting"] and model["hint"]:
        hint = f"{hint} {model['hint']}"
    board = board_view(model["board"], _("The board, {near}'s side at the bottom").format(
        near=colours[model["board"]["near"]]), interactive=model["acting"], last=model["last"])
    return h("div", {"class": ["turn-layout", "hs"]},
             header(model, heading, hint, facts),
             h("div", {"class": "board-col"}, board),
             footer(model))


def render_review(model: Mapping[str, Any]) -> El:
    names = model["names"]
    board = board_view(model["board"], _("The board at this point, {near} at the bottom").format(
        near=names[model["board"]["near"]]), interactive=False, last=model["last"])
    # (the facts under the board, as wide as it: the review's other column keeps its room)
    return h("div", {"class": "review-body"},
             h("div", {"class": "board-col"}, board,
               h("ul", {"class": "facts"}, [h("li", None, f) for f in model["facts"]])))
