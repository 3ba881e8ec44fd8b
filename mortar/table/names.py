"""The players' names as the screens say them: the name a person typed, or else a word of the
page in its language — never stored as a person's name, so a language switch or a new game
never carries "You" or "Computer" into a record.

A name is said once, with the side where it helps: ``Ann (Red)`` on a heading, ``Red`` for a
player who gave no name (not ``Red (Red)``), ``Computer (White)`` for the computer's seat.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from ..kit.records import name_key
from .words import _, unbroken


@dataclass(frozen=True)
class Names(Mapping[str, str]):
    """Each player's name in words (a ``Mapping``: ``names["Red"]``), from the names given
    (None: no name) and each player's side in the page's words. ``computer``: the seats the
    computer plays, called "Computer" unless named."""

    given: Mapping[str, str | None]
    sides: Mapping[str, str]
    computer: frozenset[str] = field(default_factory=frozenset)

    def __getitem__(self, player: str) -> str:
        name = self.given.get(player)
        if name:
            return name
        return _("Computer") if player in self.computer else self.sides[player]

    def __iter__(self) -> Iterator[str]:
        return iter(self.sides)

    def __len__(self) -> int:
        return len(self.sides)

    def titled(self, player: str) -> str:
        """The name with its side where the name does not say it: ``Ann (Red)``, ``Red``. The
        side never breaks across lines (``Ann (Player A)`` has a no-break space)."""
        name, side = self[player], self.sides[player]
        return unbroken(side) if name == side else _("{name} ({side})").format(name=name, side=unbroken(side))


def names_refusal(given: Mapping[str, str | None]) -> str | None:
    """Why two players may not go by these names, or None: each curtain and turn says whose it
    is, so two players called alike (ignoring case and spaces) could not tell."""
    named = [n for n in given.values() if n and name_key(n)]
    if len(named) == 2 and name_key(named[0]) == name_key(named[1]):
        return _("Both players are called {name}: two players need two names.").format(name=named[1].strip())
    return None
