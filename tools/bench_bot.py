"""Decision times of the computer levels: ``python tools/bench_bot.py [--games N]``.

Records the seats of one side in bot-against-bot games (hard against hard: classic, craters,
secret loadout; 28-turn limit), then replays each game's seats in order through a fresh bot of
each level with empty caches, as the page does with one computer player: every decision
updates that bot's beliefs by the turns since its last one and chooses. Prints the median, 95th
percentile and worst time per decision, wall clock and this process's CPU time (the machine is
shared, so wall time includes waiting for a core). A benchmark: prints, asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mortar.games.mortar_hunt.actions import Setup  # noqa: E402
from mortar.games.mortar_hunt.bot import Bot, model  # noqa: E402
from mortar.games.mortar_hunt.game import Game  # noqa: E402
from mortar.games.mortar_hunt.rules import Loadout, Options, Variant  # noqa: E402


def recorded_seats(options: Options, games: int) -> list[list]:
    """For each game, the seats of player A at its turns (placement excluded), in order."""
    out = []
    for n in range(games):
        game = Game(options)
        bots = {"A": Bot("hard", f"rec{n}A"), "B": Bot("hard", f"rec{n}B")}
        seats = []
        while not game.is_over:
            seat = game.seat(game.to_play)
            action = bots[str(game.to_play)].choose(seat)
            if isinstance(action, Setup):
                game.place(action)
                continue
            if str(game.to_play) == "A":
                seats.append(seat)
            game.apply(action)
        out.append(seats)
    return out


def figures(label: str, values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    return (f"{label}: median {statistics.median(ms):6.1f} ms, p95 {ms[int(0.95 * (len(ms) - 1))]:6.1f} ms, "
            f"worst {ms[-1]:6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games per table (default 8)")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}; one decision = one Bot.choose(seat) call, beliefs "
          "carried from the bot's previous decision")
    tables = [("classic", Options(Variant.CLASSIC, 28)), ("craters", Options(Variant.CRATERS, 28)),
              ("secret loadout", Options(Variant.CLASSIC, 28, Loadout.SECRET))]
    for label, options in tables:
        games = recorded_seats(options, args.games)
        for level in ("easy", "medium", "hard"):
            wall, cpu = [], []
            for n, seats in enumerate(games):
                model.forget()
                bot = Bot(level, n)
                for seat in seats:
                    start, start_cpu = time.perf_counter(), time.process_time()
                    bot.choose(seat)
                    wall.append(time.perf_counter() - start)
                    cpu.append(time.process_time() - start_cpu)
            print(f"{label:15s} {level:6s} {figures('wall', wall)}; {figures('cpu', cpu)} "
                  f"({len(wall)} decisions)", flush=True)


if __name__ == "__main__":
    main()
