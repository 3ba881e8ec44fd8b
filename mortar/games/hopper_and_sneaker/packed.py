"""Hopper and Sneaker's positions as the computer searches them: the rules of :mod:`.position`
(HS5–HS7) again, packed into three bit masks (a square's bit is ``1 << index``), with a move
written as one small int, ``start | end << 5``. The rules' position stays the single source of
legality; this copy only lists moves quicker, and the tests compare the two on random positions.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from mortar.kit.turns import Player

from .board import FAR_INDEXES, NEIGHBOURS, PIECES, RAYS, SQUARES, TARGET_INDEXES, Face

RED, WHITE = Player.RED, Player.WHITE
BITS = tuple(1 << i for i in range(len(SQUARES)))
STEPS = tuple(tuple((1 << j, j) for j in NEIGHBOURS[i]) for i in range(len(SQUARES)))
# RUNS[i]: for each direction with a square beyond the first, the squares from i outwards as
# (bit, index) pairs: a Hopper's jump runs over occupied squares to the first empty one.
RUNS = tuple(tuple(tuple((1 << j, j) for j in ray) for ray in RAYS[i] if len(ray) >= 2)
             for i in range(len(SQUARES)))
TARGET = {p: sum(1 << i for i in TARGET_INDEXES[p]) for p in (RED, WHITE)}
FAR = {p: sum(1 << i for i in FAR_INDEXES[p]) for p in (RED, WHITE)}


class Packed:
    """A position of Hopper and Sneaker in bit masks: ``red``, ``white`` and ``hoppers`` (the
    pieces of both with the Hopper's face up), and the player to move. Immutable; answers the
    search's questions."""

    __slots__ = ("red", "white", "hoppers", "to_play")

    def __init__(self, red: int, white: int, hoppers: int, to_play: Player) -> None:
        self.red = red
        self.white = white
        self.hoppers = hoppers
        self.to_play = to_play

    @classmethod
    def of(cls, cells: Any, to_play: Player) -> Packed:
        red = white = hoppers = 0
        for i, piece in enumerate(cells):
            if piece is None:
                continue
            if piece.player is RED:
                red |= 1 << i
            else:
                white |= 1 << i
            if piece.face is Face.HOPPER:
                hoppers |= 1 << i
        return cls(red, white, hoppers, to_play)

    def cells(self) -> tuple[Any, ...]:
        """The rules' cells of this position."""
        out: list[Any] = []
        for i in range(len(SQUARES)):
            bit = 1 << i
            player = RED if self.red & bit else WHITE if self.white & bit else None
            face = Face.HOPPER if self.hoppers & bit else Face.SNEAKER
            out.append(None if player is None else PIECES[player, face])
        return tuple(out)

    def key(self) -> Hashable:
        return self.red | self.white << 24 | self.hoppers << 48

    def passed(self) -> Packed:
        return Packed(self.red, self.white, self.hoppers, self.to_play.opponent)

    def play(self, move: int) -> Packed:
        """After ``move``: the piece on its start at its end, flipped (HS5, HS6)."""
        start, end = BITS[move & 31], BITS[move >> 5]
        # A Hopper lands a Sneaker, a Sneaker becomes a Hopper.
        hoppers = self.hoppers & ~start if self.hoppers & start else self.hoppers | end
        if self.to_play is RED:
            return Packed(self.red & ~start | end, self.white, hoppers, WHITE)
        return Packed(self.red, self.white & ~start | end, hoppers, RED)

    def winner(self, mover: Player) -> Player | None:
        """HS7: the mover first, then the opponent: all home, or the blockade."""
        occupied = self.red | self.white
        for player in (mover, mover.opponent):
            own, target = (self.red, TARGET[RED]) if player is RED else (self.white, TARGET[WHITE])
            if occupied & target != target:
                continue
            if own & target == target:
                return player  # HS7.1
            if not own & ~target & ~FAR[player]:
                return player  # HS7.2: an opponent's piece on a target, every other piece in the far half
        return None

    def moves(self) -> list[int]:
        """Every move of the player to move: a Sneaker's step, a Hopper's jump (HS5, HS6)."""
        own = self.red if self.to_play is RED else self.white
        occupied = self.red | self.white
        hoppers = self.hoppers
        out: list[int] = []
        while own:
            bit = own & -own
            own ^= bit
            i = bit.bit_length() - 1
            if hoppers & bit:
                for run in RUNS[i]:
                    if occupied & run[0][0]:
                        for land, j in run:
                            if not occupied & land:
                                out.append(i | j << 5)
                                break
            else:
                for near, j in STEPS[i]:
                    if not occupied & near:
                        out.append(i | j << 5)
        return out
