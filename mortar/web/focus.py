"""Where the keyboard's focus goes after a render, and what the live region says — browser only.

The app's screen is drawn again from scratch after every action (:mod:`.events`), so these
remember what mattered of the page before: the focused control, whether a question was open
and from where it was asked, and the words shown in the screen's own live lines.

* A control that is still there keeps the focus, on the same player's screen only: the next
  player's screen (a turn played on a shared board, an arrangement confirmed) starts at its
  title, never on a square or button the last player used.
* A question just asked (resign? replace the saved game?) takes the focus on its chosen
  button; closed (answered "no" or Escape), the focus goes back to the control that asked it.
* A turn just played moves the focus to its hand-over button (what the person does next).
* The screen's own lines to be heard (marked ``data-say``) are new elements after each render,
  which screen readers do not read reliably as live regions: what they say anew goes to the
  page's one lasting live region, after the table's own words, and only there (a line that was
  a live region too would be read twice by a reader that reads it).
"""

from __future__ import annotations

from dataclasses import dataclass

from .dom import css_escape
from .page import JsObject, absent

QUESTION = '[role="alertdialog"], [role="alert"]'
LIVE = "[data-say]"  # the screen's lines the live region says


def _key(el: JsObject) -> tuple[str, str] | None:
    for attr in ("data-key", "data-square"):
        value = el.getAttribute(attr)
        if value:
            return (attr, value)
    return None


def _words(el: JsObject) -> str:
    return " ".join(str(el.textContent or "").split())


def live_lines(root: JsObject) -> list[str]:
    """The words of the screen's own live lines, as shown (hidden ones say nothing)."""
    # (drawn: a box on the page; not checkVisibility(), which older Safari lacks)
    return [w for el in root.querySelectorAll(LIVE) if el.getClientRects().length and (w := _words(el))]


@dataclass
class Before:
    """What the page held before a render."""

    key: tuple[str, str] | None  # the focused control's data-key or data-square
    label: str  # its words (aria-label)
    inside: bool  # the focus was in the app
    asking: bool  # a question with a chosen button was open
    handing: bool  # a hand-over button was drawn (a turn already played)
    lines: list[str]


def before(root: JsObject, active: JsObject, body: JsObject) -> Before:
    inside = not absent(active) and active != body and bool(root.contains(active))
    return Before(
        key=_key(active) if inside else None, inside=inside,
        label=str(active.getAttribute("aria-label") or "") if inside else "",
        asking=not absent(root.querySelector(_asked())),
        handing=not absent(root.querySelector('[data-action="end-turn"]')),
        lines=live_lines(root))


def _asked() -> str:
    return ", ".join(f"{q} [data-autofocus]" for q in QUESTION.split(", "))


class Focus:
    """The focus's rules across renders of one app."""

    def __init__(self) -> None:
        self.asked_from: tuple[str, str] | None = None  # the control that opened the open question

    def target(self, root: JsObject, was: Before, changed: bool, other_player: bool,
               adopting: bool) -> JsObject | None:
        """The element to focus after a render (None: leave the focus where it is)."""
        asked = root.querySelector(_asked())
        asking = not absent(asked) and not asked.hasAttribute("disabled")
        if asking and not was.asking and not changed:
            self.asked_from = was.key  # a question just asked: answered from its chosen button
            return asked
        if not asking and was.asking and not changed and self.asked_from is not None:
            back = self._find(root, self.asked_from)  # closed: back where it was asked
            self.asked_from = None
            if back is not None:
                return back
        if changed or not asking:
            self.asked_from = None
        if was.key is not None and not changed and not other_player:
            handing = root.querySelector('[data-action="end-turn"]:not([disabled])')
            if not absent(handing) and not was.handing and was.key[0] == "data-square":
                return handing  # the turn is played: handing over is what comes next
            kept = self._find(root, was.key)
            if kept is not None:
                return kept
        if changed or other_player or was.key is not None or (adopting and was.inside):
            chosen = root.querySelector("[data-autofocus]:not([disabled])")
            return chosen if not absent(chosen) else root.querySelector(".screen-title")
        return None

    @staticmethod
    def _find(root: JsObject, key: tuple[str, str]) -> JsObject | None:
        el = root.querySelector(f'[{key[0]}="{css_escape(key[1])}"]')
        return None if absent(el) or el.hasAttribute("disabled") else el


def moved(was: Before, target: JsObject) -> bool:
    """The focus went to another control than the one it was on."""
    return was.key is None or _key(target) != was.key


def restated(root: JsObject, was: Before, target: JsObject | None) -> str:
    """After a press that changed no words of the screen and left the focus where it was (a
    piece turned, an army set up again): the focused control's new words if they changed, else
    the screen's lines again."""
    if target is not None and not absent(target) and _key(target) == was.key:
        label = str(target.getAttribute("aria-label") or "")
        if label and label != was.label:
            return label
    return spoken("", live_lines(root), [], True)


def spoken(announce: str, lines: list[str], was: list[str], anew: bool) -> str:
    """The live region's words: the table's own, then each screen line that is new (all of the
    screen's ``anew``: a new screen, another player's, a choice dropped), each once."""
    said = [announce] if announce else []
    for line in lines:
        if (anew or line not in was) and not _heard(line, said):
            said.append(line)
    return " ".join(s if s[-1:] in ".!?:…" else s + "." for s in said)


def _heard(line: str, said: list[str]) -> bool:
    """The line, or what it says after its label ("Turn 5: Ann resigned."), is said already
    ("Ann resigned: Bob wins.")."""
    what = line.split(": ", 1)[-1].rstrip(".!?…")
    return any(line in s or (len(what) > 8 and what in s) for s in said)
