"""The browser game end to end (issue 3): real Chromium, the real static site, played only
through the UI. One page is shared by the desktop tests; each starts from a clean saved state.

Set E2E_SHOTS_DIR=/some/dir to keep a screenshot of every screen the tests pass through.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ui_driver import SAVE_KEY, Driver

A_SETUP = ["C2/N", "E2/N", "G2/N"]
B_SETUP = ["C7/S", "E7/S", "G7/S"]
PHONE = {"width": 360, "height": 740}


def assert_clean(g) -> None:
    """Nothing left the origin; no console error; no Python error panel."""
    assert g.log.foreign == []
    assert g.log.console_errors == []
    assert g.log.page_errors == []
    assert g.page.locator("#boot-error").is_hidden()
    assert g.page.get_attribute("html", "data-boot-error") is None


@pytest.fixture(scope="module")
def desk(open_game_for_module):
    g = open_game_for_module(viewport={"width": 1280, "height": 800},
                             context_options={"accept_downloads": True})
    yield g
    assert_clean(g)


def fresh(g, name="desktop") -> Driver:
    """A clean saved state: clear localStorage; reload only when not already at the start."""
    page = g.page
    page.evaluate("() => localStorage.clear()")
    driver = Driver(page, name=name)
    if driver.screen() != "start" or page.locator("#app .saved").count():
        page.reload(wait_until="domcontentloaded")
        page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    driver.wait_screen("start")
    return driver


def play_short_classic_game(d: Driver, *, phone: bool = False) -> None:
    """Alice wins 3:0 in three turns; Bob misses once and holds fire once. Every hand-over
    is checked; the moves use the step buttons and the pick-a-square way."""
    d.new_game("Alice", "Bob")
    d.shot("curtain")
    d.place("Alice", A_SETUP)
    d.check_curtain()
    d.reveal("Bob")
    d.wait_screen("placement")
    d.shot("placement-b")
    d.page.locator("#app").get_by_role("button", name=re.compile(r"^Piece 1\b")).wait_for()
    for n, position in enumerate(B_SETUP, 1):
        d.press(d.page.locator("#app").get_by_role("button", name=re.compile(rf"^Piece {n}\b")))
        d.tap_square(position.split("/")[0])
    assert d.button("Confirm placement").is_enabled()
    d.press_button("Confirm placement")
    d.check_curtain()

    # Turn 1, Alice: piece 1 one step forward, fires at C7: hit.
    d.reveal("Alice")
    d.wait_screen("turn")
    if phone:
        d.no_horizontal_scroll()
    d.shot("turn-a")
    d.move_by_steps("C2", ["forward"])
    d.shot("fire-a")
    result = d.fire_at("C7")
    assert result.endswith("Hit! Your shell on C7 destroyed an enemy piece.")
    assert d.page.locator("#announcer").inner_text() == "Hit! Your shell on C7 destroyed an enemy piece."
    d.shot("result-a")
    d.pass_on("Bob")

    # Turn 1, Bob: first sees Alice's shot; turns piece 3 in place to SE; fires at J4: miss.
    d.reveal("Bob")
    d.wait_screen("turn")
    d.check_turn_hides_the_enemy()
    report = d.text("#app .report")
    assert report == "Turn 1: Alice fired at C7: hit. Your heavy mortar 1 was destroyed."
    assert "Your heavy mortar 1 was destroyed" in d.page.locator("#announcer").inner_text()
    assert "destroyed" in d.square("C7").get_attribute("aria-label")
    if phone:
        d.no_horizontal_scroll()
        d.press_button("Pad")
        assert d.page.locator("#app .pad").is_visible()
        assert not d.page.locator("#app .game-board").is_visible()
        d.no_horizontal_scroll()
        d.shot("pad-b")
        d.press_button("Board")
    d.shot("turn-b")
    d.move_to("G7", "G7/SE")
    assert d.fire_at("J4", twice=True).endswith("Miss. Your shell on J4 hit nothing.")
    d.pass_on("Alice")

    # Turn 2, Alice: piece 2 forward, E7: hit.
    d.reveal("Alice")
    d.check_turn_hides_the_enemy()
    assert d.text("#app .report") == "Turn 1: Bob fired at J4: miss."
    d.move_by_steps("E2", ["forward"])
    assert "Hit!" in d.fire_at("E7")
    d.pass_on("Bob")

    # Turn 2, Bob: piece 3 turns left and holds fire. A double tap on the hand-over button
    # cannot reveal Alice's board: "I am Alice" ignores presses for a moment after it appears.
    d.reveal("Bob")
    d.move_by_steps("G7", ["left"])
    assert d.hold_fire().endswith("You did not fire this turn.")
    d.press(d.button("Hide my board and pass to Alice"))  # waits until the button is armed
    screen = d.page.evaluate("""() => {
        document.querySelector('#app [data-action="reveal"]').click();
        return document.querySelector('#app > .screen').dataset.screen;
    }""")
    assert screen == "curtain"
    d.check_curtain()

    # Turn 3, Alice: piece 3 forward, G7: the third hit ends the game at once.
    d.reveal("Alice")
    assert d.text("#app .report") == "Turn 2: Bob did not fire."
    d.move_by_steps("G2", ["forward"])
    assert "Hit!" in d.fire_at("G7")
    d.end_game()
    assert d.text("#app .outcome") == "Alice wins 3:0: every enemy piece destroyed in turn 3."
    if phone:
        d.no_horizontal_scroll()
    d.shot("over")
    assert d.curtains_checked == 7


def test_full_classic_game_to_a_win_through_the_ui(desk):
    d = fresh(desk)
    play_short_classic_game(d)
    page = d.page
    # both boards and both pads, side by side for the final check
    assert page.locator("#app .review-side").count() == 2
    pads = page.locator("#app .pad table")
    assert pads.count() == 2
    a_pad = pads.nth(0).inner_text()
    assert "G3/N *" in a_pad and "(C7)" in a_pad and "(G7)" in a_pad
    b_pad = pads.nth(1).inner_text()
    assert "J4" in b_pad and "G7/SE *" in b_pad
    # the replay steps back and forth
    assert page.locator("#app .replay-pos").inner_text() == "5 / 5"
    d.press(d.button("Step back"))
    assert page.locator("#app .replay-pos").inner_text() == "4 / 5"
    assert page.locator("#app .replay-text").inner_text() == (
        "Turn 2, Bob (B): piece 3 moved to G7/E, no shot.")
    d.press(d.button("To the start"))
    assert page.locator("#app .replay-text").inner_text() == "Start: the pieces as placed"
    assert "heavy mortar 3, facing north" in page.locator(
        '#app .game-board [data-square="G2"]').get_attribute("aria-label")
    d.press(d.button("Step forward"))
    assert page.locator("#app .replay-pos").inner_text() == "1 / 5"
    d.press(d.button("To the end"))
    # export the record as a JSON file
    with page.expect_download() as info:
        d.press_button("Export (JSON)")
    download = info.value
    assert download.suggested_filename == "mortar-hunt-alice-vs-bob.json"
    record = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert record["format"] == "mortar-hunt/1" and len(record["actions"]) == 5
    assert record["setup"] == {"A": A_SETUP, "B": ["C7/S", "E7/S", "G7/S"]}
    # rematch: same players, the other one first this time, behind the curtain
    d.press_button("Rematch")
    d.check_curtain()
    assert d.text("#app #curtain-title") == "Pass the device to Bob"
    assert_clean(desk)


def test_craters_turn_limit_draw_compulsory_shot_and_a_name_that_looks_like_html(desk):
    d = fresh(desk)
    dialogs: list[str] = []
    desk.page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    evil = "<img src=x onerror=alert(1)>"
    d.new_game(evil, "Bob", variant="craters", limit="custom", custom=3)
    assert d.text("#app #curtain-title") == f"Pass the device to {evil}"
    assert desk.page.locator("#app img").count() == 0
    d.place(evil, A_SETUP)
    d.check_curtain()
    d.place("Bob", ["B8/S", "D8/S", "F8/S"])
    d.check_curtain()
    for _ in range(2):  # both hold fire twice
        d.reveal(evil)
        d.move_by_steps("C2", ["left"]) if _ == 0 else d.move_by_steps("C2", ["right"])
        d.hold_fire()
        d.pass_on("Bob")
        d.reveal("Bob")
        d.move_by_steps("B8", ["left"]) if _ == 0 else d.move_by_steps("B8", ["right"])
        d.hold_fire()
        d.pass_on(evil)
    # turn 3: a shot is compulsory
    d.reveal(evil)
    facts = d.text("#app .warnings")  # always in view (the other facts are in the Pad tab)
    assert "You must fire this turn" in facts
    d.move_by_steps("C2", ["forward"])
    skip = d.button("Don't fire")
    assert skip.is_disabled()
    assert d.text("#skip-reason") == "You must fire this turn: no shot in your last 2 turns."
    d.shot("compulsory")
    assert d.fire_at("C6").endswith("Miss. Your shell on C6 hit nothing.")
    assert "crater" in d.square("C6").get_attribute("class").split()
    d.pass_on("Bob")
    d.reveal("Bob")
    assert d.square("C6").get_attribute("aria-label") == (
        f"C6, {evil} shot here in turn 3: miss, crater")
    assert d.button("Don't fire").count() == 0  # not yet: the move comes first
    d.move_by_steps("B8", ["forward"])
    assert d.button("Don't fire").is_disabled()
    d.fire_at("B4")
    d.end_game()
    assert d.text("#app .outcome") == "Draw 0:0 after 3 turns (turn limit)."
    assert dialogs == []
    assert desk.page.locator("#app img").count() == 0
    assert desk.page.locator("#app .review-side h3").first.inner_text() == f"{evil} (Player\u00a0A)"
    assert_clean(desk)


def test_placement_is_rejected_while_invalid_and_works_by_keyboard(desk):
    d = fresh(desk)
    page = desk.page
    d.new_game("Alice", "Bob")
    d.reveal("Alice")
    d.wait_screen("placement")
    confirm = d.button("Confirm placement")
    assert confirm.is_disabled()
    assert d.text("#placement-reason").startswith("Pick a square in rows 1–4 for piece 1")
    d.tap_square("C2")
    d.press(d.page.locator("#app").get_by_role("button", name=re.compile(r"^Piece 2\b")))
    d.tap_square("D7")  # the enemy half: nothing is put there, the line under the board says why
    assert d.text("#placement-reason") == "D7: Your pieces stay in your own half."
    assert d.square("D7").locator(".tok").count() == 0
    d.press(d.page.locator("#app").get_by_role("button", name=re.compile(r"^Piece 3\b")))
    d.tap_square("F1")
    assert confirm.is_disabled()
    # by keyboard: from D7, arrow down over the obstacle to D4, Enter puts piece 2 there
    d.square("D7").click()
    d.square("D7").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("() => document.activeElement.dataset.square")
    assert focused == "D4"
    page.keyboard.press("Enter")
    assert d.square("D4").get_attribute("aria-label") == "D4, your heavy mortar 2, facing north, selected"
    d.face("E").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.arg") == "E"
    assert d.square("D4").get_attribute("aria-label").endswith("facing east, selected")
    assert confirm.is_enabled()
    assert d.text("#placement-reason") == "All three are placed: confirm, or turn or move piece 2."
    d.shot("placement-ready")
    d.press_button("Confirm placement")
    d.check_curtain()
    assert_clean(desk)


def test_reload_in_mid_turn_resumes_at_the_curtain_with_nothing_lost(desk):
    d = fresh(desk)
    page = desk.page
    d.new_game("Alice", "Bob")
    d.place("Alice", A_SETUP)
    d.place("Bob", B_SETUP)
    d.reveal("Alice")
    d.move_by_steps("C2", ["forward"])
    d.fire_at("C7")
    d.pass_on("Bob")
    d.reveal("Bob")
    d.tap_square("E7")
    d.press(page.locator("#app").get_by_role("button", name=re.compile("^Forward,")))
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    d.check_curtain()
    assert d.text("#app #curtain-title") == "Pass the device to Bob"
    assert page.locator("#app .kicker").text_content() == "Turn 1"
    d.reveal("Bob")
    assert d.text("#app .report") == "Turn 1: Alice fired at C7: hit. Your heavy mortar 1 was destroyed."
    assert "(C7)" in d.text("#app .pad")
    assert d.square("E7").get_attribute("aria-label") == "E7, your heavy mortar 2, facing south"
    # a save of a newer version: a clear message and a working start screen, never a broken
    # page; the save is kept (the newer version can resume it) and can be exported as it is
    newer = '{"app": "mortar-hunt", "version": 9}'
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, newer])
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    d.wait_screen("start")
    assert d.text("#app .notice p") == "The saved game comes from a newer version of this page."
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})") == newer
    assert d.button("Export it as it is").is_visible()
    d.press_button("OK")
    assert page.locator("#app .notice").count() == 0
    assert_clean(desk)


WALLED_IN = {  # a craters game where A must shoot and no move leaves a shot (RULINGS R9)
    "format": "mortar-hunt/1", "variant": "craters", "turn_limit": None,
    "players": {"A": {"name": "Ann", "pieces": ["HM", "HM", "HM"]},
                "B": {"name": "Ben", "pieces": ["HM", "HM", "HM"]}},
    "setup": {"A": ["A1/S", "F1/N", "A3/N"], "B": ["A7/S", "B7/S", "K7/SW"]},
    "actions": [
        {"player": "A", "move": {"piece": 2, "to": "F2/N"}, "shot": {"piece": 2, "at": "F6"}},
        {"player": "B", "move": {"piece": 3, "to": "K7/S"}, "shot": {"piece": 1, "at": "A2"}},
        {"player": "A", "move": {"piece": 2, "to": "F2/NE"}, "shot": {"piece": 3, "at": "A6"}},
        {"player": "B", "move": {"piece": 3, "to": "K7/SW"}, "shot": {"piece": 2, "at": "B2"}},
        {"player": "A", "move": {"piece": 2, "to": "F2/N"}, "shot": None},
        {"player": "B", "move": {"piece": 2, "to": "B6/S"}, "shot": {"piece": 2, "at": "B1"}},
        {"player": "A", "move": {"piece": 2, "to": "F2/NE"}, "shot": None},
        {"player": "B", "move": {"piece": 1, "to": "A8/S"}, "shot": {"piece": 3, "at": "F2"}},
        {"player": "A", "move": {"piece": 1, "to": "A1/SW"}, "shot": {"piece": 3, "at": "A7"}},
        {"player": "B", "move": {"piece": 2, "to": "B6/SW"}, "shot": {"piece": 1, "at": "A3"}},
        {"player": "A", "move": {"piece": 1, "to": "A1/W"}, "shot": None},
        {"player": "B", "move": {"piece": 3, "to": "K7/W"}, "shot": None},
        {"player": "A", "move": {"piece": 1, "to": "A1/NW"}, "shot": None},
        {"player": "B", "move": {"piece": 3, "to": "K7/NW"}, "shot": None},
    ],
}


def test_sacrifice_in_a_resumed_craters_game(desk):
    d = fresh(desk)
    page = desk.page
    save = {"app": "mortar-hunt", "version": 1, "loadout": "HM", "record": json.dumps(WALLED_IN)}
    page.evaluate(f"() => localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(json.dumps(save))})")
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    d.check_curtain()
    d.reveal("Ann")
    assert d.text("#app .sacrifice-controls h3") == "You must sacrifice a piece"
    assert d.button("Confirm move").count() == 0 and d.button("Don't fire").count() == 0
    # one piece is left: it is chosen already, and the screen says sacrificing it loses the game
    assert "last piece" in d.text("#app .say")
    d.shot("sacrifice")
    d.press_button("Sacrifice piece 1")
    assert d.text("#app .result") == "You sacrificed piece 1."
    d.end_game()
    assert d.text("#app .outcome") == "Ben wins 3:0: every enemy piece destroyed in turn 8."
    assert_clean(desk)


def test_import_a_record_to_review_and_a_bad_file(desk, tmp_path):
    d = fresh(desk)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "mortar-hunt/1", "variant": "chess"}')
    file_input = desk.page.locator('#app input[type="file"]')
    file_input.set_input_files(str(bad))
    desk.page.wait_for_selector("#app .notice")
    assert d.text("#app .notice p") == ("That file is not a record of Mortar Hunt: "
                                        "the record lacks the key 'actions'.")
    latin1 = tmp_path / "latin1.json"  # a record whose name is not UTF-8: refused, as by the CLI
    latin1.write_bytes(json.dumps(dict(WALLED_IN, players={
        "A": {"name": "Ren\u00e9", "pieces": ["HM"] * 3}, "B": {"pieces": ["HM"] * 3}}),
        ensure_ascii=False).encode("latin-1"))
    file_input.set_input_files(str(latin1))
    desk.page.wait_for_selector("#app .notice p:has-text('not UTF-8')")
    good = tmp_path / "good.json"
    record = dict(WALLED_IN, players={"A": {"name": "<b>Ann</b>", "pieces": ["HM"] * 3},
                                      "B": {"name": "Ben", "pieces": ["HM"] * 3}})
    good.write_text(json.dumps(record))
    desk.page.locator('#app input[type="file"]').set_input_files(str(good))
    d.wait_screen("review")
    assert d.text("#app .outcome").startswith("In progress after 7 turns, <b>Ann</b> to play")
    assert desk.page.locator("#app b").count() == 0
    assert desk.page.locator("#app .review-side").count() == 2
    d.press_button("Close")
    d.wait_screen("start")
    assert_clean(desk)


def test_a_long_record_is_read_behind_a_reading_screen_then_stepped(desk, tmp_path):
    """A record of 19,000 actions naming a computer seat: the page reads it a slice at a time
    ("reading" shows, the page answers meanwhile), then steps through it; each pad is drawn its
    last turns at most."""
    import bench_records  # (tools/ is on the path: conftest)

    bench_records.DATA.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "long.json"
    path.write_text(bench_records.seated_record(19_000))
    d = fresh(desk)
    page = desk.page
    page.locator('#app input[type="file"]').set_input_files(str(path))
    page.wait_for_selector("html[data-screen='reading']", state="attached")
    assert "Reading the record" in d.text("#app")
    assert page.evaluate("1 + 1") == 2  # the page answers while it reads
    d.wait_screen("review")
    assert d.text("#app .replay-pos") == "19000 / 19000"
    rows = page.locator("#app .review-side").first.locator("tbody tr:not(.earlier)")
    assert 0 < rows.count() <= 100
    assert "earlier turns are not shown" in d.text("#app .review-side[data-player=A]")
    d.press(page.get_by_role("button", name="Step back"))
    page.wait_for_selector("#app .replay-pos:has-text('18999 / 19000')")
    d.press_button("Close")
    d.wait_screen("start")
    assert_clean(desk)


def test_phone_sized_game_with_touch(open_game):
    g = open_game(viewport=PHONE, context_options={"has_touch": True, "is_mobile": True})
    d = Driver(g.page, touch=True, name="phone")
    d.wait_screen("start")
    d.no_horizontal_scroll()
    d.shot("start")
    play_short_classic_game(d, phone=True)
    # touch targets: every control outside the board is at least 40 px both ways
    small = g.page.evaluate("""() => [...document.querySelectorAll('#app button:not(.sq)')]
        .filter(b => b.offsetParent !== null)
        .map(b => [b.textContent.trim(), b.getBoundingClientRect()])
        .filter(([, r]) => r.width < 40 || r.height < 40).map(([t]) => t)""")
    assert small == []
    assert_clean(g)
    # a Python exception in a handler shows the error panel instead of a dead page
    # (the app's drawing made to fail: an intent the table does not know is a stale tap, ignored)
    button = g.page.get_by_role("button", name="Step back")  # (the review's, on the game's end)
    g.page.evaluate("""() => {
        const app = document.getElementById("app");
        const text = Object.getOwnPropertyDescriptor(Node.prototype, "textContent");
        const set = Element.prototype.setAttribute;
        const fail = () => { throw new Error("a broken page"); };
        document.createElement = fail;
        Object.defineProperty(Node.prototype, "textContent", {configurable: true, get: text.get,
            set(v) { if (app.contains(this)) fail(); text.set.call(this, v); }});
        Element.prototype.setAttribute = function (k, v) {
            if (app.contains(this)) fail(); return set.call(this, k, v); };
    }""")
    d.press(button)
    g.page.wait_for_selector("#boot-error:not([hidden])", timeout=5_000)
    assert "a broken page" in g.page.locator("#boot-error-text").inner_text()
    assert g.page.locator("#boot-error h2").inner_text() == "Something went wrong"
    g.close()
