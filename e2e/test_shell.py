"""The static shell: paints before Python, starts Python from this origin only, reports errors."""

from __future__ import annotations

import pytest

COLUMNS = "ABCDEFGHIJKL"
ALL_SQUARES = {f"{c}{r}" for c in COLUMNS for r in range(1, 10)}

# The runtime files the page may fetch (anything else is a regression: a CDN, micropip, a
# plugin chunk that pyscript.toml turns off, a Pyodide package...). Paths relative to the site.
EXPECTED_FILES = {
    "",  # index.html
    "static/app.css",
    "static/boot.js",
    "static/shell.js",  # the rules dialog, the sound switch, sound and motion
    "static/favicon.svg",
    "static/vendor/pyscript/core.css",
    "static/vendor/pyscript/core.js",
    "pyscript.toml",
    "main.py",
    "mortar.zip",
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


# --- the shell, without Python ---------------------------------------------------------------


@pytest.mark.parametrize("width,height", [(360, 640), (1280, 800)])
def test_shell_paints_without_javascript(open_game, width, height):
    g = open_game(wait_ready=False, javascript=False, viewport={"width": width, "height": height})
    page = g.page
    page.wait_for_load_state("load")  # the stylesheet, before measuring the layout
    assert page.title() == "Mortar Hunt"
    squares = page.eval_on_selector_all("[data-square]", "els => els.map(e => e.dataset.square)")
    assert sorted(squares) == sorted(ALL_SQUARES)
    # row 9 is drawn at the top, row 1 at the bottom; A on the left, L on the right
    box = {sq: page.locator(f'[data-square="{sq}"]').bounding_box() for sq in ("A9", "L9", "A1")}
    assert box["A9"]["y"] < box["A1"]["y"]
    assert box["A9"]["x"] < box["L9"]["x"]
    assert all(b["width"] > 10 and b["height"] > 5 for b in box.values())
    obstacle = page.eval_on_selector_all(".obstacle[data-square]", "els => els.length")
    assert obstacle == 12
    assert page.locator('[data-square="C5"]').get_attribute("class").split().count("obstacle") == 1
    # fits the viewport: no horizontal scrolling, board fully on screen horizontally
    scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= width
    assert box["L9"]["x"] + box["L9"]["width"] <= width
    # the rules link and the mount point for the Python UI are there
    assert page.locator("a#rules-link").get_attribute("href").startswith("./")
    assert page.locator("#app").count() == 1
    g.close()


def test_rules_page_is_served(open_game):
    g = open_game(wait_ready=False, javascript=False)
    g.page.click("#rules-link")
    g.page.wait_for_load_state()
    assert "how to play" in g.page.title().lower()
    assert not g.log.bad_status
    g.close()


# --- the shared, loaded page -----------------------------------------------------------------


def test_shell_is_painted_before_python_is_ready(game):
    e2e = game.page.evaluate("() => window.__e2e")
    assert e2e["shell"]["squares"] == 108
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
                "import js, sys, mortar, mortar.ui.main",
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
    # the empty board is still there
    assert g.page.locator("[data-square]").count() == 108
    g.close()
