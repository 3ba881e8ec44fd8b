"""What the plug-ins of the open games share: a :class:`~mortar.table.kind.GameKind` built on a
game of the kit's open-game kind (K0: players who alternate from a starting player, passes,
draws and resigning, records with an envelope whose ``options`` may hold the table's own keys),
and the review's stepping.

A plug-in subclasses :class:`OpenKind` and :class:`OpenReview` and adds what makes its game
itself: its options, its drafts, its words and its drawing. Nothing here names a game: the
game's definition is asked through the kit's protocol (its record, its seats, its computer).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any, ClassVar, Protocol

from ..kit.jsontext import JSONTextError, loads
from ..kit.protocol import Computer
from ..kit.records import RecordError, RecordIllegalError, load_json, names_refusal
from ..kit.replay import Replay
from ..kit.steps import Steps, last_of
from .html import El
from .kind import Applied, Choice, FieldSpec, PublicField, SaveError, Seating, Stage, TableFacts
from .open_table import DISCS, end_text
from .words import _

VERSION = 1  # of the save around the record
NAME_LONGEST = 24  # the records' longest name (RECORD.md)
# The table's own keys under a record's ``options`` (RECORD.md lets a table keep them there):
# the computer's seats and how two people sat.
COMPUTER_KEY, SEATING_KEY, CONFIRM_KEY = "computer", "seating", "confirm"
TABLE_KEYS = (COMPUTER_KEY, SEATING_KEY, CONFIRM_KEY)  # the table's facts in a record's options


def first_field(players: tuple[str, str], names: Mapping[str, str]) -> FieldSpec:
    """Who starts: drawn at random (K0), or chosen."""
    return FieldSpec("first", _("Who starts"), "random", (
        Choice("random", _("Drawn at random")),
        *(Choice(p, _("{name} starts").format(name=names[p])) for p in players)))


class Screens(Protocol):
    """An open game's own drawing: its ``views`` module."""

    def render_play(self, model: Mapping[str, Any]) -> El: ...
    def render_review(self, model: Mapping[str, Any]) -> El: ...


class MoveWords(Protocol):
    """An open game's words for a played action: its ``texts`` module."""

    def move_text(self, played: Any, names: Mapping[str, str]) -> str: ...


