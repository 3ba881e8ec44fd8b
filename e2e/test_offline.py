"""Offline and installable (issue 4): after one visit the dist build loads and plays with the
network cut, also after a browser restart; a new release replaces the cached one cleanly."""

# ruff: noqa: F811  (pytest fixtures imported from distsite are redefined as arguments)

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

from conftest import CHROMIUM_ARGS, chromium_executable
from distsite import (  # noqa: F401  (fixtures)
    GAME,
    SUBPATH,
    dist,
    dist_build,
    dist_site,
    driver,
    play_setup_and_turn,
    serve_dir,
    wait_offline_ready,
    wait_ready,
    watch,
)

VIEWPORT = {"width": 1280, "height": 900}


def _played(files: dict[str, str], games: tuple[str, ...] = ("mortar-hunt",)) -> set[str]:
    """The files of a release a browser that played ``games`` in English keeps: the box's and
    theirs."""
    def lazy_game(path: str) -> str | None:
        if path.startswith(("py/games/", "py/links/")):  # a game's archive, its play by links'
            return path.split("/")[2].removesuffix(".zip")
        if path.startswith("py/start/"):  # a game's first screen: in English, the game's own
            game, lang = path.removeprefix("py/start/").split(".")[:2]
            return game if lang == "en" else "a language"
        if path.startswith("py/lang/") or re.search(r"/static/rules\.[^/]+\.html$", path):
            return "a language"  # (its catalogues, a game's rules in it: kept once it is used)
        if path.startswith("mortar/games/") and not path.endswith("/static/icon.svg"):
            return path.split("/")[2].replace("_", "-")  # (an icon is the picker's: the box's)
        return None
    return {p for p in files if lazy_game(p) in (None, *games)}


def _cache_keys(page, name: str) -> list[str]:
    return page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map((r) => r.url)", name
    )


@pytest.fixture(scope="module")
def visited(browser, dist_site, dist_build):
    """A context that visited the dist build once: the service worker has cached the release."""
    context = browser.new_context(service_workers="allow", viewport=VIEWPORT)
    page = context.new_page()
    log = watch(page, dist_site.origin)
    page.goto(dist_site.url + GAME, wait_until="domcontentloaded")
    wait_ready(page)
    cache = wait_offline_ready(page)
    yield context, page, log, cache
    context.close()


def test_first_visit_caches_exactly_this_release(visited, dist_build, dist_site):
    context, page, log, cache = visited
    assert cache == dist_build.cache_name
    assert page.evaluate("caches.keys()") == [cache]
    keys = _cache_keys(page, cache)
    # the box, and the one game played (the others are fetched when they are played)
    files = dist_build.files
    assert set(keys) == {f"{dist_site.url}{p}?rev={files[p][:16]}" for p in _played(files)}
    assert not any("four-circles" in k for k in keys)
    log.assert_clean()


def test_installable(visited):
    context, page, log, cache = visited
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # a Playwright context is an incognito profile; the restart test checks a real profile
    assert [e for e in errors if e["errorId"] != "in-incognito"] == [], errors
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == [], manifest["errors"]
    data = json.loads(manifest["data"])
    assert data["display"] == "standalone"
    assert {"192x192", "512x512"} <= {i["sizes"] for i in data["icons"]}
    assert any(i.get("purpose") == "maskable" for i in data["icons"])
    cdp.detach()


