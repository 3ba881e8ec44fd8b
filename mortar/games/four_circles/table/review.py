"""The review of a finished or imported game of Four Circles: the board at each step, fitted to
the tiles as they were, the step's tile move and piece move drawn and said, the winning line."""

from __future__ import annotations

from typing import Any

from ....kit.grid import Cell
from ....kit.turns import PLAYERS
from ....table.board import Window
from ....table.open_kind import OpenReview
from ....table.words import _
from ..actions import Moved, Placed
from ..state import State
from . import boardview
from .texts import move_text


class Review(OpenReview):
    def model(self) -> dict[str, Any]:
        state: State = self.replay.game_at(self.step)
        position = state.position
        played = state.history[-1] if self.step else None
        effect = played.effect if played is not None else None
        path, tile_move = [], []
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
        facts = [_("{name}: {n} marked").format(name=self.names[p.value],
                                                n=sum(1 for _c, pc in position.own(p) if pc.marked))
                 for p in PLAYERS]
        return {**self.frame(), "step_text": move_text(played, self.names) if played is not None else
                _("Start: twenty tiles, no piece yet."), "last": path, "tile_move": tile_move, "facts": facts,
                "board": {"cells": boardview.cells(position.tiles, dict(position.pieces), window, marks),
                          "near": self.near, "window": [window.x0, window.y0, window.width, window.height]}}
