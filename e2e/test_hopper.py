"""Hopper and Sneaker in the page, on a touch phone: a whole game between two people passing the
phone (arranging in a few taps, moves in two taps, the board turned to the player to move, the
last move drawn, a refused tap said in words, a reload mid-game) to Red's blockade win, which
White's own last move hands over (HS7, HS8); then a game against the computer, reloaded and
resigned; and a secret arrangement behind the curtain. Set E2E_SHOTS_DIR to keep screenshots.
"""

from __future__ import annotations

import pytest

from open_driver import PHONE, PHONE_SIDEWAYS, TOUCH, OpenDriver, clean

GAME = "hopper-and-sneaker"
# A short game found by a search (tests/test_hopper_table.py replays it with the engine): Red
# arranges the default with b1 and b2 swapped, White the default; White's 12th move goes back
# into White's home and completes Red's blockade.
MOVES = ("a2-a3", "c8-a6", "b1-a2", "a8-a5", "a1-a4", "a7-b6", "a2-a7", "c7-c6", "a3-a8", "a6-b5",
         "c1-c3", "b8-b4", "c2-b3", "b7-a6", "b2-b7", "a6-c4", "b3-b8", "c4-c5", "c3-c4", "b4-c3",
         "c4-c7", "a5-a6", "a4-a5", "c5-c8")


@pytest.fixture(params=["portrait", "landscape"])
def phone(request, open_game):
    size = PHONE if request.param == "portrait" else PHONE_SIDEWAYS
    g = open_game(viewport=size, context_options=TOUCH, path=f"?game={GAME}")
    g.orientation = request.param
    yield g
    clean(g)


def test_two_people_play_a_whole_game_passing_the_phone(phone):
    d = OpenDriver(phone.page, GAME, touch=True, name=f"hs-{phone.orientation}")
    page = d.page
    d.shot("start")
    d.start(values={"first": "Red"})

    # Ann (Red) arranges first, in the open: no curtain, the default, b1 and b2 swapped
    d.wait_screen("placement")
    assert page.locator("#app .curtain").count() == 0
    assert "arrange your pieces" in d.title()
    d.shot("arranging-open")
    d.fits(d.page.locator("#app .game-board"), d.button("Confirm arrangement"), what="arranging")
    assert "disc" in page.locator('#app [data-square="b1"] .tok').get_attribute("class")
    assert "Red Hopper" in d.square("b1").get_attribute("aria-label")
    d.tap_square("b1")
    d.tap_square("b2")
    assert "Red Sneaker" in d.square("b1").get_attribute("aria-label")
    assert "Red Hopper" in d.square("b2").get_attribute("aria-label")
    d.shot("arranging")
    d.press_button("Confirm arrangement")

    # Bob (White) sees Ann's arrangement and keeps the default; his board is turned to him
    d.wait_screen("placement")
    assert "Bob (White)" in d.title() and d.turned()
    assert "Red Sneaker" in d.square("b1").get_attribute("aria-label")
    d.press_button("Confirm arrangement")

    for n, move in enumerate(MOVES):
        d.wait_turn()
        mover = ("Ann", "Red") if n % 2 == 0 else ("Bob", "White")
        assert f"{mover[0]} ({mover[1]})" in d.title()
        assert d.turned() == (mover[1] == "White")  # passing the phone: the mover's side near
        frm, to = move.split("-")
        if n == 2:  # a refused tap, in words: the other's piece
            d.tap_square("a6")
            assert "That is Bob's" in d.text("#app .turn-words")
        d.tap_square(frm)
        assert "picked" in d.classes(frm) and "choice" in d.classes(to)
        if n == 2:
            d.shot("picked")
        d.tap_square(to)  # the move chosen: "Step"/"Jump" on its button, nothing played yet
        assert d.page.locator('#app [data-action="confirm"]').count() == 1
        if n % 2:
            d.tap_square(to)  # a second tap plays it
        else:
            d.press(d.page.locator('#app [data-action="confirm"]'))
        if n == 10:  # a reload mid-game: the open board again, nothing lost
            d.reload()
            d.wait_turn()
            assert "Turn 6" in d.title() and "Bob (White)" in d.title()
        if n < len(MOVES) - 1:
            d.wait_turn()
            assert "last-to" in d.classes(to) and "last-from" in d.classes(frm)
            assert "Last move" in d.text("#app .bar")
        if n == 3:
            d.shot("a-move")
            d.fits(page.locator("#app .game-board"), d.button("Resign…"), what="a turn")

    d.wait_screen("over")
    assert d.text("#app .outcome").startswith("Ann wins by blockade")
    d.shot("the-end")
    d.fits(page.locator("#app .outcome"), page.locator("#app .game-board"), what="the end")
    d.press(d.button("To the start"))
    assert "Start" in d.text("#app .replay-text")
    d.no_horizontal_scroll()


def test_against_the_computer_with_a_reload_then_resigned(open_game):
    g = open_game(viewport=PHONE, context_options=TOUCH, path=f"?game={GAME}")
    d = OpenDriver(g.page, GAME, touch=True, name="hs-computer")
    d.start(("Ann", ""), computer="easy", side="first", values={"first": "Red"})
    d.wait_screen("placement")  # Ann (Red) starts: she arranges first
    d.press_button("Confirm arrangement")
    d.wait_turn()  # the computer arranged; Ann moves
    d.move("a2", "a3")
    d.page.wait_for_selector('#app > [data-screen="thinking"]', state="attached")
    d.wait_turn()  # the computer moved: its move is drawn on Ann's board, which never turned
    assert not d.turned()
    assert d.page.locator("#app .game-board .sq.last-to").count() == 1
    d.reload()
    d.wait_turn()
    assert "Ann (Red)" in d.title()
    d.press_button("Resign…")
    d.press_button("Yes, resign")
    d.wait_screen("over")
    assert "Ann resigned" in d.text("#app .outcome")
    clean(g)


def test_a_secret_arrangement_goes_behind_the_curtain(open_game):
    g = open_game(viewport=PHONE, context_options=TOUCH, path=f"?game={GAME}")
    d = OpenDriver(g.page, GAME, touch=True, name="hs-secret")
    d.start(values={"first": "White", "setup": "secret"})
    d.wait_screen("curtain")
    d.press_button("I am Bob — show my board")
    d.wait_screen("placement")
    d.press_button("At random")
    d.press_button("Confirm arrangement")
    d.wait_screen("curtain")  # Bob's arrangement is not on this screen, nor anywhere in the page
    html = d.page.evaluate("() => document.documentElement.outerHTML")
    assert "White Hopper" not in html and "White Sneaker" not in html
    d.press_button("I am Ann — show my board")
    d.wait_screen("placement")
    assert "White Hopper" not in d.page.evaluate("() => document.getElementById('app').outerHTML")
    d.press_button("Confirm arrangement")
    d.wait_turn()  # both revealed together; Bob (White) starts, no curtain from here on
    assert "Bob (White)" in d.title()
    assert d.page.locator("#app .game-board [aria-label*='White Hopper']").count() == 3
    clean(g)
