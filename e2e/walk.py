"""A walk through every screen of a game on a phone (issue 18): the layout checks of
``e2e/layout.py`` and axe-core's rules on each screen, at 360 × 740 and 740 × 360 with touch.

A game of the box joins with its own *walker*: a function ``walker(w: Walk)`` that brings up each
of its screens in one page and calls ``w.screen(name)`` on each (see ``walk_mortar_hunt.py`` and
``walk_tictactoe.py``). The walk keeps what it found per screen; the tests (``test_layout.py``)
read it. axe-core comes from npm (package.json's devDependencies): the tests inject it, the site
never loads it. A walk in another language (``lang``) also finds English left on each screen
(``languages.py``); ``Walk.turn`` counts the taps a turn takes.

``E2E_SHOTS_DIR=/some/dir`` keeps a screenshot of every screen (``<game>-<size>-<screen>.png``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import layout
from languages import NAMES, english_left
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"portrait": {"width": 360, "height": 740}, "landscape": {"width": 740, "height": 360}}
TOUCH = {"has_touch": True, "is_mobile": True}
SHOTS_DIR = os.environ.get("E2E_SHOTS_DIR")

# Every screen is judged at rest: no shot in flight, no shaking board, no arming outline.
AXE_RUN = """async () => {
  const fake = window.__held ? window.setTimeout : null;  // axe needs timers of its own
  if (fake) window.setTimeout = window.__setTimeout;
  let r;
  // (the effects' layer is left out: aria-hidden, passing, and judged at rest it is empty; an
  // effect begun by a timer while axe ran would be caught half faded)
  try { r = await axe.run({ exclude: [["#fx-layer"]] }, { resultTypes: ["violations"] }); }
  finally { if (fake) window.setTimeout = fake; }
  return r.violations.map(v => `${v.id} (${v.impact}): ${v.help}; ` +
    v.nodes.slice(0, 4).map(n => n.target.join(" ") + (n.failureSummary ?
      " [" + n.failureSummary.replace(/\\s+/g, " ").slice(0, 160) + "]" : "")).join(" | ") +
    (v.nodes.length > 4 ? ` | … ${v.nodes.length} in all` : ""));
}"""
# Holds every timer the page sets until released: a screen that goes on by itself (the
# computer's turn) stays put while it is checked.
HOLD_TIMERS = """() => {
  if (window.__held) return;
  window.__held = [];
  window.__setTimeout = window.setTimeout;
  window.setTimeout = (f, ms, ...args) => { window.__held.push([f, ms, args]); return 0; };
}"""
RELEASE_TIMERS = """() => {
  if (!window.__held) return;
  window.setTimeout = window.__setTimeout;
  const held = window.__held;
  window.__held = null;
  for (const [f, ms, args] of held) window.setTimeout(f, ms, ...args);
}"""

# The controls on the screen and where each stands in the page: the screen it is on and its
# heading (one step of one turn: "Turn 3 · Ann"), its data-key, x, y. A tab (Board, Pad) shows
# another view of the screen, not a step of a turn: the controls under the tabs are of the view
# shown (a review's export row stands under a board or under two pads), the tabs of the screen.
# A question standing (resign?: role alertdialog, answered before anything else is tapped) is a
# view of its own too.
CONTROLS = """() => {
  const on = document.querySelector('#app > [data-screen]');
  const heading = document.querySelector('#app .screen-title');
  const screen = (on ? on.dataset.screen : '') + ' / ' + (heading ? heading.textContent : '');
  const tab = document.querySelector('#app .tabs [aria-pressed="true"]');
  const asked = document.querySelector('#app [role="alertdialog"] [id]');
  const view = screen + (tab ? ' / ' + tab.dataset.key : '') + (asked ? ' / ' + asked.id : '');
  return [...document.querySelectorAll('#app button:not(.sq), #app input, #app a, #app select')]
    .filter(el => el.dataset.key && el.getClientRects().length)
    .map(el => { const r = el.getBoundingClientRect();
                 return [el.closest('.tabs') ? screen : view, el.dataset.key,
                         Math.round(r.x + scrollX), Math.round(r.y + scrollY)]; });
}"""
# Issue 28: every hint names only what is on the screen. Words that name a thing carry what they
# point at (data-points: selectors within #app, ";" between two things named; made with the words,
# mortar/table/hints.py): for each line of such words shown, each thing named is shown in #app too
# (and the things named, for the test to say what it checked).
POINTS_AT = """() => {
  const shown = (el) => {
    if (el.closest("[hidden], [inert], [aria-hidden='true'], dialog:not([open]), .sr-only")) return false;
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
  };
  const app = document.getElementById("app");
  const found = [], all = [];
  for (const line of app.querySelectorAll("[data-points]")) {
    if (!shown(line)) continue;
    for (const named of line.dataset.points.split(";")) {
      all.push(named);
      if (![...app.querySelectorAll(named)].some(shown))
        found.push(`"${line.textContent.trim().slice(0, 60)}" names ${named}: none shown`);
    }
  }
  return [found, all];
}"""
# Taps counted as a person makes them (every pointer that goes down on the page), and what says
# a turn was played: the screen, its heading, a result shown (Maršál a Špión's, Mortar Hunt's).
COUNT_TAPS = """() => {
  window.__taps = 0;
  if (!window.__counting) {
    window.__counting = true;
    document.addEventListener('pointerdown', () => { window.__taps += 1; }, true);
  }
}"""
TURN_AT = """() => {
  const on = document.querySelector('#app > [data-screen]');
  const heading = document.querySelector('#app .screen-title');
  return (on ? on.dataset.screen : '') + ' / ' + (heading ? heading.textContent : '') +
         (document.querySelector('#app .result-controls') ? ' / played' : '');
}"""


@dataclass
class Walk:
    """One game walked at one size in one page."""

    page: object
    game: str
    size: str
    lang: str = "en"  # the page's language: in another, no English may be left on a screen
    axe_on: bool = True  # axe-core reads each screen (once a game: the structure is one in every language)
    layout: dict[str, list[str]] = field(default_factory=dict)  # screen -> layout problems
    axe: dict[str, list[str]] = field(default_factory=dict)  # screen -> axe violations
    # screen -> the controls that stood elsewhere on the screen walked before it when both are
    # one step (one screen, one heading: the taps of a turn): a tap aimed there would miss
    moved: dict[str, list[str]] = field(default_factory=dict)
    pointing: dict[str, list[str]] = field(default_factory=dict)  # screen -> hints naming nothing shown
    pointed: set[str] = field(default_factory=set)  # the things named by words shown in the walk
    _controls: list = field(default_factory=list)  # where the last screen's controls stood
    shots: list[str] = field(default_factory=list)
    taps: dict[str, int] = field(default_factory=dict)  # a turn -> the taps it took
    stopped: str | None = None  # why the walk could not go on (a control out of reach…)

    @property
    def names(self) -> tuple[str, str]:
        """The two players' names (long ones, in the language's script)."""
        return NAMES[self.lang]

    @property
    def screens(self) -> list[str]:
        return list(self.layout)

    def screen(self, name: str, *, scroll: bool = False, in_view: tuple = (), settle: bool = True) -> None:
        """Check the screen shown as ``name``. ``scroll``: it may scroll (the start form); each
        of ``in_view`` (locators) must then still be wholly in view, the page unscrolled."""
        page = self.page
        if settle:
            layout.settle(page)
        found = layout.problems(page, scroll=scroll)
        size = page.viewport_size
        for locator in in_view:
            box = locator.first.bounding_box()
            if box is None or box["y"] < -0.5 or box["y"] + box["height"] > size["height"] + 0.5:
                found.append(f"not in view: {locator} at {box}")
        if self.lang != "en":
            found += english_left(page, self.lang)
        key = name if name not in self.layout else f"{name} ({len(self.layout)})"
        self.layout[key] = found
        controls = page.evaluate(CONTROLS)
        before = {(c[0], c[1]): (c[2], c[3]) for c in self._controls}
        # (not the start form: a form that grows with the options chosen, and scrolls)
        self.moved[key] = [f"{k} from {before[(on, k)]} to {(x, y)}" for on, k, x, y in controls
                           if not on.startswith("start /") and (on, k) in before
                           and before[(on, k)] != (x, y)]
        self._controls = controls
        found, named = page.evaluate(POINTS_AT)
        self.pointing[key] = found
        self.pointed |= set(named)
        self.axe[key] = self._axe() if self.axe_on else []
        if SHOTS_DIR:
            lang = "" if self.lang == "en" else f"{self.lang}-"
            path = Path(SHOTS_DIR) / f"{self.game}-{lang}{self.size}-{key.replace(' ', '-')}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(path))
            self.shots.append(str(path))

    def _axe(self) -> list[str]:
        page = self.page
        if not page.evaluate("() => typeof axe !== 'undefined'"):
            # (its text leaves the page at once: axe stays, and the page's HTML is the game's)
            page.add_script_tag(path=str(AXE)).evaluate("el => el.remove()")
        return page.evaluate(AXE_RUN)

    def rules(self, press: Callable) -> None:
        """The game's rules over the screen shown (``press``: the driver's tap or click)."""
        page = self.page
        press(page.locator("header a[data-rules]"))
        page.wait_for_selector("#rules-dialog[open] .rules-dialog-body h2", timeout=10_000)
        self.screen("rules")
        page.locator("#rules-dialog [data-rules-close]").click()

    def turn(self, what: str, *taps: Callable[[], None]) -> None:
        """One turn made by ``taps`` (each makes one tap; the last plays the turn), counted as
        ``what``: no tap before the last plays it (the screen settles with the turn unplayed),
        the last does."""
        page = self.page
        page.evaluate(COUNT_TAPS)
        at = page.evaluate(TURN_AT)
        for n, tap in enumerate(taps[:-1], 1):
            tap()
            layout.settle(page)
            assert page.evaluate(TURN_AT) == at, f"{what}: played by tap {n} of {len(taps)}"
        taps[-1]()
        page.wait_for_function(f"at => ({TURN_AT})() !== at", arg=at, timeout=10_000)
        self.taps[what] = page.evaluate("() => window.__taps")

    def go_on(self) -> None:
        """On a played turn's result against the computer: "Let the computer play", as one who
        does not wait for its beat taps it (the beat itself: test_computer.py, test_marsal.py).
        Had the beat run out first (a loaded machine), the computer went on by itself: the next
        screen is the same either way."""
        page = self.page
        button = page.locator('#app .result-controls [data-action="end-turn"]')
        page.wait_for_function("el => !el.isConnected || el.hasAttribute('data-armed')",
                               arg=button.element_handle(), polling="raf", timeout=5_000)
        try:
            button.tap(timeout=3_000)
        except PlaywrightError:
            if button.count():
                raise

    def hold(self) -> None:
        """Stop the page's timers (a screen that would go on by itself stays while checked)."""
        self.page.evaluate(HOLD_TIMERS)

    def release(self) -> None:
        self.page.evaluate(RELEASE_TIMERS)

    def report(self, what: dict[str, list[str]]) -> str:
        return "\n".join(f"  {self.game} {self.size} {screen}: " + "\n      ".join(found)
                         for screen, found in what.items() if found)


@dataclass(frozen=True)
class GameWalk:
    """A game's walker: the page it opens (``path``), what the page needs first (``prepare``:
    called with the browser context and page before the page loads), and the walk."""

    name: str
    path: str
    walker: Callable[[Walk], None]
    prepare: Callable | None = None
