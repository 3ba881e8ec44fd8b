"""The engine of hidden tic-tac-toe, on the kit's protocol (see the package's docstring)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from mortar.kit.common import Resign
from mortar.kit.grid import BoardSquare, NotationError
from mortar.kit.protocol import IllegalActionError, Refusal
from mortar.kit.records import (
    ERROR,
    ILLEGAL,
    OK,
    RecordError,
    RecordIllegalError,
    Verdict,
    check_format,
    expect_object,
    illegal_line,
    notation,
    players_in_turn,
)
from mortar.kit.steps import finish

FORMAT = "hidden-tictactoe/1"
PLAYERS = ("X", "O")
LINES = [[(c, r) for c in range(3)] for r in range(1, 4)] + \
    [[(c, r) for r in range(1, 4)] for c in range(3)] + \
    [[(0, 1), (1, 2), (2, 3)], [(0, 3), (1, 2), (2, 1)]]


class Square(BoardSquare, width=3, height=3, lowercase=True):
    """A square of the 3 × 3 board, ``a1`` … ``c3``."""

    __slots__ = ()


class Code(Enum):
    NOT_YOUR_TURN = "not your turn"
    GAME_OVER = "game over"
    TAKEN = "taken"
    MALFORMED = "malformed"


class Termination(StrEnum):
    LINE = "line"
    FULL = "full"
    RESIGN = "resign"


@dataclass(frozen=True)
class Place:
    """Put a mark on ``square``."""

    square: Square

    def __str__(self) -> str:
        return str(self.square)


@dataclass(frozen=True)
class Mark:
    player: str
    hidden: bool  # hidden from the opponent (the player's first mark, until revealed)


@dataclass(frozen=True)
class Outcome:
    winner: str | None
    reason: Termination
    turns: int


@dataclass(frozen=True)
class Played:
    player: str
    action: Any
    bounced: bool = False  # the square held the opponent's hidden mark: revealed, turn lost


def other(player: str) -> str:
    return "O" if player == "X" else "X"


@dataclass(frozen=True)
class Seat:
    """What ``player`` may know: own marks (the hidden one too), the opponent's visible marks,
    how many of the opponent's marks are hidden, whose turn, the outcome."""

    player: str
    to_play: str | None
    marks: tuple[tuple[Square, Mark], ...]  # every mark this player sees
    hidden_elsewhere: int  # the opponent's hidden marks this player cannot see
    outcome: Outcome | None
    turns: int

    def _free(self) -> list[Square]:
        taken = {sq for sq, _ in self.marks}
        return [sq for sq in Square.all() if sq not in taken]

    def legal_actions(self) -> Sequence[Place]:
        if self.outcome is not None or self.to_play != self.player:
            return []
        return [Place(sq) for sq in self._free()]  # (a square may hold a hidden mark)

    def refusal(self, action: Any) -> Refusal | None:
        if self.outcome is not None:
            return Refusal(Code.GAME_OVER, "the game is over")
        if self.to_play != self.player:
            return Refusal(Code.NOT_YOUR_TURN, f"it is {self.to_play}'s turn")
        if isinstance(action, Resign):
            return None
        if not isinstance(action, Place) or not isinstance(action.square, Square):
            return Refusal(Code.MALFORMED, f"{action!r} is not a move")
        if action.square not in self._free():
            return Refusal(Code.TAKEN, f"{action.square} is taken")
        return None

    def random_action(self, rng: random.Random) -> Place:
        return rng.choice(list(self.legal_actions()))


