"""A game's first screen before Python (issue 32): the start screen the build drew shows before
Python has started, a person chooses on it, and the choices are there once Python is: the form's
values, the focus, Start (the progress shows only while Python is still loading). The game's
archive is held back here until the test lets it through, so that Python is surely not ready."""

from __future__ import annotations

from conftest import READY_TIMEOUT_MS


def _held(game: str):
    """Routes that hold ``game``'s archive back until :func:`_release` (Python cannot start
    without it), and the list of held requests."""
    held: list = []

    def before(context, page):
        page.route(f"**/py/games/{game}.zip", lambda route: held.append(route))

    return held, before


def _release(page, held: list) -> None:
    for _ in range(600):
        if held:
            break
        page.wait_for_timeout(50)
    while held:
        held.pop().continue_()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


def _first_screen(page) -> None:
    page.wait_for_selector("html[data-first-screen]", state="attached", timeout=20_000)
    assert page.get_attribute("html", "data-ready") is None
    assert page.locator("#boot").is_hidden()


def _choose(page, name: str, value: str) -> None:
    page.locator(f'#app label.choice:has(input[name="{name}"][value="{value}"])').click()


def _value(page, selector: str) -> str:
    return page.eval_on_selector(f"#app {selector}", "e => e.value")


def test_choices_made_before_python_is_ready_are_there_once_it_is(open_game):
    held, before = _held("mortar-hunt")
    g = open_game(wait_ready=False, before_goto=before)
    page = g.page
    _first_screen(page)
    assert page.locator("#app .screen-title").evaluate("e => e === document.activeElement")
    _choose(page, "opponent", "computer")  # the computer's fields, drawn by the build, in place
    assert page.locator('#app input[name="level"]').count() == 3
    assert page.locator('#app input[name="name-B"]').count() == 0
    _choose(page, "level", "hard")
    _choose(page, "side", "second")
    _choose(page, "limit", "custom")
    page.fill('#app input[name="custom-limit"]', "9")
    _choose(page, "aid", "on")
    page.fill('#app input[name="name-A"]', "Ann")  # typed last: the caret stays in it
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("html", "data-ready") is None
    _release(page, held)
    checked = page.eval_on_selector_all("#app input[type=radio]:checked",
                                        "els => els.map(e => e.name + '=' + e.value)")
    assert {"opponent=computer", "level=hard", "side=second", "limit=custom", "aid=on"} <= set(checked)
    assert _value(page, 'input[name="custom-limit"]') == "9" and _value(page, 'input[name="name-A"]') == "Ann"
    caret = page.evaluate("[document.activeElement.name, document.activeElement.selectionStart]")
    assert caret == ["name-A", 2]
    page.keyboard.type("e")  # Python has the form now: it answers the next key
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector('#app > [data-screen="thinking"], #app > [data-screen="placement"]',
                           state="attached")
    saved = page.evaluate("JSON.parse(localStorage.getItem('mortar-hunt/save'))")
    assert saved["table"]["computer"] == {"A": "hard"} and saved["table"]["aid"] is True
    assert saved["form"]["custom-limit"] == "9" and saved["record"]["players"]["B"]["name"] == "Anen"
    assert g.log.console_errors == [] and g.log.page_errors == []
    g.close()


def test_the_first_screen_is_the_one_python_draws(open_game):
    held, before = _held("four-circles")
    g = open_game(wait_ready=False, before_goto=before, path="?game=four-circles&lang=cs")
    page = g.page
    _first_screen(page)
    assert page.locator("#app .screen-title").inner_text() == "Nová hra"
    # (a link's address written whole or relative to the page is one address)
    base = page.evaluate("new URL('./', location.href).href")
    drawn = page.inner_html("#app").replace(f'href="{base}', 'href="./')
    _release(page, held)
    assert page.inner_html("#app").replace(f'href="{base}', 'href="./') == drawn  # node for node
    assert g.log.console_errors == [] and g.log.page_errors == []
    g.close()


def test_start_before_python_shows_the_progress_then_the_game_and_a_save_shows_on_the_next_start(open_game):
    held, before = _held("mortar-hunt")
    g = open_game(wait_ready=False, before_goto=before)
    page = g.page
    _first_screen(page)
    page.fill('#app input[name="name-A"]', "Ann")
    page.fill('#app input[name="name-B"]', "Bob")
    page.keyboard.press("Enter")  # Start, from the keyboard
    assert page.locator("#boot").is_visible() and page.locator("#app > .screen").is_hidden()
    assert page.get_attribute("html", "data-ready") is None
    _release(page, held)
    page.wait_for_selector('#app > [data-screen="curtain"]', state="attached")
    assert "Pass the device to Ann" in page.locator("#app").inner_text()
    # the next start: the saved game's card on the first screen; nothing done, the game resumes
    page.reload(wait_until="domcontentloaded")
    _first_screen(page)
    card = page.locator("#app .card.saved")
    assert card.locator("h2").inner_text() == "Saved game"
    assert card.get_by_role("button", name="Resume the saved game").is_visible()
    _release(page, held)
    page.wait_for_selector('#app > [data-screen="curtain"]', state="attached")
    assert g.log.console_errors == [] and g.log.page_errors == []
    g.close()


FRAME = """<!doctype html><html><head><meta charset="utf-8"><title>Host</title><link rel="icon" href="data:,">
</head><body>
<iframe id="game" title="Mortar Hunt" src="{src}" width="420" height="700"></iframe></body></html>"""


def test_an_embeds_first_frame_shows_the_first_screen(open_game, site):
    held, before = _held("mortar-hunt")

    def host(context, page):
        before(context, page)
        page.route("**/host.html", lambda r: r.fulfill(status=200, content_type="text/html",
                                                       body=FRAME.format(src=site.url + "?compact=1")))

    g = open_game(wait_ready=False, before_goto=host, path="host.html")
    frame = g.page.frame_locator("#game")
    frame.locator("html[data-first-screen]").wait_for(state="attached", timeout=20_000)
    assert frame.locator("#app .screen-title").is_visible()
    assert frame.locator("html").get_attribute("data-ready") is None
    held_frame = g.page.frames[1]
    for _ in range(600):
        if held:
            break
        g.page.wait_for_timeout(50)
    while held:
        held.pop().continue_()
    held_frame.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    assert g.log.console_errors == [] and g.log.page_errors == []
    g.close()
