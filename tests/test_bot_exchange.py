"""The race model that turns hit chances into win chances (mortar/games/mortar_hunt/computer/exchange.py)."""

from __future__ import annotations

from mortar.games.mortar_hunt.computer.exchange import answer, race, turns_left


def test_the_game_over_and_the_turn_limit_decide():
    assert race(1, 0, 5, 5, 0.1, 0.1) == 1.0 and race(0, 2, 5, 5, 0.1, 0.1) == 0.0
    assert race(2, 1, 0, 0, 0.1, 0.1) == 1.0  # more pieces left at the limit wins
    assert race(2, 2, 0, 0, 0.1, 0.1) == 0.5  # a draw counts half
    assert race(1, 2, 0, 0, 0.1, 0.1) == 0.0


def test_more_pieces_more_turns_and_better_aim_help():
    p = q = 0.15
    assert race(3, 2, 10, 10, p, q) > race(3, 3, 10, 10, p, q) > race(2, 3, 10, 10, p, q)
    assert race(3, 3, 10, 10, 0.3, q) > race(3, 3, 10, 10, p, q)
    # behind, more turns are more chances to catch up
    assert race(2, 3, 20, 20, p, q) > race(2, 3, 2, 2, p, q)


def test_an_even_race_is_close_to_even():
    # the same aim and turns: playing first is a small edge, nothing more
    value = race(3, 3, 28, 28, 0.12, 0.12)
    assert 0.5 < value < 0.6


def test_the_answer_weighs_the_enemys_chance_to_hit():
    safe = answer(3, 3, 10, 10, 0.1, 0.1, 0.0)
    exposed = answer(3, 3, 10, 10, 0.1, 0.1, 1.0)
    assert exposed < answer(3, 3, 10, 10, 0.1, 0.1) < safe
    assert answer(3, 0, 10, 10, 0.1, 0.1, 1.0) == 1.0  # no enemy piece left: no answer


def test_turns_left_follow_the_turn_order():
    assert turns_left("A", 28, 28) == (1, 1)  # A's last turn; B answers once more
    assert turns_left("B", 28, 28) == (1, 0)  # B's last turn ends the game
    assert turns_left("A", 1, None)[0] > 28
