"""Enlightenment's positions as the computer searches them: the rules of :mod:`.position` (EN4–EN6)
again, packed into three bit masks (a square's bit is ``1 << index``), with a move written as one
small int. The rules' position stays the single source of legality; this copy only lists moves
quicker, and the tests compare the two on random positions.

A search move is what the move does, not how: the piece's start, where it ends and whether it
ends enlightened (two jump sequences that do the same are one move to the search). It is an int,
``start | end << 5 | lit << 10 | was_lit << 11``: cheap to hash for the transposition table,
killers and history, and an index into the move order's table.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from mortar.kit.turns import Player

from .board import CENTRE, EDGE_INDEXES, JUMPS, NEIGHBOURS, PIECES, SQUARES

RED, WHITE = Player.RED, Player.WHITE
C3 = CENTRE.index
C3_BIT = 1 << C3
FULL = (1 << len(SQUARES)) - 1
EDGE = sum(1 << i for i in EDGE_INDEXES)
RING = FULL & ~EDGE & ~C3_BIT  # the eight squares round the centre
BITS = tuple(1 << i for i in range(len(SQUARES)))
STEPS = tuple(tuple((1 << j, j) for j in NEIGHBOURS[i]) for i in range(len(SQUARES)))
HOPS = tuple(tuple((1 << over, 1 << land, land) for over, land in JUMPS[i]) for i in range(len(SQUARES)))
LIT_MOVE = 1 << 10  # the moving piece ends enlightened
WAS_LIT = 1 << 11  # it was enlightened before


def start_of(move: int) -> int:
    return move & 31


def end_of(move: int) -> int:
    return (move >> 5) & 31


class Packed:
    """A position of Enlightenment in bit masks: ``red``, ``white`` and ``lit`` (the enlightened
    pieces of both), and the player to move. Immutable; answers the search's questions."""

    __slots__ = ("red", "white", "lit", "to_play")

    def __init__(self, red: int, white: int, lit: int, to_play: Player) -> None:
        self.red = red
        self.white = white
        self.lit = lit
        self.to_play = to_play

    @classmethod
    def of(cls, cells: Any, to_play: Player) -> Packed:
        red = white = lit = 0
        for i, piece in enumerate(cells):
            if piece is None:
                continue
            if piece.player is RED:
                red |= 1 << i
            else:
                white |= 1 << i
            if piece.enlightened:
                lit |= 1 << i
        return cls(red, white, lit, to_play)

    def cells(self) -> tuple[Any, ...]:
        """The rules' cells of this position."""
        out: list[Any] = []
        for i in range(len(SQUARES)):
            bit = 1 << i
            player = RED if self.red & bit else WHITE if self.white & bit else None
            out.append(None if player is None else PIECES[player, bool(self.lit & bit)])
        return tuple(out)

    def key(self) -> Hashable:
        return self.red | self.white << 25 | self.lit << 50

    def own(self) -> int:
        return self.red if self.to_play is RED else self.white

    def passed(self) -> Packed:
        return Packed(self.red, self.white, self.lit, self.to_play.opponent)

    def play(self, move: int) -> Packed:
        start, end = BITS[move & 31], BITS[(move >> 5) & 31]
        lit = self.lit & ~start
        if move & LIT_MOVE:
            lit |= end
        if self.to_play is RED:
            return Packed(self.red & ~start | end, self.white, lit, WHITE)
        return Packed(self.red, self.white & ~start | end, lit, RED)

    def won(self, player: Player) -> bool:
        """EN6: every piece of ``player``'s enlightened and on the edge."""
        own = self.red if player is RED else self.white
        return not own & ~(self.lit & EDGE)

    def moves(self) -> list[int]:
        """Every move of the player to move (EN4, EN5), each outcome once."""
        own = self.red if self.to_play is RED else self.white
        out: list[int] = []
        while own:
            bit = own & -own
            own ^= bit
            self.piece_moves(bit, out)
        return out

    def piece_moves(self, bit: int, out: list[int]) -> list[int]:
        """The moves of the piece on ``bit`` (the player to move's), added to ``out``."""
        occupied = self.red | self.white
        lamps = self.lit
        i = bit.bit_length() - 1
        was = WAS_LIT if lamps & bit else 0
        base = i | was
        lit = LIT_MOVE if was else 0
        for near, j in STEPS[i]:
            if not occupied & near:
                out.append(base | j << 5 | (LIT_MOVE if near == C3_BIT else lit))
        # Jump sequences, depth first: the piece has left its start (never jumped over, never
        # landed on again), and lands on no square twice.
        rest = occupied & ~bit
        found = 0  # (end, lit) pairs listed, as bits: end, and end + 25 when lit
        stack = [(i, bit, lit)]
        while stack:
            at, visited, now = stack.pop()
            for over, land, j in HOPS[at]:
                if rest & over and not (rest | visited) & land:
                    then = now or (LIT_MOVE if lamps & over or j == C3 else 0)
                    mark = land << 25 if then else land
                    if not found & mark:
                        found |= mark
                        out.append(base | j << 5 | then)
                    stack.append((j, visited | land, then))
        return out

    def finishes(self, bit: int) -> bool:
        """Whether the piece on ``bit`` (the player to move's) can end a move enlightened on
        the edge (its last one, when every other piece is there already)."""
        return any(m & LIT_MOVE and BITS[(m >> 5) & 31] & EDGE for m in self.piece_moves(bit, []))
