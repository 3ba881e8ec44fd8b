"""Find moves for the unprinted side of a rulebook example game.

The rulebook prints only one player's pad for each example. This searches the other player's
setup and turns so that every printed shot, hit and miss comes out exactly, and prints the record.
Usage: python tools/fit_example.py a|b  (writes the JSON record to standard output)
"""

from __future__ import annotations

import random
import sys

from mortar.games.mortar_hunt import (
    Move,
    Options,
    Position,
    Record,
    Setup,
    Shot,
    Square,
    State,
    Turn,
    Variant,
)
from mortar.games.mortar_hunt.rules import Loadout


def solve(options, fixed_setup, fixed_player, fixed_turns, free_shots, fixed_hits, seed=1,
          budget=200000):
    """fixed_turns: the printed side's Turns; free_shots: the other side's (target, hit) or None
    per turn (None = no shot). Returns (setup positions, turns) for the free side."""
    rng = random.Random(seed)
    free_player = "B" if fixed_player == "A" else "A"
    half = range(1, 5) if free_player == "A" else range(6, 10)
    squares = [s for s in Square.all() if s.row in half]
    nodes = 0

    def free_turn_options(game, t):
        want = free_shots[t]
        out = []
        for turn in game.legal_turns():
            if want is None:
                if turn.shot is None:
                    out.append(turn)
            elif (turn.shot is not None and str(turn.shot.at) == want[0]
                  and game.shot_hits(turn.shot) == want[1]):
                out.append(turn)
        rng.shuffle(out)
        return out

    def fixed_ok(game, t):
        turn = fixed_turns[t]
        if game.why_illegal(turn):
            return False
        return turn.shot is None or game.shot_hits(turn.shot) == fixed_hits[t]

    def dfs(game, t, chosen):
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return None
        if t == len(free_shots):
            return chosen
        if fixed_player == "A":
            if t < len(fixed_turns):
                if not fixed_ok(game, t):
                    return None
                game = game.copy()
                game.apply(fixed_turns[t])
                if game.is_over:
                    return chosen if t == len(free_shots) - 1 or free_shots[t] is None else None
            for turn in free_turn_options(game, t)[:6]:
                g = game.copy()
                g.apply(turn)
                found = dfs(g, t + 1, chosen + [turn])
                if found is not None:
                    return found
            return None
        else:
            for turn in free_turn_options(game, t)[:6]:
                g = game.copy()
                g.apply(turn)
                if g.is_over:
                    return chosen + [turn] if t == len(free_shots) - 1 else None
                if t < len(fixed_turns):
                    if not fixed_ok(g, t):
                        continue
                    g.apply(fixed_turns[t])
                    if g.is_over:
                        if t == len(free_shots) - 1:
                            return chosen + [turn]
                        continue
                found = dfs(g, t + 1, chosen + [turn])
                if found is not None:
                    return found
            return None

    for attempt in range(10000):
        placed = rng.sample(squares, 3)
        setup = tuple(Position(s, rng.choice(list(__import__("mortar").Facing))) for s in placed)
        game = State(options)
        setups = {fixed_player: fixed_setup, free_player: setup}
        game.place(Setup("A", setups["A"]))
        game.place(Setup("B", setups["B"]))
        nodes = 0
        result = dfs(game, 0, [])
        if result is not None:
            return setup, result, attempt
    raise SystemExit("no fit found")


def turn(piece, to, shot=None):
    return Turn(Move(piece, Position.parse(to)),
                None if shot is None else Shot(shot[0], Square.parse(shot[1])))


def example_a():
    options = Options(Variant.CLASSIC, None, Loadout.ALL_HM)
    fixed = tuple(map(Position.parse, ["C3/N", "E1/NE", "I2/NW"]))
    a_turns = [turn(3, "H3/N"), turn(2, "E2/NE", (1, "C7")), turn(2, "F3/N", (2, "F6")),
               turn(2, "F3/NE", (2, "J7"))]
    b_shots = [("G3", False), ("C3", True), ("J2", False), None]
    # B must stand on F6 when A fires in turn 3 and not on C7 or J7 when A fires at them.
    a_hits = [None, False, True, False]
    setup, b_turns, _ = solve(options, fixed, "A", a_turns, b_shots, a_hits, seed=7)
    return options, {"A": fixed, "B": setup}, [x for pair in zip(a_turns, b_turns) for x in pair], \
        {"A": "Predrag", "B": None}


def example_b(b12_target="H4"):
    options = Options(Variant.CRATERS, None, Loadout.ALL_HM)
    fixed = tuple(map(Position.parse, ["K9/S", "I9/S", "A8/SE"]))
    b_turns = [turn(3, "B7/SE", (3, "G2")), turn(2, "H8/S", (2, "H3")), turn(3, "C6/S", (3, "C3")),
               turn(3, "D6/E"), turn(3, "G6/E"), turn(1, "K8/SW", (1, "F3")), turn(3, "J6/E"),
               turn(3, "J6/SW", (3, "F2")), turn(3, "I6/SW", (3, "E2")), turn(2, "H9/S"),
               turn(3, "G6/W"), turn(3, "E8/NW", (2, b12_target)), turn(2, "F7/SW"),
               turn(2, "F7/SE", (2, "I4")), turn(2, "G6/SE", (2, "J3"))]
    a_shots = [("G7", False), ("B6", False), ("C8", False), ("C7", False), ("C6", False), None,
               ("K8", True), None, None, ("J7", False), ("I7", False), ("H7", False),
               ("H8", False), None, ("E8", True), ("G6", True)]
    b_hits = [False, False, True, None, None, False, None, False, False, None, None, False, None,
              False, True]
    setup, a_turns, _ = solve(options, fixed, "B", b_turns, a_shots, b_hits, seed=3, budget=400000)
    actions = []
    for i, a in enumerate(a_turns):
        actions.append(a)
        if i < len(b_turns):
            actions.append(b_turns[i])
    return options, {"A": setup, "B": fixed}, actions, {"A": None, "B": "Dragon"}


def record_of(options, setups, actions, names):
    game = State(options, names)
    game.place(Setup("A", setups["A"]))
    game.place(Setup("B", setups["B"]))
    game.play(actions)
    return Record.from_game(game).save()


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "a"
    sys.stdout.write(record_of(*(example_a() if which == "a" else example_b())))
