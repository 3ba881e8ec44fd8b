"""What the three KARO record formats share (RECORD.md; mortar.kit.turnrecord): the envelope,
canonical saving, replaying, the referee's verdict in plain words and JSON, hostile input, the
GameDef protocol and the duel's line protocol, for every game alike."""

from __future__ import annotations

import json
import random
from functools import cache

import pytest

from karo_play import kinds, playout
from mortar.games import enlightenment, four_circles, hopper_and_sneaker
from mortar.kit.common import AcceptDraw, OfferDraw, Pass, Resign
from mortar.kit.jsontext import MAX_DEPTH
from mortar.kit.records import NewerFormatError, RecordError, RecordIllegalError
from mortar.kit.replay import Replay
from mortar.kit.turns import PLAYERS, Player

GAMES = [hopper_and_sneaker.GAME, enlightenment.GAME, four_circles.GAME]
IDS = [g.name for g in GAMES]
KEYS = ["status", "turn", "player", "reason", "winner", "end", "turns", "next"]


@cache
def finished(game, seed: int):
    """A random game played to its end (the tests only read it)."""
    return playout(game, random.Random(seed), game.new().options, offers=0.05)


@cache
def resigned(game, seed: int = 1):
    """A short random game: thirty actions with draw offers, then a resignation."""
    rng = random.Random(seed)
    state = game.new(type(game.default_options())(first=rng.choice(PLAYERS)), {"Red": "Jana"})
    for _ in range(30):
        action = state.random_action(rng)
        state.apply(OfferDraw(action) if rng.random() < 0.2 and not state.position.setting_up else action)
    state.apply(Resign())
    return state


def record_data(game) -> dict:
    return json.loads(game.record(resigned(game)).save())


@pytest.fixture(params=GAMES, ids=IDS)
def game(request):
    return request.param


# --- the GameDef protocol ------------------------------------------------------------------


def test_the_game_describes_itself(game):
    assert game.players == ("Red", "White") and game.levels == ("easy", "medium", "hard")
    assert game.record_format == f"{game.name}/1"
    assert game.title.replace(" ", "-").lower() == game.name


def test_new_takes_options_with_the_first_player_and_names(game):
    options = type(game.default_options())(first=Player.WHITE)
    state = game.new(options, {"Red": "Jana", "White": "Petr"})
    assert state.to_play is Player.WHITE and state.names == {"Red": "Jana", "White": "Petr"}
    with pytest.raises(ValueError):
        game.new(None, {"Red": "Jana", "White": " jana"})
    with pytest.raises(ValueError):
        game.new(None, {"Red": "J" * 25})


def test_the_computer_plays_legal_actions_from_the_seat(game):
    """A whole game's setup and play, easy against medium (hard's actions, its search the same
    deeper, are checked from random positions in test_karo_computer.py: it decides in ~0.1 s)."""
    state = game.new()
    computers = {p: game.computer(level, 9) for p, level in zip(PLAYERS, ("easy", "medium"))}
    for _ in range(60):
        if state.outcome is not None:
            break
        seat = state.seat(state.to_play)
        state.apply(computers[state.to_play].choose(seat))
    assert state.turns > 0
    with pytest.raises(ValueError):
        game.computer("grandmaster", 1)


def test_a_duel_starts_after_random_setups_and_both_games_of_a_pair_alike(game):
    start = game.duel_start(None, random.Random(3))
    again = game.duel_start(None, random.Random(3))
    assert not start.position.setting_up and start.turns == 0
    assert start.position == again.position and start.copy().position == start.position


def test_a_duel_never_starts_where_a_player_has_no_move():
    """Hopper and Sneaker's three Hoppers in front of three Sneakers can only pass and lose by
    the blockade: such a start would decide the pair by the draw."""
    from mortar.games import hopper_and_sneaker
    from mortar.games.hopper_and_sneaker import Setup
    rng = random.Random(5)
    for _ in range(60):
        position = hopper_and_sneaker.GAME.duel_start(None, rng).position
        assert position.has_actions() and position.passed().has_actions(), str(position)
    dead = hopper_and_sneaker.State(hopper_and_sneaker.Options(first=PLAYERS[0]))
    dead.apply(Setup.home(PLAYERS[0], "SSSHHH"))  # a1-c1 Sneakers, a2-c2 Hoppers in front
    dead.apply(Setup.home(PLAYERS[1], "HSHSHS"))
    assert not dead.position.has_actions()  # such a start exists, and is never drawn


# --- records: round trip and layout --------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_a_record_round_trips_and_replays_to_the_same_game(game, seed):
    state = finished(game, seed) if seed else resigned(game)
    record = game.record(state)
    text = record.save()
    again = game.load(text)
    assert again == record and again.save() == text
    replayed = again.replay()
    assert replayed.outcome == state.outcome and replayed.position == state.position
    assert replayed.history == state.history


