"""Event wiring — browser only, for any game at the table.

One delegated listener per event type on the app root (five proxies for the page's whole
life, not one per element per render). A click is dispatched on the nearest ``data-square`` or
``data-action`` of its target; then the screen is rendered again by replacing the root's
children, and keyboard focus goes back to the control with the same ``data-key``.
Any Python exception in a handler goes to the page's error panel instead of dying silently.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, cast

import js
from pyodide.ffi import create_proxy, to_js

from ..kit.protocol import AnyState
from ..table.effects import Effect, Fanfare, Flip, Landed, Shot
from ..table.render import render
from ..table.review import Review
from ..table.table import Table
from ..table.words import _
from . import feedback, files, focus, links, links_archive
from .dom import css_escape, replace_children
from .gestures import Pointers
from .keys import Keys
from .page import JsObject, absent, show_error

if TYPE_CHECKING:
    from ..table.models import PlayScreen, ReviewScreen, Screen, ThinkingScreen

ARM_DELAY_MS = 300  # buttons marked data-arm ignore presses for this long after they appear
# The curtain's reveal (data-arm="long") settles for longer than any double tap, held press or
# second finger lasts: a press that began on the screen before it can never open the next board.
SETTLE_MS = 1200
IDLE_SLICE_MS = 40  # between the slices of idle work (a slice takes a few ms)
THINK_PAUSE_MS = 600  # the computer's turn stays on screen long enough for a person to follow
THINK_SLICE_MS = 40  # the computer thinks this long at a time (the page stays responsive)
THINK_SLICE_GAP_MS = 10  # and lets the page breathe this long between slices
AUTOPLAY_MS = 1200  # the review's autoplay: one step this often
# A person's played turn stays this long before the computer starts by itself (unless the
# person asked to confirm every step): a visible beat to read the result.
AUTO_NEXT_MS = 1800

Moment = tuple[object, ...] | None  # a moment a screen shows (drafts.PlayModel's "moment")


class App:
    def __init__(self, root: JsObject, table: Table[AnyState, object], live: JsObject = None) -> None:
        self.root = root
        self.table = table
        self.live = live
        self._proxies: list[JsObject] = []  # kept for the page's life
        self._screen: str | None = None
        self._arm = create_proxy(self._guard(self._arm_buttons))  # one timer callback for life
        self._think = create_proxy(self._guard(lambda *_: self.run("think")))
        self._next = create_proxy(self._guard(self._auto_next))
        self._next_key: tuple[object, ...] | None = None  # the played turn the timer will go on from
        self._read = create_proxy(self._guard(lambda *_: self.run("read")))
        self._idle_work: Iterator[object] | None = None  # an iterator of small jobs, one per idle slice
        self._idle = create_proxy(self._guard(self._idle_step))
        # A hand-over button (data-arm) reveals or hides a board, so it takes only a fresh,
        # deliberate press: one that began after the button appeared (plus ARM_DELAY_MS). A key
        # held down from the previous screen, its auto-repeat, or a double tap never count.
        self._armed_since = 0.0  # performance.now() when the current data-arm buttons appeared
        self._arm_key: tuple[object, ...] | None = None
        self.pointers = Pointers(self.run)  # presses, drags and pinches
        self.keys = Keys(self)
        self.focus = focus.Focus()  # where the focus goes after each render
        self.restate = False  # the next render says the screen's lines again (a choice dropped)
        self.pressed = False  # the next render follows a person's press of a square or button
        self._fx_key: Moment = None  # the last moment given sound and motion
        # The board square last used, and whose screen it was on: focus goes back to it on that
        # screen only (carried to the next player's board it would point at a hidden square).
        self.last_square: str | None = None
        self._owner: tuple[str, str | None] | None = None  # (screen, player) of what is drawn now
        # Each player's overlay switches (data-action="toggle": a class on the app), kept across
        # their turns, never shown on another player's screen.
        self._toggles: dict[str | None, set[str]] = {}
        self._autoplaying = False
        self._tick = create_proxy(self._guard(self._autoplay_tick))
        self._relayout = create_proxy(self._guard(self._arrows))
        self._adopting = False  # the next render draws over the first screen (adopt)
        # play by links' archive, once the game's own is here (mortar/web/main.py): an intent that
        # begins a game by links waits for it
        self.links: links_archive.LinksArchive | None = None

    def install(self) -> None:
        for kind, handler in (("click", self._on_click), ("change", self._on_change),
                              ("input", self._on_input), ("submit", self._on_submit),
                              ("keydown", self.keys.down), ("keyup", self.keys.up),
                              ("pointerdown", self.pointers.down), ("pointermove", self.pointers.move),
                              ("pointerup", self.pointers.up), ("pointercancel", self.pointers.up)):
            proxy = create_proxy(self._guard(handler))
            self._proxies.append(proxy)  # kept for the page's life
            self.root.addEventListener(kind, proxy)
        # Another tab or window saved the game: follow it (never play on over it).
        proxy = create_proxy(self._guard(self._on_storage))
        self._proxies.append(proxy)
        js.window.addEventListener("storage", proxy)
        js.window.addEventListener("resize", self._relayout)  # the board's arrows follow

    def _guard(self, handler: Callable[..., object]) -> Callable[..., None]:
        def guarded(*args: JsObject) -> None:
            try:
                handler(*args)
            except Exception:
                show_error("Python error in the game:\n" + traceback.format_exc())
        return guarded

    # --- rendering -------------------------------------------------------------------

    def adopt(self, screen: str) -> None:
        """The page shows ``screen`` as drawn before Python (the first screen: static/shell.js),
        and the person may be on it: the next render draws over it as over its own (the focus
        stays where it is, nothing scrolls, nothing is announced)."""
        self._screen = screen
        self._adopting = True

    def render(self) -> None:
        model = self.table.model()
        moment, effects = self._moment(model)
        document = js.document
        active = document.activeElement
        was = focus.before(self.root, active, document.body)
        selection = None  # a text field's caret, kept when the field is drawn again
        if was.inside and active.tagName == "INPUT" and active.type == "text":
            selection = (active.selectionStart, active.selectionEnd)
        adopting, self._adopting = self._adopting, False
        shown = model["screen"]
        changed = shown != self._screen
        player = model.get("player")  # (the screens of one player's: curtain, thinking, play)
        owner = (shown, player if isinstance(player, str) else None)
        other_player = self._owner is not None and owner[1] != self._owner[1]
        if owner != self._owner:
            # A new screen or another player's: nothing drawn or remembered for the last one
            # stays (the last square used, effects still running).
            self._owner = owner
            self.last_square = None
            feedback.clear()
        # which hand-over this is: a new one (another player's curtain, a new result) re-arms
        arm_key = (shown, model.get("name"), model.get("turn"), model.get("stage"), moment)
        was_armed = not absent(self.root.querySelector("[data-armed]"))
        replace_children(self.root, render(model, self.table.kind))
        self._screen = shown
        js.document.documentElement.setAttribute("data-screen", shown)
        if model["screen"] == "thinking":  # let "thinking" show, then the computer thinks
            js.setTimeout(self._think, THINK_PAUSE_MS if changed else THINK_SLICE_GAP_MS)
        elif model.get("auto_next") and arm_key != self._next_key:  # the computer plays next
            self._next_key = arm_key
            js.setTimeout(self._next, AUTO_NEXT_MS)
        elif model["screen"] == "reading":  # a long record: read a slice at a time
            js.setTimeout(self._read, THINK_SLICE_GAP_MS)
        # A new screen never keeps the last one's words in the live region (they may be the
        # previous player's report).
        if changed:
            js.window.scrollTo(0, 0)
        if not absent(self.root.querySelector("[data-arm]")):
            if arm_key != self._arm_key:
                self._armed_since = js.performance.now()
                for delay in {_arm_delay(el) for el in self.root.querySelectorAll("[data-arm]")}:
                    js.setTimeout(self._arm, delay)
            elif was_armed:
                self._arm_buttons()  # the same hand-over drawn again: it stays armed
        self._arm_key = arm_key
        target = self.focus.target(self.root, was, changed, other_player, adopting)
        restate, self.restate = self.restate, False
        pressed, self.pressed = self.pressed, False
        words = focus.spoken(model["announce"] or "", focus.live_lines(self.root), was.lines,
                             changed or other_player or restate)
        if pressed and not words and (target is None or not focus.moved(was, target)):
            words = focus.restated(self.root, was, target)  # (a press that moved the focus is heard)
        if not absent(self.live) and (changed or words):
            if words and words == str(self.live.textContent).rstrip("\u00a0"):
                words += "" if str(self.live.textContent).endswith("\u00a0") else "\u00a0"  # said again
            self.live.textContent = words
        self._board_focus()
        if target is not None and not absent(target):
            target.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
            if selection is not None and target.tagName == "INPUT" and target.type == "text":
                target.setSelectionRange(*selection)
            if not changed and focus.moved(was, target):  # a question asked or closed, a hand-over:
                box = target.closest(focus.QUESTION)  # all of it in view
                (target if absent(box) else box).scrollIntoView(
                    to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
        self._toggle_state()
        self._arrows()
        self._autoplay_state(cast("ReviewScreen", model)["review"] if "review" in model else None)
        self._feedback(moment, effects)
        links.after_render(self)

    @staticmethod
    def _moment(model: Screen) -> tuple[Moment, tuple[Effect, ...]]:
        """The moment the screen shows and its effects (played once per moment): a draft's
        (its own screen's, or the one watched while the computer thinks), or the review's."""
        played = cast("PlayScreen", model)["model"] if "model" in model else None
        if played is None and "watch" in model:
            watched = cast("ThinkingScreen", model)["watch"]
            played = watched.model() if watched is not None else None
        if played is not None:
            return played.get("moment"), tuple(played.get("effects") or ())
        if "review" in model:
            frame = cast("ReviewScreen", model)["review"].frame()
            return frame.moment, (frame.fanfare,) if frame.fanfare is not None else ()
        return None, ()

    def _arrows(self, *_args: JsObject) -> None:
        """Place each board arrow (a shot, a move) between its two squares as they are on screen."""
        for svg in self.root.querySelectorAll(".board-arrows"):
            board = svg.parentElement
            box = board.getBoundingClientRect()
            for arrow in svg.querySelectorAll("g"):
                a = board.querySelector(f'[data-square="{css_escape(arrow.getAttribute("data-from"))}"]')
                b = board.querySelector(f'[data-square="{css_escape(arrow.getAttribute("data-to"))}"]')
                if absent(a) or absent(b):  # an end not drawn (off a board's view): no arrow
                    arrow.setAttribute("display", "none")
                    continue
                arrow.removeAttribute("display")
                ra, rb = a.getBoundingClientRect(), b.getBoundingClientRect()
                x1, y1 = ra.left - box.left + ra.width / 2, ra.top - box.top + ra.height / 2
                x2, y2 = rb.left - box.left + rb.width / 2, rb.top - box.top + rb.height / 2
                line = arrow.querySelector("line")
                for k, v in (("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)):
                    line.setAttribute(k, f"{v:.1f}")
                end = arrow.querySelector("circle")
                end.setAttribute("cx", f"{x2:.1f}")
                end.setAttribute("cy", f"{y2:.1f}")
                end.setAttribute("r", f"{max(4.0, rb.width * 0.22):.1f}")

    def _autoplay_state(self, review: Review[AnyState, object] | None) -> None:
        button = self.root.querySelector('[data-action="autoplay"]')
        if absent(button):
            self._autoplaying = False
            return
        if review is not None and review.step == len(review.replay):
            self._autoplaying = False
        button.setAttribute("aria-pressed", "true" if self._autoplaying else "false")
        button.textContent = _("Pause") if self._autoplaying else _("Play")
        share = self.root.querySelector('[data-arg="share"]')
        if not absent(share) and not hasattr(js.navigator, "share"):
            share.setAttribute("hidden", "")

    def _auto_next(self, *_args: JsObject) -> None:
        """The beat after a person's turn is over: the computer goes on (nothing happens if the
        person went on already, or the screen changed)."""
        model = self.table.model()
        key = (model["screen"], model.get("name"), model.get("turn"), model.get("stage"),
               self._moment(model)[0])
        if model.get("auto_next") and key == self._next_key:
            self.run("end-turn")

    def _autoplay_tick(self, *_args: JsObject) -> None:
        if not self._autoplaying:
            return
        if self.table.dispatch("replay", "next"):
            self.render()
        if self._autoplaying:
            js.setTimeout(self._tick, AUTOPLAY_MS)

    def _board_focus(self) -> None:
        """Tabbing into the board lands on the square last used, not on an old one."""
        if not self.last_square:
            return
        board = self.root.querySelector(".game-board")
        if absent(board):
            return
        square = board.querySelector(f'[data-square="{css_escape(self.last_square)}"][tabindex]')
        if absent(square):
            return
        for el in board.querySelectorAll('[tabindex="0"]'):
            el.setAttribute("tabindex", "-1")
        square.setAttribute("tabindex", "0")

    def _toggles_on(self) -> set[str]:
        """The overlay switches of the player whose screen this is."""
        return self._toggles.setdefault(self._owner[1] if self._owner else None, set())

    def _toggle_state(self) -> None:
        """Each switch shows as a class on the app while its control is on screen."""
        on = self._toggles_on()
        shown = {el.getAttribute("data-arg") for el in self.root.querySelectorAll('[data-action="toggle"]')}
        for name in on | shown:
            self.root.classList.toggle(name, name in on and name in shown)
        for el in self.root.querySelectorAll('[data-action="toggle"]'):
            el.setAttribute("aria-pressed", "true" if el.getAttribute("data-arg") in on else "false")

    def _feedback(self, moment: Moment, effects: tuple[Effect, ...]) -> None:
        """Sound and motion for a new moment of the game's screen (its ``moment`` and
        ``effects``: a shot, where an enemy shell fell, the end of the game), once each."""
        if moment is None or moment == self._fx_key:
            return
        self._fx_key = moment
        board = self.root.querySelector(".game-board")
        for effect in effects:
            celebrate = None
            if isinstance(effect, Shot) and not absent(board):
                feedback.shot(board, effect.start, effect.end, effect.hit)
                celebrate = effect.celebrate
            elif isinstance(effect, Landed) and not absent(board):
                feedback.landed(board, effect.at, effect.hit)
            elif isinstance(effect, Flip) and not absent(board):
                self._turn_over(board, effect.at)
            elif isinstance(effect, Fanfare):
                feedback.win() if effect.won else feedback.lose()
                celebrate = effect.celebrate
            if celebrate:
                el = self.root.querySelector(celebrate)
                if not absent(el):
                    feedback.celebrate(el)

    def _turn_over(self, board: JsObject, squares: tuple[str, ...]) -> None:
        """Pieces that turned over in the move just shown: each token starts from its
        ``flip-start`` look and eases back to how it is drawn (a CSS transition of the page's
        stylesheet, which leaves it out under prefers-reduced-motion). The screen is drawn anew
        on every render, so the start look is put on, laid out, and taken off at once."""
        for square in squares:
            token = board.querySelector(f'[data-square="{css_escape(str(square))}"] .tok')
            if absent(token):
                continue
            token.classList.add("flip-start")
            token.getBoundingClientRect()  # (lays the start out: the transition runs from it)
            token.classList.remove("flip-start")

    def idle(self, work: Iterator[object]) -> None:
        """Run ``work`` (an iterator) one step per timer slice, between the player's taps."""
        self._idle_work = work
        js.setTimeout(self._idle, IDLE_SLICE_MS)

    def _idle_step(self, *_args: JsObject) -> None:
        if self._idle_work is None:
            return
        if next(self._idle_work, StopIteration) is StopIteration:
            self._idle_work = None
            return
        js.setTimeout(self._idle, IDLE_SLICE_MS)

    def _arm_buttons(self, *_args: JsObject) -> None:
        now = js.performance.now()
        for el in self.root.querySelectorAll("[data-arm]"):
            if now >= self._armed_since + _arm_delay(el) - 1:
                el.setAttribute("data-armed", "")

    def run(self, action: str, arg: str | None = None, value: str | None = None) -> None:
        if self.links is not None and links_archive.wanted(self, self.links, action, arg, value):
            return  # done once play by links' archive is here
        if self.table.dispatch(action, arg, value):
            self.render()

    # --- handlers --------------------------------------------------------------------

    def _on_click(self, event: JsObject) -> None:
        if self.pointers.dragged:  # the end of a drag or a pinch on the board: not a tap
            self.pointers.dragged = False
            return
        el = event.target.closest("[data-square], [data-action]")
        if absent(el) or not self.root.contains(el):
            return
        tag = el.tagName
        if tag in ("FORM", "INPUT", "LABEL", "SELECT", "TEXTAREA"):
            return  # form fields report through change/input/submit
        square = el.getAttribute("data-square")
        if square and tag == "BUTTON":  # (a square that cannot be used says why: nothing else)
            self.last_square = square
            self.pressed = True
            self.run("square", square)
            return
        action = el.getAttribute("data-action")
        if not action or el.hasAttribute("disabled"):
            return
        if action == "toggle":
            name = el.getAttribute("data-arg")
            self._toggles_on().symmetric_difference_update({name})
            self._toggle_state()
            return
        if action == "autoplay":
            self._autoplaying = not self._autoplaying
            if self._autoplaying:
                review = self.table.review
                if review is not None and review.step == len(review.replay):
                    self.table.dispatch("replay", "first")
                self.render()
                js.setTimeout(self._tick, AUTOPLAY_MS)
            else:
                self.render()
            return
        if el.hasAttribute("data-arm") and not self._fresh_press(event, _arm_delay(el)):
            return  # not a deliberate press made on this screen: a held key or a double tap
        arg = el.getAttribute("data-arg")
        if action in links.ACTIONS:  # a game by links: share, copy, the camera (its archive's)
            links_archive.then(self, lambda: self._sharing(action, el))
            return
        if action == "export":
            files.export(self, None if absent(arg) else arg)
            return
        self.pressed = True
        self.run(action, None if absent(arg) else arg)

    def _sharing(self, action: str, el: JsObject) -> None:
        from . import sharing

        sharing.handle(self, action, el)

    def _on_change(self, event: JsObject) -> None:
        el = event.target
        action = el.getAttribute("data-action") if el.hasAttribute("data-action") else None
        action = None if absent(action) else action
        if action == "import":
            files.import_file(self, el)
        elif action == "field":
            value = el.value
            if el.type == "radio":
                self.run("field", el.getAttribute("data-arg"), value)
            else:
                self.table.dispatch("field", el.getAttribute("data-arg"), value)

    def _on_input(self, event: JsObject) -> None:
        el = event.target
        if el.getAttribute("data-action") == "field" and el.type != "radio":
            self.table.dispatch("field", el.getAttribute("data-arg"), el.value)

    def _on_submit(self, event: JsObject) -> None:
        event.preventDefault()
        form = event.target
        if form.getAttribute("data-action") != "new-game":
            return
        for field in form.querySelectorAll('input[data-action="field"]'):
            if field.type != "radio":
                self.table.dispatch("field", field.getAttribute("data-arg"), field.value)
        self.run("new-game")

    def _on_storage(self, event: JsObject) -> None:
        if absent(event.key) or event.key == self.table.slot.key:  # key null: storage cleared
            self.run("saved-elsewhere")
        elif self.table.remote is not None and event.key == self.table.remote.slot.key:
            self.run("saved-elsewhere")  # (the game by links at the table went on in another tab)

    def _fresh_press(self, event: JsObject, delay: int) -> bool:
        """Whether the press behind this click began on this screen, after its arming delay.
        A click from a pointer has ``detail`` ≥ 1 and names its pointer (a second finger that
        went down on the last screen cannot lend its press to the first); from the keyboard, 0."""
        if event.detail:
            pointer = getattr(event, "pointerId", None)
            downs = self.pointers.downs
            began = downs.get(pointer) if pointer in downs else max(downs.values(), default=None)
        else:
            began = self.keys.down_at
        return began is not None and began >= self._armed_since + delay

def _arm_delay(el: JsObject) -> int:
    """How long a data-arm button ignores presses after it appears (ms)."""
    return SETTLE_MS if el.getAttribute("data-arm") == "long" else ARM_DELAY_MS
