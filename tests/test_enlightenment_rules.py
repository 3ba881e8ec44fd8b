"""Enlightenment, one test (or a few) per ruling: EN1–EN7 of RULINGS.md, the jump sequence's
rules (turning, no square twice, c3 mid-sequence) and the landing-by-landing helper."""

from __future__ import annotations

import pytest

from karo_play import kinds
from mortar.games.enlightenment import (
    CENTRE,
    EDGE,
    GAME,
    START,
    IllegalActionError,
    Layout,
    Move,
    Options,
    Outcome,
    Piece,
    Player,
    Position,
    RefusalCode,
    Square,
    State,
    Termination,
)
from mortar.kit.common import Resign
from mortar.kit.grid import NotationError

RED, WHITE = Player.RED, Player.WHITE
C = RefusalCode


def sq(text: str) -> Square:
    return Square.parse(text)


def at(position: str) -> State:
    """A game from a position's text (rows 5 to 1; r/R Red plain/enlightened, w/W White)."""
    return State.from_position(Position.parse(position), Options())


def moves(state: State, square: str) -> list[str]:
    return sorted(str(m) for m in state.moves_from(sq(square)))


def code(state: State, text: str) -> RefusalCode | None:
    refusal = state.refusal(Move.parse(text))
    return None if refusal is None else refusal.code


def landings(state: State, *path: str) -> list[str]:
    return sorted(str(s) for s in state.next_landings([sq(p) for p in path]))


# --- EN1 board -------------------------------------------------------------------------------


def test_en1_five_by_five_with_sixteen_edge_squares():
    assert Square.count() == 25 and str(Square.all()[-1]) == "e5" and len(EDGE) == 16
    assert sq("c3") is CENTRE and CENTRE not in EDGE
    with pytest.raises(NotationError):
        sq("f1")


def test_en1_the_tileless_centre_is_stepped_on_stood_on_and_jumped_over():
    state = at("...../...../..r../..W../....w Red")
    assert "c3-c4" in moves(state, "c3") and code(state, "c3-c1") is None  # from c3, over c2
    state = at("...../...../.rw../...../..... Red")
    assert code(state, "b3-c3") is not None and code(state, "b3-d3") is None  # c3 held: jump over it
    state = at("...../...../.r.../...../..... Red")
    state.apply(Move.parse("b3-c3"))
    assert state.at(CENTRE) == Piece(RED, True)


# --- EN2 pieces ------------------------------------------------------------------------------


def test_en2_eight_plain_pieces_each():
    state = GAME.new()
    for player in (RED, WHITE):
        pieces = state.pieces(player)
        assert len(pieces) == 8 and not any(lit for _, lit in pieces)


# --- EN3 start layouts -----------------------------------------------------------------------


@pytest.mark.parametrize("layout", list(Layout))
def test_en3_each_layout_fills_the_sixteen_edge_squares(layout):
    red, white = START[layout][RED], START[layout][WHITE]
    assert len(red) == len(white) == 8 and set(red) | set(white) == EDGE
    state = GAME.new(Options(layout))
    assert {s for s, _ in state.pieces(RED)} == set(red)


def test_en3_layout_a_is_the_default_and_symmetric_under_a_half_turn_with_colours_swapped():
    assert Options().start is Layout.A
    assert str(GAME.new().position) == "wwwww/w...w/r...w/r...r/rrrrr Red"

    def turned(s: Square) -> Square:
        return Square(4 - s.column, 6 - s.row)

    assert {turned(s) for s in START[Layout.A][RED]} == set(START[Layout.A][WHITE])


def test_en3_layouts_b_and_c():
    corners = {sq(s) for s in ("a1", "e1", "a5", "e5")}
    assert corners <= set(START[Layout.B][RED])
    assert str(GAME.new(Options(Layout.B)).position) == "rwrwr/w...w/r...r/w...w/rwrwr Red"
    assert str(GAME.new(Options(Layout.C)).position) == "wwwww/w...r/w...r/w...r/rrrrr Red"


# --- EN4 actions -----------------------------------------------------------------------------


def test_en4_a_step_goes_to_any_empty_neighbour():
    state = at("...../...../..r../...../..... Red")
    assert moves(state, "c3") == ["c3-b2", "c3-b3", "c3-b4", "c3-c2", "c3-c4", "c3-d2", "c3-d3", "c3-d4"]
    state = at("...../...../...../.w.../r.... Red")
    assert moves(state, "a1") == ["a1-a2", "a1-b1"]  # b2 is held, and no jump goes diagonally


