"""What both of a Mortar Hunt player's drafts share: the seat they are built from, the names,
a message for the player, and how an intent's argument is read. A draft is built from a
:class:`..seat.Seat` — never the game — so it cannot show or use anything the player may not
know; an intent that completes the player's action returns it for the table to play."""

from __future__ import annotations

from collections.abc import Callable

from ....table.drafts import CHANGED, UNCHANGED, Changed, Chosen, Context, Play, Reply, Result, Unchanged
from ..actions import Action, Setup
from ..notation import Facing, NotationError, Square
from ..seat import Seat

Answer = bool | Action | Setup | Reply[object]  # what an intent's handler answers

PIECES = (1, 2, 3)


def toward_enemy(seat: Seat) -> Facing:
    """The facing that points from the own half to the enemy's: a new piece's facing."""
    own, enemy = seat.half_rows, min(s.row for s in seat.enemy_half)
    return Facing.N if enemy > own[-1] else Facing.S


def square_arg(arg: str | None) -> Square | None:
    try:
        return Square.parse(arg or "")
    except NotationError:
        return None


def piece_arg(arg: str | None) -> int | None:
    try:
        n = int(arg or "")
    except ValueError:
        return None
    return n if n in PIECES else None


class Draft:
    """Common to both drafts: the seat, the names, a message for the player. A handler answers
    True (changed), False (not now), a finished action (played: a deliberate button) or a
    :data:`~mortar.table.drafts.Reply`."""

    report: str | None = None

    def __init__(self, seat: Seat, context: Context) -> None:
        self.seat = seat
        self.player = seat.player
        self.names = context.names
        self.message: str | None = None

    def handle(self, intent: str, arg: str | None) -> Reply[object]:
        handler: Callable[[str | None], Answer] | None = getattr(self, "on_" + intent.replace("-", "_"), None)
        if handler is None:
            raise ValueError(f"unknown intent {intent!r}")
        answer = handler(arg)
        if answer is True:
            return CHANGED
        if answer is False:
            return UNCHANGED
        if isinstance(answer, Changed | Unchanged | Chosen | Play):
            return answer
        return Play(answer)

    def played(self, seat: Seat) -> Result:
        return Result()

    @property
    def name(self) -> str:
        return self.names.titled(self.player)

    @property
    def other(self) -> str:
        return self.names[self.seat.opponent]
