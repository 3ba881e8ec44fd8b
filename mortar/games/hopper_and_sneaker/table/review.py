"""The review of a finished or imported game of Hopper and Sneaker: the board at each step, the
step's move drawn and said, how many pieces each side has home."""

from __future__ import annotations

from typing import Any

from ....kit.turns import PLAYERS
from ....table.open_kind import OpenReview
from ....table.words import _
from ..actions import Moved
from ..board import TARGET
from ..state import State
from . import boardview
from .texts import move_text


class Review(OpenReview):
    def model(self) -> dict[str, Any]:
        state: State = self.replay.game_at(self.step)
        played = state.history[-1] if self.step else None
        effect = played.effect if played is not None else None
        path = [str(effect.frm), str(effect.to)] if isinstance(effect, Moved) else []
        step_text = move_text(played, self.names) if played is not None else (
            _("Start: the pieces as arranged.") if state.setups else _("Start."))
        facts = []
        for p in PLAYERS:
            home = sum(1 for sq in TARGET[p] if (pc := state.at(sq)) is not None and pc.player is p)
            facts.append(_("{name}: {n} of 6 home").format(name=self.names[p.value], n=home))
        return {**self.frame(), "step_text": step_text, "last": path, "facts": facts,
                "board": {"cells": boardview.cells(state.position), "near": self.near}}
