"""Random games of every KARO game (OpenSpiel style): each ends, by its own win, a third
repetition or two passes, with a valid outcome; repetition is counted as an independent tally
says; junk is refused, never raised on, and changes nothing; seats agree with the state; a
random player passes exactly when it has no move. Each game's own invariants are checked in
its test_*_playouts.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from karo_play import JUNK, agree, playout
from mortar.games import enlightenment, four_circles, hopper_and_sneaker
from mortar.kit.common import Pass, Resign
from mortar.kit.grid import NotationError
from mortar.kit.protocol import IllegalActionError
from mortar.kit.turns import PLAYERS

# Each game with the choices of its own options.
GAMES = {
    hopper_and_sneaker.GAME: {"hoppers": list(range(7)), "secret_setup": [False, True]},
    enlightenment.GAME: {"start": list(enlightenment.Layout)},
    four_circles.GAME: {},
}
WINS = {"home", "blockade", "enlightened", "four"}


def options(game, rng: random.Random):
    choices = GAMES[game]
    kind = type(game.default_options())
    return kind(**{k: rng.choice(v) for k, v in choices.items()}, first=rng.choice(PLAYERS))


@pytest.fixture(params=list(GAMES), ids=[g.name for g in GAMES])
def game(request):
    return request.param


@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_with_a_valid_outcome(game, seed):
    rng = random.Random(seed)
    state = playout(game, rng, options(game, rng), offers=0.02)
    outcome = state.outcome
    assert outcome is not None and outcome.turns == state.turns == len(state.history)
    assert outcome.reason.value in WINS | {"repetition", "double-pass"}
    assert (outcome.winner is None) == (outcome.reason.value not in WINS)
    if outcome.winner is not None:
        assert state.position.winner(state.history[-1].player) == (outcome.winner, outcome.reason)
    assert state.legal_actions() == [] and state.to_play is None


def test_repetition_ends_the_game_at_the_first_third_occurrence(game):
    rng = random.Random(21)
    for _ in range(2):
        state = game.new(options(game, rng))
        tally: Counter = Counter()
        while state.outcome is None:
            if not state.position.setting_up and not tally:
                tally[state.position.key(), state.to_play] += 1  # the starting position
            state.apply(state.random_action(rng))
            if not state.position.setting_up:
                tally[state.position.key(), state.position.to_play] += 1
                if state.outcome is None:
                    assert max(tally.values()) < 3
        if state.outcome.reason.value == "repetition":
            assert tally[state.position.key(), state.position.to_play] == 3


def test_refusal_never_raises_and_apply_changes_nothing_on_junk(game):
    rng = random.Random(5)
    state = game.new(options(game, rng))
    for step in range(300):
        if state.outcome is not None:
            break
        if step % 25 == 0 or state.position.setting_up:
            before = (state.position, len(state.history), state.offer)
            for junk in JUNK:
                refusal = state.refusal(junk)
                seat_refusal = state.seat(state.to_play).refusal(junk)
                assert refusal is not None and seat_refusal is not None
                assert refusal.message and refusal.code is seat_refusal.code
                with pytest.raises(IllegalActionError):
                    state.apply(junk)
            assert (state.position, len(state.history), state.offer) == before
        state.apply(state.random_action(rng))
    last = state.legal_actions()
    if state.outcome is None:
        state.apply(Resign())
    for junk in [*JUNK, *last]:
        refusal = state.refusal(junk)
        assert refusal is not None and refusal.code.name == "GAME_OVER"


def test_seats_agree_with_the_state_throughout_a_game(game):
    rng = random.Random(9)
    state = game.new(options(game, rng))
    for _ in range(150):
        agree(state)
        if state.outcome is not None:
            break
        seat = state.seat(state.to_play)
        assert state.refusal(seat.random_action(random.Random(1))) is None
        state.apply(state.random_action(rng))
    assert state.seat(PLAYERS[0]) == state.seat(PLAYERS[0]) and hash(state.seat(PLAYERS[1]))


def test_random_play_passes_exactly_when_the_position_has_no_move(game):
    rng = random.Random(13)
    seen: Counter = Counter()
    for _ in range(2):
        state = game.new(options(game, rng))
        while state.outcome is None:
            before = state.position
            action = state.random_action(rng)
            if isinstance(action, Pass):
                assert before.actions() == [] and not before.has_actions()
            else:
                assert before.refusal(action) is None and action in before.actions()
            seen[isinstance(action, Pass)] += 1
            state.apply(action)
    assert seen[False] > 100


def test_the_copy_is_independent_and_replays_alike(game):
    rng = random.Random(17)
    state = game.new(options(game, rng))
    for _ in range(30):
        state.apply(state.random_action(rng))
    other = state.copy()
    action = state.random_action(rng)
    other.apply(action)
    assert other.turns == state.turns + 1 and other.history[:-1] == state.history
    state.apply(action)
    assert state.position == other.position and state.occurrences() == other.occurrences()


def test_positions_are_written_as_text_and_read_back(game):
    rng = random.Random(19)
    state = game.new(options(game, rng))
    kind = type(state.position)
    for _ in range(80):
        if state.outcome is not None:
            break
        if not state.position.setting_up:  # the text is of a position of play
            text = str(state.position)
            again = kind.parse(text)
            assert (again.key(), again.to_play, str(again)) == (state.position.key(), state.to_play, text)
        state.apply(state.random_action(rng))
    for junk in ("", "Red", "x y z w v", str(state.position).replace("/", "//", 1), None, 7):
        with pytest.raises(NotationError):
            kind.parse(junk)
