"""The seat of Maršál a Špión (RULINGS R13, R14): what one player may know, as a value, and that
player's questions answered from it alone.

1. What attacks show, both ways, and how knowledge follows a piece as it moves.
2. Twin games that differ only in what a player may not know (two of the opponent's pieces
   that player never saw, swapped in the setup; the same actions) give that player EQUAL seats
   with equal hashes, for both players, after every action and during the setup.
3. On random games the seat answers its player's questions exactly as the state does.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marsal_games import BLUE, RED, arrange, new_game, play, random_game, sq
from mortar.games.marsal_a_spion.actions import (
    AcceptDraw,
    IllegalActionError,
    Move,
    OfferDraw,
    RefusalCode,
    Resign,
    Setup,
    random_setup,
)
from mortar.games.marsal_a_spion.board import PLAYERS, Player, Square
from mortar.games.marsal_a_spion.pieces import Clash, Piece
from mortar.games.marsal_a_spion.rules import Phase
from mortar.games.marsal_a_spion.state import State

# --- 1. what attacks show -------------------------------------------------------------------


def enemy(state: State, viewer: Player, square: str):
    found = state.seat(viewer).enemy_at(sq(square))
    assert found is not None, f"no enemy piece on {square}"
    return found


def test_the_attacker_sees_the_defender_and_a_winning_attacker_stays_hidden():
    state = arrange("E7:GEN A1:FLG", "J11:FLG E8:CPL J8:CPL")
    state.apply(play("E7xE8"))
    red, blue = state.seat(RED), state.seat(BLUE)
    assert red.log[-1].learned is Piece.CORPORAL and red.log[-1].clash is Clash.ATTACKER_WINS
    assert blue.log[-1].learned is None  # "the value of the attacking piece stays hidden"
    general = enemy(state, BLUE, "E8")
    assert (general.known, general.moved, general.ran) == (None, True, False)
    assert [(r.player, r.piece) for r in blue.tray] == [(BLUE, Piece.CORPORAL)]


def test_a_defender_that_survives_is_known_to_the_attacker_and_a_beaten_attacker_to_the_defender():
    state = arrange("E7:CPL A1:FLG", "J11:FLG E8:GEN")
    state.apply(play("E7xE8"))
    assert enemy(state, RED, "E8").known is Piece.GENERAL
    assert state.seat(RED).log[-1].learned is Piece.GENERAL
    assert state.seat(BLUE).log[-1].learned is Piece.CORPORAL  # handed over (R13)
    assert [r.piece for r in state.seat(BLUE).tray] == [Piece.CORPORAL]


def test_knowledge_follows_the_piece_as_it_moves():
    state = arrange("E7:CPL A1:FLG H4:RFL", "J11:FLG E8:GEN")
    state.apply(play("E7xE8"))
    for text in ("E8-E7", "H4-H5", "E7-F6", "H5-H4", "F6-F5"):
        state.apply(play(text))
    general = enemy(state, RED, "F5")
    assert (general.known, general.handle, general.moved) == (Piece.GENERAL, sq("E8"), True)
    assert state.seat(RED).enemy_at(sq("E8")) is None


def test_equal_ranks_remove_both_and_each_side_sees_the_other():
    state = arrange("E7:CPL A1:FLG J4:RFL", "J11:FLG E8:CPL J8:RFL")
    state.apply(play("E7xE8"))
    for viewer in PLAYERS:
        seat = state.seat(viewer)
        assert seat.log[-1].learned is Piece.CORPORAL and seat.log[-1].clash is Clash.BOTH_REMOVED
        assert [(r.player, r.piece) for r in seat.tray] == [(RED, Piece.CORPORAL), (BLUE, Piece.CORPORAL)]


def test_a_minefield_that_removed_an_attacker_is_known_to_the_attacker_only():
    state = arrange("E7:MAR A1:FLG J4:RFL", "J11:FLG E8:MF J8:RFL")
    state.apply(play("E7xE8"))
    assert enemy(state, RED, "E8").known is Piece.MINEFIELD
    assert state.seat(BLUE).log[-1].learned is Piece.MARSHAL


def test_a_marshal_that_attacks_the_spy_shows_the_spy_and_is_handed_over():
    state = arrange("E7:MAR A1:FLG J4:RFL", "J11:FLG E8:SPY J8:RFL")
    state.apply(play("E7xE8"))
    assert enemy(state, RED, "E8").known is Piece.SPY
    assert state.seat(BLUE).log[-1].learned is Piece.MARSHAL


def test_moving_shows_a_piece_is_no_minefield_and_a_long_run_shows_a_scout():
    state = arrange("A1:FLG J4:RFL", "J11:FLG A8:SCT B8:CPL", to_play=BLUE)
    state.apply(play("A8-A5"))
    state.apply(play("J4-J5"))
    state.apply(play("B8-B7"))
    scout, corporal = enemy(state, RED, "A5"), enemy(state, RED, "B7")
    assert (scout.known, scout.moved, scout.ran) == (None, True, True)
    assert (corporal.moved, corporal.ran) == (True, False)
    clues = state.seat(RED).clues()
    assert clues[sq("A8")].words() == "Scout"
    assert clues[sq("B8")].words() == "not a minefield or the flag"


@pytest.mark.parametrize("attacker, defender, words", [
    ("GEN", "CPT", "outranks your Captain"),
    ("SPY", "MAR", "Spy"),
    ("MIN", "MF", "Miner"),
])
def test_the_deduction_aid_follows_from_what_an_enemy_piece_beat(attacker, defender, words):
    state = arrange(f"A1:FLG E4:{defender} J4:RFL", f"J11:FLG E5:{attacker} J8:RFL", to_play=BLUE)
    handle = state.seat(RED).enemy_at(sq("E5")).handle
    state.apply(play("E5xE4"))
    clue = state.seat(RED).clues()[handle]
    assert clue.beat == (Piece.parse(defender),) and clue.words() == words


def test_own_pieces_and_own_setup_are_in_the_seat_and_the_enemy_setup_is_not():
    state = new_game("A1:FLG", "J11:FLG")
    seat = state.seat(RED)
    assert seat.own_setup == state.setups[RED] and seat.enemy_setup is None
    assert {p.square: p.piece for p in seat.own} == state.pieces(RED)
    assert all(p.known is None for p in seat.enemy) and len(seat.enemy) == 40


def test_everything_is_shown_once_the_game_is_over():
    state = new_game()
    state.apply(Resign())
    seat = state.seat(RED)
    assert seat.enemy_setup == state.setups[BLUE]
    assert {p.square: p.known for p in seat.enemy} == state.pieces(BLUE)


def test_during_the_setup_no_screen_shows_the_other_army():
    state = State()
    state.apply(random_setup(RED, random.Random(1)))
    seat = state.seat(BLUE)
    assert seat.phase is Phase.SETUP and seat.to_play is BLUE and seat.own == ()
    assert all(p.known is None and not p.moved for p in seat.enemy) and seat.enemy_setup is None
    assert isinstance(seat.random_action(random.Random(2)), Setup)
    assert state.refusal(seat.random_action(random.Random(2))) is None


def test_a_seat_is_frozen_and_hashable():
    seat = new_game().seat(RED)
    assert hash(seat) == hash(new_game().seat(RED)) and seat == new_game().seat(RED)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seat.turns = 3  # type: ignore[misc]


# --- 2. twins -------------------------------------------------------------------------------


def revealed_to(state: State, viewer: Player) -> set[Square]:
    """Handles of the viewer's opponent's pieces whose identity the viewer has seen: defenders
    of the viewer's attacks, and every removed piece (the tray is public)."""
    out = {r.handle for r in state.tray if r.player is not viewer}
    for entry in state.history:
        if entry.player is viewer and entry.defender_handle is not None:
            out.add(entry.defender_handle)
    return out


