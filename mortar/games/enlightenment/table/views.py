"""Enlightenment's own screens, on the open games' (:mod:`mortar.table.open_board`): a turn (also
while the computer plays it) with its jump chain drawn, and a review's step: the board, the
step's move drawn, how far each side has come."""

from __future__ import annotations

from ....kit.turns import PLAYERS
from ....table.board import Arrow
from ....table.html import El
from ....table.kind import ReviewStep
from ....table.open_board import effect_of, review_body, turn_screen
from ....table.render import Frame
from ..state import State
from .boardview import BOARD, board_of, counts, drawn
from .texts import counts_text
from .turn import TurnModel


def render_play(model: TurnModel, frame: Frame) -> El:
    path = model["path"]
    return turn_screen(model, frame, BOARD, counts_text(model["counts"], model["names"]),
                       classes=["en", "jumping" if model["jumping"] else None],
                       arrows=[Arrow(a, b, ("path",)) for a, b in zip(path, path[1:])])


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    position = step.state.position
    return review_body(BOARD, board_of(position, {}, step.near), step.names,
                       counts_text(counts(position, PLAYERS), step.names), last=drawn(effect_of(step.entry)))
