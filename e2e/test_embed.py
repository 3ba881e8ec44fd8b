"""Embedding (issue 4): a host page on another origin frames the game, a player plays to the
end inside the frame, and the host hears what happened through postMessage, never a hidden
fact. URL parameters for embedders are validated; messages from other origins are ignored."""

# ruff: noqa: F811  (pytest fixtures imported from distsite are redefined as arguments)

from __future__ import annotations

import json
import re

import pytest

from distsite import (  # noqa: F401  (fixtures)
    FramePage,
    dist_build,
    dist_site,
    driver,
    play_one_turn_game,
    serve_dir,
    wait_ready,
    watch,
)
from screens import message

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Host page</title><link rel="icon" href="data:,">
<style>html, body {{ margin: 0; }} iframe {{ position: absolute; left: 0; top: 0; border: 0; }}</style>
</head><body>
<iframe id="game" title="Mortar Hunt" src="{src}" width="{width}" height="{height}"></iframe>
<script>
  window.received = [];
  addEventListener("message", (e) => {{
    if (e.data && e.data.source === "mortar-hunt")
      window.received.push({{ origin: e.origin, data: e.data }});
  }});
</script>
</body></html>
"""

# Every field a message may have, per type (mortar/ui/embed.py's whitelist).
ALLOWED = {
    "ready": set(),
    "game-started": {"variant", "turn_limit", "opponent"},
    "turn-ended": {"turn", "player"},
    "game-over": {"winner", "score", "turns", "reason"},
}
SQUARE = re.compile(r"\b[A-L][1-9]\b")


# --- the message filter (pure Python) --------------------------------------------------------


def test_messages_carry_only_whitelisted_public_fields():
    msg, problems = message("game-over", {"winner": "A", "score": {"A": 3, "B": 1}, "turns": 12,
                                          "reason": "destroyed", "positions": ["C3/N"]})
    assert msg == {"source": "mortar-hunt", "version": 1, "type": "game-over", "winner": "A",
                   "score": {"A": 3, "B": 1}, "turns": 12, "reason": "destroyed"}
    assert problems and "positions" in problems[0]
    msg, _ = message("turn-ended", {"turn": 3, "player": "B", "target": "C3", "hit": True})
    assert msg == {"source": "mortar-hunt", "version": 1, "type": "turn-ended", "turn": 3, "player": "B"}
    msg, _ = message("game-started", {"variant": "craters", "turn_limit": None, "names": ["x"]})
    assert msg == {"source": "mortar-hunt", "version": 1, "type": "game-started",
                   "variant": "craters", "turn_limit": None}


@pytest.mark.parametrize("kind,data", [
    ("turn-ended", {"turn": 3, "player": "C3"}),  # a square where a player belongs
    ("turn-ended", {"turn": "C3", "player": "A"}),
    ("turn-ended", {"turn": True, "player": "A"}),
    ("game-over", {"winner": "A", "score": "C3/N", "turns": 3}),
    ("game-over", {"winner": "A", "score": {"A": 1, "B": 0, "C3": 1}, "turns": 3}),
    ("game-over", {"winner": "A", "score": 1}),
    ("no-such-event", {}),
    ("turn-ended", ["turn", 3]),
])
def test_bad_data_sends_nothing(kind, data):
    msg, problems = message(kind, data)
    assert msg is None and problems


# --- in a real frame on another origin ---------------------------------------------------------


def _host(tmp_path, serve_dir, src: str, width: int, height: int):
    (tmp_path / "index.html").write_text(HOST_PAGE.format(src=src, width=width, height=height))
    return serve_dir(tmp_path)


def _frame(page):
    page.wait_for_selector("#game")
    frame = page.frame(url=lambda u: "/games/mortar/" in u)
    assert frame is not None
    return frame


def test_host_on_another_origin_gets_the_game_over_message(browser, dist_site, serve_dir, tmp_path):
    width, height = 360, 740  # a phone-sized box
    host = _host(tmp_path, serve_dir, dist_site.url + "?compact=1", width, height)
    assert host.origin != dist_site.origin
    context = browser.new_context(service_workers="block", viewport={"width": 800, "height": 900})
    page = context.new_page()
    log = watch(page, host.origin, dist_site.origin)
    page.goto(host.url)
    frame = _frame(page)
    wait_ready(frame)
    page.wait_for_function("window.received.some((m) => m.data.type === 'ready')")

    # Messages from the host's origin are ignored, whatever they look like: not even a
    # listener added later in the game's page gets them (the game's own origin still does).
    frame.evaluate("""() => {
        window.__heard = [];
        addEventListener("message", (e) => window.__heard.push(e.origin));
    }""")
    page.evaluate("""() => {
        const w = document.getElementById("game").contentWindow;
        for (const m of ["hello", [1, 2, 3], ["x", "y", "z"], null, 42,
                         {source: "mortar-hunt", type: "skip-waiting"},
                         {source: "mortar-hunt", type: "game-over", winner: "B"},
                         {ID: 1, data: "x"}])
            w.postMessage(m, "*");
        const ch = new MessageChannel();
        w.postMessage(["", "", ""], "*", [ch.port2]);
    }""")

    frame.evaluate("() => window.postMessage('from the game itself', location.origin)")
    frame.wait_for_function("window.__heard.length > 0")
    page.wait_for_timeout(200)
    assert frame.evaluate("window.__heard") == [dist_site.origin]

    # compact: no title bar in the frame, and the game fits the phone-sized box
    assert frame.locator(".topbar").is_hidden()
    assert frame.evaluate("document.documentElement.scrollWidth") <= width

    play_one_turn_game(driver(FramePage(frame, width, height)))
    assert frame.evaluate("document.documentElement.scrollWidth") <= width  # the final screen
    page.wait_for_function("window.received.some((m) => m.data.type === 'game-over')", timeout=10_000)
    received = page.evaluate("window.received")
    types = [m["data"]["type"] for m in received]
    assert types == ["ready", "game-started", "turn-ended", "turn-ended", "game-over"], types
    for m in received:
        assert m["origin"] == dist_site.origin
        data = m["data"]
        assert data["source"] == "mortar-hunt" and data["version"] == 1
        assert set(data) - {"source", "version", "type"} <= ALLOWED[data["type"]], data
        text = json.dumps(data)
        assert not SQUARE.search(text), f"a square in a message: {text}"
        assert "Alice" not in text and "Bob" not in text
    assert received[1]["data"] == {"source": "mortar-hunt", "version": 1, "type": "game-started",
                                   "variant": "classic", "turn_limit": 1, "opponent": "person"}
    assert received[2]["data"]["player"] == "A" and received[3]["data"]["player"] == "B"
    over = received[-1]["data"]
    assert over["winner"] == "A" and over["score"] == {"A": 1, "B": 0} and over["turns"] == 1
    log.assert_clean()
    context.close()


@pytest.mark.parametrize("width,height", [(320, 480), (1280, 900)])
def test_the_game_sizes_to_its_frame(browser, dist_site, serve_dir, tmp_path, width, height):
    host = _host(tmp_path, serve_dir, dist_site.url, width, height)
    context = browser.new_context(service_workers="block", viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    log = watch(page, host.origin, dist_site.origin)
    page.goto(host.url)
    frame = _frame(page)
    wait_ready(frame)
    assert frame.evaluate("document.documentElement.scrollWidth") <= width
    assert frame.evaluate("document.documentElement.hasAttribute('data-embedded')")
    # the start form's main button is inside the frame's width
    box = frame.get_by_role("button", name="Start the game").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    log.assert_clean()
    context.close()


# --- URL parameters ---------------------------------------------------------------------------


def _open(browser, url, scheme="light"):
    context = browser.new_context(service_workers="block", color_scheme=scheme,
                                  viewport={"width": 800, "height": 900})
    page = context.new_page()
    return context, page


def _background(page) -> str:
    page.wait_for_load_state("load")
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def test_theme_and_compact_parameters(browser, dist_site):
    base = dist_site.url
    colours = {}
    for scheme in ("light", "dark"):
        context, page = _open(browser, base, scheme)
        page.goto(base)
        colours[scheme] = _background(page)
        assert page.locator(".topbar").is_visible()
        context.close()
    assert colours["light"] != colours["dark"]
    for scheme, theme in (("light", "dark"), ("dark", "light")):
        context, page = _open(browser, base, scheme)
        log = watch(page, dist_site.origin)
        page.goto(f"{base}?theme={theme}&compact=1")
        assert _background(page) == colours[theme]
        assert page.get_attribute("html", "data-theme") == theme
        assert page.get_attribute('meta[name="color-scheme"]', "content") == theme
        assert page.locator(".topbar").is_hidden()
        blocked = "Service Worker registration blocked by Playwright"  # (this context's setting)
        assert [w for w in log.warnings if w != blocked] == [] and log.console_errors == []
        context.close()


def test_bad_parameters_are_ignored_with_a_warning(browser, dist_site):
    context, page = _open(browser, dist_site.url, "dark")
    log = watch(page, dist_site.origin)
    page.goto(dist_site.url + "?theme=purple&compact=yes&lang=xx&theme=light&%3Cscript%3E=1")
    wait_ready(page)
    assert page.get_attribute("html", "data-theme") is None
    assert page.get_attribute("html", "data-compact") is None
    assert page.locator(".topbar").is_visible()
    assert page.get_by_role("button", name="Start the game").is_visible()
    mine = [w for w in log.warnings if w.startswith("Mortar Hunt:")]
    assert len(mine) == 5, log.warnings
    assert any('theme="purple"' in w for w in mine) and any('lang="xx"' in w for w in mine)
    assert any("given twice" in w for w in mine)
    log.assert_clean()
    context.close()


def test_an_embed_offers_play_by_links_when_asked_and_its_links_point_at_its_page(
        browser, dist_site, serve_dir, tmp_path):
    """remote=1 (or links=URL) offers play by links in a frame; links=URL makes every link point at
    the embedding page (which passes a link's #fragment on to its frame); without either a frame
    does not offer it (its links would lead out of the embedding page)."""
    from urllib.parse import quote

    context = browser.new_context(service_workers="block", viewport={"width": 800, "height": 900})
    page = context.new_page()
    host = _host(tmp_path, serve_dir, dist_site.url + "?game=four-circles", 400, 740)
    page.goto(host.url)
    frame = _frame(page)
    wait_ready(frame)
    assert frame.locator('#app input[name="opponent"]').count() == 2  # two people, the computer
    assert frame.locator('#app input[name="opponent"][value="remote"]').count() == 0

    play = host.url + "play.html"
    host_page = HOST_PAGE.replace('e.data.source === "mortar-hunt"', 'e.data.source === "four-circles"')
    (tmp_path / "index.html").write_text(host_page.format(
        src=dist_site.url + "?game=four-circles&links=" + quote(play, safe=""), width=400, height=740))
    page.goto(host.url)
    frame = _frame(page)
    wait_ready(frame)
    frame.locator('#app input[name="opponent"][value="remote"]').click()
    # Ann plays White and Red starts: her invitation comes first
    frame.locator('#app input[name="side"][value="second"]').click()
    frame.locator('#app input[name="first"][value="Red"]').click()
    frame.wait_for_selector('#app input[name="first"][value="Red"]:checked')
    frame.fill('#app input[name="name-Red"]', "Ann")
    frame.locator('#app [data-key="start"]').click()
    frame.wait_for_selector('html[data-screen="waiting"]', state="attached")
    link = frame.locator("#app .link-text").first
    assert link.input_value().startswith(play + "#L1."), link.input_value()
    page.wait_for_function("window.received.some((m) => m.data.type === 'game-started')")
    started = next(m["data"] for m in page.evaluate("window.received") if m["data"]["type"] == "game-started")
    assert started["opponent"] == "remote", started
    context.close()
