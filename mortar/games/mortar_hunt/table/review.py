"""The review of a finished or imported game: step through it on one battlefield (R13: after the
game both pads are shown side by side, and R12 no longer applies).

One board holds both sides' pieces at each step (the board is one coordinate frame, seen from
A's side), every shot's mark, craters, and the shot of the step drawn from the piece that fired
to its target; secret loadout types are shown. With a computer seat, what the computer believed
at that step (its heat map) can be laid over the board.

The record is replayed once (:class:`mortar.replay.Replay` keeps snapshots), so a step costs a
few actions whatever the record's length.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....kit.replay import Replay
from ....table.words import _
from ..actions import Turn
from ..pad import SeatPads
from ..record import Record
from ..rules import PLAYERS, Loadout
from ..state import State
from ..view import player_view
from . import scene
from .padview import PAD_TURNS


class Review:
    intents = frozenset({"replay", "aid"})

    def __init__(self, record: Record, loadout: Loadout, source: str,
                 replay: Replay[State] | None = None, pads: dict[str, SeatPads] | None = None) -> None:
        self.record = record
        record.loadout = loadout
        self.replay = replay or Replay(record)
        self.source = source  # "game" (the game just played) or "import"
        self.step = len(self.replay)
        self.pads = pads if pads is not None else dict(pads_of(self.replay.final))
        self.believing = False  # the overlay of what the computer believed: worked out only when on
        self.names = {str(p): record.names.get(p) or _("Player {player}").format(player=p) for p in PLAYERS}
        for p, level in record.computer.items():  # "Computer (easy)"; a named one "Hal (computer, easy)"
            name = record.names.get(p)
            self.names[p] = (_("Computer ({level})").format(level=level) if not name or name == _("Computer")
                             else _("{name} (computer, {level})").format(name=name, level=level))

    def handle(self, intent: str, arg: str | None) -> bool:
        if intent == "aid":
            if not self.record.computer or arg not in ("on", "off"):
                return False
            self.believing = arg == "on"
            return True
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
        pads = {}
        for p in PLAYERS:
            if p in game.setups:
                pads[str(p)] = self.pads[p].at(self.step, PAD_TURNS).to_data()
        step_text = None
        shot = None
        if self.step > 0:
            played = game.history[self.step - 1]
            step_text = scene.action_text(played, self.names)
            action = played.action
            if isinstance(action, Turn) and action.shot is not None:
                origin = game.position(played.player, action.shot.piece).square
                shot = {"from": str(origin), "at": str(action.shot.at), "hit": bool(played.hit),
                        "player": str(played.player)}
        return {
            "source": self.source, "names": self.names,
            "outcome": scene.outcome_info(final),
            "outcome_text": self.outcome_text(),
            "step": self.step, "total": len(self.replay), "step_text": step_text,
            "turn": game.turn if self.step else 0,
            "board": self._battlefield(game), "shot": shot, "pads": pads,
            "pieces": self._pieces(game),
            "computer": sorted(str(p) for p in self.record.computer),
            "believer": next(iter(self.record.computer), None) if len(game.setups) == 2 else None,
            "belief": self._belief(game) if self.believing else None,
            "classes": ["has-radar", "radar-on"] if self.believing else [],
            **self._moment(final),
        }

    def _moment(self, final: Any) -> dict[str, Any]:
        """The end of the game just played: the fanfare for a person who won, else the lament."""
        if self.source != "game":
            return {}
        winner = final.winner
        won = winner in ("A", "B") and winner not in self.record.computer
        effects = [{"kind": "win", "celebrate": ".outcome"}] if won else [{"kind": "lose"}]
        return {"moment": ("over", winner, len(self.replay)), "effects": effects}

    def _battlefield(self, game) -> dict[str, dict[str, Any]] | None:
        """Both sides on one board: A's view (A's pieces, every shot, craters) with B's pieces
        added as they stand (after the game nothing is secret)."""
        placed = [p for p in PLAYERS if p in game.setups]
        if not placed:
            return None
        first = placed[0]
        cells = scene.turn_board(player_view(game, first), None, self.names)
        for p in placed[1:]:
            for number in (1, 2, 3):  # (its pieces as they stand: no view, whose log is long)
                position, kind = game.position(p, number), game.piece_type(p, number).name
                alive = game.is_alive(p, number)
                square, facing = str(position.square), position.facing.name
                cell = cells[square]
                cell["tokens"].append({"owner": str(p), "number": number, "type": kind,
                                       "facing": facing, "wreck": not alive, "ghost": False,
                                       "faded": False})
                whose = _("{name}'s {piece} {n}").format(name=self.names[p], piece=scene.type_word(kind),
                                                         n=number)
                words = (_("{piece}, facing {facing}").format(piece=whose, facing=scene.facing_word(facing))
                         if alive else _("{piece}, destroyed").format(piece=whose))
                label = cell["label"]
                empty = label == _("{square}, empty").format(square=square) or label == square
                cell["label"] = f"{square}, {words}" if empty else f"{label}, {words}"
        for cell in cells.values():  # the wrecks are drawn as pieces here
            if "enemy-wreck" in cell["marks"]:
                cell["marks"].remove("enemy-wreck")
        return cells

    def _pieces(self, game) -> dict[str, str]:
        """Each side's pieces by type (a secret loadout is revealed after the game)."""
        out = {}
        for p in PLAYERS:
            if p in game.setups:
                out[str(p)] = ", ".join(f"{n} {scene.type_word(game.piece_type(p, n).name)}"
                                        for n in (1, 2, 3))
        return out

    def _belief(self, game) -> dict[str, Any] | None:
        """What the computer believed at this step: its heat map of the enemy's pieces."""
        if not self.record.computer or len(game.setups) < 2:
            return None
        from ..computer import heat_map

        player = next(iter(self.record.computer))
        try:
            heat = heat_map(game.seat(player))
        except Exception:  # a position the belief model cannot explain: no overlay
            return None
        return {"player": str(player),
                "heat": {str(sq): round(p, 3) for sq, p in heat.items() if p >= 0.02}}


def pads_of(final: State) -> Iterator[tuple[str, SeatPads]]:
    """Each placed side's pads, read from the final seat's log once for every step (one side at
    a time: the log of a long game takes a while to read)."""
    for p in PLAYERS:
        if p in final.setups:
            yield str(p), SeatPads(final.seat(p))


def _slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in out:
        out = out.replace("--", "-")
    return out[:20] or "player"
