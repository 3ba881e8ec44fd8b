"""Issue 28, item 11: each game of the box played by keyboard alone, two people on one device,
from the picker (keyboard.py: Tab, the arrows, Enter and Escape; a focus ring after every key,
never the page's body). Each action a person takes is said in the live region in words; the
curtain leaves nothing of the hidden player's in the page or in the live region; a question's
safe answer takes the focus, Tab stays inside it and Escape closes it back to its button; on a
board shared turn by turn the next player starts at the screen's heading, never on a square the
last one used. One page for the five games, each opened from the picker by its card."""

from __future__ import annotations

import os
import re
from pathlib import Path

from keyboard import Keyboard

from marsal_driver import PIECE_WORDS

ANN, BOB = "Ann", "Bob"
TRANSCRIPT = os.environ.get("E2E_KEYS_TRANSCRIPT")  # a file: every key, the focus and the words said


def _back_to_picker(k: Keyboard) -> None:
    """From a game, its title bar's "All games"."""
    page = k.page
    k.tab_to(lambda f: f["tag"] == "a" and "box-link" in (page.evaluate(
        "document.activeElement.className") or ""), back=True)
    k.follow()
    page.wait_for_selector("html[data-picker-ready]", state="attached")


def _open_from_picker(k: Keyboard, game: str) -> None:
    page = k.page
    if page.locator("html[data-picker-ready]").count() == 0:
        _back_to_picker(k)
    k.tab_to(lambda f: f["game"] == game)
    k.follow()
    page.wait_for_selector("html[data-ready]", state="attached", timeout=60_000)
    k.check("an opened game's heading has the focus", (k.focused() or {}).get("title") is True)


def _start(k: Keyboard, red: str, blue: str) -> tuple[str, str]:
    """The start form: the two names typed, Enter starts (Two people is the form's choice). The
    players in the order they play (the KARO games draw who starts)."""
    k.tab_to(lambda f: f["tag"] == "input" and k.page.evaluate("document.activeElement.type") == "text")
    k.page.keyboard.type(red)
    k.press("Tab")
    k.page.keyboard.type(blue)
    f = k.press("Enter")
    return (blue, red) if blue in str(f["words"]) else (red, blue)


def _curtain(k: Keyboard, name: str, hidden: tuple[str, ...] = ()) -> None:
    """The curtain before ``name``'s turn: it has the focus on its button, says whom to pass to,
    and shows nothing of a board (nor the words ``hidden``)."""
    page = k.page
    page.wait_for_selector('#app [data-screen="curtain"]', state="attached")
    f = k.focused() or {}
    k.check("the curtain's button has the focus", f.get("action") == "reveal")
    k.says("Pass the device to {name}.", name=name)
    k.check("nothing of a board behind the curtain", page.locator("#app [data-square]").count() == 0)
    shown = (page.locator("#app").text_content() or "") + k.said()
    for word in hidden:
        k.check(f"{word!r} behind the curtain", word not in shown)
    k.armed()
    k.press("Enter")


def _hand_over(k: Keyboard) -> None:
    """A turn played: the focus is on its hand-over button (what the person does next)."""
    k.check("the hand-over button has the focus", (k.focused() or {}).get("action") == "end-turn")
    k.armed()
    k.press("Enter")


def _next_player(k: Keyboard) -> None:
    k.check("the next player starts at the screen's heading", (k.focused() or {}).get("title") is True)


def _mortar_hunt_turn(k: Keyboard, *, back: bool = False) -> None:
    k.to_board(back=back)  # the first piece's square
    k.press("Enter")
    k.to_square(k.marked("the piece can end its move here"))
    k.press("Enter")
    for _ in range(9):
        if re.search(k.marked("you can fire here"), str(k.press("ArrowUp")["words"])):
            break
    k.press("Enter")
    k.says("Fire at {target}")
    k.press("Enter")
    k.says("Miss. Your shell on {square} hit nothing.")
    _hand_over(k)


