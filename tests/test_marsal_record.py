"""Maršál a Špión's records and referee (RECORD.md): saving and reading back, every malformed
shape refused as not a record, illegal setups and actions located by turn and player (with a
public reason that names no hidden identity), hostile input judged quickly, and the verdict's
plain line and JSON."""

from __future__ import annotations

import json
import random

import pytest

from marsal_games import BLUE, RED, arrange, new_game, play, random_game, setup_with
from mortar.games.marsal_a_spion import GAME
from mortar.games.marsal_a_spion.actions import AcceptDraw, OfferDraw, Resign
from mortar.games.marsal_a_spion.pieces import Piece
from mortar.games.marsal_a_spion.record import FORMAT, Record, loads, parse
from mortar.games.marsal_a_spion.referee import check_text, standing, verdict
from mortar.games.marsal_a_spion.rules import Options
from mortar.games.marsal_a_spion.rules import Termination as T
from mortar.games.marsal_a_spion.state import State
from mortar.kit.records import NewerFormatError, RecordError, RecordIllegalError
from mortar.kit.replay import Replay


def record_text(**changes) -> str:
    """A short legal record (two moves, names, both setups) with ``changes`` to its JSON:
    ``options={...}``, ``setup__Red__A1="MAR"``; the value ``...`` deletes a key."""
    state = new_game()
    state.names = {RED: "Jana", BLUE: "Petr"}
    state.apply(play("A4-A5"))
    state.apply(OfferDraw(play("A8-A7")))
    data = GAME.record(state).to_json()
    for path, value in changes.items():
        *keys, last = path.split("__")
        node = data
        for key in keys:
            node = node[int(key)] if isinstance(node, list) else node[key]
        key = int(last) if isinstance(node, list) else last
        if value is ...:
            del node[key]
        else:
            node[key] = value
    return json.dumps(data, ensure_ascii=False)


def games_ending(reason: T, count: int = 1) -> list[State]:
    """Random games that end by ``reason``, found by seed (a few seeds suffice)."""
    found = []
    for seed in range(500):
        state = random_game(random.Random(seed))
        if state.outcome.reason is reason:
            found.append(state)
            if len(found) == count:
                return found
    raise AssertionError(f"no random game ended by {reason}")


# --- saving and reading back ----------------------------------------------------------------


def test_the_saved_record_has_the_shape_of_record_md():
    text = record_text()
    data = json.loads(text)
    assert list(data) == ["format", "options", "players", "setup", "actions"]
    assert data["format"] == "marsal-a-spion/1"
    assert data["options"] == {"inactivity_limit": 200, "memory_aid": True, "deduction_aid": False}
    assert data["players"] == {"Red": {"name": "Jana"}, "Blue": {"name": "Petr"}}
    assert len(data["setup"]["Red"]) == len(data["setup"]["Blue"]) == 40
    assert data["setup"]["Red"]["J4"] == "FLG"
    assert data["actions"] == [{"player": "Red", "move": "A4-A5"},
                               {"player": "Blue", "move": "A8-A7", "offer_draw": True}]
    lines = loads(text).save().splitlines()  # a setup or an action a line
    starts = ["{", '  "format": "marsal-a-spion/1",', '  "options": {"inactivity_limit": 200, ',
              '  "players": {"Red": {"name": "Jana"}, ', '  "setup": {', '    "Red": {"A1": "MAR", ',
              '    "Blue": {"A8": "MAR", ', "  },", '  "actions": [',
              '    {"player": "Red", "move": "A4-A5"},', '    {"player": "Blue", ', "  ]", "}"]
    assert len(lines) == len(starts) and all(line.startswith(s) for line, s in zip(lines, starts))
    assert lines[-3] == '    {"player": "Blue", "move": "A8-A7", "offer_draw": true}'


@pytest.mark.parametrize("seed", range(8))
def test_records_round_trip(seed):
    rng = random.Random(seed)
    state = random_game(rng, Options(inactivity_limit=rng.choice([200, 40, None])),
                        stop_at=rng.choice([None, 30]), resign_chance=0.002)
    if state.outcome is None and seed % 2:
        state.apply(OfferDraw(state.random_action(rng)))
        state.apply(AcceptDraw())
    record = GAME.record(state)
    text = record.save()
    again = loads(text)
    assert again == record and again.save() == text
    replayed = again.replay()
    assert replayed.outcome == state.outcome and replayed.turns == state.turns
    for player in (RED, BLUE):
        assert replayed.seat(player) == state.seat(player)