def told_apart(one: State, two: State, viewer: Player, pieces: set[Square]) -> bool:
    """From here the viewer may tell the twins apart: a game ended (everything is shown), or
    one of the swapped pieces was revealed to the viewer in either game."""
    seen = revealed_to(one, viewer) | revealed_to(two, viewer)
    return bool(one.outcome or two.outcome or pieces & seen)


def swapped(setup: Setup, a: Square, b: Square) -> Setup:
    placement = setup.placement()
    placement[a], placement[b] = placement[b], placement[a]
    return Setup.of(placement)


def twin_pairs(game: State, viewer: Player, rng: random.Random) -> list[tuple[Square, Square]]:
    """Two pieces of the viewer's opponent, of different kinds, never revealed to the viewer in
    ``game``, preferring pairs that move alike (so that the twin game stays legal longer)."""
    hidden = viewer.opponent
    setup = game.setups[hidden].placement()
    seen = revealed_to(game, viewer)
    moved = {e.handle for e in game.history if e.player is hidden and e.handle is not None}
    candidates = [s for s in setup if s not in seen]
    pairs = [(a, b) for a in candidates for b in candidates
             if a.index < b.index and setup[a] is not setup[b]
             and (setup[a].movable == setup[b].movable or not ({a, b} & moved))]
    rng.shuffle(pairs)
    return pairs[:2]


