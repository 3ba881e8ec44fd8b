"""Random games of Hopper and Sneaker: its own invariants after every action (six pieces each,
every move flips its piece, a jump's run stays); seats hide only a secret setup. What every
KARO game shares is checked in test_karo_playouts.py."""

from __future__ import annotations

import random

import pytest

from karo_play import playout, random_option
from mortar.games.hopper_and_sneaker import (
    GAME,
    Arranged,
    Face,
    Moved,
    Options,
    Player,
    Setup,
)

RED, WHITE = Player.RED, Player.WHITE


def options(rng: random.Random) -> Options:
    return random_option(rng, Options, hoppers=list(range(7)), secret_setup=[False, True])


def invariants(state, action, played) -> None:
    if not state.setting_up:  # HS2, K0: six pieces each, never taken off
        assert len(state.pieces(RED)) == len(state.pieces(WHITE)) == 6
    elif isinstance(played.effect, Arranged):
        assert len(state.pieces(played.player)) == 6
    if isinstance(played.effect, Moved):
        moved = played.effect
        assert moved.became is moved.piece.face.flipped  # HS5, HS6: every move flips
        assert state.at(moved.to) is not None and state.at(moved.to).face is moved.became
        assert state.at(moved.frm) is None
        assert moved.jumped == (moved.piece.face is Face.HOPPER)
        assert all(state.at(square) is not None for square in moved.over)


@pytest.mark.parametrize("seed", range(4))
def test_invariants_hold_after_every_action_of_random_games(seed):
    rng = random.Random(seed)
    state = playout(GAME, rng, options(rng), offers=0.02, check=invariants)
    winner = state.outcome.winner
    if winner is not None:
        assert state.position.all_home(winner) or state.position.blockade(winner)


def test_seats_are_values_and_hide_only_a_secret_setup():
    state = GAME.new(Options(first=WHITE, secret_setup=True))
    state.apply(Setup.home(WHITE, "SSSHHH"))
    assert state.seat(RED) != state.seat(WHITE) and state.seat(RED).position.pieces(WHITE) == []
    state.apply(Setup.home(RED, "SSSHHH"))
    assert state.seat(RED).position == state.seat(WHITE).position == state.position
    assert {state.seat(RED), state.seat(RED)} == {state.seat(RED)}


@pytest.mark.parametrize("setup", [
    Setup(RED, (("a1", "H"),)), Setup("Blue", ()), Setup(RED, None), Setup(RED, ((None,),)),  # type: ignore[arg-type]
])
def test_junk_setups_are_refused_not_raised_on(setup):
    state = GAME.new()
    refusal = state.refusal(setup)
    assert refusal is not None and refusal.code.name in ("MALFORMED", "NOT_YOUR_TURN")
