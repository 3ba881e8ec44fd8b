"""Browser (end-to-end) test fixtures: a local static server, headless Chromium, the loaded game.

* ``site``: the repo root served by tools/serve.py in a background thread on a free port, under
  a sub-path (the game must work at any sub-path: every URL in it is relative).
* ``browser``: Playwright Chromium. Uses $CHROMIUM_PATH, else /usr/bin/chromium, else
  Playwright's own browser. Requests to any other origin are recorded and aborted.
* ``open_game(...)``: open the page in a fresh context, record every request, console error and
  page error, and wait for ``<html data-ready>`` (set by the Python UI once it runs).
* ``game``: one loaded page shared by the whole session (start-up takes a few seconds).
  Tests using it must not change its state; open a new one with ``open_game`` for that.

The pages get the *trimmed* standard library of `make dist` (tools/stdlib_trim.py): closing a
page that had to fetch a module from the full library (mortar/web/fallback.py) fails the test,
so the whole suite proves the list holds every module the game reaches. With
``E2E_RECORD_STDLIB=FILE`` (``python tools/stdlib_trim.py --record``) the pages get the full
library instead, and each page's loaded standard-library modules are added to FILE on close.

Run: ``make test-e2e`` (builds static/vendor and the py/ archives first) or ``python -m pytest e2e``.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402  (tools/serve.py: same MIME types as the dev server)

PREFIX = "/games/mortar-hunt/"  # any sub-path; the site may not assume it is at "/"
GAME_PATH = "?game=mortar-hunt"  # the game most tests play (the site root is the picker)
READY_TIMEOUT_MS = int(os.environ.get("E2E_READY_TIMEOUT_MS", "60000"))
# The phones' camera: a video file that a test writes before it taps "Scan a QR code" (one file
# per test process; Chromium reads it when the page opens the camera).
CAMERA = Path(os.environ.get("TMPDIR", "/tmp")) / f"e2e-camera-{os.getpid()}.y4m"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--use-fake-device-for-media-stream",
    f"--use-file-for-fake-video-capture={CAMERA}",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-quic",
    "--no-first-run",
    "--disable-sync",
    # Shared memory in /tmp, not /dev/shm: a container's /dev/shm may be 64 MB, and Debian's
    # launcher, which adds this flag when /dev/shm is small, misreads a /dev/shm mounted twice.
    "--disable-dev-shm-usage",
]
LOCAL_SCHEMES = ("data:", "blob:", "about:")

# Measured figures, printed at the end of the run (see pytest_terminal_summary).
METRICS: dict[str, object] = {}

# Runs in the page before any of its scripts: timestamps for the shell and for data-ready.
_INIT_SCRIPT = """
(() => {
  const t = (window.__e2e = { shell: null, readyAt: null });
  document.addEventListener("DOMContentLoaded", () => {
    t.shell = {
      at: performance.now(),
      squares: document.querySelectorAll("[data-square]").length,
      ready: document.documentElement.hasAttribute("data-ready"),
    };
  });
  new MutationObserver(() => {
    if (t.readyAt === null && document.documentElement.hasAttribute("data-ready"))
      t.readyAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
})();
"""


def chromium_executable() -> str | None:
    path = os.environ.get("CHROMIUM_PATH")
    if path:
        return path
    if os.path.exists("/usr/bin/chromium"):
        return "/usr/bin/chromium"
    return None  # Playwright's bundled browser, if installed


@dataclass
class Site:
    origin: str  # http://127.0.0.1:PORT
    url: str  # origin + PREFIX: the game page

    def is_local(self, url: str) -> bool:
        if url.startswith(LOCAL_SCHEMES):
            return True
        parts = urlsplit(url)
        return f"{parts.scheme}://{parts.netloc}" == self.origin


@dataclass
class PageLog:
    requests: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    responses: dict[str, tuple[int, int]] = field(default_factory=dict)  # url -> (status, bytes)
    console_errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    stdlib_fallback: list[str] = field(default_factory=list)  # console warnings of fallback.py
    crashed: bool = False  # the renderer process died

    @property
    def bad_status(self) -> dict[str, int]:
        return {u: s for u, (s, _) in self.responses.items() if s >= 400}


@dataclass
class Game:
    page: object  # playwright.sync_api.Page
    context: object
    log: PageLog
    site: Site
    ready_seconds: float | None  # wall time from goto() to html[data-ready]

    allow_stdlib_fallback: bool = False  # the forced-miss test sets it
    closed: bool = False

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if RECORD_STDLIB and not self.page.is_closed():
                record_stdlib_modules(self.page)
        finally:
            self.context.close()
        if self.log.stdlib_fallback and not self.allow_stdlib_fallback:
            raise AssertionError("the page fetched modules left out of the trimmed standard "
                                 f"library: {self.log.stdlib_fallback}; run python tools/stdlib_trim.py"
                                 " (--record)")


RECORD_STDLIB = os.environ.get("E2E_RECORD_STDLIB")
# Every standard-library module loaded in the page (from the stdlib zip on sys.path).
_MODULES_PY = r"""
import json, sys
import js
zips = tuple(p for p in sys.path if p.endswith(".zip"))
found = sorted(n for n, m in list(sys.modules.items())
               if str(getattr(getattr(m, "__spec__", None), "origin", "")).startswith(zips))
js.document.documentElement.setAttribute("data-e2e-modules", json.dumps(found))
"""


def record_stdlib_modules(page) -> None:
    """Add the page's loaded standard-library modules to $E2E_RECORD_STDLIB."""
    import json

    try:
        page.evaluate("""(code) => {
            document.documentElement.removeAttribute("data-e2e-modules");
            const s = document.createElement("script");
            s.type = "py";
            s.textContent = code;
            document.body.append(s);
        }""", _MODULES_PY)
        page.wait_for_selector("html[data-e2e-modules]", state="attached", timeout=15_000)
        names = json.loads(page.get_attribute("html", "data-e2e-modules"))
    except Exception as exc:  # a page that never started Python, or is navigating away
        print(f"(stdlib record: {exc!s:.100})")
        return
    with open(RECORD_STDLIB, "a") as f:
        f.write("".join(n + "\n" for n in names))


@pytest.fixture(scope="session")
def site():
    vendor = ROOT / "static" / "vendor"
    needed = [vendor / "pyodide" / "pyodide.mjs", vendor / "pyscript" / "core.js"]
    missing = [str(p.relative_to(ROOT)) for p in needed if not p.exists()]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: run `make vendor` first", pytrace=False)
    serve.build_archives(ROOT)  # always test the current mortar/ sources
    files = {}
    if not RECORD_STDLIB:  # the trimmed standard library, as `make dist` ships it
        import dist

        files["/static/vendor/pyodide/python_stdlib.zip"] = dist.trimmed_stdlib(log=lambda *a: None)
    server = serve.make_server(ROOT, host="127.0.0.1", port=0, prefix=PREFIX, quiet=True, files=files)
    thread = threading.Thread(target=server.serve_forever, name="e2e-http", daemon=True)
    thread.start()
    origin = f"http://127.0.0.1:{server.server_port}"
    yield Site(origin=origin, url=origin + PREFIX)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        kwargs = {"args": CHROMIUM_ARGS, "headless": True}
        exe = chromium_executable()
        if exe:
            kwargs["executable_path"] = exe
        browser = pw.chromium.launch(**kwargs)
        yield browser
        browser.close()


def _attach(context, page, site: Site, log: PageLog) -> None:
    def on_foreign(route):
        log.foreign.append(route.request.url)
        route.abort()

    # Only other origins are intercepted: nothing ever leaves the machine.
    context.route(lambda url: not site.is_local(url), on_foreign)

    def on_request(req):
        log.requests.append(req.url)
        if not site.is_local(req.url) and req.url not in log.foreign:
            log.foreign.append(req.url)

    def on_finished(req):
        resp = req.response()
        if resp is None:
            return
        try:
            size = req.sizes()["responseBodySize"]
        except Exception:  # body not available (redirect, aborted)
            size = -1
        log.responses[req.url] = (resp.status, size)

    def on_console(msg):
        log.console.append(f"{msg.type}: {msg.text}")
        if msg.type == "error":
            log.console_errors.append(msg.text)
        elif msg.type == "warning" and "trimmed standard library" in msg.text:
            log.stdlib_fallback.append(msg.text)

    page.on("request", on_request)
    page.on("requestfinished", on_finished)
    page.on("requestfailed", lambda req: log.failed.append(f"{req.url} {req.failure}"))
    page.on("console", on_console)
    page.on("pageerror", lambda err: log.page_errors.append(str(err)))

    def on_crash(_page):
        log.crashed = True

    page.on("crash", on_crash)


class RendererCrashed(Exception):
    """The page's renderer process died before the page was ready."""


class Opener:
    """Opens the game in fresh browser contexts and closes every one of them in ``close_all``.

    Keyword arguments: ``wait_ready`` (default True), ``viewport`` (dict), ``javascript``
    (default True), ``before_goto`` (callable(context, page), e.g. to add routes),
    ``context_options`` (more browser.new_context arguments, e.g. ``has_touch``).
    """

    def __init__(self, browser, site: Site) -> None:
        self.browser, self.site = browser, site
        self.opened: list[Game] = []

    def __call__(self, *, wait_ready=True, viewport=None, javascript=True, before_goto=None,
                 path=GAME_PATH, context_options=None) -> Game:
        try:
            return self._open(wait_ready, viewport, javascript, before_goto, path, context_options)
        except RendererCrashed as crash:
            # Chromium's renderer has died while Pyodide started, about once in two to three whole
            # e2e runs (3 browsers on 2 cores), never in 300 boots of the games alone and never
            # after a page was ready: a boot that no test looks at, so it is opened once more, and
            # the warning shows in the run's summary.
            warnings.warn(f"the renderer crashed while {path or '/'} was starting; opened it again"
                          f" ({crash})", RuntimeWarning, stacklevel=2)
            return self._open(wait_ready, viewport, javascript, before_goto, path, context_options)

    def _open(self, wait_ready, viewport, javascript, before_goto, path, context_options) -> Game:
        site = self.site
        context = self.browser.new_context(
            viewport=viewport or {"width": 1280, "height": 900},
            java_script_enabled=javascript,
            service_workers="block",
            **(context_options or {}),  # e.g. has_touch=True, is_mobile=True, accept_downloads
        )
        page = context.new_page()
        log = PageLog()
        _attach(context, page, site, log)
        page.add_init_script(_INIT_SCRIPT)
        if before_goto:
            before_goto(context, page)
        t0 = time.monotonic()
        page.goto(site.url + path, wait_until="domcontentloaded")
        ready = None
        if wait_ready:
            try:
                page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
            except Exception as exc:
                if log.crashed:
                    context.close()
                    raise RendererCrashed(f"console: {log.console[-5:]}") from None
                panel = page.locator("#boot-error-text").text_content() or ""
                raise AssertionError(
                    f"page never became ready: {exc}\nerror panel: {panel[-2000:]}\n"
                    f"console: {log.console[-20:]}\npage errors: {log.page_errors}"
                ) from None
            ready = time.monotonic() - t0
        game = Game(page=page, context=context, log=log, site=site, ready_seconds=ready)
        self.opened.append(game)
        return game

    def close_all(self) -> None:
        problems = []
        for game in self.opened:
            try:
                game.close()
            except AssertionError as exc:
                problems.append(str(exc))
            except Exception:  # the test closed it already, or the browser is going away
                pass
        self.opened.clear()
        if problems:
            pytest.fail("\n".join(problems), pytrace=False)


# Three factories, one per owner: a game lives exactly as long as the test or the fixture that
# opened it. Each page holds a whole Python runtime (~150 MB); pages left open until the session's
# end piled up to ~100 renderer processes (6 GB) a run.
@pytest.fixture
def open_game(browser, site):
    """Factory for a test or a function-scoped fixture: its games close when the test ends."""
    opener = Opener(browser, site)
    yield opener
    opener.close_all()


@pytest.fixture(scope="module")
def open_game_for_module(browser, site):
    """Factory for a module-scoped fixture (pages shared by a file's tests)."""
    opener = Opener(browser, site)
    yield opener
    opener.close_all()


@pytest.fixture(scope="session")
def open_game_for_session(browser, site):
    opener = Opener(browser, site)
    yield opener
    opener.close_all()


@pytest.fixture(scope="session")
def game(open_game_for_session):
    """The game page, loaded once and shared (read-only) by the session's tests."""
    g = open_game_for_session()
    # let late requests (e.g. favicon) and console messages arrive before tests look at them
    g.page.wait_for_load_state("load")
    g.page.wait_for_timeout(300)
    timings = g.page.evaluate(
        """() => ({
            readyAt: window.__e2e.readyAt,
            shellAt: window.__e2e.shell && window.__e2e.shell.at,
            fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
        })"""
    )
    METRICS["ready_wall_s"] = g.ready_seconds
    METRICS["timings_ms"] = timings
    METRICS["responses"] = dict(g.log.responses)
    return g


def pytest_terminal_summary(terminalreporter):
    if "ready_wall_s" not in METRICS:
        return
    tr = terminalreporter
    t = {k: (f"{v:.0f} ms" if v is not None else "?") for k, v in METRICS["timings_ms"].items()}
    tr.section("mortar hunt page load (headless Chromium, localhost)")
    tr.write_line(
        f"data-ready after {METRICS['ready_wall_s']:.2f} s wall (in page: {t['readyAt']};"
        f" first contentful paint {t['fcp']}; DOMContentLoaded {t['shellAt']})"
    )
    total = 0
    for url, (status, size) in METRICS["responses"].items():
        total += max(size, 0)
        tr.write_line(f"  {status} {size:>10,} {urlsplit(url).path.removeprefix(PREFIX) or '/'}")
    tr.write_line(f"  total {total:,} bytes in {len(METRICS['responses'])} responses")
