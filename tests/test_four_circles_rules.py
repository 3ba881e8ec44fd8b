"""Four Circles, one test (or a few) per ruling: FC1–FC8 of RULINGS.md, FC6's worked example
exactly, and the helpers of a two-part turn (movable tiles and why not, put-down cells, the
piece moves ending on a cell)."""

from __future__ import annotations

import random

import pytest

from karo_play import kinds
from mortar.games.four_circles import (
    GAME,
    START_TILES,
    Cell,
    IllegalActionError,
    Move,
    Options,
    Outcome,
    Pass,
    Piece,
    Place,
    Player,
    Position,
    RefusalCode,
    State,
    Termination,
    TileMove,
    parse_cell,
)
from mortar.kit.grid import NotationError

RED, WHITE = Player.RED, Player.WHITE
C = RefusalCode


def cell(text: str) -> Cell:
    return parse_cell(text)


def cells(*texts: str) -> list[Cell]:
    return sorted(map(cell, texts))


def drawn(rows: list[str], to_play: Player = RED, south_west: str = "a1") -> State:
    """A game from a drawing, north to south: . no tile, # empty tile, r/R Red, w/W White."""
    return State.from_position(Position.from_rows(rows, to_play, cell(south_west)), Options())


def code(state: State, text: str) -> RefusalCode | None:
    refusal = state.refusal(Move.parse(text) if "-" in text else Place.parse(text))
    return None if refusal is None else refusal.code


# A position of play on the 5 × 4 tiles, six pieces each; Red's b4, c4 and b3 are marked.
PLAY = ["wRR#w",
        "#R##w",
        "rr##w",
        "w#rw#"]


# --- FC1 the board ---------------------------------------------------------------------------


def test_fc1_twenty_tiles_as_five_by_four_on_an_unbounded_grid():
    assert {Cell(x, y) for x in range(1, 6) for y in range(1, 5)} == START_TILES
    assert GAME.new().position.tiles == START_TILES and len(START_TILES) == 20
    assert cell("a1") == Cell(1, 1) and cell("(6,0)") == Cell(6, 0) and cell("(-3,7)") == Cell(-3, 7)
    assert str(Cell(6, 0)) == "(6,0)" and str(Cell(2, 5)) == "(2,5)"  # one notation, on and off the start
    for text in ("a0", "A1", "(1, 1)", "(x,1)", "a01", ""):
        with pytest.raises(NotationError):
            cell(text)


def test_fc1_a_piece_stands_only_on_a_tile():
    assert code(drawn(PLAY), "a2-(0,2)") is C.NO_TILE


# --- FC2 pieces ------------------------------------------------------------------------------


def test_fc2_six_plain_pieces_each():
    state = GAME.new()
    while state.placing:
        state.apply(state.legal_actions()[0])
    for player in (RED, WHITE):
        pieces = state.pieces(player)
        assert len(pieces) == 6 and not any(p.marked for _, p in pieces)


# --- FC3 placement ---------------------------------------------------------------------------


def test_fc3_players_alternately_place_plain_pieces_on_free_tiles():
    state = GAME.new(Options(first=WHITE))
    assert kinds(state.legal_actions()) == [Place(c) for c in sorted(START_TILES)]
    state.apply(Place.parse("c2"))
    assert state.at(cell("c2")) == Piece(WHITE, False) and state.to_play is RED
    assert code(state, "c2") is C.OCCUPIED and code(state, "(6,1)") is C.NO_TILE
    assert code(state, "c2-c3") is C.PLACING
    assert len(state.legal_actions()) == 19  # the free tiles


def test_fc3_no_tile_moves_and_no_flips_while_placing():
    early = GAME.new()
    assert early.movable_tiles() == [] and early.tile_refusal(cell("a4")).code is C.PLACING
    state = GAME.new()
    for text in ("a1", "a2", "b2", "b1", "c1", "c2", "d1", "d2", "e1", "e2", "a3", "b3"):
        assert all(not isinstance(a, Move) for a in state.legal_actions())
        state.apply(Place.parse(text))
    assert not state.placing and all(not p.marked for _, p in state.position.pieces)
    assert code(state, "c3") is C.PLACED
    assert state.tile_refusal(cell("a4")) is None  # tiles move only now


# --- FC4 a turn ------------------------------------------------------------------------------


