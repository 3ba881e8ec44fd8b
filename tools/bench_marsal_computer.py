"""Decision times of Maršál a Špión's computer levels: ``python tools/bench_marsal_computer.py``.

Records the seats of Red in whole games (hard against medium, against random: the long games a
random player makes are the most crowded; against the reader+ reference of
tools/marsal_reference.py: the long, careful games of issue 34), then replays each game's seats in order
through a fresh computer of each level with an empty memory cache, as the page does with one
computer player (its memory of the game grows by the turns since its last decision). Prints per
level the median, 95th percentile and worst time of a decision and of one slice of its
``thinking`` (what the page runs between two frames), wall clock and this process's CPU time (the
machine may be shared: wall time includes waiting for a core). A benchmark: prints, asserts
nothing. ``node tools/pyodide_run.mjs bench_marsal_computer`` runs it inside Pyodide.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_karo_ai import js_cpu  # noqa: E402
from marsal_reference import PLAYERS as REFERENCES  # noqa: E402

from mortar.games.marsal_a_spion import GAME  # noqa: E402
from mortar.games.marsal_a_spion.computer import LEVELS  # noqa: E402
from mortar.games.marsal_a_spion.computer.memory import forget  # noqa: E402
from mortar.games.marsal_a_spion.rules import Phase  # noqa: E402


def recorded_seats(opponent: str, games: int) -> list[list[Any]]:
    """For each game, Red's seats at its turns of play, in order (Red plays hard)."""
    out = []
    for n in range(games):
        state = GAME.new()
        rng = random.Random(f"bench|{n}")
        red = GAME.computer("hard", f"rec{n}")
        blue: Any = None
        if opponent in REFERENCES:
            blue = REFERENCES[opponent](f"rec{n}")
        elif opponent != "random":
            blue = GAME.computer(opponent, f"rec{n}")
        seats = []
        while state.outcome is None:
            player = state.to_play
            seat = state.seat(player)
            if str(player) == "Red":
                if state.phase is Phase.PLAY:
                    seats.append(seat)
                action = red.choose(seat)
            else:
                action = blue.choose(seat) if blue is not None else seat.random_action(rng)
            state.apply(action)
        out.append(seats)
    return out


def figures(label: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return (f"{label} median {statistics.median(ms):6.1f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:6.1f} ms, "
            f"worst {ms[-1]:6.1f} ms")


# In Pyodide, process_time is the wall clock: the CPU time there is Node's (a busy machine
# stretches the wall clock, not the CPU time).
CPU = js_cpu if sys.platform == "emscripten" else time.process_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per opponent (default 4)")
    parser.add_argument("--opponents", default="medium,random,reader+",
                        help="Blue in the recorded games (levels, random, references)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; one decision = one choose(seat), the memory carried from "
          "the computer's previous decision; a slice = one step of thinking(seat)")
    for opponent in args.opponents.split(","):
        games = recorded_seats(opponent, args.games)
        turns = sum(len(seats) for seats in games)
        print(f"hard against {opponent}: {args.games} games, {turns} decisions of Red replayed")
        for level in LEVELS:
            wall, cpu, slices, slices_cpu = [], [], [], []
            for n, seats in enumerate(games):
                forget()
                computer = GAME.computer(level, n)
                for seat in seats:
                    start, start_cpu = time.perf_counter(), CPU()
                    thought = computer.thinking(seat)
                    while True:
                        begun, begun_cpu = time.perf_counter(), CPU()
                        try:
                            next(thought)
                        except StopIteration:
                            break
                        slices.append(time.perf_counter() - begun)
                        slices_cpu.append(CPU() - begun_cpu)
                    wall.append(time.perf_counter() - start)
                    cpu.append(CPU() - start_cpu)
            print(f"  {level:6s} decision {figures('wall', wall)}; {figures('cpu', cpu)}")
            print(f"  {level:6s} slice    {figures('wall', slices)}; {figures('cpu', slices_cpu)}",
                  flush=True)


if __name__ == "__main__":
    main()
