"""Helpers for the Maršál a Špión tests: squares, plays and setups from text, games set up and
arranged, random games."""

from __future__ import annotations

import random

from mortar.games.marsal_a_spion.actions import Attack, Move, Setup, parse_play, random_setup
from mortar.games.marsal_a_spion.board import HOME_ROWS, PLAYERS, Player, Square, home_squares
from mortar.games.marsal_a_spion.pieces import ARMY, Piece
from mortar.games.marsal_a_spion.rules import Options
from mortar.games.marsal_a_spion.state import State

RED, BLUE = Player.RED, Player.BLUE


def sq(text: str) -> Square:
    return Square.parse(text)


def play(text: str) -> Move | Attack:
    return parse_play(text)


def placement(text: str) -> dict[Square, Piece]:
    """``"A1:FLG B1:MF C4:SCT"`` as squares and pieces."""
    out = {}
    for word in text.split():
        square, piece = word.split(":")
        out[sq(square)] = Piece.parse(piece)
    return out


def setup_with(player: Player, text: str = "") -> Setup:
    """A legal setup of ``player`` with the pieces of ``text`` on those home squares; the rest
    of the army fills the other home squares in table order."""
    wanted = placement(text)
    army = list(ARMY)
    for piece in wanted.values():
        army.remove(piece)
    free = [s for s in home_squares(player) if s not in wanted]
    return Setup.of({**wanted, **dict(zip(free, army))})


def new_game(red: str = "", blue: str = "", options: Options | None = None) -> State:
    """A game set up with these pieces where given (``setup_with``), Red to play."""
    state = State(options)
    state.apply(setup_with(RED, red))
    state.apply(setup_with(BLUE, blue))
    return state


def arrange(red: str, blue: str, to_play: Player = RED, options: Options | None = None) -> State:
    """A game whose board holds exactly these pieces (each side's flag among them), ``to_play``
    to act. White-box: both armies are set up legally with the listed home pieces in place, then
    every other piece is lifted off the board and each listed piece outside its home rows is
    moved there, through the state's own bookkeeping (a test fixture, not a rule)."""
    state = State(options)
    wanted = {RED: placement(red), BLUE: placement(blue)}
    for player in PLAYERS:
        assert Piece.FLAG in wanted[player].values(), "the no-hope check needs each flag"
        at_home = {s: p for s, p in wanted[player].items() if s.row in HOME_ROWS[player]}
        away = [(s, p) for s, p in wanted[player].items() if s.row not in HOME_ROWS[player]]
        assert all(p.movable for _, p in away), "minefields and flags stay in the home rows"
        army = list(ARMY)
        for piece in wanted[player].values():
            army.remove(piece)
        free = [s for s in home_squares(player) if s not in at_home]
        # The pieces that will leave home stand on the first free squares, in order.
        layout = {**at_home, **dict(zip(free, [p for _, p in away] + army))}
        state.apply(Setup.of(layout))
    moves = []
    for side, player in enumerate(PLAYERS):
        at_home = {s for s in wanted[player] if s.row in HOME_ROWS[player]}
        away = [s for s in wanted[player] if s.row not in HOME_ROWS[player]]
        free = [s for s in home_squares(player) if s not in at_home]
        starts = free[:len(away)]
        moves += [(side, start, end) for start, end in zip(starts, away)]
        for square in home_squares(player):
            if square not in at_home and square not in starts:
                state._remove(side, square.index)
    for side, start, end in moves:
        handle = state._cell[start.index]
        assert state._cell[end.index] == -1, f"{end} is taken"
        state._step(side, handle, state._piece[handle], start.index, end.index)
    state.tray.clear()
    state.turns = PLAYERS.index(to_play)
    state._plays = None
    return state


def random_game(rng: random.Random, options: Options | None = None, stop_at: int | None = None,
                resign_chance: float = 0.0) -> State:
    """A game of uniformly random legal plays from random setups, to its end or ``stop_at``
    actions of play."""
    state = State(options)
    for player in PLAYERS:
        state.apply(random_setup(player, rng))
    while state.outcome is None and (stop_at is None or state.turns < stop_at):
        if resign_chance and rng.random() < resign_chance:
            state.apply(rng.choice(state.legal_actions()))
        else:
            state.apply(state.random_action(rng))
    return state
