"""The static shell: the picker paints and works before (and without) Python; a game's page
starts Python from this origin only, fetches its own archive and nothing else, reports errors."""

from __future__ import annotations

import re

import pytest

from mortar import games

# The runtime files a game's page may fetch (anything else is a regression: a CDN, micropip, a
# plugin chunk that pyscript.toml turns off, a Pyodide package, another game's archive...). Paths
# relative to the site.
EXPECTED_FILES = {
    "",  # index.html
    "static/box.css",
    "static/boot.js",
    "static/shell.js",  # the rules dialog, the sound switch, sound and motion
    "static/vendor/pyscript/core.css",
    "static/vendor/pyscript/core.js",
    "pyscript.toml",
    "main.py",
    "py/core.zip",
    "py/games/mortar-hunt.zip",
    "py/start/mortar-hunt.en.html",  # its first screen, drawn by the build (shown before Python)
    "mortar/games/mortar_hunt/static/game.css",
    # the game's own icon (the picker's, hidden on a game's page, load lazily: not fetched)
    "mortar/games/mortar_hunt/static/icon.svg",
    "static/vendor/pyodide/pyodide.mjs",
    "static/vendor/pyodide/pyodide.asm.mjs",
    "static/vendor/pyodide/pyodide.asm.wasm",
    "static/vendor/pyodide/python_stdlib.zip",
    "static/vendor/pyodide/pyodide-lock.json",
}
# PyScript's hashed chunks: the core, its TOML parser and the error plugin.
EXPECTED_CHUNKS = ("core-", "toml-", "error-")


def _site_paths(game) -> set[str]:
    prefix = game.site.url
    return {u[len(prefix) :].split("?")[0] for u in game.log.requests if u.startswith(prefix)}


# --- the picker, without Python (and without JavaScript) ---------------------------------------


@pytest.mark.parametrize("javascript", [False, True], ids=["no-js", "js"])
@pytest.mark.parametrize("width,height", [(360, 640), (1280, 800)])
def test_the_picker_lists_the_box_and_opens_each_game_at_its_own_address(open_game, width, height,
                                                                          javascript):
    g = open_game(wait_ready=False, javascript=javascript, path="",
                  viewport={"width": width, "height": height})
    page = g.page
    page.wait_for_load_state("load")
    assert page.title() == "Board games"
    cards = page.locator(".game-card")
    seated = [e for e in games.entries() if e.seated]
    assert cards.count() == len(seated)
    for entry, i in zip(seated, range(cards.count())):
        card = cards.nth(i)
        assert card.is_visible()
        assert card.get_attribute("data-game") == entry.name
        assert card.get_attribute("href") == f"./?game={entry.name}"
        assert entry.title in card.inner_text() and entry.blurb in card.inner_text()
    assert page.locator("#boot").is_hidden() and page.locator("#app").inner_html() == ""
    scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= width
    if javascript:  # interactive before Python: nothing of PyScript or Pyodide was fetched
        page.wait_for_selector("html[data-picker-ready]", state="attached")
        assert not any("vendor" in p or p.startswith("py/") for p in _site_paths(g))
        assert page.get_attribute("html", "data-ready") is None
    g.close()


def test_the_picker_marks_a_saved_game_and_opens_it(open_game):
    g = open_game()  # Mortar Hunt: a game is started and saved
    page = g.page
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector('#app > [data-screen="curtain"]', state="attached")
    page.goto(g.site.url, wait_until="domcontentloaded")
    page.wait_for_selector("html[data-picker-ready]", state="attached")
    card = page.locator('.game-card[data-game="mortar-hunt"]')
    assert card.locator(".game-continue").is_visible()
    card.click()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert page.title() == "Mortar Hunt"
    page.wait_for_selector('#app > [data-screen="curtain"]', state="attached")
    g.close()


def test_the_rules_page_is_the_games_own(open_game):
    g = open_game(wait_ready=False, javascript=False)
    href = g.page.locator("a#rules-link").get_attribute("href")
    g.close()
    g = open_game(wait_ready=False)  # with JavaScript, boot.js points it at the game's page
    g.page.wait_for_selector("html[data-game]", state="attached")
    g.page.wait_for_function("document.getElementById('rules-link').getAttribute('href') !== './'")
    href = g.page.locator("a#rules-link").get_attribute("href")
    assert re.search(r"/mortar/games/mortar_hunt/static/rules\.html$", href), href
    g.page.goto(href)
    assert "how to play" in g.page.title().lower()
    assert not g.log.bad_status
    g.close()


