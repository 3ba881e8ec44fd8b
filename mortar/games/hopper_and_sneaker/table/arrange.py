"""Arranging the pieces (HS3) in a few taps: a player's draft of their setup, from their seat.

It starts from the default arrangement (the Hoppers at the back, behind the Sneakers, so that
each can jump at once); "at random" picks one of the legal arrangements the seat lists; a tap
on one home square and then another swaps their pieces. The seat says whether it is legal: the
draft only builds it. The second player sees the first arrangement unless it is secret (the
seat leaves it out then).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from ....kit.grid import NotationError
from ....kit.turns import Player
from ....table.drafts import CHANGED, UNCHANGED, Context, Play, Reply, Result
from ....table.open_board import Ground
from ....table.open_table import SIDES, refusal_text
from ....table.words import _, ngettext, refused
from ..actions import Setup
from ..board import HOME, Face, Square
from ..state import Seat
from .views import BOARD, FACE, FACES, LAYOUT, REFUSED, ArrangeModel, disc, discs, ground

# the player's own squares say whose they are as "your home", and only the swap in words
ARRANGING = replace(BOARD, words={"swap": BOARD.words["swap"]})


def default_faces(player: Player, hoppers: int) -> dict[Square, Face]:
    """The Hoppers on the back row first (the middle square, then the sides), the Sneakers in
    front of them: each Hopper has a piece to jump over from the first move."""
    home = HOME[player]
    back_row = min(sq.row for sq in home) if player is Player.RED else max(sq.row for sq in home)
    order = sorted(home, key=lambda sq: (sq.row != back_row, sq.column != 1, sq.column))
    return {sq: Face.HOPPER if i < hoppers else Face.SNEAKER for i, sq in enumerate(order)}


class ArrangeDraft:
    """A player's arrangement being built (HS3): faces on the six home squares."""

    intents = frozenset({"square", "arrange", "confirm-setup", "cancel"})
    report: str | None = None

    def __init__(self, seat: Seat, context: Context, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.player = seat.player.value
        self.names = context.names
        self.near = context.near
        self.rng = rng or random.Random()
        self.hoppers = seat.position.hoppers
        self.faces = default_faces(seat.player, self.hoppers)
        self.picked: Square | None = None
        self.message: str | None = None
        self.done: str | None = None  # what the last press did, said to the ear (a swap)

    def handle(self, intent: str, arg: str | None) -> Reply[object]:
        handler: Callable[[str | None], Reply[object]] | None = getattr(
            self, "on_" + intent.replace("-", "_"), None)
        if handler is None:
            raise ValueError(f"unknown intent {intent!r}")
        self.done = None
        return handler(arg)

    def played(self, seat: Seat) -> Result:
        return Result(_("{who} arranged the pieces.").format(who=self.names[self.player]))

    def on_cancel(self, arg: str | None) -> Reply[object]:
        if self.picked is None:
            return UNCHANGED
        self.picked = None
        return CHANGED

    def on_square(self, arg: str | None) -> Reply[object]:
        try:
            sq = Square.parse(arg or "")
        except NotationError:
            return UNCHANGED
        self.message = None
        if sq not in self.faces:
            rows = "–".join(str(r) for r in sorted({s.row for s in HOME[self.seat.player]}))
            self.message = refused(sq, _("Your pieces stand on your home rows ({rows}).").format(rows=rows))
            self.picked = None
        elif self.picked is None:
            self.picked = sq
        elif self.picked is sq:
            self.picked = None
        elif self.faces[sq] is self.faces[self.picked]:
            face = self.faces[sq]
            self.message = _("Both are {faces}: swapping them changes nothing. Pick a {other} to "
                             "swap with.").format(faces=FACES[face], other=FACE[face.flipped])
            self.picked = sq
        else:
            self.faces[sq], self.faces[self.picked] = self.faces[self.picked], self.faces[sq]
            self.done = _("Swapped: your {piece} to {square}, your {other} to {other_square}.").format(
                piece=FACE[self.faces[sq]], square=sq, other=FACE[self.faces[self.picked]],
                other_square=self.picked)
            self.picked = None
        return CHANGED

    def on_arrange(self, arg: str | None) -> Reply[object]:
        if arg == "default":
            self.faces = default_faces(self.seat.player, self.hoppers)
        elif arg == "random":
            legal = self.seat.setups()  # (another one than shown, when there is another)
            choices = [s for s in legal if dict(s.pieces) != self.faces] or list(legal)
            if not choices:
                return UNCHANGED
            self.faces = dict(self.rng.choice(choices).pieces)
        else:
            return UNCHANGED
        self.picked, self.message = None, None
        return CHANGED

    def setup(self) -> Setup:
        return Setup(self.seat.player, tuple(self.faces.items()))

    def on_confirm_setup(self, arg: str | None) -> Reply[object]:
        refusal = self.seat.refusal(self.setup())
        if refusal is not None:
            self.message = refusal_text(refusal, REFUSED)
            return CHANGED
        return Play(self.setup())

    def model(self) -> ArrangeModel:
        position = self.seat.position
        # once a piece is picked, the squares it may swap with (the other kind) are marked
        marks: dict[Square, list[str]] = {sq: ["own"] for sq in self.faces}  # (the tab stop starts there)
        if self.picked is not None:
            marks[self.picked] = ["own", "swap"]
            for sq, face in self.faces.items():
                if face is not self.faces[self.picked]:
                    marks[sq] = ["own", "choice"]
        # the draft's faces over the seat's position: the other's arrangement as the seat shows it
        mine = {sq: disc(self.seat.player, face) for sq, face in self.faces.items()}
        own = Ground(f"home-{self.player.lower()}", _("your home"))
        board = ARRANGING.cells(LAYOUT, {**discs(position), **mine},
                                lambda sq: own if sq in self.faces else ground(sq), marks, self.near)
        other = self.seat.player.opponent
        seen = bool(position.pieces(other))
        if self.picked is not None:
            hint = _("{face} on {square} picked: tap another of your squares to swap them.").format(
                face=FACE[self.faces[self.picked]], square=self.picked)
        else:
            hint = _("Tap two of your squares to swap their pieces, or confirm.")
        count = ngettext("{n} Hopper", "{n} Hoppers", self.hoppers).format(n=self.hoppers)
        return {
            "kind": "placement", "player": self.player, "name": self.names.titled(self.player),
            "other": self.names[other.value], "colour": SIDES[self.seat.player],
            "board": board, "hint": hint, "message": self.message, "done": self.done,
            "hoppers": count, "sneakers": 6 - self.hoppers, "seen": seen,
            "secret": self.seat.options.secret_setup, "acting": True,
            "moment": ("setup", self.player), "effects": [],
        }
