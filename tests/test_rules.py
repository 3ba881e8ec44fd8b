"""One or more tests per ruling (RULINGS.md R1–R13), named in the rules' words."""

import contextlib

import pytest

from games import new_game, pos, sq, turn
from mortar.games.mortar_hunt import (
    IllegalActionError,
    Loadout,
    Move,
    Options,
    PieceType,
    Resign,
    Sacrifice,
    Setup,
    Square,
    State,
    Variant,
)
from mortar.games.mortar_hunt.moves import shot_targets

A_START = ["C3/N", "E1/NE", "I2/NW"]
B_START = ["K9/S", "I9/S", "A8/SE"]


def shooters_of(target: str, player: str, kind: PieceType = PieceType.HM) -> set[str]:
    """Squares from which some facing lets a piece of ``player`` hit ``target``."""
    from mortar.games.mortar_hunt import Facing, Position
    from mortar.games.mortar_hunt.rules import half_rows
    found = set()
    for square in (s for s in Square.all() if s.row in half_rows(player)):
        for facing in Facing:
            p = Position(square, facing)
            if sq(target).index in shot_targets(player, p.index, kind):
                found.add(str(square))
    return found


def rejected(game: State, action, words: str) -> None:
    before = game.copy()
    with pytest.raises(IllegalActionError, match=words):
        game.apply(action)
    assert game.history == before.history
    assert [game.position(p, n) for p in "AB" for n in (1, 2, 3)] == \
        [before.position(p, n) for p in "AB" for n in (1, 2, 3)]


# R1 Board -----------------------------------------------------------------------------------

def test_r1_j7_can_be_hit_from_exactly_e2_f3_g4_j2_j3_j4():
    assert shooters_of("J7", "A") == {"E2", "F3", "G4", "J2", "J3", "J4"}


def test_r1_b1_can_be_hit_by_b_only_from_b6_and_g6():
    assert shooters_of("B1", "B") == {"B6", "G6"}


def test_r1_row_5_is_the_obstacle_no_piece_stands_on_it():
    game = State()
    with pytest.raises(IllegalActionError, match="obstacle row"):
        game.place(Setup("A", (pos("C5/N"), pos("E1/NE"), pos("I2/NW"))))


def test_r1_each_player_places_in_their_own_half():
    game = State()
    with pytest.raises(IllegalActionError, match="not in A's half"):
        game.place(Setup("A", (pos("C6/N"), pos("E1/NE"), pos("I2/NW"))))
    game.place(Setup("A", tuple(map(pos, A_START))))
    with pytest.raises(IllegalActionError, match="not in B's half"):
        game.place(Setup("B", (pos("C4/N"), pos("E9/S"), pos("I9/S"))))


def test_r1_pieces_never_move_onto_or_through_row_5():
    game = new_game(["C4/N", "E1/NE", "I2/NW"], B_START)
    assert all(p.square.row != 5 for p in game.legal_moves(1))
    rejected(game, turn(1, "C5/N"), "C5 is on the obstacle row")
    rejected(game, turn(1, "C6/N"), "C6 is not in A's half")


# R2 Directions ------------------------------------------------------------------------------

def test_r2_diagonal_step_is_one_square_and_changes_row_and_column():
    game = new_game(["C3/NE", "E1/NE", "I2/NW"], B_START)
    assert pos("D4/NE") in game.legal_moves(1)
    # G7 is four diagonal squares away from C3/NE: in heavy-mortar range
    assert sq("G7") in game.legal_shots(1)


# R3 Setup -----------------------------------------------------------------------------------

def test_r3_three_pieces_on_three_distinct_squares():
    game = State()
    with pytest.raises(IllegalActionError, match="both on C3"):
        game.place(Setup("A", (pos("C3/N"), pos("C3/E"), pos("I2/NW"))))


def test_r3_a_places_before_b():
    game = State()
    with pytest.raises(IllegalActionError, match="cannot place"):
        game.place(Setup("B", tuple(map(pos, B_START))))


def test_r3_light_howitzer_range_is_5_to_7_heavy_mortar_3_to_5():
    hm = new_game(["H2/N", "E1/NE", "I2/NW"], B_START)
    assert [str(s) for s in hm.legal_shots(1)] == ["H6", "H7"]  # H5 is the obstacle
    lh = new_game(["H2/N", "E1/NE", "I2/NW"], B_START, a_types=[PieceType.LH] * 3)
    assert [str(s) for s in lh.legal_shots(1)] == ["H7", "H8", "H9"]


