"""Hopper and Sneaker, one test (or a few) per ruling: HS1–HS9 of RULINGS.md."""

from __future__ import annotations

import random
from math import comb

import pytest

from karo_play import kinds
from mortar.games.hopper_and_sneaker import (
    FAR_HALF,
    GAME,
    HOME,
    TARGET,
    Face,
    IllegalActionError,
    Move,
    Moved,
    Options,
    Outcome,
    Pass,
    Piece,
    Player,
    Position,
    RefusalCode,
    Setup,
    Square,
    State,
    Termination,
)
from mortar.kit.grid import NotationError

RED, WHITE = Player.RED, Player.WHITE
C = RefusalCode


def sq(text: str) -> Square:
    return Square.parse(text)


def names(squares) -> list[str]:
    return sorted(map(str, squares))


def at(position: str) -> State:
    """A game in play from a position's text (rows 8 to 1; S/H Red, s/h White)."""
    return State.from_position(Position.parse(position), Options())


def refused(state: State, text: str) -> RefusalCode | None:
    refusal = state.refusal(Move.parse(text))
    return None if refusal is None else refusal.code


def ends(state: State, square: str) -> list[str]:
    return names(m.to for m in state.moves_from(sq(square)))


def started(red: str | None = None, white: str | None = None, **options) -> State:
    """A game after both setups: ``red``, ``white`` the faces on the home squares in board
    order; when not given, the first legal arrangement."""
    state = GAME.new(Options(**options))
    for _ in range(2):
        faces = red if state.to_play is RED else white
        state.apply(state.legal_actions()[0] if faces is None else Setup.home(state.to_play, faces))
    return state


# --- HS1 the board ---------------------------------------------------------------------------


def test_hs1_the_board_is_three_columns_by_eight_rows_seen_from_red():
    assert Square.count() == 24 and str(Square.all()[0]) == "a1" and str(Square.all()[-1]) == "c8"
    for text in ("d1", "a9", "a0", "A1", ""):
        with pytest.raises(NotationError):
            sq(text)


def test_hs1_homes_targets_and_far_halves():
    assert names(HOME[RED]) == ["a1", "a2", "b1", "b2", "c1", "c2"]
    assert names(HOME[WHITE]) == ["a7", "a8", "b7", "b8", "c7", "c8"]
    assert TARGET[RED] == HOME[WHITE] and TARGET[WHITE] == HOME[RED]
    assert {s.row for s in FAR_HALF[RED]} == {5, 6, 7, 8}
    assert {s.row for s in FAR_HALF[WHITE]} == {1, 2, 3, 4}


# --- HS2 pieces ------------------------------------------------------------------------------


def test_hs2_six_pieces_each_a_sneaker_is_plain_and_a_hopper_marked():
    state = started()
    assert all(len(state.pieces(p)) == 6 for p in (RED, WHITE))
    assert Face.SNEAKER.value == "S" and Face.HOPPER.value == "H"
    assert Face.SNEAKER.flipped is Face.HOPPER and Face.HOPPER.flipped is Face.SNEAKER


# --- HS3 setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("first", [RED, WHITE])
def test_hs3_the_starting_player_arranges_first_then_the_other_then_the_starting_player_moves(first):
    state = GAME.new(Options(first=first))
    assert state.setting_up and state.to_play is first
    state.apply(Setup.home(first, "SHSHSH"))
    assert state.setting_up and state.to_play is first.opponent
    # In the open: the other player sees the first arrangement while arranging.
    assert state.seat(first.opponent).position.pieces(first) == state.pieces(first)
    state.apply(Setup.home(first.opponent, "HHHSSS"))
    assert not state.setting_up and state.to_play is first and state.turns == 0
    assert [p.action.player for p in state.setups] == [first, first.opponent]


@pytest.mark.parametrize("hoppers", range(7))
def test_hs3_each_arrangement_of_the_agreed_hopper_count_is_a_legal_setup(hoppers):
    state = GAME.new(Options(hoppers))
    setups = state.legal_actions()
    assert len(setups) == comb(6, hoppers) == len(set(setups))
    assert all(isinstance(s, Setup) and s.hoppers == hoppers and s.player is RED for s in setups)


def test_hs3_a_setup_fills_exactly_the_home_squares_with_the_agreed_count():
    state = GAME.new(Options(first=RED))
    cases = {
        "a1=S b1=S c1=S a2=H b2=H a3=H": C.NOT_HOME,
        "a1=S b1=S c1=S a2=H b2=H": C.MISSING_SQUARE,
        "a1=S a1=H b1=S c1=S a2=H b2=H c2=H": C.SQUARE_TWICE,
        "a1=S b1=S c1=H a2=H b2=H c2=H": C.HOPPER_COUNT,
    }
    for text, code in cases.items():
        refusal = state.refusal(Setup.parse(RED, text))
        assert refusal is not None and refusal.code is code, text
    refusal = state.refusal(Setup.home(WHITE, "SSSHHH"))
    assert refusal is not None and refusal.code is C.NOT_YOUR_TURN
    refusal = state.refusal(Move.parse("a1-a2"))
    assert refusal is not None and refusal.code is C.SETTING_UP
    assert state.refusal(Setup.parse(RED, "c2=H b2=H a2=H c1=S b1=S a1=S")) is None


