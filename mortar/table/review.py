"""The review of a finished or imported game, for every game of the box: the record replayed
once (:class:`mortar.kit.replay.Replay` keeps snapshots, so a step costs a few actions whatever
the game's length), a cursor stepped through it, the aid overlay switched on and off, the
outcome in words, the fanfare once at the end of a game just played, and the export. The game
draws each step's body (:meth:`GameKind.review`).

An imported file is read here too, for every game: a record of another game of the box is told
apart ("this is a record of Maršál a Špión") from a file that is no record at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Generic

from ..kit.jsontext import JSONValue
from ..kit.protocol import GameRecord
from ..kit.records import RecordError, RecordIllegalError, format_of, load_json
from ..kit.replay import Replay
from ..kit.steps import Steps
from .effects import Fanfare
from .kind import GameKind, ReviewStep, S, SeatT
from .names import Names
from .words import _, game_title

INTENTS = frozenset({"replay", "aid"})


@dataclass(frozen=True)
class ReviewFrame:
    """What the table's review frame draws around the game's body."""

    source: str  # "game": the game just played here; "import": a record opened
    step: int
    total: int
    outcome_text: str
    moment: tuple[object, ...] | None
    fanfare: Fanfare | None
    aid: bool | None  # the aid overlay's switch (None: none to show)


class Review(Generic[S, SeatT]):
    """A finished or imported game stepped through."""

    intents = INTENTS

    def __init__(self, kind: GameKind[S, SeatT], record: GameRecord[S], replay: Replay[S], source: str,
                 names: Names, computer: Mapping[str, str]) -> None:
        self.kind = kind
        self.record = record
        self.replay = replay
        self.source = source
        self.names = names
        self.computer = dict(computer)
        self.step = len(replay)
        self.aid = False  # the overlay of what the computer believed: worked out only while on
        self.cache: dict[str, object] = {}  # the game's own, for the review's life
        players = kind.game.players
        self.near = next((p for p in players if p not in self.computer), players[0])

    def handle(self, intent: str, arg: str | None) -> bool:
        if intent == "aid":
            if not self.computer or arg not in ("on", "off"):
                return False
            self.aid = arg == "on"
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
        return self.kind.outcome_text(self.replay.final, self.names)

    def at(self) -> ReviewStep[S]:
        """The step the cursor is at, for the game to draw."""
        state = self.replay.game_at(self.step)
        history = state.history
        entry = history[-1] if self.step and history else None
        return ReviewStep(state, entry, self.replay.final, self.step, len(self.replay), self.names,
                          self.near, self.computer, self.aid, self.record, self.cache)

    def frame(self) -> ReviewFrame:
        final = self.replay.final
        fanfare = None
        moment: tuple[object, ...] | None = None
        outcome = final.outcome
        if self.source == "game" and outcome is not None:
            won = outcome.winner is not None and str(outcome.winner) not in self.computer
            fanfare = Fanfare(won, ".outcome" if won else None)
            moment = ("over", str(outcome.winner), len(self.replay))
        return ReviewFrame(self.source, self.step, len(self.replay), self.outcome_text(), moment, fanfare,
                           (self.aid if self.computer and self.kind.aid is not None else None))

    def export(self) -> tuple[str, str]:
        """(file name, text): the record, the computer's seats noted in it."""
        self.record.computer = dict(self.computer)
        slug = "-vs-".join(slug_of(self.names[p]) for p in self.kind.game.players)
        return f"{self.kind.game.name}-{slug}.json", self.record.save()


def slug_of(name: str) -> str:
    """A name as a file name's part: ``ann-marie``."""
    out = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in out:
        out = out.replace("--", "-")
    return out[:20] or "player"


def reviewing(kind: GameKind[S, SeatT], text: str | bytes,
              titles: Mapping[str, str]) -> Steps[Review[S, SeatT]]:
    """An imported record read and replayed in steps; ValueError says in words why it cannot be
    reviewed here (another game's record, no record, a broken rule). ``titles``: the box's
    games by name, to name the game a record of another one belongs to."""
    game = kind.game
    try:
        data: JSONValue = load_json(text)
    except RecordError as e:
        raise ValueError(_("That file is not a record of {title}: {reason}.").format(
            title=game_title(game.title), reason=e)) from None
    other = _other_game(data, game.name, titles)
    if other is not None:
        raise ValueError(_("That file is a record of {other}, not of {title}: open it in {other}.").format(
            other=game_title(other), title=game_title(game.title)))
    yield
    try:
        record = game.parse_record(data)
        yield
        replay = yield from Replay.reading(record, states=kind.replaying(record, {}))
    except RecordIllegalError as e:  # (a record shows both sides: its whole reason is said)
        raise ValueError(_("That record breaks a rule, so it cannot be replayed: {reason}.").format(
            reason=e)) from None
    except (RecordError, ValueError) as e:
        raise ValueError(_("That file is not a record of {title}: {reason}.").format(
            title=game_title(game.title), reason=e)) from None
    computer = {p: level for p, level in record.computer.items() if p in game.players}
    names = Names(dict(record.names), kind.sides, frozenset(computer))
    return Review(kind, record, replay, "import", names, computer)


def _other_game(data: JSONValue, name: str, titles: Mapping[str, str]) -> str | None:
    """The title of the game of the box whose record this is, when it is not ``name``'s."""
    try:
        other, _version = format_of(data)
    except RecordError:
        return None
    return None if other == name else titles.get(other)
