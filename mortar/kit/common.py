"""Actions every game of the box may have beside its own: resigning, offering and accepting a
draw, and the written automatic pass of the open games (KARO K0). Each game's ``refusal`` says
when one is legal; these values hold no rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Frozen dataclasses, not empty tuples: each equals only itself (two empty tuples would compare
# equal, and ``Pass() in legal_actions`` would find a Resign()).


@dataclass(frozen=True)
class Resign:
    """The player gives up on their turn; the opponent wins."""


@dataclass(frozen=True)
class AcceptDraw:
    """The whole turn, right after the opponent's action that offered a draw: a drawn game."""


@dataclass(frozen=True)
class Pass:
    """The automatic pass, legal only when the player has no other legal action (K0); written
    in records so that alternation stays strict."""


@dataclass(frozen=True)
class OfferDraw:
    """``action`` played with a draw offer; the opponent accepts with :class:`AcceptDraw` on
    their next turn or declines by playing on."""

    action: Any


def unwrap(action: object) -> tuple[object, bool]:
    """(the action played, whether it carries a draw offer)."""
    if isinstance(action, OfferDraw):
        return action.action, True
    return action, False
