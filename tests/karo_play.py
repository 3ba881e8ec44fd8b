"""Helpers for the KARO tests: random playouts of any of the three games through its ``GAME``,
with checks made after every action (OpenSpiel style)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from mortar.kit.common import AcceptDraw, OfferDraw, Pass, Resign
from mortar.kit.turns import PLAYERS

JUNK: list[Any] = [
    None, 0, -1, 10**40, 1.5, float("nan"), "", "a1", "a1-a2", "zz-top", b"a1-a2", [], {}, (), ("a1",),
    ("a1", "a2"), [None, None], {"move": "a1-a2"}, object(), Pass, Resign, OfferDraw(None),
    OfferDraw(OfferDraw(Pass())), OfferDraw(Resign()), OfferDraw("a1-a2"), type, ..., "x" * 100_000,
]


def kinds(actions: list[Any]) -> list[Any]:
    """Actions made comparable: the empty NamedTuples Pass(), Resign() and AcceptDraw() are all
    equal to (), so they are compared by type."""
    return [type(a).__name__ if isinstance(a, Pass | Resign | AcceptDraw) else a for a in actions]


def playout(game: Any, rng: random.Random, options: Any = None, *, offers: float = 0.0,
            check: Callable[[Any, Any, Any], None] | None = None, limit: int = 100_000) -> Any:
    """A random game of ``game`` played to its end: random actions of play, with a draw offer
    carried by a share ``offers`` of the moves (never accepted). ``check(state, action,
    played)`` runs after every action."""
    state = game.new(options)
    for _ in range(limit):
        if state.outcome is not None:
            return state
        action = state.random_action(rng)
        if (offers and rng.random() < offers and not isinstance(action, Pass)
                and not state.position.setting_up):
            action = OfferDraw(action)
        played = state.apply(action)
        if check is not None:
            check(state, action, played)
    raise AssertionError(f"no end after {limit} actions")


def agree(state: Any) -> None:
    """The seat of the player to act answers as the state does; the other seat acts not."""
    if state.to_play is None:
        for p in PLAYERS:
            assert state.seat(p).legal_actions() == []
        return
    seat = state.seat(state.to_play)
    actions = state.legal_actions()
    assert kinds(seat.legal_actions()) == kinds(actions)
    for action in actions[:40]:
        assert seat.refusal(action) is None
    assert state.seat(state.to_play.opponent).legal_actions() == []


def random_option(rng: random.Random, options_type: Any, **choices: list[Any]) -> Any:
    return options_type(**{k: rng.choice(v) for k, v in choices.items()}, first=rng.choice(PLAYERS))