@given(seed=st.integers(0, 2**32 - 1), viewer=st.sampled_from(PLAYERS), length=st.integers(0, 160))
def test_twin_games_give_equal_seats_to_the_player_who_cannot_tell_them_apart(seed, viewer, length):
    rng = random.Random(seed)
    game = random_game(rng, stop_at=length)
    actions = [e.action if not e.offer_draw else OfferDraw(e.action) for e in game.history]
    for a, b in twin_pairs(game, viewer, rng):
        setups = {p: game.setups[p] for p in PLAYERS}
        setups[viewer.opponent] = swapped(setups[viewer.opponent], a, b)
        one, two = State(), State()
        compared = 0
        for step, action in enumerate(actions):
            twin_action = setups[PLAYERS[step]] if step < 2 else action
            if two.refusal(twin_action) is not None:
                break  # the swap made this action illegal: the twins part here
            one.apply(action)
            two.apply(twin_action)
            if told_apart(one, two, viewer, {a, b}):
                break
            s1, s2 = one.seat(viewer), two.seat(viewer)
            assert s1 == s2 and hash(s1) == hash(s2), f"step {step}: {a} and {b} swapped"
            compared += 1
        assert compared >= min(1, len(actions))  # at least the viewer's seat after a setup


def test_twins_also_hold_for_a_long_game_with_many_attacks():
    rng = random.Random(11)
    game = random_game(rng, stop_at=400)
    viewer = RED
    pairs = twin_pairs(game, viewer, rng)
    assert pairs
    a, b = pairs[0]
    twin = State()
    twin.apply(game.setups[RED])
    twin.apply(swapped(game.setups[BLUE], a, b))
    original = State()
    original.apply(game.setups[RED])
    original.apply(game.setups[BLUE])
    for entry in game.history[2:]:
        action = OfferDraw(entry.action) if entry.offer_draw else entry.action
        if twin.refusal(action) is not None:
            break
        original.apply(action)
        twin.apply(action)
        if told_apart(original, twin, viewer, {a, b}):
            break
        assert original.seat(viewer) == twin.seat(viewer)
    assert original.seat(viewer.opponent) != twin.seat(viewer.opponent)  # Blue knows its own pieces


# --- 3. the seat's answers agree with the state's ------------------------------------------


def junk(rng: random.Random, state: State) -> list[object]:
    squares = Square.all()
    some = [Move(rng.choice(squares), rng.choice(squares)) for _ in range(6)]
    some += [play(f"{rng.choice(squares)}x{rng.choice(squares)}") for _ in range(6)]
    some += [OfferDraw(a) for a in some[:3]] + [Resign(), AcceptDraw(), OfferDraw(Resign()), None, "C4-C5",
                                                 Move("C4", "C5"), random_setup(RED, rng)]
    plays = state.legal_plays()
    if plays:
        some += [rng.choice(plays), OfferDraw(rng.choice(plays))]
    return some


@pytest.mark.parametrize("seed", range(12))
def test_the_seat_answers_as_the_state_does(seed):
    rng = random.Random(seed)
    state = random_game(rng, stop_at=rng.randrange(0, 300))
    if rng.random() < 0.3 and state.outcome is None:
        state.apply(OfferDraw(state.random_action(rng)))
    for player in PLAYERS:
        seat = state.seat(player)
        if seat.acting:
            assert list(seat.legal_actions()) == list(state.legal_actions())
            assert [type(a) for a in seat.legal_actions()] == [type(a) for a in state.legal_actions()]
            assert seat.forces() == state.forces(player)
            assert state.refusal(seat.random_action(rng)) is None
        else:
            assert list(seat.legal_actions()) == []
        for action in junk(rng, state):
            mine, truth = seat.refusal(action), state.refusal(action)
            if seat.acting or state.outcome is not None:
                assert mine == truth, action
            else:
                assert mine is not None and mine.code in (RefusalCode.NOT_YOUR_TURN, RefusalCode.MALFORMED)


def test_a_seat_refuses_to_act_out_of_turn():
    state = new_game()
    with pytest.raises(IllegalActionError):
        state.seat(BLUE).random_action(random.Random(1))
