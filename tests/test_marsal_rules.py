"""Maršál a Špión's rules, a test per ruling (RULINGS R1–R11; the end of the game, R12, is in
test_marsal_end.py). Positions are set up legally, or arranged (marsal_games.arrange) where a
ruling needs a board few real games would reach soon."""

from __future__ import annotations

import pytest

from marsal_games import BLUE, RED, arrange, new_game, play, setup_with, sq
from mortar.games.marsal_a_spion.actions import (
    AcceptDraw,
    Attack,
    IllegalActionError,
    Move,
    NotationError,
    RefusalCode,
    Resign,
    Setup,
    parse_play,
)
from mortar.games.marsal_a_spion.board import (
    FORBIDDEN,
    PLAYABLE,
    PLAYERS,
    Square,
    home_squares,
)
from mortar.games.marsal_a_spion.pieces import ARMY, Clash, Piece, clash
from mortar.games.marsal_a_spion.rules import Phase
from mortar.games.marsal_a_spion.state import State
from mortar.kit.common import Pass

C = RefusalCode


def ends_from(state: State, start: str, kind: type = Move) -> set[str]:
    return {str(p.end) for p in state.legal_plays() if str(p.start) == start and type(p) is kind}


def code(state: State, action: object) -> RefusalCode:
    refusal = state.refusal(action)
    assert refusal is not None, f"{action} is legal"
    with pytest.raises(IllegalActionError):
        state.apply(action)
    return refusal.code  # type: ignore[return-value]


# --- R1 the board ---------------------------------------------------------------------------


def test_r1_the_board_is_10_by_11_with_104_playable_squares_and_40_home_squares_each():
    assert (Square.width, Square.height, Square.count()) == (10, 11, 110)
    assert sorted(map(str, FORBIDDEN)) == ["D5", "D6", "D7", "G5", "G6", "G7"]
    assert len(PLAYABLE) == 104
    assert {s.row for s in home_squares(RED)} == {1, 2, 3, 4}
    assert {s.row for s in home_squares(BLUE)} == {8, 9, 10, 11}
    assert [len(home_squares(p)) for p in PLAYERS] == [40, 40]


def test_r1_no_piece_enters_a_forbidden_square():
    state = arrange("C4:CPL A1:FLG", "J11:FLG")
    assert ends_from(state, "C4") == {"C5", "D4", "D3", "C3", "B3", "B4", "B5"}
    assert code(state, play("C4-D5")) is C.FORBIDDEN_SQUARE


def test_r1_a_scouts_line_stops_at_a_forbidden_square():
    state = arrange("D2:SCT A1:FLG", "J11:FLG D8:CPL")
    assert {e for e in ends_from(state, "D2") if e[0] == "D"} == {"D1", "D3", "D4"}
    refusal = state.refusal(play("D2xD8"))
    assert refusal is not None and refusal.code is C.BLOCKED and "D5" in refusal.message


# --- R2 directions and notation ------------------------------------------------------------


def test_r2_squares_moves_attacks_and_setups_parse_and_format():
    for text in ("A1", "C4", "J11"):
        assert str(Square.parse(text)) == text
    assert Move.parse("C4-D5") == Move(sq("C4"), sq("D5")) and str(Move(sq("C4"), sq("D5"))) == "C4-D5"
    assert Attack.parse("C4xC5") == Attack(sq("C4"), sq("C5")) and str(Attack.parse("A1xA11")) == "A1xA11"
    assert parse_play("C4-D5") == Move.parse("C4-D5") and parse_play("C4xC5") == Attack.parse("C4xC5")
    assert Move.parse("C4-C5") != Attack.parse("C4xC5")  # a move and an attack are not equal
    setup = setup_with(RED)
    assert Setup.parse(str(setup)) == setup and Setup.from_json(setup.to_json()) == setup


@pytest.mark.parametrize("text", ["", "C4", "C4-", "C4-D5-E6", "C4xC5xC6", "K1-A1", "c4-d5",
                                  "C4–D5", "A0-A1", "C4-D5 ", "A12xA11", "C4+D5", 5, None, ["C4-D5"]])
def test_r2_text_that_is_no_move_or_attack_raises_a_notation_error(text):
    with pytest.raises(NotationError):
        parse_play(text)