def test_offline_reload_plays_a_turn(visited, dist_site):
    context, page, log, cache = visited
    before = dict(dist_site.counts)
    context.set_offline(True)
    try:
        page.reload(wait_until="domcontentloaded")
        wait_ready(page)
        assert page.evaluate("navigator.onLine") is False
        play_setup_and_turn(driver(page))
        # (the browser's own update check of sw.js bypasses Playwright's offline switch;
        # test_survives_a_browser_restart_with_the_server_gone has no server at all)
        after = {k: v for k, v in dist_site.counts.items() if k != "/sw.js"}
        assert after == {k: v for k, v in before.items() if k != "/sw.js"}, "the page used the network"
        assert log.failed == []
        log.assert_clean()
        # a link opened offline, play by links never fetched on this device: said in words, and
        # the game here goes on (its archive, py/links/…, is fetched only for a game by links):
        # on the open page, and on a page opened on the link
        from mortar.games import load
        from mortar.kit.remote import RemoteGame

        invitation = RemoteGame.start(load("mortar-hunt"), None, "Ann", "B").last_message()
        # (kept with its game once played, so dropped from the cache here; and Playwright's
        # offline switch leaves the service worker's own requests online)
        page.evaluate("""async (name) => {
            const cache = await caches.open(name);
            for (const r of await cache.keys()) if (r.url.includes("/py/links/")) await cache.delete(r);
        }""", cache)
        context.route("**/py/links/**", lambda route: route.abort("internetdisconnected"))
        base = page.url.partition("#")[0]
        shown = page.locator("#app [data-screen]").first.get_attribute("data-screen")
        page.goto(f"{base}#{invitation}", wait_until="commit")
        for url in (None, f"{base}&lang=en#{invitation}"):
            if url is not None:
                page.goto(url, wait_until="domcontentloaded")
                wait_ready(page)
                shown = "curtain"  # (the game restored: behind the curtain, as after any reload)
            notice = page.locator("#app .notice").first.text_content() or ""
            assert "this device is offline: connect, then try again" in notice, notice
            assert page.locator("#app [data-screen]").first.get_attribute("data-screen") == shown
        assert page.url.endswith(f"#{invitation}")  # (opened once the device is online)
    finally:
        context.unroute("**/py/links/**")
        context.set_offline(False)


def test_offline_a_missing_module_comes_from_the_cached_full_library(visited, dist_site):
    """mortar/web/fallback.py offline: the synchronous request for the full library fails (no
    service worker for it), the page reloads once and takes it from the cache before the game."""
    from test_stdlib_trim import IMPORTS_LEFT_OUT

    context, page, log, cache = visited
    context.set_offline(True)
    try:
        page.reload(wait_until="domcontentloaded")
        wait_ready(page)
        navigations = []
        page.on("framenavigated", lambda f: f == page.main_frame and navigations.append(f.url))
        run_py = """(code) => {
            const s = document.createElement("script");
            s.type = "py";
            s.textContent = code;
            document.body.append(s);
        }"""
        page.evaluate(run_py, IMPORTS_LEFT_OUT)
        for _ in range(150):  # the import fails, and the page reloads
            if navigations:
                break
            page.wait_for_timeout(200)
        assert navigations, "the page did not reload for the full library"
        wait_ready(page)
        page.evaluate(run_py, IMPORTS_LEFT_OUT)  # the same imports again: now served
        page.wait_for_selector("html[data-e2e-tool]", state="attached", timeout=30_000)
        assert page.get_attribute("html", "data-e2e-toml") == "3"
        assert page.get_attribute("html", "data-stdlib-fallback").split()[0] == "tomllib"
        assert page.evaluate("sessionStorage.getItem('box-full-stdlib')") is None
        assert len(navigations) == 1
    finally:
        context.set_offline(False)


def test_survives_a_browser_restart_with_the_server_gone(browser, dist_build, serve_dir, tmp_path):
    site = serve_dir(dist_build.out, SUBPATH)
    kwargs = {"args": CHROMIUM_ARGS, "headless": True, "viewport": VIEWPORT, "service_workers": "allow"}
    if chromium_executable():
        kwargs["executable_path"] = chromium_executable()
    profile = tmp_path / "profile"
    context = browser.browser_type.launch_persistent_context(profile, **kwargs)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(site.url + GAME, wait_until="domcontentloaded")
    wait_ready(page)
    wait_offline_ready(page)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    cdp.detach()
    context.close()
    site.stop()  # no server at all any more, not just a browser offline flag

    context = browser.browser_type.launch_persistent_context(profile, **kwargs)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        log = watch(page, site.origin)
        page.goto(site.url + GAME, wait_until="domcontentloaded")
        wait_ready(page)
        play_setup_and_turn(driver(page))
        log.assert_clean()
    finally:
        context.close()


