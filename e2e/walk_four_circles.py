"""Four Circles' walker (see walk.py): every screen of the game in one page.

Two people with long names: the placing phase (a tile already taken said why), a turn (a tile
that may not move and the rule that keeps it, a piece picked with its tiles marked, a cell it
cannot reach), a tile picked up, a cell it may not go to, put down, a piece moved onto it and
the tile move drawn, the view zoomed, then the shared end of the open games (walk_open.py) and a
game against the computer.
"""

from __future__ import annotations

import walk_open
from walk import Walk

from open_driver import OpenDriver

GAME = "four-circles"
PLACES = ("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "d4", "e1", "e3", "e2")  # (test_four_circles)


def walk_four_circles(w: Walk) -> None:
    d = OpenDriver(w.page, GAME, touch=True, name=f"fc-walk-{w.size}")
    walk_open.start(w, d, {"first": "Red"})
    d.wait_turn()
    w.screen("placing")
    for n, cell in enumerate(PLACES):
        if n == 1:
            d.tap_square("a1")  # taken
            w.screen("placing, a tile taken")
        d.move(cell)
        d.wait_turn()
    w.screen("turn")
    d.tap_square("c2")  # a tile that may not move (FC6)
    w.screen("turn, a tile that may not move")
    d.tap_square("a1")
    w.screen("turn, a piece picked")
    d.tap_square("e2")  # the other's piece, out of reach of the piece on a1
    w.screen("turn, a cell it cannot reach")
    d.move("c1")
    d.wait_turn()
    d.tap_square("e4")  # the corner tile, picked up
    w.screen("tile in hand")
    d.tap_square("c4")  # taken
    w.screen("tile in hand, a cell it may not go to")
    d.tap_square("f1")
    w.screen("tile put down")
    d.tap_square("e1")
    w.screen("tile move chosen")
    d.tap_square("e1")
    d.wait_turn()
    w.screen("turn, a tile moved")
    d.press(d.page.locator('#app [data-action="zoom"][data-arg="in"]'))
    w.screen("turn, zoomed in")
    d.press_button("Fit the whole board")
    walk_open.draw_and_end(w, d, "a2", "c2")
    walk_open.against_the_computer(w, d, "c2")