def test_r2_notation_errors_quote_only_a_short_prefix():
    with pytest.raises(NotationError) as error:
        parse_play("C4-" + "9" * 100_000)
    assert len(str(error.value)) < 120


# --- R3 pieces ------------------------------------------------------------------------------

TABLE = {  # R3: id -> (rank order, count, moves)
    "MAR": (1, 1, True), "GEN": (2, 1, True), "CPT": (3, 2, True), "CDT": (4, 3, True),
    "CPL": (5, 4, True), "RFL": (6, 5, True), "SCT": (7, 8, True), "MIN": (8, 6, True),
    "SPY": (9, 1, True), "MF": (None, 8, False), "FLG": (None, 1, False),
}


def test_r3_an_army_is_40_pieces_of_the_table_ranked_marshal_first_spy_last():
    movable = sorted((p for p in Piece if p.movable), key=lambda p: -p.rank)
    assert [p.id for p in movable] == [i for i, (order, _, _) in TABLE.items() if order]
    assert {p.id: (p.count, p.movable) for p in Piece} == {i: (n, m) for i, (_, n, m) in TABLE.items()}
    assert len(ARMY) == 40 and sum(p.movable for p in ARMY) == 31
    assert Piece.MINER.rank < Piece.SCOUT.rank  # unlike Stratego
    assert all(Piece.parse(p.id) is p for p in Piece)


# --- R4 setup -------------------------------------------------------------------------------


def test_r4_red_sets_up_then_blue_then_red_plays():
    state = State()
    assert (state.phase, state.to_play, list(state.legal_actions())) == (Phase.SETUP, RED, [])
    assert code(state, setup_with(BLUE)) is C.SETUP_SQUARES  # it is Red's setup that is due
    assert code(state, play("A4-A5")) is C.SETTING_UP
    assert code(state, Resign()) is C.SETTING_UP
    state.apply(setup_with(RED))
    assert (state.phase, state.to_play) == (Phase.SETUP, BLUE)
    state.apply(setup_with(BLUE))
    assert (state.phase, state.to_play, state.turns) == (Phase.PLAY, RED, 0)
    assert code(state, setup_with(RED)) is C.SET_UP_ALREADY
    assert [e.turn for e in state.history] == [0, 0]


def test_r4_any_arrangement_of_the_army_on_the_home_rows_is_a_setup():
    flag_in_front = setup_with(RED, "E4:FLG A1:MAR")
    assert State().refusal(flag_in_front) is None


def test_r4_a_setup_fills_exactly_the_home_rows_with_the_army():
    good = setup_with(RED).placement()
    outside = dict(good)
    del outside[sq("A1")]
    outside[sq("A5")] = good[sq("A1")]
    missing = dict(good)
    del missing[sq("J4")]
    two_marshals = {**good, sq("A1"): Piece.MARSHAL, sq("B1"): Piece.MARSHAL}
    no_pieces = Setup(())
    cases = [(outside, C.SETUP_SQUARES, "A5"), (missing, C.SETUP_SQUARES, "J4"),
             (two_marshals, C.SETUP_COUNTS, "2 Marshals")]
    for placement, expected, words in cases:
        refusal = State().refusal(Setup.of(placement))
        assert refusal is not None and refusal.code is expected and words in refusal.message
    assert State().refusal(no_pieces).code is C.SETUP_SQUARES  # type: ignore[union-attr]
    duplicated = Setup(((sq("A1"), Piece.FLAG), (sq("A1"), Piece.MINEFIELD)))
    assert "A1" in State().refusal(duplicated).message  # type: ignore[union-attr]


# --- R5 turns -------------------------------------------------------------------------------


def test_r5_red_plays_first_and_the_players_alternate_one_action_each():
    state = new_game()
    assert state.to_play is RED
    state.apply(play("A4-A5"))
    assert state.to_play is BLUE and state.turns == 1
    assert code(state, play("A5-A6")) is C.NO_OWN_PIECE  # Red's piece, Blue's turn
    state.apply(play("A8-A7"))
    assert state.to_play is RED and [e.turn for e in state.history[2:]] == [1, 2]


def test_r5_there_is_no_pass():
    state = new_game()
    assert code(state, Pass()) is C.MALFORMED
    assert all(isinstance(a, Move | Attack | Resign) for a in state.legal_actions())


