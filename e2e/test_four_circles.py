"""Four Circles in the page, on a touch phone: a whole game between two people passing the phone
(twelve placements counted down, a tile that may not move and the rule that says so, a tile
moved beyond the starting rectangle and a piece onto it, the view panned by a drag and by a
button, fitted again, a reload mid-game) to Red's four in a line; then a game against the
computer, reloaded and resigned. Set E2E_SHOTS_DIR to keep screenshots."""

from __future__ import annotations

import pytest

from open_driver import PHONE, PHONE_SIDEWAYS, TOUCH, OpenDriver, clean

GAME = "four-circles"
# Red lines up four jumps in column c (tests/test_four_circles_table.py replays it with the
# engine); White moves the corner tile e4 out to f1 and steps onto it.
PLACES = ("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "d4", "e1", "e3", "e2")
MOVES = (("a1", "c1"), ("e4", "f1", "e1"), ("a2", "c2"), ("e2", "e1"), ("a3", "c3"), ("e1", "e2"),
         ("a4", "c4"))


@pytest.fixture(params=["portrait", "landscape"])
def phone(request, open_game):
    size = PHONE if request.param == "portrait" else PHONE_SIDEWAYS
    g = open_game(viewport=size, context_options=TOUCH, path=f"?game={GAME}")
    g.orientation = request.param
    yield g
    clean(g)


def drag(d: OpenDriver, square: str, dx: float, dy: float) -> None:
    """A finger drag from the middle of a square (touch events: the page sees pointer events)."""
    box = d.square(square).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    d.page.mouse.move(x, y)
    d.page.mouse.down()
    for i in range(1, 7):
        d.page.mouse.move(x + dx * i / 6, y + dy * i / 6)
    d.page.mouse.up()


def test_two_people_play_a_whole_game_moving_a_tile(phone):
    d = OpenDriver(phone.page, GAME, touch=True, name=f"fc-{phone.orientation}")
    page = d.page
    d.start(values={"first": "Red"})
    for n, cell in enumerate(PLACES):
        d.wait_turn()
        if n < 2:  # counted down
            counts = ("Ann 6 · Bob 6", "Ann 5 · Bob 6")[n]
            assert f"Pieces to place: {counts}" in d.text("#app .facts")
        if n == 0:
            d.shot("placing")
            box = d.square("a1").bounding_box()
            assert box["width"] >= 40, box  # the starting board fitted: squares of 40 px and more
        d.move(cell)
    d.wait_turn()
    assert "Turn 7 · Ann (Red)" in d.title()
    # a tile that may not move says which rule keeps it; the one that may has its frame
    d.tap_square("c2")
    assert "FC6 pick-up rule 2" in d.text("#app .turn-words")
    assert "movable-tile" in d.classes("e4")
    for n, taps in enumerate(MOVES):
        d.wait_turn()
        if n == 1:  # Bob moves the corner tile beyond the rectangle, then his piece onto it
            d.tap_square("e4")
            assert "tile-picked" in d.classes("e4") and "choice" in d.classes("f1")
            d.shot("tile-in-hand")
            d.fits(page.locator("#app .game-board"), d.button("Cancel the tile move"), what="a tile in hand")
            d.tap_square("f1")
            assert "tile-new" in d.classes("f1") and "choice" in d.classes("e1")
            d.move("e1", by="button")
            d.wait_turn()
            assert page.locator("#app .game-board .arrow.tile-move").count() == 1
            d.shot("tile-moved")
            continue
        if n == 2:  # the view: panned by a drag and by a button, then fitted again
            cols = page.get_attribute("#app .game-board", "data-cols")
            first = page.locator("#app .game-board .col-label").first.inner_text()
            drag(d, "c3", -130, 0)
            assert page.locator("#app .game-board .col-label").first.inner_text() != first
            d.press(page.locator('#app [data-action="pan"][data-arg="up"]'))
            d.press(page.locator('#app [data-action="zoom"][data-arg="in"]'))
            assert page.get_attribute("#app .game-board", "data-cols") != cols
            d.shot("panned")
            d.press_button("Fit the whole board")
            assert page.locator("#app .game-board .col-label").first.inner_text() == first
        if n == 4:
            d.reload()
            d.wait_turn()
            assert "Turn 9 · Ann (Red)" in d.title()
        d.move(*taps)
    d.wait_screen("over")
    assert d.text("#app .outcome").startswith("Ann wins: four marked pieces in a line")
    assert page.locator("#app .game-board .sq.line").count() == 4
    d.shot("the-end")
    d.fits(page.locator("#app .outcome"), page.locator("#app .game-board"), what="the end")
    d.no_horizontal_scroll()


def test_against_the_computer_with_a_reload_then_resigned(open_game):
    g = open_game(viewport=PHONE, context_options=TOUCH, path=f"?game={GAME}")
    d = OpenDriver(g.page, GAME, touch=True, name="fc-computer")
    d.start(("Ann", ""), computer="easy", side="first", values={"first": "Red"})
    d.wait_turn()
    d.move("c2")
    d.page.wait_for_selector('#app > [data-screen="thinking"]', state="attached")
    d.wait_turn()  # the computer placed a piece: drawn as its last move on Ann's board
    assert d.page.locator("#app .game-board .sq.last-to").count() == 1
    d.reload()
    d.wait_turn()
    assert "Placing · Ann (Red)" in d.title()
    d.press_button("Resign…")
    d.press_button("Yes, resign")
    d.wait_screen("over")
    assert "Ann resigned" in d.text("#app .outcome")
    clean(g)
