"""A person who plays by keyboard alone (issue 28, item 11): Tab, Shift+Tab, the arrows, Enter
and Escape only (no click, no ``focus()``). After every key the focus is on something (never the
page's body) and drawn with a ring (a screen's heading takes the focus without one: it is no
control); what the page's live region says is read as a screen reader would, after each action.
The transcript of keys, focus and words is in every failure's message (``Keyboard.lines``: all
of it)."""

from __future__ import annotations

import re
from collections.abc import Callable

from languages import catalogue

# What has the focus: the control (its square, action or game), its words, whether it is the
# screen's heading, and whether a focus ring is drawn (a solid outline of 2 px or more, not a
# square's own dashed frame, or the browser's own; the language list draws its ring on the
# language code beside it, a hand-over button its dashed one until it takes presses).
FOCUS = """() => {
  const el = document.activeElement;
  const said = (document.getElementById('announcer') || {}).textContent || '';
  if (!el || el === document.body) return {body: true, said};
  const ringed = (e) => {
    if (!e) return false;
    const cs = getComputedStyle(e);
    return cs.outlineStyle === 'auto' || (cs.outlineStyle === 'solid' && parseFloat(cs.outlineWidth) >= 2
      && cs.outlineColor !== 'rgba(0, 0, 0, 0)');
  };
  const pick = el.closest('.lang-pick');
  return {
    square: el.getAttribute('data-square'), action: el.getAttribute('data-action'),
    game: el.getAttribute('data-game'), tag: el.tagName.toLowerCase(),
    words: el.getAttribute('aria-label') || (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 80),
    title: el.classList.contains('screen-title'), said,
    ring: ringed(el) || (pick !== null && ringed(pick.querySelector('.lang-code')))
      || (el.hasAttribute('data-arm') && !el.hasAttribute('data-armed')
          && getComputedStyle(el).outlineStyle === 'dashed'),
  };
}"""
OPPOSITE = {"ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp", "ArrowLeft": "ArrowRight",
            "ArrowRight": "ArrowLeft"}
Focused = dict[str, object]


def describe(f: Focused | None) -> str:
    if f is None or f.get("body"):
        return "BODY"
    what = f["square"] or f["action"] or f["game"] or f["tag"]
    return f"{what} «{f['words']}»" + ("" if f["ring"] or f["title"] else " NO RING")


def words(lang: str, msgid: str, **known: str) -> re.Pattern[str]:
    """The catalogue's words for ``msgid`` in ``lang`` as a pattern: each placeholder is what
    ``known`` gives it, or any words."""
    text = msgid if lang == "en" else catalogue(lang).gettext(msgid)

    def part(piece: str) -> str:
        name = piece[1:-1] if re.fullmatch(r"\{\w+\}", piece) else None
        if name is None:
            return re.escape(piece)
        return re.escape(known[name]) if name in known else ".+?"

    return re.compile("".join(part(p) for p in re.split(r"(\{\w+\})", text)))


class Keyboard:
    def __init__(self, page, lang: str = "en") -> None:
        self.page = page
        self.lang = lang
        self.presses = 0
        self.lines: list[str] = []
        self._said = ""

    @property
    def transcript(self) -> str:
        return "\n".join(self.lines[-60:])

    def focused(self) -> Focused | None:
        f = self.page.evaluate(FOCUS)
        return None if f.get("body") else f

    def press(self, key: str) -> Focused:
        self.page.keyboard.press(key)
        self.presses += 1
        f = self.page.evaluate(FOCUS)  # (and what the live region says: one round trip)
        self.lines.append(f"{self.presses:4d} {key:10s} {describe(f)}")
        said = str(f["said"]).rstrip("\u00a0")
        if said and said != self._said:
            self.lines.append(f"     said: {said}")
        self._said = said
        assert not f.get("body"), f"the focus fell to the page's body:\n{self.transcript}"
        assert f["ring"] or f["title"], f"no focus ring:\n{self.transcript}"
        return f

    def follow(self) -> None:
        """Enter on a link: the page it opens."""
        with self.page.expect_navigation(wait_until="domcontentloaded"):
            self.page.keyboard.press("Enter")
        self.presses += 1
        self.lines.append(f"{self.presses:4d} Enter      (a new page: {self.page.url})")

    def says(self, msgid: str, **known: str) -> None:
        """The live region says ``msgid`` (in the page's language)."""
        pattern = words(self.lang, msgid, **known)
        self.check(f"the live region says {pattern.pattern!r}", pattern.search(self.said()) is not None)

    def marked(self, msgid: str) -> str:
        return words(self.lang, msgid).pattern

    def said(self) -> str:
        return (self.page.locator("#announcer").text_content() or "").rstrip("\u00a0")

    def tab_to(self, found: Callable[[Focused], bool], *, back: bool = False, limit: int = 40) -> Focused:
        for _ in range(limit):
            f = self.press("Shift+Tab" if back else "Tab")
            if found(f):
                return f
        raise AssertionError(f"never reached by Tab:\n{self.transcript}")

    def to_action(self, action: str, *, back: bool = False) -> Focused:
        return self.tab_to(lambda f: f["action"] == action, back=back)

    def to_board(self, *, back: bool = False) -> Focused:
        return self.tab_to(lambda f: bool(f["square"]), back=back)

    def to_square(self, marked: str) -> Focused:
        """From the focused square, an arrow to a square next to it whose words say ``marked``."""
        start = (self.focused() or {}).get("square")
        for key in ("ArrowUp", "ArrowRight", "ArrowLeft", "ArrowDown"):
            f = self.press(key)
            if f["square"] == start:
                continue  # (the board's edge: the focus stayed)
            if re.search(marked, str(f["words"])):
                return f
            self.press(OPPOSITE[key])
        raise AssertionError(f"no square next to the focused one is {marked!r}:\n{self.transcript}")

    def armed(self) -> None:
        """A hand-over button takes a fresh press once it has settled (a person waits too)."""
        self.page.wait_for_selector("#app [data-armed]", state="attached")

    def check(self, what: str, ok: bool) -> None:
        assert ok, f"{what}:\n{self.transcript}"

    def ask_resign_and_close(self) -> None:
        """The question "Resign…" asks: its safe answer has the focus, Tab stays inside it, and
        Escape closes it with the focus back on "Resign…"."""
        self.to_action("resign")
        f = self.press("Enter")
        self.check("the question's safe answer takes the focus", f["action"] == "resign-cancel")
        self.check("Tab stays in the question", self.press("Tab")["action"] == "resign-confirm")
        self.check("Tab stays in the question", self.press("Tab")["action"] == "resign-cancel")
        self.check("Shift+Tab stays in the question", self.press("Shift+Tab")["action"] == "resign-confirm")
        self.check("Escape closes the question, the focus back where it was asked",
                   self.press("Escape")["action"] == "resign")
        self.check("the question is gone", self.page.locator('#app [role="alertdialog"]').count() == 0)
