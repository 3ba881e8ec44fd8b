"""How a game of Maršál a Špión ends (RULINGS R12) and the order of the end checks (RECORD.md:
the flag; then no hope; then the inactivity limit; and PAT at the start of the next turn)."""

from __future__ import annotations

import pytest

from marsal_games import BLUE, RED, arrange, new_game, play
from mortar.games.marsal_a_spion.actions import AcceptDraw, OfferDraw, RefusalCode, Resign
from mortar.games.marsal_a_spion.rules import Options, Outcome, Phase
from mortar.games.marsal_a_spion.rules import Termination as T

C = RefusalCode


def over(state, winner, reason, turns):
    assert state.outcome == Outcome(winner, reason, turns)
    assert state.to_play is None and state.phase is Phase.OVER and list(state.legal_actions()) == []
    assert state.refusal(Resign()).code is C.GAME_OVER


# --- R12.1 the flag -------------------------------------------------------------------------


def test_r12_1_capturing_the_flag_wins_at_once():
    state = arrange("E7:SCT A1:FLG", "E8:FLG J8:CPL")
    state.apply(play("E7xE8"))
    over(state, RED, T.FLAG_CAPTURED, 1)
    assert str(state.outcome) == "Red wins (flag captured) after 1 turn"


# --- R12.2 PAT ------------------------------------------------------------------------------


def test_r12_2_losing_the_last_movable_piece_in_an_own_attack_leaves_the_opponent_one_turn():
    state = arrange("E7:SPY A1:FLG", "J11:FLG E8:CPL")
    state.apply(play("E7xE8"))  # the Spy loses: Red has no movable piece left
    assert state.outcome is None and state.to_play is BLUE
    state.apply(play("E8-E7"))
    over(state, None, T.PAT, 2)  # tested at the start of Red's turn
    assert str(state.outcome) == "draw (PAT) after 2 turns"


def test_r12_2_in_that_turn_the_opponent_may_capture_the_flag():
    state = arrange("E7:SPY A1:FLG", "J11:FLG E8:CPL A2:CPL")
    state.apply(play("E7xE8"))
    state.apply(play("A2xA1"))
    over(state, BLUE, T.FLAG_CAPTURED, 2)


def test_r12_2_movable_pieces_that_are_all_blocked_are_pat_too():
    state = arrange("A1:CPL A2:MF B2:MF B1:MF J1:FLG", "J11:FLG E8:CPL", to_play=BLUE)
    assert state.forces(RED).movable  # Red has a movable piece ...
    state.apply(play("E8-E7"))
    over(state, None, T.PAT, 2)  # ... that cannot move


# --- R12.3 no hope --------------------------------------------------------------------------

SURROUNDED = ("A1:FLG A2:MF B1:MF", "J11:FLG J10:MF I11:MF")


def test_r12_3_when_neither_player_can_ever_capture_a_flag_the_game_is_drawn_at_once():
    # Both flags are surrounded by their minefields, and neither side has a Miner.
    state = arrange(f"{SURROUNDED[0]} E5:CPL", f"{SURROUNDED[1]} E6:SCT H6:CPL")
    state.apply(play("E5xE6"))
    over(state, None, T.NO_HOPE, 1)


def test_r12_3_a_miner_keeps_hope_alive():
    state = arrange(f"{SURROUNDED[0]} E5:CPL", f"{SURROUNDED[1]} E6:SCT H6:MIN")
    state.apply(play("E5xE6"))
    assert state.outcome is None


def test_r12_3_a_flag_not_surrounded_keeps_hope_alive():
    state = arrange("A1:FLG A2:MF E5:CPL", f"{SURROUNDED[1]} E6:SCT H6:CPL")
    state.apply(play("E5xE6"))
    assert state.outcome is None


# --- R12.4 draws by agreement ---------------------------------------------------------------


def test_r12_4_a_draw_is_offered_with_a_move_and_accepted_right_after():
    state = new_game()
    played = state.apply(OfferDraw(play("A4-A5")))
    assert played.offer_draw and state.draw_offer is RED and state.piece_at(play("A4-A5").end)
    assert any(isinstance(a, AcceptDraw) for a in state.legal_actions())
    state.apply(AcceptDraw())
    over(state, None, T.AGREED_DRAW, 2)


