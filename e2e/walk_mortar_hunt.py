"""Mortar Hunt's walker (see walk.py): every screen of the game in one page.

A hot-seat game with long names, the secret loadout and a three-turn limit, so that turn 3 shows
everything at once (a two-line report of a hit, "you must fire" and "last turn"); then a game
against the computer over the finished one (the start form's warning, the computer's turn, what
it believed), and an imported record's review.
"""

from __future__ import annotations

from walk import Walk

from ui_driver import SAVE_KEY, Driver

A, B = "Alexandra", "Maximilian"


def _move(d: Driver, square: str, step: str) -> None:
    d.move_by_steps(square, [step])


def walk_mortar_hunt(w: Walk) -> None:
    page = w.page
    d = Driver(page, touch=True, name=f"walk-{w.size}")
    d.wait_screen("start")
    w.screen("start", scroll=True, in_view=(d.button("Start the game"),))
    page.fill('#app input[name="name-A"]', A)
    page.fill('#app input[name="name-B"]', B)
    for name, value in (("limit", "custom"), ("loadout", "secret")):
        d.press(page.locator(f'#app input[name="{name}"][value="{value}"]'))
    page.fill('#app input[name="custom-limit"]', "3")
    w.screen("start, all options", scroll=True, in_view=(d.button("Start the game"),))
    d.press_button("Start the game")
    d.wait_screen("curtain")
    w.screen("curtain")

    # placement: one screen before, while and after the pieces go down
    d.reveal(A)
    d.wait_screen("placement")
    w.screen("placement")
    d.tap_square("C2")
    w.screen("placement, one placed")
    d.tap_square("E2")
    d.tap_square("G2")
    w.screen("placement, all placed")
    d.press_button("Confirm placement")
    d.wait_screen("curtain")
    d.reveal(B)
    d.wait_screen("placement")
    for square in ("C7", "E7", "G7"):
        d.tap_square(square)
    d.press_button("Confirm placement")
    d.wait_screen("curtain")

    # turn 1, A: every stage of a turn
    d.reveal(A)
    d.wait_screen("turn")
    w.screen("move")
    d.tap_square("C2")
    w.screen("move, piece picked")
    d.tap_square("K4")  # a square piece 1 cannot reach
    w.screen("move, unreachable square")
    d.tap_square("C3")
    w.screen("move, destination")
    d.press_button("Confirm move")
    w.screen("fire")
    d.tap_square("C7")
    w.screen("fire, aimed")
    d.press_button("Cancel")  # (the aimed shot dropped: holding fire is the row's again)
    d.press_button("Don't fire")
    d.wait_screen("turn")
    w.screen("result")
    w.hold()  # the curtain while its reveal is still arming (it ignores presses for a moment)
    d.press_button(f"Hide my board and pass to {B}")
    d.wait_screen("curtain")
    w.screen("curtain, arming", settle=False)
    w.release()
    w.screen("curtain, turn 1")

    # turn 1, B: the report of A's turn; turn 2: A holds fire again, B hits A's piece 2
    d.reveal(B)
    d.wait_screen("turn")
    w.screen("move, with a report")
    _move(d, "G7", "left")
    d.hold_fire()
    d.pass_on(A)
    d.reveal(A)
    _move(d, "C3", "back")
    d.hold_fire()
    d.pass_on(B)
    d.reveal(B)
    _move(d, "G7", "right")
    d.fire_at("E2")
    w.screen("result, a hit")
    d.pass_on(A)

    # turn 3, A: a hit reported, a shot due, the last turn
    d.reveal(A)
    d.wait_screen("turn")
    w.screen("move, hit reported, must fire, last turn")
    d.press(d.button("Pad"))
    w.screen("pad")
    d.press(d.button("Resign…"))
    w.screen("resign?")
    d.press_button("No, keep playing")
    d.press(d.button("Board"))
    d.tap_square("C2")
    d.tap_square("C3")
    w.screen("move, destination, must fire")
    d.press_button("Confirm move")
    w.screen("fire, must fire")
    d.tap_square("C8")
    d.press_button("Fire at C8")
    d.wait_screen("turn")
    d.pass_on(B)
    d.reveal(B)
    _move(d, "G7", "left")
    d.hold_fire()
    w.screen("result, the game is over")
    d.end_game()
    w.screen("over")
    d.press(d.button("Step back"))
    w.screen("over, a step back")
    d.press(d.button("Pad"))
    w.screen("over, pads")
    d.press(d.button("Board"))

    # the rules over the game
    w.rules(d.press)

    # against the computer, over the finished game
    d.press_button("New game")
    d.wait_screen("start")
    d.press(page.locator('#app input[name="opponent"][value="computer"]'))
    d.press(page.locator('#app input[name="level"][value="easy"]'))
    w.screen("start, against the computer", scroll=True, in_view=(d.button("Start the game"),))
    d.press_button("Start the game")
    w.screen("start, a game is saved", scroll=True, in_view=(page.locator("#app .confirm"),))
    d.press(page.locator("#app .confirm button").first)
    d.wait_screen("placement")
    for square in ("C2", "E2", "G2"):
        d.tap_square(square)
    w.hold()
    d.press_button("Confirm placement")
    d.wait_screen("thinking")
    w.screen("thinking")
    w.release()
    page.wait_for_selector('#app > [data-screen="turn"]', timeout=30_000)
    w.screen("move, against the computer")
    _move(d, "E2", "forward")
    w.hold()  # (the computer goes on by itself after a beat)
    d.hold_fire()
    w.screen("result, against the computer", settle=False)
    w.release()
    page.wait_for_selector('#app > [data-screen="turn"] .report', timeout=30_000)
    w.screen("move, the computer's turn reported")
    d.press(d.button("Pad"))
    d.press(d.button("Resign…"))
    d.press_button("Yes, resign")
    d.wait_screen("over")
    d.press(page.locator("#app [data-action='aid']"))
    page.wait_for_selector("#app .aid-on", state="attached")
    w.screen("over, what the computer believed")

    # an imported record's review
    d.press_button("New game")
    d.wait_screen("start")
    d.review_saved(SAVE_KEY)
    w.screen("review")
