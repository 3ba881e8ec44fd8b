"""The paper pad each player keeps (RULINGS R13), as rows of cells and as a text table.

A's columns: TURN | piece 1 | piece 2 | piece 3 | SHOOTING | OPPONENT'S SHOT.
B's columns: TURN | OPPONENT'S SHOT | piece 1 | piece 2 | piece 3 | SHOOTING (the rulebook's
pad for B is laid out the other way round). A hit is circled on paper and written ``(C3)`` here.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from .actions import Sacrifice, Turn
from .rules import PLAYERS
from .seat import Seat

if TYPE_CHECKING:  # (a pad is built from a seat: the game only hands its seat over)
    from .state import State

SHOOTING = "SHOOTING"
OPPONENTS_SHOT = "OPPONENT'S SHOT"
INITIAL = "INITIAL POSITION"
NO_SHOT = "X"
DESTROYED = "X"
FIRED = "*"


@dataclass
class PadRow:
    turn: str  # "INITIAL POSITION" or the turn number
    pieces: list[str] = field(default_factory=lambda: ["", "", ""])
    shooting: str = ""
    opponents_shot: str = ""


class PadData(TypedDict):
    """A pad as plain data for the screen (:meth:`Pad.to_data`)."""

    player: str
    name: str | None
    header: list[str]
    rows: list[list[str]]  # the cells as printed (:meth:`Pad.cells`)
    earlier: int


@dataclass
class Pad:
    player: str
    name: str | None
    rows: list[PadRow]
    earlier: int = 0  # turns written before the first row shown (a long game, drawn in part)

    @property
    def header(self) -> list[str]:
        if self.player == "A":
            return ["TURN", "1", "2", "3", SHOOTING, OPPONENTS_SHOT]
        return ["TURN", OPPONENTS_SHOT, "1", "2", "3", SHOOTING]

    def cells(self) -> list[list[str]]:
        """The rows as printed, first column the turn, in this player's column order."""
        out = []
        for row in self.rows:
            if self.player == "A":
                out.append([row.turn, *row.pieces, row.shooting, row.opponents_shot])
            else:
                out.append([row.turn, row.opponents_shot, *row.pieces, row.shooting])
        return out

    def to_data(self) -> PadData:
        return {"player": self.player, "name": self.name, "header": self.header,
                "rows": self.cells(), "earlier": self.earlier}

    def __str__(self) -> str:
        table = [self.header, *self.cells()]
        widths = [max(len(r[i]) for r in table) for i in range(len(self.header))]
        title = f"Player {self.player}" + (f": {self.name}" if self.name else "")
        lines = [title]
        for r in table:
            lines.append(" | ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        return "\n".join(lines)


def _shot_cell(target: str, hit: bool | None) -> str:
    return f"({target})" if hit else target


def pad_for(game: State, player: str) -> Pad:
    """``player``'s pad for the game so far, written as the rulebook's example pads are."""
    if player not in PLAYERS:
        raise ValueError(f"{player!r} is not a player (A or B)")
    return seat_pad(game.seat(player))


def seat_pad(seat: Seat) -> Pad:
    """The pad of a seat: everything on it is what that player may know (R12, R13)."""
    return SeatPads(seat).at(len(seat.log))


class SeatPads:
    """A seat's pad at every step of the game so far, read from its log once: the pad after the
    first ``step`` actions is written from the first ``step`` entries of the log (the log of a
    seat later in the game begins with the log of an earlier one), and a long game's pad can be
    drawn its last turns at a time, so a review step costs the same at turn 10 and turn 10,000."""

    def __init__(self, seat: Seat) -> None:
        self.player = seat.player
        self.name = seat.names[seat.player]
        self.log = seat.log
        self.turns = [seen.turn for seen in seat.log]  # never decreasing
        self.initial = PadRow(INITIAL)
        if seat.pieces:
            # where each piece started: before its first move, else where it stands (a piece
            # that never moved, or a wreck, is where it was placed)
            start = [p.position for p in seat.pieces]
            moved: set[int] = set()
            for seen in seat.log:
                action = seen.action
                if (seen.player is seat.player and isinstance(action, Turn) and seen.moved_from
                        and action.move.piece not in moved):
                    moved.add(action.move.piece)
                    start[action.move.piece - 1] = seen.moved_from
            self.initial.pieces = [str(p) for p in start]

    def at(self, step: int, turns: int | None = None) -> Pad:
        """The pad after ``step`` actions; ``turns``: only the rows of the last so many turns."""
        step = max(0, min(step, len(self.log)))
        first, shown = 0, 0  # the first entry read; the first turn shown
        if turns is not None and step:
            shown = self.turns[step - 1] - turns + 1
            # from a turn earlier: a piece lost then may be crossed out in the first row shown
            first = bisect.bisect_left(self.turns, shown - 1, 0, step)
        rows: dict[int, PadRow] = {}

        def row(turn: int) -> PadRow:
            return rows.setdefault(turn, PadRow(str(turn)))

        def destroyed(piece: int, turn: int) -> None:
            # X in the row of the turn the piece was lost, or the next row if that cell is taken.
            target = row(turn) if not row(turn).pieces[piece - 1] else row(turn + 1)
            target.pieces[piece - 1] = DESTROYED

        for seen in self.log[first:step]:
            r = row(seen.turn)
            shot_text = NO_SHOT if seen.shot is None else _shot_cell(str(seen.shot), seen.hit)
            if seen.player is self.player:
                r.shooting = shot_text
                action = seen.action
                if isinstance(action, Turn):
                    r.pieces[action.move.piece - 1] = str(action.move.to)
                    if action.shot is not None:
                        cell = r.pieces[action.shot.piece - 1]
                        r.pieces[action.shot.piece - 1] = f"{cell} {FIRED}" if cell else FIRED
                elif isinstance(action, Sacrifice):
                    destroyed(action.piece, seen.turn)
            else:
                r.opponents_shot = shot_text
                if seen.lost is not None:
                    destroyed(seen.lost, seen.turn)
        earlier = max(0, shown - 1)
        initial = [] if earlier else [PadRow(INITIAL, list(self.initial.pieces))]
        return Pad(str(self.player), self.name, initial + [rows[t] for t in sorted(rows) if t >= shown],
                   earlier)
