"""Engine speed: ``make bench``. Prints figures; asserts nothing (a benchmark, not a test).

1. Microseconds to list every legal (move, shot) choice for the player to act, in mid-game
   positions (turn 10 of random games), median over positions.
2. Random complete games per second on one core, the legal actions enumerated at every turn
   (``State.legal_actions()``: all legal moves and the shots after each, indexable, each turn
   object made on demand; and, for comparison, with every turn object built), for the classic
   game, the craters variant and games with the rulebook's 28-turn limit. Uniformly random
   shots rarely hit, so games without a limit run far longer than real ones.
3. Microseconds to build a player's seat (``State.seat``) mid-game and to list every legal turn
   from the seat alone, as the computer player does.

``--cpu`` times with this process's CPU time instead of the wall clock: on a busy shared
machine the wall-clock figures drop with the load, the CPU-time ones stay near an idle
machine's wall-clock figures, so before/after comparisons hold.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mortar.games.mortar_hunt import (  # noqa: E402
    Facing,
    Loadout,
    Options,
    PieceType,
    Position,
    Setup,
    Square,
    State,
    Variant,
)
from mortar.games.mortar_hunt.rules import half_rows  # noqa: E402


def setup(rng: random.Random, player: str) -> Setup:
    squares = rng.sample([s for s in Square.all() if s.row in half_rows(player)], 3)
    return Setup(player, tuple(Position(s, rng.choice(list(Facing))) for s in squares),
                 (PieceType.HM,) * 3)


def play_random(rng: random.Random, options: Options, stop_at: int | None = None,
                flat: bool = False) -> State:
    """A uniformly random legal game. ``legal_actions()`` lists every legal turn (built on
    demand); ``flat`` also builds every turn object each turn, as a naive caller would."""
    game = State(options)
    game.place(setup(rng, "A"))
    game.place(setup(rng, "B"))
    while not game.is_over and (stop_at is None or len(game.history) < stop_at):
        actions = game.legal_actions()
        if flat:
            actions = list(actions)
        game.apply(rng.choice(actions))
    return game


def per_position_us(positions: int = 200, reps: int = 20) -> tuple[float, float, int]:
    rng = random.Random(1)
    timings, counts = [], []
    while len(timings) < positions:
        game = play_random(rng, Options(Variant.CLASSIC, None, Loadout.ALL_HM), stop_at=19)
        if game.is_over:
            continue
        start = clock()
        for _ in range(reps):
            choices = list(game.legal_turns())
        timings.append((clock() - start) / reps * 1e6)
        counts.append(len(choices))
    return statistics.median(timings), max(timings), int(statistics.median(counts))


def seat_us(positions: int = 200, reps: int = 20) -> tuple[float, float]:
    """Microseconds to build the seat of the player to act at turn 10 (``State.seat``), and to
    list every legal turn from that seat alone (what the computer player does each turn)."""
    rng = random.Random(3)
    build, listing = [], []
    while len(build) < positions:
        game = play_random(rng, Options(Variant.CLASSIC, None, Loadout.ALL_HM), stop_at=19)
        if game.is_over:
            continue
        player = game.to_play
        start = clock()
        for _ in range(reps):
            seat = game.seat(player)
        build.append((clock() - start) / reps * 1e6)
        start = clock()
        for _ in range(reps):
            list(seat.legal_turns())
        listing.append((clock() - start) / reps * 1e6)
    return statistics.median(build), statistics.median(listing)


def games_per_second(options: Options, seconds: float = 3.0, flat: bool = False) -> tuple[float, float]:
    rng = random.Random(2)
    games = actions = 0
    start = clock()
    while clock() - start < seconds:
        game = play_random(rng, options, flat=flat)
        games += 1
        actions += len(game.history)
    elapsed = clock() - start
    return games / elapsed, actions / games


def clock() -> float:
    return CLOCK()


CLOCK = time.perf_counter


def main() -> None:
    global CLOCK
    if "--cpu" in sys.argv[1:]:
        CLOCK = time.process_time
    timing = "CPU time" if CLOCK is time.process_time else "wall clock"
    print(f"Python {sys.version.split()[0]} on one core ({timing})")
    median, worst, count = per_position_us()
    print(f"legal (move, shot) choices, mid-game (turn 10): median {median:.0f} us per position "
          f"(worst {worst:.0f} us), median {count} choices listed")
    build, listing = seat_us()
    print(f"seat of the player to act, mid-game (turn 10): built in {build:.0f} us, every legal "
          f"turn listed from it in {listing:.0f} us (medians)")
    for label, options in [
        ("classic, no turn limit", Options(Variant.CLASSIC, None, Loadout.ALL_HM)),
        ("craters, no turn limit", Options(Variant.CRATERS, None, Loadout.ALL_HM)),
        ("classic, 28-turn limit", Options(Variant.CLASSIC, 28, Loadout.ALL_HM)),
        ("craters, 28-turn limit", Options(Variant.CRATERS, 28, Loadout.ALL_HM)),
    ]:
        rate, length = games_per_second(options)
        flat_rate, _ = games_per_second(options, seconds=1.5, flat=True)
        print(f"random complete games, {label}: {rate:.0f} games/s "
              f"(mean {length:.0f} actions a game; {flat_rate:.0f} games/s when every turn object "
              "is built each turn)")


if __name__ == "__main__":
    main()