def test_r3_types_must_fit_a_fixed_loadout():
    game = State(Options(loadout=Loadout.ALL_HM))
    with pytest.raises(IllegalActionError, match="only heavy mortars"):
        game.place(Setup("A", tuple(map(pos, A_START)), (PieceType.LH,) * 3))


# R4 Turn order ------------------------------------------------------------------------------

def test_r4_a_plays_first_then_b_in_each_numbered_turn():
    game = new_game(A_START, B_START)
    assert (game.to_play, game.turn) == ("A", 1)
    game.apply(turn(3, "H3/N"))
    assert (game.to_play, game.turn) == ("B", 1)
    game.apply(turn(1, "K8/S"))
    assert (game.to_play, game.turn) == ("A", 2)


# R5 Moving ----------------------------------------------------------------------------------

def test_r5_e2_ne_to_f3_n_is_a_two_step_move():
    game = new_game(["C3/N", "E2/NE", "I2/NW"], B_START)
    assert pos("F3/N") in game.legal_moves(2)


def test_r5_up_to_three_steps_forward_or_turning():
    game = new_game(["C1/N", "E1/NE", "I2/NW"], B_START)
    moves = {str(p) for p in game.legal_moves(1)}
    assert {"C2/N", "C3/N", "C4/N", "C1/E", "C1/SE", "C1/W", "C1/SW", "D2/NE", "C2/NE"} <= moves
    assert "C1/N" not in moves  # the end position must differ from the start
    assert "C1/S" not in moves  # four turns
    assert "C5/N" not in moves  # four steps


def test_r5_backward_is_one_step_without_turning():
    game = new_game(["C3/N", "E1/NE", "I2/NW"], B_START)
    moves = {str(p) for p in game.legal_moves(1)}
    assert "C2/N" in moves
    assert "C1/N" not in moves  # two steps back
    assert "C2/E" not in moves  # back and turn


def test_r5_cannot_pass_through_own_piece_live_or_destroyed():
    game = new_game(["C1/N", "C2/E", "I2/NW"], B_START)
    assert not any(p.square == sq("C3") for p in game.legal_moves(1))
    rejected(game, turn(1, "C3/N"), "blocked")


def test_r5_cannot_end_on_own_piece():
    game = new_game(["C1/N", "C2/E", "I2/NW"], B_START)
    rejected(game, turn(1, "C2/N"), "taken by piece 2")


def test_r5_cannot_leave_the_board():
    game = new_game(["A1/W", "E1/NE", "I2/NW"], B_START)
    assert all(p.square == sq("A1") or p.square.column >= 0 for p in game.legal_moves(1))
    assert not any(p.square == sq("A2") and p.facing.name == "W" for p in game.legal_moves(1))


def test_r5_a_move_nobody_can_reach_in_three_steps_is_illegal():
    game = new_game(A_START, B_START)
    rejected(game, turn(2, "E4/NE"), "more than three steps")


def test_r5_must_move_exactly_one_live_piece():
    game = new_game(A_START, B_START)
    rejected(game, turn(1, "C3/N"), "must change the square or the facing")
    rejected(game, turn(4, "C3/E"), "no piece 4")


def test_r5_a_live_piece_can_always_turn_in_place():
    # boxed in by own pieces on every side it could step to
    game = new_game(["A1/S", "A2/N", "B1/E"], B_START)
    assert {pos("A1/SE"), pos("A1/SW")} <= set(game.legal_moves(1))


# R6 Shooting --------------------------------------------------------------------------------

def test_r6_shot_lands_3_to_5_along_the_facing_flying_over_row_5():
    game = new_game(["H2/N", "E1/NE", "I2/NW"], B_START)
    assert sq("H7") in game.legal_shots(1)


def test_r6_shot_must_land_on_the_opponents_half():
    game = new_game(["H1/N", "E1/NE", "I2/NW"], B_START)
    # H4 (own half) and H5 (obstacle) are in range; only H6 is on B's half
    assert [str(s) for s in game.legal_shots(1)] == ["H6"]
    rejected(game, turn(3, "H3/N", (1, "H4")), "own half")
    rejected(game, turn(3, "H3/N", (1, "H5")), "obstacle row")


