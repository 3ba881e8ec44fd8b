"""Issue 16: two games played through the page *without reloading*, differing only in what the
next player may not know (where the mover went, which piece fired, a secret loadout), must give
that player the very same page at every hand-over and at the start of their turn: the DOM with
its tab stops, the accessibility tree, the focused element, every animation and effect layer,
the live region and the sound and vibration log. Fresh-page scans cannot see what a page
carries over from one player's screen to the next; this can."""

from __future__ import annotations

from ui_driver import Driver

# Everything the next player's page offers, as data.
SNAPSHOT = """() => {
  const describe = (el) => !el ? null : [el.tagName, el.id, el.className && String(el.className),
    el.getAttribute('data-key'), el.getAttribute('data-square'), el.getAttribute('tabindex'),
    (el.textContent || '').slice(0, 60)].join('|');
  const layer = document.getElementById('fx-layer');
  return {
    app: document.getElementById('app').outerHTML,
    layer: layer ? layer.outerHTML : '',
    animations: document.getAnimations().map((a) => [describe(a.effect && a.effect.target),
      JSON.stringify(a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : null),
      a.playState]),
    active: describe(document.activeElement),
    tabStops: [...document.querySelectorAll('[tabindex="0"]')].map(describe),
    live: document.getElementById('announcer').textContent,
    title: document.title,
    url: location.href,
    html: [...document.documentElement.attributes].map((a) => a.name + '=' + a.value).sort(),
    effects: window.mortarFeedback ? window.mortarFeedback.events.slice() : null,
  };
}"""


def _snapshot(page) -> dict:
    out = page.evaluate(SNAPSHOT)
    # whether a hand-over button has armed yet is a matter of milliseconds, not of the game
    out["app"] = out["app"].replace(' data-armed=""', "")
    out["aria"] = page.locator("body").aria_snapshot()
    return out


def _same(label: str, x: dict, y: dict) -> None:
    for key in x:
        assert x[key] == y[key], (f"{label}: the next player's pages differ in {key}:\n"
                                  f"{x[key]!s:.600}\n---\n{y[key]!s:.600}")


def test_pairs_of_games_give_the_next_player_the_same_page(open_game):
    size = {"width": 800, "height": 900}
    gx, gy = open_game(viewport=size), open_game(viewport=size)
    x, y = Driver(gx.page), Driver(gy.page)
    both = ((x, gx.page), (y, gy.page))
    for d, _ in both:
        d.new_game("Alice", "Bob", loadout="secret")
    # Alice's placements differ (squares, facings, secret types), each ending on a board tap
    x.place("Alice", ["C2/N", "E2/N", "G2/N"], types=["HM", "HM", "HM"])
    y.place("Alice", ["D1/N", "E1/N", "I2/NW"], types=["LH", "LH", "HM"])
    checked = []

    def compare(label: str) -> None:
        snaps = [_snapshot(page) for _, page in both]
        _same(label, *snaps)
        checked.append(label)

    compare("curtain after Alice's placement")
    for d, _ in both:
        d.reveal("Bob")
        d.wait_screen("placement")
    compare("Bob's placement")
    for d, _ in both:
        d.place_here(["C7/S", "E7/S", "G7/S"])
        d.wait_screen("curtain")
        d.reveal("Alice")
        d.wait_screen("turn")
    # Alice moves by tapping the board, to different squares, and holds fire
    x.move_to("C2", "C3/N")
    y.move_to("D1", "D2/N")
    for d, _ in both:
        d.hold_fire()
        d.pass_on("Bob")
    compare("curtain after Alice's move")
    for d, _ in both:
        d.reveal("Bob")
        d.wait_screen("turn")
    compare("Bob's turn after Alice's move")
    for d, _ in both:
        d.move_by_steps("E7", ["forward"])
        d.hold_fire()
        d.pass_on("Alice")
        d.reveal("Alice")
        d.wait_screen("turn")
    # Alice fires at E7 from different squares (another piece, another type), and passes the
    # device the moment she can: the shell is still in the air
    x.move_by_steps("E2", ["forward"])
    y.move_by_steps("E1", ["forward"])
    for d, _ in both:
        d.fire_at("E7")
        d.press_button("Hide my board and pass to Bob")
        d.wait_screen("curtain")
    compare("curtain right after Alice's shot")
    for d, page in both:
        d.reveal("Bob")
        d.wait_screen("turn")
        # the shot's impact, drawn on his screen too (where it fell is public), ends on a timer:
        # the two pages are read one after the other, so each once it has ended (an effect that
        # stays, or one drawn for one game only, still differs)
        page.wait_for_function("() => !document.querySelector('#fx-layer > *')", timeout=10_000)
    compare("Bob's turn after Alice's shot")
    assert len(checked) == 6
    for g in (gx, gy):
        assert g.log.console_errors == [] and g.log.page_errors == []