def _mortar_hunt(k: Keyboard) -> None:
    """Both players place their pieces, Ann fires, Bob is told and asks to resign (Mortar Hunt is
    played in German: the live region's words are the catalogue's)."""
    _start(k, ANN, BOB)
    for name, first in ((ANN, "A1"), (BOB, "L9")):
        _curtain(k, name)
        k.check("the board's tab stop is in the player's own rows", k.to_board()["square"] == first)
        for n in ("2", "3"):
            k.press("Enter")
            k.says("Pick a square in rows {rows} for piece {n}. Pick a placed piece twice to turn it.", n=n)
            for _ in range(3):
                k.press("ArrowRight")
        k.press("Enter")
        k.says("All three are placed: confirm, or turn or move piece {n}.", n="3")
        k.to_action("confirm-placement")
        k.press("Enter")
    _curtain(k, ANN, hidden=("L9", "I9", "F9"))
    _mortar_hunt_turn(k)
    _curtain(k, BOB, hidden=("A1", "D1", "G1"))
    k.says("Turn {n}:", n="1")
    k.says("{name} fired at {square}: miss.", name=ANN)
    k.ask_resign_and_close()


def _marsal_setup(k: Keyboard, name: str) -> None:
    _curtain(k, name, hidden=PIECE_WORDS)
    k.tab_to(lambda f: f["action"] == "preset" and str(f["words"]).startswith("Scouts ahead"))
    k.press("Enter")
    k.check("the army set up is said", "40 of 40 pieces placed" in k.said())
    f = k.to_board(back=True)
    k.press("Enter")
    # (the tab stop is in the front row, the top one drawn: the square below is the player's too)
    k.check("an arrow goes to the next square", k.press("ArrowDown")["square"] != f["square"])
    k.press("Enter")
    k.check("the swap is said", k.said().startswith("Swapped: your "))
    k.to_action("confirm-setup")
    k.press("Enter")


def _marsal_turn(k: Keyboard, *, back: bool = False) -> str:
    f = k.to_board(back=back)
    k.check("the board's tab stop is a piece that can move", "can move" in str(f["words"]))
    k.press("Enter")
    k.check("the piece picked is said", re.match(r"Your \w+ on ", k.said()) is not None)
    k.press("Escape")
    k.check("Escape drops the piece", "picked" not in str(k.focused()["words"]))
    k.press("Enter")
    k.to_square("you may move here")
    k.press("Enter")
    k.check("the move chosen is said", k.said().startswith("Move "))
    k.press("Enter")
    k.check("the move said", re.match(r"Your \w+ moved from ", k.said()) is not None)
    _hand_over(k)
    return k.said()


def _marsal_a_spion(k: Keyboard) -> None:
    _start(k, ANN, BOB)
    _marsal_setup(k, ANN)
    _marsal_setup(k, BOB)
    _curtain(k, ANN, hidden=PIECE_WORDS)
    _marsal_turn(k)
    _curtain(k, BOB, hidden=PIECE_WORDS)
    report = k.said()
    k.check("the enemy's move reported", report.startswith("Turn 1: Ann moved a piece from"))
    k.check("the enemy's piece not named", not any(w in report for w in PIECE_WORDS))
    k.ask_resign_and_close()


def _open_turn(k: Keyboard, name: str, marked: str, rows: str, *, back: bool = False) -> None:
    """A move on a board shared turn by turn (the KARO games): the tab stop on the player's side,
    a piece, a square marked for it, the same again plays it, said; the next player then starts
    at the heading."""
    f = k.to_board(back=back)
    k.check("the board's tab stop is on the player's side", str(f["square"])[-1] in rows)
    k.check("the board's tab stop is a piece that can move", "can move" in str(f["words"]))
    k.press("Enter")
    k.to_square(marked)
    k.press("Enter")
    k.press("Enter")
    k.check("the move said", k.said().startswith(f"Turn 1: {name}"))
    _next_player(k)


def _hopper_and_sneaker(k: Keyboard) -> None:
    first, second = _start(k, ANN, BOB)
    for name, rows in ((first, "12"), (second, "78")) if first == ANN else ((first, "78"), (second, "12")):
        f = k.to_board()
        k.check("the arrangement starts on the player's own squares", str(f["square"])[-1] in rows)
        k.press("Enter")
        k.check("a piece picked to swap is said", "picked: tap another" in k.said())
        k.press("Escape")
        k.check("Escape drops it", "picked" not in str(k.focused()["words"]))
        picked = k.press("Enter")
        other = "Hopper" if "Sneaker" in str(picked["words"]) else "Sneaker"
        k.to_square(f"your home, \\w+ {other}")  # (a piece of the other kind: a swap)
        k.press("Enter")
        k.check("the swap is said", k.said().startswith("Swapped: your "))
        k.to_action("confirm-setup")
        k.press("Enter")
        k.check("the arrangement said", k.said().startswith(f"{name} arranged the pieces."))
        if name == first:
            k.says("Tap two of your squares to swap their pieces, or confirm.")  # (the next one's)
        _next_player(k)
    rows = {ANN: "123", BOB: "678"}
    _open_turn(k, first, "a move for the picked piece", rows[first])
    _open_turn(k, second, "a move for the picked piece", rows[second])
    k.ask_resign_and_close()


