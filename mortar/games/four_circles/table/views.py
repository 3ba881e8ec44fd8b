"""Four Circles' own screens, built from the turn draft's and the review's models (pure Python):
a turn in its two parts (also while placing, and while the computer plays), the view's pan and
zoom buttons with their keys, the review's board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....table.html import El, h
from ....table.open_table import footer, header, whose_turn
from ....table.render import button
from ....table.words import _
from .boardview import board_view


def view_tools() -> El:
    """Zoom, fit and pan, each also a key (the page's shortcuts); drags and pinches on the board
    do the same."""
    return h("div", {"class": "view-tools", "role": "group", "aria-label": _("View")},
             button("−", "zoom", "out", cls="small", aria_label=_("Zoom out"), shortcut="-"),
             button("+", "zoom", "in", cls="small", aria_label=_("Zoom in"), shortcut="+"),
             button(_("Fit"), "fit", cls="small fit", aria_label=_("Fit the whole board"), shortcut="0"),
             button("←", "pan", "left", cls="small", aria_label=_("Look left"), shortcut="a"),
             button("↑", "pan", "up", cls="small", aria_label=_("Look up"), shortcut="w"),
             button("↓", "pan", "down", cls="small", aria_label=_("Look down"), shortcut="s"),
             button("→", "pan", "right", cls="small", aria_label=_("Look right"), shortcut="d"))


def render_play(model: Mapping[str, Any]) -> El:
    colours, names = model["colours"], model["names"]
    player = model["player"]
    mover = player if model["acting"] else next(p for p in names if p != player)
    p, q = names  # (Red, then White)
    if model["placing"]:
        heading = _("Placing · {name} ({colour})").format(name=names[mover], colour=colours[mover])
        facts = [_("Pieces to place: {a} {x} · {b} {y}").format(
            a=names[p], x=model["to_place"][p], b=names[q], y=model["to_place"][q])]
    else:
        heading = _("Turn {n} · {name} ({colour})").format(n=model["turn"], name=names[mover],
                                                           colour=colours[mover])
        facts = [_("Marked pieces: {a} {x} · {b} {y}").format(
            a=names[p], x=model["marked"][p], b=names[q], y=model["marked"][q])]
    if model["last_text"]:
        facts.append(model["last_text"])
    hint = whose_turn(model, colours)
    if model["acting"] and model["hint"]:
        hint = f"{hint} {model['hint']}"
    board = board_view(model["board"], _("The board, {near}'s side at the bottom").format(
        near=colours[model["board"]["near"]]), interactive=model["acting"], last=model["last"],
        tile_move=model["tile_move"])
    tile = None
    if model["tile"] is not None:
        tile = h("section", {"class": "controls tile-controls", "aria-label": _("Tile move")},
                 button(_("Cancel the tile move"), "cancel-tile", cls="small"))
    return h("div", {"class": ["turn-layout", "fc", "tile-in-hand" if model["tile"] else None]},
             header(model, heading, hint, facts),
             h("div", {"class": "board-col"}, board, view_tools() if model["acting"] else None),
             tile, footer(model))


def render_review(model: Mapping[str, Any]) -> El:
    names = model["names"]
    board = board_view(model["board"], _("The board at this point, {near} at the bottom").format(
        near=names[model["board"]["near"]]), interactive=False, last=model["last"],
        tile_move=model["tile_move"])
    return h("div", {"class": "review-body"},
             h("div", {"class": "board-col"}, board,
               h("ul", {"class": "facts"}, [h("li", None, f) for f in model["facts"]])))
