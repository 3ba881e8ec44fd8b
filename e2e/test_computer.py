"""Issue 10 in the page: whole games against the computer at each level, on a phone, with a
reload mid-game; the computer's pieces never reach the page before the game is over."""

from __future__ import annotations

import json
import re

import pytest

from ui_driver import SAVE_KEY, Driver

PHONE = {"width": 360, "height": 740}
SETUP = ["C2/N", "E2/N", "G2/N"]


def _start(d: Driver, level: str, *, limit: int, radar: bool = False) -> None:
    page = d.page
    d.wait_screen("start")
    d.press(page.locator('#app input[name="opponent"][value="computer"]'))
    d.press(page.locator(f'#app input[name="level"][value="{level}"]'))
    d.press(page.locator('#app input[name="side"][value="first"]'))
    page.fill('#app input[name="name-A"]', "Ann")
    d.press(page.locator('#app input[name="limit"][value="custom"]'))
    page.fill('#app input[name="custom-limit"]', str(limit))
    if radar:
        d.press(page.locator('#app input[name="aid"][value="on"]'))
    d.press_button("Start the game")


def _place(d: Driver) -> None:
    d.wait_screen("placement")  # straight to the board: no curtain before the computer
    for n, position in enumerate(SETUP, 1):
        square, facing = position.split("/")
        d.press(d.page.locator("#app").get_by_role("button", name=re.compile(rf"^Piece {n}\b")))
        face = d.face(facing)
        if face.get_attribute("aria-pressed") != "true":
            d.press(face)
        d.tap_square(square)
    d.press_button("Confirm placement")


def _computer_hidden(d: Driver) -> None:
    """The page holds none of the computer's positions while the game is on."""
    game = d.saved()
    html = d.page.evaluate("() => document.documentElement.outerHTML")
    for n in (1, 2, 3):
        assert str(game.position("B", n)) not in html


def _play_turn(d: Driver, radar: bool = False) -> None:
    """Ann's turn: turn some piece in place (always possible), then fire if a shot is
    compulsory, else hold fire. With the radar allowed, switch it on and read it first."""
    d.page.wait_for_selector('#app > [data-screen="turn"]', timeout=30_000)
    _computer_hidden(d)
    toggle = d.page.locator('#app [data-action="toggle"][data-arg="radar-on"]')
    if not radar:
        assert toggle.count() == 0  # the table did not allow it: no radar anywhere
    else:
        d.press(toggle.first)
        d.page.wait_for_selector("#app.radar-on", state="attached")
        notes = d.page.locator("#app .radar-notes li")
        assert notes.count() >= 2  # the radar as text, for screen readers and the Pad tab
        assert any("piece 1" in t for t in notes.all_text_contents())
        d.press(toggle.first)  # and off again
    game = d.saved()
    piece = next(n for n in (1, 2, 3) if game.is_alive("A", n))
    d.move_by_steps(str(game.position("A", piece).square), ["left"])
    skip = d.button("Don't fire")
    if skip.is_disabled():
        d.press(d.page.locator("#app .game-board .sq.target").first)
        d.press(d.page.locator("#app").get_by_role("button", name=re.compile(r"^Fire at ")))
    else:
        d.press(skip)


def _computer_goes_on(d: Driver) -> None:
    """The person's turn is shown, then the computer starts by itself after a beat (the start
    form's default: quick confirmations): no tap."""
    d.page.wait_for_selector("#app .result-controls", state="attached")
    d.page.wait_for_selector("#app .result-controls", state="detached", timeout=10_000)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_whole_game_against_the_computer_on_a_phone(open_game, level):
    g = open_game(viewport=PHONE, context_options={"has_touch": True, "is_mobile": True})
    page, d = g.page, Driver(g.page, touch=True, name=f"computer-{level}")
    radar = level == "hard"
    _start(d, level, limit=2, radar=radar)
    _place(d)
    _play_turn(d, radar)
    if level == "medium":  # a reload mid-game resumes at Ann's board, the computer at its level
        _computer_goes_on(d)
        page.wait_for_selector('#app > [data-screen="turn"]', timeout=30_000)
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
        record = json.loads(page.evaluate(
            f"() => localStorage.getItem({json.dumps(SAVE_KEY)})"))["record"]
        assert record["players"]["B"]["computer"] == "medium"
        assert len(record["actions"]) == 2
    else:
        _computer_goes_on(d)
    # the computer's turn 1 is reported to Ann
    page.wait_for_selector('#app > [data-screen="turn"]', timeout=30_000)
    assert d.text("#app .report").startswith("Turn 1: Computer ")
    _play_turn(d, radar)
    _computer_goes_on(d)
    page.wait_for_selector('#app > [data-screen="over"]', timeout=30_000)
    outcome = d.text("#app .outcome")
    assert "after 2 turns (turn limit)" in outcome, outcome
    # after the game both sides are shown, the computer's pieces among them
    html = page.evaluate("() => document.documentElement.outerHTML")
    assert "Computer" in html
    # and, step by step, what the computer believed (its heat map over Ann's half)
    belief = page.locator('#app [data-action="aid"]')
    assert belief.inner_text() == "What the computer believed"
    assert page.locator("#app [class*='heat']").count() == 0  # worked out only when asked
    d.press(belief)
    page.wait_for_selector("#app .aid-on", state="attached")
    assert page.locator("#app [class*='heat']").count() > 0
    d.shot("over")
    assert g.log.foreign == [] and g.log.console_errors == [] and g.log.page_errors == []
