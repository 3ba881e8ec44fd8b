"""Enlightenment records (RECORD.md, ``enlightenment/1``): the start option, moves as paths,
steps and jumps told apart by distance, and the referee's words."""

from __future__ import annotations

import json

import pytest

from mortar.games.enlightenment import GAME, Layout, Move, Options, Player, Square
from mortar.kit.records import RecordError

RECORD = {
    "format": "enlightenment/1",
    "options": {"start": "A"},
    "first": "Red",
    "actions": [
        {"player": "Red", "move": "a3-b4"},
        {"player": "White", "move": "e3-d2"},
        {"player": "Red", "move": "b4-c3"},
        {"player": "White", "move": "d2-d3"},
    ],
}


def with_actions(*moves: str, **top) -> dict:
    players = ["Red", "White"] if top.get("first", "Red") == "Red" else ["White", "Red"]
    return {"format": "enlightenment/1", **top,
            "actions": [{"player": players[i % 2], "move": m} for i, m in enumerate(moves)]}


def test_a_record_replays_steps_and_the_centre_enlightens():
    state = GAME.parse_record(RECORD).replay()
    assert state.history[2].effect.enlightened and state.turns == 4
    assert GAME.verdict(GAME.parse_record(RECORD)).line == "ok: in progress after 4 turns, Red to play"


def test_the_start_option_defaults_to_a_and_is_written():
    record = GAME.parse_record(with_actions())
    assert record.options == Options(Layout.A)
    assert json.loads(record.save())["options"] == {"start": "A"}
    state = GAME.parse_record({**with_actions(), "options": {"start": "C"}}).replay()
    assert str(state.position) == "wwwww/w...r/w...r/w...r/rrrrr Red"


def test_a_jump_sequence_is_written_landing_by_landing():
    data = with_actions("e2-d3", "c5-b4", "b1-b2", "b4-c3", "a2-c2-c4")
    state = GAME.parse_record(data).replay()
    moved = state.history[-1].effect
    assert moved.path == Move.parse("a2-c2-c4").path and moved.enlightened  # over White's lit c3
    assert str(state.position) == "ww.ww/w.R.w/r.Wrw/.r.../r.rrr White"


def test_an_illegal_jump_sequence_is_reported_as_record_md_words_it():
    data = with_actions("a3-b4", "a4-b3", "a1-a3-a5")
    verdict = GAME.verdict(GAME.parse_record(data))
    assert verdict.line == "illegal: turn 3 Red: a1-a3-a5 jumps over an empty square (a4)"
    assert verdict.to_json() == {"status": "illegal", "turn": 3, "player": "Red",
                                 "reason": "a1-a3-a5 jumps over an empty square (a4)", "winner": None,
                                 "end": None, "turns": 2, "next": "Red"}


def test_two_squares_apart_across_is_a_jump_one_apart_a_step():
    state = GAME.parse_record(with_actions("a3-b4", "e4-d4", "a1-a3")).replay()
    assert state.history[2].effect.jumped and not state.history[0].effect.jumped
    assert state.history[2].effect.over == (Square.parse("a2"),)


@pytest.mark.parametrize("move", ["a1", "a1-", "-a1", "a1-f1", "a1--a3", "A1-A2", "a1 - a2", 12, None,
                                  ["a1", "a2"], "a1-a2" * 40])
def test_malformed_moves(move):
    data = {**with_actions(), "actions": [{"player": "Red", "move": move}]}
    with pytest.raises(RecordError):
        GAME.parse_record(data)


@pytest.mark.parametrize("options", [{"start": "D"}, {"start": "a"}, {"start": 1}, {"start": None}])
def test_malformed_start_options(options):
    with pytest.raises(RecordError):
        GAME.parse_record({**with_actions(), "options": options})


def test_a_record_has_no_setup():
    with pytest.raises(RecordError):
        GAME.parse_record({**with_actions(), "setup": {}})


def test_the_duel_sends_the_pieces_by_side():
    state = GAME.new(Options(Layout.A, first=Player.WHITE))
    data = GAME.seat_json(state.seat(Player.RED))
    assert data["pieces"]["Red"] == {"plain": ["a1", "b1", "c1", "d1", "e1", "a2", "e2", "a3"],
                                     "enlightened": []}
    assert data["to_play"] == "White" and data["options"] == {"start": "A", "first": "White"}
