"""Four Circles' own screens (pure Python): a turn in its two parts (also while placing, and while
the computer plays), the view's pan and zoom buttons with their keys, and a review's step: the
board fitted to the tiles as they were, the step's tile move and piece move, the winning line."""

from __future__ import annotations

from ....kit.grid import Cell
from ....kit.turns import PLAYERS
from ....table.board import Window
from ....table.html import El, h
from ....table.kind import ReviewStep
from ....table.open_table import footer, header, turn_line
from ....table.render import Frame, button
from ....table.words import _
from ..actions import Moved, Placed
from ..state import State
from . import boardview
from .boardview import board_view
from .turn import TurnModel


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


def render_play(model: TurnModel, frame: Frame) -> El:
    names, titled, player = model["names"], model["titled"], model["player"]
    mover = player if model["acting"] else next(p for p in names if p != player)
    p, q = names  # (Red, then White)
    if model["placing"]:
        heading = _("Placing · {name}").format(name=titled[mover])
        facts = [_("Pieces to place: {a} {x} · {b} {y}").format(
            a=names[p], x=model["to_place"][p], b=names[q], y=model["to_place"][q])]
    else:
        heading = _("Turn {n} · {name}").format(n=model["turn"], name=titled[mover])
        facts = [_("Marked pieces: {a} {x} · {b} {y}").format(
            a=names[p], x=model["marked"][p], b=names[q], y=model["marked"][q])]
    if model["last_text"]:
        facts.append(model["last_text"])
    hint = turn_line(model, frame)
    acting = model["acting"] and not frame.waiting
    board = board_view(model["board"], _("The board, {near}'s side at the bottom").format(
        near=model["colours"][model["board"]["near"]]), interactive=acting, last=model["last"],
        tile_move=model["tile_move"])
    cancel = None if model["tile"] is None else button(_("Cancel the tile move"), "cancel-tile", cls="small")
    return h("div", {"class": ["turn-layout", "fc", "tile-in-hand" if model["tile"] else None]},
             header(model, frame, heading, hint, facts),
             h("div", {"class": "board-col"}, board,
               h("div", {"class": "view-row"}, view_tools() if acting else None)),
             footer(model, frame, held=cancel))


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    state, names = step.state, step.names
    position = state.position
    effect = step.entry.effect if step.entry is not None else None  # type: ignore[attr-defined]
    path: list[str] = []
    tile_move: list[str] = []
    marks: dict[Cell, list[str]] = {}
    if isinstance(effect, Moved):
        path = [str(effect.frm), str(effect.to)]
        if effect.tile is not None:  # (its old cell drawn too: the line of its move starts there)
            tile_move = [str(effect.tile.frm), str(effect.tile.to)]
            if effect.tile.frm not in position.tiles:
                marks[effect.tile.frm] = ["tile-was"]
    elif isinstance(effect, Placed):
        path = [str(effect.cell)]
    if state.outcome is not None and state.outcome.winner is not None:
        for line in position.lines(state.outcome.winner):
            for cell in line:
                marks.setdefault(cell, []).append("line")
    window = Window.fit(position.tiles)
    facts = [_("{name}: {n} marked").format(name=names[p.value],
                                            n=sum(1 for _c, pc in position.own(p) if pc.marked))
             for p in PLAYERS]
    board = board_view({"cells": boardview.cells(position.tiles, dict(position.pieces), window, marks),
                        "near": step.near, "window": [window.x0, window.y0, window.width, window.height]},
                       _("The board at this point, {near} at the bottom").format(near=names[step.near]),
                       interactive=False, last=path, tile_move=tile_move)
    return h("div", {"class": "review-body"},
             h("div", {"class": "board-col"}, board,
               h("ul", {"class": "facts"}, [h("li", None, f) for f in facts])))