# --- R6 movement ----------------------------------------------------------------------------


def test_r6_a_piece_steps_one_square_in_any_of_the_eight_directions():
    state = arrange("E3:CPL A1:FLG", "J11:FLG")
    assert ends_from(state, "E3") == {"E4", "F4", "F3", "F2", "E2", "D2", "D3", "D4"}
    assert code(state, play("E3-E5")) is C.NOT_A_SCOUT
    assert code(state, play("E3-G4")) is C.NOT_A_LINE


def test_r6_no_step_onto_an_own_piece_or_onto_an_enemy():
    state = arrange("E3:CPL F4:RFL A1:FLG", "J11:FLG E4:MIN")
    assert code(state, play("E3-F4")) is C.OCCUPIED
    refusal = state.refusal(play("E3-E4"))
    assert refusal is not None and refusal.code is C.OCCUPIED and "E3xE4" in refusal.message
    assert play("E3xE4") in state.legal_plays()


def test_r6_minefields_and_the_flag_never_move():
    state = arrange("C3:MF A1:FLG E5:CPL", "J11:FLG")
    assert ends_from(state, "C3") == ends_from(state, "A1") == set()
    assert code(state, play("C3-C4")) is C.IMMOVABLE
    assert code(state, play("A1-A2")) is C.IMMOVABLE


def test_r6_a_diagonal_step_between_pieces_or_past_a_forbidden_corner_is_allowed():
    state = arrange("B2:CPL B3:MF C2:MF C7:RFL A1:FLG", "J11:FLG")
    assert play("B2-C3") in state.legal_plays()
    assert play("C7-D8") in state.legal_plays()  # past the corner of D7
    state.apply(play("C7-D8"))
    assert state.piece_at(sq("D8")) == (RED, Piece.RIFLEMAN)


# --- R7 the scout ---------------------------------------------------------------------------


def test_r7_a_scout_runs_along_rows_and_columns_over_empty_squares_and_steps_one_diagonally():
    state = arrange("A4:SCT C4:MF J1:FLG", "J11:FLG A9:CPL")
    assert ends_from(state, "A4") == {"A5", "A6", "A7", "A8", "A3", "A2", "A1", "B4", "B5", "B3"}
    assert ends_from(state, "A4", Attack) == {"A9"}
    assert code(state, play("A4-C4")) is C.OCCUPIED
    assert code(state, play("A4-C6")) is C.NOT_A_LINE  # never more than one square diagonally
    assert code(state, play("A4-B6")) is C.NOT_A_LINE  # never a corner
    refusal = state.refusal(play("A4-E4"))
    assert refusal is not None and refusal.code is C.BLOCKED and "C4" in refusal.message


def test_r7_only_a_scout_runs_or_attacks_from_a_distance():
    state = arrange("A4:CPL J1:FLG", "J11:FLG A9:CPL")
    assert code(state, play("A4-A6")) is C.NOT_A_SCOUT
    assert code(state, play("A4xA9")) is C.NOT_A_SCOUT


@pytest.mark.parametrize("defender, result, scout_at, miner_at", [
    ("MIN", Clash.ATTACKER_WINS, "A9", None),  # wins: ends on the defender's square
    ("CPT", Clash.DEFENDER_WINS, None, "A9"),  # loses: removed from its starting square
    ("SCT", Clash.BOTH_REMOVED, None, None),
])
def test_r7_a_distance_attack_is_resolved_like_any_attack(defender, result, scout_at, miner_at):
    state = arrange("A4:SCT J1:FLG", f"J11:FLG A9:{defender}")
    played = state.apply(play("A4xA9"))
    assert played.clash is result
    assert state.piece_at(sq("A4")) is None
    at_a9 = state.piece_at(sq("A9"))
    if scout_at:
        assert at_a9 == (RED, Piece.SCOUT)
    elif miner_at:
        assert at_a9 == (BLUE, Piece.parse(defender))
    else:
        assert at_a9 is None
    assert [r.piece for r in state.tray] == list(_removed(result, Piece.SCOUT, Piece.parse(defender)))


def _removed(result: Clash, attacker: Piece, defender: Piece) -> tuple[Piece, ...]:
    if result is Clash.DEFENDER_WINS:
        return (attacker,)
    if result is Clash.BOTH_REMOVED:
        return (attacker, defender)
    return (defender,)


