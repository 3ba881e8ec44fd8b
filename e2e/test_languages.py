"""The box in another language (issue 24): a game's screens (drawn by Python from the language's
catalogue) and its rules follow the page's language. (The picker opened in the language an embed
asks for, switched by its menu and remembered across a reload: test_keyboard.py, by keyboard.)"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import i18n  # tools/i18n.py (conftest puts tools/ on the path)
import layout
import pytest
from languages import NAMES, english_left

from marsal_driver import MarsalASpionKind
from ui_driver import Driver


def test_the_rules_open_in_german_and_nothing_of_the_english_page(open_game):
    """A game in German: Rules (the title bar's and the start screen's "How to play") open the
    game's German page in the dialog; the English page is never fetched."""
    g = open_game(path="./?game=marsal-a-spion&lang=de")
    page = g.page
    assert page.get_attribute("html", "lang") == "de"
    english = (i18n.ROOT / "mortar/games/marsal_a_spion/static/rules.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h2>(.*?)</h2>", english)
    assert "The armies" in headings
    for link in (page.locator("#rules-link"), page.locator("#app a[data-rules]")):
        assert link.get_attribute("href").endswith("/mortar/games/marsal_a_spion/static/rules.de.html")
    page.locator("#rules-link").click()
    page.wait_for_function("document.getElementById('rules-dialog').open")
    dialog = page.get_by_role("dialog", name="Spielanleitung")
    dialog.get_by_role("heading", name="Die Armeen").wait_for()
    assert dialog.get_by_role("cell", name="Marschall", exact=True).count() == 1
    text = page.locator("#rules-dialog-body").inner_text()
    assert not [h for h in headings if h in text], "an English heading in the German rules"
    for word in ("Marshal", "Minefield", "Scout", "the board", "Back to the game"):
        assert word not in text, word
    fetched = [u for u in g.log.requests if "/static/rules" in u]
    assert [u.rsplit("/", 1)[1] for u in fetched] == ["rules.de.html"], fetched
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('rules-dialog').open")
    assert g.log.console_errors == [] and g.log.page_errors == [] and g.log.bad_status == {}
    g.close()


# --- a turn of each game in German and Serbian Cyrillic on a phone ------------------------------
#
# (Mortar Hunt's and Maršál a Špión's here, German sideways and Serbian Cyrillic upright: every
# game's whole walk runs in German upright and in Serbian Cyrillic sideways in test_layout.py.)
# Each game's first screens, driven by what the controls do (data-action, data-square, input
# names), never by their words; on each screen the layout checks of layout.py and no English
# left: the words of that screen's source strings, and (in Serbian Cyrillic) no Latin word.

PHONE = {"width": 360, "height": 740}
SIDEWAYS = {"width": 740, "height": 360}
TOUCH = {"has_touch": True, "is_mobile": True}
SHOTS_DIR = os.environ.get("E2E_SHOTS_DIR")


@dataclass
class Screens:
    """The screens of one game in one language, checked as they come; the test asserts at the end
    (so that one run lists every screen's problems)."""

    page: object
    lang: str
    game: str
    size: str = "portrait"
    found: dict[str, list[str]] = field(default_factory=dict)

    def check(self, name: str, *, english: tuple[str, ...] = (), scroll: bool = False) -> None:
        page = self.page
        layout.settle(page)
        found = layout.problems(page, scroll=scroll) + english_left(page, self.lang, english)
        name = name if name not in self.found else f"{name} ({len(self.found) + 1})"
        self.found[name] = found
        if SHOTS_DIR:
            path = Path(SHOTS_DIR) / (f"lang-{self.lang}-{self.size}-{self.game}-{len(self.found):02d}-"
                                      f"{name}.png")
            path.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(path), full_page=scroll)

    def report(self) -> str:
        return "\n".join(f"  {self.lang} {self.size} {self.game} {name}: " + "\n      ".join(problems)
                         for name, problems in self.found.items() if problems)


@pytest.fixture(params=[("sr", "portrait"), ("de", "landscape")],
                ids=lambda p: "-".join(p))
def phone_in(request, open_game):
    """Open a game on a touch phone, upright or sideways, in the language:
    ``phone_in(game) -> (page, Screens)``."""
    lang, size = request.param
    opened = []

    def _open(game: str):
        g = open_game(viewport=PHONE if size == "portrait" else SIDEWAYS, context_options=TOUCH,
                      path=f"?game={game}&lang={lang}")
        assert g.page.get_attribute("html", "lang") == lang
        opened.append(g)
        return g.page, Screens(g.page, lang, game, size)

    yield _open
    for g in opened:
        errors = g.log.console_errors + g.log.page_errors
        g.close()
        assert not errors, errors