def test_a_record_may_stop_anywhere_even_while_setting_up():
    state = State()
    assert check_text(GAME.record(state).save()).line == "ok: in progress after 0 turns, Red to set up"
    state.apply(setup_with(RED))
    record = loads(GAME.record(state).save())
    assert list(record.setups) == [RED]
    result = verdict(record)
    assert result.line == "ok: in progress after 0 turns, Blue to set up" and result.next == "Blue"


def test_the_kit_replay_steps_through_setups_and_actions():
    state = random_game(random.Random(3), stop_at=150)
    replay = Replay(GAME.record(state), every=16)
    assert len(replay) == len(state.history) == 152
    for step in (0, 1, 2, 3, 70, 152):
        game = replay.game_at(step)
        assert len(game.history) == step and game.history == state.history[:step]
    assert replay.game_at(152).seat(BLUE) == state.seat(BLUE)
    assert replay.game_at(0).phase.value == "setup" and replay.game_at(2).turns == 0


def test_extra_options_are_kept_and_ignored_by_the_rules():
    options = {"inactivity_limit": 50, "computer": {"Blue": "easy"}, "memory_aid": "on",
               "deduction_aid": True, "huge": ["HUGE"]}
    text = record_text(options=options).replace('"HUGE"', "9" * 5000)
    record = loads(text)
    assert record.options.inactivity_limit == 50 and record.options.deduction_aid is True
    assert record.options.memory_aid is True  # "on" is not a switch the rules read; it is kept
    assert dict(record.options.extra)["computer"] == '{"Blue": "easy"}'
    saved = record.save()
    assert '"computer": {"Blue": "easy"}' in saved and '"memory_aid": "on"' in saved
    assert saved.count("9" * 5000) == 1 and loads(saved).save() == saved
    assert check_text(saved).status == "ok"


def test_a_missing_or_null_inactivity_limit_means_200_or_none():
    assert parse(json.loads(record_text(options=...))).options.inactivity_limit == 200
    assert parse(json.loads(record_text(options={}))).options.inactivity_limit == 200
    assert parse(json.loads(record_text(options={"inactivity_limit": None}))).options.inactivity_limit is None


# --- malformed records: not a record --------------------------------------------------------

