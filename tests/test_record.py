"""Records (RECORD.md): validation, replay and byte-stable save."""

import json
from pathlib import Path

import pytest

from mortar.games.mortar_hunt import Record, RecordError, check_text, load, parse, save
from mortar.games.mortar_hunt.referee import verdict_line

DATA = Path(__file__).parent / "data"
GOOD = json.loads((DATA / "rulebook-b.json").read_text())


def variant_of(**changes) -> str:
    data = json.loads(json.dumps(GOOD))
    for path, value in changes.items():
        *keys, last = path.split("__")
        node = data
        for k in keys:
            node = node[int(k)] if isinstance(node, list) else node[k]
        if value is ...:
            del node[int(last) if isinstance(node, list) else last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return json.dumps(data)


def test_save_load_save_is_byte_stable():
    for name in ("rulebook-a.json", "rulebook-b.json"):
        text = (DATA / name).read_text()
        once = save(load(text))
        assert once == text
        assert save(load(once)) == once


def test_replay_rebuilds_the_same_state():
    game = load((DATA / "rulebook-b.json").read_text())
    again = Record.from_game(game).replay()
    assert [p for p in again.history] == game.history
    assert again.winner == game.winner


def test_record_without_results_is_checked_and_saved_canonically():
    data = json.loads(json.dumps(GOOD))
    for action in data["actions"]:
        if action.get("shot"):
            action["shot"].pop("result")
    record = parse(json.dumps(data))
    assert str(check_text(json.dumps(data))) == "ok: A wins 3:2 after 16 turns"
    assert record.save() == parse(record.save()).save()


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("   \n", "empty"),
    ("{", "not valid JSON"),
    ("[]", "must be an object"),
    ("null", "must be an object"),
    ('"x"', "must be an object"),
    ("NaN", "not allowed"),
    ("[" * 100000, "nested more than"),
    ("[" * 40 + "]" * 40, "nested more than"),
    (variant_of(format="mortar-hunt/2"), "newer than"),
    (variant_of(format="mortar-hunt/one"), "format must be"),
    (variant_of(variant="chess"), "variant must be"),
    (variant_of(turn_limit=0), "turn_limit must be"),
    (variant_of(turn_limit=True), "turn_limit must be"),
    (variant_of(turn_limit=2.5), "turn_limit must be"),
    (variant_of(extra=1), "unknown key 'extra'"),
    (variant_of(actions=...), "lacks the key 'actions'"),
    (variant_of(players__A__pieces=["HM", "HM"]), "three piece types"),
    (variant_of(players__A__pieces=["HM", "HM", "XX"]), r"pieces\[2\]"),
    (variant_of(players__A__name=5), "name must be a string"),
    (variant_of(setup__A=["C3/N", "E1/NE", "Z3/N"]), "'Z3/N' is not a position"),
    (variant_of(setup__A=["C3/N", "E1/NE", 7]), "must be a string"),
    (variant_of(setup__A=...), "B's pieces but not A's"),
    (variant_of(actions__0__player="B"), "it is A's turn"),
    (variant_of(actions__0__move__piece=4), "piece number 1, 2 or 3"),
    (variant_of(actions__0__move__piece=True), "piece number 1, 2 or 3"),
    (variant_of(actions__0__move__to="C3"), "is not a position"),
    (variant_of(actions__0__shot__at="c3"), "is not a square"),
    (variant_of(actions__0__shot__result="maybe"), "result must be"),
    (variant_of(actions__0__shot=...), "lacks the key 'shot'"),
    (variant_of(actions__0__resign=False), "unknown key|resign must be true"),
    (variant_of(actions__0={"player": "A", "resign": False}), "resign must be true"),
    (variant_of(actions__0={"player": "A", "sacrifice": 9}), "piece number"),
    (variant_of(actions__0="A"), "must be an object"),
])
def test_malformed_records_are_errors(text, words):
    verdict = check_text(text)
    assert verdict.status == "error", verdict
    assert verdict.exit_code == 2
    with pytest.raises(RecordError, match=words):
        parse(text)


def test_invalid_utf8_is_an_error():
    assert check_text(b"\xff\xfe{").status == "error"