@dataclass
class State:
    names: dict[str, str | None] = field(default_factory=lambda: {"X": None, "O": None})
    board: dict[Square, Mark] = field(default_factory=dict)
    history: list[Any] = field(default_factory=list)
    outcome: Outcome | None = None

    @property
    def to_play(self) -> str | None:
        return None if self.outcome is not None else PLAYERS[len(self.history) % 2]

    def copy(self) -> State:
        return State(dict(self.names), dict(self.board), list(self.history), self.outcome)

    def legal_actions(self) -> Sequence[Place]:
        if self.outcome is not None:
            return []
        player = self.to_play
        return [Place(sq) for sq in Square.all()
                if sq not in self.board or (self.board[sq].hidden and self.board[sq].player != player)]

    def refusal(self, action: Any) -> Refusal | None:
        if self.outcome is not None:
            return Refusal(Code.GAME_OVER, "the game is over")
        if isinstance(action, Resign):
            return None
        if not isinstance(action, Place) or not isinstance(action.square, Square):
            return Refusal(Code.MALFORMED, f"{action!r} is not a move")
        mark = self.board.get(action.square)
        if mark is not None and not (mark.hidden and mark.player != self.to_play):
            return Refusal(Code.TAKEN, f"{action.square} is taken")
        return None

    def apply(self, action: Any) -> Played:
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        player = self.to_play
        assert player is not None
        if isinstance(action, Resign):
            played = Played(player, action)
            self.history.append(played)
            self.outcome = Outcome(other(player), Termination.RESIGN, len(self.history))
            return played
        mark = self.board.get(action.square)
        if mark is not None:  # the opponent's hidden mark: revealed, the turn is lost
            self.board[action.square] = Mark(mark.player, False)
            played = Played(player, action, bounced=True)
            self.history.append(played)
            return played
        first = not any(m.player == player for m in self.board.values())
        self.board[action.square] = Mark(player, hidden=first)
        played = Played(player, action)
        self.history.append(played)
        self._settle(player)
        return played

    def _settle(self, player: str) -> None:
        for line in LINES:
            if all(self.board.get(Square(c, r), Mark("", False)).player == player for c, r in line):
                self.outcome = Outcome(player, Termination.LINE, len(self.history))
                return
        if len(self.board) == 9:
            self.outcome = Outcome(None, Termination.FULL, len(self.history))

    def seat(self, player: str) -> Seat:
        over = self.outcome is not None  # after the game nothing is hidden
        seen = tuple(sorted(((sq, m) for sq, m in self.board.items()
                             if m.player == player or not m.hidden or over), key=lambda x: x[0].index))
        hidden = sum(1 for m in self.board.values() if m.player != player and m.hidden and not over)
        return Seat(player, self.to_play, seen, hidden, self.outcome, len(self.history))


# --- records ---------------------------------------------------------------------------------


@dataclass
class Record:
    names: dict[str, str | None]
    moves: list[tuple[str, Any]]  # (player, action)
    computer: dict[str, str] = field(default_factory=dict)

    def actions(self) -> list[Any]:
        return [a for _, a in self.moves]

    def replaying(self) -> Iterator[State]:
        state = State(dict(self.names))
        yield state
        for i, (player, action) in enumerate(self.moves):
            try:
                state.apply(action)
            except IllegalActionError as e:
                raise RecordIllegalError(i + 1, player, str(e)) from None
            yield state

    def to_json(self) -> dict[str, Any]:
        players = {p: {**({"name": n} if n else {}), **({"computer": self.computer[p]} if p in self.computer
                                                          else {})} for p, n in self.names.items()}
        return {"format": FORMAT, "players": {p: e for p, e in players.items() if e},
                "actions": [{"player": p, **action_json(a)} for p, a in self.moves]}

    def save(self) -> str:
        return json.dumps(self.to_json())


def action_json(action: Any) -> dict[str, Any]:
    return {"resign": True} if isinstance(action, Resign) else {"place": str(action.square)}


def parse_action(data: Any, path: str = "the action") -> Any:
    entry = expect_object(data, path, set(), {"place", "resign", "player"})
    if entry.get("resign") is True:
        return Resign()
    if "place" not in entry:
        raise RecordError(f"{path} must place a mark or resign")
    return Place(notation(Square.parse, entry["place"], f"{path}.place"))