@pytest.mark.parametrize("first", [RED, WHITE])
def test_fc4_the_starting_player_takes_the_first_turn_of_play(first):
    state = GAME.new(Options(first=first))
    rng = random.Random(1)
    for _ in range(12):
        state.apply(state.random_action(rng))
    assert not state.placing and state.to_play is first


def test_fc4_a_tile_move_then_a_piece_move_that_must_end_on_the_moved_tile():
    state = drawn(PLAY)
    assert code(state, "a1>(0,2) a2-(0,2)") is C.PICKUP_PIECE  # a1 carries White's piece
    assert code(state, "e1>(0,2) a2-(0,2)") is None
    assert code(state, "e1>(0,2) a2-a3") is C.PUTDOWN_REACH  # the piece move ends elsewhere
    played = state.apply(Move.parse("e1>(0,2) a2-(0,2)"))
    assert played.effect.tile == TileMove(cell("e1"), Cell(0, 2))
    assert Cell(0, 2) in state.position.tiles and cell("e1") not in state.position.tiles
    assert state.at(Cell(0, 2)) == Piece(RED, False) and len(state.position.tiles) == 20


def test_fc4_the_piece_move_is_compulsory():
    state = drawn(PLAY)
    assert all(isinstance(a, Move) for a in state.position.actions())
    assert not any(isinstance(a, TileMove) for a in state.legal_actions())


# --- FC5 piece moves -------------------------------------------------------------------------


def test_fc5_a_step_to_a_neighbouring_free_tile_keeps_the_side():
    state = drawn(PLAY)
    wanted = ["b3-a3", "b3-b1", "b3-c2", "b3-c3"]
    assert sorted(state.moves_from(cell("b3"))) == sorted(map(Move.parse, wanted))
    played = state.apply(Move.parse("b3-a3"))
    assert not played.effect.flipped and state.at(cell("a3")) == Piece(RED, True)


def test_fc5_a_jump_over_one_piece_in_eight_directions_flips_the_jumper():
    state = drawn(["#####",
                   "#www#",
                   "#wrw#",
                   "#www#"])
    wanted = ["a2", "a4", "c4", "e2", "e4"]
    assert sorted(m.to for m in state.moves_from(cell("c2"))) == sorted(map(cell, wanted))
    played = state.apply(Move.parse("c2-c4"))
    assert played.effect.flipped and played.effect.over == cell("c3")
    assert state.at(cell("c4")) == Piece(RED, True) and state.at(cell("c3")) == Piece(WHITE, False)


def test_fc5_a_marked_jumper_turns_plain_and_there_are_no_chains():
    state = drawn(["#####",
                   "#w###",
                   "#R###",
                   "#####"])
    assert code(state, "b2-b4") is None and code(state, "b2-b6") is C.NOT_A_MOVE
    state.apply(Move.parse("b2-b4"))
    assert state.at(cell("b4")) == Piece(RED, False)


def test_fc5_other_refusals():
    state = drawn(PLAY)
    assert code(state, "b3-b5") is C.NO_TILE  # over b4, off the board
    assert code(state, "b2-d2") is C.NOTHING_TO_JUMP
    assert code(state, "a1-b1") is C.NOT_YOURS and code(state, "d2-d3") is C.NO_PIECE
    assert code(state, "a2-a2") is C.NOT_A_MOVE and code(state, "a2-c3") is C.NOT_A_MOVE
    assert code(state, "a2-b2") is C.OCCUPIED


# --- FC6 the tile move: the worked example ---------------------------------------------------

# Two earlier tile moves took e4 to f1, then d4 to f0; all tiles are empty (RULINGS FC6).
EXAMPLE = ["###...",
           "#####.",
           "#####.",
           "######",
           ".....#"]


def example() -> Position:
    return Position.from_rows(EXAMPLE, RED, Cell(1, 0))


def test_fc6_worked_example_the_movable_tiles():
    position = example()
    assert len(position.tiles) == 20
    movable = [t for t in sorted(position.tiles) if position.pickup_refusal(t) is None]
    assert movable == cells("a4", "c4", "e3", "a1", "(6,0)")


