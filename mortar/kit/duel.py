"""Duels: computer players of any game of the box against each other, in paired games.

Each pair plays the same start twice with the seats swapped (for a game with setups, the same
two setups), so neither the setups nor playing first favour a side. A player is a game's
computer at a level, the generic ``random`` player, or an **outside program** speaking the line
protocol below, so others can test their computers against ours. A benchmark, not a test: it
prints figures and asserts nothing.

Line protocol (version 1), one JSON object per line on the program's standard input and output:

* the runner sends, each time the program is to act::

      {"protocol": 1, "game": "mortar-hunt", "player": "B", "seat": {...}, "legal": [...]}

  ``seat``: exactly what that player may know, in the game's record notation (the game's
  ``seat_json``); ``legal``: every legal action in the record's own form, or ``null`` where
  they are too many to list (a setup);
* the program answers with one line: ``{"action": {...}}``, an action in the record's own form
  without its player (``{"move": {"piece": 1, "to": "C4/N"}, "shot": null}``), or
  ``{"action": {"random": true}}`` to have the runner play a legal action at random for it.

A wrong (illegal), malformed or late answer (``--deadline``, 10 s by default), or a program that
exits, loses that game, and the reason is printed.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import select
import shlex
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

PROTOCOL = 1
LEGAL_LISTED_MAX = 20_000  # more legal actions than this are sent as null

SeatOf = Callable[[Any, str], Any]  # (state, player) -> what that player's chooser is given


class Forfeit(Exception):  # noqa: N818 (a game lost by forfeit is the event, not an error)
    """A player gave no legal action (an outside program that answered wrongly, badly, late,
    or not at all): it loses the game."""


class RandomPlayer:
    """Uniformly random among the legal actions of play (never resigns)."""

    level = "random"

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(f"{seed}|random")

    def choose(self, seat: Any) -> Any:
        return seat.random_action(self.rng)


class Program:
    """An outside program at the duel: the line protocol of this module's docstring."""

    def __init__(self, label: str, command: str, game: Any, deadline: float = 10.0) -> None:
        self.label = self.level = label
        self.command = command
        self.game = game
        self.deadline = deadline
        self.rng = random.Random(f"{label}|random")
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            self._buffer = b""
        return self._process

    def close(self) -> None:
        if self._process is not None:
            with contextlib.suppress(Exception):
                self._process.kill()
                self._process.wait(1)
            self._process = None

    def choose(self, seat: Any) -> Any:
        try:
            listed = seat.legal_actions()
            legal = [self.game.action_json(a) for a in listed] if len(listed) <= LEGAL_LISTED_MAX else None
        except Exception:  # a setup: too many to list
            legal = None
        request = {"protocol": PROTOCOL, "game": self.game.name, "player": str(seat.player),
                   "seat": self.game.seat_json(seat), "legal": legal}
        process = self._start()
        assert process.stdin is not None
        try:
            process.stdin.write((json.dumps(request, ensure_ascii=True) + "\n").encode())
            process.stdin.flush()
        except OSError:
            self.close()
            raise Forfeit(f"{self.label} is not running") from None
        line = self._read_line(process)
        try:
            answer = json.loads(line)
        except ValueError:
            raise Forfeit(f"{self.label} answered with a line that is not JSON: {line[:60]!r}") from None
        if not isinstance(answer, dict) or set(answer) != {"action"}:
            raise Forfeit(f"{self.label} answered {line[:60]!r}, not {{\"action\": ...}}")
        if answer["action"] == {"random": True}:
            return seat.random_action(self.rng)
        try:
            action = self.game.parse_action(answer["action"], seat)
        except ValueError as e:
            raise Forfeit(f"{self.label} answered a malformed action: {e}") from None
        refusal = seat.refusal(action)
        if refusal is not None:
            raise Forfeit(f"{self.label} answered an illegal action: {refusal.message}")
        return action

    def _read_line(self, process: subprocess.Popen[bytes]) -> str:
        assert process.stdout is not None
        fd = process.stdout.fileno()
        end = time.monotonic() + self.deadline
        while b"\n" not in self._buffer:
            left = end - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                self.close()
                raise Forfeit(f"{self.label} did not answer within {self.deadline:g} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                self.close()
                raise Forfeit(f"{self.label} exited without answering")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")


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
    forfeits: list[str] = field(default_factory=list)  # why a game was lost by forfeit


def _seat(state: Any, player: str) -> Any:
    return state.seat(player)


def play(state: Any, players: dict[str, Any], seat_of: SeatOf, times: dict[str, list[float]],
         cpu: dict[str, list[float]] | None = None, forfeits: list[str] | None = None) -> str | None:
    """Play ``state`` to its end; the winner (a player, "draw"), counting a forfeit as a loss.
    ``times``/``cpu``: wall-clock/CPU seconds per decision, by the chooser's label."""
    while state.to_play is not None:
        player = str(state.to_play)
        chooser = players[player]
        label = getattr(chooser, "label", None) or chooser.level
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            action = chooser.choose(seat_of(state, player))
        except Forfeit as e:
            if forfeits is not None:
                forfeits.append(str(e))
            return next(p for p in players if p != player)
        times.setdefault(label, []).append(time.perf_counter() - start)
        if cpu is not None:
            cpu.setdefault(label, []).append(time.process_time() - start_cpu)
        state.apply(action)
    outcome = state.outcome
    return "draw" if outcome.winner is None else str(outcome.winner)


def length(state: Any) -> int:
    """Turns of a finished game, as the game counts them."""
    return int(state.outcome.turns) if state.outcome is not None else len(state.history)


def duel(game: Any, first: str, second: str, pairs: int, options: Any, seed: int = 1,
         make_player: Callable[[str, str], Any] | None = None, seat_of: SeatOf = _seat,
         progress: Callable[[int, Tally], None] | None = None) -> Tally:
    """``pairs`` pairs of games of ``first`` against ``second`` (labels ``make_player`` turns
    into players: by default the game's computer levels and ``random``)."""
    make = make_player or (lambda level, player_seed: computer(game, level, player_seed))
    tally = Tally()
    players_of = game.players
    for i in range(pairs):
        rng = random.Random(f"duel|{seed}|{i}")
        start = game.duel_start(options, rng) if hasattr(game, "duel_start") else game.new(options)
        pair = won = 0.0
        for swap in (False, True):
            levels = (second, first) if swap else (first, second)
            state = start.copy()
            players = {p: make(level, f"{seed}|{i}|{swap}|{p}") for p, level in zip(players_of, levels)}
            winner = play(state, players, seat_of, tally.times, tally.cpu, tally.forfeits)
            mine = players_of[1] if swap else players_of[0]
            if winner == mine:
                tally.wins += 1
                pair += 1.0
                won += 1.0
            elif winner == "draw":
                tally.draws += 1
                pair += 0.5
            else:
                tally.losses += 1
            tally.lengths.append(length(state))
        tally.pair_scores.append(pair / 2)
        tally.pair_wins.append(won / 2)
        if progress:
            progress(i + 1, tally)
    return tally


def computer(game: Any, level: str, seed: int | str) -> Any:
    if level == "random":
        return RandomPlayer(seed)
    return game.computer(level, seed)


def interval(scores: list[float]) -> tuple[float, float, float]:
    """Mean score and a 95 % normal interval over independent pairs (clipped to [0, 1])."""
    n = len(scores)
    mean = sum(scores) / n
    sd = statistics.stdev(scores) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else 1.0
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def report(first: str, second: str, tally: Tally, table: str) -> str:
    """The printed result of a duel; ``table``: the game and its options in words."""
    games = tally.wins + tally.draws + tally.losses
    mean, low, high = interval(tally.pair_scores)
    won, won_low, won_high = interval(tally.pair_wins)
    lines = [
        f"{first} vs {second}: {len(tally.pair_scores)} pairs ({games} games), {table}",
        f"  {first}: {tally.wins} won, {tally.draws} drawn, {tally.losses} lost; win rate {won:.1%} "
        f"(95% interval {won_low:.1%}-{won_high:.1%}); score rate (a draw counts half) {mean:.1%} "
        f"({low:.1%}-{high:.1%}); mean game length {statistics.fmean(tally.lengths):.1f} turns",
    ]
    for level, times in sorted(tally.times.items()):
        if level == "random":
            continue
        ms = sorted(t * 1000 for t in times)
        lines.append(f"  {level} decision time: median {statistics.median(ms):.1f} ms, "
                     f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, worst {ms[-1]:.1f} ms "
                     f"over {len(ms)} decisions")
    if tally.forfeits:
        lines.append(f"  {len(tally.forfeits)} game(s) lost by forfeit, the first: {tally.forfeits[0]}")
    return "\n".join(lines)
