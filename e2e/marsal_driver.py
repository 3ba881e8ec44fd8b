"""Drive Maršál a Špión in the page as a player does (taps on squares and buttons), and check
its curtain: used by e2e/test_marsal.py and the game's walk (e2e/walk_marsal_a_spion.py)."""

from __future__ import annotations

import json
import time

from mortar.games.marsal_a_spion.record import parse
from ui_driver import Driver

SAVE_KEY = "marsal-a-spion/save"
PATH = "?game=marsal-a-spion"
PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}
PIECE_WORDS = ("Marshal", "General", "Captain", "Cadet", "Corporal", "Rifleman", "Scout", "Miner",
               "Spy", "Minefield", "Flag")


class MarsalASpionKind(Driver):
    """The page as a player drives it: taps on squares and buttons, nothing else (the saved
    record is read only to know what must stay hidden)."""

    def state(self):
        text = self.page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
        return parse(json.loads(text)["record"]).replay() if text else None

    def start(self, red: str = "Ann", blue: str = "Bob", *, computer: bool = False) -> None:
        self.fill_start(red, blue, computer=computer)
        self.press_button("Start the game")

    def fill_start(self, red: str = "Ann", blue: str = "Bob", *, computer: bool = False) -> None:
        """The start form filled in as :meth:`start` does, not yet sent."""
        page = self.page
        self.wait_screen("start")
        if computer:
            self.press(page.locator('#app input[name="opponent"][value="computer"]'))
            self.press(page.locator('#app input[name="side"][value="first"]'))
            page.fill('#app input[name="name-Red"]', red)
        else:
            page.fill('#app input[name="name-Red"]', red)
            page.fill('#app input[name="name-Blue"]', blue)

    def check_curtain(self) -> None:
        """The curtain covers the screen, and neither army is anywhere in the page: no square,
        no board, no piece's name in the app or the live region."""
        self.wait_screen("curtain")
        page = self.page
        assert page.locator("[data-square]").count() == 0
        assert page.locator(".game-board, .face, .tok").count() == 0
        shown = page.evaluate("() => document.getElementById('app').outerHTML + "
                              "document.getElementById('announcer').textContent")
        for word in PIECE_WORDS:
            assert word not in shown, f"{word!r} behind the curtain"
        box = page.locator("#app .curtain").bounding_box()
        size = page.viewport_size
        assert box["x"] <= 0 and box["y"] <= 0
        assert box["width"] >= size["width"] and box["height"] >= size["height"]

    def reveal(self, name: str) -> None:
        self.press_button(f"I am {name} — show my board")

    def set_up(self, how: str = "Fill at random") -> tuple[int, float]:
        """Set up on the setup screen shown: (taps, seconds) from the screen to the confirm."""
        self.wait_screen("setup")
        began = time.monotonic()
        self.press_button(how, exact=False)
        assert self.page.locator("#app .mas-board .tok").count() == 40
        self.press_button("Confirm setup")
        return 2, time.monotonic() - began

    def play(self, start: str | None = None, end: str | None = None) -> str:
        """Pick a piece and where it goes (the first marked, unless named), play it; the
        result's words."""
        page = self.page
        self.wait_screen("turn")
        if start is None:
            start = page.locator("#app .sq.movable").first.get_attribute("data-square")
        self.tap_square(start)
        if end is None:
            end = page.locator("#app .sq.dest, #app .sq.target").first.get_attribute("data-square")
        self.tap_square(end)
        self.press(page.locator('#app [data-action="confirm"]'))
        page.wait_for_selector("#app .result-controls", timeout=10_000)
        return self.text("#app .result")

    def square_size(self) -> float:
        box = self.page.locator("#app .mas-board .sq[data-square]").first.bounding_box()
        return min(box["width"], box["height"])

    def fits(self, *selectors: str, what: str) -> None:
        """Each element is wholly inside the viewport, the page not scrolled."""
        page = self.page
        assert page.evaluate("() => [scrollX, scrollY]") == [0, 0], what
        size = page.viewport_size
        for selector in selectors:
            box = page.locator(selector).first.bounding_box()
            assert box is not None, f"{what}: {selector} is not displayed"
            inside = (box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5
                      and box["y"] + box["height"] <= size["height"] + 0.5)
            assert inside, f"{what}: {selector} at {box} is outside the viewport {size}"
