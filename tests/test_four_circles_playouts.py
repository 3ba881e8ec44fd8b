"""Random games of Four Circles: its own invariants after every action (20 tiles, always one
side-connected board; pieces only on tiles; a jump flips the jumper, a step does not), the
action generator against a reference built from the refusals alone, and the helpers of a
two-part turn against the actions listed. What every KARO game shares is checked in
test_karo_playouts.py."""

from __future__ import annotations

import random

import pytest

from karo_play import playout
from mortar.games.four_circles import GAME, Cell, Move, Moved, Options, Place, Player, State, TileMove
from mortar.games.four_circles.board import connected

RED, WHITE = Player.RED, Player.WHITE


def invariants(state: State, action, played) -> None:
    position = state.position
    assert len(position.tiles) == 20 and connected(position.tiles)  # FC1, FC6
    assert all(c in position.tiles for c, _ in position.pieces)
    if isinstance(played.effect, Moved):
        moved = played.effect
        after = state.at(moved.to)
        assert after is not None and after.marked == (moved.piece.marked != moved.flipped)
        assert moved.flipped == (max(abs(moved.to.x - moved.frm.x), abs(moved.to.y - moved.frm.y)) == 2)
        assert moved.tile is None or moved.tile.to == moved.to


@pytest.mark.parametrize("seed", range(2))
def test_invariants_hold_after_every_action_of_random_games(seed):
    rng = random.Random(seed)
    state = playout(GAME, rng, Options(first=rng.choice([RED, WHITE])), offers=0.01, check=invariants)
    if state.outcome.winner is not None:
        assert list(state.position.lines(state.outcome.winner))


def reference(state: State) -> set[Move]:
    """Every piece move, with or without a tile move, that the refusals allow: all moves within
    two cells of an own piece, and each with every tile the pick-up rules allow put on its end."""
    position = state.position
    own = [c for c, p in position.pieces if p.player is state.to_play]
    ends = {Cell(c.x + dx, c.y + dy) for c in own for dx in range(-2, 3) for dy in range(-2, 3)}
    tiles = [t for t in position.tiles if position.pickup_refusal(t) is None]
    found = set()
    for frm in own:
        for to in ends:
            for tile in [None, *(TileMove(t, to) for t in tiles)]:
                move = Move(frm, to, tile)
                if state.refusal(move) is None:
                    found.add(move)
    return found


def test_the_listed_actions_are_exactly_what_the_refusals_allow():
    rng = random.Random(7)
    state = GAME.new()
    checked = 0
    while state.outcome is None and checked < 8:
        if not state.placing and rng.random() < 0.5:
            listed = state.legal_actions()
            moves = {a for a in listed if isinstance(a, Move)}
            assert len(moves) == sum(isinstance(a, Move) for a in listed)  # no duplicates
            assert moves == reference(state)
            checked += 1
        state.apply(state.random_action(rng))
    assert checked == 8


def test_the_two_part_turn_helpers_agree_with_the_actions():
    rng = random.Random(8)
    state = GAME.new()
    turns = 0
    while state.outcome is None and turns < 60:
        if not state.placing:
            moves = [a for a in state.legal_actions() if isinstance(a, Move)]
            with_tile = {m for m in moves if m.tile is not None}
            seat = state.seat(state.to_play)
            assert seat.movable_tiles() == state.movable_tiles() == sorted({m.tile.frm for m in with_tile})
            for tile in state.position.tiles:
                refusal = seat.tile_refusal(tile)
                assert (refusal is None) == (tile in state.movable_tiles())
                # With the game's 20 tiles a tile that may be picked up always has a cell a
                # piece can follow it to: the rest of FC6 never stops it (see the rules test).
                assert (refusal is None) == (state.position.pickup_refusal(tile) is None)
            for tile in state.movable_tiles():
                cells = seat.put_down_cells(tile)
                assert cells == sorted({m.to for m in with_tile if m.tile.frm == tile})
                for cell in cells:
                    assert set(seat.moves_onto(cell, tile)) == {m for m in with_tile
                                                                if m.tile.frm == tile and m.to == cell}
            for cell in {m.to for m in moves if m.tile is None}:
                assert set(seat.moves_onto(cell)) == {m for m in moves if m.tile is None and m.to == cell}
            turns += 1
        state.apply(state.random_action(rng))
    other = state.seat(WHITE if state.to_play is RED else RED)
    assert other.movable_tiles() == [] and other.put_down_cells(Cell(1, 1)) == []


def test_random_actions_are_uniform_over_the_listed_ones():
    state = GAME.new()
    rng = random.Random(3)
    while state.placing:
        state.apply(state.random_action(rng))
    listed = [a for a in state.legal_actions() if isinstance(a, Move)]
    seen = {state.position.random_action(random.Random(i)) for i in range(40 * len(listed))}
    assert seen == set(listed)
    assert all(isinstance(state.position.random_action(rng), Move) for _ in range(10))
    placing = GAME.new()
    assert isinstance(placing.random_action(rng), Place)
