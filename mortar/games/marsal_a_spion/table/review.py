"""The review of a finished or imported game: both armies face up (R12: everything is revealed
after the game), stepped through from the setups to the end on one board seen from Red's side,
each step's action drawn and told with both pieces named, and both trays as they stood.

The record is replayed once (:class:`mortar.kit.replay.Replay` keeps snapshots), so a step costs
a few actions whatever the game's length.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mortar.kit.replay import Replay

from ....table.words import _
from ..actions import Attack, Move, Setup
from ..board import PLAYERS, Player, Square
from ..pieces import PIECES, Piece
from ..record import Record
from ..state import State
from .models import TrayModel
from .scene import open_board
from .texts import ARMY, outcome_text, review_step


def display_names(names: Mapping[str, str | None]) -> dict[Player, str]:
    """Each player's name, or their colour when they have none."""
    return {p: names.get(p) or ARMY[p] for p in PLAYERS}


class Review:
    intents = frozenset({"replay", "aid"})

    def __init__(self, record: Record, source: str, replay: Replay[State] | None = None,
                 computer: Mapping[str, str] | None = None) -> None:
        self.record = record
        self.replay = replay if replay is not None else Replay(record)
        self.source = source  # "game" (the game just played here) or "import"
        self.computer = dict(computer or {})  # player -> level, for the game just played
        self.step = len(self.replay)
        self.names = display_names(record.names)

    def handle(self, intent: str, arg: str | None) -> bool:
        if intent != "replay":
            return False  # (no aid to lay over this game's review)
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
        final = self.replay.final
        if final.outcome is None:
            to_play = final.to_play
            return (_("In progress: {name} to play, turn {n}.").format(name=self.names[to_play], n=final.turn)
                    if to_play is not None and final.setups.keys() == set(PLAYERS) else
                    _("In progress: the armies are being set up."))
        return outcome_text(final.outcome, self.names, stuck=PLAYERS[final.turns & 1],
                            limit=final.options.inactivity_limit)

    def export(self) -> tuple[str, str]:
        slug = "-vs-".join(_slug(self.names[p]) for p in PLAYERS)
        return f"marsal-a-spion-{slug}.json", self.record.save()

    def _step_text(self, state: State) -> tuple[str | None, dict[str, list[str]]]:
        if self.step == 0 or not state.history:
            return None, {}
        played = state.history[-1]
        action = played.action
        if isinstance(action, Setup):
            return _("{who} sets up.").format(who=self.names[played.player]), {}
        if isinstance(action, Move | Attack) and played.piece is not None:
            marks = {str(action.start): ["last-from"], str(action.end): ["last-to"]}
            if isinstance(action, Attack):
                marks[str(action.end)].append("last-hit")
            text = review_step(played.player, action, played.piece, played.defender, played.clash,
                               self.names)
            if played.offer_draw:
                text += " " + _("{who} offers a draw.").format(who=self.names[played.player])
            return text, marks
        if state.outcome is not None:
            return outcome_text(state.outcome, self.names, stuck=PLAYERS[state.turns & 1],
                                limit=state.options.inactivity_limit), {}
        return None, {}

    def model(self) -> dict[str, Any]:
        state = self.replay.game_at(self.step)
        step_text, marks = self._step_text(state)
        pieces: dict[Square, tuple[Player, Piece]] = {
            square: (player, piece) for player in PLAYERS for square, piece in state.pieces(player).items()}
        label = _("The board at this step, both armies face up: {red} (Red) at the bottom, {blue} "
                  "(Blue) at the top").format(red=self.names[Player.RED], blue=self.names[Player.BLUE])
        trays: list[TrayModel] = []
        for army in PLAYERS:
            gone = [r.piece for r in state.tray if r.player is army]
            counts = [(p.id, n) for p in PIECES if (n := gone.count(p))]
            trays.append({"army": str(army), "title": _("{name}'s losses").format(name=self.names[army]),
                          "pieces": counts, "count": len(gone)})
        return {
            "source": self.source, "names": {str(p): n for p, n in self.names.items()},
            "outcome_text": self.outcome_text(), "step": self.step, "total": len(self.replay),
            "step_text": step_text, "board": open_board(pieces, marks, label), "trays": trays,
            "classes": ["mas", "mas-review"], **self._moment(),
        }

    def _moment(self) -> dict[str, Any]:
        """The end of the game just played: the fanfare for a person who won, else the lament."""
        if self.source != "game":
            return {}
        winner = self.replay.final.winner
        won = winner is not None and str(winner) not in self.computer
        return {"moment": ("over", str(winner), len(self.replay)),
                "effects": [{"kind": "win", "celebrate": ".outcome"} if won else {"kind": "lose"}]}


def _slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in out:
        out = out.replace("--", "-")
    return out[:20] or "player"
