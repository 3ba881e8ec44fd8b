"""A game by links in words: why a link was refused (the kit's :class:`~mortar.kit.link.LinkCode`)
and a lie caught (the kit's :class:`~mortar.kit.remote.LieCode`; a game words its own codes,
``GameKind.lie_text``). The kit says each in English for logs and the command line; a player
reads these, in the page's language."""

from __future__ import annotations

from typing import Any

from ..kit.link import LinkCode
from ..kit.remote import Lie, LieCode, Refused
from .names import Names
from .words import _


def lie_words(lie: Lie, kind: Any, names: Names) -> str:
    """The verdict on a device that broke the rules, naming it and the turn."""
    own = kind.lie_text(lie, names)
    if own is not None:
        return str(own)
    who = names.get(lie.player, lie.player)
    if lie.code is LieCode.ILLEGAL_ACTION:
        return _("{name}'s device sent an illegal turn at turn {n}.").format(name=who, n=lie.turn)
    if lie.code is LieCode.OPENING_MISMATCH:
        return _("{name}'s device opened a secret other than the one it committed to (turn {n}).").format(
            name=who, n=lie.turn)
    if lie.code is LieCode.BAD_OPENINGS:
        return _("{name}'s device sent openings that are not its secrets.").format(name=who)
    if lie.code is LieCode.FALSE_END:
        return _("{name}'s device said the game ended at turn {n}, but the rules play on.").format(
            name=who, n=lie.turn)
    return _("{name}'s device broke the rules at turn {n}.").format(name=who, n=lie.turn)


def refusal_words(refused: Refused, kind: Any, other: str, names: Names | None = None) -> str:
    """Why a link was refused, in words (nothing was changed by it); ``other``: the other
    player's name in words."""
    code = refused.code
    if refused.lie is not None and names is not None:
        return _("This link was refused: {verdict}").format(verdict=lie_words(refused.lie, kind, names))
    if code is LinkCode.ALREADY_APPLIED:
        words = _("Already played: this link was opened here before.")
        if refused.resend is not None:
            words += " " + _("{name} may not have your last link: send it again.").format(name=other)
        return words
    if code is LinkCode.MISSING:
        return _("You are missing link {n} of this game: ask {name} to send it again, or the whole "
                 "game.").format(n=refused.expected, name=other)
    if code is LinkCode.CHAIN_MISMATCH:
        return _("This link does not follow the game's links: it was forged or changed on its way. "
                 "Nothing was played.")
    if code is LinkCode.OTHER_GAME:
        return _("This link is of another game, not of this one.")
    if code is LinkCode.NOT_IN_GAME:
        return _("This link is of a game this device is not part of (someone else may have joined "
                 "from the same invitation).")
    if code is LinkCode.NOT_AN_INVITATION:
        return _("This link is a turn of a game under way, not an invitation: this device is not "
                 "part of that game.")
    if code is LinkCode.NEWER_VERSION:
        return _("This link was made by a newer version of the games: reload the page to update it.")
    if code is LinkCode.TOO_LARGE:
        return _("This is too long to be a link of a game.")
    if code is LinkCode.ILLEGAL:
        return _("This link was refused: {name}'s device sent an illegal turn.").format(name=other)
    if code is LinkCode.LIE:
        return _("This link was refused: {name}'s device broke the rules.").format(name=other)
    if code is LinkCode.BAD_NAME:
        return _("That name cannot be used: it is too long, or the other player's.")
    if code is LinkCode.OWN_SECRETS:
        return _("This link holds turns played on another device of yours: its secrets are there, "
                 "not here.")
    if code is LinkCode.WAITING:
        return _("It is {name}'s turn: wait for their link.").format(name=other)
    return _("This is not a link of a game of this box, or it was cut short: ask for it again.")
