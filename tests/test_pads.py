"""RULINGS R13: the pad, one row per numbered turn, in A's and B's layouts."""

from games import new_game, turn
from mortar.games.mortar_hunt import Resign, Sacrifice, pad_for
from test_rules import _walled_in_game

A_START = ["C3/N", "E1/NE", "I2/NW"]
B_START = ["K9/S", "I9/S", "A8/SE"]


def test_first_row_holds_the_initial_positions():
    game = new_game(A_START, B_START)
    assert pad_for(game, "A").cells() == [["INITIAL POSITION", "C3/N", "E1/NE", "I2/NW", "", ""]]
    assert pad_for(game, "B").cells() == [["INITIAL POSITION", "", "K9/S", "I9/S", "A8/SE", ""]]


def test_move_star_shot_and_opponents_shot_in_each_layout():
    game = new_game(A_START, B_START)
    game.play([turn(3, "H3/N", (3, "H7")), turn(2, "I8/S", (2, "I3"))])
    assert pad_for(game, "A").cells()[1] == ["1", "", "", "H3/N *", "H7", "I3"]
    assert pad_for(game, "B").cells()[1] == ["1", "H7", "", "I8/S *", "", "I3"]


def test_star_alone_when_the_firing_piece_did_not_move_and_x_for_no_shot():
    game = new_game(A_START, B_START)
    game.play([turn(3, "H3/N", (1, "C7")), turn(2, "I8/S")])
    assert pad_for(game, "A").cells()[1] == ["1", "*", "", "H3/N", "C7", "X"]


def test_hit_is_circled_and_x_goes_in_the_row_of_the_loss_or_the_next_row():
    # B hits A's piece 3, which moved this turn: its cell holds the move, so X goes a row down.
    game = new_game(A_START, ["C8/S", "H8/S", "A8/SE"])
    game.play([turn(3, "H3/N"), turn(3, "A8/S", (2, "H3"))])
    rows = pad_for(game, "A").cells()
    assert rows[1] == ["1", "", "", "H3/N", "X", "(H3)"]
    assert rows[2] == ["2", "", "", "X", "", ""]
    # A hits B's piece 1 before B plays turn 2: the cell is free, X goes in B's row 2 itself.
    game.play([turn(2, "E2/NE", (1, "C8")), turn(2, "H8/SW")])
    rows = pad_for(game, "B").cells()
    assert rows[2] == ["2", "(C8)", "X", "H8/SW", "", "X"]
    assert pad_for(game, "A").cells()[2] == ["2", "*", "E2/NE", "X", "(C8)", "X"]


def test_wreck_cells_stay_blank_after_the_x():
    game = new_game(A_START, ["C8/S", "I9/S", "A8/SE"])
    game.play([turn(3, "H3/N", (1, "C8")), turn(2, "I8/S"), turn(3, "H3/NE"), turn(2, "I7/S")])
    rows = pad_for(game, "B").cells()
    assert [r[2] for r in rows] == ["C8/S", "X", ""]
    assert rows[1][1] == "(C8)"


def test_sacrifice_writes_x_under_the_piece_and_no_shot():
    game = _walled_in_game()
    game.apply(Sacrifice(1))
    row = pad_for(game, "A").cells()[8]
    assert row[0] == "8" and row[1] == "X" and row[4] == "X"
    assert pad_for(game, "B").cells()[8][1] == "X"  # B's opponent's-shot column: no shot


def test_resign_row_and_text_table():
    game = new_game(A_START, B_START)
    game.apply(Resign())
    assert pad_for(game, "A").cells()[1] == ["1", "", "", "", "X", ""]
    text = str(pad_for(game, "A"))
    assert text.splitlines()[0] == "Player A"
    assert "OPPONENT'S SHOT" in text.splitlines()[1]


def test_a_pad_at_any_step_is_read_from_the_final_log_and_its_last_turns_are_its_tail():
    import random

    from games import random_game
    from mortar.games.mortar_hunt import Record
    from mortar.games.mortar_hunt.pad import SeatPads, seat_pad
    from mortar.kit.replay import Replay

    for seed in range(6):
        game = random_game(random.Random(seed), max_actions=300)
        replay = Replay(Record.from_game(game))
        for player in ("A", "B"):
            pads = SeatPads(game.seat(player))
            for step in sorted({0, 1, 2, 3, len(replay) // 2, len(replay) - 1, len(replay)}):
                whole = seat_pad(replay.game_at(step).seat(player)).cells()
                assert pads.at(step).cells() == whole
                tail = pads.at(step, turns=4)
                assert tail.cells() == whole[len(whole) - len(tail.rows):]
                if tail.earlier:  # the turns left out are the rows above the first one shown
                    assert int(tail.rows[0].turn) == tail.earlier + 1
                    assert len(whole) == len(tail.rows) + tail.earlier + 1  # + the initial row
                else:
                    assert tail.cells() == whole
