"""The rules of Enlightenment (RULINGS EN4–EN6) as an immutable position: the step, the jump
sequence (orthogonal jumps over one piece each, turning as it likes, never landing twice on a
square of the same move), enlightenment at the end of a move, why anything else is refused, and
the win. Passes, repetition, draws and resigning are K0's (:mod:`mortar.kit.turns`).

A position is written as text, rows 5 to 1, each row west to east, ``.`` for an empty square,
``r``/``R`` for Red's plain and enlightened pieces, ``w``/``W`` for White's, then the player to
move::

    wwwww/w...w/r...w/r...r/rrrrr Red
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from mortar.kit import diagram, turns
from mortar.kit.grid import quote
from mortar.kit.protocol import Refusal
from mortar.kit.turns import Player

from .actions import Move, Moved, RefusalCode, Termination
from .board import (
    CENTRE,
    EDGE_INDEXES,
    JUMPS,
    NEIGHBOURS,
    PIECES,
    SQUARES,
    START,
    Layout,
    Piece,
    Square,
    is_step,
)

C = RefusalCode
_LETTERS = {PIECES[Player.RED, False]: "r", PIECES[Player.RED, True]: "R",
            PIECES[Player.WHITE, False]: "w", PIECES[Player.WHITE, True]: "W"}
_BY_LETTER = {letter: piece for piece, letter in _LETTERS.items()}


@dataclass(frozen=True)
class Position(turns.Position[Move, Moved]):
    """Where every piece stands and whether it is enlightened, and who is to move."""

    cells: tuple[Piece | None, ...]  # by square index
    to_play: Player

    codes = RefusalCode
    endings = Termination

    @classmethod
    def start(cls, layout: Layout, first: Player) -> Position:
        """The 16 plain pieces on the edge squares of ``layout`` (EN3)."""
        cells: list[Piece | None] = [None] * len(SQUARES)
        for player, squares in START[layout].items():
            for square in squares:
                cells[square.index] = PIECES[player, False]
        return cls(tuple(cells), first)

    @classmethod
    def parse(cls, text: str) -> Position:
        """A position of play from its text (the module docstring)."""
        cells, to_play = diagram.read(text, Square, _BY_LETTER)
        return cls(tuple(cells), to_play)

    def __str__(self) -> str:
        return diagram.write(self.cells, Square, _LETTERS, self.to_play)

    def at(self, square: Square) -> Piece | None:
        return self.cells[square.index]

    def pieces(self, player: Player) -> list[tuple[Square, bool]]:
        """``player``'s pieces in board order, each with whether it is enlightened."""
        return [(SQUARES[i], p.enlightened) for i, p in enumerate(self.cells)
                if p is not None and p.player is player]

    # --- K0's questions ----------------------------------------------------------------------

    def key(self) -> Hashable:
        return self.cells

    def actions(self) -> list[Move]:
        return [Move(path) for path in self._paths()]

    def has_actions(self) -> bool:
        return next(self._paths(), None) is not None

    def passed(self) -> Position:
        return Position(self.cells, self.to_play.opponent)

    def moves_from(self, square: Square) -> list[Move]:
        """The legal moves of the piece on ``square`` when it is the mover's."""
        piece = self.cells[square.index]
        if piece is None or piece.player is not self.to_play:
            return []
        return [Move(path) for path in self._paths_from(square.index)]

    def next_landings(self, path: tuple[Square, ...]) -> tuple[Square, ...]:
        """Where a move built one landing at a time may go next: for a lone start square, its
        steps and first jumps; after jumps, the further jumps (none after a step). Empty when
        ``path`` is no legal start of a move of the player to move."""
        if not path or not all(type(sq) is Square for sq in path):
            return ()
        start = path[0].index
        piece = self.cells[start]
        if piece is None or piece.player is not self.to_play:
            return ()
        if len(path) == 1:
            steps = tuple(SQUARES[j] for j in NEIGHBOURS[start] if self.cells[j] is None)
            return steps + self._landings(start, path[0].index, frozenset((start,)))
        if self._path_refusal(Move(path)) is not None or is_step(path[0], path[1]):
            return ()
        return self._landings(start, path[-1].index, frozenset(sq.index for sq in path))

    def _landings(self, start: int, at: int, visited: frozenset[int]) -> tuple[Square, ...]:
        cells = self.cells
        return tuple(SQUARES[land] for over, land in JUMPS[at]
                     if over != start and cells[over] is not None and land not in visited
                     and cells[land] is None)

    def _paths(self) -> Iterator[tuple[Square, ...]]:
        me = self.to_play
        for i, piece in enumerate(self.cells):
            if piece is not None and piece.player is me:
                yield from self._paths_from(i)

    def _paths_from(self, i: int) -> Iterator[tuple[Square, ...]]:
        """EN4: the steps to empty neighbours, then every jump sequence, each prefix of one a
        move of its own (the player stops whenever he likes)."""
        cells, frm = self.cells, SQUARES[i]
        for j in NEIGHBOURS[i]:
            if cells[j] is None:
                yield frm, SQUARES[j]
        # Depth first over the landings; the start is empty once the piece has left it, so it
        # is never jumped over, and it is never landed on (no square twice in a move).
        stack: list[tuple[tuple[Square, ...], int, frozenset[int]]] = [((frm,), i, frozenset((i,)))]
        while stack:
            path, at, visited = stack.pop()
            for over, land in JUMPS[at]:
                if over != i and cells[over] is not None and cells[land] is None and land not in visited:
                    longer = (*path, SQUARES[land])
                    yield longer
                    stack.append((longer, land, visited | {land}))

    # --- playing -------------------------------------------------------------------------------

    def play(self, action: Move) -> tuple[Position, Moved]:
        cells = list(self.cells)
        path = action.path
        piece = cells[path[0].index]
        assert piece is not None
        over = () if is_step(path[0], path[1]) else tuple(_between(a, b) for a, b in zip(path, path[1:]))
        # EN5: enlightened at the end of the move, by any arrival on c3 or any jump over an
        # enlightened piece; never the other way.
        lit = not piece.enlightened and (CENTRE in path[1:] or any(
            (p := cells[sq.index]) is not None and p.enlightened for sq in over))
        cells[path[0].index] = None
        cells[path[-1].index] = PIECES[piece.player, True] if lit else piece
        moved = Moved(piece, path, over, lit)
        return Position(tuple(cells), self.to_play.opponent), moved

    def winner(self, mover: Player) -> tuple[Player, turns.Ending] | None:
        """EN6: all 8 of the mover's pieces enlightened, each on an edge square (only the
        mover's pieces change, so only the mover can win)."""
        if self.all_enlightened_on_edge(mover):
            return mover, Termination.ENLIGHTENED
        return None

    def all_enlightened_on_edge(self, player: Player) -> bool:
        return all(p.enlightened and i in EDGE_INDEXES for i, p in enumerate(self.cells)
                   if p is not None and p.player is player)

    # --- why not -------------------------------------------------------------------------------

    def refusal(self, action: object) -> Refusal | None:
        if not (isinstance(action, Move) and isinstance(action.path, tuple) and len(action.path) >= 2
                and all(type(sq) is Square for sq in action.path)):
            return Refusal(C.MALFORMED, f"{quote(action)} is not a move of Enlightenment "
                                        "(such as b2-c3 or a1-a3-c3)")
        return self._path_refusal(action)

    def _path_refusal(self, move: Move) -> Refusal | None:
        path = move.path
        piece = self.cells[path[0].index]
        if piece is None:
            return Refusal(C.NO_PIECE, f"{move}: there is no piece on {path[0]}")
        if piece.player is not self.to_play:
            return Refusal(C.NOT_YOURS, f"{move}: the piece on {path[0]} is {piece.player}'s")
        if is_step(path[0], path[1]):
            if len(path) > 2:
                return Refusal(C.STEP_IN_SEQUENCE, f"{move}: a step is a whole move; it is not combined "
                                                   "with jumps")
            if self.cells[path[1].index] is not None:
                return Refusal(C.OCCUPIED, f"{move}: {path[1]} is occupied")
            return None
        visited = {path[0]}
        for a, b in zip(path, path[1:]):
            dx, dy = abs(b.column - a.column), abs(b.row - a.row)
            if is_step(a, b):
                return Refusal(C.STEP_IN_SEQUENCE, f"{move}: {a}-{b} is a step; a step is not combined "
                                                   "with jumps")
            if dx == dy == 2:
                return Refusal(C.DIAGONAL_JUMP, f"{move}: {a}-{b} jumps diagonally; jumps go across or "
                                                "up and down")
            if sorted((dx, dy)) != [0, 2]:
                return Refusal(C.NOT_A_MOVE, f"{move}: {a}-{b} is neither a step nor a jump over one "
                                             "neighbouring piece")
            over = _between(a, b)
            if over == path[0] or self.cells[over.index] is None:
                return Refusal(C.NOTHING_TO_JUMP, f"{move} jumps over an empty square ({over})")
            if b in visited:
                return Refusal(C.REVISIT, f"{move}: the piece lands on {b} twice; a move visits each "
                                          "square once, its start included")
            if self.cells[b.index] is not None:
                return Refusal(C.OCCUPIED, f"{move}: {b} is occupied")
            visited.add(b)
        return None


def _between(a: Square, b: Square) -> Square:
    return Square((a.column + b.column) // 2, (a.row + b.row) // 2)
