"""Enlightenment's own screens (pure Python): a turn (also while the computer plays it) with its
jump chain, and a review's step: the board, the step's move drawn, how far each side has come."""

from __future__ import annotations

from collections.abc import Mapping

from ....kit.turns import PLAYERS
from ....table.html import El, h
from ....table.kind import ReviewStep
from ....table.open_table import footer, header, turn_line
from ....table.render import Frame
from ....table.words import _
from ..actions import Moved
from ..board import EDGE
from ..state import State
from . import boardview
from .boardview import board_view
from .turn import TurnModel


def counts_text(counts: Mapping[str, Mapping[str, int]], names: Mapping[str, str]) -> list[str]:
    """What each side has and still needs: enlightened pieces, and those home on the edge."""
    return [_("{name}: {lit} of 8 enlightened, {home} on the edge").format(
        name=names[p], lit=c["lit"], home=c["home"]) for p, c in counts.items()]


def render_play(model: TurnModel, frame: Frame) -> El:
    names, player = model["titled"], model["player"]
    mover = player if model["acting"] else next(p for p in names if p != player)
    heading = _("Turn {n} · {name}").format(n=model["turn"], name=names[mover])
    facts = counts_text(model["counts"], model["names"])
    if model["last_text"]:
        facts.append(model["last_text"])
    hint = turn_line(model, frame)
    board = board_view(model["board"], _("The board, {near}'s side at the bottom").format(
        near=model["colours"][model["board"]["near"]]), interactive=model["acting"] and not frame.waiting,
        last=model["last"], path=model["path"])
    return h("div", {"class": ["turn-layout", "en", "jumping" if model["jumping"] else None]},
             header(model, frame, heading, hint, facts),
             h("div", {"class": "board-col"}, board),
             footer(model, frame))


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    state, names = step.state, step.names
    effect = step.entry.effect if step.entry is not None else None  # type: ignore[attr-defined]
    path = [str(sq) for sq in effect.path] if isinstance(effect, Moved) else []
    counts = {}
    for p in PLAYERS:
        own = state.pieces(p)
        counts[p.value] = {"lit": sum(1 for _sq, lit in own if lit),
                           "home": sum(1 for sq, lit in own if lit and sq in EDGE)}
    board = board_view({"cells": boardview.cells(state.position), "near": step.near},
                       _("The board at this point, {near} at the bottom").format(near=names[step.near]),
                       interactive=False, last=path)
    # (the facts under the board, as wide as it: the review's other column keeps its room)
    return h("div", {"class": "review-body"},
             h("div", {"class": "board-col"}, board,
               h("ul", {"class": "facts"}, [h("li", None, f) for f in counts_text(counts, names)])))
