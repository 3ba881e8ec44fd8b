"""Pieces drawn as what they are (Mortar Hunt's table/board.py token): the drawing of the piece's kind,
turned to its facing as seen from the viewer's side of the table, its flag and number; a wreck
lies on its side. The drawings are <symbol>s defined once in index.html."""

from __future__ import annotations

import re

import pytest

from mortar.games.mortar_hunt.table.boardview import PIECE_SYMBOL, WRECK_SYMBOL
from mortar.games.mortar_hunt.table.boardview import token as piece_token
from mortar.table.board import token as draw
from mortar.table.html import all_text


def token(tok: dict, seen_by: str):
    """A piece as the board widget draws it."""
    return draw(piece_token(tok, seen_by))



def tok(**over):
    base = {"owner": "A", "number": 2, "type": "HM", "facing": "N", "wreck": False,
            "ghost": False, "faded": False}
    return token({**base, **over}, "A")


def classes(el) -> set[str]:
    return set(el.attrs["class"].split())


def used_symbol(el) -> str:
    (use,) = [e for e in el.walk() if e.tag == "use"]
    return use.attrs["href"]


@pytest.mark.parametrize("facing,seen_by,direction", [
    ("N", "A", 0), ("NE", "A", 1), ("E", "A", 2), ("SW", "A", 5),
    ("N", "B", 4), ("S", "B", 0), ("E", "B", 6), ("NW", "B", 3),
])
def test_turned_to_its_facing_on_the_viewers_screen(facing, seen_by, direction):
    el = token({"owner": seen_by, "number": 1, "type": "HM", "facing": facing, "wreck": False,
                "ghost": False, "faded": False}, seen_by)
    turns = {c for c in classes(el) if re.fullmatch(r"d\d", c)}
    assert turns == {f"d{direction}"}


def test_each_kind_has_its_own_drawing_and_the_flag_of_its_number():
    hm, lh = tok(type="HM", number=1), tok(type="LH", number=3)
    assert used_symbol(hm) == "#piece-hm" and used_symbol(lh) == "#piece-lh"
    assert {"triangle", "hm"} <= classes(hm) and {"square", "lh"} <= classes(lh)
    assert hm.text() == "1" and lh.text() == "3"
    assert hm.attrs["aria-hidden"] == "true"  # the square's label says it in words


def test_a_wreck_lies_on_its_side_and_has_no_facing():
    el = tok(wreck=True, facing="E")
    assert used_symbol(el) == "#" + WRECK_SYMBOL
    assert "wreck" in classes(el) and not any(re.fullmatch(r"d\d", c) for c in classes(el))
    assert el.text() == "2"


def test_no_words_of_the_piece_in_the_drawing():
    text = all_text(tok(type="LH")).lower()
    assert "howitzer" not in text and "mortar" not in text and "facing" not in text


def test_the_game_defines_each_drawing_once():
    from mortar.games.mortar_hunt.table.parts import SYMBOLS

    ids = [e.attrs["id"] for e in SYMBOLS.walk() if e.tag == "symbol"]
    assert sorted(ids) == sorted([*PIECE_SYMBOL.values(), WRECK_SYMBOL])
