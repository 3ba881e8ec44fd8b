"""Start-up, interaction and memory figures of the browser game: ``make bench-web``.

A benchmark that prints figures (it asserts nothing). In one run of headless Chromium:

1. Start-up, alternating (a) a bare PyScript page on the same self-hosted Pyodide that only
   writes one line into the page and (b) the game from the dist build, each load in a fresh
   browser context (cold cache, no service worker), both served by tools/dist.py's server with
   the precompressed files it serves. Medians of: first contentful paint (the game's shell),
   time until the page accepts input (``<html data-ready>``; for the bare page, when its line
   is written), bytes transferred; and the ratio game / bare for time to interactive.
   Also the game's repeat visit, served by its service worker.
   Then first visits on a phone network: "Fast 4G" with CPU x1 and x4, "Slow 4G" (DevTools
   protocol throttling), the game and the bare page on npm's Pyodide alternating (goal on
   Fast 4G x4: game / bare <= 0.40), each request's share of one load, and repeat visits
   through the service worker with the network offline.
   Then every game's first visit on Fast 4G with CPU x4, alternating with the bare page (and the
   earlier release, --before): the time to a usable first screen (the start form tapped as soon
   as it is on screen answers: drawn by the build before Python, issue 32), to interactive, and
   the bytes to interactive (goals: 2 s; game / bare <= 0.40; 4.0 MB).
2. Interactions: a game played through the UI (clicks); for select a piece, pick a
   destination, fire: the median time in the page from dispatching the click to the end of the
   handler + style and layout (``performance.now()`` around ``element.click()`` and a forced
   layout), and to the next animation frame.
3. Memory: ten whole games in one page through the page's own controller (``App.run``: the
   same dispatch + full re-render a click does, random legal choices), JS heap (CDP
   ``Runtime.getHeapUsage`` after a forced GC) and Pyodide's wasm memory after the first game
   and after the tenth.

    python tools/bench_web.py [--runs 7] [--games 10] [--dist dist] [--no-build]
                              [--only games] [--game mortar-hunt] [--before OLD_DIST]

Goals (issue 4): shell paints within 300 ms; game interactive within 1.15 x the bare page;
each interaction re-renders within 50 ms median; memory growth under 10 % over ten games.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(1, str(ROOT))
import dist  # noqa: E402
from mortar import games  # noqa: E402  (the registry: the every-game part)

GAME_PATH = "/game/?game=mortar-hunt"  # Mortar Hunt's page in the dist build, served at /game/

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-quic", "--no-first-run", "--disable-sync", "--enable-precise-memory-info",
]

# The bare page: PyScript's documented minimum, default config (so all of PyScript's default
# plugins: a full copy of the vendored PyScript, precompressed like dist), on the same Pyodide
# files as the game (dist's, with their precompressed copies).
BARE_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>bare PyScript</title>
  <link rel="stylesheet" href="../pyscript/core.css">
  <script type="module" src="../pyscript/core.js"></script>
</head>
<body>
  <script type="py" config='{"interpreter": "../game/static/vendor/pyodide/pyodide.mjs"}'>
from pyscript import document
p = document.createElement("p")
p.textContent = "Hello from Python"
document.body.append(p)
document.documentElement.setAttribute("data-ready", "1")
  </script>
</body>
</html>
"""

# In the page before its scripts: when it is ready (data-ready), when the start form is first on
# screen (drawn before Python by the build, or by Python), and when it has answered a tap (the
# computer's level, shown once "The computer" is chosen: see USABLE).
INIT_SCRIPT = """
(() => {
  const t = (window.__bench = { readyAt: null, shownAt: null, usableAt: null, busy: [] });
  try {  // the main thread's long tasks: the page answers no tap during one
    new PerformanceObserver((list) => list.getEntries().forEach(
      (e) => t.busy.push([e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no long-task timing here */ }
  const watch = new MutationObserver(() => {
    const now = performance.now();
    if (t.readyAt === null && document.documentElement.hasAttribute("data-ready")) t.readyAt = now;
    if (t.shownAt === null && document.querySelector("#app .start-form")) t.shownAt = now;
    if (t.usableAt === null && document.querySelector('#app input[name="level"]')) t.usableAt = now;
    if (t.readyAt !== null && t.usableAt !== null) watch.disconnect();
  });
  watch.observe(document, { subtree: true, childList: true, attributes: true,
                            attributeFilter: ["data-ready"] });
})();
"""
# Time to a usable first screen: the start form's "The computer" tapped as soon as it is on screen
# (before Python, where the build drew it; else once Python has), until the form shows the
# computer's fields (INIT_SCRIPT's usableAt).
USABLE = '#app label.choice:has(input[name="opponent"][value="computer"])'


def chromium() -> str | None:
    path = os.environ.get("CHROMIUM_PATH")
    if path:
        return path
    return "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def fmt_ms(x) -> str:
    return "   ?   " if x is None else f"{x:7.0f}"


def fmt_mb(x) -> str:
    return "  ?  " if x is None else f"{x / 1e6:6.2f}"


# --- start-up -------------------------------------------------------------------------------


