"""Maršál a Špión at the table: the :class:`mortar.table.kind.GameKind` it plugs in.

What the game-free table needs of it: the start form's options (the inactivity limit, the
memory and deduction aids of R14) as field specs, the drafts built from a seat (:mod:`.setup`,
:mod:`.turn`), the computer player (the game definition's, given a seat), the save's text
around the record, the review of a finished or imported game, and its screens' drawing.

The game at the table is a :class:`Match`: the rules' state, and the setups this device offers
its players from earlier games (the last setup each person used here, R4's "saved setups").
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ....kit.common import AcceptDraw, Resign
from ....kit.envelope import NAME_LONGEST
from ....kit.jsontext import JSONTextError, loads
from ....kit.protocol import Computer
from ....kit.records import NewerFormatError, RecordError, RecordIllegalError, names_refusal
from ....kit.replay import Replay
from ....kit.steps import Steps, finish, last_of
from ....table.html import El
from ....table.kind import Applied, Choice, FieldSpec, PublicField, SaveError, Stage, TableFacts
from ....table.words import _, ngettext
from ..actions import Setup
from ..board import PLAYERS, Player
from ..game import GAME
from ..record import Record, parse
from ..record import loads as load_record
from ..rules import INACTIVITY_LIMIT, Options, Phase, Termination
from ..seat import Seat
from ..state import State
from .layouts import Layout, Remembered, layout_of, offered_layouts, person
from .parts import SYMBOLS
from .review import Review
from .setup import SetupDraft
from .texts import ARMY
from .turn import TurnDraft, report_of
from .views import render_play, render_review

VERSION = 1  # of the save payload around the record
LIMIT_MAX = 1000  # the longest inactivity limit the start form takes


@dataclass
class Match:
    """The game at this table: the rules' state, and the layouts this device offers from earlier
    games, by person (:func:`.layouts.person`). A copy taken when the game began: the game never
    offers anything of its own (its opponent's setup least of all)."""

    state: State
    offered: dict[str, Layout] = field(default_factory=dict)


def _on_off(name: str, legend: str, default: str, on: str, off: str) -> FieldSpec:
    return FieldSpec(name, legend, default, (Choice("on", on), Choice("off", off)))


FIELDS = (
    FieldSpec("limit", _("Inactivity limit"), "standard", (
        Choice("standard", ngettext("{n} turn", "{n} turns", INACTIVITY_LIMIT).format(n=INACTIVITY_LIMIT),
               ngettext("A draw after {n} turn without an attack.",
                        "A draw after {n} turns in a row without an attack.",
                        INACTIVITY_LIMIT).format(n=INACTIVITY_LIMIT)),
        Choice("off", _("None"), _("Play until a flag falls, a draw is agreed or nobody can move.")),
        Choice("custom", _("Custom")))),
    FieldSpec("custom-limit", _("Turns without an attack"), str(INACTIVITY_LIMIT), low=1, high=LIMIT_MAX,
              shown_when=("limit", "custom")),
    _on_off("memory", _("Memory aid"), "on",
            _("On: enemy pieces you have seen keep their rank on your board"),
            _("Off: remember them yourself")),
    _on_off("deduction", _("Deduction aid"), "off",
            _("On: enemy pieces that moved, ran like a Scout or beat one of yours are marked"),
            _("Off: work it out yourself")),
)


class MarsalASpionKind:
    name = GAME.name
    title = GAME.title
    players: tuple[str, str] = (str(Player.RED), str(Player.BLUE))
    default_names = {str(p): ARMY[p] for p in PLAYERS}
    name_max = NAME_LONGEST
    levels = GAME.levels
    curtain = True
    fields = FIELDS
    aid = None  # the aids are options of the game itself (R14), in the record
    intents = SetupDraft.intents | TurnDraft.intents | Review.intents
    public = {"game-started": {"inactivity_limit": PublicField(count=True, nullable=True)},
              "game-over": {"reason": PublicField(tuple(t.value for t in Termination))}}
    rules_url = "./mortar/games/marsal_a_spion/static/rules.html"
    symbols = SYMBOLS
    about = _("Maršál a Špión, the Czechoslovak game of hidden ranks. This browser version plays "
              "by the box's reading of its rules; it runs entirely on this device.")

    def __init__(self) -> None:
        self.rng = random.Random()  # "fill at random"
        self.remembered = Remembered()  # the setups of the games saved and loaded on this device

    # --- a new game --------------------------------------------------------------------------

    def _options(self, values: Mapping[str, str]) -> Options:
        limit: int | None = INACTIVITY_LIMIT
        if values.get("limit") == "off":
            limit = None
        elif values.get("limit") == "custom":
            text = values.get("custom-limit", "").strip()
            if not text.isdigit() or not 1 <= int(text) <= LIMIT_MAX:
                raise ValueError(_("The inactivity limit must be a whole number from 1 to {high}.").format(
                    high=LIMIT_MAX))
            limit = int(text)
        return Options(limit, memory_aid=values.get("memory", "on") == "on",
                       deduction_aid=values.get("deduction", "off") == "on")

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> Match:
        return Match(GAME.new(self._options(values), names), self.remembered.copy())

    def names_refusal(self, names: Mapping[str, str | None]) -> str | None:
        return names_refusal(names)

    def rematch(self, match: Match) -> Match:
        # the other person plays Red (and moves first) this time: the names swap colours
        names = match.state.names
        swapped = {str(Player.RED): names[Player.BLUE], str(Player.BLUE): names[Player.RED]}
        return Match(State(match.state.options, swapped), self.remembered.copy())

    # --- the game as it stands -----------------------------------------------------------------

    def to_play(self, match: Match) -> str | None:
        player = match.state.to_play
        return None if player is None else str(player)

    def stage(self, match: Match) -> Stage:
        return Stage.SETUP if match.state.phase is Phase.SETUP else Stage.PLAY

    def turn(self, match: Match) -> int | None:
        return match.state.turn if match.state.phase is not Phase.SETUP else None

    def player_name(self, match: Match, player: str) -> str:
        return match.state.names.get(Player(player)) or self.default_names[player]

    def _names(self, match: Match) -> dict[Player, str]:
        return {p: self.player_name(match, p) for p in PLAYERS}

    def seat(self, match: Match, player: str) -> Seat:
        return match.state.seat(player)

    def draft(self, match: Match, player: str, facts: TableFacts) -> SetupDraft | TurnDraft:
        seat = match.state.seat(player)
        names = self._names(match)
        if seat.phase is Phase.SETUP:
            last = match.offered.get(person(seat.player, match.state.names[seat.player]))
            return SetupDraft(seat, names, last, self.rng)
        return TurnDraft(seat, names)

    def report(self, match: Match, player: str) -> str | None:
        """The news at the start of a turn, for the live region: the last enemy action."""
        if match.state.phase is not Phase.PLAY:
            return None
        seat = match.state.seat(player)
        report = report_of(seat, self.player_name(match, str(seat.opponent)))
        if report is None:
            return None
        return _("Turn {n}:").format(n=report["turn"]) + " " + report["text"]

    def apply(self, match: Match, player: str, action: Any, draft: Any) -> Applied:
        state = match.state
        if isinstance(action, Setup):
            state.apply(action)
            return {"turn": 0, "started": state.phase is not Phase.SETUP, "next": True}
        played = state.apply(action)
        ended = state.outcome is not None
        if isinstance(action, Resign | AcceptDraw):
            return {"turn": played.turn, "ended": ended, "next": True}
        text = None
        if isinstance(draft, TurnDraft):
            draft.played(state.seat(player))
            text = draft.result_text()
        return {"turn": played.turn, "ended": ended, "text": text}

    def computer(self, level: str, seed: int) -> Computer:
        return GAME.computer(level, seed)

    def warm_up(self) -> Iterator[None]:
        return iter(())

    def outcome(self, match: Match) -> dict[str, Any] | None:
        outcome = match.state.outcome
        if outcome is None:
            return None
        winner = "draw" if outcome.winner is None else str(outcome.winner)
        return {"winner": winner, "turns": outcome.turns, "reason": outcome.reason.value}

    def started(self, match: Match) -> dict[str, Any]:
        return {"inactivity_limit": match.state.options.inactivity_limit}

    def aid_model(self, match: Match, player: str) -> None:
        return None  # the aids are drawn from the seat itself (R14)

    # --- saves and records -----------------------------------------------------------------------

    def _learn(self, match: Match, computer: Mapping[str, str]) -> None:
        """Remember the setups the people of this game used: never the computer's, and between
        two people only once the game is over (R13: until then a setup is its player's secret,
        and a new game started under that player's name must not bring it back to the screen)."""
        layouts = dict(match.offered)
        state = match.state
        if computer or state.outcome is not None:
            for player, setup in state.setups.items():
                if str(player) not in computer:
                    layouts[person(player, state.names[player])] = layout_of(player, setup.placement())
        self.remembered.learn(layouts)

    def save(self, match: Match, facts: TableFacts) -> str:
        self._learn(match, facts.computer)
        data = {"app": self.name, "version": VERSION, "computer": dict(facts.computer),
                "record": Record.from_state(match.state).to_json(), "offered": match.offered}
        if facts.confirm:
            data["confirm"] = True  # every step confirmed with a button (older pages ignore it)
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def hidden(self, match: Match) -> bool:
        return True  # both armies, all game long

    def loading(self, text: str) -> Steps[tuple[Match, TableFacts]]:
        match, facts = yield from loading_save(text)
        self._learn(match, facts.computer)
        return match, facts

    def review(self, match: Match, facts: TableFacts) -> Review:
        return Review(Record.from_state(match.state), "game", computer=facts.computer)

    def reviewing(self, text: str | bytes) -> Steps[Review]:
        try:
            record = load_record(text)
            yield
            replay = yield from Replay.reading(record)
        except RecordIllegalError as e:
            raise ValueError(_("That record breaks a rule, so it cannot be replayed: {reason}.").format(
                reason=e.public_message)) from None
        except RecordError as e:
            raise ValueError(_("That file is not a Maršál a Špión record: {reason}.").format(
                reason=e)) from None
        return Review(record, "import", replay)

    # --- drawing ----------------------------------------------------------------------------------

    def render_play(self, model: Mapping[str, Any]) -> El:
        return render_play(model)

    def render_review(self, model: Mapping[str, Any]) -> El:
        return render_review(model)


KIND = MarsalASpionKind()


def load_save(text: str) -> tuple[Match, TableFacts]:
    """Replay a saved payload; :class:`SaveError` says in plain words why it cannot be used,
    quoting nothing of either army."""
    return finish(loading_save(text))


def loading_save(text: str) -> Steps[tuple[Match, TableFacts]]:
    """:func:`load_save` in steps (a long game is replayed a slice at a time)."""
    try:
        data = loads(text)  # linear, depth-checked: no saved text can hang or crash the page
    except JSONTextError:
        raise SaveError(_("The saved game is damaged (not valid JSON).")) from None
    if not isinstance(data, dict) or data.get("app") != MarsalASpionKind.name:
        raise SaveError(_("The saved data does not belong to this game."))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(_("The saved game has an unknown format."))
    if version > VERSION:
        raise SaveError(_("The saved game comes from a newer version of this game."))
    computer = data.get("computer")
    if not isinstance(computer, dict) or not all(
            p in MarsalASpionKind.players and level in GAME.levels for p, level in computer.items()):
        raise SaveError(_("The saved game names a computer level this version does not have."))
    yield
    try:
        record = parse(data.get("record"))
        yield
        state = yield from last_of(record.replaying())
    except RecordIllegalError as e:
        raise SaveError(_("The saved game breaks a rule ({reason}).").format(
            reason=e.public_message)) from None
    except NewerFormatError:
        raise SaveError(_("The saved game comes from a newer version of this game.")) from None
    except (RecordError, ValueError):
        raise SaveError(_("The saved game is damaged (it is not a whole game record).")) from None
    return (Match(state, offered_layouts(data.get("offered"))),
            TableFacts(dict(computer), confirm=data.get("confirm") is True))
