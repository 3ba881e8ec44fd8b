"""Hopper and Sneaker's words at the table: pieces, squares, moves and ends, each marked for
translation (the rules' own refusals are the engine's words)."""

from __future__ import annotations

from collections.abc import Mapping

from ....kit.turns import Played, Player
from ....table.open_table import k0_words
from ....table.words import _, ngettext
from ..actions import Arranged, Moved
from ..board import Face

COLOUR = {Player.RED: _("Red"), Player.WHITE: _("White")}
FACE = {Face.SNEAKER: _("Sneaker"), Face.HOPPER: _("Hopper")}
FACES = {Face.SNEAKER: _("Sneakers"), Face.HOPPER: _("Hoppers")}

OWN_ENDS = {
    "home": _("{winner} wins: all six pieces are home."),
    "blockade": _("{winner} wins by blockade: every target square is taken, one by {loser}, and all "
                  "the rest stand in the far half."),
}


def piece_words(player: Player, face: Face) -> str:
    """``Red Hopper``."""
    return _("{colour} {face}").format(colour=COLOUR[player], face=FACE[face])


def move_text(played: Played[Moved | Arranged], names: Mapping[str, str]) -> str:
    """A played turn in words: ``Turn 4: Ann's Sneaker b2–b3, now a Hopper.``"""
    who = names[played.player]
    action, effect = played.action, played.effect
    common = k0_words(action, who)
    if common is not None:
        text = common
    elif isinstance(effect, Moved):
        if effect.jumped:
            text = _("{who}'s Hopper jumped {frm}–{to} over {n}, now a Sneaker.").format(
                who=who, frm=effect.frm, to=effect.to, n=_over(len(effect.over)))
        else:
            text = _("{who}'s Sneaker stepped {frm}–{to}, now a Hopper.").format(
                who=who, frm=effect.frm, to=effect.to)
        if played.offered_draw:
            text += " " + _("{who} offers a draw.").format(who=who)
    else:
        text = _("{who} arranged the pieces.").format(who=who)
    return _("Turn {n}: {text}").format(n=played.turn, text=text) if played.turn else text


def _over(count: int) -> str:
    return ngettext("{n} piece", "{n} pieces", count).format(n=count)


def start_text(state: object) -> str:
    """A review's first step."""
    return _("Start: the pieces as arranged.") if getattr(state, "setups", None) else _("Start.")