def parse_record(data: Any) -> Record:
    top = expect_object(data, "", {"format", "actions"}, {"players"})
    check_format(top, FORMAT)
    names: dict[str, str | None] = {"X": None, "O": None}
    computer = {}
    for p, entry in expect_object(top.get("players", {}), "players", set(), set(PLAYERS)).items():
        seat = expect_object(entry, f"players.{p}", set(), {"name", "computer"})
        names[p] = seat.get("name")
        if isinstance(seat.get("computer"), str):
            computer[p] = seat["computer"]
    actions = top["actions"]
    if not isinstance(actions, list):
        raise RecordError("actions must be a list")
    players_in_turn(actions, "X", PLAYERS)
    return Record(names, [(a["player"], parse_action(a, f"actions[{i}]")) for i, a in enumerate(actions)],
                  computer)


class HiddenTicTacToe:
    name = "hidden-tictactoe"
    title = "Hidden tic-tac-toe"
    players = PLAYERS
    record_format = FORMAT
    levels = ("easy", "hard")
    name_max = 24

    def new(self, options: Any = None, names: Mapping[str, str | None] | None = None) -> State:
        return State(dict(names) if names else {"X": None, "O": None})

    def record(self, state: State) -> Record:
        return Record(dict(state.names), [(p.player, p.action) for p in state.history])

    def parse_record(self, data: Any) -> Record:
        return parse_record(data)

    def verdict(self, record: Record) -> Verdict:
        try:
            states = list(record.replaying())
        except RecordIllegalError as e:
            return Verdict(ILLEGAL, illegal_line(e.turn, e.player, e.reason), e.turn, e.player, e.reason)
        final = states[-1]
        winner = None if final.outcome is None else (final.outcome.winner or "draw")
        return Verdict(OK, f"ok: {winner or 'in progress'}", winner=winner, turns=len(final.history),
                       next=final.to_play)

    def twin(self, state: State, viewer: str, rng: random.Random) -> State | None:
        """The other player's hidden first mark on another square nobody has tapped, the same
        moves after it (the contract tests' twins); None when there is none."""
        record = self.record(state)
        hidden = other(viewer)
        first = next((i for i, (p, a) in enumerate(record.moves)
                      if p == hidden and isinstance(a, Place)), None)
        if first is None or state.outcome is not None or not any(
                m.player == hidden and m.hidden for m in state.board.values()):
            return None
        tapped = {a.square for _p, a in record.moves if isinstance(a, Place)}
        free = [sq for sq in Square.all() if sq not in tapped]
        if not free:
            return None
        moves = list(record.moves)
        moves[first] = (hidden, Place(rng.choice(free)))
        try:
            *_, twin = Record(dict(record.names), moves).replaying()
        except RecordIllegalError:
            return None
        return twin if (twin.outcome, twin.to_play) == (state.outcome, state.to_play) else None  # (a line)

    def computer(self, level: str, seed: int | str) -> Any:
        return Sliced(random.Random(f"{seed}|{level}"))

    def seat_json(self, seat: Seat) -> dict[str, Any]:
        return {"player": seat.player, "marks": {str(sq): m.player for sq, m in seat.marks}}

    def action_json(self, action: Any) -> dict[str, Any]:
        return action_json(action)

    def parse_action(self, data: Any, seat: Seat) -> Any:
        try:
            return parse_action(data)
        except NotationError as e:
            raise RecordError(str(e)) from None


class Sliced:
    """A computer that thinks in slices (the table's computer seat runs it between breaths)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seats: list[Seat] = []  # what it was given: the conformance suite looks

    def thinking(self, seat: Seat) -> Any:
        self.seats.append(seat)
        for _ in range(3):
            yield  # a little work, then a breath
        return seat.random_action(self.rng)

    def choose(self, seat: Seat) -> Any:
        return finish(self.thinking(seat))


GAME = HiddenTicTacToe()
__all__ = ["ERROR", "GAME", "Mark", "Outcome", "Place", "Seat", "State", "Termination"]