def test_en4_jumps_are_orthogonal_over_one_neighbour_own_or_opponent():
    state = at("...../...../r..../rw.../r.... Red")
    assert code(state, "a2-a4") is None  # over an own piece
    assert code(state, "a2-c2") is None  # over an opponent's
    assert code(state, "a1-a3") is C.OCCUPIED
    state = at("...../...../...../.w.../r.... Red")
    assert code(state, "a1-c3") is C.DIAGONAL_JUMP


def test_en4_a_jump_sequence_may_turn_and_may_stop_anywhere():
    state = at("...../..w../.w.../w..../r.... Red")
    assert moves(state, "a1") == ["a1-a3", "a1-a3-c3", "a1-a3-c3-c5", "a1-b1", "a1-b2"]
    assert landings(state, "a1") == ["a3", "b1", "b2"]
    assert landings(state, "a1", "a3") == ["c3"]
    assert landings(state, "a1", "a3", "c3") == ["c5"]
    assert landings(state, "a1", "a3", "c3", "c5") == []
    assert landings(state, "a1", "b1") == []  # a step is a whole move
    assert landings(state, "a1", "a2") == [] and landings(state, "b1") == []


def test_en4_no_square_twice_in_one_move_its_start_included():
    state = at("...../...../.w.../w.w../rw... Red")
    assert "a1-a3-c3-c1" in moves(state, "a1") and "a1-c1-c3-a3" in moves(state, "a1")
    assert code(state, "a1-a3-c3-c1-a1") is C.REVISIT
    assert code(state, "a1-a3-c3-a3") is C.REVISIT
    assert landings(state, "a1", "a3", "c3", "c1") == []
    assert all(len(set(m.path)) == len(m.path) for m in state.legal_actions() if isinstance(m, Move))


def test_en4_a_step_and_jumps_are_not_combined():
    state = at("...../...../.w.../...../r.... Red")
    assert code(state, "a1-b1-b3") is C.STEP_IN_SEQUENCE
    state = at("...../...../...../.w.../.r... Red")
    assert code(state, "b1-b3") is None and code(state, "b1-b3-b4") is C.STEP_IN_SEQUENCE
    assert code(state, "b1-b3-c4") is C.STEP_IN_SEQUENCE


def test_en4_other_refusals():
    state = at("...../...../...../w..../r.... Red")
    assert code(state, "a1-a4") is C.NOT_A_MOVE
    assert code(state, "a1-c1") is C.NOTHING_TO_JUMP
    assert code(state, "a2-a3") is C.NOT_YOURS and code(state, "c3-c4") is C.NO_PIECE
    state = at("...../...../w..../w..../r.... Red")
    assert code(state, "a1-a3") is C.OCCUPIED and code(state, "a1-a2") is C.OCCUPIED


def test_en4_jumped_pieces_are_not_affected():
    state = at("...../...../...../W..../r.... Red")
    state.apply(Move.parse("a1-a3"))
    assert state.at(sq("a2")) == Piece(WHITE, True)
    state = at("...../...../...../w..../R.... Red")
    state.apply(Move.parse("a1-a3"))
    assert state.at(sq("a2")) == Piece(WHITE, False)


# --- EN5 enlightenment -----------------------------------------------------------------------


def test_en5_enlightened_by_stepping_onto_the_centre():
    state = at("...../...../...../.r.../..... Red")
    played = state.apply(Move.parse("b2-c3"))
    assert played.effect.enlightened and state.at(CENTRE) == Piece(RED, True)


def test_en5_enlightened_by_landing_on_the_centre_in_the_middle_of_a_sequence():
    state = at("...../..w../.w.../w..../r.... Red")
    played = state.apply(Move.parse("a1-a3-c3-c5"))
    assert played.effect.enlightened and state.at(sq("c5")) == Piece(RED, True)
    assert played.effect.over == (sq("a2"), sq("b3"), sq("c4"))


def test_en5_enlightened_by_jumping_an_enlightened_piece_of_either_colour():
    for over in ("W", "R"):
        state = at(f"...../...../...../{over}..../r.... Red")
        assert state.apply(Move.parse("a1-a3")).effect.enlightened
    state = at("...../...../...../w..../r.... Red")
    assert not state.apply(Move.parse("a1-a3")).effect.enlightened
    assert state.at(sq("a3")) == Piece(RED, False)


def test_en5_an_enlightened_piece_stays_so_and_gains_nothing():
    state = at("...../...../...../W.R../R.... Red")
    played = state.apply(Move.parse("a1-a3"))
    assert not played.effect.enlightened and state.at(sq("a3")) == Piece(RED, True)
    state = at("...../...../..R../...../..... Red")
    state.apply(Move.parse("c3-d4"))
    assert state.at(sq("d4")) == Piece(RED, True)


