"""Mortar Hunt's walker (see walk.py): every screen of the game in one page.

A hot-seat game with long names, the secret loadout and a three-turn limit, so that turn 3 shows
everything at once (a two-line report of a hit, "you must fire" and "last turn"); then a game
against the computer over the finished one (the start form's warning, a piece that can only
turn where it stands, the computer's turn, what it believed), and an imported record's review.
Every control is found by what it does (``data-action``, ``data-square``), never by its words:
the walk runs in German and in Serbian Cyrillic.
"""

from __future__ import annotations

from walk import Walk

from ui_driver import SAVE_KEY, Driver

FACINGS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def _move(d: Driver, square: str, step: str) -> None:
    """The piece on ``square`` moved by one step (forward, back) or turned (left, right), confirmed."""
    d.tap_square(square)
    if step in ("left", "right"):
        now = d.page.get_attribute('#app .compass [aria-pressed="true"]', "data-arg")
        d.press(d.face(FACINGS[(FACINGS.index(now) + (1 if step == "right" else -1)) % 8]))
    else:
        d.act("step", step)
    d.act("confirm-move")


def _fire_at(d: Driver, square: str) -> None:
    d.tap_square(square)
    d.act("confirm")  # "Fire at …"
    d.page.wait_for_selector("#app .result", state="attached")


def _pass_on(d: Driver) -> None:
    """"Hide my board and pass to …": the curtain, hiding every piece."""
    d.act("end-turn")
    d.check_curtain()


def walk_mortar_hunt(w: Walk) -> None:
    page = w.page
    a, b = w.names
    d = Driver(page, touch=True, name=f"walk-{w.size}")
    d.wait_screen("start")
    w.screen("start", scroll=True, in_view=(d.start_button(),))
    page.fill('#app input[name="name-A"]', a)
    page.fill('#app input[name="name-B"]', b)
    for name, value in (("limit", "custom"), ("loadout", "secret")):
        d.press(page.locator(f'#app input[name="{name}"][value="{value}"]'))
    page.fill('#app input[name="custom-limit"]', "3")
    w.screen("start, all options", scroll=True, in_view=(d.start_button(),))
    d.press(d.start_button())
    d.wait_screen("curtain")
    w.screen("curtain")

    # placement: one screen before, while and after the pieces go down
    d.act("reveal")
    d.wait_screen("placement")
    w.screen("placement")
    d.tap_square("C2")
    w.screen("placement, one placed")
    d.tap_square("E2")
    d.tap_square("G2")
    w.screen("placement, all placed")
    d.act("confirm-placement")
    d.wait_screen("curtain")
    d.act("reveal")
    d.wait_screen("placement")
    for square in ("C7", "E7", "G7"):
        d.tap_square(square)
    d.act("confirm-placement")
    d.wait_screen("curtain")

    # turn 1, A: every stage of a turn
    d.act("reveal")
    d.wait_screen("turn")
    w.screen("move")
    d.tap_square("C2")
    w.screen("move, piece picked")
    d.tap_square("K4")  # a square piece 1 cannot reach
    w.screen("move, unreachable square")
    d.tap_square("C3")
    w.screen("move, destination")
    d.act("confirm-move")
    w.screen("fire")
    d.tap_square("C7")
    w.screen("fire, aimed")
    d.act("cancel")  # (the aimed shot dropped: holding fire is the row's again)
    d.act("skip")  # "Don't fire"
    d.wait_screen("turn")
    w.screen("result")
    w.hold()  # the curtain while its reveal is still arming (it ignores presses for a moment)
    d.act("end-turn")
    d.wait_screen("curtain")
    w.screen("curtain, arming", settle=False)
    w.release()
    w.screen("curtain, turn 1")

    # turn 1, B: the report of A's turn; turn 2: A holds fire again, B hits A's piece 2
    d.act("reveal")
    d.wait_screen("turn")
    w.screen("move, with a report")
    _move(d, "G7", "left")
    d.act("skip")
    _pass_on(d)
    d.act("reveal")
    _move(d, "C3", "back")
    d.act("skip")
    _pass_on(d)
    d.act("reveal")
    _move(d, "G7", "right")
    _fire_at(d, "E2")
    w.screen("result, a hit")
    _pass_on(d)

    # turn 3, A: a hit reported, a shot due, the last turn
    d.act("reveal")
    d.wait_screen("turn")
    w.screen("move, hit reported, must fire, last turn")
    d.act("tab", "pad")
    w.screen("pad")
    d.act("resign")
    w.screen("resign?")
    d.act("resign-cancel")
    d.act("tab", "board")
    d.tap_square("C2")
    d.tap_square("C3")
    w.screen("move, destination, must fire")
    d.act("confirm-move")
    w.screen("fire, must fire")
    _fire_at(d, "C8")
    _pass_on(d)
    d.act("reveal")
    _move(d, "G7", "left")
    d.act("skip")
    w.screen("result, the game is over")
    d.act("end-turn")  # "See the final result"
    d.wait_screen("over")
    w.screen("over")
    d.act("replay", "prev")
    w.screen("over, a step back")
    d.act("tab", "pad")
    w.screen("over, pads")
    d.act("tab", "board")

    # the rules over the game
    w.rules(d.press)

    # against the computer, over the finished game
    d.act("menu")  # "New game"
    d.wait_screen("start")
    d.press(page.locator('#app input[name="opponent"][value="computer"]'))
    d.press(page.locator('#app input[name="level"][value="easy"]'))
    w.screen("start, against the computer", scroll=True, in_view=(d.start_button(),))
    d.press(d.start_button())
    w.screen("start, a game is saved", scroll=True, in_view=(page.locator("#app .confirm"),))
    d.press(page.locator("#app .confirm button").first)
    d.wait_screen("placement")
    # piece 1 in the corner facing off the board, piece 2 behind it: piece 1 can only turn
    d.press(d.face("SW"))
    for square in ("A1", "B2", "G2"):
        d.tap_square(square)
    w.hold()
    d.act("confirm-placement")
    d.wait_screen("thinking")
    w.screen("thinking")
    w.release()
    page.wait_for_selector('#app > [data-screen="turn"]', timeout=30_000)
    w.screen("move, against the computer")
    d.tap_square("A1")
    w.screen("move, a piece that can only turn")
    _move(d, "G2", "forward")
    w.hold()  # (the computer goes on by itself after a beat)
    d.act("skip")
    w.screen("result, against the computer", settle=False)
    w.release()
    w.go_on()
    page.wait_for_selector('#app > [data-screen="turn"] .report', timeout=30_000)
    w.screen("move, the computer's turn reported")
    d.act("tab", "pad")
    d.act("resign")
    d.act("resign-confirm")
    d.wait_screen("over")
    d.press(page.locator("#app [data-action='aid']"))
    page.wait_for_selector("#app .aid-on", state="attached")
    w.screen("over, what the computer believed")

    # an imported record's review
    d.act("menu")  # "New game"
    d.wait_screen("start")
    d.review_saved(SAVE_KEY)
    w.screen("review")
