"""The joint belief (the Mortar Hunt computer's belief.py, model.py): close to exact enumeration on small
positions, a pure function of the seat however it was built, and sliced thinking that decides
as choose does."""

from __future__ import annotations

import random

import pytest

from games import random_action, random_setup
from mortar.games.mortar_hunt import Loadout, Options, State, Variant
from mortar.games.mortar_hunt.computer import Computer, geometry, model
from mortar.games.mortar_hunt.computer import belief as joint_belief
from mortar.games.mortar_hunt.computer.belief import FIRE_MOVER, POSITIONS, Belief, square_of
from mortar.games.mortar_hunt.computer.radar import radar, radar_steps

TOLERANCE = 0.05  # largest difference allowed between a particle and an exact square marginal
SIZE = 4000  # particles for the comparisons: sampling error about 0.008 on a marginal


def exact_heat(joint: dict[tuple[int, ...], float]) -> list[float]:
    heat = [0.0] * 108
    for parts, p in joint.items():
        for s in parts:
            heat[square_of(s)] += p
    return heat


def exact_turn(belief: Belief, joint: dict[tuple[int, ...], float], shot: int | None) -> dict:
    """The belief's move model by enumeration (a uniform mover prior, no evasion). Without a
    shot: a uniform mover, a uniform end among its ends on the half less wrecks and craters,
    never onto another piece's square. With a shot: the mover went to fire (FIRE_MOVER: a
    uniform end among those it can fire at ``shot`` from) or, while another piece could already
    fire, moved freely; a joint state allowing neither is ruled out."""
    table = belief.table()
    out: dict[tuple[int, ...], float] = {}

    def add(parts, m, ends, p):
        others = {square_of(s) for j, s in enumerate(parts) if j != m}
        ends = [e for e in ends if square_of(e) not in others]
        for e in ends:
            new = parts[:m] + (e,) + parts[m + 1:]
            out[new] = out.get(new, 0.0) + p / len(ends)

    for parts, p in joint.items():
        k = len(parts)
        squares = [square_of(s) for s in parts]
        if shot is None:
            for m in range(k):
                add(parts, m, table.ends(parts[m]), p / k)
            continue
        firing = [m for m in range(k) if any(square_of(e) not in squares for e in table.fire(parts[m], shot))]
        free = [m for m in range(k) if table.ends(parts[m])
                and any(table.masks[parts[j]] >> shot & 1 for j in range(k) if j != m)]
        for movers, chance in ((firing, FIRE_MOVER), (free, 1.0 - FIRE_MOVER)):
            for m in movers:
                add(parts, m, table.fire(parts[m], shot) if movers is firing else table.ends(parts[m]),
                    p * chance / len(movers))
    total = sum(out.values())
    return {parts: p / total for parts, p in out.items()}


def exact_miss(joint: dict, square: int) -> dict:
    out = {parts: p for parts, p in joint.items() if all(square_of(s) != square for s in parts)}
    total = sum(out.values())
    return {parts: p / total for parts, p in out.items()}


def close(belief: Belief, joint: dict) -> float:
    return max(abs(a - b) for a, b in zip(belief.heat(), exact_heat(joint)))


@pytest.fixture
def no_renewal(monkeypatch):
    """The particles' occasional fresh guess is a safety net outside the model enumerated."""
    monkeypatch.setattr(joint_belief, "RENEW", 0.0)


