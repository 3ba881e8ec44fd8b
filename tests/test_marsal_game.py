"""Maršál a Špión as a game of the box: its definition (``GAME``), the duel's line protocol, the
computer player, random playouts to the end (OpenSpiel style, with invariants after every
action), refusals of any input, and the package's boundaries."""

from __future__ import annotations

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marsal_games import BLUE, RED, new_game, play, random_game
from mortar.games import marsal_a_spion
from mortar.games.marsal_a_spion import GAME
from mortar.games.marsal_a_spion.actions import (
    AcceptDraw,
    Attack,
    IllegalActionError,
    Move,
    OfferDraw,
    Resign,
    Setup,
    random_setup,
)
from mortar.games.marsal_a_spion.board import HOME_MASK, PLAYERS, Square
from mortar.games.marsal_a_spion.pieces import Clash, Piece
from mortar.games.marsal_a_spion.plays import LegalPlays
from mortar.games.marsal_a_spion.rules import Options, Termination
from mortar.games.marsal_a_spion.state import State
from mortar.kit.protocol import Refusal
from mortar.kit.records import RecordError

PACKAGE = Path(marsal_a_spion.__file__).parent


# --- the game's definition -------------------------------------------------------------------


def test_the_game_is_described_once():
    assert (GAME.name, GAME.title, GAME.players, GAME.record_format) == (
        "marsal-a-spion", "Maršál a Špión", ("Red", "Blue"), "marsal-a-spion/1")
    assert GAME.levels == ("easy", "medium", "hard")
    state = GAME.new(Options(inactivity_limit=50), {"Red": "Jana", "Blue": "Petr"})
    assert isinstance(state, State) and state.options.inactivity_limit == 50
    assert state.names == {RED: "Jana", BLUE: "Petr"} and state.to_play is RED


@pytest.mark.parametrize("names", [{"Red": "Jana", "Blue": " jana"}, {"Red": ""}, {"Red": "x" * 25},
                                   {"Green": "G"}])
def test_a_new_game_refuses_names_the_curtain_could_not_tell_apart(names):
    with pytest.raises(ValueError):
        GAME.new(None, names)


