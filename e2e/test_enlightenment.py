"""Enlightenment in the page, on a touch phone: a whole game between two people passing the phone
to Red's win (jump chains of three landings built one tap a landing, the path drawn as it grows,
a landing undone, a chain stopped by hand, a refused tap said in words, the enlightenment drawn,
a reload mid-game); then a game against the computer, reloaded and resigned. Set E2E_SHOTS_DIR
to keep screenshots."""

from __future__ import annotations

import pytest

from open_driver import PHONE, PHONE_SIDEWAYS, TOUCH, OpenDriver, clean

GAME = "enlightenment"
# A short game found by a search (tests/test_enlightenment_table.py replays it with the
# engine): White helps, and Red enlightens all eight pieces and brings them to the edge.
MOVES = ("c1-c2", "e3-d3", "a1-c1-c3-e3", "a4-b3", "a3-c3-c1-a1", "e4-d4", "e1-c1-c3-a3", "b5-b4",
         "a2-a4-c4-e4", "b3-c3", "c2-c4-a4-a2", "d3-d2", "e2-c2-c4-a4", "d5-c4", "d1-d3-b3-b5-d5",
         "c3-b2", "b1-b3-b5")


@pytest.fixture(params=["portrait", "landscape"])
def phone(request, open_game):
    size = PHONE if request.param == "portrait" else PHONE_SIDEWAYS
    g = open_game(viewport=size, context_options=TOUCH, path=f"?game={GAME}")
    g.orientation = request.param
    yield g
    clean(g)


def test_two_people_play_a_whole_game_with_jump_chains(phone):
    d = OpenDriver(phone.page, GAME, touch=True, name=f"en-{phone.orientation}")
    page = d.page
    d.start(values={"first": "Red"})
    for n, move in enumerate(MOVES):
        d.wait_turn()
        mover = ("Ann", "Red") if n % 2 == 0 else ("Bob", "White")
        assert f"{mover[0]} ({mover[1]})" in d.title()
        assert d.turned() == (mover[1] == "White")
        squares = move.split("-")
        if n == 0:
            d.shot("start")
            d.fits(page.locator("#app .game-board"), d.button("Resign…"), what="a turn")
            d.tap_square("a5")  # the other's piece: said in words
            assert "That is Bob's piece" in d.text("#app .turn-words")
        d.tap_square(squares[0])
        for i, square in enumerate(squares[1:], 1):
            assert "choice" in d.classes(square), (move, square)
            d.tap_square(square)
            if n == 2 and i == 2:  # the chain drawn as it grows; back to a landing and on again
                assert page.locator("#app .game-board .arrow.path").count() == 2
                assert "at" in d.classes("c3") and d.button("Jump a1–c1–c3").count()
                d.shot("a-chain")
                d.fits(page.locator("#app .game-board"), d.button("Jump a1–c1–c3"), what="a jump chain")
                d.tap_square("c1")  # back to the first landing
                assert "at" in d.classes("c1") and "choice" in d.classes("c3")
                d.tap_square("c3")
        if n % 2:  # the move chosen: played by a second tap where it ends, or by its button
            d.tap_square(squares[-1])
        else:
            d.press(page.locator('#app [data-action="confirm"]'))
        if n == 6:  # a reload mid-game: the open board again, nothing lost
            d.reload()
        if n < len(MOVES) - 1:
            d.wait_turn()
            assert "last-to" in d.classes(squares[-1]) and "last-from" in d.classes(squares[0])
        if n == 2:
            d.shot("a-move")
            assert "enlightened" in d.square("e3").get_attribute("aria-label")
    d.wait_screen("over")
    assert d.text("#app .outcome").startswith("Ann wins: all eight pieces are enlightened")
    d.shot("the-end")
    d.fits(page.locator("#app .outcome"), page.locator("#app .game-board"), what="the end")
    d.no_horizontal_scroll()


def test_against_the_computer_with_a_reload_then_resigned(open_game):
    g = open_game(viewport=PHONE, context_options=TOUCH, path=f"?game={GAME}")
    d = OpenDriver(g.page, GAME, touch=True, name="en-computer")
    d.start(("Ann", ""), computer="easy", side="second", values={"first": "Red"})
    d.wait_turn()  # the computer (Red) moved first; Ann (White) sees it, her side at the bottom
    assert d.turned() and d.page.locator("#app .game-board .sq.last-to").count() == 1
    d.move("b5", "b4")
    d.wait_turn()
    d.reload()
    d.wait_turn()
    assert "Ann (White)" in d.title()
    d.press_button("Resign…")
    d.press_button("Yes, resign")
    d.wait_screen("over")
    assert "Ann resigned" in d.text("#app .outcome")
    said = d.page.locator("#announcer").text_content() or ""
    assert said.count("resigned") == 1, said  # the verdict, and the last move only where it says more
    clean(g)
