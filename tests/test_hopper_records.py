"""Hopper and Sneaker records (RECORD.md, ``hopper-and-sneaker/1``): the example, options,
setups (malformed or illegal at turn 0), moves in notation, and the referee's words."""

from __future__ import annotations

import copy
import json

import pytest

from mortar.games.hopper_and_sneaker import GAME, Move, Options, Player, Setup
from mortar.kit.records import RecordError, RecordIllegalError

EXAMPLE = {
    "format": "hopper-and-sneaker/1",
    "options": {"hoppers": 3},
    "first": "White",
    "players": {"Red": {"name": "Jana"}, "White": {"name": "Petr"}},
    "setup": {
        "Red": {"a1": "S", "b1": "H", "c1": "S", "a2": "H", "b2": "S", "c2": "H"},
        "White": {"a7": "H", "b7": "S", "c7": "H", "a8": "S", "b8": "H", "c8": "S"},
    },
    "actions": [
        {"player": "White", "move": "b7-b6"},
        {"player": "Red", "move": "b1-b3", "offer_draw": True},
        {"player": "White", "accept_draw": True},
    ],
}


def changed(**changes) -> dict:
    data = copy.deepcopy(EXAMPLE)
    for path, value in changes.items():
        *keys, last = path.split("__")
        node = data
        for key in keys:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if value is ...:
            del node[int(last) if isinstance(node, list) else last]
        else:
            node[int(last) if isinstance(node, list) else last] = value
    return data


def test_the_record_md_example_is_an_agreed_draw():
    record = GAME.parse_record(EXAMPLE)
    assert record.names == {"Red": "Jana", "White": "Petr"}
    assert record.options == Options(3, False, first=Player.WHITE)
    state = record.replay()
    assert state.history[1].action == Move.parse("b1-b3") and state.history[1].offered_draw
    verdict = GAME.verdict(record)
    assert verdict.line == "ok: draw (agreed) after 3 turns"
    assert verdict.to_json() == {"status": "ok", "turn": None, "player": None, "reason": None,
                                 "winner": "draw", "end": "agreed", "turns": 3, "next": None}


def test_the_example_saved_canonically_keeps_its_meaning():
    text = GAME.parse_record(EXAMPLE).save()
    data = json.loads(text)
    assert data["options"] == {"hoppers": 3, "secret_setup": False}
    assert list(data["setup"]) == ["Red", "White"] and data["actions"] == EXAMPLE["actions"]
    assert '\n    {"player": "Red", "move": "b1-b3", "offer_draw": true},\n' in text


@pytest.mark.parametrize("changes", [
    {"options__hoppers": 7}, {"options__hoppers": "3"}, {"options__hoppers": True},
    {"options__secret_setup": "yes"},
    {"setup": ...}, {"setup": []}, {"setup__Red": ["a1"]}, {"setup__Blue": {}},
    {"setup__Red__d1": "S"}, {"setup__Red__a1": "X"}, {"setup__Red__a1": None}, {"setup__Red__A1": "S"},
    {"setup__Red": ...},  # actions need both setups
    {"actions__0__move": "d7-b6"}, {"actions__0__move": "b7b6"}, {"actions__0__move": "b7-b6-b5"},
    {"actions__0__move": ["b7", "b6"]}, {"actions__0__move": "b7-b9"},
])
def test_malformed_hopper_and_sneaker_records(changes):
    with pytest.raises(RecordError):
        GAME.parse_record(changed(**changes))
    assert GAME.check_text(json.dumps(changed(**changes))).status == "error"


def test_a_record_in_the_setup_holds_the_first_arrangement_only():
    data = changed(actions=[])
    del data["setup"]["Red"]
    state = GAME.parse_record(data).replay()
    assert state.setting_up and state.to_play is Player.RED
    assert GAME.verdict(GAME.parse_record(data)).line == "ok: in progress after 0 turns, Red to play"
    data["setup"] = {"Red": EXAMPLE["setup"]["Red"]}  # the second without the first
    with pytest.raises(RecordError, match="White sets up first"):
        GAME.parse_record(data)


@pytest.mark.parametrize(("player", "square", "face", "reason"), [
    ("Red", "a3", "S", "a3 is not one of Red's home squares"),
    ("White", "a1", "S", "a1 is not one of White's home squares"),
    ("Red", "c2", ..., "c2 has no piece"),
    ("Red", "c2", "S", "this game starts with 3 Hoppers a player, not 2"),
])
def test_illegal_setups_are_turn_0(player, square, face, reason):
    data = changed(**{f"setup__{player}__{square}": face})
    with pytest.raises(RecordIllegalError) as caught:
        GAME.parse_record(data).replay()
    assert caught.value.turn == 0 and caught.value.player == player
    verdict = GAME.verdict(GAME.parse_record(data))
    assert verdict.line.startswith(f"illegal: setup {player}: {reason}")
    assert verdict.turn == 0 and verdict.turns == 0 and verdict.next is None and verdict.winner is None


def test_a_hopper_count_other_than_the_option_is_illegal():
    data = changed(options__hoppers=4)
    verdict = GAME.verdict(GAME.parse_record(data))
    assert verdict.status == "illegal" and verdict.player == "White" and "not 3" in verdict.reason


def test_an_illegal_move_names_its_turn_player_and_reason():
    data = changed(actions__1__move="b1-b4")
    verdict = GAME.verdict(GAME.parse_record(data))
    assert verdict.line == ("illegal: turn 2 Red: b1-b4: a Hopper lands on the first empty square behind "
                            "the pieces, here b3")
    assert (verdict.turn, verdict.player, verdict.turns, verdict.next) == (2, "Red", 1, "Red")


def test_the_setups_of_a_state_are_written_and_read_back():
    state = GAME.new(Options(2, True, first=Player.WHITE, extra={"computer": {"Red": "easy"}}))
    state.apply(Setup.home(Player.WHITE, "HHSSSS"))
    state.apply(Setup.home(Player.RED, "SSSSHH"))
    data = json.loads(GAME.record(state).save())
    assert data["setup"]["White"] == {"a7": "H", "b7": "H", "c7": "S", "a8": "S", "b8": "S", "c8": "S"}
    assert data["options"] == {"hoppers": 2, "secret_setup": True, "computer": {"Red": "easy"}}
    assert GAME.parse_record(data).replay().position == state.position


def test_the_duel_sends_a_setup_as_an_action_and_the_board_by_player():
    state = GAME.new(Options(first=Player.RED))
    seat = state.seat(Player.RED)
    setup = Setup.home(Player.RED, "SHSHSH")
    sent = GAME.action_json(setup)
    assert sent == {"setup": {"a1": "S", "b1": "H", "c1": "S", "a2": "H", "b2": "S", "c2": "H"}}
    assert GAME.parse_action(sent, seat) == setup
    state.apply(setup)
    data = GAME.seat_json(state.seat(Player.WHITE))
    assert data["pieces"]["Red"] == sent["setup"] and data["pieces"]["White"] == {}
    assert data["options"] == {"hoppers": 3, "secret_setup": False, "first": "Red"}
    assert data["to_play"] == "White" and data["offer_draw"] is False and data["winner"] is None