def test_a_mortar_hunt_turn_fits_a_phone_in_german_and_serbian(phone_in):
    page, s = phone_in("mortar-hunt")
    a, b = NAMES[s.lang]
    d = Driver(page, touch=True)
    d.wait_screen("start")
    s.check("start", scroll=True, english=("Start the game", "New game", "Opponent", "Two people"))
    page.fill('#app input[name="name-A"]', a)
    page.fill('#app input[name="name-B"]', b)
    d.press(d.start_button())
    d.wait_screen("curtain")
    s.check("curtain", english=("Pass the device", "show my board", "Setting up"))
    for squares in (("C2", "E2", "G2"), ("C7", "E7", "G7")):
        d.act("reveal")
        d.wait_screen("placement")
        d.tap_square(squares[0])
        s.check("placement", english=("Confirm placement", "Piece", "Facing", "range"))
        for square in squares[1:]:
            d.tap_square(square)
        s.check("placement, all placed", english=("Confirm placement", "Remove piece"))
        d.act("confirm-placement")
        d.wait_screen("curtain")
    s.check("curtain, turn 1", english=("Turn", "Pass the device", "show my board"))

    d.act("reveal")
    d.wait_screen("turn")
    s.check("move", english=("Turn", "Move", "Board", "Pad", "Resign"))
    d.tap_square("C2")
    s.check("move, piece picked", english=("Forward", "Back", "Undo step", "Confirm move"))
    d.tap_square("C3")
    s.check("move, destination", english=("Confirm move", "Undo step"))
    d.act("confirm-move")
    s.check("fire", english=("Fire", "Don't fire", "Change the move"))
    d.tap_square("C7")
    s.check("fire, aimed", english=("Fire at", "Don't fire"))
    d.act("confirm")
    page.wait_for_selector("#app .result", state="attached")
    s.check("result", english=("pass to", "Hide my board", "Turn"))
    d.act("end-turn")
    d.wait_screen("curtain")
    s.check("hand-over", english=("Pass the device", "show my board", "Turn"))
    d.act("reveal")
    d.wait_screen("turn")
    s.check("move, the shot reported", english=("Turn", "fired", "missed", "hit"))
    assert not s.report(), "\n" + s.report()


def test_a_marsal_attack_fits_a_phone_in_german_and_serbian(phone_in):
    page, s = phone_in("marsal-a-spion")
    a, b = NAMES[s.lang]
    d = MarsalASpionKind(page, touch=True)
    d.fill_start(a, b)
    s.check("start", scroll=True, english=("Start the game", "New game", "Opponent", "Two people"))
    d.press(d.start_button())
    d.wait_screen("curtain")
    s.check("curtain", english=("Pass the device", "show my board", "Setting up"))
    d.act("reveal")
    d.wait_screen("setup")
    s.check("setup", english=("Fill at random", "Confirm setup", "Marshal", "tray"))
    # Red's Scout first on B4 (a file with no lake), the rest at random: it attacks Blue's B8
    d.act("tray", "SCT")
    d.tap_square("B4")
    d.act("fill")
    s.check("setup, filled at random", english=("Confirm setup", "Clear", "Scout"))
    d.act("confirm-setup")
    d.wait_screen("curtain")
    d.act("reveal")
    d.wait_screen("setup")
    d.act("fill")
    d.act("confirm-setup")
    d.wait_screen("curtain")
    s.check("curtain, turn 1", english=("Turn", "Pass the device", "show my board"))

    d.act("reveal")
    d.wait_screen("turn")
    s.check("turn", english=("Turn", "Red", "Blue", "Resign"))
    d.tap_square("B4")
    s.check("turn, the Scout picked", english=("Scout", "Move", "Attack"))
    assert page.locator("#app .sq.target").get_attribute("data-square") == "B8"
    d.tap_square("B8")
    s.check("turn, an attack aimed", english=("Attack", "Offer a draw"))
    d.act("confirm")
    page.wait_for_selector("#app .result-controls", timeout=10_000)
    layout.settle(page)  # the faces turned over, then the result
    s.check("result, the attacker's view", english=("pass to", "Hide my board", "attacked", "wins"))
    d.act("end-turn")
    d.wait_screen("curtain")
    s.check("hand-over", english=("Pass the device", "show my board", "Turn"))
    d.act("reveal")
    d.wait_screen("turn")
    page.wait_for_selector("#app .report", state="attached")
    s.check("turn, the defender's report", english=("Turn", "attacked", "Scout"))
    assert not s.report(), "\n" + s.report()
