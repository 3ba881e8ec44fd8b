"""The rules of Hopper and Sneaker (RULINGS HS3–HS7) as an immutable position: the setup, the
Sneaker's step and the Hopper's jump with their flips, why anything else is refused, and the
two wins. Passes, repetition, draws and resigning are K0's (:mod:`mortar.kit.turns`).

A position is written as text, rows 8 to 1 from White's side down to Red's, each row west to
east, ``.`` for an empty square, ``S``/``H`` for Red's Sneakers and Hoppers and ``s``/``h``
for White's, then the player to move::

    hsh/shs/.../.../.../.../SHS/HSH Red
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from mortar.kit import diagram, turns
from mortar.kit.grid import Direction, quote
from mortar.kit.protocol import Refusal
from mortar.kit.turns import PLAYERS, Player

from .actions import Arranged, Move, Moved, RefusalCode, Setup, Termination
from .board import (
    FAR_INDEXES,
    HOME,
    NEIGHBOURS,
    PIECES,
    RAYS,
    SQUARES,
    TARGET_INDEXES,
    Face,
    Piece,
    Square,
)

C = RefusalCode
MOVES = tuple(tuple(Move(a, b) for b in SQUARES) for a in SQUARES)  # interned: MOVES[from][to]
Action = Move | Setup
Effect = Moved | Arranged
_LETTERS = {PIECES[p, f]: (f.value if p is Player.RED else f.value.lower()) for p in PLAYERS for f in Face}
_BY_LETTER = {letter: piece for piece, letter in _LETTERS.items()}


@cache
def setups(player: Player, hoppers: int) -> tuple[Setup, ...]:
    """Every legal arrangement of ``player``'s pieces with ``hoppers`` Hoppers (HS3)."""
    home = HOME[player]
    return tuple(Setup(player, tuple((sq, Face.HOPPER if sq in chosen else Face.SNEAKER) for sq in home))
                 for chosen in map(frozenset, combinations(home, hoppers)))


