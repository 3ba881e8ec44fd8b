"""One screen per turn on a phone (issue 9): at 360 × 740 and 740 × 360 with touch, at every
stage of placement and of a turn, the board and that stage's controls are inside the viewport
with the page not scrolled; squares are big enough for a thumb; a whole game is played that way.

One page per orientation (module fixtures); the portrait page also checks the start screen.
"""

from __future__ import annotations

import re

import pytest

from ui_driver import Driver

PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}
# px: issue 18, the most the width allows and never under 28 (sideways the height limits the
# board, and the column beside it needs room for its words and a compass of 44 px buttons)
MIN_SQUARE = {"portrait": 28, "landscape": 28}
A_SETUP = ["C2", "E2", "G2"]  # each placed facing the enemy by one tap
B_SETUP = ["C7", "E7", "G7"]


def _clean(g) -> None:
    assert g.log.foreign == []
    assert g.log.console_errors == []
    assert g.log.page_errors == []


@pytest.fixture(scope="module", params=["portrait", "landscape"])
def phone(request, open_game_for_module):
    size = PORTRAIT if request.param == "portrait" else LANDSCAPE
    g = open_game_for_module(viewport=size, context_options={"has_touch": True, "is_mobile": True})
    g.orientation = request.param
    yield g
    g.close()
    _clean(g)


def fits(d: Driver, *locators, what: str) -> None:
    """Each locator's element is visible and wholly inside the viewport, the page unscrolled."""
    page = d.page
    # (a hit shakes the board for a moment: measure it at rest)
    page.wait_for_function("() => !document.querySelector('.fx-shake')", timeout=5_000)
    scrolled = page.evaluate("() => [window.scrollX, window.scrollY]")
    assert scrolled == [0, 0], f"{what}: the page is scrolled by {scrolled}"
    size = page.viewport_size
    for loc in locators:
        assert loc.count() >= 1, f"{what}: {loc} is not on the screen"
        box = loc.first.bounding_box()
        assert box is not None, f"{what}: {loc} is not displayed"
        inside = (box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5
                  and box["y"] + box["height"] <= size["height"] + 0.5)
        assert inside, f"{what}: {loc} at {box} is outside the {size['width']}×{size['height']} viewport"


def squares_big_enough(d: Driver, orientation: str) -> None:
    box = d.square("A1").bounding_box()
    need = MIN_SQUARE[orientation]
    assert box["width"] >= need and box["height"] >= need, f"squares {box['width']:.1f} px < {need}"


def board(d: Driver):
    return d.page.locator("#app .game-board")


def play_phone_game(d: Driver, orientation: str) -> None:
    page = d.page
    d.wait_screen("start")
    fits(d, d.button("Start the game"), what="start")
    d.new_game("Alice", "Bob")
    fits(d, d.button("I am Alice — show my board"), what="curtain")

    # placement: one tap a piece, all three facing the enemy, confirm (4 taps)
    d.reveal("Alice")
    d.wait_screen("placement")
    squares_big_enough(d, orientation)
    fits(d, board(d), d.button("Confirm placement"), page.locator("#app .piece-list"), what="placement")
    for square in A_SETUP:
        d.tap_square(square)
    fits(d, board(d), d.button("Confirm placement"), what="placement, all placed")
    assert d.button("Confirm placement").is_enabled()
    d.press_button("Confirm placement")
    d.check_curtain()
    d.reveal("Bob")
    d.wait_screen("placement")
    for square in B_SETUP:
        d.tap_square(square)
    fits(d, board(d), d.button("Confirm placement"), what="placement B")
    d.press_button("Confirm placement")
    d.check_curtain()

    # turn 1, Alice: pick piece 1, a step forward (preview on the board), confirm, fire: hit
    d.reveal("Alice")
    d.wait_screen("turn")
    squares_big_enough(d, orientation)
    fits(d, board(d), page.locator("#app .piece-list"), what="turn, pick a piece")
    d.tap_square("C2")
    forward = page.locator("#app").get_by_role("button", name=re.compile("^Forward,"))
    fits(d, board(d), forward, d.button("Confirm move"), d.button("Undo step"), what="move by steps")
    d.press(forward)
    fits(d, board(d), forward, d.button("Confirm move"), what="move, one step built")
    d.press_button("Confirm move")
    fits(d, board(d), d.button("Fire", exact=False), d.button("Don't fire"), what="fire")
    d.tap_square("C7")
    fits(d, board(d), d.button("Fire at C7"), d.button("Cancel"), what="fire, target picked")
    d.press_button("Fire at C7")
    d.wait_screen("turn")
    assert "Hit!" in d.text("#app .result")
    fits(d, board(d), page.locator("#app .result"), d.button("Hide my board and pass to Bob"),
         what="result")
    d.pass_on("Bob")

    # turn 1, Bob: the result screen says turn 1; a destination with several facings
    d.reveal("Bob")
    d.wait_screen("turn")
    fits(d, board(d), page.locator("#app .report"), what="turn with a report")
    d.tap_square("G7")
    d.tap_square("G6")
    fits(d, board(d), page.locator("#app .compass"), d.button("Confirm move"), what="facing at a destination")
    d.press_button("Confirm move")
    d.tap_square("G3")
    d.press_button("Fire at G3")
    assert "Turn 1" in d.text("#app .bar")
    d.pass_on("Alice")

    # turn 2, Alice; turn 2, Bob holds fire
    d.reveal("Alice")
    d.move_by_steps("E2", ["forward"])
    assert "Hit!" in d.fire_at("E7")
    d.pass_on("Bob")
    d.reveal("Bob")
    d.move_by_steps("G6", ["left"])
    fits(d, board(d), d.button("Don't fire"), what="fire, may hold fire")
    assert page.locator("#app #skip-warning").count() == 0  # a first skip: nothing to warn of
    d.hold_fire()
    fits(d, board(d), d.button("Hide my board and pass to Alice"), what="result, no shot")
    d.pass_on("Alice")

    # turn 3, Alice wins
    d.reveal("Alice")
    assert "Bob did not fire" in d.text("#app .report")
    d.move_by_steps("G2", ["forward"])
    assert "Hit!" in d.fire_at("G6")
    fits(d, board(d), d.button("See the final result"), what="the winning hit")
    d.end_game()
    assert d.text("#app .outcome") == "Alice wins 3:0: every enemy piece destroyed in turn 3."
    fits(d, page.locator("#app .game-board"), d.button("Step back"), what="game over")