def test_r12_4_playing_on_declines_the_offer():
    state = new_game()
    state.apply(OfferDraw(play("A4-A5")))
    state.apply(play("A8-A7"))
    assert state.draw_offer is None
    assert not any(isinstance(a, AcceptDraw) for a in state.legal_actions())
    assert state.refusal(AcceptDraw()).code is C.NO_DRAW_OFFER
    state.apply(play("A5-B6"))
    assert state.refusal(AcceptDraw()).code is C.NO_DRAW_OFFER  # nor later


def test_r12_4_a_draw_is_offered_only_with_an_own_move_or_attack():
    state = new_game()
    assert state.refusal(AcceptDraw()).code is C.NO_DRAW_OFFER
    for action in (OfferDraw(Resign()), OfferDraw(AcceptDraw()), OfferDraw(OfferDraw(play("A4-A5")))):
        assert state.refusal(action).code is C.OFFER_WITHOUT_PLAY
    assert state.refusal(OfferDraw(play("A8-A7"))).code is C.NO_OWN_PIECE  # as the move is


def test_r12_4_an_offer_stands_only_for_the_opponent():
    state = new_game()
    state.apply(OfferDraw(play("A4-A5")))
    assert state.seat(BLUE).may_accept_draw() and not state.seat(RED).may_accept_draw()
    assert state.seat(RED).draw_offer is RED and state.seat(RED).refusal(AcceptDraw()).code is C.NOT_YOUR_TURN


# --- R12.5 resignation ----------------------------------------------------------------------


def test_r12_5_a_player_resigns_on_their_turn_and_the_opponent_wins():
    state = new_game()
    state.apply(play("A4-A5"))
    assert state.refusal(Resign()) is None  # legal (and, as every game's, not listed)
    state.apply(Resign())
    over(state, RED, T.RESIGNATION, 2)
    assert state.outcome.words() == "Blue resigned"


def test_r12_5_nobody_resigns_while_setting_up():
    state = new_game()
    state.setups.clear()  # as before the setups
    assert state.refusal(Resign()).code is C.SETTING_UP


# --- R12.6 the inactivity limit -------------------------------------------------------------


def test_r12_6_turns_without_an_attack_end_the_game_at_the_table_s_limit():
    state = new_game(options=Options(inactivity_limit=4))
    # Red's front row is the Spy, minefields and the flag (setup_with's table order).
    for text, quiet in [("A4-A5", 1), ("A8-A7", 2), ("A5-A6", 3), ("A7xA6", 0), ("A3-A4", 1)]:
        state.apply(play(text))
        assert state.inactivity == quiet and state.outcome is None
    for text in ("B8-B7", "A4-B5", "B7-C6"):
        state.apply(play(text))
    over(state, None, T.INACTIVITY, 8)
    assert state.outcome.words(state.options) == "4 turns without an attack"


@pytest.mark.parametrize("limit, ends_at", [(200, 200), (None, None)])
def test_r12_6_the_limit_is_200_turns_by_default_and_none_plays_on(limit, ends_at):
    state = new_game(options=Options(inactivity_limit=limit))
    moves = ["A4-A5", "A8-A7", "A5-A4", "A7-A8"]
    for turn in range(1, 301):
        state.apply(play(moves[(turn - 1) % 4]))
        if state.outcome is not None:
            break
    assert (state.outcome and state.outcome.turns) == ends_at
    assert Options().inactivity_limit == 200


# --- the order of the end checks ------------------------------------------------------------


def test_the_flag_is_checked_before_pat():
    state = arrange("E7:SCT A1:FLG", "E8:FLG J10:MF")  # Blue has nothing that moves
    state.apply(play("E7xE8"))
    over(state, RED, T.FLAG_CAPTURED, 1)


def test_no_hope_is_checked_before_pat():
    state = arrange("E7:SPY A1:FLG", "J11:FLG E8:MF")  # neither will have a movable piece
    state.apply(play("E7xE8"))
    over(state, None, T.NO_HOPE, 1)


def test_the_inactivity_limit_is_checked_before_pat():
    state = arrange("E5:CPL A1:FLG", "J11:FLG J10:MF", options=Options(inactivity_limit=1))
    state.apply(play("E5-E6"))
    over(state, None, T.INACTIVITY, 1)


def test_an_attack_resets_the_inactivity_count_so_no_hope_and_the_limit_never_meet():
    state = arrange(f"{SURROUNDED[0]} E5:CPL", f"{SURROUNDED[1]} E6:SCT H6:CPL",
                    options=Options(inactivity_limit=1))
    state.apply(play("E5xE6"))
    over(state, None, T.NO_HOPE, 1)
    assert state.inactivity == 0
