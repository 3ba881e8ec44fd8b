"""Whole setups, ready to use (R4: "fill randomly" and saved setups are conveniences, not rules):
a few named presets, and the setup each person last used on this device.

A *layout* is a setup as its player sees it: the 40 piece ids of the home rows, the front row
(toward the enemy) first, each row from the player's left to right. Red sees column A on the
left and Blue, facing the other way (R1), column J; so one layout serves either colour, and a
layout used as Red can be offered again to the same person playing Blue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ....table.words import _
from ..board import HOME_ROWS, Player, Square
from ..pieces import ARMY, Piece

Layout = str  # 40 ids, space-separated, front row first, left to right as the player sees it

WIDTH = Square.width
DEPTH = len(HOME_ROWS[Player.RED])


def square_at(player: Player, front: int, left: int) -> Square:
    """The home square ``front`` rows back from the front row and ``left`` columns from the
    player's left edge."""
    rows = HOME_ROWS[player]
    if player is Player.RED:  # facing north: the front row is the highest, column A on the left
        return Square(left, rows[-1] - front)
    return Square(WIDTH - 1 - left, rows[0] + front)


def placement_of(player: Player, layout: Layout) -> dict[Square, Piece]:
    """A layout on ``player``'s home rows (ValueError when it is not a whole army)."""
    ids = layout.split()
    if sorted(ids) != sorted(p.id for p in ARMY):
        raise ValueError("a layout holds exactly the 40 pieces of an army")
    return {square_at(player, i // WIDTH, i % WIDTH): Piece.parse(piece) for i, piece in enumerate(ids)}


def layout_of(player: Player, placement: Mapping[Square, Piece]) -> Layout:
    """``player``'s whole setup as a layout (every home square must hold a piece)."""
    return " ".join(placement[square_at(player, i // WIDTH, i % WIDTH)].id
                    for i in range(WIDTH * DEPTH))


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    hint: str
    layout: Layout


def _rows(*rows: str) -> Layout:
    """Four rows of ten letters, front first: M Marshal, G General, C Captain, D Cadet, K
    Corporal, R Rifleman, S Scout, N Miner, Y Spy, X Minefield, F Flag."""
    letters = {"M": "MAR", "G": "GEN", "C": "CPT", "D": "CDT", "K": "CPL", "R": "RFL", "S": "SCT",
               "N": "MIN", "Y": "SPY", "X": "MF", "F": "FLG"}
    return " ".join(letters[c] for row in rows for c in row)


PRESETS: tuple[Preset, ...] = (
    Preset("corner", _("Corner fortress"),
           _("The Flag in a back corner behind Minefields; Scouts lead."),
           _rows("SKSXSRXSKS", "RCDMYGDCRS", "XNKDRNKNSN", "FXNSXRXNXX")),
    Preset("centre", _("Centre fortress"),
           _("The Flag in the middle of the back row, walled in by Minefields."),
           _rows("SXXSNDNXRS", "SCKMSGSCKR", "KNDRXYDRNK", "NXSXFXRXSN")),
    Preset("scouts", _("Scouts ahead"),
           _("Six Scouts in front to find the enemy fast; the Flag in the far corner."),
           _rows("SSRSKKSRSS", "DCXMDGXCDY", "NKRRNSKNXX", "NXNSRNXXXF")),
)


class Remembered:
    """The setup each person last used on this device, by name (or by colour for an unnamed
    player). It is learned from the games saved and loaded here; a new game takes a copy, so
    a game never offers a setup of its own opponent (only of games before it)."""

    KEEP = 8  # names remembered at most, the most recent

    def __init__(self) -> None:
        self.layouts: dict[str, Layout] = {}

    def learn(self, layouts: Mapping[str, Layout]) -> None:
        for key, layout in layouts.items():
            self.layouts.pop(key, None)
            self.layouts[key] = layout  # the most recent last
        while len(self.layouts) > self.KEEP:
            del self.layouts[next(iter(self.layouts))]

    def copy(self) -> dict[str, Layout]:
        return dict(self.layouts)


def person(player: Player, name: str | None) -> str:
    """Whose setup it is: the name as typed (ignoring case and spaces), else the colour."""
    return " ".join(name.casefold().split()) if name else f"#{player}"


def offered_layouts(value: object) -> dict[str, Layout]:
    """Remembered layouts read back from a save; anything that is not one is left out."""
    out: dict[str, Layout] = {}
    if isinstance(value, dict):
        for key, layout in list(value.items())[-Remembered.KEEP:]:
            if isinstance(key, str) and isinstance(layout, str) and len(key) <= 40:
                try:
                    placement_of(Player.RED, layout)
                except ValueError:
                    continue
                out[key] = layout
    return out