def test_en5_the_flip_is_automatic_and_only_the_moving_piece_changes():
    state = at("...../...../...../.r.../r.... Red")
    before = state.position
    state.apply(Move.parse("b2-c3"))
    changed = [s for s in Square.all() if state.at(s) != before.at(s)]
    assert changed == [sq("b2"), sq("c3")] and state.at(sq("a1")) == Piece(RED, False)


# --- EN6 winning -----------------------------------------------------------------------------


def test_en6_all_eight_enlightened_on_edge_squares_win_for_the_mover():
    state = at("wwwww/w...w/R...w/RR..R/.RRRR Red")
    state.apply(Move.parse("b2-a1"))
    assert state.outcome == Outcome(RED, Termination.ENLIGHTENED, 1)
    assert str(state.outcome) == "Red wins (all enlightened) after 1 turn"


def test_en6_the_last_piece_enlightened_by_the_winning_move_itself():
    state = at("wwwww/w...w/Rr.../RW..R/R.RRR Red")
    state.apply(Move.parse("b3-b1"))
    assert state.outcome == Outcome(RED, Termination.ENLIGHTENED, 1)


def test_en6_no_win_while_one_is_plain_or_off_the_edge():
    state = at("wwwww/w...w/R...w/Rr..R/.RRRR Red")
    state.apply(Move.parse("b2-a1"))
    assert state.outcome is None
    state = at("wwwww/w...w/R...w/RR..R/.RRRR Red")
    state.apply(Move.parse("b2-c3"))
    assert state.outcome is None


def test_en6_only_the_mover_can_win():
    # White's pieces would satisfy EN6; Red's move does not make White the winner.
    state = at("WWWWW/W...W/r...W/r...r/rrrr. Red")
    state.apply(Move.parse("d1-e1"))
    assert state.outcome is None


# --- EN7 no move and draws -------------------------------------------------------------------


def test_en7_a_player_always_has_a_move_so_the_pass_never_comes():
    """EN7 says a total block is "rare but possible"; it is impossible. A player without a move
    has no empty square within one step of a piece, nor two squares across from one (the square
    between is a neighbour, so it is occupied: a jump). For 8 pieces those squares, with the
    pieces' own, are always more than the 16 that are not empty (9 of 25 always are): an
    exhaustive search, pruned as soon as a set of pieces reaches 17 such squares."""
    def reach(square: Square) -> int:
        mask = 0
        for other in Square.all():
            dx, dy = abs(other.column - square.column), abs(other.row - square.row)
            if max(dx, dy) <= 1 or sorted((dx, dy)) == [0, 2]:
                mask |= 1 << other.index
        return mask

    masks = [reach(s) for s in Square.all()]

    def blockable(start: int, left: int, mask: int) -> bool:
        if left == 0:
            return True
        return any(bin(mask | masks[i]).count("1") <= 16 and blockable(i + 1, left - 1, mask | masks[i])
                   for i in range(start, 25 - left + 1))

    assert not blockable(0, 8, 0)
    assert blockable(0, 4, 0)  # the search finds what exists: 4 pieces can be walled in
    state = GAME.new()
    refusal = state.refusal(GAME.parse_action({"pass": True}, state.seat(RED)))
    assert refusal is not None and refusal.code is C.MUST_MOVE


def test_en7_a_third_repetition_draws():
    state = GAME.new()
    cycle = ["a3-b4", "e3-d2", "b4-a3", "d2-e3"]  # the pieces step out and back, still plain
    for move in cycle * 2:
        state.apply(Move.parse(move))
    assert state.outcome == Outcome(None, Termination.REPETITION, 8)


def test_en7_agreed_draw_and_resignation():
    state = GAME.new(Options(first=WHITE))
    state.apply(GAME.parse_action({"move": "e3-d3", "offer_draw": True}, state.seat(WHITE)))
    assert kinds(state.legal_actions())[-1:] == ["AcceptDraw"]
    assert state.refusal(Resign()) is None  # legal, not listed
    state.apply(GAME.parse_action({"accept_draw": True}, state.seat(RED)))
    assert state.outcome == Outcome(None, Termination.AGREED, 2)
    state = GAME.new()
    state.apply(GAME.parse_action({"resign": True}, state.seat(RED)))
    assert state.outcome == Outcome(WHITE, Termination.RESIGN, 1)
    with pytest.raises(IllegalActionError):
        state.apply(Move.parse("a3-b4"))
