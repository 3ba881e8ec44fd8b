"""Enlightenment's own screens, built from the turn draft's and the review's models (pure
Python): a turn (also while the computer plays it) with its jump chain, the review's board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....table.html import El, h
from ....table.open_table import footer, header, whose_turn
from ....table.render import button
from ....table.words import _
from .boardview import board_view


def counts_text(counts: Mapping[str, Mapping[str, int]], names: Mapping[str, str]) -> list[str]:
    """What each side has and still needs: enlightened pieces, and those home on the edge."""
    return [_("{name}: {lit} of 8 enlightened, {home} on the edge").format(
        name=names[p], lit=c["lit"], home=c["home"]) for p, c in counts.items()]


def render_play(model: Mapping[str, Any]) -> El:
    colours, names = model["colours"], model["names"]
    player = model["player"]
    mover = player if model["acting"] else next(p for p in names if p != player)
    heading = _("Turn {n} · {name} ({colour})").format(n=model["turn"], name=names[mover],
                                                       colour=colours[mover])
    facts = counts_text(model["counts"], names)
    if model["last_text"]:
        facts.append(model["last_text"])
    hint = whose_turn(model, colours)
    if model["acting"] and model["hint"]:
        hint = f"{hint} {model['hint']}"
    board = board_view(model["board"], _("The board, {near}'s side at the bottom").format(
        near=colours[model["board"]["near"]]), interactive=model["acting"], last=model["last"],
        path=model["path"])
    chain = None
    if model["jumping"]:
        chain = h("section", {"class": "controls chain-controls", "aria-label": _("Jump chain")},
                  h("p", {"class": "chain-path"}, _("Path: {path}").format(path=model["path_text"])),
                  h("div", {"class": "row chain-row"},
                    button(_("Undo the last landing"), "undo", cls="small"),
                    button(_("Stop here"), "stop", cls="primary confirm", autofocus=True)))
    return h("div", {"class": ["turn-layout", "en", "jumping" if model["jumping"] else None]},
             header(model, heading, hint, facts),
             h("div", {"class": "board-col"}, board),
             chain, footer(model))


def render_review(model: Mapping[str, Any]) -> El:
    names = model["names"]
    board = board_view(model["board"], _("The board at this point, {near} at the bottom").format(
        near=names[model["board"]["near"]]), interactive=False, last=model["last"])
    # (the facts under the board, as wide as it: the review's other column keeps its room)
    return h("div", {"class": "review-body"},
             h("div", {"class": "board-col"}, board,
               h("ul", {"class": "facts"}, [h("li", None, f) for f in counts_text(model["counts"], names)])))