def test_fc6_worked_example_why_the_others_are_not():
    position = example()
    for tile in ("b4", "d3", "e1"):
        refusal = position.pickup_refusal(cell(tile))
        assert refusal is not None and refusal.code is C.PICKUP_SIDES and "1 free side" in refusal.message
    refusal = position.pickup_refusal(cell("f1"))
    assert refusal is not None and refusal.code is C.PICKUP_SEPARATES  # f0 would touch e1 by a corner
    assert position.pickup_refusal(cell("d4")).code is C.NO_TILE


def test_fc6_worked_example_the_put_down_cells():
    position = example()
    sites = position.tile_sites(cell("a1"))
    assert set(cells("b5", "c5", "d4", "f2", "(7,0)")) <= set(sites)
    assert cell("a1") not in sites and Cell(1, 0) not in sites  # its own cell; a0 touches only a1
    assert Cell(7, -1) not in sites and Cell(8, 0) not in sites  # a corner only; not beside at all
    assert Cell(1, 0) in position.tile_sites(cell("a4"))
    assert position.put_down_refusal(cell("a1"), cell("a1")).code is C.PUTDOWN_CELL
    assert position.put_down_refusal(cell("a1"), cell("b1")).code is C.PUTDOWN_CELL
    assert position.put_down_refusal(cell("a1"), Cell(1, 0)).code is C.PUTDOWN_SIDE
    assert position.put_down_refusal(cell("(6,0)"), Cell(7, 0)).code is C.PUTDOWN_SIDE
    assert position.put_down_refusal(cell("a1"), Cell(7, 0)) is None


def test_fc6_the_example_in_play_each_put_down_needs_a_piece_that_follows():
    # The example's tiles with twelve pieces; e3 carries White's. Red's d1 can step to d0 and e0.
    state = drawn(["###...",
                   "#Rrww.",
                   "wrrrw.",
                   "#wwr##",
                   ".....#"], south_west="(1,0)")
    assert state.movable_tiles() == cells("a4", "c4", "a1", "(6,0)")
    assert state.tile_refusal(cell("e3")).code is C.PICKUP_PIECE
    assert state.tile_refusal(cell("f1")).code is C.PICKUP_SEPARATES
    assert state.tile_refusal(cell("b4")).code is C.PICKUP_SIDES
    for_a4 = state.put_down_cells(cell("a4"))
    assert {Cell(4, 0), Cell(5, 0)} <= set(for_a4) and cell("b5") not in for_a4
    assert cell("b5") in state.position.tile_sites(cell("a4"))  # geometrically fine, unreachable
    assert Cell(5, 0) in state.put_down_cells(cell("(6,0)"))  # e0 shares a side with e1 too
    onto = state.moves_onto(Cell(4, 0), cell("a4"))
    # d1 steps down; d2 jumps over d1; b2 jumps over White's c1.
    assert sorted(m.frm for m in onto) == sorted(map(cell, ["b2", "d1", "d2"]))
    assert all(m.tile == TileMove(cell("a4"), Cell(4, 0)) and state.refusal(m) is None for m in onto)
    assert state.moves_onto(Cell(4, 0)) == []  # no tile there unless one is brought
    assert code(state, "a4>b5 b3-b5") is C.NOTHING_TO_JUMP


def test_fc6_at_the_start_only_the_four_corners_have_two_free_sides():
    position = GAME.new().position
    assert [t for t in sorted(position.tiles) if position.pickup_refusal(t) is None] == \
        cells("a1", "a4", "e1", "e4")


def test_fc6_no_tile_moves_where_no_piece_could_follow():
    # A study position (30 tiles: the game's 20 always leave a cell for a piece to follow a tile
    # to, see test_four_circles_playouts): Red's pieces are walled in by tiles.
    state = drawn(["####w#",
                   "#rr##w",
                   "#rr##w",
                   "#rr##w",
                   "w###w#"])
    assert state.position.pickup_refusal(cell("f5")) is None
    refusal = state.tile_refusal(cell("f5"))
    assert refusal is not None and refusal.code is C.PUTDOWN_REACH
    assert state.movable_tiles() == [] and state.put_down_cells(cell("f5")) == []
    assert all(m.tile is None for m in state.legal_actions() if isinstance(m, Move))
    assert state.legal_actions()  # the piece moves remain


def test_fc6_the_board_may_drift_and_a_tile_may_fill_a_hole():
    state = drawn(["#####.",
                   "##.##.",
                   "#rr##.",
                   "ww#ww#"])
    assert cell("c3") in state.put_down_cells(cell("e4"))
    state.apply(Move.parse("e4>c3 c2-c3"))
    assert cell("c3") in state.position.tiles and len(state.position.tiles) == 20


