"""The box in another language (issue 24): the picker opens in the language an embed asks for
(?lang=cs), the menu switches it, the choice is remembered across a reload, and a game's screens
(drawn by Python from the language's catalogue) follow."""

from __future__ import annotations

from ui_driver import Driver


def test_the_picker_in_czech_switches_to_german_and_a_game_stays_german(open_game):
    g = open_game(path="./?lang=cs", wait_ready=False)
    page = g.page
    page.wait_for_selector("html[data-picker-ready]", state="attached")
    assert page.get_attribute("html", "lang") == "cs"
    assert page.locator("#picker-title").text_content() == "Vyberte hru"
    # a picker embedded in a language opens its games in it; shared links carry none
    assert page.locator('.game-card[data-game="four-circles"]').get_attribute("href").endswith("&lang=cs")

    page.locator(".topbar select[data-lang-select]").select_option("de")  # reloads the page
    page.wait_for_function("() => document.documentElement.lang === 'de'")
    page.wait_for_selector("html[data-picker-ready]", state="attached")
    page.goto(g.site.url, wait_until="domcontentloaded")  # remembered on the device
    page.wait_for_selector("html[data-picker-ready]", state="attached")
    assert page.get_attribute("html", "lang") == "de"
    assert page.locator("#picker-title").text_content() == "Wähle ein Spiel"

    page.locator('.game-card[data-game="mortar-hunt"]').click()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    assert page.title() == "Mörserjagd"
    d = Driver(page)
    d.press_button("Spiel beginnen")
    d.wait_screen("curtain")
    d.press(page.locator('#app [data-action="reveal"]'))  # "Ich bin … – zeig mein Brett"
    d.wait_screen("placement")
    d.tap_square("C2")
    assert d.square("C2").get_attribute("aria-label").startswith("C2, dein schwerer Mörser 1")
    assert page.get_by_role("button", name="Aufstellung bestätigen").count() == 1
    g.close()