MALFORMED = {
    "not an object": ("[]", "must be an object"),
    "no format": (record_text(format=...), "lacks the key 'format'"),
    "another game": (record_text(format="mortar-hunt/1"), "format must be 'marsal-a-spion/1'"),
    "unknown key": (record_text(extra=1), "unknown key 'extra'"),
    "options a list": (record_text(options=[]), "options must be an object"),
    "limit zero": (record_text(options={"inactivity_limit": 0}), "options.inactivity_limit"),
    "limit text": (record_text(options={"inactivity_limit": "200"}), "options.inactivity_limit"),
    "limit true": (record_text(options={"inactivity_limit": True}), "options.inactivity_limit"),
    "limit fraction": (record_text(options={"inactivity_limit": 1.5}), "options.inactivity_limit"),
    "long name": (record_text(players__Red__name="x" * 25), "players.Red.name"),
    "empty name": (record_text(players__Red__name=""), "players.Red.name"),
    "same names": (record_text(players__Blue__name=" JANA "), "two players need two names"),
    "a third player": (record_text(players__Green={"name": "G"}), "unknown key 'Green'"),
    "setup a list": (record_text(setup=[]), "setup must be an object"),
    "setup of Green": (record_text(setup__Green={}), "unknown key 'Green'"),
    "setup.Red a list": (record_text(setup__Red=["A1"]), "setup.Red must be an object"),
    "setup square": (record_text(setup__Red__K1="MAR"), "setup.Red: 'K1' is not a square"),
    "setup id": (record_text(setup__Red__A1="KING"), "setup.Red.A1: 'KING' is not a piece id"),
    "setup id number": (record_text(setup__Red__A1=9), "setup.Red.A1 must be a string"),
    "actions an object": (record_text(actions={}), "actions must be a list"),
    "action a string": (record_text(actions__0="A4-A5"), "actions[0] must be an object"),
    "no player": (record_text(actions__0__player=...), "actions[0].player"),
    "out of turn": (record_text(actions__0__player="Blue"), "it is Red's turn"),
    "no action": (record_text(actions__0__move=...), "exactly one action"),
    "two actions": (record_text(actions__0__attack="A4xA5"), "exactly one action"),
    "unknown action": (record_text(actions__0__pass=True), "unknown key 'pass'"),
    "move a number": (record_text(actions__0__move=45), "actions[0].move must be a string"),
    "move notation": (record_text(actions__0__move="A4A5"), "actions[0].move: 'A4A5' is not a move"),
    "attack notation": (record_text(actions__0__move=..., actions__0__attack="A4-A5"), "is not an attack"),
    "offer false": (record_text(actions__1__offer_draw=False), "offer_draw must be true"),
    "offer on resign": (record_text(actions__1__move=..., actions__1__resign=True),
                        "only a game's own action"),
    "resign yes": (record_text(actions__1__move=..., actions__1__offer_draw=..., actions__1__resign="yes"),
                   "resign must be true"),
    "accept false": (record_text(actions__1__move=..., actions__1__offer_draw=..., actions__1__accept_draw=0),
                     "accept_draw must be true"),
    "empty": ("  ", "empty"),
    "not json": ("{format: 1}", "not valid JSON"),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_a_malformed_record_is_not_a_record(name):
    text, words = MALFORMED[name]
    with pytest.raises(RecordError) as error:
        loads(text)
    assert words in str(error.value)
    result = check_text(text)
    assert result.status == "error" and result.line == f"error: {error.value}" and result.exit_code == 2


def test_a_newer_format_is_told_apart():
    with pytest.raises(NewerFormatError):
        loads(record_text(format="marsal-a-spion/2"))


# --- illegal records -------------------------------------------------------------------------


def illegal(text: str) -> RecordIllegalError:
    record = loads(text)
    with pytest.raises(RecordIllegalError) as error:
        record.replay()
    return error.value


@pytest.mark.parametrize("change, words", [
    ({"setup__Red__B1": "MAR"}, "2 Marshals"),
    ({"setup__Red__A1": ...}, "A1 is left empty"),
    ({"setup__Red__A5": "MF"}, "A5 is outside Red's home rows"),
    ({"setup__Red__E9": "MF"}, "E9 is outside Red's home rows"),
    ({"setup__Blue__A1": "MF"}, "A1 is outside Blue's home rows"),
])
def test_an_illegal_setup_is_illegal_at_turn_0(change, words):
    error = illegal(record_text(**change))
    assert error.turn == 0 and words in error.reason
    assert error.player == ("Blue" if "Blue" in next(iter(change)) else "Red")
    assert str(error).startswith(f"setup {error.player}: ")
    assert not any(piece.word in error.public_reason for piece in Piece)


def test_blue_may_not_set_up_before_red():
    error = illegal(record_text(setup__Red=..., actions=[]))
    assert (error.turn, error.player) == (0, "Blue")


def test_actions_before_both_setups_are_illegal():
    error = illegal(record_text(setup__Blue=...))
    assert (error.turn, error.player) == (1, "Red") and "set up" in error.reason


def test_an_illegal_action_names_its_turn_and_player_and_a_public_reason():
    text = record_text(actions__1__move="A8-A6")  # Blue's A8 is the Marshal (setup_with's order)
    error = illegal(text)
    assert (error.turn, error.player) == (2, "Blue")
    assert "Scout" in error.reason and not any(p.word in error.public_reason for p in Piece)
    assert error.public_message == "turn 2 Blue: that move is not legal"
    result = check_text(text)
    assert result.line == f"illegal: turn 2 Blue: {error.reason}"
    assert result.to_json() == {"status": "illegal", "turn": 2, "player": "Blue", "reason": error.reason,
                                "winner": None, "end": None, "turns": 1, "next": "Blue"}


def test_a_public_reason_quotes_public_facts():
    error = illegal(record_text(actions__1__move="A8-B8"))
    assert error.public_reason == error.reason == "A8-B8: B8 holds a piece of yours"


def test_actions_after_the_end_are_illegal():
    text = record_text(actions__1={"player": "Blue", "resign": True})
    data = json.loads(text)
    data["actions"].append({"player": "Red", "move": "A5-A6"})
    error = illegal(json.dumps(data))
    assert (error.turn, error.player) == (3, "Red") and "the game is over" in error.reason
    assert check_text(json.dumps(data)).to_json()["winner"] == "Red"


# --- hostile input ---------------------------------------------------------------------------


def test_hostile_input_is_judged_quickly_and_quoted_briefly():
    cases = [
        "[" * 100_000 + "]" * 100_000,  # nesting
        record_text(actions__0__move="A4-" + "A" * 1_000_000),  # a long string
        record_text(options={"inactivity_limit": 0}).replace(": 0}", ": -" + "9" * 1_000_000 + "}"),
        b'{"format": "marsal-a-spion/1", "actions": [], "x": "\xff"}',  # not UTF-8
        '{"format": "marsal-a-spion/1", "actions": ' + '"' + "\\" * 100_000,
    ]
    for text in cases:
        result = check_text(text)
        assert result.status == "error" and len(result.line) < 300, result.line[:300]


def test_a_huge_inactivity_limit_is_a_positive_whole_number_and_saves_its_digits():
    digits = "9" * 100_000
    text = record_text(options={"inactivity_limit": "DIGITS"}).replace('"DIGITS"', digits)
    record = loads(text)
    assert record.options.inactivity_limit > 10**100
    assert record.save().count(digits) == 1 and check_text(text).status == "ok"


def test_the_referee_never_raises_on_junk_json():
    rng = random.Random(5)
    pieces = ["{", "}", "[", "]", '"format"', ":", ",", '"marsal-a-spion/1"', '"actions"', "null", "1",
              '"setup"', '"Red"', '"move"', '"A4-A5"', '"player"', "true", '"options"']
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30)))
        assert check_text(text).status in ("ok", "illegal", "error")