def test_a_whole_game_fits_one_phone_screen_at_every_stage(phone):
    d = Driver(phone.page, touch=True, name=f"phone-{phone.orientation}")
    play_phone_game(d, phone.orientation)
    d.no_horizontal_scroll()


def test_keys_tab_order_and_the_radar_on_a_desktop(open_game):
    """1-3 pick a piece, H holds fire, the piece list comes before the board in tab order, and
    the radar (allowed at the start) is an overlay the player switches on, with its notes."""
    g = open_game(viewport={"width": 1280, "height": 800})
    page = g.page
    d = Driver(page)
    d.wait_screen("start")
    fits(d, d.button("Start the game"), what="desktop start")
    page.fill('#app input[name="name-A"]', "Alice")
    page.fill('#app input[name="name-B"]', "Bob")
    d.press(page.locator('#app input[name="aid"][value="on"]'))
    d.press_button("Start the game")
    for name, squares in (("Alice", A_SETUP), ("Bob", B_SETUP)):
        d.reveal(name)
        d.wait_screen("placement")
        for square in squares:
            d.tap_square(square)
        d.press_button("Confirm placement")
        d.check_curtain()
    d.reveal("Alice")
    d.wait_screen("turn")
    first_piece_before_board = page.evaluate("""() => {
        const piece = document.querySelector('#app [data-action="select"]');
        const square = document.querySelector('#app .game-board [data-square]');
        return !!(piece.compareDocumentPosition(square) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    assert first_piece_before_board
    page.locator("#app .screen-title").focus()
    page.keyboard.press("2")
    assert page.locator('#app [data-action="select"][data-arg="2"]').get_attribute("aria-pressed") == "true"
    assert "sel" in d.square("E2").get_attribute("class").split()
    # the radar: off until switched on, then shaded squares and its notes in the pad column
    toggle = page.locator("#app .radar-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    assert "radar-on" not in (page.get_attribute("#app", "class") or "")
    d.press(toggle)
    assert "radar-on" in page.get_attribute("#app", "class").split()
    assert page.locator("#app .radar-toggle").get_attribute("aria-pressed") == "true"
    assert page.locator('#app .game-board .sq[class*="heat-"]').count() > 0
    assert page.locator("#app .radar-notes li").count() > 0
    d.press(page.locator("#app").get_by_role("button", name=re.compile("^Forward,")))
    d.press_button("Confirm move")
    page.locator("#app .screen-title").focus()
    page.keyboard.press("h")
    d.wait_screen("turn")
    assert d.text("#app .result").endswith("You did not fire this turn.")
    # the result screen has no radar: no overlay class left behind
    assert "radar-on" not in (page.get_attribute("#app", "class") or "").split()
    _clean(g)
    g.close()
