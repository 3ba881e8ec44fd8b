"""Words of what to do now that name a thing on the screen (issue 28: every hint names only what
is on the screen): a :class:`Hint` is the words and what they point at, made together where the
words are made, so that the two cannot drift apart. Where the words are drawn they carry what
they point at (``data-points``: CSS selectors within the game's screen, ``;`` between two
things named); the layout walk (e2e/walk.py) checks on every screen that each is shown.
"""

from __future__ import annotations

# What a hint points at: the squares a game's draft marks (the board's cells carry the marks as
# classes). A game's own controls and marks are named in its plug-in.
MOVABLE = ".sq.movable"  # a piece that may move (picked first)
CHOICE = ".sq.choice"  # where the picked piece (or tile) may go, or a free tile to place on
DEST = ".sq.dest"  # where the picked piece may move (a hidden game: steps apart from attacks)
TARGET = ".sq.target"  # where a shot or an attack may land
DEST_OR_TARGET = f"{DEST}, {TARGET}"  # a move or an attack, either


class Hint(str):
    """Words shown to a player (a ``str``, drawn as any) that name things on the screen:
    :attr:`points`, the selectors of each thing named (each must be shown)."""

    points: tuple[str, ...]

    def __new__(cls, words: str, *points: str) -> Hint:
        made = super().__new__(cls, words)
        made.points = points
        return made


def points_of(text: object) -> str | None:
    """The ``data-points`` of words drawn: what a :class:`Hint` names, else None (no attribute)."""
    return ";".join(text.points) if isinstance(text, Hint) and text.points else None
