"""KARO engine speed: ``python tools/bench_karo.py [--games N] [--seconds S] [--cpu]``. Prints
figures; asserts nothing (a benchmark, not a test).

For each game: random complete games per second on one core, the legal actions listed at every
turn (``State.legal_actions()``) and one of the actions of play chosen at random (never
resigning or a draw offer; a game ends by its own win, a third repetition or two passes); the
mean game length in turns; and the mean branching factor: the actions of play (own actions,
or the pass) per position of play, setups left out.

``--cpu`` times with this process's CPU time instead of the wall clock (steadier on a busy
machine).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mortar.kit.common import AcceptDraw, Resign  # noqa: E402
from mortar.kit.turns import PLAYERS  # noqa: E402


def games() -> list[Any]:
    from mortar.games import enlightenment, four_circles, hopper_and_sneaker
    return [hopper_and_sneaker.GAME, enlightenment.GAME, four_circles.GAME]


def play(game: Any, rng: random.Random) -> tuple[int, int, int]:
    """One random game: (turns, positions of play, actions of play summed over them)."""
    state = game.new(type(game.default_options())(first=rng.choice(PLAYERS)))
    positions = choices = 0
    while state.outcome is None:
        actions = state.legal_actions()
        plays = [a for a in actions if not isinstance(a, Resign | AcceptDraw)]
        if not state.position.setting_up:
            positions += 1
            choices += len(plays)
        state.apply(rng.choice(plays))
    return state.turns, positions, choices


def bench(game: Any, count: int, seconds: float, clock: Any) -> str:
    rng = random.Random(1)
    turns = positions = choices = played = 0
    start = clock()
    while played < count or clock() - start < seconds:
        t, p, c = play(game, rng)
        turns, positions, choices = turns + t, positions + p, choices + c
        played += 1
        if played >= count and clock() - start >= seconds:
            break
    elapsed = clock() - start
    return (f"{game.title:20} {played / elapsed:9.2f} games/s  {turns / played:9.1f} turns/game  "
            f"{turns / elapsed:9.0f} turns/s  branching {choices / max(positions, 1):6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="at least this many games each (default 20)")
    parser.add_argument("--seconds", type=float, default=3.0, help="and at least this long each (default 3)")
    parser.add_argument("--cpu", action="store_true", help="time with CPU time, not the wall clock")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    print(f"Python {sys.version.split()[0]}, random legal games (no resigning, no draw offers)")
    for game in games():
        print(bench(game, args.games, args.seconds, clock), flush=True)


if __name__ == "__main__":
    main()