# --- FC7 winning -----------------------------------------------------------------------------


def test_fc7_a_jump_that_completes_four_marked_in_a_row_wins():
    state = drawn(["RRR##",
                   "###w#",
                   "###r#",
                   "#####"])
    state.apply(Move.parse("d2-d4"))
    assert state.outcome == Outcome(RED, Termination.FOUR, 1)
    assert str(state.outcome) == "Red wins (four in a line) after 1 turn"


def test_fc7_a_step_keeps_the_side_and_a_marked_jumper_turns_plain_so_no_four():
    state = drawn(["RRR##",
                   "###r#",
                   "#####",
                   "#####"])
    state.apply(Move.parse("d3-d4"))
    assert state.outcome is None
    state = drawn(["RRR##",
                   "###w#",
                   "###R#",
                   "#####"])
    state.apply(Move.parse("d2-d4"))
    assert state.outcome is None


def test_fc7_rows_columns_and_diagonals_of_four_or_more_marked_pieces():
    row = Position.from_rows(["RRRR#", "#####", "wwwww", "#wrrr"], WHITE)
    column = Position.from_rows(["R####", "R####", "R####", "R####"], WHITE)
    diagonal = Position.from_rows(["###R#", "##R##", "#R###", "R####"], WHITE)
    other_diagonal = Position.from_rows(["R####", "#R###", "##R##", "###R#"], WHITE)
    five = Position.from_rows(["RRRRR", "#####", "#####", "#####"], WHITE)
    plain = Position.from_rows(["RRRr#", "#####", "#####", "#####"], WHITE)
    gap = Position.from_rows(["RR#RR", "#####", "#####", "#####"], WHITE)
    for position in (row, column, diagonal, other_diagonal, five):
        assert position.winner(RED) == (RED, Termination.FOUR)
    for position in (plain, gap):
        assert position.winner(RED) is None
    assert list(five.lines(RED)) == [tuple(Cell(x, 4) for x in range(1, 6))]


def test_fc7_only_the_mover_can_win():
    state = drawn(["WWWW#",
                   "#####",
                   "r####",
                   "#####"])
    state.apply(Move.parse("a2-a1"))
    assert state.outcome is None


def test_fc7_lines_are_read_in_grid_coordinates_wherever_the_board_has_drifted():
    position = Position.from_rows(["RRRR", "####", "####", "####", "####"], WHITE, Cell(-7, -9))
    assert position.winner(RED) == (RED, Termination.FOUR)


# --- FC8 no move and draws -------------------------------------------------------------------


def test_fc8_a_third_repetition_draws():
    state = drawn(PLAY)
    cycle = ["b3-a3", "e3-d3", "a3-b3", "d3-e3"]  # steps out and back
    for move in cycle * 2:
        state.apply(Move.parse(move))
    assert state.outcome == Outcome(None, Termination.REPETITION, 8)


def test_fc8_repetition_compares_absolute_cells():
    here = Position.from_rows(PLAY, RED)
    there = Position.from_rows(PLAY, RED, cell("b1"))  # the same board one cell east
    assert here.key() != there.key()
    assert here.key() == Position.from_rows(PLAY, RED).key()


def test_fc8_a_player_without_a_piece_move_or_a_tile_move_passes():
    # Red's a1 is walled in; every tile that could move carries a piece.
    state = drawn(["w###w",
                   "w#w##",
                   "ww###",
                   "rww#w"])
    assert kinds(state.legal_actions()) == ["Pass"]
    state.apply(Pass())
    assert state.to_play is WHITE


def test_fc8_agreed_draw_and_resignation():
    state = drawn(PLAY)
    with pytest.raises(IllegalActionError):
        state.apply(Pass())
    state.apply(GAME.parse_action({"move": {"from": [2, 2], "to": [3, 3]}, "offer_draw": True},
                                  state.seat(RED)))
    state.apply(GAME.parse_action({"accept_draw": True}, state.seat(WHITE)))
    assert state.outcome == Outcome(None, Termination.AGREED, 2)
    state = drawn(PLAY)
    state.apply(GAME.parse_action({"resign": True}, state.seat(RED)))
    assert state.outcome == Outcome(WHITE, Termination.RESIGN, 1)