def test_a_record_steps_through_with_the_kit_replay(game):
    record = game.record(finished(game, 1))
    replay = Replay(record, every=16)
    assert len(replay) == len(record.actions()) and replay.final.outcome == finished(game, 1).outcome
    for step in (0, 1, 17, len(replay) // 2, len(replay)):
        direct = game.record(finished(game, 1))
        direct.entries = direct.entries[:step]
        assert replay.game_at(step).position == direct.replay().position


def test_a_saved_record_has_one_action_a_line(game):
    state = finished(game, 1)
    lines = game.record(state).save().splitlines()
    action_lines = [line for line in lines if line.startswith('    {"player"')]
    assert len(action_lines) == state.turns
    assert lines[0] == "{" and lines[-1] == "}"


def test_a_game_in_progress_is_a_valid_record(game):
    state = game.new()
    rng = random.Random(4)
    for _ in range(7):
        state.apply(state.random_action(rng))
    verdict = game.verdict(game.load(game.record(state).save()))
    assert verdict.status == "ok" and verdict.winner is None and verdict.details == {"end": None}
    assert verdict.turns == state.turns and verdict.next == state.to_play.value
    word = "turn" if state.turns == 1 else "turns"
    assert verdict.line == f"ok: in progress after {state.turns} {word}, {state.to_play} to play"


def test_the_table_keys_under_options_are_kept_and_ignored(game):
    data = record_data(game)
    data["options"] = {**data.get("options", {}), "computer": {"White": "easy"}, "aids": [1, 2]}
    record = game.parse_record(data)
    assert record.options.extra == {"computer": {"White": "easy"}, "aids": [1, 2]}
    saved = json.loads(record.save())
    assert saved["options"]["computer"] == {"White": "easy"} and saved["options"]["aids"] == [1, 2]
    assert game.verdict(record).status == "ok"


def test_a_record_without_first_means_red_first(game):
    options = type(game.default_options())(first=Player.RED)
    record = game.record(playout(game, random.Random(7), options))
    data = json.loads(record.save())
    del data["first"]
    assert game.parse_record(data) == record


# --- the referee ---------------------------------------------------------------------------


def test_the_verdict_of_a_finished_game(game):
    state = finished(game, 2)
    verdict = game.verdict(game.record(state))
    assert verdict.status == "ok" and verdict.exit_code == 0
    assert list(verdict.to_json()) == KEYS
    assert verdict.to_json()["winner"] == state.outcome.result
    assert verdict.to_json()["end"] == state.outcome.reason.value and verdict.next is None
    assert verdict.line == f"ok: {state.outcome}"


def test_an_action_after_the_end_is_illegal(game):
    data = record_data(game)
    last = data["actions"][-1]["player"]
    data["actions"].append({"player": Player(last).opponent.value, "resign": True})
    verdict = game.verdict(game.parse_record(data))
    turn = len(data["actions"])
    assert verdict.status == "illegal" and verdict.turn == turn and verdict.exit_code == 1
    assert verdict.line.startswith(f"illegal: turn {turn} {Player(last).opponent}: the game is over")
    assert verdict.to_json() == {"status": "illegal", "turn": turn, "player": Player(last).opponent.value,
                                 "reason": verdict.reason, "winner": None, "end": None,
                                 "turns": turn - 1, "next": None}


def test_a_written_pass_while_a_move_exists_is_illegal(game):
    data = record_data(game)
    data["actions"] = [{"player": data["first"], "pass": True}]
    with pytest.raises(RecordIllegalError) as caught:
        game.parse_record(data).replay()
    assert caught.value.turn == 1 and "may not pass" in caught.value.reason


def test_accepting_without_an_offer_is_illegal_and_with_one_ends_in_a_draw(game):
    state = game.new()
    rng = random.Random(3)
    while state.position.setting_up:
        state.apply(state.random_action(rng))
    data = json.loads(game.record(state).save())
    first, second = data["first"], Player(data["first"]).opponent.value
    move = game.action_json(state.random_action(rng))
    data["actions"] = [{"player": first, **move}, {"player": second, "accept_draw": True}]
    verdict = game.verdict(game.parse_record(data))
    assert verdict.status == "illegal" and verdict.turn == 2 and "offered no draw" in verdict.reason
    data["actions"][0]["offer_draw"] = True
    verdict = game.verdict(game.parse_record(data))
    assert verdict.line == "ok: draw (agreed) after 2 turns" and verdict.to_json()["end"] == "agreed"


def test_resigning_in_a_record(game):
    data = record_data(game)
    data["actions"] = [{"player": data["first"], "resign": True}]
    verdict = game.verdict(game.parse_record(data))
    winner = Player(data["first"]).opponent
    assert verdict.line == f"ok: {winner} wins (resignation) after 1 turn"
    assert verdict.winner == winner.value and verdict.details == {"end": "resign"}


# --- malformed records ---------------------------------------------------------------------


def malformed(game, data) -> str:
    with pytest.raises(RecordError) as caught:
        game.parse_record(data)
    verdict = game.check_text(json.dumps(data))
    assert verdict.status == "error" and verdict.exit_code == 2 and list(verdict.to_json()) == KEYS
    return str(caught.value)


def test_malformed_envelopes(game):
    good = record_data(game)
    first = good["first"]
    cases = [
        [],
        {k: v for k, v in good.items() if k != "format"},
        {**good, "format": "mortar-hunt/1"},
        {**good, "extra": 1},
        {**good, "first": "Blue"},
        {**good, "options": []},
        {**good, "actions": {}},
        {**good, "players": {"Red": {"name": "Ann"}, "White": {"name": "ann "}}},
        {**good, "players": {"Red": {"name": ""}}},
        {**good, "players": {"Red": {"name": "A" * 25}}},
        {**good, "players": {"Blue": {"name": "Ann"}}},
        {**good, "actions": [{"player": Player(first).opponent.value, "resign": True}]},
        {**good, "actions": [{"player": first}]},
        {**good, "actions": [{"player": first, "resign": True, "pass": True}]},
        {**good, "actions": [{"player": first, "pass": False}]},
        {**good, "actions": [{"player": first, "shout": True}]},
        {**good, "actions": [{"player": first, "pass": True, "offer_draw": True}]},
        {**good, "actions": [{"player": first, "resign": True, "offer_draw": False}]},
        {**good, "actions": ["resign"]},
    ]
    for data in cases:
        assert malformed(game, data)


def test_a_newer_format_is_too_new_not_broken(game):
    data = {**record_data(game), "format": f"{game.name}/2"}
    with pytest.raises(NewerFormatError):
        game.parse_record(data)


def test_the_shape_is_checked_before_any_rule(game):
    # An illegal first action (a pass while moves exist) and a malformed later one: not a record.
    data = record_data(game)
    data["actions"] = [{"player": data["first"], "pass": True},
                       {"player": Player(data["first"]).opponent.value, "move": 17}]
    assert game.check_text(json.dumps(data)).status == "error"


# --- hostile input through the kit's readers ------------------------------------------------


@pytest.mark.parametrize("text", [
    "", "   ", "nul", "[" * (MAX_DEPTH + 5), '{"format": "' + "\\" * 10_000, "NaN",
    '{"format": ' + "9" * 5000 + "}", b"\xff\xfe{}", '{"format": "x/1", "actions": []}',
])
def test_hostile_text_gives_an_error_verdict_never_an_exception(game, text):
    verdict = game.check_text(text)
    assert verdict.status == "error" and verdict.line.startswith("error: ")


def test_a_huge_number_kept_under_options_is_saved_with_its_digits(game):
    data = record_data(game)
    data["options"] = {**data.get("options", {}), "seat": "DIGITS"}
    text = json.dumps(data).replace('"DIGITS"', "8" * 4500)
    record = game.load(text)
    assert ("8" * 4500) in record.save() and game.load(record.save()) == record
    unknown_key = text.replace('"actions"', '"big": ' + "7" * 5000 + ', "actions"')
    assert game.check_text(unknown_key).status == "error"


# --- the duel's line protocol --------------------------------------------------------------


def test_actions_and_seats_in_record_notation_round_trip(game):
    rng = random.Random(11)
    state = game.new()
    seen = 0
    while state.outcome is None and seen < 300:
        seat = state.seat(state.to_play)
        data = game.seat_json(seat)
        assert data["player"] == data["to_play"] == state.to_play.value
        assert json.loads(json.dumps(data)) == data
        for action in rng.sample(seat.legal_actions(), min(5, len(seat.legal_actions()))):
            sent = game.action_json(action)
            assert "player" not in sent and json.loads(json.dumps(sent)) == sent
            back = game.parse_action(sent, seat)
            assert kinds([back]) == kinds([action]) and seat.refusal(back) is None
        state.apply(state.random_action(rng))
        seen += 1
    offered = OfferDraw(state.random_action(rng)) if state.outcome is None else None
    if offered is not None and not state.position.setting_up:
        assert game.parse_action(game.action_json(offered), state.seat(state.to_play)) == offered


@pytest.mark.parametrize("data", [None, [], "resign", {"player": "Red", "resign": True}, {"resign": 1},
                                  {"pass": True, "resign": True}, {"fly": True}, {"move": None}])
def test_a_malformed_action_sent_alone_is_a_record_error(game, data):
    seat = game.new().seat(Player.RED)
    with pytest.raises(RecordError):
        game.parse_action(data, seat)


def test_common_actions_in_record_notation(game):
    assert game.action_json(Pass()) == {"pass": True}
    assert game.action_json(Resign()) == {"resign": True}
    assert game.action_json(AcceptDraw()) == {"accept_draw": True}