# Chromium DevTools' throttling profiles (Network.emulateNetworkConditions: bytes/s, ms).
NETWORKS = {
    "Fast 4G": {"downloadThroughput": 9e6 / 8, "uploadThroughput": 1.5e6 / 8, "latency": 60},
    "Slow 4G": {"downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8, "latency": 150},
}


def throttle(cdp, network: str | None, cpu: float = 1) -> None:
    """Throttle a page's network (a NETWORKS profile, or "offline") and its CPU (x ``cpu``)."""
    cdp.send("Network.enable")
    if network == "offline":
        cdp.send("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                                                      "downloadThroughput": -1, "uploadThroughput": -1})
    elif network:
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **NETWORKS[network]})
    if cpu != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def load_once(browser, url: str, *, service_workers: str = "block", context=None,
              network: str | None = None, cpu: float = 1, usable: bool = False) -> dict:
    """One load (a renderer that crashes, which happens rarely on a loaded machine, is retried).
    ``usable``: also tap the start form as soon as it is there (USABLE)."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(3):
        try:
            return _load_once(browser, url, service_workers=service_workers, context=context,
                              network=network, cpu=cpu, usable=usable)
        except PlaywrightError as exc:
            if "crash" not in str(exc).lower() or attempt == 2:
                raise
            print(f"  (page crashed loading {url}; once more)", flush=True)
    raise AssertionError("unreachable")


def _load_once(browser, url: str, *, service_workers: str, context, network, cpu, usable) -> dict:
    own = context is None
    if own:
        context = browser.new_context(service_workers=service_workers,
                                      viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(INIT_SCRIPT)
    try:
        return _measure(page, url, network=network, cpu=cpu, usable=usable)
    finally:
        with contextlib.suppress(Exception):  # a crashed page may not close cleanly
            page.close()
            if own:
                context.close()


def _measure(page, url: str, *, network: str | None = None, cpu: float = 1, usable: bool = False) -> dict:
    cdp = page.context.new_cdp_session(page)
    throttle(cdp, network, cpu)
    transferred = {"bytes": 0, "n": 0}
    requests: dict[str, dict] = {}  # request id -> url, start, end (s, CDP clock), bytes

    def sent(event):
        requests[event["requestId"]] = {"url": event["request"]["url"], "start": event["timestamp"]}

    def finished(event):
        transferred["bytes"] += event.get("encodedDataLength", 0)
        transferred["n"] += 1
        if event["requestId"] in requests:
            requests[event["requestId"]].update(end=event["timestamp"],
                                                bytes=event.get("encodedDataLength", 0))

    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.loadingFinished", finished)
    t0 = time.monotonic()
    page.goto(url, wait_until="commit")
    if usable:
        page.locator(USABLE).click(timeout=120_000)
        page.wait_for_selector('#app input[name="level"]', state="attached", timeout=120_000)
    page.wait_for_selector("html[data-ready], html[data-boot-error]", state="attached", timeout=120_000)
    if page.get_attribute("html", "data-ready") is None:
        panel = page.locator("#boot-error-text").text_content() or ""
        raise SystemExit(f"{url} failed to start:\n{panel[-1500:]}")
    wall = (time.monotonic() - t0) * 1000
    page.wait_for_timeout(200)  # late responses (favicon) and paint entries
    timings = page.evaluate(
        """() => ({
            ready: window.__bench.readyAt,
            shown: window.__bench.shownAt,
            usable: window.__bench.usableAt,
            busy: window.__bench.busy,
            fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime ?? null,
            fp: (performance.getEntriesByName("first-paint")[0] || {}).startTime ?? null,
            dcl: performance.getEntriesByType("navigation")[0]?.domContentLoadedEventEnd ?? null,
        })"""
    )
    # the longest the start form on screen answered no tap before Python was ready (a long task)
    shown, ready = timings["shown"], timings["ready"]
    frozen = max((min(a + d, ready) - max(a, shown) for a, d in timings.pop("busy"))
                 if shown is not None and ready is not None else (), default=0.0)
    return {**timings, "frozen": max(frozen, 0.0), "wall": wall, "bytes": transferred["bytes"],
            "requests": transferred["n"], "log": [r for r in requests.values() if "end" in r]}


def bench_startup(browser, game_url: str, bare_url: str, runs: int, stock_url: str,
                  before_url: str | None = None) -> dict:
    rows = {"bare": [], "game": [], "game-sw": [], "bare-stock": [], "before": []}
    load_once(browser, game_url)  # warm the OS file cache and the server threads
    load_once(browser, bare_url)
    for i in range(runs):
        order = [("bare", bare_url), ("game", game_url), ("bare-stock", stock_url)]
        if before_url:
            order.append(("before", before_url))
        if i % 2:
            order.reverse()
        for name, url in order:
            rows[name].append(load_once(browser, url))
        print(f"  run {i + 1}/{runs}: " + ", ".join(f"{n} {rows[n][-1]['ready']:.0f} ms" for n, _ in order),
              flush=True)
    # Repeat visits of the game served by its service worker (one context: first visit, then N).
    context = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(game_url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    page.evaluate("""async () => {
        await navigator.serviceWorker.ready;
        const name = "mortar-hunt-" + document.querySelector('meta[name="mortar-build"]').content;
        for (let i = 0; i < 600 && !(await caches.keys()).includes(name); i++)
            await new Promise((r) => setTimeout(r, 100));
    }""")
    from_source = sorted(n for n, f in stdlib_modules(page).items() if f.endswith(".py"))
    rows["from_source"] = from_source
    page.close()
    for _ in range(max(3, runs // 2)):
        rows["game-sw"].append(load_once(browser, game_url, context=context))
    context.close()
    return rows


def print_startup(rows: dict) -> dict:
    from_source = rows.pop("from_source")
    if not rows["before"]:
        del rows["before"]
    med = {name: {k: median([r[k] for r in rs]) for k in ("fcp", "ready", "bytes", "requests", "dcl")}
           for name, rs in rows.items()}
    print()
    print(f"Start-up, medians of {len(rows['game'])} cold loads each (fresh context, no cache),"
          " alternating; localhost, precompressed files as dist serves them")
    print("  (bare: PyScript's default config on the dist's Pyodide files; bare, npm's Pyodide: on the")
    print("  pyodide package's files as they are, whose standard library is not compiled)")
    print("                        first paint   interactive   transferred   requests")
    for name, label in (("bare", "bare PyScript page"), ("game", "the game (dist)"),
                        ("game-sw", "game, repeat visit (SW)"), ("bare-stock", "bare, npm's Pyodide"),
                        ("before", "before (--before)")):
        if name not in med:
            continue
        m = med[name]
        print(f"  {label:<22} {fmt_ms(m['fcp'])} ms    {fmt_ms(m['ready'])} ms"
              f"    {fmt_mb(m['bytes'])} MB    {m['requests']:>5.0f}")
    ratio = med["game"]["ready"] / med["bare"]["ready"]
    per_run = [g["ready"] / b["ready"] for g, b in zip(rows["game"], rows["bare"])]
    print(f"  game / bare, time to interactive: {ratio:.3f}  (median of per-pair ratios"
          f" {statistics.median(per_run):.3f}; goal <= 1.15)")
    print(f"  game shell first paint: {med['game']['fcp']:.0f} ms (goal <= 300 ms)")
    hint = f" {from_source[:8]} (refresh tools/stdlib-startup.txt: --record-stdlib)" if from_source else ""
    print(f"  standard-library modules the game compiled from source at start: {len(from_source)}{hint}")
    return {"median": med, "ratio": ratio, "stdlib_from_source": from_source}


# --- first visit on a phone network (issue 11) ---------------------------------------------

# (network, CPU slowdown, also load the bare page on stock npm Pyodide for the ratio)
PROFILES = [("Fast 4G", 1, False), ("Fast 4G", 4, True), ("Slow 4G", 1, False)]


def _wait_cached(page) -> None:
    page.evaluate("""async () => {
        await navigator.serviceWorker.ready;
        const name = "mortar-hunt-" + document.querySelector('meta[name="mortar-build"]').content;
        for (let i = 0; i < 600 && !(await caches.keys()).includes(name); i++)
            await new Promise((r) => setTimeout(r, 100));
    }""")


def bench_throttled(browser, game_url: str, stock_url: str, runs: int,
                    before_url: str | None = None) -> dict:
    """First visits throttled (fresh context each, service worker blocked), the game and the
    bare page on npm's Pyodide alternating; then repeat visits through the service worker with
    the network offline (CPU throttled alike)."""
    rows: dict[str, dict[str, list]] = {}
    for network, cpu, with_bare in PROFILES:
        key = f"{network}, CPU x{cpu}"
        rows[key] = {"game": [], "bare": [], "before": []}
        for i in range(runs):
            order = [("game", game_url)] + ([("bare", stock_url)] if with_bare else [])
            if before_url:
                order.append(("before", before_url))
            if i % 2:
                order.reverse()
            for name, url in order:
                rows[key][name].append(load_once(browser, url, network=network, cpu=cpu))
            took = ", ".join(f"{n} {rows[key][n][-1]['ready'] / 1000:.1f} s" for n, _ in order)
            print(f"  {key}, run {i + 1}/{runs}: {took}", flush=True)
    context = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(game_url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    _wait_cached(page)
    page.close()
    context.set_offline(True)
    for cpu in (1, 4):
        key = f"repeat visit, service worker, offline, CPU x{cpu}"
        rows[key] = {"game": [load_once(browser, game_url, context=context, network="offline", cpu=cpu)
                              for _ in range(runs)], "bare": [], "before": []}
    context.close()
    return rows


def _share_table(run: dict) -> list[str]:
    """Each request of one load: bytes, share, when it started and ended (ms from the first)."""
    log = sorted(run["log"], key=lambda r: r["start"])
    t0 = log[0]["start"]
    total = sum(r["bytes"] for r in log) or 1
    lines = []
    for r in sorted(log, key=lambda r: -r["bytes"]):
        path = r["url"].split("/game/", 1)[-1].split("?")[0] or "index.html (?game=mortar-hunt)"
        lines.append(f"    {path:<44} {r['bytes'] / 1e3:9.1f} kB {100 * r['bytes'] / total:5.1f} %"
                     f"   {1000 * (r['start'] - t0):6.0f} -> {1000 * (r['end'] - t0):6.0f} ms")
    return lines


def print_throttled(rows: dict) -> dict:
    print()
    print("First visit on a phone network (DevTools throttling: Fast 4G = 9 Mbit/s down, 1.5 up,"
          " 60 ms; Slow 4G = 1.6 / 0.75 Mbit/s, 150 ms),")
    print("  fresh context, service worker blocked, medians; bare = PyScript's minimal page on"
          " npm's Pyodide as it is")
    print("                                                   game        bare    game/bare   game MB"
          "      before   before MB")
    out = {}
    for key, pair in rows.items():
        game = median([r["ready"] for r in pair["game"]])
        bare = median([r["ready"] for r in pair["bare"]])
        mb = median([r["bytes"] for r in pair["game"]])
        ratio = game / bare if bare else None
        before = median([r["ready"] for r in pair["before"]])
        before_mb = median([r["bytes"] for r in pair["before"]])
        out[key] = {"game_ms": game, "bare_ms": bare, "ratio": ratio, "game_bytes": mb,
                    "before_ms": before, "before_bytes": before_mb}
        print(f"  {key:<46} {fmt_ms(game)} ms" + (f" {fmt_ms(bare)} ms   {ratio:6.2f}" if bare else
                                                   " " * 22) + f"   {fmt_mb(mb)}"
              + (f"   {fmt_ms(before)} ms   {fmt_mb(before_mb)}" if pair["before"] else ""))
    phone = rows.get("Fast 4G, CPU x4")
    if phone and phone["bare"]:
        print("  goal: game / bare <= 0.40 on Fast 4G, CPU x4")
        run = sorted(phone["game"], key=lambda r: r["ready"])[len(phone["game"]) // 2]
        print(f"  requests of one game load on Fast 4G, CPU x4 (ready at {run['ready']:.0f} ms):")
        for line in _share_table(run):
            print(line)
    return out


# --- every game's first visit on a phone network (issue 32) -----------------------------------


def bench_games(browser, origin: str, names: list[str], stock_url: str, runs: int,
                before_root: str | None = None, runtime_url: str | None = None) -> dict:
    """Every game's first visit on Fast 4G, CPU x4 (fresh context, service worker blocked),
    alternating with the bare page on npm's Pyodide and, with ``--before``, the earlier release's
    same game: the start form tapped as soon as it is on screen (USABLE), then interactive.
    ``runtime_url``: the bare page on the dist's own Pyodide, loaded in each pair too: the
    runtime's start with no game at all, the floor of any game's time to interactive."""
    network, cpu = "Fast 4G", 4
    rows: dict[str, dict[str, list]] = {name: {"game": [], "bare": [], "before": [], "runtime": []}
                                        for name in names}
    load_once(browser, stock_url)  # warm the OS file cache and the server threads
    if runtime_url:
        load_once(browser, runtime_url)
    for name in names:
        load_once(browser, f"{origin}/game/?game={name}")
        if before_root:
            load_once(browser, f"{before_root}?game={name}")
    for i in range(runs):
        for name in names:
            order = [("game", f"{origin}/game/?game={name}", True), ("bare", stock_url, False)]
            if before_root:
                order.append(("before", f"{before_root}?game={name}", True))
            if runtime_url:
                order.append(("runtime", runtime_url, False))
            if i % 2:
                order.reverse()
            for key, url, usable in order:
                rows[name][key].append(load_once(browser, url, network=network, cpu=cpu, usable=usable))
            took = ", ".join(f"{k} {rows[name][k][-1]['ready'] / 1000:.1f} s" for k, _, _ in order)
            print(f"  {name}, run {i + 1}/{runs}: {took}", flush=True)
    return rows


def print_games(rows: dict) -> dict:
    print()
    print("Every game, first visit on Fast 4G with CPU x4 (fresh context, service worker blocked),"
          " medians; alternating with")
    print("  the bare PyScript page on npm's Pyodide (and the earlier release, --before). Usable: the"
          " start form tapped as soon")
    print("  as it is on screen (\"The computer\"), until it shows the computer's fields; shown: the"
          " form first on screen.")
    print("  Frozen: the longest task that kept the form on screen from answering before Python was"
          " ready (Pyodide's own start).")
    print(f"  {'':<20} {'usable first screen':>21} {'form shown':>17} {'interactive':>17}"
          f" {'game / bare':>13} {'bytes to interactive':>22} {'frozen':>7}")
    print(f"  {'game':<20} {'after':>10} {'before':>10} {'after':>8} {'before':>8} {'after':>8}"
          f" {'before':>8} {'after':>6} {'before':>6} {'after':>10} {'before':>11} {'after':>7}")
    out = {}

    def sec(x) -> str:
        return "    ?" if x is None else f"{x / 1000:5.2f} s"

    for name, pair in rows.items():
        fig = {}
        for key in ("game", "before"):
            fig[key] = {k: median([r[k] for r in pair[key]])
                        for k in ("usable", "shown", "ready", "bytes", "frozen")}
        bare = median([r["ready"] for r in pair["bare"]])
        ratio = {k: (median([g["ready"] / b["ready"] for g, b in zip(pair[k], pair["bare"])])
                     if pair[k] and bare else None) for k in ("game", "before", "runtime")}
        out[name] = {"after": fig["game"], "before": fig["before"], "bare_ms": bare,
                     "ratio": ratio["game"], "before_ratio": ratio["before"],
                     "runtime_ratio": ratio["runtime"]}
        after, before = fig["game"], fig["before"]
        print(f"  {name:<20} {sec(after['usable']):>10} {sec(before['usable']):>10}"
              f" {sec(after['shown']):>8} {sec(before['shown']):>8} {sec(after['ready']):>8}"
              f" {sec(before['ready']):>8}"
              f" {ratio['game'] or 0:6.2f} {ratio['before'] or 0:6.2f}"
              f" {fmt_mb(after['bytes'])} MB {fmt_mb(before['bytes'])} MB {sec(after['frozen']):>7}")
    print("  goals: usable first screen <= 2 s; game / bare <= 0.40 (median of the pairs' ratios);"
          " bytes to interactive <= 4.0 MB")
    floor = {name: o["runtime_ratio"] for name, o in out.items() if o["runtime_ratio"] is not None}
    if floor:
        print("  the runtime alone (PyScript's bare page on the dist's Pyodide, no game) / bare, in the"
              " same pairs: " + ", ".join(f"{name} {r:.2f}" for name, r in floor.items()))
    return out


# --- interactions: clicks in the page ------------------------------------------------------

# One click, timed in the page: the handler (Python: dispatch + full re-render) plus the style
# and layout it causes, and click -> the next frame painted (rAF, then a task after the paint).
CLICK_JS = """async (selector) => {
    const el = document.querySelector(selector);
    if (!el) throw new Error("nothing matches " + selector);
    for (let i = 0; i < 100 && el.hasAttribute("data-arm") && !el.hasAttribute("data-armed"); i++)
        await new Promise((r) => setTimeout(r, 20));
    const t0 = performance.now();
    el.click();
    document.body.getBoundingClientRect();  // style + layout now
    const t1 = performance.now();
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return { handler: t1 - t0, frame: performance.now() - t0 };
}"""

# The squares and buttons of the turn screen (render.py / board.py hooks).
OWN_PIECE = "#app button.sq:has(.tok.own-{p})"
DEST = "#app button.sq.dest"
TARGET = "#app button.sq.target"


def _pick(page, selector: str, rng) -> str | None:
    """A CSS selector for one random element matching ``selector`` (by its data-square)."""
    squares = page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.square)")
    if not squares:
        return None
    return f'#app button.sq[data-square="{rng.choice(squares)}"]'


def bench_interactions(browser, game_url: str, turns: int) -> dict[str, list[dict]]:
    """Play ``turns`` turns through the UI and time each interaction."""
    import random

    sys.path.insert(0, str(ROOT / "e2e"))
    sys.path.insert(0, str(ROOT))
    from ui_driver import Driver  # the game's own e2e driver, for the screens between turns

    rng = random.Random(4)
    timings: dict[str, list[dict]] = {"select a piece": [], "pick a destination": [],
                                      "confirm the move": [], "pick a target": [], "fire": []}
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(game_url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    d = Driver(page)
    d.check_curtain = lambda: d.wait_screen("curtain")  # the curtain is tested elsewhere
    d.new_game("Alice", "Bob", limit="suggested")
    d.place("Alice", ["C2/N", "F3/N", "J2/N"])
    d.wait_screen("curtain")
    d.place("Bob", ["C7/S", "F8/S", "J7/S"])
    played = 0
    while played < turns:
        d.wait_screen("curtain")
        who = "Alice" if page.get_by_role("button", name="I am Alice — show my board").count() else "Bob"
        d.reveal(who)
        d.wait_screen("turn")
        if page.locator("#app [data-action='sacrifice']").count():
            d.press(page.locator("#app [data-action='select']").first)
            d.press(page.locator("#app [data-action='sacrifice']"))
        else:
            player = "a" if who == "Alice" else "b"
            for _ in range(10):  # a piece that can move
                piece = _pick(page, OWN_PIECE.format(p=player), rng)
                timings["select a piece"].append(page.evaluate(CLICK_JS, piece))
                dest = _pick(page, DEST, rng)
                if dest:
                    break
            timings["pick a destination"].append(page.evaluate(CLICK_JS, dest))
            facing = page.locator("#app [data-action='facing']:not([disabled])")
            if page.locator("#app [data-action='confirm-move'][disabled]").count() and facing.count():
                d.press(facing.first)
            timings["confirm the move"].append(page.evaluate(CLICK_JS, "#app [data-action='confirm-move']"))
            target = _pick(page, TARGET, rng)
            if target:
                timings["pick a target"].append(page.evaluate(CLICK_JS, target))
                timings["fire"].append(page.evaluate(CLICK_JS, "#app [data-action='fire']"))
            else:
                d.press(page.locator("#app [data-action='skip']"))
        played += 1
        d.wait_screen("turn")
        over = page.get_by_role("button", name="See the final result")
        if over.count():
            break
        d.press(page.locator("#app [data-action='end-turn']"))
    context.close()
    timings["turns"] = played
    return timings


def print_interactions(timings: dict) -> dict:
    print()
    n = timings.pop("turns")
    print(f"Interactions through the UI ({n} turns of one game), in the page:"
          " click -> handler + style/layout done, and -> next frame painted")
    print("                          median handler   median to frame    max handler    n")
    out = {}
    for name, rows in timings.items():
        if not rows:
            continue
        h = median([r["handler"] for r in rows])
        f = median([r["frame"] for r in rows])
        out[name] = {"handler_ms": h, "frame_ms": f, "n": len(rows)}
        print(f"  {name:<22} {h:12.1f} ms   {f:12.1f} ms   {max(r['handler'] for r in rows):9.1f} ms"
              f"   {len(rows):3d}")
    print("  goal: each re-renders within 50 ms (median)")
    return out


# --- memory: whole games through the page's own controller -------------------------------------

# Runs in the page (a <script type="py">): window.benchPlayGame(seed) plays one whole game with
# random legal choices through App.run, the same Flow.dispatch + full re-render a click does,
# and returns the Python-side figures.
PLAYER_SCRIPT = r"""
import gc, json, random
import js
from pyodide.ffi import create_proxy
from mortar.games.mortar_hunt import Square
from mortar.web.main import start
from mortar.games.mortar_hunt.table.placement import PlacementDraft


