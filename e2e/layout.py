"""Layout checks of the screen shown, as a phone player meets it (issue 18): a screen of play
fits without scrolling, no control overlaps another control or a text, no text is cut or spills
out of its box (the game's or the title bar's), and every control is big enough to tap (44 × 44
px; a board's cells at least 28 px). Used by the e2e tests of every game of the box:
``problems(page, scroll=False)`` lists what is wrong in words, empty when nothing is.
"""

from __future__ import annotations

# A screen is settled when no effect is playing (a shake, the shell's flight, an impact), every
# hand-over button is armed, no finite animation is running or waiting out its delay (Maršál's
# faces turn over one after another), and nothing in the app moved between two frames: a
# screen measured before then can be caught between two layouts on a busy machine.
QUIET = """async () => {
  const finite = (a) => a.playState === 'running' && a.effect &&
                        a.effect.getComputedTiming().endTime !== Infinity;
  const busy = () => document.querySelector('.fx-shake, .fx-shell, .fx-impact') ||
                     document.documentElement.hasAttribute('aria-busy') ||
                     document.querySelector('#app [data-arm]:not([data-armed])') ||
                     document.getAnimations().some(finite);
  if (busy()) return false;
  const shape = () => [...document.querySelectorAll('#app *')].map((e) => {
    const r = e.getBoundingClientRect();
    return `${r.x},${r.y},${r.width},${r.height}`;
  }).join(';');
  const before = shape();
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  // (looked at again: a screen drawn between the first look and the frames is caught)
  return !busy() && shape() === before;
}"""


def settle(page, timeout: int = 10_000) -> None:
    """Wait until the screen shown is settled (:data:`QUIET`)."""
    page.wait_for_function(QUIET, timeout=timeout, polling=100)


TARGET = 44  # px, both ways: every control but a board's cells
CELL = 28  # px: a board's cells, the least they may be

CHECK = r"""
({ scroll, target, cell }) => {
  const problems = [];
  const doc = document.documentElement;
  const vw = window.innerWidth, vh = window.innerHeight;
  if (!scroll && doc.scrollHeight > vh + 1)
    problems.push(`the screen scrolls: ${doc.scrollHeight} px tall in ${vh}`);
  // (a phone's innerWidth grows with a page wider than it: the layout viewport's own width is
  // the least of the two)
  const width = Math.min(vw, doc.clientWidth);
  if (doc.scrollWidth > width + 1)
    problems.push(`the screen scrolls sideways: ${doc.scrollWidth} px in ${width}`);
  // a phone widens its page to what is wider than the screen (and shrinks it all to fit): the
  // page then never scrolls sideways, but the screen is cut ("Губици играча Максимилијан")
  if (vw > screen.width + 1) problems.push(`the page is wider than the screen: ${vw} px in ${screen.width}`);

  const shown = (el) => {
    if (el.closest("[hidden], [inert], [aria-hidden='true'], dialog:not([open])")) return false;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
  };
  const words = (el) => (el.getAttribute("aria-label") || el.textContent || el.getAttribute("title")
                         || el.id || el.className || el.tagName).replace(/\s+/g, " ").trim().slice(0, 40);
  // what a control is tapped by: a radio or checkbox by its label
  const target_of = (el) => {
    if (el.matches("input[type=radio], input[type=checkbox]")) {
      const label = el.closest("label") || (el.id && document.querySelector(`label[for="${el.id}"]`));
      if (label) return label;
    }
    return el;
  };
  const box = (el) => el.getBoundingClientRect();
  // a control under an overlay (the curtain over the page's header) is not there to be tapped
  const onTop = (el) => {
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), vw - 1), y = r.top + r.height / 2;
    if (y < 0 || y >= vh) return true;  // scrolled out of view: judged where it is
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (el.contains(hit) || hit.contains(el) || target_of(el).contains(hit));
  };
  const pinned = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const p = getComputedStyle(e).position;
      if (p === "fixed" || p === "sticky") return true;
    }
    return false;
  };
  const controls = [...new Set([...document.querySelectorAll(
    "#app button, #app a[href], #app input:not([type=hidden]), #app select, #app textarea, #app summary," +
    " #app [role=button], header button, header a[href]")].filter(shown).filter(onTop).map(target_of))];
  const inBoard = (el) => el.closest(".board, [data-cols]") !== null;

  for (const el of controls) {
    const r = box(el);
    const least = inBoard(el) ? cell : target;
    if (r.width < least - 0.5 || r.height < least - 0.5)
      problems.push(`too small to tap: "${words(el)}" ${r.width.toFixed(0)} × ${r.height.toFixed(0)} px`);
  }
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
                            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.contains(b) || b.contains(a)) continue;
      if (scroll && (pinned(a) !== pinned(b))) continue;  // a pinned bar over scrolled content
      if (overlap(box(a), box(b))) problems.push(`controls overlap: "${words(a)}" and "${words(b)}"`);
    }
  }
  // texts (the game's and the title bar's): each run of text against its own box and against
  // the controls it does not belong to
  const app = document.getElementById("app");
  const texts = [];
  for (const root of [app, ...document.querySelectorAll("header.topbar")]) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push([root, node]);
  }
  // a text for screen readers only (clipped to nothing: the page's title sideways on a phone)
  const unseen = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.position === "absolute" && s.clip !== "auto") return true;
    }
    return false;
  };
  for (const [root, node] of texts) {
    const text = node.textContent.trim();
    const parent = node.parentElement;
    if (!text || !parent || !shown(parent) || parent.closest("svg, .sr-only, .visually-hidden") ||
        unseen(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const own = parent.getBoundingClientRect();
    const clips = [];  // the boxes that scroll or clip this text: what lies outside them is not seen
    for (let el = parent.parentElement; el && el !== document.body; el = el.parentElement) {
      const st = getComputedStyle(el);
      if (st.overflowX !== "visible" || st.overflowY !== "visible") clips.push(el.getBoundingClientRect());
    }
    for (const whole of range.getClientRects()) {
      let r = { left: whole.left, right: whole.right, top: whole.top, bottom: whole.bottom };
      for (const c of clips) r = { left: Math.max(r.left, c.left), right: Math.min(r.right, c.right),
                                   top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom) };
      if (r.right - r.left < 1 || r.bottom - r.top < 1) continue;  // scrolled out of its box
      if (whole.right > own.right + 1.5 || whole.left < own.left - 1.5)
        problems.push(`text spills out of its box: "${text.slice(0, 30)}" (${words(parent)})`);
      for (const c of controls) {
        if (c.contains(parent) || parent.contains(c)) continue;
        if (scroll && (pinned(c) !== pinned(parent))) continue;
        if (overlap(r, box(c)))
          problems.push(`text under a control: "${text.slice(0, 30)}" and "${words(c)}"`);
      }
    }
    // cut: a box that hides what overflows it
    for (let el = parent; el && el !== root; el = el.parentElement) {
      const s = getComputedStyle(el);
      if ((s.overflowX === "hidden" || s.overflowX === "clip" || s.textOverflow === "ellipsis") &&
          el.scrollWidth > el.clientWidth + 1) {
        problems.push(`text cut: "${text.slice(0, 30)}" in ${words(el)}` +
                      ` (${el.scrollWidth} px in ${el.clientWidth})`);
        break;
      }
    }
  }
  return [...new Set(problems)];
}
"""


def problems(page, *, scroll: bool = False) -> list[str]:
    """What is wrong with the screen shown; ``scroll``: the screen may scroll (the start form)."""
    return page.evaluate(CHECK, {"scroll": scroll, "target": TARGET, "cell": CELL})
