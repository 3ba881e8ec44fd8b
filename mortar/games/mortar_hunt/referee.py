"""The referee: checks a record and gives the verdict RECORD.md prescribes."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .game import Game
from .record import Record, RecordError, RecordIllegalError, parse
from .rules import PLAYERS

OK, ILLEGAL, ERROR = "ok", "illegal", "error"
EXIT = {OK: 0, ILLEGAL: 1, ERROR: 2}


@dataclass(frozen=True)
class Verdict:
    status: str
    turn: int | None = None
    player: str | None = None
    reason: str | None = None
    winner: str | None = None
    score: dict[str, int] | None = None
    turns: int | None = None
    next: str | None = None

    @property
    def exit_code(self) -> int:
        return EXIT[self.status]

    def to_json(self) -> dict:
        return asdict(self)

    def __str__(self) -> str:
        if self.status == ERROR:
            return f"error: {self.reason}"
        if self.status == ILLEGAL:
            where = f"turn {self.turn} {self.player}" if self.turn else f"setup {self.player}"
            return f"illegal: {where}: {self.reason}"
        assert self.score is not None
        a, b = self.score["A"], self.score["B"]
        after = f"after {self.turns} turn{'' if self.turns == 1 else 's'}"
        if self.winner == "draw":
            return f"ok: draw {a}:{b} {after}"
        if self.winner is not None:
            won, lost = (a, b) if self.winner == "A" else (b, a)
            return f"ok: {self.winner} wins {won}:{lost} {after}"
        return f"ok: in progress {after}, {self.next} to play, A {a}:{b} B"


def _state(game: Game) -> dict:
    outcome = game.outcome
    if outcome is not None:
        over = outcome.as_dict()
        return {"winner": over["winner"], "score": over["score"], "turns": over["turns"], "next": None}
    return {
        "winner": None,
        "score": game.scores().as_dict(),
        "turns": game.turns_started,
        "next": None if game.to_play is None else str(game.to_play),
    }


def check_record(record: Record) -> Verdict:
    """Replay a parsed record; the verdict locates the first illegal action."""
    try:
        game = record.replay()
    except RecordIllegalError as e:
        # The state just before the offending action: replay the legal prefix.
        before = Game() if e.turn == 0 else record.replay(upto=_index_of(e))
        state = _state(before)
        if e.turn == 0:
            state["next"] = None
        return Verdict(ILLEGAL, e.turn, e.player, e.reason, **state)
    return Verdict(OK, **_state(game))


def _index_of(e: RecordIllegalError) -> int:
    return (e.turn - 1) * 2 + PLAYERS.index(e.player)


def check_text(text: str | bytes) -> Verdict:
    """Check a record's text. Never raises for any input."""
    try:
        record = parse(text)
    except RecordError as e:
        return Verdict(ERROR, reason=str(e))
    try:
        return check_record(record)
    except RecursionError:
        return Verdict(ERROR, reason="the record is too deeply nested")
