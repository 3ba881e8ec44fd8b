"""Four Circles' own screens, on the open games' (:mod:`mortar.table.open_board`): a turn in its
two parts (also while placing, and while the computer plays), the view's pan and zoom buttons
with their keys, and a review's step: the board fitted to the tiles as they were, the step's tile
move and piece move, the winning line."""

from __future__ import annotations

from ....kit.grid import Cell
from ....kit.turns import PLAYERS
from ....table.board import Arrow, Window
from ....table.html import El, h
from ....table.kind import ReviewStep
from ....table.open_board import effect_of, review_body, turn_screen
from ....table.render import Frame, button
from ....table.words import _
from ..actions import Moved
from ..state import State
from .boardview import BOARD, board_of, drawn
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


def tile_arrows(tile_move: list[str]) -> list[Arrow]:
    return [Arrow(tile_move[0], tile_move[1], ("tile-move",))] if tile_move else []


def render_play(model: TurnModel, frame: Frame) -> El:
    names = model["names"]
    p, q = names  # (Red, then White)
    if model["placing"]:
        heading = _("Placing · {name}")
        facts = [_("Pieces to place: {a} {x} · {b} {y}").format(
            a=names[p], x=model["to_place"][p], b=names[q], y=model["to_place"][q])]
    else:
        heading = None
        facts = [_("Marked pieces: {a} {x} · {b} {y}").format(
            a=names[p], x=model["marked"][p], b=names[q], y=model["marked"][q])]
    acting = model["acting"] and not frame.waiting
    cancel = None if model["tile"] is None else button(_("Cancel the tile move"), "cancel-tile", cls="small")
    return turn_screen(model, frame, BOARD, facts, classes=["fc", "tile-in-hand" if model["tile"] else None],
                       heading=heading, arrows=tile_arrows(model["tile_move"]),
                       under=h("div", {"class": "view-row"}, view_tools() if acting else None), held=cancel)


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    state, names = step.state, step.names
    position = state.position
    effect = effect_of(step.entry)
    last, tile_move = drawn(effect)
    marks: dict[Cell, list[str]] = {}
    if isinstance(effect, Moved) and effect.tile is not None and effect.tile.frm not in position.tiles:
        marks[effect.tile.frm] = ["tile-was"]  # (its old cell drawn too: the line of its move starts there)
    if state.outcome is not None and state.outcome.winner is not None:
        for line in position.lines(state.outcome.winner):
            for cell in line:
                marks.setdefault(cell, []).append("line")
    facts = [_("{name}: {n} marked").format(name=names[p.value],
                                            n=sum(1 for _c, pc in position.own(p) if pc.marked))
             for p in PLAYERS]
    board = board_of(position.tiles, position.pieces, Window.fit(position.tiles), marks, step.near)
    return review_body(BOARD, board, names, facts, last=last, arrows=tile_arrows(tile_move))