@dataclass(frozen=True)
class Position(turns.Position[Action, Effect]):
    """Where every piece stands and which face is up, and who is to act. During the setup
    (HS3), ``arranging`` holds the players still to arrange, in order, and ``hoppers`` the
    Hopper count the table chose."""

    cells: tuple[Piece | None, ...]  # by square index
    to_play: Player
    hoppers: int = 3
    arranging: tuple[Player, ...] = ()

    codes = RefusalCode
    endings = Termination

    @classmethod
    def start(cls, first: Player, hoppers: int) -> Position:
        """The empty board before the setup: the starting player arranges first (HS3)."""
        return cls((None,) * len(SQUARES), first, hoppers, (first, first.opponent))

    @classmethod
    def parse(cls, text: str) -> Position:
        """A position of play from its text (the module docstring)."""
        cells, to_play = diagram.read(text, Square, _BY_LETTER)
        return cls(tuple(cells), to_play)

    def __str__(self) -> str:
        return diagram.write(self.cells, Square, _LETTERS, self.to_play)

    def at(self, square: Square) -> Piece | None:
        return self.cells[square.index]

    def pieces(self, player: Player) -> list[tuple[Square, Face]]:
        """``player``'s pieces in board order."""
        return [(SQUARES[i], p.face) for i, p in enumerate(self.cells)
                if p is not None and p.player is player]

    def without(self, player: Player) -> Position:
        """This position with ``player``'s pieces taken off (a secret setup not yet revealed)."""
        cells = tuple(None if p is not None and p.player is player else p for p in self.cells)
        return Position(cells, self.to_play, self.hoppers, self.arranging)

    # --- K0's questions ----------------------------------------------------------------------

    @property
    def setting_up(self) -> bool:
        return bool(self.arranging)

    def key(self) -> Hashable:
        return self.cells

    def actions(self) -> list[Action]:
        if self.arranging:
            return list(setups(self.to_play, self.hoppers))
        return list(self._moves())

    def has_actions(self) -> bool:
        return bool(self.arranging) or next(self._moves(), None) is not None

    def passed(self) -> Position:
        return Position(self.cells, self.to_play.opponent, self.hoppers)

    def moves_from(self, square: Square) -> list[Move]:
        """The legal moves of the piece on ``square`` when it is the mover's."""
        return [m for m in self._moves() if m.frm is square]

    def _moves(self) -> Iterator[Move]:
        """HS5, HS6: a Sneaker steps to an empty neighbour; a Hopper jumps along one of 8
        directions over a run of pieces to the first empty square behind it."""
        cells, me = self.cells, self.to_play
        for i, piece in enumerate(cells):
            if piece is None or piece.player is not me:
                continue
            ends = MOVES[i]
            if piece.face is Face.SNEAKER:
                for j in NEIGHBOURS[i]:
                    if cells[j] is None:
                        yield ends[j]
                continue
            for ray in RAYS[i]:
                if ray and cells[ray[0]] is not None:
                    for j in ray:
                        if cells[j] is None:
                            yield ends[j]
                            break

    # --- playing -------------------------------------------------------------------------------

    def play(self, action: Action) -> tuple[Position, Effect]:
        cells = list(self.cells)
        if isinstance(action, Setup):
            for square, face in action.pieces:
                cells[square.index] = PIECES[action.player, face]
            rest = self.arranging[1:]
            # HS3: after both have arranged, the starting player (who arranged first) moves.
            after = rest[0] if rest else action.player.opponent
            return Position(tuple(cells), after, self.hoppers, rest), Arranged(action)
        i, j = action.frm.index, action.to.index
        piece = cells[i]
        assert piece is not None
        cells[i], cells[j] = None, piece.flipped  # HS5, HS6: flipped after every move
        over: tuple[Square, ...] = ()
        if piece.face is Face.HOPPER:  # the run jumped: the squares between
            dx, dy = action.to.column - action.frm.column, action.to.row - action.frm.row
            direction = Direction.between(dx, dy)
            assert direction is not None
            over = tuple(action.frm.ray(direction)[:max(abs(dx), abs(dy)) - 1])
        moved = Moved(piece, action.frm, action.to, over, piece.face.flipped)
        return Position(tuple(cells), self.to_play.opponent, self.hoppers), moved

    def winner(self, mover: Player) -> tuple[Player, turns.Ending] | None:
        """HS7: the mover first, then the opponent (HS8: at most one of them can win)."""
        for player in (mover, mover.opponent):
            if self.all_home(player):
                return player, Termination.HOME
            if self.blockade(player):
                return player, Termination.BLOCKADE
        return None

    def all_home(self, player: Player) -> bool:
        """HS7.1: all six of ``player``'s pieces stand on his target squares."""
        cells = self.cells
        return all((p := cells[i]) is not None and p.player is player for i in TARGET_INDEXES[player])

    def blockade(self, player: Player) -> bool:
        """HS7.2: every target square occupied, at least one by the opponent, and every own
        piece off the targets in the far half."""
        cells, targets = self.cells, TARGET_INDEXES[player]
        if any(cells[i] is None for i in targets):
            return False
        if all(cells[i].player is player for i in targets):  # type: ignore[union-attr]
            return False
        far = FAR_INDEXES[player]
        return all(i in far for i, p in enumerate(cells) if p is not None and p.player is player)

    # --- why not -------------------------------------------------------------------------------

    def refusal(self, action: object) -> Refusal | None:
        if self.arranging:
            return self._setup_refusal(action)
        if isinstance(action, Setup):
            return Refusal(C.NOT_SETTING_UP, "the pieces are arranged already")
        if not (isinstance(action, Move) and type(action.frm) is Square and type(action.to) is Square):
            return Refusal(C.MALFORMED, f"{quote(action)} is not a move of Hopper and Sneaker "
                                        "(such as b1-b3)")
        return self._move_refusal(action)

    def _move_refusal(self, move: Move) -> Refusal | None:
        frm, to = move.frm, move.to
        piece = self.cells[frm.index]
        if piece is None:
            return Refusal(C.NO_PIECE, f"{move}: there is no piece on {frm}")
        if piece.player is not self.to_play:
            return Refusal(C.NOT_YOURS, f"{move}: the piece on {frm} is {piece.player}'s")
        dx, dy = to.column - frm.column, to.row - frm.row
        if piece.face is Face.SNEAKER:
            if max(abs(dx), abs(dy)) != 1:
                return Refusal(C.NOT_A_STEP, f"{move}: a Sneaker steps to a neighbouring square")
            if self.cells[to.index] is not None:
                return Refusal(C.OCCUPIED, f"{move}: {to} is occupied")
            return None
        direction = Direction.between(dx, dy)
        if direction is None:
            return Refusal(C.NOT_STRAIGHT, f"{move}: a Hopper jumps in a straight line")
        ray = RAYS[frm.index][direction]
        if self.cells[ray[0]] is None:
            if ray[0] == to.index:
                return Refusal(C.HOPPER_STEPS, f"{move}: a Hopper never steps; it jumps over a piece")
            return Refusal(C.NOTHING_TO_JUMP, f"{move}: a Hopper jumps over a piece, and {SQUARES[ray[0]]} "
                                              "is empty")
        landing = next((j for j in ray if self.cells[j] is None), None)
        if landing is None:
            return Refusal(C.NO_LANDING, f"{move}: the pieces from {SQUARES[ray[0]]} reach the edge; "
                                         "there is no square to land on")
        if landing != to.index:
            return Refusal(C.WRONG_LANDING, f"{move}: a Hopper lands on the first empty square behind the "
                                            f"pieces, here {SQUARES[landing]}")
        return None

    def _setup_refusal(self, setup: Any) -> Refusal | None:
        player = self.to_play
        if not isinstance(setup, Setup):
            if isinstance(setup, Move):
                return Refusal(C.SETTING_UP, f"{player} arranges his pieces first")
            return Refusal(C.MALFORMED, f"{quote(setup)} is not a setup (such as a1=S b1=H …)")
        if setup.player != player:
            return Refusal(C.NOT_YOUR_TURN, f"it is {player}'s turn to arrange his pieces")
        pieces = setup.pieces
        if not isinstance(pieces, tuple) or not all(
                isinstance(item, tuple) and len(item) == 2 and type(item[0]) is Square
                and isinstance(item[1], Face) for item in pieces):
            return Refusal(C.MALFORMED, f"{quote(pieces)} is not a list of squares and faces")
        home, seen = HOME[player], set()
        for square, _ in pieces:
            if square not in home:
                return Refusal(C.NOT_HOME, f"{square} is not one of {player}'s home squares "
                                           f"({', '.join(map(str, home))})")
            if square in seen:
                return Refusal(C.SQUARE_TWICE, f"{square} is given twice")
            seen.add(square)
        missing = [sq for sq in home if sq not in seen]
        if missing:
            return Refusal(C.MISSING_SQUARE, f"{missing[0]} has no piece; each of the six home squares "
                                             "holds one")
        if setup.hoppers != self.hoppers:
            plural = "" if self.hoppers == 1 else "s"
            return Refusal(C.HOPPER_COUNT, f"this game starts with {self.hoppers} Hopper{plural} a player, "
                                           f"not {setup.hoppers}")
        return None