def test_hs3_advanced_variant_any_agreed_count_from_none_to_six():
    state = started("SSSSSS", "SSSSSS", hoppers=0)
    assert all(face is Face.SNEAKER for _, face in state.pieces(RED))
    with pytest.raises(ValueError):
        Options(hoppers=7)


def test_hs3_secret_setup_hides_the_first_arrangement_until_both_are_made():
    state = GAME.new(Options(first=RED, secret_setup=True))
    state.apply(Setup.home(RED, "SHSHSH"))
    white = state.seat(WHITE)
    assert white.position.pieces(RED) == [] and list(white.setups()) == state.legal_actions()
    assert state.seat(RED).position.pieces(RED) == state.pieces(RED)
    state.apply(Setup.home(WHITE, "SHSHSH"))
    assert state.seat(WHITE).position == state.position  # revealed together


def test_hs3_no_move_pass_draw_or_resignation_before_both_have_arranged():
    state = GAME.new()
    assert all(isinstance(a, Setup) for a in state.legal_actions())
    for action in (Pass(), GAME.parse_action({"resign": True}, state.seat(RED))):
        refusal = state.refusal(action)
        assert refusal is not None and refusal.code is C.SETTING_UP


# --- HS4 actions ------------------------------------------------------------------------------


def test_hs4_a_turn_moves_one_own_piece_backward_and_sideways_allowed():
    state = at(".../.../.../.../.S./.../.../... Red")
    assert ends(state, "b4") == ["a3", "a4", "a5", "b3", "b5", "c3", "c4", "c5"]
    state = at(".../.../.../.../.s./.../.../... Red")
    assert refused(state, "b4-b5") is C.NOT_YOURS and refused(state, "a1-a2") is C.NO_PIECE


# --- HS5 Sneaker ------------------------------------------------------------------------------


def test_hs5_a_sneaker_steps_to_an_empty_neighbour_and_becomes_a_hopper():
    state = at(".../.../.../.H./.S./.../.../... Red")
    assert ends(state, "b4") == ["a3", "a4", "a5", "b3", "c3", "c4", "c5"]  # b5 is taken
    assert refused(state, "b4-b5") is C.OCCUPIED
    assert refused(state, "b4-b6") is C.NOT_A_STEP  # a Sneaker never jumps
    played = state.apply(Move.parse("b4-a3"))
    assert played.effect == Moved(Piece(RED, Face.SNEAKER), sq("b4"), sq("a3"), (), Face.HOPPER)
    assert state.at(sq("a3")) == Piece(RED, Face.HOPPER) and state.at(sq("b4")) is None


# --- HS6 Hopper -------------------------------------------------------------------------------


def test_hs6_a_hopper_jumps_a_run_of_pieces_to_the_first_empty_square_in_eight_directions():
    state = at(".../.../.s./.S./.H./SsS/.../... Red")
    # b4 jumps N over b5 b6 to b7, S over b3 to b2, diagonally over a3 / c3 to... the edge.
    assert ends(state, "b4") == ["b2", "b7"]
    state.apply(Move.parse("b4-b7"))
    assert state.at(sq("b7")) == Piece(RED, Face.SNEAKER)  # flipped after the jump
    assert state.at(sq("b5")) == Piece(RED, Face.SNEAKER) and state.at(sq("b6")) == Piece(WHITE, Face.SNEAKER)
    assert state.history[-1].effect.over == (sq("b5"), sq("b6"))


def test_hs6_diagonal_jumps_are_allowed():
    state = at(".../.../.../.../.../.../.s./H.. Red")
    assert ends(state, "a1") == ["c3"]
    state = at(".../.../.../.../.../..s/.S./H.. Red")
    assert ends(state, "a1") == []  # the run b2 c3 reaches the edge


def test_hs6_a_hopper_never_steps_and_lands_only_on_the_first_empty_square():
    state = at(".../.../.../.../.../.s./.S./HH. Red")
    assert refused(state, "b1-c1") is C.HOPPER_STEPS
    assert refused(state, "b1-a2") is C.HOPPER_STEPS
    assert refused(state, "b1-b5") is C.WRONG_LANDING  # one jump per turn: b4 is the landing
    assert refused(state, "a1-a3") is C.NOTHING_TO_JUMP
    assert refused(state, "b1-c4") is C.NOT_STRAIGHT
    assert refused(state, "b1-b1") is C.NOT_STRAIGHT
    assert refused(state, "b1-b4") is None


def test_hs6_a_run_that_reaches_the_edge_gives_no_jump_and_a_hopper_without_a_jump_cannot_move():
    state = at("s../s../H../.../.../.../.../... Red")
    assert refused(state, "a6-a8") is C.NO_LANDING and ends(state, "a6") == []


