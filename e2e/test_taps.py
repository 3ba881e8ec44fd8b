"""Issue 18, item 9: a typical turn against the computer takes four taps on a phone (the piece,
its square, a target, the same target again), and the computer then plays after a visible beat
with no tap; a tap on a square that cannot be used changes nothing but the words under the
board, and no control moves between two taps of one step."""

from __future__ import annotations

from ui_driver import Driver

PHONE = {"width": 360, "height": 740}
TOUCH = {"has_touch": True, "is_mobile": True}
# The screen as drawn, but for the line that says what to do (or why a tap did nothing).
SCREEN = """() => {
  const app = document.getElementById('app').cloneNode(true);
  app.querySelectorAll('.say').forEach(el => {
    el.textContent = ''; el.className = 'say'; el.removeAttribute('data-points');
  });
  return app.innerHTML.replace(/ tabindex="-?[0-9]+"/g, '');
}"""
CONTROLS = """() => [...document.querySelectorAll('#app button:not(.sq), #app input')]
  .map(el => { const r = el.getBoundingClientRect();
               return [el.dataset.key, Math.round(r.x), Math.round(r.y), Math.round(r.width)]; })"""
COUNT_TAPS = """() => { window.__taps = 0;
  document.addEventListener('pointerdown', () => { window.__taps += 1; }, true); }"""


def test_a_turn_against_the_computer_in_four_taps(open_game):
    g = open_game(viewport=PHONE, context_options=TOUCH)
    page, d = g.page, Driver(g.page, touch=True)
    d.wait_screen("start")
    d.press(page.locator('#app input[name="opponent"][value="computer"]'))
    d.press(page.locator('#app input[name="level"][value="easy"]'))
    d.press(page.locator('#app input[name="side"][value="first"]'))
    d.press_button("Start the game")
    d.wait_screen("placement")
    for square in ("C2", "E2", "G2"):  # one tap a piece, each facing the enemy
        d.tap_square(square)
    d.press_button("Confirm placement")
    page.wait_for_selector('#app > [data-screen="turn"]', timeout=30_000)

    # a square piece 2 cannot reach: the words under the board say why, nothing else changes
    d.tap_square("E2")
    before, controls = page.evaluate(SCREEN), page.evaluate(CONTROLS)
    said = d.text("#app .say")
    d.tap_square("L1")
    assert d.text("#app .say") == "Piece 2 to L1: A move is at most three steps."
    assert d.text("#app .say") != said
    assert page.evaluate(SCREEN) == before
    assert page.evaluate(CONTROLS) == controls

    # the turn: piece 1, its square, a target, the target again
    page.evaluate(COUNT_TAPS)
    d.tap_square("C2")
    controls = page.evaluate(CONTROLS)
    d.tap_square("C3")
    assert page.evaluate(CONTROLS) == controls, "a control moved between two taps of the move"
    assert "target" in d.square("C7").get_attribute("class").split()
    d.tap_square("C7")
    assert d.button("Fire at C7").is_enabled()
    d.tap_square("C7")
    page.wait_for_selector("#app .result-controls", state="attached")
    assert "Your shell on C7" in d.text("#app .result")  # the shot is played
    # the computer plays by itself after a beat: its turn is reported on Ann's next turn
    page.wait_for_selector('#app > [data-screen="thinking"]', state="attached", timeout=10_000)
    page.wait_for_selector('#app > [data-screen="turn"] .report', timeout=30_000)
    taps = page.evaluate("() => window.__taps")
    print(f"  taps: mortar-hunt en portrait a turn against the computer: {taps}")
    assert taps == 4, f"{taps} taps for a turn (the piece, its square, the target, the target again)"
    assert g.log.console_errors == [] and g.log.page_errors == []