def test_options_are_checked():
    for bad in (0, -1, True, 1.5, "200"):
        with pytest.raises(ValueError):
            Options(inactivity_limit=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Options(memory_aid="yes")  # type: ignore[arg-type]


def test_computers_play_whole_games_from_their_seats():
    state = GAME.new()
    players = {p: GAME.computer(level, seed=7) for p, level in zip(PLAYERS, ("easy", "hard"))}
    while state.outcome is None:
        seat = state.seat(state.to_play)
        action = players[state.to_play].choose(seat)
        assert action == players[state.to_play].choose(seat)  # the same seat, the same choice
        state.apply(action)
    assert state.outcome.reason in Termination
    with pytest.raises(ValueError):
        GAME.computer("grandmaster", 1)


# --- the line protocol ---------------------------------------------------------------------


def test_a_seat_as_json_holds_what_its_player_may_know():
    state = new_game()
    state.apply(play("A4-A5"))
    state.apply(OfferDraw(play("A8-A7")))
    state.apply(play("A5-A6"))
    state.apply(play("A7xA6"))  # the Marshal attacks the Spy: the Marshal is removed (R11)
    data = GAME.seat_json(state.seat(RED))
    assert json.loads(json.dumps(data)) == data
    assert data["player"] == "Red" and data["to_play"] == "Red" and data["turns"] == 4
    assert data["pieces"]["A6"] == "SPY" and len(data["pieces"]) == 40
    assert data["setup"] == state.setups[RED].to_json() and data["enemy_setup"] is None
    assert len(data["enemy"]) == 39 and {e["id"] for e in data["enemy"]} == {None}
    assert data["tray"] == [{"player": "Blue", "handle": "A8", "id": "MAR", "turn": 4}]
    assert data["log"][1] == {"turn": 2, "player": "Blue", "move": "A8-A7", "offer_draw": True, "piece": "A8"}
    assert data["log"][3] == {"turn": 4, "player": "Blue", "attack": "A7xA6", "piece": "A8", "defender": "A4",
                              "result": "defender wins", "removed": [{"player": "Blue", "handle": "A8",
                                                                      "id": "MAR"}], "seen": "MAR"}
    assert data["legal"] and all(isinstance(text, str) for text in data["legal"])
    assert GAME.seat_json(state.seat(BLUE))["legal"] == []
    assert data["options"] == {"inactivity_limit": 200, "memory_aid": True, "deduction_aid": False}


def test_actions_as_json_round_trip():
    rng = random.Random(1)
    actions = [play("C4-D5"), play("C4xC5"), OfferDraw(play("A4-A5")), OfferDraw(play("B4xB5")),
               AcceptDraw(), Resign(), random_setup(RED, rng)]
    for action in actions:
        data = GAME.action_json(action)
        again = GAME.parse_action(json.loads(json.dumps(data)), None)
        assert again == action and type(again) is type(action)
    assert GAME.action_json(play("C4-D5")) == {"move": "C4-D5"}
    assert GAME.action_json(OfferDraw(play("C4xC5"))) == {"attack": "C4xC5", "offer_draw": True}
    assert GAME.action_json(AcceptDraw()) == {"accept_draw": True}


@pytest.mark.parametrize("data, words", [
    ([], "must be an object"), ({}, "exactly one action"),
    ({"move": "A4-A5", "attack": "A4xA5"}, "exactly one"),
    ({"pass": True}, "unknown key"), ({"move": 4}, "must be a string"), ({"move": "A4xA5"}, "not a move"),
    ({"resign": True, "offer_draw": True}, "only a move or an attack"), ({"resign": 1}, "must be true"),
    ({"move": "A4-A5", "offer_draw": "yes"}, "must be true"), ({"setup": ["A1"]}, "must be an object"),
    ({"setup": {"A1": "XX"}}, "not a piece id"),
])
def test_a_malformed_action_is_refused_as_a_record_error(data, words):
    with pytest.raises(RecordError, match=words):
        GAME.parse_action(data, None)


# --- random playouts -------------------------------------------------------------------------


def check_invariants(state: State) -> None:
    """The board, the masks and the tray tell one story (white-box)."""
    on_board = {}
    for square in Square.all():
        found = state.piece_at(square)
        if found is not None:
            on_board[square] = found
    assert len(on_board) + len(state.tray) == 80
    for side, player in enumerate(PLAYERS):
        mine = {s: p for s, (owner, p) in on_board.items() if owner is player}
        assert state.pieces(player) == mine
        bits = sum(1 << s.index for s in mine)
        assert state._own[side] == bits
        assert state._movable[side] == sum(1 << s.index for s, p in mine.items() if p.movable)
        assert state._scouts[side] == sum(1 << s.index for s, p in mine.items() if p is Piece.SCOUT)
        assert state._miners[side] == sum(1 << s.index for s, p in mine.items() if p is Piece.MINER)
        flag = state._flag[side]
        assert (mine.get(Square.at(flag)) is Piece.FLAG) or any(
            r.piece is Piece.FLAG and r.player is player for r in state.tray)
        assert all(HOME_MASK[player] >> s.index & 1 for s, p in mine.items() if not p.movable)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_end_with_a_valid_outcome(seed):
    rng = random.Random(seed)
    state = State(Options(inactivity_limit=rng.choice([200, 60])))
    for player in PLAYERS:
        state.apply(random_setup(player, rng))
    while state.outcome is None:
        state.apply(state.random_action(rng))
        if state.turns % 97 == 0:
            check_invariants(state)
        assert state.inactivity <= state.options.inactivity_limit
    check_invariants(state)
    outcome = state.outcome
    assert outcome.turns == state.turns == len(state.history) - 2
    assert (outcome.winner is not None) == (outcome.reason in (Termination.FLAG_CAPTURED,
                                                               Termination.RESIGNATION))
    if outcome.reason is Termination.FLAG_CAPTURED:
        assert state.history[-1].clash is Clash.FLAG_CAPTURED and state.history[-1].player is outcome.winner
    if outcome.reason is Termination.PAT:  # the player whose turn it was has no legal play
        assert not LegalPlays(*state.forces(PLAYERS[state.turns % 2]))
    assert GAME.check_text(GAME.record(state).save()).status == "ok"


def test_random_play_reaches_every_kind_of_attack_and_end():
    clashes, ends = set(), set()
    for seed in range(60):
        state = random_game(random.Random(seed))
        clashes |= {e.clash for e in state.history if e.clash}
        ends.add(state.outcome.reason)
    assert clashes == set(Clash)
    assert {Termination.FLAG_CAPTURED, Termination.PAT, Termination.INACTIVITY} <= ends


# --- refusals never raise --------------------------------------------------------------------

squares = st.sampled_from(Square.all())
junk_values = st.one_of(st.none(), st.integers(), st.text(max_size=8), squares, st.sampled_from(list(Piece)))
plays = st.builds(Move, squares, squares) | st.builds(Attack, squares, squares)
junk_actions = st.recursive(
    st.one_of(junk_values, plays, st.builds(Move, junk_values, junk_values),
              st.builds(Attack, junk_values, junk_values), st.just(Resign()), st.just(AcceptDraw()),
              st.builds(Setup, st.lists(st.tuples(squares, st.sampled_from(list(Piece))), max_size=5)
                        .map(tuple)),
              st.builds(Setup, st.lists(junk_values, max_size=3).map(tuple)), st.builds(Setup, junk_values)),
    lambda inner: st.builds(OfferDraw, inner) | st.lists(inner, max_size=2).map(tuple),
    max_leaves=4)


@given(action=junk_actions, seed=st.integers(0, 50), length=st.integers(0, 120))
def test_refusal_never_raises_whatever_the_input(action, seed, length):
    state = random_game(random.Random(seed), stop_at=length)
    for asker in (state, state.seat(RED), state.seat(BLUE)):
        refusal = asker.refusal(action)
        assert refusal is None or (isinstance(refusal, Refusal) and refusal.message)
    before = len(state.history)
    if state.refusal(action) is None:
        state.apply(action)
        assert len(state.history) == before + 1
    else:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert len(state.history) == before


class Unspeakable:
    def __repr__(self) -> str:
        raise ValueError("no words")


def test_even_pathological_input_is_refused_in_words():
    state = new_game()
    nested = play("A4-A5")
    # deeper than Python's recursion limit, so a refusal that recursed would fail; not much deeper:
    # freeing a far longer chain overflows Pyodide's C stack, whatever the engine does
    for _ in range(3 * sys.getrecursionlimit()):
        nested = OfferDraw(nested)
    for action in (nested, Unspeakable(), Move(Unspeakable(), 1), OfferDraw(Unspeakable())):  # type: ignore[arg-type]
        for asker in (state, state.seat(RED)):
            refusal = asker.refusal(action)
            assert refusal is not None and refusal.message


def test_a_setup_with_junk_inside_is_refused():
    state = State()
    for setup in (Setup(None), Setup((1, 2)), Setup(((Square.parse("A1"), "FLG"),))):  # type: ignore[arg-type]
        assert state.refusal(setup).code.name == "MALFORMED"


# --- boundaries ------------------------------------------------------------------------------


def imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.add(node.module or "")
    return names


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_the_package_imports_only_the_kit_and_the_standard_library(path):
    for name in imported(path):
        top = name.split(".")[0]
        assert name.startswith("mortar.kit") or (top in sys.stdlib_module_names and top != "mortar"), name


@pytest.mark.cpython_only
def test_importing_the_game_imports_no_rules_until_asked():
    script = ("import sys, mortar.games.marsal_a_spion as m\n"
              "print('mortar.games.marsal_a_spion.state' in sys.modules)\n"
              "m.GAME.new()\n"
              "print('mortar.games.marsal_a_spion.state' in sys.modules)\n"
              "print(m.Move.parse('C4-D5'))\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                            cwd=PACKAGE.parent.parent.parent)
    assert result.stdout.split() == ["False", "True", "C4-D5"], result.stderr
