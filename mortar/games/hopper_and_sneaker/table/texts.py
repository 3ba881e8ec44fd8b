"""Hopper and Sneaker's words at the table: pieces, squares, moves and ends, each marked for
translation (the rules' own refusals are the engine's words)."""

from __future__ import annotations

from collections.abc import Mapping

from ....kit.turns import Played, Player
from ....table.open_table import SIDES, played_text
from ....table.words import _, ngettext
from ..actions import Moved
from ..board import Face
from ..state import State

FACE = {Face.SNEAKER: _("Sneaker"), Face.HOPPER: _("Hopper")}
FACES = {Face.SNEAKER: _("Sneakers"), Face.HOPPER: _("Hoppers")}

OWN_ENDS = {
    "home": _("{winner} wins: all six pieces are home."),
    "blockade": _("{winner} wins by blockade: every target square is taken, one by {loser}, and all "
                  "the rest stand in the far half."),
}


def piece_words(player: Player, face: Face) -> str:
    """``Red Hopper``."""
    return _("{colour} {face}").format(colour=SIDES[player], face=FACE[face])


def move_text(played: Played[object], names: Mapping[str, str]) -> str:
    """A played turn in words: ``Turn 4: Ann's Sneaker stepped b2–b3, now a Hopper.``"""
    return played_text(played, names, _moved)


def _moved(effect: object, who: str) -> str:
    if not isinstance(effect, Moved):
        return _("{who} arranged the pieces.").format(who=who)
    if effect.jumped:
        over = ngettext("{n} piece", "{n} pieces", len(effect.over)).format(n=len(effect.over))
        return _("{who}'s Hopper jumped {frm}–{to} over {n}, now a Sneaker.").format(
            who=who, frm=effect.frm, to=effect.to, n=over)
    return _("{who}'s Sneaker stepped {frm}–{to}, now a Hopper.").format(
        who=who, frm=effect.frm, to=effect.to)


def start_text(state: State) -> str:
    """A review's first step."""
    return _("Start: the pieces as arranged.") if state.setups else _("Start.")
