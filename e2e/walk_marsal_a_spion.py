"""Maršál a Špión's walker (see walk.py): every screen of the game in one page.

Two people with long names through the curtain: setting up 40 with the tray (pieces placed, one
held to swap, a whole army), a turn (a piece that never moves tapped, a Scout picked with its
squares marked, a square it cannot reach, an attack aimed), the attack seen by both sides, a move
that offers a draw, resigning asked and taken back, the draw accepted, the end with its trays,
the rules and the record's review; then a game against the computer over the finished one.
"""

from __future__ import annotations

import layout
from walk import Walk

from marsal_driver import SAVE_KEY, MarsalASpionKind

A, B = "Alexandra", "Maximilian"


def walk_marsal_a_spion(w: Walk) -> None:
    page = w.page
    d = MarsalASpionKind(page, touch=True, name=f"marsal-walk-{w.size}")
    d.wait_screen("start")
    w.screen("start", scroll=True, in_view=(d.button("Start the game"),))
    d.fill_start(A, B)
    w.screen("start, names", scroll=True, in_view=(d.button("Start the game"),))
    d.press_button("Start the game")
    d.wait_screen("curtain")
    w.screen("curtain")

    # setting up: by hand, a piece held to swap, then a whole army
    d.reveal(A)
    d.wait_screen("setup")
    w.screen("setup")
    d.tap_square("A4")  # the tray's first kind (the Marshal), then the General
    d.tap_square("B4")
    w.screen("setup, two placed")
    d.tap_square("A4")
    w.screen("setup, a piece held")
    d.tap_square("B4")
    d.press_button("Scouts ahead: ", exact=False)
    w.screen("setup, all placed")
    d.press_button("Confirm setup")
    d.wait_screen("curtain")
    d.reveal(B)
    d.set_up("Corner fortress: ")
    d.wait_screen("curtain")
    w.screen("curtain, set up")

    # A's turn: a piece that never moves, a Scout picked, a square it cannot reach, an attack
    d.reveal(A)
    d.wait_screen("turn")
    w.screen("turn")
    fixed = next(sq for sq, piece in d.state().pieces("Red").items() if not piece.movable)
    d.tap_square(str(fixed))
    w.screen("turn, a piece that never moves")
    d.tap_square("B4")
    w.screen("turn, a piece picked")
    d.tap_square("J7")
    w.screen("turn, a square it cannot reach")
    d.tap_square("B8")
    w.screen("turn, an attack aimed")
    d.press_button("Attack B8")
    page.wait_for_selector("#app .result-controls")
    layout.settle(page)  # the faces turned over, then the result
    w.screen("result, an attack")
    d.press_button(f"Hide my board and pass to {B}")
    d.wait_screen("curtain")
    w.screen("curtain, after an attack")

    # B: the attack reported, a move offering a draw
    d.reveal(B)
    d.wait_screen("turn")
    w.screen("turn, an attack reported")
    d.press_button("Offer a draw with this move")  # (before the move: its buttons take the row)
    d.tap_square("J8")
    d.tap_square("J7")
    w.screen("turn, a move offering a draw")
    d.press_button("Move J8–J7")
    page.wait_for_selector("#app .result-controls")
    w.screen("result, a move")
    d.press_button(f"Hide my board and pass to {A}")
    d.wait_screen("curtain")

    # A: the offer, resigning asked and taken back, the draw accepted, the end
    d.reveal(A)
    d.wait_screen("turn")
    w.screen("turn, a draw offered")
    d.press_button("Resign…")
    w.screen("resign?")
    d.press_button("No, keep playing")
    d.press_button("Accept the draw…")
    w.screen("accept the draw?")
    d.press_button("Yes, a draw")
    d.wait_screen("over")
    w.screen("over")
    d.press(d.button("Step back"))
    w.screen("over, a step back")
    d.press(d.button("Pad"))
    w.screen("over, the trays")
    d.press(d.button("Board"))
    w.rules(d.press)
    d.press_button("New game")
    d.wait_screen("start")
    d.review_saved(SAVE_KEY)
    w.screen("review")
    d.press_button("Close")

    # against the computer, over the finished game
    d.wait_screen("start")
    d.fill_start(A, computer=True)
    w.screen("start, against the computer", scroll=True, in_view=(d.button("Start the game"),))
    d.press_button("Start the game")
    w.screen("start, a game is saved", scroll=True, in_view=(page.locator("#app .confirm"),))
    d.press(page.locator("#app .confirm button").first)
    d.wait_screen("setup")
    d.press_button("Fill at random")
    w.hold()
    d.press_button("Confirm setup")
    d.wait_screen("thinking")
    w.screen("thinking")
    w.release()
    d.wait_screen("turn")
    w.screen("turn, against the computer")
    w.hold()  # (the computer goes on by itself after a beat)
    d.play()
    w.screen("result, against the computer", settle=False)
    w.release()
    page.wait_for_selector('#app > [data-screen="turn"] .report', timeout=30_000)
    w.screen("turn, the computer's move reported")
