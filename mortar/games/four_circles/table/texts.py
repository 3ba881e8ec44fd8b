"""Four Circles' words at the table: pieces, tiles, moves, the rules of FC6 by name, and the end,
each marked for translation (the rules' own refusals are the engine's words)."""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from ....kit.turns import Played, Player
from ....table.open_table import k0_words
from ....table.words import _
from ..actions import Moved, Placed, RefusalCode

COLOUR = {Player.RED: _("Red"), Player.WHITE: _("White")}
OWN_ENDS = {"four": _("{winner} wins: four marked pieces in a line.")}

# FC6's rules by the codes the engine refuses a tile move with: what a player is told when a
# tile they tap may not move, or a cell may not take it
RULE: dict[Enum, str] = {
    RefusalCode.PICKUP_PIECE: _("FC6 pick-up rule 1, an empty tile"),
    RefusalCode.PICKUP_SIDES: _("FC6 pick-up rule 2, two free sides"),
    RefusalCode.PICKUP_SEPARATES: _("FC6 pick-up rule 3, the board stays together"),
    RefusalCode.PUTDOWN_CELL: _("FC6 put-down rule 1, a free cell"),
    RefusalCode.PUTDOWN_SIDE: _("FC6 put-down rule 2, beside another tile"),
    RefusalCode.PUTDOWN_REACH: _("FC6 put-down rule 3, a piece moves onto it"),
}


def piece_words(player: Player, marked: bool) -> str:
    """``Red piece, marked``."""
    words = _("{colour} piece, marked") if marked else _("{colour} piece, plain")
    return words.format(colour=COLOUR[player])


def move_text(played: Played[Moved | Placed], names: Mapping[str, str]) -> str:
    """A played turn in words: ``Turn 14: Ann moved the tile e4 to f1, then b2–f1.``"""
    who = names[played.player]
    action, effect = played.action, played.effect
    common = k0_words(action, who)
    if common is not None:
        text = common
    elif isinstance(effect, Placed):
        text = _("{who} placed a piece on {cell}.").format(who=who, cell=effect.cell)
    elif isinstance(effect, Moved):
        if effect.over is not None:
            part = _("jumped {frm}–{to}, turning {side}").format(
                frm=effect.frm, to=effect.to,
                side=_("marked side up") if not effect.piece.marked else _("plain side up"))
        else:
            part = _("stepped {frm}–{to}").format(frm=effect.frm, to=effect.to)
        if effect.tile is not None:
            text = _("{who} moved the tile {frm} to {to}, then {part}.").format(
                who=who, frm=effect.tile.frm, to=effect.tile.to, part=part)
        else:
            text = _("{who} {part}.").format(who=who, part=part)
        if played.offered_draw:
            text += " " + _("{who} offers a draw.").format(who=who)
    else:
        text = _("{who} moved.").format(who=who)
    return _("Turn {n}: {text}").format(n=played.turn, text=text)


def start_text(state: object) -> str:
    """A review's first step."""
    return _("Start: twenty tiles, no piece yet.")
