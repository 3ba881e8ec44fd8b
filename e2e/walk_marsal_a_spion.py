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


def walk_marsal_a_spion(w: Walk) -> None:
    page = w.page
    a, b = w.names
    d = MarsalASpionKind(page, touch=True, name=f"marsal-walk-{w.size}")
    d.wait_screen("start")
    w.screen("start", scroll=True, in_view=(d.start_button(),))
    d.fill_start(a, b)
    w.screen("start, names", scroll=True, in_view=(d.start_button(),))
    d.press(d.start_button())
    d.wait_screen("curtain")
    w.screen("curtain")

    # setting up: by hand, a piece held to swap, then a whole army
    d.act("reveal")
    d.wait_screen("setup")
    w.screen("setup")
    d.tap_square("A4")  # the tray's first kind (the Marshal), then the General
    d.tap_square("B4")
    w.screen("setup, two placed")
    d.tap_square("A4")
    w.screen("setup, a piece held")
    d.tap_square("B4")
    d.act("preset", "scouts")
    w.screen("setup, all placed")
    d.act("confirm-setup")
    d.wait_screen("curtain")
    d.act("reveal")
    d.wait_screen("setup")
    d.act("preset", "corner")
    d.act("confirm-setup")
    d.wait_screen("curtain")
    w.screen("curtain, set up")

    # A's turn: a piece that never moves, a Scout picked, a square it cannot reach, an attack
    d.act("reveal")
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
    d.act("confirm")  # "Attack B8"
    page.wait_for_selector("#app .result-controls")
    layout.settle(page)  # the faces turned over, then the result
    w.screen("result, an attack")
    d.act("end-turn")  # "Hide my board and pass to …"
    d.wait_screen("curtain")
    w.screen("curtain, after an attack")

    # B: the attack reported, a move offering a draw
    d.act("reveal")
    d.wait_screen("turn")
    w.screen("turn, an attack reported")
    d.act("offer-draw")  # (before the move: its buttons take the row)
    d.tap_square("J8")
    d.tap_square("J7")
    w.screen("turn, a move offering a draw")
    d.act("confirm")  # "Move J8–J7"
    page.wait_for_selector("#app .result-controls")
    w.screen("result, a move")
    d.act("end-turn")
    d.wait_screen("curtain")

    # A: the offer, resigning asked and taken back, the draw accepted, the end
    d.act("reveal")
    d.wait_screen("turn")
    w.screen("turn, a draw offered")
    d.act("resign")
    w.screen("resign?")
    d.act("resign-cancel")
    d.act("accept-draw")
    w.screen("accept the draw?")
    d.act("accept-confirm")
    d.wait_screen("over")
    w.screen("over")
    d.act("replay", "prev")
    w.screen("over, a step back")
    d.act("tab", "pad")
    w.screen("over, the trays")
    d.act("tab", "board")
    w.rules(d.press)
    d.act("menu")  # "New game"
    d.wait_screen("start")
    d.review_saved(SAVE_KEY)
    w.screen("review")
    d.act("close-review")

    # against the computer, over the finished game
    d.wait_screen("start")
    d.fill_start(a, computer=True)
    w.screen("start, against the computer", scroll=True, in_view=(d.start_button(),))
    d.press(d.start_button())
    w.screen("start, a game is saved", scroll=True, in_view=(page.locator("#app .confirm"),))
    d.press(page.locator("#app .confirm button").first)
    d.wait_screen("setup")
    d.act("fill")
    w.hold()
    d.act("confirm-setup")
    d.wait_screen("thinking")
    w.screen("thinking")
    w.release()
    d.wait_screen("turn")
    w.screen("turn, against the computer")
    w.hold()  # (the computer goes on by itself after a beat)
    start = page.locator("#app .sq.movable").first.get_attribute("data-square")
    d.tap_square(start)
    end = page.locator("#app .sq.dest, #app .sq.target").first.get_attribute("data-square")
    page.keyboard.press("Escape")  # (a piece and its square found: the turn counted from none picked)
    page.wait_for_selector("#app .sq.dest, #app .sq.target", state="detached")
    # a piece, where it goes, the same again (the one model of a turn)
    w.turn("a turn against the computer", *(lambda s=s: d.tap_square(s) for s in (start, end, end)))
    w.screen("result, against the computer", settle=False)
    w.release()
    w.go_on()
    page.wait_for_selector('#app > [data-screen="turn"] .report', timeout=30_000)
    w.screen("turn, the computer's move reported")
