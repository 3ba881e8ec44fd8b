"""What the plug-ins of the open games share: a :class:`~mortar.table.kind.GameKind` built on a
game of the kit's open kind (K0: players who alternate from a starting player, passes, draws and
resigning, records with an envelope whose ``options`` may hold a table's own keys).

A plug-in subclasses :class:`OpenKind` and adds what makes its game itself: its options, its
drafts, its words (``words``: a move said) and its drawing (``screens``: its turn screens and a
review's step). Nothing here names a game: the game's definition is asked through the kit's
protocol (its records, its seats, its computer).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from ..kit.common import AcceptDraw, OfferDraw, Pass, Resign
from ..kit.jsontext import JSONValue
from ..kit.records import COMPUTER_KEY, seats_of
from ..kit.turns import PLAYERS
from .drafts import PlayModel
from .html import El
from .kind import Choice, FieldSpec, KindBase, PublicField, ReviewStep, SaveError, Taps
from .names import Names
from .open_table import DISCS, end_text
from .render import Frame
from .savefile import legacy_names
from .words import _

# The colours are the players' sides (K0), in the page's words.
SIDES = {"Red": _("Red"), "White": _("White")}
SEATING_KEY, CONFIRM_KEY = "seating", "confirm"  # a page before version 3 kept them in the record


def first_field() -> FieldSpec:
    """Who starts: drawn at random (K0), or chosen."""
    return FieldSpec("first", _("Who starts"), "random", (
        Choice("random", _("Drawn at random")),
        *(Choice(p.value, _("{name} starts").format(name=SIDES[p.value])) for p in PLAYERS)))


class Screens(Protocol):
    """An open game's own drawing: its ``views`` module."""

    def render_play(self, model: Any, frame: Frame) -> El: ...
    def render_review(self, step: ReviewStep[Any], frame: Frame) -> El: ...


class MoveWords(Protocol):
    """An open game's words: its ``texts`` module."""

    def move_text(self, played: Any, names: Mapping[str, str]) -> str: ...
    def start_text(self, state: Any) -> str: ...


class OpenKind(KindBase[Any]):
    """A game of the kit's open kind at the table. A subclass sets ``game`` (the game's
    definition), ``fields``, ``rules_url``, ``about``, ``public``, its ``screens`` and ``words``
    modules and ``own_ends``, and implements :meth:`options`, :meth:`draft` and :meth:`taps`."""

    game: Any  # the kit's TurnGame
    screens: Screens
    words: MoveWords
    own_ends: ClassVar[Mapping[str, str]] = {}  # the game's wins in words: "{winner} wins: …"
    sides = SIDES
    symbols = DISCS  # the two-sided discs every open game's pieces are
    curtain = False  # play hides nothing (a game with a secret setup says so in :meth:`hidden`)
    rng = random.Random()  # draws the starting player (K0)

    def options(self, values: Mapping[str, str], first: str) -> Any:
        """The game's options from the start form's ``values`` (ValueError, in words, when one
        is wrong); ``first``: the player who starts."""
        raise NotImplementedError

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> Any:
        first = values.get("first", "random")
        if first not in SIDES:
            first = self.rng.choice(tuple(SIDES))
        return self.game.new(self.options(values, first), dict(names))

    def hidden(self, state: Any) -> bool:
        return False  # everything is public (a game with a secret setup says when it is not)

    def turn(self, state: Any) -> int | None:
        """Each player's first move is turn 1: the numbered actions by twos, from the start."""
        if state.position.setting_up and state.outcome is None:
            return None
        played = sum(1 for entry in state.history if entry.turn)
        return (played + 1) // 2 if state.outcome is not None else played // 2 + 1

    def outcome_text(self, state: Any, names: Names) -> str:
        o = state.outcome
        if o is None:
            return _("In progress: {name} to move.").format(name=names[str(state.to_play)])
        return end_text(o.reason.value, None if o.winner is None else str(o.winner), names, self.own_ends)

    def taps(self, action: object, seat: Any) -> Taps:
        """K0's own actions as the open table's buttons; a draw offered with a move, its toggle
        first; the game's own moves by :meth:`move_taps`."""
        if isinstance(action, Resign):
            return (("resign", None), ("resign-confirm", None))
        if isinstance(action, AcceptDraw):
            return (("accept-draw", None),)
        if isinstance(action, Pass):
            return (("pass", None),)
        if isinstance(action, OfferDraw):
            return (("offer-draw", "on"), *self.move_taps(action.action, seat))
        return self.move_taps(action, seat)

    def move_taps(self, action: Any, seat: Any) -> Taps:
        """The taps of one of the game's own actions (a move, a setup), its confirmation too."""
        raise NotImplementedError

    def embed(self, state: Any, event: str) -> Mapping[str, JSONValue]:
        if event == "game-over" and state.outcome is not None:
            return {"end": state.outcome.reason.value}
        return {}

    def render_play(self, model: PlayModel, frame: Frame) -> El:
        return self.screens.render_play(model, frame)

    def review(self, step: ReviewStep[Any], frame: Frame) -> El:
        return self.screens.render_review(step, frame)

    def step_text(self, step: ReviewStep[Any]) -> str:
        if step.entry is None:
            return self.words.start_text(step.state)
        return self.words.move_text(step.entry, step.names)

    def upgrade(self, data: dict[str, object]) -> dict[str, object]:
        """A save of a page before version 3: the table's keys were in the record's options."""
        record = data.get("record")
        if data.get("version") != 1 or not isinstance(record, dict):
            raise SaveError(_("The saved game has an unknown format."))
        options = record.get("options")
        extra = dict(options) if isinstance(options, dict) else {}
        computer = seats_of(extra.get(COMPUTER_KEY))
        players = record.get("players")
        if isinstance(players, dict):  # its names: a word of the page was stored as one then
            given = {p: e.get("name") for p, e in players.items() if isinstance(e, dict)}
            kept = legacy_names({p: n if isinstance(n, str) else None for p, n in given.items()}, computer,
                                (_("You"), _("Computer"), "You", "Computer"))
            record = {**record, "players": {p: {"name": n} for p, n in kept.items() if n}}
        table = {"computer": dict(computer), "seating": extra.get(SEATING_KEY, "passing"),
                 "confirm": extra.get(CONFIRM_KEY) is True}
        return {"app": data["app"], "version": 3, "record": record, "table": table,
                "form": self.form_of(record)}

    def form_of(self, record: Mapping[str, JSONValue]) -> dict[str, str]:
        """The start form's values a recorded game began with (a save before version 3)."""
        first = record.get("first")
        return {"first": first} if isinstance(first, str) else {}


def public_end(endings: Any) -> dict[str, dict[str, PublicField]]:
    """The embed fields of an open game's end: the record's word for how it ended."""
    return {"game-over": {"end": PublicField(tuple(e.value for e in endings), required=True)}}
