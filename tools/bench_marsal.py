"""Maršál a Špión's engine speed. Prints figures; asserts nothing (a benchmark, not a test).

1. Random complete games per second on one core: random setups, then at every turn a uniformly
   random legal move or attack (never resigning or a draw) until the game ends (R12: mostly a
   captured flag, PAT or the 200-turn inactivity limit). ``State.random_action`` picks among the
   legal plays without making every action object; for comparison, the same games choosing from
   the full list ``State.legal_actions()`` (without its resigning), built each turn.
2. Microseconds to list every legal play, mid-game; to build a player's seat (R13) there; and to
   list the seat's legal actions from it, as a computer player does.
3. Milliseconds to save, read and replay a long game's record.

``--cpu`` times with this process's CPU time instead of the wall clock (steadier on a busy
machine); ``--seconds N`` runs each games/s figure for N seconds (default 5).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mortar.games.marsal_a_spion.actions import Attack, Move, random_setup  # noqa: E402
from mortar.games.marsal_a_spion.board import PLAYERS  # noqa: E402
from mortar.games.marsal_a_spion.record import Record, loads  # noqa: E402
from mortar.games.marsal_a_spion.rules import Termination  # noqa: E402
from mortar.games.marsal_a_spion.state import State  # noqa: E402

CLOCK = time.perf_counter


def play_random(rng: random.Random, listed: bool = False, stop_at: int | None = None) -> State:
    """A uniformly random game. ``listed``: choose from the whole list of legal actions, built
    every turn, instead of ``random_action``."""
    state = State()
    for player in PLAYERS:
        state.apply(random_setup(player, rng))
    while state.outcome is None and (stop_at is None or state.turns < stop_at):
        if listed:
            state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Move | Attack)]))
        else:
            state.apply(state.random_action(rng))
    return state


def games_per_second(seconds: float, listed: bool = False) -> tuple[float, float, Counter[Termination]]:
    rng = random.Random(2)
    games = turns = 0
    ends: Counter[Termination] = Counter()
    start = CLOCK()
    while CLOCK() - start < seconds:
        state = play_random(rng, listed)
        assert state.outcome is not None
        games += 1
        turns += state.turns
        ends[state.outcome.reason] += 1
    return games / (CLOCK() - start), turns / games, ends


def mid_game_us(positions: int = 100, reps: int = 20) -> tuple[float, float, float, int]:
    """Medians, at turn 150 of random games: listing the legal plays, building the seat of the
    player to act, listing that seat's legal actions; and the median number of plays."""
    rng = random.Random(3)
    listing, building, from_seat, counts = [], [], [], []
    while len(listing) < positions:
        state = play_random(rng, stop_at=150)
        if state.outcome is not None:
            continue
        player = state.to_play
        assert player is not None
        start = CLOCK()
        for _ in range(reps):
            state._plays = None  # found afresh each time
            plays = list(state.legal_plays())
        listing.append((CLOCK() - start) / reps * 1e6)
        counts.append(len(plays))
        start = CLOCK()
        for _ in range(reps):
            state.seat(player)
        building.append((CLOCK() - start) / reps * 1e6)
        start = CLOCK()
        for _ in range(reps):
            list(state.seat(player).legal_actions())
        from_seat.append((CLOCK() - start) / reps * 1e6 - building[-1])
    return (statistics.median(listing), statistics.median(building), statistics.median(from_seat),
            int(statistics.median(counts)))


def record_ms() -> tuple[int, float, float, float]:
    rng = random.Random(5)
    state = max((play_random(rng) for _ in range(20)), key=lambda s: s.turns)
    record = Record.from_state(state)
    start = CLOCK()
    text = record.save()
    saved = CLOCK() - start
    start = CLOCK()
    parsed = loads(text)
    read = CLOCK() - start
    start = CLOCK()
    parsed.replay()
    replayed = CLOCK() - start
    return state.turns, saved * 1e3, read * 1e3, replayed * 1e3


def main() -> None:
    global CLOCK
    args = sys.argv[1:]
    if "--cpu" in args:
        CLOCK = time.process_time
    seconds = float(args[args.index("--seconds") + 1]) if "--seconds" in args else 5.0
    timing = "CPU time" if CLOCK is time.process_time else "wall clock"
    print(f"Maršál a Špión, Python {sys.version.split()[0]} on one core ({timing})")
    rate, length, ends = games_per_second(seconds)
    total = sum(ends.values())
    share = ", ".join(f"{reason.value} {count / total:.0%}" for reason, count in ends.most_common())
    print(f"random games: {rate:.0f} games/s (mean {length:.0f} turns a game, "
          f"{1e6 / (rate * length):.1f} us a turn; ends: {share})")
    listed, _, _ = games_per_second(seconds / 2, listed=True)
    print(f"random games choosing from legal_actions() built each turn: {listed:.0f} games/s")
    listing, building, from_seat, count = mid_game_us()
    print(f"mid-game (turn 150): every legal play listed in {listing:.0f} us (median {count} plays); "
          f"a seat built in {building:.0f} us; its legal actions listed in {from_seat:.0f} us")
    turns, saved, read, replayed = record_ms()
    print(f"a record of {turns} turns: saved in {saved:.1f} ms, read in {read:.1f} ms, "
          f"replayed in {replayed:.1f} ms")


if __name__ == "__main__":
    main()