class OpenKind:
    """A game of the kit's open kind at the table. A subclass sets ``game`` (the game's
    definition), ``title``, ``fields``, ``rules_url``, ``about``, ``public``, ``intents``, and
    its own modules and review (``screens``, ``words``, ``review_type``), and implements
    :meth:`options`, :meth:`draft` and :meth:`started`."""

    game: Any  # the kit's GameDef of an open game
    screens: Screens  # the game's views module: its screens of play and review
    words: MoveWords  # the game's texts module: a move in words
    review_type: type[OpenReview]  # its review of a record
    own_ends: ClassVar[Mapping[str, str]] = {}  # the game's wins in words: "{winner} wins: …"
    curtain = False  # play hides nothing (a game with a secret setup says so in :meth:`hidden`)
    aid: FieldSpec | None = None
    symbols: El | None = DISCS
    name_max = NAME_LONGEST
    rng = random.Random()  # draws the starting player (K0)

    @property
    def name(self) -> str:
        return str(self.game.name)

    @property
    def players(self) -> tuple[str, str]:
        first, second = self.game.players
        return str(first), str(second)

    @property
    def levels(self) -> tuple[str, ...]:
        return tuple(self.game.levels)

    @property
    def default_names(self) -> dict[str, str]:
        return {p: p for p in self.players}  # (Red and White: the colours are the names)

    # --- a new game ----------------------------------------------------------------------

    def options(self, values: Mapping[str, str], first: str) -> Any:
        """The game's options from the start form's ``values`` (ValueError, in words, when one
        is wrong); ``first``: the player who starts."""
        raise NotImplementedError

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> Any:
        first = values.get("first", "random")
        if first not in self.players:
            first = self.rng.choice(self.players)
        return self.game.new(self.options(values, first), dict(names))

    def names_refusal(self, names: Mapping[str, str | None]) -> str | None:
        return names_refusal(names)

    def rematch(self, state: Any) -> Any:
        # the same players and options; the other player starts this time
        options = state.options
        other = next(p for p in self.players if p != str(options.first))
        return self.game.new(replace(options, first=other, extra={}), dict(state.names))

    # --- the game as it stands -------------------------------------------------------------

    def to_play(self, state: Any) -> str | None:
        return None if state.to_play is None else str(state.to_play)

    def hidden(self, state: Any) -> bool:
        return False  # everything is public (a game with a secret setup says when it is not)

    def stage(self, state: Any) -> Stage:
        return Stage.SETUP if state.position.setting_up and state.outcome is None else Stage.PLAY

    def turn(self, state: Any) -> int | None:
        """The numbered turn being played (or the last one, once over); None while setting up."""
        if self.stage(state) is Stage.SETUP:
            return None
        return len(state.history) + (0 if state.outcome is not None else 1)

    def player_name(self, state: Any, player: str) -> str:
        return str(state.names.get(player) or self.default_names[player])

    def names_of(self, state: Any) -> dict[str, str]:
        return {p: self.player_name(state, p) for p in self.players}

    def seat(self, state: Any, player: str) -> Any:
        return state.seat(player)

    def computer(self, level: str, seed: int) -> Computer:
        computer: Computer = self.game.computer(level, seed)
        return computer

    def last_played(self, state: Any) -> Any:
        """The last numbered turn played (public, in an open game: the screens draw it), or None."""
        return state.history[-1] if state.history else None

    def move_text(self, played: Any, names: Mapping[str, str]) -> str:
        """One played action (a history entry) in words, for the live region and the review."""
        return self.words.move_text(played, names)

    def report(self, state: Any, player: str) -> str | None:
        played = self.last_played(state)
        if played is None or str(played.player) == player:
            return None
        return self.move_text(played, self.names_of(state))

    def apply(self, state: Any, player: str, action: Any, draft: Any) -> Applied:
        setting_up = state.position.setting_up
        played = state.apply(action)
        if setting_up:  # a setup: no numbered turn; play begins once both are done
            return {"turn": 0, "started": not state.position.setting_up, "next": True}
        over = state.outcome is not None
        text = self.outcome_text(state) if over else self.move_text(played, self.names_of(state))
        return {"turn": played.turn, "started": played.turn == 1 and not state.setups, "ended": over,
                "text": text, "next": True}

    def outcome(self, state: Any) -> dict[str, Any] | None:
        o = state.outcome
        if o is None:
            return None
        return {"winner": o.result, "turns": o.turns, "end": o.reason.value}

    def outcome_text(self, state: Any) -> str:
        o = state.outcome
        if o is None:
            return _("The game is not over.")
        return end_text(o.reason.value, None if o.winner is None else str(o.winner), self.names_of(state),
                        self.own_ends)

    def started(self, state: Any) -> dict[str, Any]:
        return {}

    def aid_model(self, state: Any, player: str) -> Any:
        return None

    def warm_up(self) -> Iterator[None]:
        return iter(())

    # --- saves and records -------------------------------------------------------------------

    def record(self, state: Any, facts: TableFacts) -> Any:
        """The game's record, the table's facts kept under its ``options`` (RECORD.md)."""
        record = self.game.record(state)
        extra = {k: v for k, v in state.options.extra.items() if k not in TABLE_KEYS}
        if facts.computer:
            extra[COMPUTER_KEY] = dict(facts.computer)
        if facts.seating is not Seating.PASSING:
            extra[SEATING_KEY] = facts.seating.value
        if facts.confirm:
            extra[CONFIRM_KEY] = True
        record.options = replace(record.options, extra=extra)
        return record

    def save(self, state: Any, facts: TableFacts) -> str:
        data = {"app": self.name, "version": VERSION, "record": self.record(state, facts).to_json()}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def loading(self, text: str) -> Steps[tuple[Any, TableFacts]]:
        try:
            data = loads(text)  # linear, depth-checked: no saved text can hang the page
        except JSONTextError:
            raise SaveError(_("The saved game is damaged (not valid JSON).")) from None
        if not isinstance(data, dict) or data.get("app") != self.name:
            raise SaveError(_("The saved data does not belong to this game."))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise SaveError(_("The saved game has an unknown format."))
        if version > VERSION:
            raise SaveError(_("The saved game comes from a newer version of this page."))
        yield
        try:
            record = self.game.parse_record(data.get("record"))
            yield
            state = yield from last_of(record.replaying())
        except RecordIllegalError as e:
            raise SaveError(_("The saved game breaks a rule ({reason}).").format(reason=e.public_message)) \
                from None
        except (RecordError, ValueError):
            raise SaveError(_("The saved game is damaged (it is not a whole game record).")) from None
        return state, self.facts_of(record)

    def facts_of(self, record: Any) -> TableFacts:
        """The table's facts kept in a record (what a level or seating it does not know is
        taken as none)."""
        extra = record.options.extra
        computer = extra.get(COMPUTER_KEY)
        seats = {}
        if isinstance(computer, dict):
            seats = {p: lv for p, lv in computer.items() if p in self.players and lv in self.levels}
        seating = extra.get(SEATING_KEY)
        return TableFacts(seats, False, Seating(seating) if seating in Seating.__members__.values()
                          else Seating.PASSING, confirm=extra.get(CONFIRM_KEY) is True)

    def make_review(self, record: Any, replay: Replay[Any], source: str) -> Any:
        return self.review_type(self, record, replay, source)

    def render_play(self, model: Mapping[str, Any]) -> El:
        return self.screens.render_play(model)

    def render_review(self, model: Mapping[str, Any]) -> El:
        return self.screens.render_review(model)

    def review(self, state: Any, facts: TableFacts) -> Any:
        record = self.record(state, facts)
        return self.make_review(record, Replay(record), "game")

    def reviewing(self, text: str | bytes) -> Steps[Any]:
        try:
            data = load_json(text)
            yield
            record = self.game.parse_record(data)
            yield
            replay = yield from Replay.reading(record)
        except RecordIllegalError as e:
            raise ValueError(_("That record breaks a rule, so it cannot be replayed: {reason}.").format(
                reason=e.public_message)) from None
        except (RecordError, ValueError) as e:
            raise ValueError(_("That file is not a record of {title}: {reason}.").format(
                title=self.game.title, reason=e)) from None
        return self.make_review(record, replay, "import")


