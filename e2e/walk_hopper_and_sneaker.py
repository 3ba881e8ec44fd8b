"""Hopper and Sneaker's walker (see walk.py): every screen of the game in one page.

Two people with long names and the secret arrangement: the curtain, arranging (a piece picked
to swap, a tap off the home rows said why), a turn (the other's piece tapped, a piece picked
with its squares marked, a square it cannot reach), then the shared end of the open games
(walk_open.py) and a game against the computer.
"""

from __future__ import annotations

import walk_open
from walk import Walk

from open_driver import OpenDriver

GAME = "hopper-and-sneaker"


def walk_hopper_and_sneaker(w: Walk) -> None:
    d = OpenDriver(w.page, GAME, touch=True, name=f"hs-walk-{w.size}")
    walk_open.start(w, d, {"first": "Red", "setup": "secret"})
    d.wait_screen("curtain")
    w.screen("curtain")
    walk_open.reveal(d, "placement")
    w.screen("arranging")
    d.tap_square("b1")
    w.screen("arranging, a piece picked")
    d.tap_square("b2")  # swapped: a Sneaker on b1, a Hopper on b2
    d.tap_square("b5")
    w.screen("arranging, a square off the home rows")
    d.act("confirm-setup")
    d.wait_screen("curtain")
    w.screen("curtain, one arranged")
    walk_open.reveal(d, "placement")
    d.act("arrange", "random")
    w.screen("arranging in secret, at random")
    d.act("confirm-setup")

    d.wait_turn()
    w.screen("turn")
    d.tap_square("b7")  # the other's piece
    w.screen("turn, the other's piece")
    d.tap_square("a2")
    w.screen("turn, a piece picked")
    d.tap_square("c5")  # a square the Sneaker on a2 cannot reach
    w.screen("turn, a square it cannot reach")
    walk_open.draw_and_end(w, d, "a3")

    def arrange() -> None:
        d.wait_screen("placement")
        d.act("confirm-setup")

    walk_open.against_the_computer(w, d, "a2", "a3", first=arrange)