def test_r6_out_of_range_shot_says_so_in_plain_words():
    game = new_game(A_START, ["K9/S", "H9/S", "A8/SE"])
    game.apply(turn(3, "H3/N"))
    rejected(game, turn(1, "K8/S", (2, "H2")),
             r"shot at H2 from H9/S is out of range for a heavy mortar \(3-5\)")


def test_r6_shot_not_along_the_facing_is_illegal():
    game = new_game(A_START, B_START)
    rejected(game, turn(3, "H3/N", (1, "D7")), "not along the piece's facing")


def test_r6_the_moved_piece_or_any_other_may_fire():
    game = new_game(A_START, B_START)
    game.apply(turn(3, "H3/N", (1, "C7")))
    game.apply(turn(1, "K8/S"))
    game.apply(turn(2, "E2/N", (2, "E7")))


def test_r6_at_most_one_shot_a_turn_from_a_live_piece():
    game = new_game(["C3/N", "E1/NE", "I2/NW"], ["C8/S", "I9/S", "A8/SE"])
    game.apply(turn(3, "H3/N", (1, "C8")))  # destroys B's piece 1
    rejected(game, turn(1, "C7/S", (2, "I4")), "piece 1 is destroyed")


# R7 Hits ------------------------------------------------------------------------------------

def test_r7_hit_destroys_the_piece_and_the_wreck_still_blocks():
    game = new_game(A_START, ["C8/S", "C9/S", "A8/SE"])
    played = game.apply(turn(3, "H3/N", (1, "C8")))
    assert played.hit and played.destroyed == 1
    assert not game.is_alive("B", 1)
    assert game.score("A") == 1
    # the wreck on C8 blocks B's piece 2 on C9 from moving south
    assert not any(p.square == sq("C8") or p.square == sq("C7") for p in game.legal_moves(2))


def test_r7_a_shot_at_a_wreck_is_a_miss():
    game = new_game(A_START, ["C8/S", "L9/S", "A8/SE"])
    game.apply(turn(3, "H3/N", (1, "C8")))
    game.apply(turn(2, "L8/S"))
    played = game.apply(turn(3, "H3/NE", (1, "C8")))
    assert played.hit is False and game.score("A") == 1


# R8 Skipping --------------------------------------------------------------------------------

def _skip_twice(game):
    game.apply(turn(3, "H3/N"))
    game.apply(turn(1, "K8/S"))
    game.apply(turn(3, "H3/NE"))
    game.apply(turn(1, "K7/S"))


def test_r8_after_two_skips_a_shot_is_compulsory():
    game = new_game(A_START, B_START)
    _skip_twice(game)
    assert game.must_shoot() and not game.may_skip()
    rejected(game, turn(3, "H3/N"), "must shoot this turn")
    assert all(t.shot is not None for t in game.legal_turns())


def test_r8_only_moves_that_leave_a_shot_are_allowed_when_obliged():
    # A's only live... every piece faces off-board or into the own half: only moves that aim count
    game = new_game(["A1/S", "L1/S", "F1/S"], B_START)
    game.apply(turn(1, "A1/SW"))
    game.apply(turn(1, "K8/S"))
    game.apply(turn(1, "A1/W"))
    game.apply(turn(1, "K7/S"))
    assert game.must_shoot()
    for piece in (1, 2, 3):
        for end in game.legal_moves(piece):
            assert game.legal_shots(piece, Move(piece, end))
    rejected(game, turn(1, "A1/S"), "no piece can shoot|must shoot")


def test_r8_a_shot_clears_the_obligation():
    game = new_game(A_START, B_START)
    _skip_twice(game)
    game.apply(turn(3, "H3/N", (1, "C7")))
    assert game.skips("A") == 0


# R9 Sacrifice -------------------------------------------------------------------------------