# --- R8 attacks -----------------------------------------------------------------------------


def test_r8_attacks_go_to_orthogonal_neighbours_only_never_own_pieces():
    state = arrange("E5:CPL E4:RFL A1:FLG", "J11:FLG E6:MIN F6:MIN F5:MIN")
    assert ends_from(state, "E5", Attack) == {"E6", "F5"}
    assert code(state, play("E5xF6")) is C.DIAGONAL_ATTACK
    assert code(state, play("E5xE4")) is C.NO_ENEMY
    assert code(state, play("E5xD5")) is C.FORBIDDEN_SQUARE


def test_r8_attacking_is_optional():
    state = arrange("E5:CPL A1:FLG", "J11:FLG E6:MIN")
    assert ends_from(state, "E5") == {"F6", "F5", "F4", "E4", "D4"}


def test_r8_minefields_and_the_flag_never_attack():
    state = arrange("E4:MF C4:FLG A1:CPL", "J11:FLG E5:MIN C5:MIN")
    assert code(state, play("E4xE5")) is C.IMMOVABLE
    assert code(state, play("C4xC5")) is C.IMMOVABLE
    assert ends_from(state, "E4", Attack) == ends_from(state, "C4", Attack) == set()


def test_r8_a_winning_attacker_moves_in_and_nothing_else_moves():
    state = arrange("E5:GEN E4:CPL A1:FLG", "J11:FLG E6:MIN E7:RFL")
    before = {s: state.piece_at(s) for s in PLAYABLE}
    played = state.apply(play("E5xE6"))
    assert played.clash is Clash.ATTACKER_WINS and played.removed[0].piece is Piece.MINER
    after = {s: state.piece_at(s) for s in PLAYABLE}
    changed = {str(s) for s in PLAYABLE if before[s] != after[s]}
    assert changed == {"E5", "E6"} and after[sq("E6")] == (RED, Piece.GENERAL)


# --- R9 resolving an attack ----------------------------------------------------------------

# RULINGS R9's matrix, as printed: rows are attackers, columns defenders.
MATRIX = """
| att \\ def | MAR | GEN | CPT | CDT | CPL | RFL | SCT | MIN | SPY | MF | FLG |
| MAR | T | A | A | A | A | A | A | A | **D** | D | W |
| GEN | D | T | A | A | A | A | A | A | A | D | W |
| CPT | D | D | T | A | A | A | A | A | A | D | W |
| CDT | D | D | D | T | A | A | A | A | A | D | W |
| CPL | D | D | D | D | T | A | A | A | A | D | W |
| RFL | D | D | D | D | D | T | A | A | A | D | W |
| SCT | D | D | D | D | D | D | T | A | A | D | W |
| MIN | D | D | D | D | D | D | D | T | A | **A** | W |
| SPY | **A** | D | D | D | D | D | D | D | T | D | W |
"""
LETTERS = {"A": Clash.ATTACKER_WINS, "D": Clash.DEFENDER_WINS, "T": Clash.BOTH_REMOVED,
           "W": Clash.FLAG_CAPTURED}


def matrix() -> list[tuple[Piece, Piece, Clash]]:
    lines = MATRIX.strip().splitlines()
    rows = [[cell.strip().strip("*") for cell in line.strip("|").split("|")] for line in lines]
    header, body = rows[0][1:], rows[1:]
    return [(Piece.parse(row[0]), Piece.parse(d), LETTERS[letter])
            for row in body for d, letter in zip(header, row[1:])]


def test_r9_the_matrix_has_every_attacker_against_every_defender():
    pairs = {(a, d) for a, d, _ in matrix()}
    assert len(pairs) == 9 * 11 and {a for a, _ in pairs} == {p for p in Piece if p.movable}


@pytest.mark.parametrize("attacker, defender, expected", matrix(),
                         ids=lambda v: str(v) if isinstance(v, Piece) else v.name[0])
