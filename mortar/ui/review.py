"""The review of a finished or imported game: step through it, both sides shown (R13: after the
game both pads are shown side by side, and R12 no longer applies).

The record is replayed once (:class:`mortar.replay.Replay` keeps snapshots), so a step costs a
few actions whatever the record's length.
"""

from __future__ import annotations

from typing import Any

from ..pad import pad_for
from ..record import Record
from ..replay import Replay
from ..rules import PLAYERS, Loadout
from ..view import player_view
from . import scene


class Review:
    def __init__(self, record: Record, loadout: Loadout, source: str) -> None:
        self.record = record
        self.replay = Replay(record, loadout)
        self.source = source  # "game" (the game just played) or "import"
        self.step = len(self.replay)
        self.names = {str(p): record.names.get(p) or f"Player {p}" for p in PLAYERS}
        for p, level in record.computer.items():
            self.names[p] = f"{self.names[p]} ({level} computer)" if record.names.get(p) else \
                f"Computer ({level})"

    def handle(self, intent: str, arg: str | None) -> bool:
        if intent != "replay":
            return False
        last = len(self.replay)
        step = {"first": 0, "prev": self.step - 1, "next": self.step + 1, "last": last}.get(arg or "")
        if step is None:
            try:
                step = int(arg or "")
            except ValueError:
                return False
        self.step = max(0, min(last, step))
        return True

    def outcome_text(self) -> str:
        return scene.outcome_text(self.replay.final, self.names)

    def export(self) -> tuple[str, str]:
        slug = "-vs-".join(_slug(self.names[p]) for p in PLAYERS)
        return f"mortar-hunt-{slug}.json", self.record.save()

    def model(self) -> dict[str, Any]:
        game = self.replay.game_at(self.step)
        final = self.replay.final
        boards, pads = {}, {}
        for p in PLAYERS:
            if p in game.setups:
                boards[str(p)] = scene.review_board(player_view(game, p), self.names)
                pads[str(p)] = pad_for(game, p).to_data()
        step_text = None
        if self.step > 0:
            step_text = scene.action_text(game.history[self.step - 1], self.names)
        return {
            "source": self.source, "names": self.names,
            "outcome": scene.outcome_info(final),
            "outcome_text": self.outcome_text(),
            "step": self.step, "total": len(self.replay), "step_text": step_text,
            "turn": game.turn if self.step else 0,
            "boards": boards, "pads": pads,
        }


def _slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in out:
        out = out.replace("--", "-")
    return out[:20] or "player"
