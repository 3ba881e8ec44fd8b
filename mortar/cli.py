"""``python -m mortar``: the referee (``check``) and the pads (``pad``) on the command line."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from typing import NoReturn, TextIO

from .kit.records import MAX_RECORD_BYTES, printable
from .notation import quote
from .pad import pad_for
from .record import RecordError, RecordIllegalError, parse
from .referee import ERROR, Verdict, check_text


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line and exit 2, like every other error
        self.exit(2, f"error: {message} (see 'python -m mortar --help')\n")


class _TooLarge(Exception):
    """A file larger than any record the page would import (``/dev/zero``, a mistake)."""


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


class _OutputError(Exception):
    """Standard output cannot be written (closed, a full disk, a closed pipe)."""


def _print(text: str, stream: TextIO | None) -> None:
    """Print a line; what came from a record is made printable (control and bidi characters
    escaped) line by line."""
    text = "\n".join(printable(line) for line in text.split("\n"))
    try:
        if stream is None:  # started with the stream closed
            raise OSError("it is closed")
        data = (text + "\n").encode(stream.encoding or "utf-8", errors="backslashreplace")
        stream.buffer.write(data) if hasattr(stream, "buffer") else stream.write(data.decode())
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


def _check(args: argparse.Namespace) -> int:
    try:
        verdict = check_text(_read(args.file))
    except OSError as e:
        verdict = Verdict(ERROR, reason=f"cannot read {quote(args.file)}: {e.strerror or e}")
    except _TooLarge as e:
        verdict = Verdict(ERROR, reason=str(e))
    if args.json:
        _print(json.dumps(verdict.to_json(), ensure_ascii=True), sys.stdout)
    else:
        _print(str(verdict), sys.stdout)
    return verdict.exit_code


def _pad(args: argparse.Namespace) -> int:
    try:
        record = parse(_read(args.file))
    except OSError as e:
        _complain(f"error: cannot read {quote(args.file)}: {e.strerror or e}")
        return 2
    except (RecordError, _TooLarge) as e:
        _complain(f"error: {e}")
        return 2
    # a name is printed inside the pad's lines: its line breaks too must stay escapes
    record.names = {p: None if n is None else printable(n) for p, n in record.names.items()}
    status = 0
    try:
        game = record.replay()
    except RecordIllegalError as e:
        # Print the pads up to the first illegal action, and say where it stopped.
        index = 0 if e.turn == 0 else (e.turn - 1) * 2 + (0 if e.player == "A" else 1)
        game = record.replay(upto=index) if e.turn else None
        _complain(f"illegal: {e}")
        status = 1
        if game is None:
            return status
    players = [args.player] if args.player else ["A", "B"]
    _print("\n\n".join(str(pad_for(game, p)) for p in players), sys.stdout)
    return status


DUEL_LEVELS = ("random", "easy", "medium", "hard")


def _duel_arguments(duel: argparse.ArgumentParser, levels: tuple[str, ...]) -> None:
    duel.add_argument("first", choices=levels, help="level of the first player (its results are printed)")
    duel.add_argument("second", choices=levels, help="level of the second player")
    duel.add_argument("--games", type=int, default=20, help="pairs of games (default 20)")
    duel.add_argument("--variant", choices=["classic", "craters"], default="classic")
    duel.add_argument("--loadout", choices=["HM", "LH", "secret"], default="HM")
    duel.add_argument("--turn-limit", type=int, default=28,
                      help="turn limit (default 28, the rulebook's; 0 for none)")
    duel.add_argument("--seed", type=int, default=1)


def duel_parser(levels_extra: tuple[str, ...] = ()) -> argparse.ArgumentParser:
    """The duel command's own parser (tools/duel.py adds the bench-only oracle level)."""
    parser = _Parser(prog="duel", description="Computer players against each other, in paired games.")
    _duel_arguments(parser, DUEL_LEVELS + levels_extra)
    return parser


def _duel(args: argparse.Namespace) -> int:
    from .duel import main as duel_main  # the bots load only for this command
    return duel_main(args)


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(prog="python -m mortar", description="Mortar Hunt referee, pads and duels.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    duel = commands.add_parser("duel", help="computer players against each other (prints a strength table)")
    _duel_arguments(duel, DUEL_LEVELS)
    check = commands.add_parser("check", help="check a game record; exit 0 ok, 1 illegal, 2 error")
    check.add_argument("--json", action="store_true", help="print the verdict as one JSON object")
    check.add_argument("file", help="record file, or - for standard input")
    pad = commands.add_parser("pad", help="print the players' pads for a record")
    pad.add_argument("--player", choices=["A", "B"], help="only this player's pad")
    pad.add_argument("file", help="record file, or - for standard input")
    args = parser.parse_args(argv)
    try:
        if args.command == "duel":
            return _duel(args)
        return _check(args) if args.command == "check" else _pad(args)
    except KeyboardInterrupt:
        return 130
    except _OutputError as e:
        _drop_stdout()
        _complain(f"error: cannot write to standard output: {e}")
        return 2
    except Exception as e:  # the contract: no traceback ever reaches the user
        _complain(f"error: internal error: {type(e).__name__}: {str(e)[:200]}")
        return 2
