"""What the walks of the open games share (Hopper and Sneaker, Enlightenment, Four Circles; see
walk.py): the start form with long names, a move that offers a draw seen by both players,
resigning asked and taken back, the draw accepted, the end, the rules, the review of the game's
record, and a game against the computer over the finished one with the computer's turn. Every
control is found by what it does (``data-action``), never by its words: the same walks run in
German and in Serbian Cyrillic."""

from __future__ import annotations

from collections.abc import Callable

from walk import Walk

from open_driver import OpenDriver


def reveal(d: OpenDriver, screen: str) -> None:
    """The curtain lifted by the player it waits for ("I am Ann — show my board")."""
    d.act("reveal")
    d.wait_screen(screen)


def start(w: Walk, d: OpenDriver, values: dict[str, str]) -> None:
    """The start form, bare and then filled in; the game started (the first name plays Red)."""
    d.wait_screen("start")
    w.screen("start", scroll=True, in_view=(d.start_button(),))
    d.fill_start(w.names, values=values)
    w.screen("start, all options", scroll=True, in_view=(d.start_button(),))
    d.press(d.start_button())


def draw_and_end(w: Walk, d: OpenDriver, *taps: str) -> None:
    """On a turn of the player to move: a draw offered with the move ``taps`` make; the other
    player sees the offer, asks to resign and takes it back, accepts the draw: the end, a step
    back, the rules, the record's review."""
    page = d.page
    d.press(page.locator('#app [data-action="offer-draw"]'))
    w.screen("turn, offering a draw")
    d.move(*taps)
    d.wait_turn()
    w.screen("turn, a draw offered")
    d.act("resign")
    w.screen("resign?")
    d.act("resign-cancel")
    d.act("accept-draw")
    d.wait_screen("over")
    w.screen("over")
    d.act("replay", "prev")
    w.screen("over, a step back")
    w.rules(d.press)
    d.act("menu")  # New game
    d.wait_screen("start")
    d.review_saved(f"{d.game}/save")
    w.screen("review")
    d.act("close-review")


def against_the_computer(w: Walk, d: OpenDriver, *taps: str, first: Callable[[], None] | None = None) -> None:
    """A new game against the computer over the finished one (A plays Red, who starts): the
    form, the question about the saved game, ``first`` (what comes before A's first move), then
    the move ``taps`` make, the computer's turn and A's turn after it."""
    page = d.page
    d.wait_screen("start")
    d.fill_start((w.names[0], ""), computer="easy", side="first", values={"first": "Red"})
    w.screen("start, against the computer", scroll=True, in_view=(d.start_button(),))
    d.press(d.start_button())
    w.screen("start, a game is saved", scroll=True, in_view=(page.locator("#app .confirm"),))
    d.press(page.locator("#app .confirm button").first)
    if first is not None:
        first()
    d.wait_turn()
    w.hold()  # the computer's turn stays while it is checked
    # (a piece, where it goes, the same again: the one model of a turn; a placement without the piece)
    w.turn("a turn against the computer", *(lambda s=s: d.tap_square(s) for s in (*taps, taps[-1])))
    d.wait_screen("thinking")
    w.screen("thinking")
    w.release()
    page.wait_for_selector('#app > [data-screen="turn"] .last-to', state="attached", timeout=30_000)
    w.screen("turn, the computer's move")