def test_r9_an_attack_is_resolved_as_the_matrix_says(attacker, defender, expected):
    assert clash(attacker, defender) is expected
    flag = "J11:FLG" if defender is not Piece.FLAG else "I11:MF"
    state = arrange(f"E7:{attacker} A1:FLG", f"{flag} E8:{defender} J8:CPL")  # J8: no PAT for Blue
    played = state.apply(Attack(sq("E7"), sq("E8")))
    assert (played.clash, played.piece, played.defender) == (expected, attacker, defender)
    assert state.piece_at(sq("E7")) is None
    on_e8 = state.piece_at(sq("E8"))
    if expected in (Clash.ATTACKER_WINS, Clash.FLAG_CAPTURED):
        assert on_e8 == (RED, attacker)
    elif expected is Clash.DEFENDER_WINS:
        assert on_e8 == (BLUE, defender)
    else:
        assert on_e8 is None
    removed = _removed(expected, attacker, defender)
    assert [r.piece for r in played.removed] == [r.piece for r in state.tray] == list(removed)
    assert (state.outcome is not None) == (expected is Clash.FLAG_CAPTURED)


def test_r9_removed_pieces_go_to_the_tray_with_their_owner_handle_and_turn():
    state = arrange("E7:CPL A1:FLG", "J11:FLG E8:CPL")
    state.apply(play("E7xE8"))
    red, blue = sorted(state.tray, key=lambda r: r.player != RED)
    assert (red.player, red.piece, red.turn, blue.player, blue.piece) == (RED, Piece.CORPORAL, 1, BLUE,
                                                                          Piece.CORPORAL)
    assert blue.handle == sq("E8")


def test_r9_an_immovable_piece_has_no_attack_to_resolve():
    with pytest.raises(ValueError):
        clash(Piece.MINEFIELD, Piece.SPY)


# --- R10 minefields and miners --------------------------------------------------------------


def test_r10_a_minefield_removes_any_attacker_but_a_miner_and_stays():
    state = arrange("E7:MAR A1:FLG", "J11:FLG E8:MF")
    state.apply(play("E7xE8"))
    assert state.piece_at(sq("E8")) == (BLUE, Piece.MINEFIELD) and state.tray[0].piece is Piece.MARSHAL
    state = arrange("E7:MIN A1:FLG", "J11:FLG E8:MF")
    state.apply(play("E7xE8"))
    assert state.piece_at(sq("E8")) == (RED, Piece.MINER) and state.tray[0].piece is Piece.MINEFIELD


@pytest.mark.parametrize("flag, minefields, surrounded", [
    ("A1", "A2 B1", True),  # a corner: two side neighbours
    ("D4", "C4 E4 D3", True),  # D5 is forbidden: three side neighbours
    ("E2", "E3 D2 F2 E1", True),
    ("E2", "E3 D2 F2", False),
    ("E2", "D3 F3 D1 F1 E3 D2 F2", False),  # diagonal neighbours do not count
])
def test_r10_a_flag_is_surrounded_when_every_playable_side_neighbour_holds_an_own_minefield(
        flag, minefields, surrounded):
    red = " ".join([f"{flag}:FLG", *(f"{s}:MF" for s in minefields.split()), "J4:CPL"])
    state = arrange(red, "J11:FLG A11:CPL")  # Blue has no Miner
    assert state._hopeless(1) is surrounded


# --- R11 Spy and Marshal --------------------------------------------------------------------


def test_r11_the_marshal_dies_whenever_spy_and_marshal_meet():
    state = arrange("E7:SPY A1:FLG", "J11:FLG E8:MAR")
    state.apply(play("E7xE8"))
    assert state.piece_at(sq("E8")) == (RED, Piece.SPY)  # the Spy moves in
    state = arrange("E7:MAR A1:FLG", "J11:FLG E8:SPY")
    state.apply(play("E7xE8"))
    assert state.piece_at(sq("E8")) == (BLUE, Piece.SPY) and state.piece_at(sq("E7")) is None
    assert [r.piece for r in state.tray] == [Piece.MARSHAL]


def test_r11_every_other_movable_piece_beats_the_spy():
    for attacker in Piece:
        if attacker.movable and attacker not in (Piece.MARSHAL, Piece.SPY):
            assert clash(attacker, Piece.SPY) is Clash.ATTACKER_WINS


def test_accept_draw_and_resign_are_told_apart():
    # The kit's AcceptDraw() and Resign() are equal empty tuples; the rules go by their type.
    state = new_game()
    assert state.refusal(Resign()) is None and state.refusal(AcceptDraw()) is not None
