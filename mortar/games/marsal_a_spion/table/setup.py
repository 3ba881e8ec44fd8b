"""Setting up 40 pieces in well under a minute: a player's draft of their setup, from their seat.

The tray holds what is left to place. A tap on a kind in the tray picks it; a tap on an empty
home square puts one there (the tray then moves on to the next kind left). A tap on a placed
piece holds it; a tap on another square swaps the two (or moves it to an empty one). "Fill at
random" fills the empty squares with what is left (or, when all stand, shuffles the whole
army), never the Flag into the front row; a preset or the player's last setup on this device
replaces everything. The setup can be confirmed only when all 40 stand; the seat says whether
it is legal (R4).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ....table.drafts import CHANGED, UNCHANGED, Context, Play, Reply, Result
from ....table.words import _, ngettext
from ..actions import Setup
from ..board import Square, home_squares
from ..pieces import PIECES, Piece
from ..seat import Seat
from .layouts import PRESETS, WIDTH, Layout, placement_of, square_at
from .scene import setup_board
from .texts import ARMY as ARMY_WORD
from .texts import NAME, refusal_text

if TYPE_CHECKING:
    from .models import SetupModel

LAST = "last"  # the preset key of the player's last setup on this device


class SetupDraft:
    intents = frozenset({"square", "tray", "fill", "preset", "clear", "to-tray", "confirm-setup", "cancel"})
    report = None

    def __init__(self, seat: Seat, context: Context, last: Layout | None, rng: random.Random) -> None:
        self.seat = seat
        self.player = seat.player
        self.names = context.names
        self.last = last  # this person's setup in an earlier game on this device, if any
        self.rng = rng
        self.home = home_squares(seat.player)
        self.placement: dict[Square, Piece] = {}
        self.pick: Piece | None = PIECES[0]  # the tray's kind the next empty square gets
        self.held: Square | None = None  # a placed piece picked up to swap
        self.message: str | None = None
        self.done: str | None = None  # what the last press did, said to the ear (a swap)

    def handle(self, intent: str, arg: str | None) -> Reply[object]:
        handler: Callable[[str | None], Reply[object] | bool] = getattr(
            self, "on_" + intent.replace("-", "_"))
        self.done = None
        reply = handler(arg)
        if reply is True:
            return CHANGED
        return UNCHANGED if reply is False else reply

    def played(self, seat: Seat) -> Result:
        return Result(_("{who} set up the army.").format(who=self.names[self.player]))

    def on_cancel(self, arg: str | None) -> bool:
        """Escape: a piece held to swap is put back."""
        if self.held is None:
            return False
        self.held = None
        return True

    # --- the tray ----------------------------------------------------------------------------

    def left(self, piece: Piece) -> int:
        return piece.count - sum(1 for p in self.placement.values() if p is piece)

    def _next_pick(self, after: Piece | None = None) -> Piece | None:
        """The kind the tray offers next: ``after`` while some are left, else the first left."""
        if after is not None and self.left(after):
            return after
        return next((p for p in PIECES if self.left(p)), None)

    def on_tray(self, arg: str | None) -> Reply[object] | bool:
        try:
            piece = Piece.parse(arg or "")
        except ValueError:
            return False
        if not self.left(piece):
            self.message = _("No {piece} is left in the tray.").format(piece=NAME[piece])
            return True
        self.pick, self.held, self.message = piece, None, None
        return True

    # --- the board ----------------------------------------------------------------------------

    def on_square(self, arg: str | None) -> Reply[object] | bool:
        try:
            square = Square.parse(arg or "")
        except ValueError:
            return False
        if square not in self.home:
            return False  # (only the home rows are drawn: a stale tap)
        self.message = None
        here = self.placement.get(square)
        if self.held is not None:
            held = self.held
            self.held = None
            if square is not held:  # swap the two (or move to an empty square)
                moving = self.placement.pop(held)
                if here is not None:
                    self.placement[held] = here
                self.placement[square] = moving
                self.done = (_("Swapped: your {piece} to {square}, your {other} to {other_square}.").format(
                    piece=NAME[moving], square=square, other=NAME[here], other_square=held)
                    if here is not None else
                    _("Moved: your {piece} to {square}.").format(piece=NAME[moving], square=square))
            return True
        if here is not None:
            self.held = square
            return True
        pick = self._next_pick(self.pick)
        if pick is None:
            return True  # (all 40 stand: no empty square is left to tap)
        self.placement[square] = pick
        self.pick = self._next_pick(pick)
        return True

    def on_to_tray(self, arg: str | None) -> Reply[object] | bool:
        """The held piece goes back to the tray (and is the tray's pick again)."""
        if self.held is None:
            return False
        self.pick = self.placement.pop(self.held)
        self.held = None
        return True

    # --- whole setups -------------------------------------------------------------------------

    def on_fill(self, arg: str | None) -> Reply[object] | bool:
        empty = [sq for sq in self.home if sq not in self.placement]
        if not empty:  # all stand: shuffle the whole army
            empty, self.placement = list(self.home), {}
        rest = [p for p in PIECES for _copy in range(self.left(p))]
        self.rng.shuffle(rest)
        drawn = dict(zip(empty, rest))
        # A convenience, not a rule (R4): the Flag is never drawn into the front row, where the
        # enemy's first Scout run could take it (one random army in 45 lost so on turn 1).
        front = {square_at(self.player, 0, left) for left in range(WIDTH)}
        flag = next((sq for sq, piece in drawn.items() if piece is Piece.FLAG), None)
        behind = [sq for sq in drawn if sq not in front]
        if flag in front and behind:
            other = self.rng.choice(behind)
            drawn[flag], drawn[other] = drawn[other], drawn[flag]
        self.placement.update(drawn)
        self._settled()
        return True

    def on_preset(self, arg: str | None) -> Reply[object] | bool:
        layout = self.last if arg == LAST else next((p.layout for p in PRESETS if p.key == arg), None)
        if layout is None:
            return False
        self.placement = placement_of(self.player, layout)
        self._settled()
        return True

    def on_clear(self, arg: str | None) -> Reply[object] | bool:
        self.placement = {}
        self._settled()
        return True

    def _settled(self) -> None:
        self.held, self.message = None, None
        self.pick = self._next_pick()

    # --- confirming ---------------------------------------------------------------------------

    @property
    def complete(self) -> bool:
        return len(self.placement) == len(self.home)

    def on_confirm_setup(self, arg: str | None) -> Reply[object] | bool:
        if not self.complete:
            missing = len(self.home) - len(self.placement)
            self.message = ngettext("Place the last piece first.", "Place the other {n} pieces first.",
                                    missing).format(n=missing)
            return True
        setup = Setup.of(self.placement)
        refusal = self.seat.refusal(setup)
        if refusal is not None:  # (a whole army on the home rows is always legal: R4)
            self.message = refusal_text(refusal)
            return True
        return Play(setup)

    # --- the screen model -----------------------------------------------------------------------

    def model(self) -> SetupModel:
        marks: dict[str, list[str]] = {}
        if self.held is not None:
            marks[str(self.held)] = ["held"]
        name, other = self.names.titled(self.player), self.names[self.player.opponent]
        label = _("{name}'s home rows ({army}): your front row is at the top").format(
            name=name, army=ARMY_WORD[self.player])
        placed = len(self.placement)
        rows = self.home[0].row, self.home[-1].row
        return {
            "kind": "setup", "player": str(self.player), "name": name, "other": other,
            "army": ARMY_WORD[self.player], "rows": f"{min(rows)}–{max(rows)}",
            "board": setup_board(self.player, self.placement, marks, label),
            "tray": [{"id": p.id, "left": self.left(p), "count": p.count} for p in PIECES],
            "pick": self.pick.id if self.pick is not None and self.held is None else None,
            "held": str(self.held) if self.held is not None else None,
            "held_piece": self.placement[self.held].id if self.held is not None else None,
            "presets": [{"key": p.key, "label": p.label, "hint": p.hint} for p in PRESETS],
            "last": self.last is not None, "placed": placed, "total": len(self.home),
            "complete": self.complete, "message": self.message, "done": self.done,
            "moment": ("setup", name), "effects": [],
        }