def _bench_play_game(seed):
    app = start.app
    table = app.table
    rng = random.Random(int(seed))
    renders = 0

    def run(*intent):
        nonlocal renders
        renders += 1
        app.run(*intent)

    if table.screen != "start":
        run("menu")
    table.dispatch("field", "limit", "suggested")
    run("new-game")
    if table.form.confirm_replace:
        run("new-game", "replace")
    while table.screen != "over":
        screen = table.screen
        if renders > 100_000:
            raise RuntimeError("the game does not end")
        if screen == "curtain":
            run("reveal")
        elif screen == "play" and isinstance(table.draft, PlacementDraft):
            half = sorted(table.draft.seat.half, key=lambda q: q.index)
            for n, q in enumerate(rng.sample(half, 3), 1):
                run("select", str(n))
                run("square", str(q))
            run("confirm-placement")
        elif screen == "play":
            draft, game = table.draft, table.game
            if draft.stage == "result":
                run("end-turn")
            elif draft.stage == "sacrifice":
                action = rng.choice(list(game.legal_actions()))
                run("select", str(action.piece))
                run("sacrifice")
            elif draft.stage == "move":
                actions = game.legal_actions()
                action = actions[rng.randrange(len(actions))]
                move = action.move
                run("select", str(move.piece))
                run("square", str(move.to.square))
                if table.draft.dest_facing is not move.to.facing:
                    run("facing", move.to.facing.name)
                run("confirm-move")
                if table.draft.stage != "fire":
                    raise RuntimeError(f"move refused: {table.draft.message}")
                if action.shot is not None:
                    run("select", str(action.shot.piece))
                    run("square", str(action.shot.at))
                    run("fire")
                else:
                    run("skip")
            else:
                raise RuntimeError(f"unexpected stage {draft.stage}")
        else:
            raise RuntimeError(f"unexpected screen {screen}")
    return json.dumps({"renders": renders, "turns": table.game.turns_started,
                       "winner": str(table.game.winner)})


