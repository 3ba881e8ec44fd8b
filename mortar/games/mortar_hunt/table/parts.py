"""Mortar Hunt's own drawn parts: the facing compass, a piece's badge (the flag of the physical
game), and the body of the review (one battlefield, both pads)."""

from __future__ import annotations

from typing import Any

from ....table.html import El, h
from ....table.render import button
from ....table.words import _
from ..notation import Facing
from .boardview import board_view, screen_direction
from .padview import render_pad
from .scene import SHAPES, facing_word


# The pieces as drawn on the board (board.py: one <use> per piece), pointing up: HM a short thick
# tube, LH a long barrel, a wreck on its side. Colours come from game.css (.pc-*) and the
# owner's colour (currentColor). Both kinds are always in the page: no secret.
def _part(tag: str, cls: str, *numbers: str, **more: str) -> El:
    """One shape of a drawing: a rect (x y width height rx) or a circle (cx cy r)."""
    names = ("x", "y", "width", "height", "rx") if tag == "rect" else ("cx", "cy", "r")
    return h(tag, {"class": cls, **dict(zip(names, numbers)), **more})


SYMBOLS = h("svg", {"class": "piece-defs", "width": "0", "height": "0", "aria-hidden": "true",
                    "focusable": "false"},
            h("symbol", {"id": "piece-hm", "viewBox": "0 0 32 32"},
              _part("rect", "pc-trk", "3.5", "8", "6.5", "22", "2"),
              _part("rect", "pc-trk", "22", "8", "6.5", "22", "2"),
              _part("rect", "pc-hull", "7.5", "10", "17", "19.5", "2.5"),
              _part("rect", "pc-gun", "11.5", "3", "9", "11", "2"),
              _part("rect", "pc-gun", "10", "0.5", "12", "4.5", "1.5")),
            h("symbol", {"id": "piece-lh", "viewBox": "0 0 32 32"},
              _part("rect", "pc-trk", "5", "10", "5", "20", "2"),
              _part("rect", "pc-trk", "22", "10", "5", "20", "2"),
              _part("rect", "pc-hull", "8", "12", "16", "17.5", "2.5"),
              _part("circle", "pc-gun", "16", "14.5", "5"),
              _part("rect", "pc-gun", "14.6", "-1.5", "2.8", "14"),
              _part("rect", "pc-gun", "13", "-2", "6", "3", "0.8")),
            h("symbol", {"id": "piece-wreck", "viewBox": "0 0 32 32"},
              h("g", {"transform": "rotate(-22 16 17)"},
                _part("rect", "pc-gun", "19", "8", "11", "3.2", "1", transform="rotate(-12 19 9.6)"),
                _part("rect", "pc-hull", "4", "10.5", "21", "9", "2"),
                _part("rect", "pc-trk", "2.5", "18.5", "25", "7.5", "3.75"),
                *(_part("circle", "pc-wheel", cx, "22.25", "2") for cx in ("7", "12.3", "17.6", "23")))))

COMPASS_SLOTS = [7, 0, 1, 6, None, 2, 5, 4, 3]  # on-screen directions, row by row
ARROWS = "↑↗→↘↓↙←↖"
FACINGS = [f.name for f in Facing]


def piece_badge(number: int, player: str, type_name: str | None = None) -> El:
    shape = SHAPES[number]
    return h("span", {"class": ["badge", shape, f"own-{player.lower()}",
                                "lh" if type_name == "LH" else None], "aria-hidden": "true"},
             h("span", {"class": "num"}, str(number)))


def compass(orientation: str, *, current: str | None, allowed: list[str] | None,
            action: str, center: Any = None, label: str) -> El:
    """Eight facing buttons laid out as they point on this player's screen."""
    by_dir = {screen_direction(f, orientation): f for f in FACINGS}
    cells = []
    for slot in COMPASS_SLOTS:
        if slot is None:
            cells.append(h("span", {"class": "compass-center", "aria-hidden": "true"}, center))
            continue
        facing = by_dir[slot]
        enabled = allowed is None or facing in allowed
        cells.append(button(  # named by what it shows ("NW"), then in words
            [h("span", {"class": "arrow-glyph", "aria-hidden": "true"}, ARROWS[slot]),
             h("span", {"class": "compass-letter"}, facing),
             h("span", {"class": "sr-only"},
               ": " + _("face {direction}").format(direction=facing_word(facing)))],
            action, facing, cls="compass-btn", disabled=not enabled, pressed=facing == current))
    return h("div", {"class": "compass", "role": "group", "aria-label": label}, cells)


def render_review(model: dict[str, Any]) -> El:
    """One battlefield (issue 9): the board with both sides at this step and the step's shot
    drawn from the piece that fired to its target, what the computer believed when asked, the
    loadouts, and both pads (in the Pad tab on a phone, beside the board on a desktop)."""
    names = model["names"]
    board = None
    if model["board"] is not None:
        shot = model["shot"]
        arrows = []
        if shot is not None:
            arrows.append((shot["from"], shot["at"], ("shot", "hit" if shot["hit"] else "miss",
                                                      f"by-{shot['player'].lower()}")))
        belief = model.get("belief")
        board = board_view(model["board"], "A", interactive=False, arrows=arrows,
                           radar={"heat": belief["heat"]} if belief else None,
                           label=_("The board at this point: {a} at the bottom, {b} at the "
                                   "top").format(a=names["A"], b=names["B"]))
    tools = legend = None
    if model.get("believer"):
        on = model.get("belief") is not None
        tools = h("div", {"class": "board-tools"},
                  button(_("What the computer believed"), "aid", "off" if on else "on",
                         cls="small radar-toggle", pressed=on))
        if on:
            believer = names[model["believer"]]
            legend = h("p", {"class": "belief-legend"},
                       h("span", {"class": "heat-swatch", "aria-hidden": "true"}),
                       _("Shaded: where {who} thought the other side's pieces were at this step "
                         "(darker: surer).").format(who=believer))
    pads = [h("section", {"class": "review-side", "data-player": p, "aria-label": names[p]},
              h("h3", None, names[p]),
              render_pad(model["pads"][p], title=_("Pad ({p})").format(p=p),
                         current_turn=model["turn"] or None))
            for p in ("A", "B") if p in model["pads"]]
    return h("div", {"class": "review-body"},  # (display: contents: its parts are the layout's)
             h("div", {"class": "board-col"}, board, tools) if board is not None else None,
             legend,
             h("aside", {"class": "pad-col", "aria-label": _("Both pads"), "tabindex": "0"},
               h("ul", {"class": "loadouts"},
                 [h("li", None, h("span", {"class": f"who own-{p.lower()}"}, names[p]),
                    f": {text}") for p, text in model["pieces"].items()]),
               h("div", {"class": "review-grid"}, pads)))
