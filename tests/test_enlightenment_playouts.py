"""Random games of Enlightenment: its own invariants after every action (eight pieces each,
enlightenment only ever gained, and gained exactly as EN5 says), and the landing-by-landing
helper agreeing with the whole moves listed. What every KARO game shares is checked in
test_karo_playouts.py."""

from __future__ import annotations

import random

import pytest

from karo_play import playout, random_option
from mortar.games.enlightenment import CENTRE, GAME, Layout, Move, Moved, Options, Player, State

RED, WHITE = Player.RED, Player.WHITE


def options(rng: random.Random) -> Options:
    return random_option(rng, Options, start=list(Layout))


def lit(state: State, player: Player) -> int:
    return sum(enlightened for _, enlightened in state.pieces(player))


def invariants(state: State, action, played) -> None:
    assert len(state.pieces(RED)) == len(state.pieces(WHITE)) == 8
    if not isinstance(played.effect, Moved):
        return
    moved = played.effect
    path = moved.path
    assert len(set(path)) == len(path) >= 2 and state.at(path[0]) is None
    piece = state.at(path[-1])
    assert piece is not None and piece.player is moved.piece.player
    earned = CENTRE in path[1:] or any(state.at(s).enlightened for s in moved.over)
    assert moved.enlightened == (not moved.piece.enlightened and earned)
    assert piece.enlightened == (moved.piece.enlightened or earned)


@pytest.mark.parametrize("seed", range(4))
def test_invariants_hold_and_enlightenment_is_never_lost(seed):
    rng = random.Random(seed)
    counts = {RED: 0, WHITE: 0}

    def check(state, action, played):
        invariants(state, action, played)
        for p in (RED, WHITE):
            assert lit(state, p) >= counts[p]
            counts[p] = lit(state, p)

    state = playout(GAME, rng, options(rng), offers=0.02, check=check)
    if state.outcome.winner is not None:
        assert state.position.all_enlightened_on_edge(state.outcome.winner)


def chains(state: State, path: tuple) -> set[str]:
    """Every move reachable by choosing landings one at a time from ``path``."""
    out = {"-".join(map(str, path))} if len(path) > 1 else set()
    for square in state.next_landings(path):
        out |= chains(state, (*path, square))
    return out


def test_moves_built_landing_by_landing_are_exactly_the_legal_moves():
    rng = random.Random(3)
    state = GAME.new(options(rng))
    checked = 0
    while state.outcome is None and checked < 120:
        mover = state.to_play
        for square, _ in state.pieces(mover):
            whole = {str(m) for m in state.moves_from(square)}
            assert chains(state, (square,)) == whole
            seat = state.seat(mover)
            assert set(seat.next_landings([square])) == set(state.next_landings([square]))
        listed = {str(m) for m in state.legal_actions() if isinstance(m, Move)}
        assert listed == {str(m) for sq, _ in state.pieces(mover) for m in state.moves_from(sq)}
        state.apply(state.random_action(rng))
        checked += 1
    assert state.seat(WHITE if state.to_play is RED else RED).next_landings([]) == ()
