"""Enlightenment's words at the table: pieces, moves and the end, each marked for translation
(the rules' own refusals are the engine's words)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....kit.turns import Played, Player
from ....table.open_table import k0_words
from ....table.words import _
from ..actions import Moved

COLOUR = {Player.RED: _("Red"), Player.WHITE: _("White")}
OWN_ENDS = {"enlightened": _("{winner} wins: all eight pieces are enlightened and on the edge.")}


def piece_words(player: Player, enlightened: bool) -> str:
    """``Red piece, enlightened``."""
    return (_("{colour} piece, enlightened") if enlightened else _("{colour} piece, plain")).format(
        colour=COLOUR[player])


def path_text(path: Any) -> str:
    return "–".join(str(sq) for sq in path)


def move_text(played: Played[Moved], names: Mapping[str, str]) -> str:
    """A played turn in words: ``Turn 3: Ann jumped a1–c1–c3–e3 and is enlightened.``"""
    who = names[played.player]
    action, effect = played.action, played.effect
    common = k0_words(action, who)
    if common is not None:
        text = common
    elif isinstance(effect, Moved):
        verb = _("{who} jumped {path}") if effect.jumped else _("{who} stepped {path}")
        text = verb.format(who=who, path=path_text(effect.path))
        text += (" " + _("and the piece is enlightened.")) if effect.enlightened else "."
        if played.offered_draw:
            text += " " + _("{who} offers a draw.").format(who=who)
    else:
        text = _("{who} moved.").format(who=who)
    return _("Turn {n}: {text}").format(n=played.turn, text=text)


def start_text(state: object) -> str:
    """A review's first step."""
    return _("Start: the pieces round the edge, all plain.")