# --- the verdict ----------------------------------------------------------------------------


@pytest.mark.parametrize("reason, words", [
    (T.FLAG_CAPTURED, "wins (flag captured)"),
    (T.PAT, "draw (PAT)"),
    (T.INACTIVITY, "draw (200 turns without an attack)"),
])
def test_the_verdict_of_a_finished_game(reason, words):
    state = games_ending(reason)[0]
    result = check_text(GAME.record(state).save())
    winner = "draw" if state.outcome.winner is None else str(state.outcome.winner)
    head = "draw" if winner == "draw" else f"{winner} wins"
    assert result.line == f"ok: {head} ({words.split('(')[1]} after {state.turns} turns"
    assert result.line.endswith(f"{words} after {state.turns} turns")
    assert result.to_json() == {"status": "ok", "turn": None, "player": None, "reason": None,
                                "winner": winner, "end": reason.value, "turns": state.turns, "next": None}
    assert list(result.to_json()) == ["status", "turn", "player", "reason", "winner", "end", "turns", "next"]
    assert result.exit_code == 0


def test_the_verdict_of_agreed_draws_resignations_and_games_in_progress():
    state = new_game()
    state.apply(OfferDraw(play("A4-A5")))
    state.apply(AcceptDraw())
    assert check_text(GAME.record(state).save()).line == "ok: draw (agreed) after 2 turns"
    state = new_game()
    state.apply(play("A4-A5"))
    state.apply(Resign())
    result = check_text(GAME.record(state).save())
    assert result.line == "ok: Red wins (Blue resigned) after 2 turns"
    assert (result.winner, result.details, result.next) == ("Red", {"end": "resign"}, None)
    state = new_game()
    for text in ("A4-A5", "A8-A7", "A5-A6", "A7xA6", "A6-A7", "B8-B7", "A7-A6"):
        state.apply(play(text))
    result = check_text(GAME.record(state).save())
    assert result.line == "ok: in progress after 7 turns, Blue to play"
    assert result.to_json() == {"status": "ok", "turn": None, "player": None, "reason": None, "winner": None,
                                "end": None, "turns": 7, "next": "Blue"}
    state = new_game()
    state.apply(play("A4-A5"))
    assert check_text(GAME.record(state).save()).line == "ok: in progress after 1 turn, Blue to play"


def test_the_verdict_of_a_no_hope_draw():
    state = arrange("A1:FLG A2:MF B1:MF E5:CPL", "J11:FLG J10:MF I11:MF E6:SCT H6:CPL")
    state.apply(play("E5xE6"))
    result = standing(state)
    assert result.line == "ok: draw (no hope: neither flag can be captured) after 1 turn"
    assert result.details == {"end": "no-hope"} and result.winner == "draw"


def test_the_game_definition_judges_records():
    state = games_ending(T.FLAG_CAPTURED)[0]
    record = GAME.parse_record(json.loads(GAME.record(state).save()))
    assert isinstance(record, Record) and GAME.verdict(record) == check_text(record.save())
    assert GAME.record_format == FORMAT
