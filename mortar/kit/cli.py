"""``python -m mortar``: the box on the command line. The game is known from a record's
``format``, or named where there is no record.

    python -m mortar check [--json] FILE|-        # exit 0 ok, 1 illegal, 2 not a record
    python -m mortar pad [--player P] FILE|-      # the players' pads, for games that have them
    python -m mortar duel GAME FIRST SECOND [--games N] [--program NAME=COMMAND] [game options]
    python -m mortar bench GAME [--games N]       # random games/s

No traceback ever reaches the user; what a record holds (names) is printed with control and
bidirectional characters escaped; no more than the largest record is ever read.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn, Protocol, TextIO

from .grid import quote
from .protocol import AnyGame, Computer, DuelOptions, Pads
from .records import (
    ERROR,
    MAX_RECORD_BYTES,
    RecordError,
    RecordIllegalError,
    Verdict,
    error_verdict,
    format_of,
    load_json,
    printable,
)
from .referee import check_text

if TYPE_CHECKING:  # the duels' module loads only for the duel command
    from .duel import SeatOf


class Games(Protocol):
    """The registry the CLI is given (:mod:`mortar.games`): the kit imports no game."""

    def load(self, name: str) -> AnyGame: ...
    def by_format(self, record_format: str) -> AnyGame | None: ...
    def names(self) -> list[str]: ...


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line and exit 2, like every other error
        self.exit(2, f"error: {message} (see 'python -m mortar --help')\n")


class _TooLarge(Exception):
    """A file larger than any record the page would import (``/dev/zero``, a mistake)."""


class _OutputError(Exception):
    """Standard output cannot be written (closed, a full disk, a closed pipe)."""


def _read(name: str) -> bytes:
    """The file's bytes, reading no more than one byte past the largest record."""
    if name == "-":
        data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
    else:
        with open(name, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise _TooLarge(f"the file is larger than {MAX_RECORD_BYTES:,} bytes: no record is that long")
    return data


def _print(text: str, stream: TextIO | None) -> None:
    """Print a line; what came from a record is made printable (control and bidi characters
    escaped) line by line."""
    text = "\n".join(printable(line) for line in text.split("\n"))
    try:
        if stream is None:  # started with the stream closed
            raise OSError("it is closed")
        data = (text + "\n").encode(stream.encoding or "utf-8", errors="backslashreplace")
        if hasattr(stream, "buffer"):
            stream.buffer.write(data)
        else:
            stream.write(data.decode())
        stream.flush()
    except (OSError, ValueError) as e:  # ValueError: the stream object was closed
        raise _OutputError(getattr(e, "strerror", None) or str(e)) from None


def _complain(text: str) -> None:
    """One line on standard error, if it can be written at all."""
    with contextlib.suppress(_OutputError):
        _print(text, sys.stderr)


def _drop_stdout() -> None:
    # What is still buffered for standard output would fail again when Python exits, with a
    # message of its own and exit status 120: send it nowhere instead.
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _check(args: argparse.Namespace, games: Games) -> int:
    try:
        verdict = check_text(_read(args.file), games.by_format)
    except OSError as e:
        verdict = error_verdict(f"cannot read {quote(args.file)}: {e.strerror or e}")
    except _TooLarge as e:
        verdict = error_verdict(str(e))
    if args.json:
        _print(json.dumps(verdict.to_json(), ensure_ascii=True), sys.stdout)
    else:
        _print(str(verdict), sys.stdout)
    return verdict.exit_code


def _pad(args: argparse.Namespace, games: Games) -> int:
    try:
        data = load_json(_read(args.file))
        game = games.by_format("/".join(map(str, format_of(data))))
        if game is None:
            raise RecordError("that record is of no game of this box")
        if not isinstance(game, Pads):
            raise RecordError(f"{game.title} has no pads")
        record = game.parse_record(data)
    except OSError as e:
        _complain(f"error: cannot read {quote(args.file)}: {e.strerror or e}")
        return 2
    except (RecordError, _TooLarge) as e:
        _complain(f"error: {e}")
        return 2
    text, illegal = game.pads(record, args.player)
    if illegal is not None:
        _complain(f"illegal: {illegal}")
    if text:
        _print(text, sys.stdout)
    return 0 if illegal is None else 1


def _duel(args: argparse.Namespace, games: Games, game: AnyGame,
          extra: dict[str, Callable[[str], Computer]] | None = None, seat_of: SeatOf | None = None) -> int:
    from .duel import Program, computer, duel, report  # the computers load only for this command

    programs: dict[str, Program] = {}
    for spec in args.program:
        label, _, command = spec.partition("=")
        if not label or not command:
            raise _UsageError(f"--program takes NAME=COMMAND, not {spec!r}")
        programs[label] = Program(label, command, game, args.deadline)
    known = ("random", *game.levels, *programs, *(extra or {}))
    for level in (args.first, args.second):
        if level not in known:
            raise _UsageError(f"{level!r} is no player of {game.title} ({', '.join(known)})")

    def make(level: str, seed: str) -> Computer:
        if level in programs:
            return programs[level]
        if extra and level in extra:
            return extra[level](seed)
        return computer(game, level, seed)

    options = game.duel_options(args) if isinstance(game, DuelOptions) else None
    try:
        tally = duel(game, args.first, args.second, args.games, options, args.seed, make,
                     seat_of=seat_of, own_setups=args.own_setups)
    finally:
        for program in programs.values():
            program.close()
    table = game.title if options is None else (
        f"{game.title}, {game.describe(options) if isinstance(game, DuelOptions) else options}")
    _print(report(args.first, args.second, tally, table), sys.stdout)
    return 0


def _bench(args: argparse.Namespace, game: AnyGame) -> int:
    """Random games: how many a second this machine plays, and how long they last."""
    rng = random.Random(args.seed)
    options = game.duel_options(args) if isinstance(game, DuelOptions) else None
    start, lengths = time.process_time(), []
    for _ in range(args.games):
        state = game.new(options)
        while state.to_play is not None:
            # the state's own random action where it has one (no seat to build each turn)
            chooser = getattr(state, "random_action", None) or state.seat(state.to_play).random_action
            state.apply(chooser(rng))
        assert state.outcome is not None  # (a game with no one to play has ended)
        lengths.append(state.outcome.turns)
    seconds = time.process_time() - start
    _print(f"{game.title}: {args.games} random games in {seconds:.2f} s CPU: "
           f"{args.games / seconds:.0f} games/s, {sum(lengths) / len(lengths):.1f} turns a game", sys.stdout)
    return 0


class _UsageError(Exception):
    pass


def parser(games: Games, extra_levels: Sequence[str] = ()) -> tuple[_Parser, dict[str, _Parser]]:
    top = _Parser(prog="python -m mortar", description="The box of games: referee, pads, duels, benchmarks.")
    commands = top.add_subparsers(dest="command", required=True, parser_class=_Parser)
    check = commands.add_parser("check", help="check a game record; exit 0 ok, 1 illegal, 2 error")
    check.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
    check.add_argument("file", help="record file, or - for standard input")
    pad = commands.add_parser("pad", help="print the players' pads of a record (Mortar Hunt)")
    pad.add_argument("--player", help="only this player's pad")
    pad.add_argument("file", help="record file, or - for standard input")
    duel = commands.add_parser("duel", help="computer players against each other (prints a strength table)")
    duel.add_argument("game", choices=games.names(), help="the game")
    duel.add_argument("first", help="the first player: random, a level, or a --program name (its results "
                      "are printed)")
    duel.add_argument("second", help="the second player")
    duel.add_argument("--games", type=int, default=20, help="pairs of games (default 20)")
    duel.add_argument("--seed", type=int, default=1)
    duel.add_argument("--program", action="append", default=[], metavar="NAME=COMMAND",
                      help="an outside program speaking the line protocol, seated as NAME")
    duel.add_argument("--deadline", type=float, default=10.0, help="seconds a program may take to answer")
    duel.add_argument("--own-setups", action="store_true",
                      help="the players make the setups (in the first game of each pair; the second game "
                           "plays the same two, seats swapped) where the runner would draw them")
    bench = commands.add_parser("bench", help="random games per second")
    bench.add_argument("game", choices=games.names(), help="the game")
    bench.add_argument("--games", type=int, default=200)
    bench.add_argument("--seed", type=int, default=1)
    return top, {"duel": duel, "bench": bench}


def main(argv: list[str] | None, games: Games, *, extra: dict[str, Callable[[str], Computer]] | None = None,
         seat_of: SeatOf | None = None) -> int:
    """Run a command; ``extra``: more duel players by name (bench tools' own references)."""
    top, per_game = parser(games)
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        first, _ = top.parse_known_args(argv)
        if first.command not in per_game:
            args = top.parse_args(argv)
            return _check(args, games) if args.command == "check" else _pad(args, games)
        game = games.load(first.game)
        if isinstance(game, DuelOptions):  # the game adds its own options (variant, loadout…)
            game.duel_arguments(per_game[first.command])
        args = top.parse_args(argv)
        if args.command == "duel":
            return _duel(args, games, game, extra, seat_of)
        return _bench(args, game)
    except _UsageError as e:
        _complain(f"error: {e}")
        return 2
    except KeyboardInterrupt:
        return 130
    except _OutputError as e:
        _drop_stdout()
        _complain(f"error: cannot write to standard output: {e}")
        return 2
    except Exception as e:  # the contract: no traceback ever reaches the user
        _complain(f"error: internal error: {type(e).__name__}: {str(e)[:200]}")
        return 2


__all__ = ["ERROR", "Games", "RecordIllegalError", "Verdict", "main", "parser"]