def _build_when_settled(page, timeout_s: float = 30.0) -> str:
    """The page's release once it is ready and stays put (boot.js may reload it once)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            wait_ready(page)
            page.wait_for_timeout(500)
            if page.get_attribute("html", "data-ready") == "1":
                return page.get_attribute('meta[name="mortar-build"]', "content")
        except Exception:  # the execution context went away in a reload
            page.wait_for_timeout(200)
    raise AssertionError("the page did not settle")


def test_a_new_release_replaces_the_cached_one(browser, tmp_path, serve_dir):
    out = tmp_path / "site"
    v1 = dist.build(out, compress=False, log=lambda *a: None)
    site = serve_dir(out, SUBPATH)
    context = browser.new_context(service_workers="allow", viewport=VIEWPORT)
    try:
        page = context.new_page()
        log = watch(page, site.origin)
        page.goto(site.url + GAME, wait_until="domcontentloaded")
        wait_ready(page)
        wait_offline_ready(page)
        wasm = "static/vendor/pyodide/pyodide.asm.wasm"
        wasm_gets = site.fetched(wasm)

        # A new release is deployed while the game is open: the browser installs it in the
        # background (from the old cache, plus the files that changed) and keeps it waiting.
        v2 = dist.build(out, compress=False, salt="next release", log=lambda *a: None)
        assert v2.version != v1.version
        page.evaluate(
            """async () => {
                const reg = await navigator.serviceWorker.getRegistration();
                await reg.update();
                for (let i = 0; i < 300 && !(reg.waiting && reg.waiting.state === "installed"); i++)
                    await new Promise((r) => setTimeout(r, 100));
                if (!reg.waiting) throw new Error("the new release did not install");
            }"""
        )
        assert page.get_attribute('meta[name="mortar-build"]', "content") == v1.version
        assert sorted(page.evaluate("caches.keys()")) == sorted([v1.cache_name, v2.cache_name])
        assert site.fetched(wasm) == wasm_gets  # unchanged files came from the old cache

        # Next start: the old release's page sees the waiting one, and once it has loaded (and
        # the player has not touched it) hands over and reloads once; from then on only the new
        # release is served.
        navigations = []
        page.on("framenavigated", lambda f: f == page.main_frame and navigations.append(f.url))
        page.reload(wait_until="domcontentloaded")
        for _ in range(100):  # the switch-over can come a little after the game is ready
            if len(navigations) >= 2:
                break
            page.wait_for_timeout(200)
        build = _build_when_settled(page)
        assert build == v2.version, (navigations, page.evaluate("caches.keys()"))
        assert len(navigations) == 2, navigations  # the reload, then boot.js's switch-over
        assert page.evaluate("performance.getEntriesByType('navigation')[0].type") == "reload"
        assert page.evaluate("caches.keys()") == [v2.cache_name]  # the old release is gone
        keys = _cache_keys(page, v2.cache_name)
        assert {f"{site.url}{p}?rev={v2.files[p][:16]}" for p in _played(v2.files)} == set(keys)
        assert site.fetched(wasm) == wasm_gets
        log.assert_clean()
    finally:
        context.close()


# The last release before the box (issue 17): Mortar Hunt alone, at the site's root, its code in
# mortar.zip, its saves of version 1. Players have it cached today, with games in progress.
BEFORE_THE_BOX = "964c1cb319867a3c1e5c9dc214a00d2bd1b707c3"


def _build_release(commit: str, out, tmp_path) -> str:
    """Build the dist of an older commit with that commit's own tools (git archive + its
    tools/dist.py, on this checkout's node_modules and static/vendor); return its version."""
    if subprocess.run(["git", "-C", str(dist.ROOT), "cat-file", "-e", commit + "^{commit}"]).returncode:
        pytest.fail(f"needs commit {commit[:12]} (a full clone; git fetch --unshallow)", pytrace=False)
    root = tmp_path / f"src-{commit[:8]}"
    root.mkdir()
    archive = subprocess.run(["git", "-C", str(dist.ROOT), "archive", commit], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
    (root / "node_modules").symlink_to(dist.ROOT / "node_modules")
    (root / "static" / "vendor").symlink_to(dist.ROOT / "static" / "vendor")
    # Its archives as source (--no-pyc): compiling them would cost 10 s of CPU at every run, for
    # an old release that only has to start once and hand over to the box.
    subprocess.run([sys.executable, "tools/dist.py", "--out", str(out), "--no-compress", "--no-pyc"],
                   cwd=root, check=True, capture_output=True)
    html = (out / "index.html").read_text()
    return re.search(r'<meta name="mortar-build" content="(\w+)">', html).group(1)


def _build_becomes(page, version: str, *, seconds: float) -> bool:
    """Whether the page shows release ``version`` within ``seconds``, through its reloads."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if page.get_attribute('meta[name="mortar-build"]', "content", timeout=2_000) == version:
                return True
        except PlaywrightError:  # a reload replaced the document under the query
            pass
        page.wait_for_timeout(100)
    return False


def test_an_upgrade_into_the_box_keeps_the_saved_game_the_old_address_and_offline_play(
        browser, tmp_path, serve_dir):
    out = tmp_path / "site"
    (out / "static" / "vendor").mkdir(parents=True)
    v1 = _build_release(BEFORE_THE_BOX, out, tmp_path)
    assert (out / "mortar.zip").exists()  # Mortar Hunt alone, at the root
    site = serve_dir(out, SUBPATH)
    context = browser.new_context(service_workers="allow", viewport=VIEWPORT)
    try:
        page = context.new_page()
        log = watch(page, site.origin)
        page.goto(site.url, wait_until="domcontentloaded")  # the old address
        wait_ready(page)
        wait_offline_ready(page)
        play_setup_and_turn(driver(page))  # a game in progress, saved by the old release
        d = driver(page)
        d.pass_on("Bob")

        v2 = dist.build(out, compress=False, log=lambda *a: None)  # the box
        assert v2.version != v1
        page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            await reg.update();
            for (let i = 0; i < 300 && !(reg.waiting && reg.waiting.state === "installed"); i++)
                await new Promise((r) => setTimeout(r, 100));
            if (!reg.waiting) throw new Error("the box did not install");
        }""")
        # it installed Mortar Hunt's own files too: the old release had played it
        assert set(_cache_keys(page, v2.cache_name)) == {
            f"{site.url}{p}?rev={v2.files[p][:16]}" for p in _played(v2.files)}
        navigations = []
        page.on("framenavigated", lambda f: f == page.main_frame and navigations.append(f.url))
        for _ in range(3):  # the next start (or, on a loaded machine, one after: the old release's
            # hand-over waits for its own worker's answer, which a busy CI run once kept past 40 s)
            page.reload(wait_until="domcontentloaded")
            # the old boot.js hands over to the waiting release and reloads, often before the
            # reload above has returned: wait on the page's build, not on a count of navigations
            if _build_becomes(page, v2.version, seconds=20):
                break
        assert page.get_attribute('meta[name="mortar-build"]', "content") == v2.version, navigations
        assert page.evaluate("caches.keys()") == [v2.cache_name]

        # the old address is the box now: its picker says a game of Mortar Hunt is saved here
        page.wait_for_selector("html[data-picker-ready]", state="attached")
        card = page.locator('.game-card[data-game="mortar-hunt"]')
        assert card.locator(".game-continue").is_visible()

        # offline from here on: the saved game resumes where it was and plays on
        context.set_offline(True)
        card.click()
        wait_ready(page)
        assert page.url == site.url + GAME
        d = driver(page)
        d.check_curtain()
        assert d.text("#app #curtain-title") == "Pass the device to Bob"
        d.reveal("Bob")
        d.wait_screen("turn")
        assert "(C7)" in d.text("#app .pad")  # Alice's hit under the old release is on Bob's pad
        d.move_by_steps("E7", ["forward"])
        d.hold_fire()
        d.pass_on("Alice")
        # (the hand-over reloads the page: a navigation it cuts short is aborted, nothing else)
        cut_short = f"{site.url} net::ERR_ABORTED"
        assert all("sw.js" in f or f == cut_short for f in log.failed), log.failed
        log.assert_clean()
    finally:
        context.close()
