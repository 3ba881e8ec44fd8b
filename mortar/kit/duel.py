"""Duels: computer players of any game of the box against each other, in paired games.

Each pair plays the same start twice with the seats swapped, so that neither the start nor
playing first favours a side. Where a game has setups, both games of a pair are played with the
same two setups: the runner draws them (the game's ``duel_start``: Mortar Hunt, Hopper and
Sneaker), or, for a game without one (Maršál a Špión) and with ``own_setups``, the players make
them in the pair's first game and the second game starts from them with the seats swapped. A
player is a game's computer at a level, the generic ``random`` player, or an **outside program**
speaking the line protocol of ``docs/duel-protocol.md`` (:class:`Program`), so others can test
their computers against ours. A benchmark, not a test: it prints figures and asserts nothing.
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
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from .common import Pass
from .protocol import AnyGame, Computer, DuelStart

PROTOCOL = 2
LEGAL_LISTED_MAX = 20_000  # more legal actions than this are sent as null
STDERR_LINES = 8  # a program's last lines of standard error shown with its forfeit

SeatOf = Callable[[Any, str], Any]  # (state, player) -> what that player's chooser is given


class Forfeit(Exception):  # noqa: N818 (a game lost by forfeit is the event, not an error)
    """A player gave no legal action (an outside program that answered wrongly, badly, late,
    or not at all): it loses the game."""


@dataclass(frozen=True)
class GameStart:
    """What a player is told when a game of the duel begins: the game's seed (the same for the
    runner's players of that game), the pair and which of its two games (``leg`` 1 or 2), and
    the seats it takes."""

    seed: str
    pair: int
    leg: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class GameEnd:
    """How a game of the duel ended: the winner (a player or ``draw``), the end in the game's
    words, its length in turns, and why a player forfeited, if one did."""

    winner: str
    end: str
    turns: int
    forfeit: str | None = None


class RandomPlayer:
    """Uniformly random among the legal actions of play (never resigns)."""

    level = "random"

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(f"{seed}|random")

    def choose(self, seat: Any) -> Any:
        return seat.random_action(self.rng)


def setting_up(seat: Any) -> bool:
    """Whether ``seat``'s player is setting up (an open game's position says so, a game with
    hidden setups its phase)."""
    position = getattr(seat, "position", None)
    if position is not None and getattr(position, "setting_up", False):
        return True
    return str(getattr(seat, "phase", "")) == "setup"


class Program:
    """An outside program at the duel, speaking the line protocol (``docs/duel-protocol.md``):
    one JSON object a line on its standard input (a new game, a request to act, a game's end)
    and one answer a line on its standard output for each request to act. Its standard error
    is kept in a temporary file; its last lines are shown with a forfeit."""

    def __init__(self, label: str, command: str, game: Any, deadline: float = 10.0) -> None:
        self.label = self.level = label
        self.command = command
        self.game = game
        self.deadline = deadline
        self.rng = random.Random(f"{label}|random")
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._buffer = b""

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None or self._process.poll() is not None:
            if self._stderr is not None:
                self._stderr.close()
            self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (kept open while the program runs)
            self._process = subprocess.Popen(shlex.split(self.command), stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, stderr=self._stderr)
            self._buffer = b""
        return self._process

    def close(self) -> None:
        """End the program: its standard input closed (the end of the duel), a moment to finish,
        then killed."""
        if self._process is not None:
            with contextlib.suppress(Exception):
                assert self._process.stdin is not None
                self._process.stdin.close()
                self._process.wait(2)
            with contextlib.suppress(Exception):
                self._process.kill()
                self._process.wait(1)
            self._process = None
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def stderr_tail(self, lines: int = STDERR_LINES) -> list[str]:
        """The program's last ``lines`` lines of standard error (of its latest run)."""
        if self._stderr is None:
            return []
        with contextlib.suppress(OSError, ValueError):
            self._stderr.flush()
            size = self._stderr.seek(0, os.SEEK_END)
            self._stderr.seek(max(0, size - 8192))
            text = self._stderr.read().decode("utf-8", errors="replace")
            return [line for line in text.splitlines() if line.strip()][-lines:]
        return []

    def _forfeit(self, reason: str, *, stop: bool = False) -> Forfeit:
        if stop and self._process is not None:  # (its standard error stays readable)
            with contextlib.suppress(Exception):
                self._process.kill()
                self._process.wait(1)
        tail = self.stderr_tail()
        if tail:
            reason += "; its standard error ended: " + " | ".join(tail)
        return Forfeit(reason)

    def _send(self, message: dict[str, Any]) -> bool:
        """Write one line to the program; False when it is not running."""
        new = message.get("type") == "new_game" or self._process is None
        process = self._start() if new else self._process
        assert process is not None and process.stdin is not None
        line = json.dumps({"protocol": PROTOCOL, **message}, ensure_ascii=True) + "\n"
        try:
            process.stdin.write(line.encode())
            process.stdin.flush()
        except OSError:
            return False
        return True

    def new_game(self, start: GameStart) -> None:
        self._send({"type": "new_game", "game": self.game.name, "seed": start.seed, "pair": start.pair,
                    "leg": start.leg, "players": list(start.players)})

    def game_over(self, end: GameEnd) -> None:
        if self._process is None or self._process.poll() is not None:
            return
        message: dict[str, Any] = {"type": "game_over", "game": self.game.name, "winner": end.winner,
                                   "end": end.end, "turns": end.turns}
        if end.forfeit is not None:
            message["forfeit"] = end.forfeit
        self._send(message)

    def choose(self, seat: Any) -> Any:
        try:
            listed = seat.legal_actions()
        except Exception:  # a setup too large to list
            listed = []
        # A player asked to act always has an action listed, but for a setup too large to list.
        legal = ([self.game.action_json(a) for a in listed] if listed and len(listed) <= LEGAL_LISTED_MAX
                 else None)
        request = {"type": "act", "game": self.game.name, "player": str(seat.player),
                   "setup": setting_up(seat), "seat": self.game.seat_json(seat), "legal": legal}
        if not self._send(request):
            raise self._forfeit(f"{self.label} is not running (it exited)")
        assert self._process is not None
        line = self._read_line(self._process)
        try:
            answer = json.loads(line)
        except ValueError:
            raise self._forfeit(f"{self.label} answered with a line that is not JSON: {line[:60]!r}") \
                from None
        if not isinstance(answer, dict) or set(answer) != {"action"}:
            raise self._forfeit(f"{self.label} answered {line[:60]!r}, not {{\"action\": ...}}")
        if answer["action"] == {"random": True}:
            return seat.random_action(self.rng)
        try:
            action = self.game.parse_action(answer["action"], seat)
        except ValueError as e:
            raise self._forfeit(f"{self.label} answered a malformed action: {e}") from None
        refusal = seat.refusal(action)
        if refusal is not None:
            raise self._forfeit(f"{self.label} answered an illegal action: {refusal.message}")
        return action

    def _read_line(self, process: subprocess.Popen[bytes]) -> str:
        assert process.stdout is not None
        fd = process.stdout.fileno()
        end = time.monotonic() + self.deadline
        while b"\n" not in self._buffer:
            left = end - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise self._forfeit(f"{self.label} did not answer within {self.deadline:g} s", stop=True)
            chunk = os.read(fd, 65536)
            if not chunk:
                with contextlib.suppress(Exception):
                    process.wait(1)
                code = process.poll()
                raise self._forfeit(f"{self.label} exited without answering"
                                    + (f" (exit status {code})" if code is not None else ""), stop=True)
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace")


@dataclass
class Tally:
    """A duel's results so far, from the first player's side: games won, drawn and lost, and
    per game its length, how it ended and whether a player passed; per pair its score and wins;
    per player label the time of each decision."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    lengths: list[int] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)  # how games ended, in the game's words
    passed: int = 0  # games in which a player passed (had no action: K0's automatic pass)
    pair_scores: list[float] = field(default_factory=list)  # per pair: (wins + draws / 2) / 2
    pair_wins: list[float] = field(default_factory=list)  # per pair: wins / 2
    times: dict[str, list[float]] = field(default_factory=dict)  # wall clock, per decision
    cpu: dict[str, list[float]] = field(default_factory=dict)  # CPU time of this process
    forfeits: list[str] = field(default_factory=list)  # why a game was lost by forfeit

    def add(self, other: Tally) -> None:
        """``other``'s games added to these (a duel's pairs played in several processes)."""
        self.wins += other.wins
        self.draws += other.draws
        self.losses += other.losses
        self.lengths += other.lengths
        self.endings.update(other.endings)
        self.passed += other.passed
        self.pair_scores += other.pair_scores
        self.pair_wins += other.pair_wins
        for mine, theirs in ((self.times, other.times), (self.cpu, other.cpu)):
            for label, values in theirs.items():
                mine.setdefault(label, []).extend(values)
        self.forfeits += other.forfeits


@dataclass
class Played:
    """One game played: the winner (a player or ``draw``), how it ended, whether anyone passed."""

    winner: str
    end: str
    passed: bool
    forfeit: str | None = None


def _seat(state: Any, player: str) -> Any:
    return state.seat(player)


def end_words(state: Any) -> str:
    """How a finished game ended, in its own words (``all home``, ``repetition``…)."""
    reason = state.outcome.reason
    words = getattr(reason, "words", None)
    return str(words if isinstance(words, str) else getattr(reason, "value", reason))


def play(state: Any, players: dict[str, Any], seat_of: SeatOf, times: dict[str, list[float]],
         cpu: dict[str, list[float]] | None = None, forfeits: list[str] | None = None,
         set_up: Callable[[Any], None] | None = None) -> Played:
    """Play ``state`` to its end, counting a forfeit as a loss. ``times``/``cpu``: wall-clock
    and CPU seconds per decision, by the chooser's label; ``set_up``: told the state once, when
    the setups are over (before the first action of play)."""
    passed = False
    while state.to_play is not None:
        player = str(state.to_play)
        chooser = players[player]
        label = getattr(chooser, "label", None) or chooser.level
        seat = seat_of(state, player)
        if set_up is not None and not setting_up(seat):
            set_up(state.copy())
            set_up = None
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            action = chooser.choose(seat)
        except Forfeit as e:
            if forfeits is not None:
                forfeits.append(str(e))
            return Played(next(p for p in players if p != player), "forfeit", passed, str(e))
        times.setdefault(label, []).append(time.perf_counter() - start)
        if cpu is not None:
            cpu.setdefault(label, []).append(time.process_time() - start_cpu)
        passed = passed or isinstance(action, Pass)
        state.apply(action)
    outcome = state.outcome
    return Played("draw" if outcome.winner is None else str(outcome.winner), end_words(state), passed)


def length(state: Any) -> int:
    """Turns of a finished game, as the game counts them."""
    return int(state.outcome.turns) if state.outcome is not None else len(state.history)


def duel(game: AnyGame, first: str, second: str, pairs: int, options: Any, seed: int = 1,
         make_player: Callable[[str, str], Computer] | None = None, seat_of: SeatOf | None = None,
         progress: Callable[[int, Tally], None] | None = None, first_pair: int = 0,
         own_setups: bool = False) -> Tally:
    """``pairs`` pairs of games of ``first`` against ``second`` (labels ``make_player`` turns
    into players: by default the game's computer levels and ``random``), numbered from
    ``first_pair`` (so that a duel's pairs may be played in several processes and added up).
    ``own_setups``: the players make the setups (the first game of each pair), even where the
    game draws them for a duel."""
    make = make_player or (lambda level, player_seed: computer(game, level, player_seed))
    seat_of = seat_of or _seat
    tally = Tally()
    players_of = game.players
    drawer = game if isinstance(game, DuelStart) and not own_setups else None
    drawn = drawer is not None
    for i in range(first_pair, first_pair + pairs):
        rng = random.Random(f"duel|{seed}|{i}")
        start = drawer.duel_start(options, rng) if drawer is not None else game.new(options)
        pair = won = 0.0
        for leg, swap in ((1, False), (2, True)):
            levels = (second, first) if swap else (first, second)
            state = start.copy()
            players = {p: make(level, f"{seed}|{i}|{swap}|{p}") for p, level in zip(players_of, levels)}
            listeners = _listeners(players)
            for listener, seats in listeners:
                listener.new_game(GameStart(f"{seed}|{i}|{leg}", i, leg, seats))
            kept: list[Any] = []
            played = play(state, players, seat_of, tally.times, tally.cpu, tally.forfeits,
                          set_up=kept.append if leg == 1 and not drawn else None)
            if kept:  # the setups the players made: the pair's second game starts from them
                start = kept[0]
            turns = length(state)
            for listener, _ in listeners:
                listener.game_over(GameEnd(played.winner, played.end, turns, played.forfeit))
            mine = players_of[1] if swap else players_of[0]
            if played.winner == mine:
                tally.wins += 1
                pair += 1.0
                won += 1.0
            elif played.winner == "draw":
                tally.draws += 1
                pair += 0.5
            else:
                tally.losses += 1
            tally.lengths.append(turns)
            tally.endings[played.end] += 1
            tally.passed += played.passed
        tally.pair_scores.append(pair / 2)
        tally.pair_wins.append(won / 2)
        if progress:
            progress(i + 1 - first_pair, tally)
    return tally


def _listeners(players: dict[str, Any]) -> list[tuple[Any, tuple[str, ...]]]:
    """The players told of a game's start and end (outside programs), each once with the seats
    it takes."""
    found: list[tuple[Any, tuple[str, ...]]] = []
    for player in players.values():
        if hasattr(player, "new_game") and not any(player is other for other, _ in found):
            found.append((player, tuple(p for p, other in players.items() if other is player)))
    return found


def computer(game: AnyGame, level: str, seed: int | str) -> Computer:
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


def endings(tally: Tally) -> str:
    """How the games ended, most often first, and how many had a pass: ``all home 120,
    repetition 31; a pass in 4``."""
    ends = ", ".join(f"{end} {count}"
                     for end, count in sorted(tally.endings.items(), key=lambda e: (-e[1], e[0])))
    return ends + (f"; a pass in {tally.passed}" if tally.passed else "")


def report(first: str, second: str, tally: Tally, table: str) -> str:
    """The printed result of a duel; ``table``: the game and its options in words."""
    games = tally.wins + tally.draws + tally.losses
    mean, low, high = interval(tally.pair_scores)
    won, won_low, won_high = interval(tally.pair_wins)
    lines = [
        f"{first} vs {second}: {len(tally.pair_scores)} pairs ({games} games), {table}",
        f"  {first}: {tally.wins} won, {tally.draws} drawn, {tally.losses} lost; win rate {won:.1%} "
        f"(95% interval {won_low:.1%}-{won_high:.1%}); score rate (a draw counts half) {mean:.1%} "
        f"({low:.1%}-{high:.1%}); game length mean {statistics.fmean(tally.lengths):.1f} turns, "
        f"longest {max(tally.lengths)}",
        f"  ended by: {endings(tally)}",
    ]
    for level, times in sorted(tally.times.items()):
        if level == "random":
            continue
        ms = sorted(t * 1000 for t in times)
        lines.append(f"  {level} decision time: median {statistics.median(ms):.1f} ms, "
                     f"p95 {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, worst {ms[-1]:.1f} ms "
                     f"over {len(ms)} decisions")
    if tally.forfeits:
        reasons = Counter(tally.forfeits)
        lines.append(f"  {len(tally.forfeits)} game(s) lost by forfeit, the first: {tally.forfeits[0]}")
        lines += [f"    ({count}×) {reason}" for reason, count in reasons.most_common(3)
                  if reason != tally.forfeits[0] or count > 1]
    return "\n".join(lines)