def _bench_computer(level, games):
    # the computer's decisions in this page: every turn of a few games, both seats played by it
    import time
    from mortar.games.mortar_hunt import State, Options
    from mortar.games.mortar_hunt.computer import Computer

    times = []
    for g in range(int(games)):
        game = State(Options(turn_limit=28))
        bots = {p: Computer(str(level), seed=1000 * g + i) for i, p in enumerate("AB")}
        while game.outcome is None:
            player = game.to_play
            seat = game.seat(player)
            t0 = time.perf_counter()
            action = bots[str(player)].choose(seat)
            times.append((time.perf_counter() - t0) * 1000)
            game.place(action) if game.phase == "setup" else game.apply(action)
    return json.dumps(times)


def _bench_memory():
    gc.collect()
    import pyodide_js

    return json.dumps({"wasm": pyodide_js._module.HEAPU8.length,
                       "py_objects": len(gc.get_objects())})


js.window.benchPlayGame = create_proxy(_bench_play_game)
js.window.benchComputer = create_proxy(_bench_computer)
js.window.benchMemory = create_proxy(_bench_memory)
js.document.documentElement.setAttribute("data-bench-player", "1")
"""


def bench_memory(browser, game_url: str, games: int) -> list[dict]:
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(game_url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    run_py(page, PLAYER_SCRIPT, "bench-player")
    cdp = context.new_cdp_session(page)

    def sample(label: str, game: dict | None = None) -> dict:
        cdp.send("HeapProfiler.collectGarbage")
        heap = cdp.send("Runtime.getHeapUsage")
        dom = cdp.send("Memory.getDOMCounters")
        py = json.loads(page.evaluate("window.benchMemory()"))
        row = {"label": label, "js_heap": heap["usedSize"], "nodes": dom["nodes"],
               "listeners": dom["jsEventListeners"], **py, **(game or {})}
        return row

    rows = [sample("ready")]
    for i in range(1, games + 1):
        t0 = time.monotonic()
        game = json.loads(page.evaluate("(seed) => window.benchPlayGame(seed)", i))
        game["seconds"] = time.monotonic() - t0
        rows.append(sample(f"after game {i}", game))
        print(f"  game {i}: {game['turns']} turns, {game['renders']} renders,"
              f" {game['seconds']:.1f} s; JS heap {rows[-1]['js_heap'] / 1e6:.2f} MB,"
              f" wasm {rows[-1]['wasm'] / 1e6:.1f} MB", flush=True)
    context.close()
    return rows


def bench_computer(browser, game_url: str, games: int) -> dict[str, list[float]]:
    """The computer's decision times in the page (Pyodide, main thread), every turn of
    ``games`` games it plays against itself at each level."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(game_url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    run_py(page, PLAYER_SCRIPT, "bench-player")
    out = {}
    for level in ("easy", "medium", "hard"):
        out[level] = json.loads(page.evaluate("([l, g]) => window.benchComputer(l, g)", [level, games]))
    context.close()
    return out


