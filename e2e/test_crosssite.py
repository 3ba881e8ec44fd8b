"""Embedding on another site (issue 9, found #1; issue 7 item 6): a page on
http://localhost:P1 frames the game from http://127.0.0.1:P2. Chromium blocks storage in such
a third-party frame (localStorage throws, IndexedDB fails): the game must still start (PyScript
opens an IndexedDB cache of its own at start, see static/boot.js), play, and say once, in one
line, that it will not be saved there. A sandboxed frame without allow-same-origin (an opaque
origin: no storage at all) plays the same way when the host allows cross-origin loads."""

# ruff: noqa: F811  (pytest fixtures imported from distsite are redefined as arguments)

from __future__ import annotations

import layout
import pytest

from distsite import (  # noqa: F401  (fixtures)
    SUBPATH,
    FramePage,
    dist_build,
    play_setup_and_turn,
    serve_dir,
    wait_ready,
    watch,
)
from mortar.web.main import NO_SAVE_NOTICE
from ui_driver import APP_HTML, Driver

HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another site</title><link rel="icon" href="data:,">
<style>html, body {{ margin: 0; }} iframe {{ position: absolute; left: 0; top: 0; border: 0; }}</style>
</head><body>
<iframe id="game" title="Mortar Hunt" src="{src}" width="{width}" height="{height}"{sandbox}></iframe>
</body></html>
"""
WIDTH, HEIGHT = 360, 740

STORAGE_BLOCKED = """() => {
    try { window.localStorage.getItem("x"); return false; } catch (e) { return true; }
}"""


def _framed(browser, serve_dir, tmp_path, src: str, *, sandbox: str | None = None):
    sandbox_attr = f' sandbox="{sandbox}"' if sandbox is not None else ""
    (tmp_path / "index.html").write_text(HOST.format(src=src, width=WIDTH, height=HEIGHT,
                                                     sandbox=sandbox_attr))
    host = serve_dir(tmp_path)
    host_origin = host.origin.replace("127.0.0.1", "localhost")  # another site, not only origin
    context = browser.new_context(service_workers="block", viewport={"width": 800, "height": 900})
    page = context.new_page()
    return context, page, host_origin


def _frame(page, part: str):
    page.wait_for_selector("#game")
    page.wait_for_function("(part) => [...document.querySelectorAll('iframe')].length > 0", arg=part)
    for _ in range(100):
        frame = next((f for f in page.frames if part in f.url), None)
        if frame is not None:
            return frame
        page.wait_for_timeout(50)
    raise AssertionError(f"no frame at {part}: {[f.url for f in page.frames]}")


def _plays_without_saving(frame) -> None:
    notices = frame.locator("#app .notice")
    assert notices.count() == 1 and notices.inner_text().splitlines()[0] == NO_SAVE_NOTICE
    assert frame.evaluate(STORAGE_BLOCKED), "the test needs a frame where storage is blocked"
    d = Driver(FramePage(frame, WIDTH, HEIGHT), name="crosssite", storage=False)
    result = play_setup_and_turn(d)
    assert "Hit!" in result
    # said once: not again on the screens of the game
    assert frame.locator("#app .notice").count() == 0
    assert NO_SAVE_NOTICE not in frame.evaluate("document.body.innerText")


def test_framed_by_another_site_starts_plays_and_says_it_cannot_save(browser, site, serve_dir,
                                                                      tmp_path):
    context, page, host_origin = _framed(browser, serve_dir, tmp_path, site.url + "?compact=1")
    log = watch(page, host_origin, site.origin)
    page.goto(host_origin + "/index.html")
    frame = _frame(page, "/games/mortar-hunt/")
    wait_ready(frame)
    _plays_without_saving(frame)
    # compact: no title bar, but the rules are one tap away and leave the game as it was
    assert frame.locator(".topbar").is_hidden()
    # the shot's impact (it shakes the board a moment) comes on a timer after its flight: settled
    # only once it has come (a CI run read the screen before it, and the shake after the rules)
    frame.wait_for_function("window.mortarFeedback.events.some((e) => e.startsWith('motion:hit'))")
    layout.settle(frame)  # (the hand-over button arms itself a moment after it appears)
    # (whether a hand-over button has armed yet, or the board still shakes from a hit, is the
    # moment's, not the game's)
    screen = frame.evaluate(APP_HTML).replace(' data-armed=""', "").replace(" fx-shake", "")
    frame.locator(".compact-bar").get_by_role("link", name="Rules").click()
    frame.get_by_role("dialog", name="How to play").get_by_role("heading", name="Winning").wait_for()
    frame.get_by_role("dialog").get_by_role("button", name="Close").click()
    frame.wait_for_function("!document.getElementById('rules-dialog').open")
    assert frame.evaluate(APP_HTML).replace(' data-armed=""', "").replace(" fx-shake", "") == screen
    # the sound switch works without storage (remembered for this page only)
    switch = frame.locator(".compact-bar").get_by_role("switch", name="Sound")
    switch.click()
    assert switch.get_attribute("aria-checked") == "false"
    assert frame.evaluate("window.mortarFeedback.isMuted()") is True
    log.assert_clean()
    context.close()


@pytest.fixture
def cors_site(dist_build, serve_dir):
    # A sandboxed frame without allow-same-origin has an opaque origin: every module, fetch and
    # preload of the game is a cross-origin request then, which the host must allow.
    return serve_dir(dist_build.out, SUBPATH, headers={"Access-Control-Allow-Origin": "*"})


def test_sandboxed_frame_without_storage_plays_in_memory(browser, cors_site, serve_dir, tmp_path):
    context, page, host_origin = _framed(browser, serve_dir, tmp_path, cors_site.url,
                                         sandbox="allow-scripts allow-forms")
    log = watch(page, host_origin, cors_site.origin)
    page.goto(host_origin + "/index.html")
    frame = _frame(page, SUBPATH)
    wait_ready(frame)
    _plays_without_saving(frame)
    log.assert_clean()
    context.close()
