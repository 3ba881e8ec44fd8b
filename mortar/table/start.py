"""The start form: the players' names, two people or the computer (its level, the person's
side), how two people sit at an open game, the turn model's confirmations, and the game's own
options from its field specs. A change is checked against what the form offers; a new game's
names and table facts are made here, never a word of the page stored as a name."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .kind import FieldSpec, Opponent, Seating, Side, TableFacts


@dataclass
class StartForm:
    names: dict[str, str]
    values: dict[str, str]  # the game's own fields
    opponent: Opponent = Opponent.PERSON
    level: str = "medium"
    side: Side = Side.FIRST
    aid: bool = False
    seating: Seating = Seating.PASSING  # two people at an open game
    confirm: bool = False  # every step confirmed with a button (TableFacts.confirm)
    error: str | None = None
    confirm_replace: bool = False  # "Start" was pressed while a game is saved: ask first

    @classmethod
    def blank(cls, players: tuple[str, str], fields: tuple[FieldSpec, ...],
              levels: tuple[str, ...]) -> StartForm:
        return cls({p: "" for p in players}, {f.name: f.default for f in fields},
                   level=levels[len(levels) // 2] if levels else "")

    def change(self, arg: str, value: str, fields: tuple[FieldSpec, ...], levels: tuple[str, ...],
               aid: FieldSpec | None, curtain: bool) -> bool:
        """A field changed: name-X, opponent, level, side, aid, seating, confirm, or one of the
        game's. False when the form offers no such field or value."""
        specs = {f.name: f for f in fields}
        if arg.startswith("name-") and arg[5:] in self.names:
            self.names[arg[5:]] = value
        elif arg == "opponent" and value in Opponent.__members__.values():
            self.opponent = Opponent(value)
        elif arg == "level" and value in levels:
            self.level = value
        elif arg == "side" and value in Side.__members__.values():
            self.side = Side(value)
        elif arg == "aid" and aid is not None and value in ("on", "off"):
            self.aid = value == "on"
        elif arg == "seating" and not curtain and value in Seating.__members__.values():
            self.seating = Seating(value)
        elif arg == "confirm" and value in ("on", "off"):
            self.confirm = value == "on"
        elif arg in specs and specs[arg].accepts(value):
            self.values[arg] = value
        else:
            return False
        self.error = None
        self.confirm_replace = False
        return True

    def seats(self, players: tuple[str, str], curtain: bool,
              rng: random.Random) -> tuple[dict[str, str | None], TableFacts]:
        """The names given (None: none; the computer is never named) and the table's facts of
        the new game."""
        facts = TableFacts(aid=self.aid, confirm=self.confirm)
        names: dict[str, str | None] = {p: (self.names[p].strip() or None) for p in players}
        if self.opponent is Opponent.COMPUTER:
            first, second = players
            side = self.side if self.side is not Side.RANDOM else rng.choice((Side.FIRST, Side.SECOND))
            person, computer = (first, second) if side is Side.FIRST else (second, first)
            facts.computer = {computer: self.level}
            names = {person: names[first], computer: None}  # one name field: the person's
        elif not curtain:
            facts.seating = self.seating
        return names, facts