class OpenReview:
    """A finished or imported game stepped through: the step, the names (a computer's seat
    said so), the record's export. A subclass adds its ``model``."""

    intents = frozenset({"replay", "aid"})

    def __init__(self, kind: OpenKind, record: Any, replay: Replay[Any], source: str) -> None:
        self.kind = kind
        self.record = record
        self.replay = replay
        self.source = source  # "game" (just played here) or "import"
        self.step = len(replay)
        facts = kind.facts_of(record)
        computer = self.computer = facts.computer
        # the side drawn at the bottom: the person's against the computer, else the first player's
        self.near = facts.near(kind.players[0], kind.players)
        self.names = {p: str(record.names.get(p) or kind.default_names[p]) for p in kind.players}
        for p, level in computer.items():
            self.names[p] = _("{name} (computer, {level})").format(name=self.names[p], level=level)

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
        final = self.replay.final
        if final.outcome is None:
            return _("In progress: {name} to move.").format(name=self.names[str(final.to_play)])
        o = final.outcome
        return end_text(o.reason.value, None if o.winner is None else str(o.winner), self.names,
                        self.kind.own_ends)

    def export(self) -> tuple[str, str]:
        slug = "-vs-".join(_slug(self.record.names.get(p) or p) for p in self.kind.players)
        return f"{self.kind.name}-{slug}.json", str(self.record.save())

    def frame(self) -> dict[str, Any]:
        """What the table's review frame reads, and its moment: the end of the game just played
        (the fanfare for a person who won; one moment at every step, so stepping plays it once)."""
        final = self.replay.final
        out: dict[str, Any] = {"source": self.source, "names": self.names, "step": self.step,
                               "total": len(self.replay), "outcome_text": self.outcome_text(),
                               "pad": False}  # (one board, no pads: no Board and Pad tabs)
        if self.source == "game" and final.outcome is not None:
            winner = final.outcome.winner
            won = winner is not None and str(winner) not in self.computer
            out["moment"] = ("over", str(winner), len(self.replay))
            out["effects"] = [{"kind": "win", "celebrate": ".outcome"}] if won else [{"kind": "lose"}]
        return out


def public_end(endings: Any) -> dict[str, dict[str, PublicField]]:
    """The embed fields of an open game's end: the record's word for how it ended."""
    return {"game-over": {"end": PublicField(tuple(e.value for e in endings), required=True)}}


def _slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in out:
        out = out.replace("--", "-")
    return out[:20] or "player"
