"""Feedback (issue 9): the sound switch (obvious, remembered), and the effects of
window.mortarFeedback (static/shell.js) that mortar/ui/feedback.py drives: a shot's sound and
flight, a hit that is unmistakable, nothing that moves under prefers-reduced-motion."""

from __future__ import annotations

from ui_driver import Driver

PHONE = {"width": 360, "height": 740}
TOUCH = {"has_touch": True, "is_mobile": True}


def _placement_board(g):
    d = Driver(g.page, touch=True, name="feedback")
    d.new_game("Alice", "Bob")
    d.reveal("Alice")
    d.wait_screen("placement")
    return d


def _events(page) -> list[str]:
    """Sounds and motions played, in order (vibrations are left out: not every device has them)."""
    return [e for e in page.evaluate("window.mortarFeedback.events.slice()")
            if not e.startswith("vibrate:")]


def _shoot(page, hit: bool = True) -> None:
    page.evaluate(
        "(hit) => window.mortarFeedback.shot(document.querySelector('#app .game-board'), 'C2', 'C7', hit)",
        hit)


def test_sound_switch_is_obvious_and_remembered(open_game):
    g = open_game(viewport=PHONE, context_options=TOUCH)
    page = g.page
    switch = page.locator(".topbar").get_by_role("switch", name="Sound")
    assert switch.is_visible() and switch.get_attribute("aria-checked") == "true"
    assert "Sound on" in switch.inner_text()
    switch.tap()
    assert switch.get_attribute("aria-checked") == "false" and "Sound off" in switch.inner_text()
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert switch.get_attribute("aria-checked") == "false"
    assert page.evaluate("window.mortarFeedback.isMuted()") is True
    switch.tap()
    assert page.evaluate("window.mortarFeedback.isMuted()") is False
    assert g.log.console_errors == [] and g.log.page_errors == []


def test_a_shot_flies_and_a_hit_is_unmistakable(open_game):
    g = open_game(viewport=PHONE, context_options=TOUCH)
    page = g.page
    _placement_board(g)
    flight = page.evaluate("window.mortarFeedback.FLIGHT_MS")
    # (the board's shake is watched for: it lasts half a second, which a busy machine can miss)
    page.evaluate("""() => new MutationObserver(() => {
        if (document.querySelector('#app .game-board.fx-shake')) window.__shook = true;
    }).observe(document.getElementById('app'), {attributes: true, attributeFilter: ['class'],
                                                 subtree: true})""")
    _shoot(page, True)
    page.wait_for_selector("#fx-layer .fx-shell", state="attached", timeout=1000)
    page.wait_for_selector("#fx-layer .fx-hit", state="attached", timeout=flight + 1000)
    assert page.locator("#fx-layer .fx-hit").inner_text() == "Hit!"
    assert page.evaluate("window.__shook === true")
    # the blast is centred on the target square (the board shakes by a few pixels meanwhile)
    blast = page.locator("#fx-layer .fx-hit").bounding_box()
    target = page.locator('#app [data-square="C7"]').bounding_box()
    for axis, size in (("x", "width"), ("y", "height")):
        assert abs(blast[axis] + blast[size] / 2 - target[axis] - target[size] / 2) < 6
    page.wait_for_function("document.querySelectorAll('#fx-layer > *').length === 0", timeout=4000)
    assert _events(page)[-4:] == ["sound:fire", "motion:shot", "sound:hit", "motion:hit"]

    # muted: the same shot in silence, motion still there
    page.locator(".topbar").get_by_role("switch", name="Sound").tap()
    before = len(_events(page))
    _shoot(page, False)
    page.wait_for_selector("#fx-layer .fx-miss", state="attached", timeout=flight + 1000)
    assert _events(page)[before:] == ["motion:shot", "motion:miss"]
    assert g.log.console_errors == [] and g.log.page_errors == []


def test_nothing_moves_under_reduced_motion(open_game):
    g = open_game(viewport=PHONE, context_options={**TOUCH, "reduced_motion": "reduce"})
    page = g.page
    _placement_board(g)
    flight = page.evaluate("window.mortarFeedback.FLIGHT_MS")
    _shoot(page, True)
    page.wait_for_selector("#fx-layer .fx-hit", state="attached", timeout=flight + 1000)
    assert page.locator("#fx-layer .fx-shell").count() == 0
    assert "fx-shake" not in page.get_attribute("#app .game-board", "class")
    # the blast shows in place, unscaled and still
    assert page.evaluate("getComputedStyle(document.querySelector('#fx-layer .fx-hit')).transform") == "none"
    events = _events(page)
    assert "motion:shot" not in events and events[-3:] == ["sound:fire", "sound:hit", "motion:hit"]
    heading = "#app .screen-title"
    page.evaluate(f"window.mortarFeedback.win(document.querySelector('{heading}'))")
    assert page.locator("#fx-layer .fx-spark").count() == 0
    assert "fx-win" in page.get_attribute(heading, "class")
    assert g.log.console_errors == [] and g.log.page_errors == []