def _walled_in_game() -> State:
    """Craters game where A ends with one piece on A1, every neighbour a crater and every
    square it could aim at already shot: after two skips A must sacrifice it."""
    game = new_game(["A1/S", "F1/N", "A3/N"], ["A7/S", "B7/S", "K7/SW"], Variant.CRATERS)
    game.play([
        turn(2, "F2/N", (2, "F6")),       # A misses F6
        turn(3, "K7/S", (1, "A2")),       # B: crater on A2
        turn(2, "F2/NE", (3, "A6")),      # A misses A6
        turn(3, "K7/SW", (2, "B2")),      # B: crater on B2
        turn(2, "F2/N"),                  # A skips (1)
        turn(2, "B6/S", (2, "B1")),       # B: crater on B1
        turn(2, "F2/NE"),                 # A skips (2): must shoot next turn
        turn(1, "A8/S", (3, "F2")),       # B hits A's piece 2
        turn(1, "A1/SW", (3, "A7")),      # A fires: obligation cleared
        turn(2, "B6/SW", (1, "A3")),      # B hits A's piece 3
        turn(1, "A1/W"),                  # A skips (1)
        turn(3, "K7/W"),
        turn(1, "A1/NW"),                 # A skips (2)
        turn(3, "K7/NW"),
    ])
    return game


def test_r9_sacrifice_only_when_obliged_and_no_move_leaves_a_shot():
    game = new_game(A_START, B_START)
    rejected(game, Sacrifice(1), "need not shoot")
    _skip_twice(game)
    rejected(game, Sacrifice(1), "has a move that leaves a shot")


def test_r9_walled_in_player_must_sacrifice():
    game = _walled_in_game()
    assert game.must_shoot() and game.must_sacrifice()
    assert game.legal_moves(1) == []
    assert game.legal_actions() == [Sacrifice(1)]
    rejected(game, turn(1, "A1/N", (1, "A6")), "must sacrifice")
    rejected(game, Sacrifice(2), "piece 2 is destroyed")


def test_r9_sacrifice_is_the_whole_turn_reveals_the_square_and_scores():
    from mortar.games.mortar_hunt import player_view
    game = _walled_in_game()
    game.apply(Sacrifice(1))
    assert game.is_over and game.winner == "B" and game.score("B") == 3
    wrecks = player_view(game, "B")["enemy"]["wrecks"]
    assert {"square": "A1", "how": "sacrifice", "turn": 8} in wrecks


def test_r9_sacrifice_does_not_clear_the_obligation():
    # The sacrifice keeps the count of skipped shots: the obligation lasts until A fires.
    game = _walled_in_game()
    assert game.skips("A") == 2
    game.apply(Sacrifice(1))
    assert game.skips("A") == 2


# R10 End of game ----------------------------------------------------------------------------

def test_r10_the_game_ends_at_once_when_a_side_has_no_live_piece():
    game = new_game(["C3/N", "D3/N", "E3/N"], ["C8/S", "D8/S", "E8/S"])
    game.play([turn(2, "D3/NE", (1, "C8")), turn(2, "D8/SW"),
               turn(2, "D3/N", (2, "D8")), turn(3, "E8/SE"),
               turn(1, "C3/NE", (3, "E8"))])
    assert game.is_over and game.winner == "A" and game.end_reason == "destroyed"
    assert (game.score("A"), game.score("B"), game.turns_started) == (3, 0, 3)
    rejected(game, turn(3, "E8/S"), "the game is over")


def test_r10_turn_limit_ends_after_b_turn_n_and_can_be_drawn():
    game = new_game(A_START, B_START, turn_limit=1)
    game.apply(turn(3, "H3/N"))
    assert not game.is_over
    game.apply(turn(1, "K8/S"))
    assert game.is_over and game.winner == "draw" and game.end_reason == "turn limit"
    rejected(game, turn(3, "H3/NE"), "the game is over")


def test_r10_turn_limit_more_destroyed_wins():
    game = new_game(A_START, ["C8/S", "I9/S", "A8/SE"], turn_limit=1)
    game.apply(turn(3, "H3/N", (1, "C8")))
    game.apply(turn(2, "I8/S"))
    assert game.winner == "A" and game.score("A") == 1


def test_r10_resign_on_your_turn_the_opponent_wins():
    game = new_game(A_START, B_START)
    game.apply(turn(3, "H3/N"))
    game.apply(Resign())
    assert game.winner == "A" and game.end_reason == "resigned" and game.to_play is None


# R11 Craters --------------------------------------------------------------------------------

