"""How a game plugs into the table (:mod:`mortar.ui.table`): the protocol a game implements,
and the table's own facts it saves with the game. Mortar Hunt's is :class:`mortar.ui.hunt.Hunt`;
a second game of the box would implement :class:`GameKind` the same way and reuse the table's
curtain, seats, saves, import/export and review frame unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class SaveError(ValueError):
    """Saved data that cannot be resumed. The message says why in plain words."""


class Draft(Protocol):
    """A person's action being built on their screen; ``model()["kind"]`` names its screen."""

    message: str | None
    finished: bool  # its action is played and the result shown

    def handle(self, intent: str, arg: str | None) -> Any: ...
    def model(self, radar: Any = None) -> dict[str, Any]: ...


class GameKind(Protocol):
    """A game the table can seat. ``game`` values are the kind's own; the table never looks in."""

    app: str  # storage key and file name prefix, embed source
    players: tuple[str, str]
    levels: tuple[str, ...]  # the computer's levels

    def fields(self) -> dict[str, str]: ...  # the start form's game options, as typed
    def set_field(self, fields: dict[str, str], name: str, value: str) -> bool: ...
    def new(self, fields: dict[str, str], names: dict[str, str | None]) -> Any: ...  # ValueError
    def names_refusal(self, names: dict[str, str | None]) -> str | None: ...
    def rematch(self, game: Any) -> Any: ...
    def to_play(self, game: Any) -> str | None: ...
    def stage(self, game: Any) -> str: ...  # "placement" or "turn" for the curtain's words
    def turn(self, game: Any) -> int | None: ...
    def name(self, game: Any, player: str) -> str: ...
    def draft(self, game: Any, player: str) -> Draft: ...
    def apply(self, game: Any, player: str, action: Any, draft: Draft | None) -> dict[str, Any]: ...
    def choose(self, game: Any, player: str, level: str, seed: int) -> Any: ...
    def outcome(self, game: Any) -> dict[str, Any] | None: ...
    def started(self, game: Any) -> dict[str, Any] | None: ...
    def save(self, game: Any, table: TableFacts) -> str: ...
    def load(self, text: str) -> tuple[Any, TableFacts]: ...  # SaveError
    def review(self, text: str | bytes | None, game: Any = None,
               table: TableFacts | None = None) -> Any: ...  # ValueError
    def radar(self, game: Any, player: str) -> Any: ...
    def report(self, game: Any, player: str) -> str | None: ...


@dataclass
class TableFacts:
    """What the table decided that changes no rule: who is the computer, and the radar aid."""

    computer: dict[str, str] = field(default_factory=dict)  # player -> level
    radar: bool = False