# --- the shared, loaded page -----------------------------------------------------------------


def test_the_progress_is_painted_before_python_is_ready(game):
    e2e = game.page.evaluate("() => window.__e2e")
    assert e2e["shell"]["ready"] is False
    assert e2e["readyAt"] is not None and e2e["shell"]["at"] < e2e["readyAt"]
    fcp = game.page.evaluate(
        "() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime"
    )
    assert fcp is not None and fcp < e2e["readyAt"]


def test_page_becomes_ready(game):
    page = game.page
    assert page.get_attribute("html", "data-ready") == "1"
    assert page.locator("#boot").is_hidden()
    assert page.locator("#boot-error").is_hidden()
    assert page.get_attribute("html", "data-boot-error") is None


def test_no_request_leaves_the_origin(game):
    assert game.log.requests, "no request recorded"
    assert game.log.foreign == []
    assert all(game.site.is_local(u) for u in game.log.requests)


def test_only_expected_files_are_fetched(game):
    paths = _site_paths(game)
    chunks = {p for p in paths if p.startswith("static/vendor/pyscript/") and "-" in p}
    names = {p.rsplit("/", 1)[1] for p in chunks}
    assert all(n.startswith(EXPECTED_CHUNKS) for n in names), names
    assert paths - chunks == EXPECTED_FILES
    assert game.log.bad_status == {}
    assert game.log.failed == []


def test_no_console_or_page_errors(game):
    assert game.log.console_errors == []
    assert game.log.page_errors == []


def test_import_mortar_in_the_browser(game):
    page = game.page
    page.evaluate(
        """() => {
            const s = document.createElement("script");
            s.type = "py";
            s.id = "e2e-import-check";
            s.textContent = [
                "import js, sys, mortar, mortar.web.main",
                "js.document.documentElement.setAttribute('data-e2e-mortar',",
                "    mortar.__file__ + '|' + sys.platform)",
            ].join("\\n");
            document.body.append(s);
        }"""
    )
    page.wait_for_selector("html[data-e2e-mortar]", state="attached", timeout=10_000)
    value = page.get_attribute("html", "data-e2e-mortar")
    path, platform = value.split("|")
    assert path.endswith("mortar/__init__.py")
    assert platform == "emscripten"  # really Pyodide, not a server
    assert game.log.console_errors == []
    page.evaluate(
        "() => { document.documentElement.removeAttribute('data-e2e-mortar');"
        " document.getElementById('e2e-import-check').remove(); }"
    )


# --- failures show a readable panel ----------------------------------------------------------


def test_python_error_shows_the_error_panel(open_game):
    def broken_entry(context, page):
        page.route(
            "**/main.py",
            lambda route: route.fulfill(
                status=200,
                content_type="text/plain",
                body="raise RuntimeError('boom from the e2e test')\n",
            ),
        )

    g = open_game(wait_ready=False, before_goto=broken_entry)
    g.page.wait_for_selector("#boot-error:not([hidden])", timeout=60_000)
    assert "boom from the e2e test" in g.page.locator("#boot-error-text").inner_text()
    assert g.page.get_attribute("html", "data-ready") is None
    assert g.page.locator(".py-error").count() == 0  # moved into the panel
    assert g.page.locator("#boot-reload").is_visible()
    g.close()


@pytest.mark.parametrize(
    "pattern,status",
    [("**/static/vendor/pyscript/core.js", None), ("**/static/vendor/pyodide/pyodide.asm.wasm", 404)],
    ids=["core.js-network-error", "wasm-404"],
)
def test_runtime_that_fails_to_load_shows_the_error_panel(open_game, pattern, status):
    def fail(route):
        if status is None:
            route.abort()
        else:
            route.fulfill(status=status, body="not here")

    g = open_game(wait_ready=False, before_goto=lambda context, page: page.route(pattern, fail))
    g.page.wait_for_selector("#boot-error:not([hidden])", timeout=30_000)
    name = pattern.rsplit("/", 1)[1]
    assert name in g.page.locator("#boot-error-text").inner_text()
    assert g.page.locator("#boot-status").inner_text() == "The game failed to load."
    g.close()
