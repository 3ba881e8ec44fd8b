"""Enlightenment's walker (see walk.py): every screen of the game in one page.

Two people with long names: a turn (the other's piece tapped, a piece picked with its squares
marked, a square it cannot reach), a jump chain under way (its path drawn, its button, a
tap that cannot be used), then the shared end of the open games (walk_open.py) and a game
against the computer.
"""

from __future__ import annotations

import walk_open
from walk import Walk

from open_driver import OpenDriver

GAME = "enlightenment"


def walk_enlightenment(w: Walk) -> None:
    d = OpenDriver(w.page, GAME, touch=True, name=f"en-walk-{w.size}")
    walk_open.start(w, d, {"first": "Red"})
    d.wait_turn()
    w.screen("turn")
    d.tap_square("a5")  # the other's piece
    w.screen("turn, the other's piece")
    d.tap_square("c1")
    w.screen("turn, a piece picked")
    d.tap_square("e5")  # a square the piece on c1 cannot reach
    w.screen("turn, a square it cannot reach")
    d.move("c2")
    d.wait_turn()
    d.move("e3", "d3")
    d.wait_turn()
    w.screen("turn, after a move")
    d.tap_square("a1")
    d.tap_square("c1")  # a jump: chosen, and the chain may go on
    w.screen("jump chain")
    d.tap_square("c3")
    w.screen("jump chain, two landings")
    d.tap_square("b5")
    w.screen("jump chain, a square it cannot use")
    d.tap_square("e3")
    d.tap_square("e3")  # the second tap on where it ends plays it
    d.wait_turn()
    w.screen("turn, after a jump chain")
    walk_open.draw_and_end(w, d, "a4", "b3")
    walk_open.against_the_computer(w, d, "c1", "c2")
