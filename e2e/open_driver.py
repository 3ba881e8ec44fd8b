"""Drive an open game of the box in the browser as players do (taps on squares and buttons),
and check what the open table promises: no curtain, whose turn it is in words, the last move
drawn, the board turned to the player to move. Used by the KARO games' e2e tests."""

from __future__ import annotations

import json
import os

from ui_driver import Driver

PHONE = {"width": 360, "height": 740}
PHONE_SIDEWAYS = {"width": 740, "height": 360}
TOUCH = {"has_touch": True, "is_mobile": True}
SHOTS_DIR = os.environ.get("E2E_SHOTS_DIR")


def cell_name(square: str) -> str:
    """Four Circles names a cell ``(x,y)``; its tests write the starting rectangle's ``a1``."""
    if square[:1].isalpha() and square[1:].isdigit():
        return f"({ord(square[0]) - ord('a') + 1},{square[1:]})"
    return square


class OpenDriver(Driver):
    def __init__(self, page, game: str, **kw) -> None:
        super().__init__(page, **kw)
        self.game = game  # its save slot: "<game>/save"
        self.cells = game == "four-circles"  # (its cells are (x,y): a1 is (1,1))

    def square(self, square: str):
        return super().square(cell_name(square) if self.cells else square)

    def start(self, names: tuple[str, str] = ("Ann", "Bob"), *, values: dict[str, str] | None = None,
              computer: str | None = None, side: str = "first") -> None:
        """The start form: two people (their names), or the computer at ``computer``'s level."""
        self.fill_start(names, values=values, computer=computer, side=side)
        self.press_button("Start the game")

    def fill_start(self, names: tuple[str, str] = ("Ann", "Bob"), *, values: dict[str, str] | None = None,
                   computer: str | None = None, side: str = "first") -> None:
        """The start form filled in as :meth:`start` does, not yet sent."""
        page = self.page
        self.wait_screen("start")
        if computer is not None:
            self.press(page.locator('#app input[name="opponent"][value="computer"]'))
            self.press(page.locator(f'#app input[name="level"][value="{computer}"]'))
            self.press(page.locator(f'#app input[name="side"][value="{side}"]'))
            page.fill('#app input[name="name-Red"]', names[0])
        else:
            page.fill('#app input[name="name-Red"]', names[0])
            page.fill('#app input[name="name-White"]', names[1])
        for name, value in (values or {}).items():
            field = page.locator(f'#app input[name="{name}"]')
            if field.first.get_attribute("type") == "radio":
                self.press(page.locator(f'#app input[name="{name}"][value="{value}"]'))
            else:
                page.fill(f'#app input[name="{name}"]', value)

    def saved(self):  # the saved payload as data (the page's own save: nothing hidden here)
        text = self.page.evaluate(f"() => localStorage.getItem({json.dumps(self.game + '/save')})")
        return None if text is None else json.loads(text)

    def move(self, *squares: str, by: str = "tap") -> None:
        """Tap each square in turn (a piece, then where it goes): the move is chosen; then it is
        played (``by``) with a second tap on where it ends, or with its button."""
        for square in squares:
            self.tap_square(square)
        if by == "tap":
            self.tap_square(squares[-1])
        else:
            self.press(self.page.locator('#app [data-action="confirm"]'))

    def wait_turn(self, timeout: int = 20_000) -> None:
        self.page.wait_for_selector('#app > [data-screen="turn"]', state="attached", timeout=timeout)

    def title(self) -> str:
        return self.text("#app .screen-title")

    def turned(self) -> bool:
        return "turned" in (self.page.get_attribute("#app .game-board", "class") or "").split()

    def classes(self, square: str) -> list[str]:
        return (self.square(square).get_attribute("class") or "").split()

    def fits(self, *locators, what: str) -> None:
        """Each element is inside the viewport, the page not scrolled sideways."""
        size = self.page.viewport_size
        for loc in locators:
            box = loc.first.bounding_box()
            assert box is not None, f"{what}: {loc} is not displayed"
            inside = (box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= size["width"] + 0.5
                      and box["y"] + box["height"] <= size["height"] + 0.5)
            assert inside, f"{what}: {loc} at {box} is outside the {size['width']}×{size['height']} viewport"
        self.no_horizontal_scroll()

    def reload(self) -> None:
        self.page.reload(wait_until="domcontentloaded")
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)


def clean(g) -> None:
    """Nothing left the origin; no console error; no Python error panel."""
    assert g.log.foreign == []
    assert g.log.console_errors == [], g.log.console_errors
    assert g.log.page_errors == [], g.log.page_errors
    assert g.page.locator("#boot-error").is_hidden()
