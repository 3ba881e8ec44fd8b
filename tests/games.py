"""Helpers for tests: parse shorthands, play random legal games."""

from __future__ import annotations

import random

from mortar.games.mortar_hunt import (
    Loadout,
    Move,
    Options,
    PieceType,
    Position,
    Resign,
    Setup,
    Shot,
    Square,
    State,
    Turn,
    Variant,
)
from mortar.games.mortar_hunt.rules import half_rows


def pos(text: str) -> Position:
    return Position.parse(text)


def sq(text: str) -> Square:
    return Square.parse(text)


def turn(piece: int, to: str, shot: tuple[int, str] | None = None) -> Turn:
    return Turn(Move(piece, pos(to)), None if shot is None else Shot(shot[0], sq(shot[1])))


def new_game(a: list[str], b: list[str], variant: Variant = Variant.CLASSIC,
             turn_limit: int | None = None, a_types=None, b_types=None,
             loadout: Loadout | None = None) -> State:
    if loadout is None:
        loadout = Loadout.SECRET if (a_types or b_types) else Loadout.ALL_HM
    game = State(Options(variant, turn_limit, loadout))
    game.place(Setup("A", tuple(map(pos, a)), tuple(a_types or (PieceType.HM,) * 3)))
    game.place(Setup("B", tuple(map(pos, b)), tuple(b_types or (PieceType.HM,) * 3)))
    return game


def random_setup(rng: random.Random, player: str, options: Options) -> Setup:
    squares = [s for s in Square.all() if s.row in half_rows(player)]
    chosen = rng.sample(squares, 3)
    fixed = options.fixed_type()
    types = tuple(fixed if fixed else rng.choice(list(PieceType)) for _ in range(3))
    from mortar.games.mortar_hunt import Facing
    return Setup(player, tuple(Position(s, rng.choice(list(Facing))) for s in chosen), types)


def random_options(rng: random.Random) -> Options:
    return Options(rng.choice(list(Variant)), rng.choice([None, None, 5, 12, 28]),
                   rng.choice(list(Loadout)))


def random_action(rng: random.Random, game: State, resign_chance: float = 0.002):
    if rng.random() < resign_chance:
        return Resign()
    actions = game.legal_actions()
    # Skips are one choice among hundreds of shots; give them real weight so that the
    # obligation to shoot (R8) comes up often.
    skips = [a for a in actions if isinstance(a, Turn) and a.shot is None]
    if skips and rng.random() < 0.45:
        return rng.choice(skips)
    shots = [a for a in actions if not (isinstance(a, Turn) and a.shot is None)]
    return rng.choice(shots or actions)


def random_game(rng: random.Random, options: Options | None = None, max_actions: int = 400,
                on_action=None) -> State:
    options = options or random_options(rng)
    game = State(options, {"A": "Ann", "B": "Bob"})
    game.place(random_setup(rng, "A", options))
    game.place(random_setup(rng, "B", options))
    for _ in range(max_actions):
        if game.is_over:
            break
        game.apply(random_action(rng, game))
        if on_action:
            on_action(game)
    return game
