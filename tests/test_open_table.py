"""The open table's generic parts (mortar/table, no game named): whose side is near, the seating
option on the start form of a game that hides nothing (and not on one that hides something), a
last move marked on the board widget, a window on an unbounded grid, and every refusal of an
open game's rules said in the page's words by its code (issue 28: never the engine's English)."""

from __future__ import annotations

from enum import Enum

import pytest
from boxgames.hidden_tictactoe.table import KIND as HIDDEN

from mortar.games.enlightenment.actions import RefusalCode as EnlightenmentCode
from mortar.games.enlightenment.table import KIND as OPEN
from mortar.games.enlightenment.table import views as enlightenment_views
from mortar.games.four_circles.actions import RefusalCode as FourCirclesCode
from mortar.games.four_circles.table import views as four_circles_views
from mortar.games.hopper_and_sneaker.actions import RefusalCode as HopperCode
from mortar.games.hopper_and_sneaker.table import views as hopper_views
from mortar.kit.protocol import Refusal
from mortar.table.board import BoardView, Cell, Window, render_board
from mortar.table.hints import CHOICE, MOVABLE, Hint, points_of
from mortar.table.html import all_text
from mortar.table.kind import Seating, TableFacts
from mortar.table.open_table import K0_REFUSED, end_text, refusal_text
from mortar.table.render import render, status
from mortar.table.saves import MemoryStorage
from mortar.table.table import Table

PLAYERS = ("Red", "White")


def test_whose_side_is_near() -> None:
    assert TableFacts().near("White", PLAYERS) == "White"  # passing the device: the mover's
    assert TableFacts(seating=Seating.ACROSS).near("White", PLAYERS) == "Red"  # held still
    assert TableFacts({"Red": "easy"}).near("Red", PLAYERS) == "White"  # the person's, always


def test_only_a_game_that_hides_nothing_asks_how_two_people_sit() -> None:
    for kind, asked in ((OPEN, True), (HIDDEN, False)):
        table = Table(kind, MemoryStorage())
        table.restore()
        text = all_text(render(table.model(), kind))
        assert ("Sitting across" in text) is asked
        assert table.dispatch("field", "seating", "across") is asked
    table = Table(OPEN, MemoryStorage())
    table.restore()
    table.dispatch("field", "seating", "across")
    table.dispatch("field", "opponent", "computer")
    table.dispatch("new-game")
    assert table.facts.seating is Seating.PASSING  # (no one sits across from the computer)


def test_a_last_move_is_marked_from_its_start_to_its_end() -> None:
    cells = {(c, 0): Cell(f"{'abc'[c]}1", f"{'abc'[c]}1") for c in range(3)}
    el = render_board(BoardView("abc", "1", cells, "a row", last=("a1", "b1", "c1")))
    classes = {sq.attrs["data-square"]: sq.attrs["class"].split() for sq in el.walk()
               if "data-square" in sq.attrs}
    assert {"last", "last-from"} <= set(classes["a1"]) and "last-to" in classes["c1"]
    assert "last-from" not in classes["b1"] and "last" in classes["b1"]
    assert len(el.find(class_="arrow last-move")) == 2
    one = render_board(BoardView("abc", "1", cells, "a row", last=("b1",)))
    assert "last-to" in one.find(data_square="b1")[0].attrs["class"].split()


def test_a_window_on_an_unbounded_grid() -> None:
    window = Window.fit([(1, 1), (5, 4)])
    assert window == Window(0, 0, 7, 6) and window.holds(6, 5) and not window.holds(7, 0)
    assert Window.fit([(3, 3)]) == Window(2, 2, 3, 3)
    assert Window.fit([(3, 3)], margin=0) == Window(2, 2, 3, 3)  # at least 3 a side, centred
    assert window.zoomed(1) == Window(1, 1, 5, 4) and window.zoomed(1).zoomed(-1) == window
    assert window.zoomed(5).height == 4  # no smaller than 3 a side: it stops
    assert window.zoomed(-20).width <= Window.MOST
    assert window.panned(2, -1) == Window(2, -1, 7, 6)
    assert len(list(window.cells())) == 42


def test_the_common_ends_in_words() -> None:
    names = {"Red": "Ann", "White": "Bob"}
    assert end_text("resign", "White", names, {}) == "Ann resigned: Bob wins."
    assert end_text("double-pass", None, names, {}).startswith("A draw")
    assert end_text("four", "Red", names, {"four": "{winner} wins, {loser} loses."}) == "Ann wins, Bob loses."


@pytest.mark.parametrize("codes, own", [(HopperCode, hopper_views.REFUSED),
                                        (EnlightenmentCode, enlightenment_views.REFUSED),
                                        (FourCirclesCode, four_circles_views.REFUSED)],
                         ids=["hopper-and-sneaker", "enlightenment", "four-circles"])
def test_every_refusal_of_an_open_game_is_said_by_its_code(codes: type[Enum], own: dict[Enum, str]) -> None:
    assert {code.name for code in codes if code not in own} == set(K0_REFUSED)  # the game's own: its words
    for code in codes:
        text = refusal_text(Refusal(code, "the engine's reason"), own)
        assert text.endswith(".") and "engine" not in text, code


def test_words_that_name_a_thing_carry_it_where_they_are_drawn() -> None:
    """Issue 28: a hint's words and what they point at are made together and drawn together
    (data-points, read by the layout walk); words that name nothing carry no attribute."""
    hint = Hint("Move a piece, or a tile.", MOVABLE, CHOICE)
    assert hint == "Move a piece, or a tile." and points_of(hint) == f"{MOVABLE};{CHOICE}"
    drawn = status(hint)
    assert drawn is not None and drawn.attrs["data-points"] == f"{MOVABLE};{CHOICE}"
    plain = status("Red is to move.")
    assert plain is not None and "data-points" not in plain.attrs
    assert points_of(hint + " more") is None  # (new words: what they name is said again)


def test_a_refused_tap_leaves_the_move_chosen_and_its_button() -> None:
    """A stray tap beside a chosen move is said in words and changes nothing else: the move stays
    chosen (its Confirm button with it), in a jump chain and in a single move alike; the next tap on
    its square plays it."""
    table = Table(OPEN, MemoryStorage())
    table.restore()
    table.dispatch("field", "first", "Red")
    table.dispatch("new-game")
    for square in ("c1", "c2"):  # Red's step c1–c2, White's e3–d3 (Enlightenment's layout A)
        table.dispatch("square", square)
    table.dispatch("confirm")
    for square in ("e3", "d3"):
        table.dispatch("square", square)
    table.dispatch("confirm")
    for taps, stray in ((("a1", "c1", "c3"), "b5"), (("e2", "d2"), "c4")):  # a chain; a step
        for square in taps:
            table.dispatch("square", square)
        chosen = table.chosen
        assert chosen is not None and chosen.at == taps[-1]
        assert table.dispatch("square", stray)
        assert table.chosen == chosen, (taps, stray)
        assert table.draft is not None and (table.draft.message or "").startswith(f"{stray}")
        assert any(el.attrs.get("data-action") == "confirm" for el in render(table.model(), OPEN).walk())
        table.dispatch("cancel")