def test_one_piece_from_nothing_matches_enumeration(no_renewal):
    """One live piece (two wrecks), nothing known of it: shots, a skip and misses."""
    options = Options()
    wrecks = (1 << 100) | (1 << 90)  # E9 and G8
    belief = Belief("B", options, live=1, wrecks=wrecks, size=SIZE, salt=3)
    half = set(geometry.half_squares("B"))
    joint = {(p,): 1.0 for p in range(POSITIONS) if p >> 3 in half and not wrecks >> (p >> 3) & 1}
    joint = {k: v / len(joint) for k, v in joint.items()}
    assert close(belief, joint) < TOLERANCE
    for kind, arg in (("turn", 40), ("miss", 88), ("turn", None), ("turn", 41), ("miss", 77), ("turn", 29)):
        if kind == "turn":
            belief.observed_turn(arg)
            joint = exact_turn(belief, joint, arg)
        else:
            belief.observer_shot(arg, False)
            joint = exact_miss(joint, arg)
        assert close(belief, joint) < TOLERANCE, (kind, arg)


def test_two_pieces_jointly_match_enumeration(no_renewal):
    """Two live pieces from a known start: a shot that only one of them can explain pins that
    one, not the other (independent tracks would smear it over both)."""
    options = Options(Variant.CLASSIC, None, Loadout.ALL_HM)
    start = (80 * 8 + 4, 86 * 8 + 4)  # I7 and C8, both facing S (position = square * 8 + facing)
    belief = Belief("B", options, live=2, wrecks=1 << 105, size=SIZE, salt=5)
    belief.set([start] * SIZE)
    joint = {start: 1.0}
    table = belief.table()
    first = table.masks[start[0]]
    shot = (first & -first).bit_length() - 1  # a square I7/S can fire at
    events = (("turn", shot), ("miss", square_of(start[1])), ("turn", None), ("turn", shot - 1),
              ("miss", shot + 24))
    for kind, arg in events:
        if kind == "turn":
            belief.observed_turn(arg)
            joint = exact_turn(belief, joint, arg)
        else:
            belief.observer_shot(arg, False)
            joint = exact_miss(joint, arg)
        assert close(belief, joint) < TOLERANCE, (kind, arg)


def long_game(seed: int, options: Options, turns: int) -> list:
    rng = random.Random(seed)
    game = State(options)
    game.place(random_setup(rng, "A", options))
    game.place(random_setup(rng, "B", options))
    seats = []
    while not game.is_over and game.turn <= turns:
        seats.append(game.seat(game.to_play))
        game.apply(random_action(rng, game, resign_chance=0))
    return seats


@pytest.mark.parametrize("options", [Options(), Options(Variant.CLASSIC, None, Loadout.SECRET)],
                         ids=["classic", "secret"])
def test_belief_is_the_same_built_incrementally_or_from_scratch(options):
    seats = long_game(7, options, 40)
    assert len(seats) > model.WINDOW + 2 * model.STRIDE
    def state(seat):
        enemy, seen = model.enemy_belief(seat), model.exposure(seat)
        return enemy.particles, enemy.weights, seen.hyps

    model.forget()
    kept = [state(s) for s in seats]
    for i in range(0, len(seats), 5):
        model.forget()
        assert state(seats[i]) == kept[i], i


def test_the_window_bounds_the_work():
    seats = long_game(8, Options(Variant.CLASSIC, None), 60)
    for seat in seats[::7]:
        model.forget()
        steps = sum(1 for _ in model.enemy_building(seat))
        assert steps <= model.WINDOW + model.STRIDE  # events after the checkpoint, and the start


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_sliced_thinking_decides_as_choose(level):
    for seat in long_game(9, Options(Variant.CLASSIC, 28), 20)[::3]:
        if not seat.acting:
            continue
        model.forget()
        steps = Computer(level, 4).thinking(seat)
        slices = 0
        while True:
            try:
                assert next(steps) is None
                slices += 1
            except StopIteration as done:
                action = done.value
                break
        model.forget()
        assert action == Computer(level, 4).choose(seat)
        assert slices >= 1


def test_sliced_radar_is_the_radar():
    seat = long_game(10, Options(Variant.CLASSIC, 28), 12)[-1]
    model.forget()
    steps = radar_steps(seat)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            sliced = done.value
            break
    whole = radar(seat)
    assert sliced.heat == whole.heat and sliced.exposure == whole.exposure
