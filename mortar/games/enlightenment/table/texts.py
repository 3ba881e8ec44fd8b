"""Enlightenment's words at the table: pieces, moves and the end, each marked for translation
(the rules' own refusals are the engine's words)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ....kit.turns import Played, Player
from ....table.open_table import SIDES, played_text
from ....table.words import _
from ..actions import Moved
from ..board import Square

OWN_ENDS = {"enlightened": _("{winner} wins: all eight pieces are enlightened and on the edge.")}


def piece_words(player: Player, enlightened: bool) -> str:
    """``Red piece, enlightened``."""
    return (_("{colour} piece, enlightened") if enlightened else _("{colour} piece, plain")).format(
        colour=SIDES[player])


def path_text(path: Iterable[Square]) -> str:
    return "–".join(str(sq) for sq in path)


def move_text(played: Played[object], names: Mapping[str, str]) -> str:
    """A played turn in words: ``Turn 3: Ann jumped a1–c1–c3–e3 and the piece is enlightened.``"""
    return played_text(played, names, _moved)


def _moved(effect: object, who: str) -> str:
    if not isinstance(effect, Moved):
        return _("{who} moved.").format(who=who)
    verb = _("{who} jumped {path}") if effect.jumped else _("{who} stepped {path}")
    return verb.format(who=who, path=path_text(effect.path)) + (
        " " + _("and the piece is enlightened.") if effect.enlightened else ".")


def start_text(state: object) -> str:
    """A review's first step."""
    return _("Start: the pieces round the edge, all plain.")


def counts_text(counts: Mapping[str, Mapping[str, int]], names: Mapping[str, str]) -> list[str]:
    """What each side has and still needs: enlightened pieces, and those home on the edge."""
    return [_("{name}: {lit} of 8 enlightened, {home} on the edge").format(
        name=names[p], lit=c["lit"], home=c["home"]) for p, c in counts.items()]
