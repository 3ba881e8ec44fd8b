"""Issue 7: nothing of a hidden player is shown to the other, and no confirmed action is lost —
against a held key, the back/forward cache of the production build, and a second tab."""

# ruff: noqa: F811  (pytest fixtures imported from distsite are redefined as arguments)
from __future__ import annotations

import json

from conftest import CHROMIUM_ARGS, GAME_PATH, chromium_executable
from distsite import (  # noqa: F401  (fixtures)
    A_SETUP,
    B_SETUP,
    GAME,
    dist_build,
    dist_site,
    wait_offline_ready,
    wait_ready,
)
from ui_driver import SAVE_KEY, Driver


def _to_alices_first_turn(d: Driver) -> None:
    d.new_game("Alice", "Bob")
    d.place("Alice", A_SETUP)
    d.check_curtain()
    d.place("Bob", B_SETUP)
    d.check_curtain()


def _hold(page, key: str, seconds: float) -> None:
    """Hold ``key`` down: the first keydown, then auto-repeat keydowns (event.repeat) as a
    keyboard sends them, about every 33 ms."""
    page.keyboard.down(key)
    for _ in range(int(seconds / 0.033)):
        page.wait_for_timeout(33)
        page.keyboard.down(key)  # a key already down: Playwright sends it with repeat set


def test_a_held_enter_never_walks_through_the_curtain(open_game):
    g = open_game(viewport={"width": 800, "height": 900})
    page, d = g.page, Driver(g.page)
    _to_alices_first_turn(d)
    d.reveal("Alice")
    d.wait_screen("turn")
    d.move_by_steps("C2", ["forward"])
    # "Don't fire" held: the turn is played, and the result screen's hand-over button (focused
    # on arrival) must not take the held key as a press.
    page.locator("#app").get_by_role("button", name="Don't fire").focus()
    _hold(page, "Enter", 1.5)
    assert d.screen() == "turn" and page.locator("#app .result").count() == 1
    page.keyboard.up("Enter")
    # A fresh press passes the device; held on, it must never reveal Bob's board.
    page.wait_for_function("document.activeElement.dataset.action === 'end-turn'")
    page.wait_for_selector("#app [data-armed]", state="attached")
    _hold(page, "Enter", 1.5)
    d.check_curtain()
    page.keyboard.up("Enter")
    # a deliberate press, begun on the curtain, does reveal
    page.wait_for_selector("#app [data-armed]", state="attached")
    page.locator("#app").get_by_role("button", name="I am Bob — show my board").focus()
    page.keyboard.press("Enter")
    d.wait_screen("turn")
    assert g.log.console_errors == [] and g.log.page_errors == []


def _record(page) -> dict:
    text = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
    return json.loads(text)["record"]


def test_a_second_tab_follows_the_game_and_never_overwrites_it(open_game):
    g = open_game(viewport={"width": 800, "height": 900})
    tab1, d1 = g.page, Driver(g.page)
    _to_alices_first_turn(d1)
    tab2 = g.context.new_page()
    tab2.goto(g.site.url + GAME_PATH, wait_until="domcontentloaded")
    wait_ready(tab2)
    d2 = Driver(tab2)
    d2.wait_screen("curtain")
    # tab 1 plays two actions
    tab1.bring_to_front()  # a background tab gets no animation frames
    d1.reveal("Alice")
    d1.wait_screen("turn")
    d1.move_by_steps("C2", ["forward"])
    d1.fire_at("C7")
    d1.pass_on("Bob")
    d1.reveal("Bob")
    d1.wait_screen("turn")
    d1.move_by_steps("E7", ["forward"])
    d1.hold_fire()
    assert len(_record(tab1)["actions"]) == 2
    # tab 2, left at the first curtain, has followed: Alice's turn 2, behind the curtain
    tab2.bring_to_front()
    tab2.wait_for_function("document.querySelector('#app .notice') !== null")
    assert "another tab" in tab2.locator("#app .notice").inner_text()
    d2.check_curtain()
    assert "turn 2" in tab2.locator("#app .curtain").inner_text().lower()
    # playing on in tab 2 continues the game: nothing of tab 1's is lost
    d2.reveal("Alice")
    d2.wait_screen("turn")
    d2.move_by_steps("E2", ["forward"])
    d2.hold_fire()
    actions = _record(tab2)["actions"]
    assert len(actions) == 3 and actions[0]["move"]["to"] == "C3/N"
    for page_log in (g.log,):
        assert page_log.console_errors == [] and page_log.page_errors == []


def test_the_back_forward_cache_never_brings_back_a_board(browser, dist_site):
    """Production build, service worker in control (its pages carry no no-store header), in a
    browser with the back/forward cache on (Playwright turns it off by default)."""
    kwargs = {"args": CHROMIUM_ARGS, "headless": True,
              "ignore_default_args": ["--disable-back-forward-cache"]}
    if chromium_executable():
        kwargs["executable_path"] = chromium_executable()
    cached = browser.browser_type.launch(**kwargs)
    context = cached.new_context(service_workers="allow", viewport={"width": 800, "height": 900})
    try:
        page = context.new_page()
        page.goto(dist_site.url + GAME, wait_until="domcontentloaded")
        wait_ready(page)
        wait_offline_ready(page)
        page.reload(wait_until="domcontentloaded")
        wait_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        d = Driver(page)
        _to_alices_first_turn(d)
        d.reveal("Alice")
        d.wait_screen("turn")
        assert page.locator("#app [data-square]").count() > 0  # Alice's board is shown
        saved = page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})")
        page.goto(dist_site.url + "mortar/games/mortar_hunt/static/rules.html", wait_until="domcontentloaded")
        page.go_back(wait_until="commit")  # a page from the cache has no new DOMContentLoaded
        page.wait_for_timeout(500)
        wait_ready(page)
        # back on the game: a fresh start from the save, at the curtain, no board in the page
        d.check_curtain()
        assert page.evaluate(f"() => localStorage.getItem({json.dumps(SAVE_KEY)})") == saved
        # and the game plays on from the save
        d.reveal("Alice")
        d.wait_screen("turn")
    finally:
        context.close()
        cached.close()