def print_computer(times: dict[str, list[float]]) -> dict:
    print("\nthe computer's decisions in the page (Pyodide, main thread; ms per decision)")
    print(f"  {'level':<8} {'median':>8} {'p90':>8} {'worst':>8} {'decisions':>10}")
    out = {}
    for level, xs in times.items():
        xs = sorted(xs)
        p90 = xs[int(0.9 * (len(xs) - 1))]
        out[level] = {"median_ms": median(xs), "p90_ms": p90, "max_ms": xs[-1], "n": len(xs)}
        print(f"  {level:<8} {median(xs):8.1f} {p90:8.1f} {xs[-1]:8.1f} {len(xs):10d}")
    print("  goal (CPython, hard): 100 ms median, 400 ms worst; the page shows 'thinking' meanwhile")
    return out


def print_memory(rows: list[dict]) -> dict:
    first, last = rows[1], rows[-1]
    print()
    print(f"Memory: {len(rows) - 1} whole games in one page through the page's controller"
          " (App.run: dispatch + full re-render, random legal play, 28-turn limit)")
    print("                       JS heap      wasm memory   Python objects  DOM nodes  JS listeners")
    for row in (rows[0], first, last):
        print(f"  {row['label']:<18} {row['js_heap'] / 1e6:7.2f} MB   {row['wasm'] / 1e6:8.1f} MB"
              f"   {row['py_objects']:13,d}  {row['nodes']:9,d}  {row['listeners']:12,d}")

    def growth(key):
        return (last[key] - first[key]) / first[key] * 100 if first[key] else 0.0

    out = {k: growth(k) for k in ("js_heap", "wasm", "py_objects", "nodes", "listeners")}
    print(f"  growth from game 1 to game {len(rows) - 1}: JS heap {out['js_heap']:+.1f} %,"
          f" wasm memory {out['wasm']:+.1f} %, Python objects {out['py_objects']:+.1f} %,"
          f" JS listeners {out['listeners']:+.1f} %  (goal < 10 %)")
    return out