def _enlightenment(k: Keyboard) -> None:
    first, second = _start(k, ANN, BOB)
    rows = {ANN: "123", BOB: "345"}
    _open_turn(k, first, "the piece may go here", rows[first])
    k.ask_resign_and_close()
    _open_turn(k, second, "the piece may go here", rows[second], back=True)


def _four_circles(k: Keyboard) -> None:
    for name in _start(k, ANN, BOB):
        k.to_board()
        k.press("Enter")
        k.check("the tile chosen is said", k.said().startswith("Place on ("))
        k.press("Escape")
        k.check("Escape drops the choice", k.page.locator('#app [data-action="confirm"]').count() == 0
                and "chosen" not in str(k.focused()["words"]))
        k.says("Tap a free tile to place a piece there (plain side up).")
        k.press("Enter")
        k.press("Enter")
        k.check("the piece placed is said", k.said().startswith(f"Turn 1: {name} placed a piece on ("))
        _next_player(k)
    k.ask_resign_and_close()


def _language(k: Keyboard, lang: str) -> None:
    """The picker's language list, by keyboard: its arrows only choose, Enter switches."""
    page = k.page
    k.tab_to(lambda f: f["tag"] == "select")
    for _ in range(9):
        if page.evaluate("document.activeElement.value") == lang:
            break
        k.press("ArrowUp" if page.evaluate("document.activeElement.selectedIndex") > [
            "en", "de", "cs", "sk", "sr-Latn", "sr"].index(lang) else "ArrowDown")
        k.check("an arrow in the language list does not switch", page.evaluate(
            "!!document.documentElement.getAttribute('data-picker-ready')"))
    k.follow()  # the page again, in the language chosen
    page.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
    page.wait_for_selector("html[data-picker-ready]", state="attached")
    k.lang = lang


def test_every_game_by_keyboard_alone_two_people_from_the_picker(open_game):
    """The picker opens in Czech (an embed's ?lang=cs) and is switched to German by keyboard, which
    the device remembers; Mortar Hunt is played in German, the other four games in English."""
    g = open_game(path="./?lang=cs", wait_ready=False)
    page = g.page
    page.wait_for_selector("html[data-picker-ready]", state="attached")
    assert page.locator("#picker-title").text_content() == "Vyberte hru"
    # a picker embedded in a language opens its games in it; shared links carry none
    assert page.locator('.game-card[data-game="four-circles"]').get_attribute("href").endswith("&lang=cs")
    k = Keyboard(page, "cs")
    _language(k, "de")
    page.goto(g.site.url, wait_until="domcontentloaded")  # remembered on the device
    page.wait_for_selector("html[data-picker-ready]", state="attached")
    assert page.get_attribute("html", "lang") == "de"
    assert page.locator("#picker-title").text_content() == "Wähle ein Spiel"
    for game, play in (("mortar-hunt", _mortar_hunt), ("marsal-a-spion", _marsal_a_spion),
                       ("hopper-and-sneaker", _hopper_and_sneaker), ("enlightenment", _enlightenment),
                       ("four-circles", _four_circles)):
        k.lines.append(f"--- {game}")
        _open_from_picker(k, game)
        if game == "mortar-hunt":
            assert page.title() == "Mörserjagd"
        play(k)
        if game == "mortar-hunt":  # the other games in English
            _back_to_picker(k)
            _language(k, "en")
    if TRANSCRIPT:
        Path(TRANSCRIPT).write_text("\n".join(k.lines) + f"\n{k.presses} keys pressed\n", encoding="utf-8")
    errors = g.log.console_errors + g.log.page_errors
    g.close()
    assert not errors, errors