def test_huge_numbers_never_crash():
    huge = "9" * 5000
    text = variant_of(turn_limit=1).replace('"turn_limit": 1', f'"turn_limit": {huge}')
    verdict = check_text(text)
    assert verdict.status == "ok"
    assert save(load(text)).count(huge) == 1
    bad = variant_of().replace('"piece": 3, "to": "C3/NE"', f'"piece": {huge}, "to": "C3/NE"')
    assert check_text(bad).status == "error"


def test_unicode_names_round_trip():
    text = variant_of(players__A__name="Предраг 🎯 \"<b>\"")
    assert save(load(text)) == save(load(save(load(text))))
    assert load(text).name("A") == "Предраг 🎯 \"<b>\""


@pytest.mark.parametrize("changes, where, words", [
    ({"setup__A": ["C5/N", "E1/NE", "I2/NW"]}, (0, "A"), "obstacle row"),
    ({"setup__B": ["K9/S", "K9/N", "A8/SE"]}, (0, "B"), "both on K9"),
    ({"setup__B": ["K4/S", "I9/S", "A8/SE"]}, (0, "B"), "not in B's half"),
    ({"actions__0__move__to": "C3/NW"}, (1, "A"), "must change"),
    ({"actions__2__move__to": "H4/N"}, (2, "A"), "more than three steps"),
    ({"actions__1__shot__result": "hit"}, (1, "B"), "announced as a hit but it is a miss"),
    ({"actions__1__shot__at": "G3"}, (1, "B"), "not along"),
])
def test_rule_breaking_records_are_illegal_and_located(changes, where, words):
    verdict = check_text(variant_of(**changes))
    assert verdict.status == "illegal", verdict
    assert (verdict.turn, verdict.player) == where
    assert verdict.exit_code == 1
    import re
    assert re.search(words, verdict.reason)


def test_actions_after_the_end_are_illegal():
    data = json.loads(json.dumps(GOOD))
    data["actions"].append({"player": "B", "resign": True})
    verdict = check_text(json.dumps(data))
    assert (verdict.status, verdict.turn, verdict.player) == ("illegal", 16, "B")
    assert "game is over" in verdict.reason
    assert verdict.winner == "A"


def test_a_game_in_progress_is_valid_including_during_placement():
    data = json.loads(json.dumps(GOOD))
    data["actions"] = data["actions"][:13]
    assert str(check_text(json.dumps(data))) == "ok: in progress after 7 turns, B to play, A 1:1 B"
    data["actions"] = []
    del data["setup"]["B"]
    verdict = check_text(json.dumps(data))
    assert str(verdict) == "ok: in progress after 0 turns, B to play, A 0:0 B"


def test_verdict_json_shape():
    verdict = check_text((DATA / "rulebook-b.json").read_text())
    assert verdict.to_json() == {"status": "ok", "turn": None, "player": None, "reason": None,
                                 "winner": "A", "score": {"A": 3, "B": 2}, "turns": 16,
                                 "next": None}
    assert verdict_line("draw", {"A": 1, "B": 1}, 28, None) == "ok: draw 1:1 after 28 turns"
    assert verdict_line("B", {"A": 1, "B": 3}, 9, None) == "ok: B wins 3:1 after 9 turns"
    assert verdict_line(None, {"A": 0, "B": 1}, 1, "B") == "ok: in progress after 1 turn, B to play, A 0:1 B"


def test_records_keep_the_computer_seat_and_the_radar_option():
    from mortar.games.mortar_hunt.record import RecordError, parse

    text = json.dumps({"format": "mortar-hunt/1", "variant": "classic", "turn_limit": None,
                       "radar": True,
                       "players": {"A": {"name": "Ann", "pieces": ["HM"] * 3},
                                   "B": {"pieces": ["HM"] * 3, "computer": "hard"}},
                       "setup": {}, "actions": []})
    record = parse(text)
    assert record.computer == {"B": "hard"} and record.radar is True
    again = parse(record.save())
    assert again.computer == {"B": "hard"} and again.radar is True
    assert parse(again.save()).save() == record.save()
    for bad in ('"computer": "god"', '"computer": 3'):
        with pytest.raises(RecordError):
            parse(text.replace('"computer": "hard"', bad))
    with pytest.raises(RecordError):
        parse(text.replace('"radar": true', '"radar": 1'))
    plain = parse(text.replace('"radar": true, ', "").replace(', "computer": "hard"', ""))
    assert plain.computer == {} and plain.radar is False and '"radar"' not in plain.save()
