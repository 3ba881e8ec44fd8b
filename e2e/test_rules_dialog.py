"""The rules open over the game (issue 9, "Never lose a game"; found #6): mid-turn, with a move
half built, "Rules" opens a dialog instead of leaving the page, and closing it returns to the
same screen with the same draft, which then plays on."""

from __future__ import annotations

import re

from test_crosssite import APP_HTML

from ui_driver import Driver

A_SETUP = ["C2/N", "E2/N", "G2/N"]
B_SETUP = ["C7/S", "E7/S", "G7/S"]


def _rules_open(page) -> bool:
    return page.evaluate("document.getElementById('rules-dialog').open")


def test_rules_mid_turn_keep_the_draft(open_game):
    g = open_game(viewport={"width": 360, "height": 740},
                  context_options={"has_touch": True, "is_mobile": True})
    page = g.page
    d = Driver(page, touch=True, name="rules")
    # the start screen's "How to play" opens the same dialog
    url = page.url
    page.locator("#app").get_by_role("link", name="How to play").tap()
    page.wait_for_function("document.getElementById('rules-dialog').open")
    page.get_by_role("dialog", name="How to play").get_by_role("heading", name="The board").wait_for()
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('rules-dialog').open")
    assert page.url == url and d.screen() == "start"
    assert not page.locator(".compact-bar").is_visible()  # only in compact mode (embedded)

    d.new_game("Alice", "Bob")
    d.place("Alice", A_SETUP)
    d.check_curtain()
    d.place("Bob", B_SETUP)
    d.check_curtain()
    d.reveal("Alice")
    d.wait_screen("turn")
    # a draft: piece on C2 picked, one step forward built, not confirmed
    d.tap_square("C2")
    d.press(page.locator("#app").get_by_role("button", name=re.compile(r"^Forward,")))
    url = page.url
    before = page.evaluate(APP_HTML)
    assert "ghost" in before

    for close in ("button", "escape"):
        page.locator("#rules-link").tap()
        page.wait_for_function("document.getElementById('rules-dialog').open")
        dialog = page.get_by_role("dialog", name="How to play")
        dialog.get_by_role("heading", name="Holding fire").wait_for()
        assert page.url == url
        if close == "button":
            dialog.get_by_role("button", name="Close").tap()
        else:
            page.keyboard.press("Escape")
        page.wait_for_function("!document.getElementById('rules-dialog').open")
        assert page.url == url
        assert page.evaluate(APP_HTML) == before

    # the draft plays on: confirm the move, then hold fire; the save holds C2 -> C3
    d.press_button("Confirm move")
    d.hold_fire()
    game = d.saved()
    assert str(game.position("A", 1)) == "C3/N"
    assert g.log.console_errors == [] and g.log.page_errors == []
