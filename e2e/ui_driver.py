"""Drive the browser game as players do (clicks or taps), and check the hand-over curtain.

Used by e2e/test_game.py. Everything goes through the page: buttons found by role and name,
squares by ``data-square``; the only peek behind the UI is reading the saved record from
localStorage to know where the pieces really are when checking that the curtain hides them.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from mortar.games.mortar_hunt.table.kind import MortarHuntKind
from mortar.table.savefile import load_save

SAVE_KEY = "mortar-hunt/save"
# The screen as drawn; which square holds the roving tab stop follows the focus, which the
# dialog takes and gives back, so it is left out of the comparison.
APP_HTML = """() => document.getElementById('app').innerHTML.replace(/ tabindex="-?[0-9]+"/g, '')"""

SHOTS_DIR = os.environ.get("E2E_SHOTS_DIR")  # set it to keep screenshots of each screen


class Driver:
    def __init__(self, page, *, touch: bool = False, name: str = "desktop",
                 storage: bool = True) -> None:
        self.page = page
        self.touch = touch
        self.name = name
        self.storage = storage  # False: the page cannot read localStorage (blocked): the
        # curtain check then looks for the board and the piece words only, not for positions
        self.curtains_checked = 0
        self.shots: list[str] = []

    # --- finding and pressing ----------------------------------------------------------

    def button(self, name: str, exact: bool = True):
        return self.page.locator("#app").get_by_role("button", name=name, exact=exact)

    def face(self, facing: str):
        """The compass button that turns to ``facing`` ("NE")."""
        return self.page.locator(f'#app .compass [data-arg="{facing}"]')

    def square(self, square: str):
        return self.page.locator(f'#app [data-square="{square}"]')

    def press(self, locator) -> None:
        """Click or tap. A button marked ``data-arm`` ignores presses for a moment after it
        appears (the game's double-tap guard): wait until it is armed."""
        if locator.get_attribute("data-arm") is not None:
            self.page.wait_for_function("el => el.hasAttribute('data-armed')",
                                        arg=locator.element_handle(), polling="raf", timeout=5_000)
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def press_button(self, name: str, exact: bool = True) -> None:
        self.press(self.button(name, exact))

    # --- by what a control does, in any language ----------------------------------------------

    def control(self, action: str, arg: str | None = None):
        """The control of an intent (``data-action``, and ``data-arg`` when given)."""
        where = f'#app [data-action="{action}"]'
        return self.page.locator(where + (f'[data-arg="{arg}"]' if arg is not None else ""))

    def act(self, action: str, arg: str | None = None) -> None:
        """Press the control of an intent: its words in whatever language the page speaks."""
        self.press(self.control(action, arg))

    def start_button(self):
        """The start form's "Start the game"."""
        return self.page.locator('#app form[data-action="new-game"] button[type="submit"]')

    def tap_square(self, square: str) -> None:
        self.press(self.square(square))

    def screen(self) -> str | None:
        return self.page.get_attribute("#app > .screen", "data-screen")

    def wait_screen(self, screen: str) -> None:
        self.page.wait_for_selector(f'#app > [data-screen="{screen}"]', state="attached", timeout=10_000)

    def review_saved(self, save_key: str) -> None:
        """On the start screen: open the record of the game saved under ``save_key`` for review,
        as a player would (its file, through "Review a game record…")."""
        saved = json.loads(self.page.evaluate(f"() => localStorage.getItem({json.dumps(save_key)})"))
        self.page.set_input_files("#app input[type=file]", files=[{
            "name": "game.json", "mimeType": "application/json",
            "buffer": json.dumps(saved["record"]).encode()}])
        self.wait_screen("review")

    def text(self, selector: str) -> str:
        return self.page.locator(selector).inner_text()

    def shot(self, label: str) -> None:
        if SHOTS_DIR:
            Path(SHOTS_DIR).mkdir(parents=True, exist_ok=True)
            path = str(Path(SHOTS_DIR) / f"{self.name}-{label}.png")
            self.page.screenshot(path=path, full_page=True)
            self.shots.append(path)

    def no_horizontal_scroll(self) -> None:
        width = self.page.evaluate("() => document.documentElement.scrollWidth")
        viewport = self.page.viewport_size["width"]
        if width > viewport:
            wide = self.page.evaluate("""(w) => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > w + 0.5)
                .slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' +
                                 Math.round(e.getBoundingClientRect().right))""", viewport)
            raise AssertionError(f"page is {width}px wide in a {viewport}px viewport "
                                 f"({self.screen()}): {wide}")

    # --- saved state ---------------------------------------------------------------------

    def saved(self):
        text = self.page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
        if text is None:
            return None
        # (read as the page reads it: a save of an earlier version is upgraded first)
        return load_save(MortarHuntKind(), text).state

    # --- screens -------------------------------------------------------------------------

    def new_game(self, a="Alice", b="Bob", *, variant="classic", limit="off", custom=None,
                 loadout="HM") -> None:
        page = self.page
        self.wait_screen("start")
        page.fill('#app input[name="name-A"]', a)
        page.fill('#app input[name="name-B"]', b)
        for name, value in (("variant", variant), ("limit", limit), ("loadout", loadout)):
            radio = page.locator(f'#app input[name="{name}"][value="{value}"]')
            if not radio.is_checked():
                self.press(radio)
        if custom is not None:
            page.fill('#app input[name="custom-limit"]', str(custom))
        self.press_button("Start the game")
        self.check_curtain()

    def check_curtain(self) -> None:
        """The curtain is up, and nothing of either player's pieces is anywhere in the DOM:
        no board, no position (C3/N), no square of any piece in any text or attribute."""
        self.wait_screen("curtain")
        page = self.page
        assert page.locator("[data-square]").count() == 0
        assert page.locator(".game-board, .pad").count() == 0
        html = page.evaluate("() => document.documentElement.outerHTML")
        game = self.saved() if self.storage else None
        assert game is not None or not self.storage
        for player, setup in game.setups.items() if game is not None else ():
            for n in (1, 2, 3):
                for position in (game.position(player, n), setup.positions[n - 1]):
                    assert str(position) not in html, f"{position} of {player} behind the curtain"
                    square = str(position.square)
                    assert not re.search(rf"\b{square}\b", html), (
                        f"square {square} of {player}'s piece {n} behind the curtain")
                assert f"/{game.position(player, n).facing.name}\"" not in html
        lowered = html.lower()
        for word in ("heavy mortar", "light howitzer", "facing", "north", "south", "east", "west"):
            assert word not in lowered, f"{word!r} behind the curtain"
        # the curtain covers the viewport
        box = page.locator("#app .curtain").bounding_box()
        size = page.viewport_size
        assert box["x"] <= 0 and box["y"] <= 0
        assert box["width"] >= size["width"] and box["height"] >= size["height"]
        self.curtains_checked += 1

    def check_turn_hides_the_enemy(self) -> None:
        """On a player's turn the DOM holds none of the opponent's live positions (C3/N)."""
        self.wait_screen("turn")
        game = self.saved()
        enemy = "B" if game.to_play == "A" else "A"
        html = self.page.evaluate("() => document.documentElement.outerHTML")
        for n in (1, 2, 3):
            position = str(game.position(enemy, n))
            assert position not in html, f"{enemy}'s {position} on {game.to_play}'s screen"

    def reveal(self, name: str) -> None:
        self.press_button(f"I am {name} — show my board")

    def place(self, name: str, positions: list[str], types: list[str] | None = None) -> None:
        self.reveal(name)
        self.wait_screen("placement")
        self.place_here(positions, types)

    def place_here(self, positions: list[str], types: list[str] | None = None) -> None:
        """Placement on the placement screen already shown."""
        for n, position in enumerate(positions, 1):  # each piece's type and facing, then its square
            square, facing = position.split("/")
            self.press(self.page.locator("#app").get_by_role("button", name=re.compile(rf"^Piece {n}\b")))
            if types:
                self.press_button({"HM": "Heavy mortar · range 3\u2060–\u20605",
                                   "LH": "Light howitzer · range 5\u2060–\u20607"}[types[n - 1]])
            face = self.face(facing)
            if face.get_attribute("aria-pressed") != "true":
                self.press(face)
            self.tap_square(square)
        self.press_button("Confirm placement")

    def move_by_steps(self, piece_square: str, steps: list[str]) -> None:
        """Steps forward and back by their buttons; a turn left or right by the compass (the
        facing next to the one the move ends with now)."""
        self.tap_square(piece_square)
        for step in steps:
            if step in ("left", "right"):
                now = self.page.get_attribute('#app .compass [aria-pressed="true"]', "data-arg")
                facing = FACINGS[(FACINGS.index(now) + (1 if step == "right" else -1)) % 8]
                self.press(self.face(facing))
            else:
                self.press(self.page.locator("#app").get_by_role(
                    "button", name=re.compile(rf"^{STEP_NAMES[step]},")))
        self.press_button("Confirm move")

    def move_to(self, piece_square: str, position: str) -> None:
        square, facing = position.split("/")
        self.tap_square(piece_square)
        self.tap_square(square)
        face = self.face(facing)
        if face.count() and face.get_attribute("aria-pressed") != "true":
            self.press(face)
        self.press_button("Confirm move")

    def fire_at(self, square: str, *, twice: bool = False) -> str:
        """Aim at ``square`` and fire: with its Fire button, or (``twice``) a second tap on it."""
        self.tap_square(square)
        if twice:
            self.tap_square(square)
        else:
            self.press_button(f"Fire at {square}")
        self.page.wait_for_selector("#app .result", state="attached")
        return self.text("#app .result")

    def hold_fire(self) -> str:
        self.press_button("Don't fire")
        return self.text("#app .result")

    def pass_on(self, other: str) -> None:
        self.press_button(f"Hide my board and pass to {other}")
        self.check_curtain()

    def end_game(self) -> None:
        self.press_button("See the final result")
        self.wait_screen("over")


FACING_WORDS = {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south",
                "SW": "south-west", "W": "west", "NW": "north-west"}
FACINGS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
STEP_NAMES = {"forward": "Forward", "back": "Back"}
