"""Four Circles records (RECORD.md, ``four-circles/1``): cells as ``[x, y]`` pairs, the two
phases, the tile written beside the move in the same action, and the referee's words."""

from __future__ import annotations

import json
import random

import pytest

from karo_play import playout
from mortar.games.four_circles import GAME, Cell, Move, Options, Place, Player, TileMove
from mortar.kit.records import RecordError

PLACEMENTS = [[1, 1], [2, 2], [1, 2], [2, 1], [3, 1], [3, 2], [4, 1], [4, 2], [5, 1], [5, 2], [1, 3], [2, 3]]


def record(*moves: dict, first: str = "Red") -> dict:
    players = ["Red", "White"] if first == "Red" else ["White", "Red"]
    actions = [{"place": c} for c in PLACEMENTS] + list(moves)
    return {"format": "four-circles/1", "first": first,
            "actions": [{"player": players[i % 2], **a} for i, a in enumerate(actions)]}


def test_placements_then_a_move_with_a_tile_beside_it():
    data = record({"move": {"from": [1, 3], "to": [0, 4]}, "tile": {"from": [5, 4], "to": [0, 4]}})
    state = GAME.parse_record(data).replay()
    assert state.history[-1].action == Move(Cell(1, 3), Cell(0, 4), TileMove(Cell(5, 4), Cell(0, 4)))
    assert Cell(0, 4) in state.position.tiles and Cell(5, 4) not in state.position.tiles
    text = GAME.parse_record(data).save()
    line = '{"player": "Red", "move": {"from": [1, 3], "to": [0, 4]}, "tile": {"from": [5, 4], "to": [0, 4]}}'
    assert f"\n    {line}\n" in text
    assert GAME.load(text) == GAME.parse_record(data)


def test_a_move_before_the_twelfth_placement_and_a_placement_after_it_are_illegal():
    data = record()
    data["actions"][11] = {"player": "White", "move": {"from": [2, 2], "to": [3, 3]}}
    verdict = GAME.verdict(GAME.parse_record(data))
    assert verdict.line.startswith("illegal: turn 12 White: the pieces are still being placed")
    data = record({"place": [5, 4]})
    verdict = GAME.verdict(GAME.parse_record(data))
    assert verdict.status == "illegal" and verdict.turn == 13
    assert "all twelve pieces are placed" in verdict.reason


def test_a_tile_rule_broken_in_a_record_names_it():
    data = record({"move": {"from": [1, 3], "to": [0, 3]}, "tile": {"from": [3, 3], "to": [0, 3]}})
    verdict = GAME.verdict(GAME.parse_record(data))
    assert verdict.status == "illegal" and "has 0 free sides" in verdict.reason


@pytest.mark.parametrize("action", [
    {"place": "a1"}, {"place": [1]}, {"place": [1, 2, 3]}, {"place": [True, 1]}, {"place": [1.5, 2]},
    {"place": [10**7, 1]}, {"place": [1, 1], "tile": {"from": [1, 1], "to": [0, 1]}},
    {"tile": {"from": [1, 1], "to": [0, 1]}}, {"move": {"from": [1, 1]}}, {"move": [[1, 1], [1, 2]]},
    {"move": {"from": [1, 1], "to": [1, 2], "tile": {"from": [5, 4], "to": [0, 4]}}},
    {"move": {"from": [1, 1], "to": [1, 2]}, "tile": {"from": [5, 4]}},
    {"move": {"from": [1, 1], "to": [1, 2]}, "tile": None},
    {"pass": True, "tile": {"from": [5, 4], "to": [0, 4]}},
])
def test_malformed_four_circles_actions(action):
    data = {"format": "four-circles/1", "actions": [{"player": "Red", **action}]}
    with pytest.raises(RecordError):
        GAME.parse_record(data)


def test_no_options_of_its_own_and_no_setup():
    data = record()
    assert GAME.parse_record({**data, "options": {"board_turned": True}}).options == Options()
    with pytest.raises(RecordError):
        GAME.parse_record({**data, "setup": {}})


def test_a_won_game_in_the_referee_s_words():
    rng = random.Random(4)
    for _ in range(20):
        state = playout(GAME, rng, Options(first=rng.choice([Player.RED, Player.WHITE])))
        if state.outcome.winner is not None:
            break
    verdict = GAME.verdict(GAME.record(state))
    assert verdict.line == f"ok: {state.outcome.winner} wins (four in a line) after {state.turns} turns"
    assert verdict.details == {"end": "four"}


def test_the_duel_sends_tiles_and_pieces_as_pairs():
    state = GAME.parse_record(record()).replay()
    data = GAME.seat_json(state.seat(Player.RED))
    assert len(data["tiles"]) == 20 and [1, 1] in data["tiles"]
    assert data["pieces"]["Red"]["plain"] == [[1, 1], [1, 2], [1, 3], [3, 1], [4, 1], [5, 1]]
    assert data["pieces"]["White"]["marked"] == [] and json.loads(json.dumps(data)) == data
    sent = GAME.action_json(Move(Cell(1, 3), Cell(0, 4), TileMove(Cell(5, 4), Cell(0, 4))))
    assert sent == {"move": {"from": [1, 3], "to": [0, 4]}, "tile": {"from": [5, 4], "to": [0, 4]}}
    assert GAME.parse_action(sent, state.seat(Player.RED)) == Move(Cell(1, 3), Cell(0, 4),
                                                                  TileMove(Cell(5, 4), Cell(0, 4)))
    assert GAME.action_json(Place(Cell(2, 4))) == {"place": [2, 4]}
