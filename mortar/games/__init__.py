"""The games of the box, one package each, and the registry that imports a game only when it
is asked for (a page loads only the game being played).

Each entry names its package; the package exports ``GAME``, its :class:`mortar.kit.protocol.
GameDef`. Nothing here imports a game until :func:`load` is called. Records name their game in
``format`` ("mortar-hunt/1"): the registry's names are those.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..kit.protocol import AnyGame
    from ..table.kind import AnyKind


@dataclass(frozen=True)
class Entry:
    """A game of the box as the picker and the registry know it, before it is loaded."""

    name: str  # "mortar-hunt": its address, save slot, record format and archive
    title: str
    blurb: str  # one line for the picker
    authors: str
    package: str  # the Python package that exports GAME (and, in .table, its table plug-in)
    seated: bool = True  # it has its table plug-in: the picker lists it (else the CLI only)


ENTRIES: tuple[Entry, ...] = (
    Entry("mortar-hunt", "Mortar Hunt", "Hide three mortars, move one a turn, and shell the enemy "
          "half blind.", "Predrag and Dragan Lazović", "mortar.games.mortar_hunt"),
    Entry("marsal-a-spion", "Maršál a Špión", "Forty hidden pieces a side; the attacker stays "
          "hidden, and the Spy hunts the Marshal.", "Czechoslovak, after Stratego",
          "mortar.games.marsal_a_spion"),
    Entry("hopper-and-sneaker", "Hopper and Sneaker", "Sneakers step, Hoppers jump, and each turns "
          "into the other: bring all six home.", "Steffen Mühlhäuser", "mortar.games.hopper_and_sneaker"),
    Entry("enlightenment", "Enlightenment", "Reach the empty centre or jump an enlightened piece, "
          "then bring all eight to the edge.", "Steffen Mühlhäuser", "mortar.games.enlightenment"),
    Entry("four-circles", "Four Circles", "Move the tiles, jump to flip, and line up four marked "
          "pieces on a board that drifts.", "Steffen Mühlhäuser", "mortar.games.four_circles"),
)

_extra: dict[str, Entry] = {}  # games registered at run time (the tests' own game)


class UnknownGameError(LookupError):
    """No game of the box has this name."""


def entries() -> tuple[Entry, ...]:
    return (*ENTRIES, *_extra.values())


def entry(name: str) -> Entry:
    for e in entries():
        if e.name == name:
            return e
    raise UnknownGameError(f"there is no game called {name!r} in the box "
                           f"({', '.join(e.name for e in entries())})")


def register(extra: Entry) -> None:
    """Add a game at run time (tests: the box's test-only game)."""
    _extra[extra.name] = extra


def load(name: str) -> AnyGame:
    """The game's :class:`~mortar.kit.protocol.GameDef`, importing its package now."""
    game: AnyGame = importlib.import_module(entry(name).package).GAME
    return game


def table(name: str) -> AnyKind:
    """The game's table plug-in (:class:`mortar.table.kind.GameKind`), importing it now."""
    kind: AnyKind = importlib.import_module(entry(name).package + ".table").KIND
    return kind


def by_format(record_format: str) -> AnyGame | None:
    """The game a record of ``record_format`` ("mortar-hunt/1") belongs to, or None."""
    name = record_format.partition("/")[0]
    try:
        return load(name)
    except UnknownGameError:
        return None


def names() -> list[str]:
    return [e.name for e in entries()]
