"""Random games of Hopper and Sneaker (OpenSpiel style): every game ends, with a valid outcome;
invariants hold after every action; junk is refused, never raised on; seats agree with the
state; and repetition is counted as an independent tally says."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from karo_play import JUNK, agree, playout, random_option
from mortar.games.hopper_and_sneaker import (
    GAME,
    Arranged,
    Face,
    IllegalActionError,
    Moved,
    Options,
    Pass,
    Player,
    Setup,
    Termination,
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


@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_with_a_valid_outcome(seed):
    rng = random.Random(seed)
    state = playout(GAME, rng, options(rng), offers=0.02, check=invariants)
    outcome = state.outcome
    assert outcome is not None and outcome.turns == state.turns == len(state.history)
    assert outcome.reason in Termination and outcome.reason is not Termination.AGREED
    if outcome.reason in (Termination.HOME, Termination.BLOCKADE):
        winner = outcome.winner
        assert winner is not None
        assert state.position.all_home(winner) or state.position.blockade(winner)
    else:
        assert outcome.winner is None


def test_repetition_ends_the_game_at_the_first_third_occurrence():
    rng = random.Random(21)
    for _ in range(4):
        state = GAME.new(options(rng))
        tally: Counter = Counter()
        while state.outcome is None:
            if not state.setting_up and not tally:
                tally[state.position.key(), state.to_play] += 1  # the starting position
            state.apply(state.random_action(rng))
            if not state.setting_up:
                tally[state.position.key(), state.position.to_play] += 1
                if state.outcome is None:
                    assert max(tally.values()) < 3
        if state.outcome.reason is Termination.REPETITION:
            assert tally[state.position.key(), state.position.to_play] == 3


def test_refusal_never_raises_and_apply_changes_nothing_on_junk():
    rng = random.Random(5)
    state = GAME.new(options(rng))
    for step in range(400):
        if state.outcome is not None:
            break
        if step % 20 == 0 or state.setting_up:
            before = (state.position, len(state.history), state.offer)
            for junk in JUNK + [Setup(RED, (("a1", "H"),)), Setup("Blue", ()), Setup(RED, None)]:
                refusal = state.refusal(junk)
                seat_refusal = state.seat(state.to_play).refusal(junk)
                assert refusal is not None and seat_refusal is not None
                assert refusal.message and refusal.code is seat_refusal.code
                with pytest.raises(IllegalActionError):
                    state.apply(junk)
            assert (state.position, len(state.history), state.offer) == before
        state.apply(state.random_action(rng))
    over = playout(GAME, rng)
    for junk in JUNK:
        assert over.refusal(junk) is not None


def test_seats_agree_with_the_state_throughout_a_game():
    rng = random.Random(9)
    state = GAME.new(options(rng))
    for _ in range(300):
        agree(state)
        if state.outcome is not None:
            break
        seat = state.seat(state.to_play)
        assert state.refusal(seat.random_action(random.Random(1))) is None
        state.apply(state.random_action(rng))


def test_seats_are_values_and_hide_only_a_secret_setup():
    state = GAME.new(Options(first=WHITE, secret_setup=True))
    state.apply(Setup.home(WHITE, "SSSHHH"))
    assert state.seat(RED) != state.seat(WHITE) and state.seat(RED).position.pieces(WHITE) == []
    state.apply(Setup.home(RED, "SSSHHH"))
    assert state.seat(RED).position == state.seat(WHITE).position == state.position
    assert {state.seat(RED), state.seat(RED)} == {state.seat(RED)}


def test_random_play_passes_exactly_when_the_position_has_no_move():
    rng = random.Random(13)
    seen = Counter()
    for _ in range(4):
        state = GAME.new(options(rng))
        while state.outcome is None:
            before = state.position
            action = state.random_action(rng)
            if isinstance(action, Pass):
                assert before.actions() == [] and not before.has_actions()
            else:
                assert before.refusal(action) is None and action in before.actions()
            seen[type(action).__name__] += 1
            state.apply(action)
    assert seen["Move"] > 1000 and seen["Setup"] == 8
