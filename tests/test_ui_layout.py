"""The phone-first screens (issue 9) as element trees: what each stage says and shows (pure
Python; the sizes on a real phone are checked by e2e/test_phone.py)."""

from __future__ import annotations

from test_ui_flow import Table

from mortar.games.mortar_hunt.table.boardview import board_view, heat_level, radar_marks
from mortar.table.html import all_text
from screens import render


def _text(model) -> str:
    return all_text(render(model))


def test_the_second_skip_warns_and_a_compulsory_shot_names_no_letter():
    t = Table()
    t.start()
    t.turn(1, steps=["left"], shot=None)
    t.do("end-turn")
    t.turn(1, steps=["left"], shot=None)
    t.do("end-turn")
    t.do("reveal")
    t.do("select", "1")
    t.do("step", "right")
    model = t.do("confirm-move")
    assert model["last_free_skip"] and model["fire"]["can_skip"]
    tree = render(model)
    assert tree.find(id="skip-warning")[0].text().endswith("If you do not fire now, you must fire next turn.")
    skip = tree.find(data_action="skip")[0]
    assert skip.attrs["aria-describedby"] == "skip-warning"
    t.do("skip")
    t.do("end-turn")
    t.turn(1, steps=["right"], shot=None)
    t.do("end-turn")
    model = t.do("reveal")
    assert model["must_shoot"]
    warnings = render(model).find(class_="warnings")[0].text()
    assert "You must fire this turn: no shot in your last 2 turns." in warnings
    t.do("select", "2")
    t.do("step", "left")
    model = t.do("confirm-move")
    reason = render(model).find(id="skip-reason")[0].text()
    assert reason == "You must fire this turn: no shot in your last 2 turns."
    assert "A must" not in _text(model)


def test_the_result_screen_is_headed_with_its_own_turn_and_the_last_turn_is_announced():
    t = Table()
    t.start(limit="custom", custom="1")
    model = t.do("reveal")
    assert model["last_turn"]
    assert "Last turn: the game ends after turn 1." in render(model).find(class_="warnings")[0].text()
    t.turn(1, steps=["forward"], shot=None, reveal=False)
    t.do("end-turn")
    model = t.turn(3, steps=["left"], shot=None)  # B's turn 1
    assert model["stage"] == "result" and model["result"]["turn"] == 1
    title = render(model).find(class_="screen-title")[0].text()
    assert title == "Turn 1 · Bob (Player\u00a0B)"


def test_words_are_device_neutral_and_the_aim_needs_no_font_glyph():
    t = Table()
    t.start()
    seen = []
    model = t.do("reveal")
    seen.append(_text(model))
    t.do("select", "1")
    seen.append(_text(t.do("step", "forward")))
    t.do("confirm-move")
    seen.append(_text(t.do("square", "C7")))
    seen.append(_text(t.do("confirm")))
    for text in seen:
        assert "Tap" not in text and "⌖" not in text


def test_the_winning_hit_has_its_moment():
    t = Table()
    t.start()
    for piece, target, turn in ((1, "C7", "left"), (2, "E7", "right")):
        t.turn(piece, steps=["forward"], shot=target)
        t.do("end-turn")
        t.turn(3, steps=[turn], shot=None)
        t.do("end-turn")
    model = t.turn(3, steps=["forward"], shot="G7")
    assert model["result"]["over"]
    assert render(model).find(class_="win-banner")[0].text() == "You win, Alice!"


def test_the_radar_overlay_marks_heat_origins_and_exposure():
    radar = {"heat": {"C7": 0.6, "D7": 0.1, "E7": 0.01}, "words": {},
             "last_shot": {"at": "C3", "turn": 1, "squares": ["C6", "C7"], "text": ""},
             "exposure": [{"piece": 1, "square": "C2", "level": "located", "reason": ""}],
             "lines": ["x"]}
    marks = radar_marks(radar)
    assert marks["C7"][0] == ["heat-5", "origin"] and marks["D7"][0] == ["heat-2"]
    assert "E7" not in marks and marks["C6"][0] == ["origin"]
    assert heat_level(0.01) == 0 and heat_level(0.3) == 4
    t = Table()
    t.start()
    model = t.do("reveal")
    board = board_view(model["board"], "A", label="x", radar=radar)
    c2 = board.find(data_square="C2")[0]
    assert c2.find(class_="exposure exp-located")
    assert "heat-5" in board.find(data_square="C7")[0].attrs["class"]


def test_the_review_is_one_battlefield_with_the_shot_drawn():
    t = Table()
    t.start()
    t.turn(1, steps=["forward"], shot="C7")
    t.do("end-turn")
    t.do("reveal")
    t.do("resign")
    model = t.do("resign-confirm")
    model = t.do("replay", "prev")
    tree = render(model)
    boards = [e for e in tree.walk() if "game-board" in e.attrs.get("class", "").split()]
    assert len(boards) == 1
    lines = tree.find(data_from="C3")
    assert lines and lines[0].attrs["data-to"] == "C7" and "hit" in lines[0].attrs["class"]
    assert model["pieces"] == {"A": "1 heavy mortar, 2 heavy mortar, 3 heavy mortar",
                               "B": "1 heavy mortar, 2 heavy mortar, 3 heavy mortar"}
    assert [b.attrs.get("data-arg") for b in tree.find(data_action="export")] == [None, "copy", "share"]
