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
from mortar.games.mortar_hunt.computer.belief import POSITIONS, Belief, square_of
from mortar.games.mortar_hunt.computer.radar import radar, radar_steps
from mortar.games.mortar_hunt.computer.styles import STYLES, UNIFORM, Style, row_of

TOLERANCE = 0.05  # largest difference allowed between a particle and an exact square marginal
SIZE = 4000  # particles for the comparisons: sampling error about 0.008 on a marginal


def exact_heat(joint: dict[tuple[int, ...], float]) -> list[float]:
    heat = [0.0] * 108
    for parts, p in joint.items():
        for s in parts:
            heat[square_of(s)] += p
    return heat


def exact_turn(belief: Belief, joint: dict[tuple[int, ...], float], shot: int | None,
               style: Style = UNIFORM) -> dict:
    """The belief's move model by enumeration (a uniform mover prior, no evasion; one style).
    Without a shot: a uniform mover, an end among its ends on the half less wrecks and craters,
    never onto another piece's square, in proportion to the style's weight of the end's row.
    With a shot, the shooter fires from a place its style's aim weighs among all it could fire
    from (its ends and its square): the mover ended where it can fire (the style's ``mover``
    share), or another piece stood where it could and the mover moved as without a shot; a joint
    state allowing neither is ruled out."""
    table = belief.table()
    rows = row_of(belief.observed)
    out: dict[tuple[int, ...], float] = {}

    def add(parts, m, ends, p, weights):
        others = {square_of(s) for j, s in enumerate(parts) if j != m}
        step = weights[rows[square_of(parts[m])]]
        ends = [e for e in ends if square_of(e) not in others]
        total = sum(step[rows[square_of(e)]] for e in ends)
        for e in ends:
            new = parts[:m] + (e,) + parts[m + 1:]
            out[new] = out.get(new, 0.0) + p * step[rows[square_of(e)]] / total

    for parts, p in joint.items():
        k = len(parts)
        squares = [square_of(s) for s in parts]
        if shot is None:
            for m in range(k):
                add(parts, m, table.ends(parts[m]), p / k, style.moves)
            continue
        aim = [style.aims[rows[q]] for q in squares]
        z = [aim[m][rows[squares[m]]] + sum(aim[m][rows[square_of(e)]] for e in table.ends(parts[m]))
             for m in range(k)]
        firing = [sum(aim[m][rows[square_of(e)]] for e in table.fire(parts[m], shot)) / z[m]
                  if any(square_of(e) not in squares for e in table.fire(parts[m], shot)) else 0.0
                  for m in range(k)]
        standing = [aim[m][rows[squares[m]]] / z[m] if table.masks[parts[m]] >> shot & 1 else 0.0
                    for m in range(k)]
        for m in range(k):
            if firing[m]:
                add(parts, m, table.fire(parts[m], shot), p * style.mover * firing[m] / k, style.aims)
            free = sum(standing[j] for j in range(k) if j != m)
            if free and table.ends(parts[m]):
                add(parts, m, table.ends(parts[m]), p * (1.0 - style.mover) * free / k, style.moves)
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
    """The particles' occasional fresh guess, and the shooter put afresh on its origins, are
    safety nets outside the model enumerated."""
    monkeypatch.setattr(joint_belief, "RENEW", 0.0)
    monkeypatch.setattr(joint_belief, "LOST", 0.0)


def test_one_piece_from_nothing_matches_enumeration(no_renewal):
    """One live piece (two wrecks), nothing known of it: shots, a skip and misses."""
    options = Options()
    wrecks = (1 << 100) | (1 << 90)  # E9 and G8
    belief = Belief("B", options, live=1, wrecks=wrecks, size=SIZE, salt=3, kinds=(UNIFORM,))
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
    belief = Belief("B", options, live=2, wrecks=1 << 105, size=SIZE, salt=5, kinds=(UNIFORM,))
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


def test_a_style_moves_and_aims_as_enumerated(no_renewal, monkeypatch):
    """Two pieces of a hider (the first learned style) from their back row: they move and fire
    from where the style's weights say."""
    monkeypatch.setattr(joint_belief, "SWITCH", 0.0)
    monkeypatch.setattr(joint_belief, "ROUGHEN", 0.0)  # (copies moved once more: outside the model)
    hider = STYLES[0]
    start = (100 * 8 + 4, 104 * 8 + 5)  # E9/S and I9/SW: B's back row
    belief = Belief("B", Options(), live=2, size=SIZE, salt=6, kinds=(hider,))
    belief.set([start] * SIZE)
    joint = {start: 1.0}
    shot = 40  # E4: E9/S fires there standing; I9 cannot without turning
    for kind, arg in (("turn", None), ("turn", shot), ("miss", 88), ("turn", None), ("turn", shot + 2)):
        if kind == "turn":
            belief.observed_turn(arg)
            joint = exact_turn(belief, joint, arg, hider)
        else:
            belief.observer_shot(arg, False)
            joint = exact_miss(joint, arg)
        assert close(belief, joint) < TOLERANCE, (kind, arg)


def test_the_belief_learns_a_hider():
    """Shots that a back row explains best and misses everywhere else: the belief comes to see
    a hider, and expects its pieces in its back row."""
    belief = Belief("B", Options(), size=600, salt=1)
    prior = belief.style_shares()[0]
    for turn in range(10):
        belief.observed_turn(36 + (turn * 5) % 12)  # A's front row, B's back row at the longest range
        belief.observer_shot(72 + (turn * 7) % 12, False)  # B's second row...
        belief.observer_shot(84 + (turn * 5) % 12, False)  # ...and third: empty
    back = sum(belief.heat()[96:108])
    assert belief.style_shares()[0] > max(0.6, prior), belief.style_shares()
    assert back > 1.5, back

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