# --- which standard-library modules the game imports (tools/stdlib-startup.txt) ---------------

MODULES_SCRIPT = r"""
import json, sys
import js
zips = tuple(p for p in sys.path if p.endswith(".zip"))
found = {}
for name, module in list(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None)  # "frozen" for frozen ones
    if isinstance(origin, str) and origin.startswith(zips):
        found[name] = origin
js.document.documentElement.setAttribute("data-bench-modules", json.dumps(found))
"""


def run_py(page, code: str, marker: str) -> str:
    """Run Python in the page (a <script type="py">) that sets ``<html data-MARKER>``."""
    page.evaluate(f"document.documentElement.removeAttribute({json.dumps('data-' + marker)})")
    page.evaluate("""(code) => {
        const s = document.createElement("script");
        s.type = "py";
        s.textContent = code;
        document.body.append(s);
    }""", code)
    page.wait_for_selector(f"html[data-{marker}]", state="attached", timeout=30_000)
    return page.get_attribute("html", f"data-{marker}")


def stdlib_modules(page) -> dict[str, str]:
    """Standard-library modules loaded in the page: name -> file (.py: compiled at start)."""
    return json.loads(run_py(page, MODULES_SCRIPT, "bench-modules"))


def record_stdlib(browser, game_url: str) -> None:
    """Write tools/stdlib-startup.txt: the stdlib modules imported once the game is ready and
    after a whole game (make dist compiles exactly these)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(game_url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    names = set(stdlib_modules(page))
    run_py(page, PLAYER_SCRIPT, "bench-player")
    page.evaluate("(seed) => window.benchPlayGame(seed)", 1)
    names |= set(stdlib_modules(page))
    context.close()
    names -= {"__main__"}
    text = ("# Standard-library modules the game has imported once it is ready and after a whole\n"
            "# game: `make dist` ships these compiled (tools/pyc.mjs). Regenerate with\n"
            "#   python tools/bench_web.py --record-stdlib\n" + "".join(f"{n}\n" for n in sorted(names)))
    dist.STDLIB_LIST.write_text(text)
    print(f"wrote {dist.STDLIB_LIST.relative_to(ROOT)}: {len(names)} modules")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--runs", type=int, default=7, help="cold loads of each page (default 7)")
    ap.add_argument("--games", type=int, default=10, help="games for the memory figures")
    ap.add_argument("--turns", type=int, default=16, help="turns played through clicks")
    ap.add_argument("--throttled-runs", type=int, default=2,
                    help="throttled first visits of each page and profile (default 2)")
    ap.add_argument("--computer-games", type=int, default=3,
                    help="games the computer plays against itself per level, for its decision times")
    ap.add_argument("--game", action="append",
                    help="the games of the every-game part (repeatable; default all)")
    ap.add_argument("--only", choices=["startup", "throttled", "games", "interactions", "memory", "computer"],
                    action="append",
                    help="run only these parts (repeatable)")
    ap.add_argument("--dist", default=str(dist.DEFAULT_OUT))
    ap.add_argument("--no-build", action="store_true", help="use --dist as it is")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--before", metavar="DIST",
                    help="another dist build (an earlier release) to load alongside, for before/after")
    ap.add_argument("--record-stdlib", action="store_true",
                    help="only write tools/stdlib-startup.txt (the stdlib modules the game imports)")
    args = ap.parse_args(argv)

    dist_dir = Path(args.dist).resolve()
    if not args.no_build:
        dist.build(dist_dir, log=lambda *a: print(*a, flush=True))
    if not (dist_dir / "index.html").exists():
        print(f"{dist_dir} is not a dist build", file=sys.stderr)
        return 1

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        site = Path(tmp)
        (site / "game").symlink_to(dist_dir, target_is_directory=True)
        if args.before:
            (site / "before").symlink_to(Path(args.before).resolve(), target_is_directory=True)
        (site / "bare").mkdir()
        (site / "bare" / "index.html").write_text(BARE_PAGE, encoding="utf-8")
        shutil.copytree(ROOT / "static" / "vendor" / "pyscript", site / "pyscript")
        files = [p.name for p in (site / "pyscript").iterdir()]
        dist._precompress(site / "pyscript", files, True, lambda *a: print(*a, flush=True))
        # For context: the bare page on the npm package's Pyodide as it is (stdlib not compiled).
        shutil.copytree(ROOT / "static" / "vendor" / "pyodide", site / "stock")
        files = [p.name for p in (site / "stock").iterdir()]
        dist._precompress(site / "stock", files, True, lambda *a: print(*a, flush=True))
        (site / "bare-stock").mkdir()
        (site / "bare-stock" / "index.html").write_text(
            BARE_PAGE.replace("../game/static/vendor/pyodide/", "../stock/"), encoding="utf-8")
        server = dist.make_server(site, prefix="/")
        dist.serve_in_thread(server)
        origin = f"http://127.0.0.1:{server.server_port}"
        game_url = origin + GAME_PATH
        # an earlier release, its Mortar Hunt (a release before the box played it at its root
        # and ignores the parameter)
        before_url = origin + "/before/?game=mortar-hunt" if args.before else None
        figures: dict = {}
        with sync_playwright() as pw:
            kwargs = {"headless": True, "args": CHROMIUM_ARGS}
            if chromium():
                kwargs["executable_path"] = chromium()
            browser = pw.chromium.launch(**kwargs)
            print(f"bench-web: {browser.version}, {os.cpu_count()} cores, dist {dist_dir}", flush=True)
            if args.record_stdlib:
                record_stdlib(browser, game_url)
                return 0
            parts = args.only or ["startup", "throttled", "games", "interactions", "memory", "computer"]
            if "startup" in parts:
                rows = bench_startup(browser, game_url, origin + "/bare/", args.runs,
                                     origin + "/bare-stock/", before_url)
                figures["startup"] = print_startup(rows)
            if "throttled" in parts:
                rows = bench_throttled(browser, game_url, origin + "/bare-stock/",
                                       args.throttled_runs, before_url)
                figures["throttled"] = print_throttled(rows)
            if "games" in parts:
                names = args.game or [e.name for e in games.entries() if e.seated]
                rows = bench_games(browser, origin, names, origin + "/bare-stock/", args.throttled_runs,
                                   origin + "/before/" if args.before else None, origin + "/bare/")
                figures["games"] = print_games(rows)
            if "interactions" in parts:
                timings = bench_interactions(browser, game_url, args.turns)
                figures["interactions"] = print_interactions(timings)
            if "memory" in parts:
                rows = bench_memory(browser, game_url, args.games)
                figures["memory"] = print_memory(rows)
            if "computer" in parts:
                figures["computer"] = print_computer(
                    bench_computer(browser, game_url, args.computer_games))
            browser.close()
        server.shutdown()
        server.server_close()
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
