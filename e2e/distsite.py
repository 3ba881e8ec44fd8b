"""Fixtures for the tests of the deployable build (``make dist``): offline, sub-path, embed, CSP.

Import the fixtures you use into the test module (``from distsite import dist_build, ...``).

* ``dist_build``: the site built by tools/dist.py into a temporary folder (gzip copies only:
  brotli at quality 11 takes ~20 s and tests nothing more), once per session.
* ``dist_site``: that folder served under a sub-path by tools/dist.py's server (serves the
  precompressed copies, like a production host), once per session.
* ``serve_dir(root, prefix=..., headers=..., plain=...)``: start another server for a test.
* ``watch(context, page, origin)``: record requests, console errors, page errors and CSP
  violations of a page (``PageWatch``).
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import dist  # noqa: E402
import serve  # noqa: E402

SUBPATH = "/games/mortar/"
GAME = "?game=mortar-hunt"  # the game the tests play (the root of the site is the picker)
READY_TIMEOUT_MS = int(os.environ.get("E2E_READY_TIMEOUT_MS", "60000"))

# In every page before its scripts: CSP violations and the time data-ready appeared.
INIT_SCRIPT = """
(() => {
  const t = (window.__dist = { violations: [], readyAt: null });
  document.addEventListener("securitypolicyviolation", (e) => {
    t.violations.push(e.violatedDirective + " " + (e.blockedURI || "") + " " + (e.sourceFile || ""));
  });
  new MutationObserver(() => {
    if (t.readyAt === null && document.documentElement.hasAttribute("data-ready"))
      t.readyAt = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-ready"] });
})();
"""


@dataclass
class Served:
    server: object
    origin: str
    url: str  # origin + prefix
    counts: dict[str, int]  # path under the prefix -> GET count

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def fetched(self, path: str) -> int:
        return self.counts.get("/" + path.lstrip("/"), 0)


@dataclass
class PageWatch:
    origins: tuple[str, ...]
    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    bad_status: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    @property
    def foreign(self) -> list[str]:
        return [u for u in self.requests
                if not u.startswith(("data:", "blob:", "about:"))
                and f"{urlsplit(u).scheme}://{urlsplit(u).netloc}" not in self.origins]

    def assert_clean(self) -> None:
        # no module had to come from the full standard library (mortar/web/fallback.py)
        if not os.environ.get("E2E_RECORD_STDLIB"):  # (recording runs with a stale list)
            assert not [w for w in self.warnings if "trimmed standard library" in w], self.warnings
        assert self.console_errors == [], self.console_errors
        assert self.page_errors == [], self.page_errors
        assert self.bad_status == [], self.bad_status
        assert self.foreign == [], self.foreign


def watch(page, *origins: str) -> PageWatch:
    log = PageWatch(origins=tuple(origins))
    page.on("request", lambda r: log.requests.append(r.url))
    page.on("requestfailed", lambda r: log.failed.append(f"{r.url} {r.failure}"))

    def on_response(resp):
        if resp.status >= 400:
            log.bad_status.append(f"{resp.status} {resp.url}")

    def on_console(msg):
        if msg.type == "error":
            log.console_errors.append(msg.text)
        elif msg.type == "warning":
            log.warnings.append(msg.text)

    page.on("response", on_response)
    page.on("console", on_console)
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))
    page.add_init_script(INIT_SCRIPT)
    return log


def wait_ready(page_or_frame, timeout: int = READY_TIMEOUT_MS) -> None:
    try:
        page_or_frame.wait_for_selector("html[data-ready]", state="attached", timeout=timeout)
    except Exception as exc:
        panel = ""
        with contextlib.suppress(Exception):
            panel = page_or_frame.locator("#boot-error-text").text_content(timeout=1000) or ""
        raise AssertionError(f"page never became ready: {exc}\nerror panel: {panel[-2000:]}") from None


def wait_offline_ready(page, timeout: int = 60_000) -> str:
    """Wait until the service worker controls the page and its release is fully cached."""
    return page.evaluate(
        """async (timeout) => {
            const until = Date.now() + timeout;
            const meta = document.querySelector('meta[name="mortar-build"]');
            if (!meta) throw new Error("not a dist build (no mortar-build meta)");
            const name = "mortar-hunt-" + meta.content;
            const reg = await navigator.serviceWorker.ready;
            while (Date.now() < until) {
                if (navigator.serviceWorker.controller && reg.active && reg.active.state === "activated"
                    && (await caches.keys()).includes(name)) return name;
                await new Promise((r) => setTimeout(r, 100));
            }
            throw new Error("the service worker did not take over in time");
        }""",
        timeout,
    )


def _start(root: Path, prefix: str, *, headers=None, plain=False) -> Served:
    counts: dict[str, int] = {}
    if plain:  # tools/serve.py: a plain static file server, no compression
        server = serve.make_server(root, host="127.0.0.1", port=0, prefix=prefix, quiet=True)
    else:
        server = dist.make_server(root, prefix=prefix, headers=headers, counts=counts)
    dist.serve_in_thread(server)
    origin = f"http://127.0.0.1:{server.server_port}"
    return Served(server=server, origin=origin, url=origin + prefix, counts=counts)


@pytest.fixture(scope="session")
def dist_build(tmp_path_factory) -> dist.Dist:
    vendor = ROOT / "static" / "vendor" / "pyodide" / "pyodide.mjs"
    if not vendor.exists():
        pytest.fail("static/vendor missing: run `make vendor` first", pytrace=False)
    out = tmp_path_factory.mktemp("dist") / "site"
    return dist.build(out, brotli=False, log=lambda *a: None)


@pytest.fixture(scope="session")
def dist_site(dist_build):
    served = _start(dist_build.out, SUBPATH)
    yield served
    served.stop()


@pytest.fixture
def serve_dir():
    started: list[Served] = []

    def _serve(root: Path | str, prefix: str = "/", *, headers=None, plain=False) -> Served:
        s = _start(Path(root), prefix, headers=headers, plain=plain)
        started.append(s)
        return s

    yield _serve
    for s in started:
        with contextlib.suppress(Exception):
            s.stop()


# --- playing through the UI (e2e/ui_driver.py, the game's own test driver) -------------------

A_SETUP = ["C2/N", "E2/N", "G2/N"]
B_SETUP = ["C7/S", "E7/S", "G7/S"]


class FramePage:
    """A Playwright Frame that ui_driver.Driver can drive like a Page (the iframe must sit at
    the host page's top-left corner, so that boxes in the frame are boxes in the viewport)."""

    def __init__(self, frame, width: int, height: int) -> None:
        self._frame = frame
        self.viewport_size = {"width": width, "height": height}

    def __getattr__(self, name):
        return getattr(self._frame, name)


def driver(page_or_frame):
    from ui_driver import Driver

    return Driver(page_or_frame, name="dist")


def play_setup_and_turn(d, **options) -> str:
    """New game, both placements, then Alice's first turn: a step forward and a shot (a hit).
    Returns the result text the player sees."""
    d.new_game("Alice", "Bob", **options)
    d.place("Alice", A_SETUP)
    d.check_curtain()
    d.place("Bob", B_SETUP)
    d.check_curtain()
    d.reveal("Alice")
    d.wait_screen("turn")
    d.move_by_steps("C2", ["forward"])
    result = d.fire_at("C7")
    assert "Hit!" in result, result
    return result


def play_one_turn_game(d) -> None:
    """A whole game with a turn limit of 1: Alice hits C7, Bob holds fire; Alice wins 1:0."""
    play_setup_and_turn(d, limit="custom", custom=1)
    d.pass_on("Bob")
    d.reveal("Bob")
    d.wait_screen("turn")
    d.move_by_steps("E7", ["forward"])
    d.hold_fire()
    d.press_button("See the final result")
    d.wait_screen("over")