# --- HS7 winning ------------------------------------------------------------------------------


def test_hs7_all_home_wins_in_any_mix_of_faces():
    state = at("SHS/S.H/.S./.../sss/sss/.../... Red")
    state.apply(Move.parse("b6-b7"))
    assert state.outcome == Outcome(RED, Termination.HOME, 1)


def test_hs7_blockade_targets_full_one_held_by_the_opponent_the_rest_in_the_far_half():
    state = at("hSS/SSS/.../.../.S./sss/ss./... Red")
    assert not state.position.blockade(RED)
    state.apply(Move.parse("b4-b5"))
    assert state.outcome == Outcome(RED, Termination.BLOCKADE, 1)


def test_hs7_no_blockade_while_an_own_piece_is_outside_the_far_half_or_a_target_is_empty():
    assert not Position.parse("hSS/SSS/.../.../.S./sss/ss./... Red").blockade(RED)
    assert not Position.parse("h.S/SSS/.S./S../.../sss/ss./... Red").blockade(RED)


def test_hs7_the_blockade_is_a_state_and_a_move_can_hand_the_opponent_the_win():
    # White steps back into his own home (HS8's example): Red's targets are now full, one of
    # them by a White piece that left and came back, and Red wins on White's move.
    state = at("SSS/.SS/s../.S./.../sss/ss./... White")
    state.apply(Move.parse("a6-a7"))
    assert state.outcome == Outcome(RED, Termination.BLOCKADE, 1)


def test_hs7_the_mover_is_checked_before_the_opponent():
    position = Position.parse("SSS/S.S/.S./.../.../.../.../hhh Red")
    assert position.winner(RED) is None and not position.all_home(WHITE)
    # After Red's move both "all home" for Red and nothing for White: the mover wins.
    state = State.from_position(position, Options())
    state.apply(Move.parse("b6-b7"))
    assert state.outcome == Outcome(RED, Termination.HOME, 1)


# --- HS8 at most one winner (the reasoning, checked over random playouts) -----------------------


def test_hs8_a_move_makes_at_most_one_winner_over_random_playouts():
    rng = random.Random(8)
    checked = 0
    for _ in range(12):
        state = started(hoppers=rng.randint(0, 6), first=rng.choice([RED, WHITE]))
        while state.outcome is None:
            mover = state.to_play
            before = state.position
            state.apply(state.random_action(rng))
            after = state.position
            if mover is None or isinstance(state.history[-1].action, Pass):
                continue
            opponent = mover.opponent
            assert not (after.all_home(opponent) and not before.all_home(opponent))
            assert not (after.all_home(mover) and after.blockade(opponent))
            assert not (after.blockade(mover) and after.all_home(opponent))
            assert not (after.blockade(mover) and after.blockade(opponent))
            checked += 1
    assert checked > 1000


# --- HS9 no move and draws --------------------------------------------------------------------


def test_hs9_a_player_without_a_move_passes():
    state = at(".Hs/H.h/..h/..s/Hhs/.../H.H/.H. Red")
    assert kinds(state.legal_actions()) == ["Pass"]
    with pytest.raises(IllegalActionError):
        state.apply(Move.parse("a2-a3"))
    state.apply(Pass())
    assert state.to_play is WHITE and state.outcome is None


def test_hs9_both_without_a_move_draw_by_two_passes():
    state = at("hhh/..H/h.H/..H/..H/h.H/..H/..h Red")
    state.apply(Pass())
    state.apply(Pass())
    assert state.outcome == Outcome(None, Termination.DOUBLE_PASS, 2)


def test_hs9_a_third_repetition_draws():
    # Each side walks one piece round a square of four moves (step, jump, step, jump: the
    # faces come back too) over two pieces that stay put.
    state = at("sh./.h./.../sss/SSS/.../.S./SS. Red")
    cycle = ["a1-a2", "a8-a7", "a2-c2", "a7-c7", "c2-c1", "c7-c8", "c1-a1", "c8-a8"]
    for move in cycle + cycle[:-1]:
        state.apply(Move.parse(move))
    assert state.outcome is None and state.occurrences() == 2
    state.apply(Move.parse(cycle[-1]))
    assert state.outcome == Outcome(None, Termination.REPETITION, 16)


def test_hs9_agreed_draws_and_resignation():
    state = started("SSSHHH", "SSSHHH", first=WHITE)
    state.apply(GAME.parse_action({"move": "b7-b6", "offer_draw": True}, state.seat(WHITE)))
    state.apply(GAME.parse_action({"accept_draw": True}, state.seat(RED)))
    assert state.outcome == Outcome(None, Termination.AGREED, 2)
    state = started(first=RED)
    state.apply(GAME.parse_action({"resign": True}, state.seat(RED)))
    assert state.outcome == Outcome(WHITE, Termination.RESIGN, 1)
    assert str(state.outcome) == "White wins (resignation) after 1 turn"
