"""The review of a finished or imported game of Enlightenment: the board at each step, the step's
move drawn (a jump chain with each landing) and said, how far each side has come."""

from __future__ import annotations

from typing import Any

from ....kit.turns import PLAYERS
from ....table.open_kind import OpenReview
from ....table.words import _
from ..actions import Moved
from ..board import EDGE
from ..state import State
from . import boardview
from .texts import move_text


class Review(OpenReview):
    def model(self) -> dict[str, Any]:
        state: State = self.replay.game_at(self.step)
        played = state.history[-1] if self.step else None
        effect = played.effect if played is not None else None
        path = [str(sq) for sq in effect.path] if isinstance(effect, Moved) else []
        counts = {}
        for p in PLAYERS:
            own = state.pieces(p)
            counts[p.value] = {"lit": sum(1 for _sq, lit in own if lit),
                               "home": sum(1 for sq, lit in own if lit and sq in EDGE)}
        return {**self.frame(), "step_text": move_text(played, self.names) if played is not None else
                _("Start: the pieces round the edge, all plain."), "last": path, "counts": counts,
                "board": {"cells": boardview.cells(state.position), "near": self.near}}
