"""``python -m mortar duel``: computer players against each other, in paired games.

Each pair plays the same two random placements twice with the seats swapped, so neither the
placements nor playing first favour a side. Prints win/draw/loss of the first player, its score
rate (a draw counts one half) with a 95 % interval over the pairs, the mean game length, and the
decision times of each computer level. A benchmark, not a test: it prints and asserts nothing.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .actions import Sacrifice, Setup, Turn
from .bot import LEVELS, Bot
from .bot.player import place
from .game import Game
from .rules import Loadout, Options, Variant

Chooser = Callable[[Any], Any]  # seat -> action
SeatOf = Callable[[Game, str], Any]


def _seat(game: Game, player: str) -> Any:
    return game.seat(player)


class RandomPlayer:
    """Uniformly random among the legal actions (never resigns)."""

    level = "random"

    def __init__(self, seed: int | str) -> None:
        self.seed = seed

    def choose(self, seat: Any) -> Any:
        rng = random.Random(f"{self.seed}|random|{seat.player}|{len(seat.log)}")
        if str(seat.phase) == "setup":
            return place(seat, rng)
        actions = [a for a in seat.legal_actions() if isinstance(a, Turn | Sacrifice)]
        return rng.choice(actions)


def make_player(level: str, seed: int | str, extra: dict[str, Callable[..., Any]] | None = None) -> Any:
    if extra and level in extra:
        return extra[level](seed)
    if level == "random":
        return RandomPlayer(seed)
    return Bot(level, seed)


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    lengths: list[int] = field(default_factory=list)
    pair_scores: list[float] = field(default_factory=list)  # per pair: (wins + draws / 2) / 2
    pair_wins: list[float] = field(default_factory=list)  # per pair: wins / 2
    times: dict[str, list[float]] = field(default_factory=dict)  # wall clock, per decision
    cpu: dict[str, list[float]] = field(default_factory=dict)  # CPU time of this process


def play(game: Game, players: dict[str, Any], seat_of: SeatOf, times: dict[str, list[float]],
         cpu: dict[str, list[float]] | None = None) -> Game:
    """Play ``game`` to its end; ``times``/``cpu``: wall-clock/CPU seconds per decision, by level."""
    while not game.is_over:
        player = game.to_play
        assert player is not None
        seat = seat_of(game, player)
        chooser = players[player]
        start, start_cpu = time.perf_counter(), time.process_time()
        action = chooser.choose(seat)
        label = getattr(chooser, "label", chooser.level)
        times.setdefault(label, []).append(time.perf_counter() - start)
        if cpu is not None:
            cpu.setdefault(label, []).append(time.process_time() - start_cpu)
        if isinstance(action, Setup):
            game.place(action)
        else:
            game.apply(action)
    return game


def duel(first: str, second: str, pairs: int, options: Options, seed: int = 1,
         seat_of: SeatOf = _seat, extra: dict[str, Callable[..., Any]] | None = None,
         progress: Callable[[int, Tally], None] | None = None) -> Tally:
    tally = Tally()
    for i in range(pairs):
        rng = random.Random(f"duel|{seed}|{i}")
        blank = Game(options)
        setup_a = place(seat_of(blank, "A"), rng)
        blank.place(setup_a)
        setup_b = place(seat_of(blank, "B"), rng)
        pair = won = 0.0
        for swap in (False, True):
            a_level, b_level = (second, first) if swap else (first, second)
            game = Game(options)
            game.place(setup_a)
            game.place(setup_b)
            players = {"A": make_player(a_level, f"{seed}|{i}|{swap}|A", extra),
                       "B": make_player(b_level, f"{seed}|{i}|{swap}|B", extra)}
            play(game, players, seat_of, tally.times, tally.cpu)
            mine = "B" if swap else "A"
            if game.winner == mine:
                tally.wins += 1
                pair += 1.0
                won += 1.0
            elif game.winner == "draw":
                tally.draws += 1
                pair += 0.5
            else:
                tally.losses += 1
            tally.lengths.append(game.turns_started)
        tally.pair_scores.append(pair / 2)
        tally.pair_wins.append(won / 2)
        if progress:
            progress(i + 1, tally)
    return tally


def interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean score and a 95 % normal interval over independent pairs (clipped to [0, 1])."""
    n = len(scores)
    mean = sum(scores) / n
    sd = statistics.stdev(scores) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 1.0
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def report(first: str, second: str, tally: Tally, options: Options) -> str:
    games = tally.wins + tally.draws + tally.losses
    mean, low, high = interval(tally.pair_scores)
    won, won_low, won_high = interval(tally.pair_wins)
    limit = options.turn_limit or "none"
    lines = [
        f"{first} vs {second}: {len(tally.pair_scores)} pairs ({games} games), {options.variant}, "
        f"loadout {options.loadout}, turn limit {limit}",
        f"  {first}: {tally.wins} won, {tally.draws} drawn, {tally.losses} lost; win rate {won:.1%} "
        f"(95% interval {won_low:.1%}-{won_high:.1%}); score rate (a draw counts half) {mean:.1%} "
        f"({low:.1%}-{high:.1%}); mean game length {statistics.fmean(tally.lengths):.1f} turns",
    ]
    for level, times in sorted(tally.times.items()):
        if level in LEVELS or level == "oracle":
            ms = sorted(t * 1000 for t in times)
            lines.append(f"  {level} decision time: median {statistics.median(ms):.1f} ms, "
                         f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, worst {ms[-1]:.1f} ms "
                         f"over {len(ms)} decisions")
    return "\n".join(lines)


def main(args: Any, seat_of: SeatOf = _seat, extra: dict[str, Callable[..., Any]] | None = None) -> int:
    options = Options(Variant(args.variant), args.turn_limit or None, Loadout(args.loadout))
    tally = duel(args.first, args.second, args.games, options, args.seed, seat_of, extra)
    print(report(args.first, args.second, tally, options), flush=True)
    return 0
