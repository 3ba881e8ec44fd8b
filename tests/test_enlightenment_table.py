"""Enlightenment at the table: the turn draft builds a jump chain one landing a tap from the seat's
``next_landings`` (undo, stop, a chain that ends by itself, a step that is a whole move), says
refused taps in words, draws the last move and its enlightenment, and the e2e game's win."""

from __future__ import annotations

import random

from mortar.games.enlightenment import GAME, Layout, Move, Options, Player, Position
from mortar.games.enlightenment.table import KIND
from mortar.games.enlightenment.table.turn import TurnDraft
from mortar.kit.common import OfferDraw
from mortar.table.drafts import CHANGED, Chosen
from mortar.table.effects import Flip
from mortar.table.html import all_text
from mortar.table.names import Names
from mortar.table.render import Frame
from mortar.table.saves import MemoryStorage
from mortar.table.table import Table
from screens import context, flat

RED = Player.RED
NAMES = {"Red": "Ann", "White": "Bob"}
E2E_MOVES = ("c1-c2", "e3-d3", "a1-c1-c3-e3", "a4-b3", "a3-c3-c1-a1", "e4-d4", "e1-c1-c3-a3", "b5-b4",
             "a2-a4-c4-e4", "b3-c3", "c2-c4-a4-a2", "d3-d2", "e2-c2-c4-a4", "d5-c4", "d1-d3-b3-b5-d5",
             "c3-b2", "b1-b3-b5")


def state_after(*moves: str) -> object:
    state = GAME.new(Options(Layout.A, first=RED), NAMES)
    for move in moves:
        state.apply(Move.parse(move))
    return state


def draft_of(state: object, player: str = "Red") -> TurnDraft:
    draft = KIND.draft(state.seat(player), context(KIND, NAMES))
    assert isinstance(draft, TurnDraft)
    return draft


def marked(draft: TurnDraft, mark: str) -> set[str]:
    return {c for c, cell in draft.model()["board"]["cells"].items() if mark in cell["marks"]}


def test_a_step_is_a_whole_move_chosen_in_two_taps() -> None:
    draft = draft_of(state_after())
    assert draft.handle("square", "b1") == CHANGED
    assert marked(draft, "choice") == {str(sq) for sq in GAME.new(Options()).seat("Red").next_landings(
        [Move.parse("b1-b2").frm])}
    assert draft.handle("square", "b2") == Chosen(Move.parse("b1-b2"), "Step b1–b2", "b2")


def test_a_jump_chain_one_landing_a_tap_and_back_to_an_earlier_landing() -> None:
    state = state_after("c1-c2", "e3-d3")
    draft = draft_of(state)
    draft.handle("square", "a1")
    assert "c1" in marked(draft, "choice")
    assert draft.handle("square", "c1") == Chosen(Move.parse("a1-c1"), "Jump a1–c1", "c1") and draft.moving
    model = draft.model()
    assert model["path"] == ["a1", "c1"]
    piece = model["board"]["cells"]["c1"]["piece"]  # the piece drawn where it stands
    assert piece is not None and (piece.owner, piece.marked) == ("Red", False)
    assert model["board"]["cells"]["a1"]["piece"] is None
    assert marked(draft, "choice") == {str(sq) for sq in state.seat("Red").next_landings(draft.path)}
    draft.handle("square", "c3")
    assert [str(sq) for sq in draft.path] == ["a1", "c1", "c3"] and "e3" in marked(draft, "choice")
    assert draft.handle("square", "c1").action == Move.parse("a1-c1")  # back to the first landing
    assert [str(sq) for sq in draft.path] == ["a1", "c1"]
    draft.handle("square", "c3")
    draft.handle("square", "b4")  # not a landing: said, the chain kept
    assert "tap a marked square to jump on" in (draft.message or "") and len(draft.path) == 3
    draft.handle("offer-draw", "on")
    assert draft.handle("square", "c3").action == OfferDraw(Move.parse("a1-c1-c3"))


def test_a_tap_on_the_piece_where_it_stands_chooses_and_on_its_start_drops_the_chain() -> None:
    state = state_after("c1-c2", "e3-d3")
    draft = draft_of(state)
    for square in ("a1", "c1", "c3"):
        draft.handle("square", square)
    assert draft.handle("square", "a1") == CHANGED and draft.path == []
    for square in ("a1", "c1", "c3"):
        draft.handle("square", square)
    assert draft.handle("square", "c3").action == Move.parse("a1-c1-c3")


def test_a_chain_with_nowhere_further_to_go_is_chosen_whole() -> None:
    position = Position.parse("...../...../..w../..R../..... Red")  # one jump, then nothing
    state = type(GAME.new()).from_position(position, Options(first=RED), NAMES)
    draft = draft_of(state)
    draft.handle("square", "c2")
    assert draft.handle("square", "c4").action == Move.parse("c2-c4") and not draft.choices()


def test_refused_taps_are_said_in_words() -> None:
    draft = draft_of(state_after())
    draft.handle("square", "c3")
    assert draft.message == "c3: Pick one of your pieces first, then where it goes."
    draft.handle("square", "a5")
    assert "That is Bob's piece" in (draft.message or "")
    draft.handle("square", "c1")
    draft.handle("square", "c4")  # too far: the rules' words
    assert draft.message == "c1–c4: A piece steps to a square next to it or jumps over one piece next to it."


def test_the_last_move_its_path_and_its_enlightenment_are_drawn_and_said() -> None:
    state = state_after("c1-c2", "e3-d3", "a1-c1-c3-e3")
    model = draft_of(state, "White").model()
    assert model["last"] == ["a1", "c1", "c3", "e3"]
    assert model["effects"] == [Flip(("e3",))]
    assert model["last_text"] == "Last move: Ann, a1–c1–c3–e3 (enlightened)."
    assert model["board"]["cells"]["e3"]["label"] == "e3, edge, Red piece, enlightened"
    assert model["board"]["cells"]["c3"]["label"] == "c3, the centre (no tile), empty"
    assert model["progress"] == ["Bob: 0 of 8 enlightened, 0 on the edge",
                                 "Ann: 1 of 8 enlightened, 1 on the edge"]
    text = all_text(KIND.render_play(model, Frame("turn")))
    assert "Ann: 1 of 8 enlightened, 1 on the edge" in text
    plain = draft_of(state_after("c1-c2"), "White").model()
    assert plain["effects"] == []  # a step that enlightens nothing turns nothing over


def test_the_start_layout_is_an_option_and_the_e2e_game_is_a_win() -> None:
    table = Table(KIND, MemoryStorage(), rng=random.Random(1))
    table.restore()
    for name, value in (("first", "Red"), ("start", "B")):
        assert table.dispatch("field", name, value)
    table.dispatch("new-game")
    assert table.game.options.start is Layout.B and flat(table.model())["screen"] == "turn"
    state = state_after(*E2E_MOVES)
    assert state.outcome is not None and state.outcome.winner is RED
    assert KIND.outcome_text(state, Names(NAMES, KIND.sides)) == (
        "Ann wins: all eight pieces are enlightened and on the edge.")
    assert max(len(Move.parse(m).landings) for m in E2E_MOVES) >= 3