def test_r11_a_miss_leaves_a_crater_pieces_cannot_enter_or_pass():
    game = new_game(A_START, ["C9/S", "I9/S", "A8/SE"], Variant.CRATERS)
    game.apply(turn(3, "H3/N", (1, "C8")))  # miss: crater on C8
    assert game.craters() == [sq("C8")]
    assert not any(p.square in (sq("C8"), sq("C7"), sq("C6")) for p in game.legal_moves(1))
    rejected(game, turn(1, "C8/S"), "crater")


def test_r11_no_square_may_be_shot_at_twice():
    game = new_game(A_START, ["C9/S", "I9/S", "A8/SE"], Variant.CRATERS)
    game.apply(turn(3, "H3/N", (1, "C8")))
    game.apply(turn(2, "I8/S"))
    assert sq("C8") not in game.legal_shots(1)
    rejected(game, turn(3, "H3/NE", (1, "C8")), "shot at already")


def test_r11_classic_allows_shooting_a_square_twice():
    game = new_game(A_START, ["C9/S", "I9/S", "A8/SE"])
    game.apply(turn(3, "H3/N", (1, "C8")))
    game.apply(turn(2, "I8/S"))
    assert sq("C8") in game.legal_shots(1)


# R12 and R13 have their own test modules (test_views.py, test_pads.py).


# Building a move step by step (the UI's step controls) ----------------------------------------

def test_steps_e2_ne_forward_then_left_reaches_f3_n():
    game = new_game(["C3/N", "E2/NE", "I2/NW"], B_START)
    assert [str(p) for p in game.step_path(2, ["forward", "left"])] == ["F3/NE", "F3/N"]
    assert pos("F3/N") in game.legal_moves(2)


def test_steps_refuse_a_fourth_step_a_turn_after_back_and_blocked_squares():
    game = new_game(["C1/N", "C2/E", "I2/NW"], B_START)
    with pytest.raises(IllegalActionError, match="at most three"):
        game.step_path(1, ["left", "left", "left", "left"])
    with pytest.raises(IllegalActionError, match="step back is a whole move"):
        game.step_path(1, ["back", "left"])
    with pytest.raises(IllegalActionError, match="C2 is taken by piece 2"):
        game.step_path(1, ["forward"])
    steps = game.next_steps(1, [])
    assert steps["forward"] is None and steps["back"] is None
    assert steps["left"] == pos("C1/NW") and steps["right"] == pos("C1/NE")


def test_every_step_sequence_end_agrees_with_legal_moves():
    import itertools
    game = new_game(["C3/N", "E2/NE", "I2/NW"], ["K9/S", "I9/S", "A8/SE"])
    ends = set()
    for n in (1, 2, 3):
        for steps in itertools.product(["forward", "left", "right"], repeat=n):
            with contextlib.suppress(IllegalActionError):
                ends.add(game.step_path(2, list(steps))[-1])
    ends.add(game.step_path(2, ["back"])[-1])
    ends.discard(game.position("A", 2))
    assert ends == set(game.legal_moves(2))


def test_malformed_placements_are_refused_in_plain_words():
    from mortar.games.mortar_hunt import PieceType
    game = State()
    for junk in [None, Setup("A", ("C3/N", "E1/NE", "I2/NW")), Setup("A", (pos("C3/N"),)),
                 Setup("A", tuple(map(pos, A_START)), ("HM", "HM", "HM")),
                 Setup("A", tuple(map(pos, A_START)), (PieceType.HM,) * 2), Setup("C", ())]:
        assert game.setup_error(junk)
        with pytest.raises(IllegalActionError):
            game.place(junk)
    assert game.phase == "setup" and game.to_play == "A"


def test_move_error_names_the_obligation_and_square_error_the_half():
    game = new_game(["A1/S", "L1/S", "F1/S"], B_START)
    game.play([turn(1, "A1/SW"), turn(1, "K8/S"), turn(1, "A1/W"), turn(1, "K7/S")])
    assert game.must_shoot()
    assert "no piece could shoot, and A must shoot this turn" in game.move_error(turn(1, "A1/S").move)
    assert game.move_error(turn(1, "A1/N").move) is None
    assert game.square_error("A", sq("C5")) == "C5 is on the obstacle row"
    assert game.square_error("B", sq("C4")) == "C4 is not in B's half (rows 6-9)"
    assert game.square_error("A", sq("C4")) is None
