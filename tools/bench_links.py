"""Play by links, measured: ``python tools/bench_links.py [lengths|verify|all] [--games N]``.

``lengths``: random games of every game of the box played through two devices by links (each
device choosing a random legal action from its own seat; an open game resigned after 3,000
actions, as random play may wander for tens of thousands), and the length of every link's
fragment (``L1.…``, what follows the ``#`` of the page's address): the median, the 95th
percentile and the worst per game and table, and the "whole game" link's. Goal: median ≤ 600,
worst ≤ 2,000 characters.

``seats``: the seat each device gives its player, against the same game's at one table, at every
step where that player is to act, over random games: the number unequal (0 expected).

``verify``: the end verified as a page does it, a slice at a time (:meth:`RemoteGame.verifying`):
whole 28-turn games of Mortar Hunt, and Maršál a Špión games of 1,000 actions (random play,
resigned at the thousandth); the time of a whole verification and of its longest slice, wall
clock and this process's CPU. Goal: ≤ 1 s and ≤ 3 s in the page, no slice over 50 ms.

A benchmark: prints, asserts nothing. ``node tools/pyodide_run.mjs bench_links verify --clock js-cpu``
runs it in Pyodide (there process_time is the wall clock: Node's CPU time instead).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mortar.games import load  # noqa: E402
from mortar.kit.common import Resign  # noqa: E402
from mortar.kit.remote import Applied, RemoteGame, Status, Verified  # noqa: E402

OPEN_LIMIT = 3000  # actions of an open game's random play before it resigns


def tables() -> list[tuple[str, str, Any]]:
    """(game, table, options): each game's start form's default, and its other secrets."""
    from mortar.games.hopper_and_sneaker import Options as HopperOptions
    from mortar.games.marsal_a_spion.rules import Options as MarsalOptions
    from mortar.games.mortar_hunt import Loadout, Options, Variant

    return [
        ("mortar-hunt", "classic, no turn limit", Options()),
        ("mortar-hunt", "classic, 28 turns", Options(turn_limit=28)),
        ("mortar-hunt", "craters, secret loadout", Options(Variant.CRATERS, None, Loadout.SECRET)),
        ("marsal-a-spion", "inactivity limit 200", MarsalOptions()),
        ("hopper-and-sneaker", "open setup", HopperOptions()),
        ("hopper-and-sneaker", "secret setup", HopperOptions(secret_setup=True)),
        ("enlightenment", "default", None),
        ("four-circles", "default", None),
    ]


Chooser = Callable[[RemoteGame, random.Random], Any]


def game_by_links(game: Any, options: Any, rng: random.Random, choose: Chooser,
                  clock: dict[str, list[float]] | None = None) -> tuple[RemoteGame, RemoteGame, list[str]]:
    """Two devices play a whole game; every link that went between them. ``clock``: the
    seconds each ``play`` and ``receive`` took, appended under those names."""
    options = options if options is not None else game.default_options()
    inviter = RemoteGame.start(game, options, "Ann", rng.choice(tuple(game.players)))
    link = inviter.last_message() or inviter.play(choose(inviter, rng))
    joiner = RemoteGame.join(game, link, "Bob")
    devices = {inviter.side: inviter, joiner.side: joiner}
    links = [link]
    holder, pending = joiner, joiner.last_message()
    while True:
        if pending is not None:
            links.append(pending)
            target = devices[holder.opponent]
            start = time.perf_counter()
            result = target.receive(pending)
            if clock is not None:
                clock["receive"].append(time.perf_counter() - start)
            assert isinstance(result, Applied), result
            holder, pending = target, result.reply
            continue
        movers = [d for d in devices.values() if d.status is Status.YOUR_TURN]
        if not movers:
            return inviter, joiner, links
        holder = movers[0]
        action = choose(holder, rng)
        start = time.perf_counter()
        pending = holder.play(action)
        if clock is not None:
            clock["play"].append(time.perf_counter() - start)


def random_choice(limit: int | None) -> Chooser:
    """A random legal action from the device's own seat; resigning once ``limit`` actions are
    played (counted by the seat's turns where it has them, else by the links)."""

    def choose(device: RemoteGame, rng: random.Random) -> Any:
        seat = device.seat()
        played = getattr(seat, "turns", len(device.chain))
        setting_up = getattr(seat, "phase", None) == "setup" or getattr(seat, "position", None) is not None \
            and seat.position.setting_up
        if limit is not None and played >= limit and not setting_up:
            return Resign()
        return seat.random_action(rng)

    return choose


def fragment(link: str) -> int:
    return len(link)


def lengths(games: int, seed: int) -> None:
    print(f"Link lengths (characters of the fragment after '#'), {games} random games a table:\n")
    print("| game | table | links | median | 95th pct | worst | whole game: median / worst "
          "| actions a game |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, label, options in tables():
        game = load(name)
        rng = random.Random(f"{seed}|{name}|{label}")
        limit = OPEN_LIMIT if name not in ("mortar-hunt", "marsal-a-spion") else None
        all_links: list[int] = []
        wholes: list[int] = []
        actions: list[int] = []
        for _ in range(games):
            inviter, _, links = game_by_links(game, options, rng, random_choice(limit))
            all_links.extend(map(fragment, links))
            wholes.append(len(inviter.whole_game()))
            record = inviter.verify().record
            actions.append(len(record.actions()))
        all_links.sort()
        p95 = all_links[int(0.95 * (len(all_links) - 1))]
        print(f"| {game.title} | {label} | {len(all_links):,} | {statistics.median(all_links):.0f} | "
              f"{p95} | {all_links[-1]} | {statistics.median(wholes):,.0f} / {max(wholes):,} | "
              f"{statistics.median(actions):.0f} (longest {max(actions):,}) |", flush=True)


def seats(games: int, seed: int) -> None:
    """The seat each device gives its player, against the whole game's at one table, at every
    step where that player is to act, over random games (the property the unit tests check on a
    few games)."""
    from mortar.games.hopper_and_sneaker import Options as HopperOptions
    from mortar.games.marsal_a_spion.rules import Options as MarsalOptions
    from mortar.games.mortar_hunt import Loadout, Options, Variant

    print(f"\nSeats by links against the whole game's, at every step a player is to act, {games} random "
          "games a table:\n")
    print("| game | table | steps compared | unequal |")
    print("| --- | --- | --- | --- |")
    cases = (("mortar-hunt", "classic, no turn limit", Options(), None),
             ("mortar-hunt", "craters, secret loadout, 28 turns",
              Options(Variant.CRATERS, 28, Loadout.SECRET), None),
             ("marsal-a-spion", "resigned at 600 actions", MarsalOptions(), 600),
             ("hopper-and-sneaker", "secret setup, resigned at 600", HopperOptions(secret_setup=True), 600))
    for name, label, options, limit in cases:
        game = load(name)
        rng = random.Random(f"{seed}|seats|{name}|{label}")
        tally = [0, 0]  # steps compared, unequal
        for _ in range(games):
            game_by_links(game, options, rng, _comparing(game, random_choice(limit), tally))
        print(f"| {game.title} | {label} | {tally[0]:,} | {tally[1]} |", flush=True)


def _comparing(game: Any, pick: Chooser, tally: list[int]) -> Chooser:
    """``pick``, comparing the device's seat with the same game's at one table first (the table
    plays every action chosen, in the order the devices play them)."""
    table: list[Any] = []

    def choose(device: RemoteGame, rng: random.Random) -> Any:
        if not table:
            table.append(game.new(device.options, {device.inviter: "Ann", device.joiner: "Bob"}))
        if all(device.names.values()):
            tally[0] += 1
            tally[1] += device.seat() != table[0].seat(device.side)
        action = pick(device, rng)
        table[0].apply(action)
        return action

    return choose


def js_cpu() -> float:
    """The CPU time of the Node process running Pyodide (its ``process_time`` is the wall clock)."""
    from js import process  # type: ignore[import-not-found]  # Pyodide's bridge to JavaScript
    usage = process.cpuUsage()
    return float(usage.user + usage.system) / 1e6


CPU: Callable[[], float] = time.process_time  # ``--clock js-cpu``: Node's, in Pyodide


def timed(steps: Any) -> tuple[float, float, float, float, int]:
    """A verification run to its end a step at a time: wall and CPU seconds, the longest step
    (wall, and CPU: on a shared machine a step's wall clock counts other work too), the steps."""
    wall, cpu = time.perf_counter(), CPU()
    longest = longest_cpu = 0.0
    count = 0
    while True:
        start, start_cpu = time.perf_counter(), CPU()
        try:
            next(steps)
        except StopIteration as stop:
            assert stop.value.status is Verified.VERIFIED, stop.value
            done = True
        else:
            done = False
        longest = max(longest, time.perf_counter() - start)
        longest_cpu = max(longest_cpu, CPU() - start_cpu)
        count += 1
        if done:
            return time.perf_counter() - wall, CPU() - cpu, longest, longest_cpu, count


def verify(games: int, seed: int) -> None:
    from mortar.games.marsal_a_spion.rules import Options as MarsalOptions
    from mortar.games.mortar_hunt import Options

    where = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"\nA device's play and receive (a link made; a link opened, checked and applied), and the end "
          f"verified a slice at a time ({where} {sys.version.split()[0]}, wall clock):\n")
    print("| game | games | actions a game | play: median / worst | receive: median / worst | whole "
          "verification, wall (CPU): median / worst | longest slice, wall (CPU) | slices |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, options, limit in (("mortar-hunt", Options(turn_limit=28), None),
                                 ("marsal-a-spion", MarsalOptions(inactivity_limit=None), 999)):
        game = load(name)
        rng = random.Random(f"{seed}|{name}")
        walls, cpus, longest, longest_cpu, slices, actions = [], [], [], [], [], []
        clock: dict[str, list[float]] = {"play": [], "receive": []}
        done = 0
        while done < games:
            inviter, joiner, _ = game_by_links(game, options, rng, random_choice(limit), clock)
            state_actions = len(inviter.verify().record.actions())
            if name == "mortar-hunt" and inviter.outcome.turns < 28:
                continue  # a whole 28-turn game
            if name == "marsal-a-spion" and state_actions < 1000:
                continue  # ended (a flag) before its thousandth action
            for device in (inviter, joiner):
                wall, cpu, slice_, slice_cpu, count = timed(device.verifying())
                walls.append(wall)
                cpus.append(cpu)
                longest.append(slice_)
                longest_cpu.append(slice_cpu)
                slices.append(count)
            actions.append(state_actions)
            done += 1
        ms = [w * 1000 for w in walls]
        cpu_ms = [c * 1000 for c in cpus]
        play_ms, receive_ms = ([t * 1000 for t in clock[k]] for k in ("play", "receive"))
        print(f"| {game.title} | {games} | {statistics.median(actions):.0f} | "
              f"{statistics.median(play_ms):.1f} / {max(play_ms):.0f} ms | "
              f"{statistics.median(receive_ms):.1f} / {max(receive_ms):.0f} ms | "
              f"{statistics.median(ms):.0f} ({statistics.median(cpu_ms):.0f}) / {max(ms):.0f} "
              f"({max(cpu_ms):.0f}) ms | "
              f"{max(longest) * 1000:.1f} ({max(longest_cpu) * 1000:.1f}) ms | "
              f"{statistics.median(slices):.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="?", default="all", choices=("lengths", "seats", "verify", "all"))
    parser.add_argument("--games", type=int, default=None, help="games a table (200 lengths, 10 verify)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("cpu", "js-cpu"), default="cpu",
                        help="the CPU clock: this process's, or (in Pyodide) Node's")
    args = parser.parse_args()
    global CPU
    CPU = js_cpu if args.clock == "js-cpu" else time.process_time
    if args.what in ("lengths", "all"):
        lengths(args.games or 200, args.seed)
    if args.what in ("seats", "all"):
        seats(args.games or 200, args.seed)
    if args.what in ("verify", "all"):
        verify(args.games or 10, args.seed)


if __name__ == "__main__":
    main()
