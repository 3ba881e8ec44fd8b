"""The rules of Four Circles (RULINGS FC3–FC7) as an immutable position: the placements, the
turn of play (an optional tile move, then a compulsory piece move that must end on a moved
tile), why anything else is refused (each tile rule of FC6 with its own code), the four in a
line. Passes, repetition, draws and resigning are K0's (:mod:`mortar.kit.turns`).

Tile moves make the list of actions wide, so what they depend on is worked out once per
position (:class:`TilePlan`): the tiles that may be picked up, the empty cells beside the board,
and for each such cell the own pieces that could move onto it. A piece move onto a cell never
depends on which tile was brought there (the tile carries no piece, so no piece leaves or is
jumped from it), so every tile move is a pairing of these.

A position is drawn as rows, north to south, ``.`` for no tile, ``#`` for an empty tile,
``r``/``R`` for Red's plain and marked pieces and ``w``/``W`` for White's (see
:meth:`Position.from_rows`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, partial

from mortar.kit import turns
from mortar.kit.grid import Cell, NotationError, quote
from mortar.kit.protocol import Refusal
from mortar.kit.turns import PLAYERS, Player

from .actions import Action, Effect, Move, Moved, Place, Placed, RefusalCode, Termination, TileMove
from .board import LINES, PIECES, PIECES_EACH, SIDES, START_TILES, STEPS, Piece, connected, free_sides

C = RefusalCode
A1 = Cell(1, 1)
_CORNER = re.compile(r"(-?[0-9]{1,7}),(-?[0-9]{1,7})")
_LETTERS = {PIECES[Player.RED, False]: "r", PIECES[Player.RED, True]: "R",
            PIECES[Player.WHITE, False]: "w", PIECES[Player.WHITE, True]: "W"}
_BY_LETTER = {letter: piece for piece, letter in _LETTERS.items()}


@dataclass(frozen=True)
class TilePlan:
    """What the tile moves of one position are made of (the module docstring): ``movable``,
    the tiles FC6's pick-up rules allow; ``onto``, for each empty cell sharing a side with the
    board, the own pieces that could move onto it, each with the cell it would jump over (None
    for a step); ``pairs``, every legal (tile, cell) with the pieces that could follow it there."""

    movable: tuple[Cell, ...]
    onto: dict[Cell, tuple[tuple[Cell, Cell | None], ...]]
    pairs: tuple[tuple[Cell, Cell, tuple[tuple[Cell, Cell | None], ...]], ...]

    @property
    def count(self) -> int:
        """How many turns with a tile move there are."""
        return sum(len(froms) for _, _, froms in self.pairs)


@dataclass(frozen=True)
class Position(turns.Position[Action, Effect]):
    """The tiles, every piece on them (by cell, in cell order), who is to act, and how many
    placements are still to come (FC3: twelve at the start; none in a position drawn for a
    study, which is in play whatever its pieces)."""

    tiles: frozenset[Cell]
    pieces: tuple[tuple[Cell, Piece], ...]
    to_play: Player
    to_place: int = 0

    codes = RefusalCode
    endings = Termination

    @classmethod
    def start(cls, first: Player) -> Position:
        """FC1: the 5 × 4 tiles, no piece yet; ``first`` places first (FC3)."""
        return cls(START_TILES, (), first, PIECES_EACH * len(PLAYERS))

    @classmethod
    def of(cls, tiles: frozenset[Cell], at: dict[Cell, Piece], to_play: Player,
           to_place: int = 0) -> Position:
        return cls(tiles, tuple(sorted(at.items())), to_play, to_place)

    @classmethod
    def from_rows(cls, rows: Sequence[str], to_play: Player, south_west: Cell = A1,
                  to_place: int = 0) -> Position:
        """A position drawn as rows, north to south (the module docstring); the last row's
        first cell is ``south_west``."""
        tiles: set[Cell] = set()
        at: dict[Cell, Piece] = {}
        for dy, row in enumerate(reversed(rows)):
            for dx, letter in enumerate(row):
                cell = Cell(south_west.x + dx, south_west.y + dy)
                if letter == ".":
                    continue
                if letter != "#" and letter not in _BY_LETTER:
                    raise NotationError(f"{quote(letter)} is not a tile or piece (., #, r, R, w, W)")
                tiles.add(cell)
                if letter in _BY_LETTER:
                    at[cell] = _BY_LETTER[letter]
        return cls.of(frozenset(tiles), at, to_play, to_place)

    def rows(self) -> tuple[list[str], Cell]:
        """The drawing of :meth:`from_rows` over the tiles' bounding box, and its south-west."""
        xs, ys = [c.x for c in self.tiles], [c.y for c in self.tiles]
        at = self.at_cell
        rows = ["".join(_LETTERS[at[Cell(x, y)]] if Cell(x, y) in at else "#" if Cell(x, y) in self.tiles
                        else "." for x in range(min(xs), max(xs) + 1))
                for y in range(max(ys), min(ys) - 1, -1)]
        return rows, Cell(min(xs), min(ys))

    @classmethod
    def parse(cls, text: str) -> Position:
        """A position from its text: the drawing's rows joined by ``/``, the south-west cell
        ``x,y``, the player to act and, while placing, the placements to come::

            ###../#####/#rr##/ww#ww 1,1 Red
        """
        fields = text.split() if isinstance(text, str) else []
        corner = _CORNER.fullmatch(fields[1]) if len(fields) in (3, 4) else None
        widths = {len(row) for row in fields[0].split("/")} if fields else set()
        if (corner is None or fields[2] not in PLAYERS or len(widths) != 1 or 0 in widths
                or (len(fields) == 4 and not (fields[3].isdigit() and 0 < int(fields[3]) <= 12))):
            raise NotationError(f"{quote(text)} is not a position (rows, the south-west x,y, Red or White, "
                                "and the placements to come while placing)")
        to_place = int(fields[3]) if len(fields) == 4 else 0
        south_west = Cell(int(corner[1]), int(corner[2]))
        return cls.from_rows(fields[0].split("/"), Player(fields[2]), south_west, to_place)

    def __str__(self) -> str:
        rows, south_west = self.rows()
        placing = f" {self.to_place}" if self.to_place else ""
        return f"{'/'.join(rows)} {south_west.x},{south_west.y} {self.to_play}{placing}"

    @cached_property
    def at_cell(self) -> dict[Cell, Piece]:
        return dict(self.pieces)

    def at(self, cell: Cell) -> Piece | None:
        return self.at_cell.get(cell)

    def own(self, player: Player) -> list[tuple[Cell, Piece]]:
        return [(c, p) for c, p in self.pieces if p.player is player]

    @property
    def placing(self) -> bool:
        """FC3: the placement phase, until all twelve pieces stand on the board."""
        return self.to_place > 0

    # --- K0's questions ----------------------------------------------------------------------

    def key(self) -> Hashable:
        return self.tiles, self.pieces

    def actions(self) -> list[Action]:
        if self.placing:
            return [Place(c) for c in sorted(self.tiles) if c not in self.at_cell]
        moves: list[Action] = list(self.plain_moves)
        for tile, cell, froms in self.plan.pairs:
            tile_move = TileMove(tile, cell)
            moves.extend([Move(frm, cell, tile_move) for frm, _ in froms])
        return moves

    def has_actions(self) -> bool:
        return self.placing or bool(self.plain_moves) or bool(self.plan.pairs)

    def random_action(self, rng: random.Random) -> Action:
        """Uniform over :meth:`actions`, without building them all."""
        if self.placing:
            return rng.choice([Place(c) for c in sorted(self.tiles) if c not in self.at_cell])
        plain, plan = self.plain_moves, self.plan
        index = rng.randrange(len(plain) + plan.count)
        if index < len(plain):
            return plain[index]
        index -= len(plain)
        for tile, cell, froms in plan.pairs:
            if index < len(froms):
                return Move(froms[index][0], cell, TileMove(tile, cell))
            index -= len(froms)
        raise AssertionError("the plan's count covers its pairs")

    def passed(self) -> Position:
        return Position(self.tiles, self.pieces, self.to_play.opponent, self.to_place)

    # --- the piece moves (FC5) -----------------------------------------------------------------

    @cached_property
    def plain_moves(self) -> tuple[Move, ...]:
        """The piece moves of the player to move with no tile moved: a step to a neighbouring
        free tile, or a jump over one neighbouring piece to the free tile beyond (8 ways)."""
        if self.placing:
            return ()
        tiles, at, me = self.tiles, self.at_cell, self.to_play
        moves = []
        for frm, piece in self.pieces:
            if piece.player is not me:
                continue
            x, y = frm
            for dx, dy in STEPS:  # cells compare and hash as their pairs: look up pairs
                near = (x + dx, y + dy)
                if near not in tiles:
                    continue
                if near not in at:
                    moves.append(Move(frm, _cell(near)))
                    continue
                far = (x + 2 * dx, y + 2 * dy)
                if far in tiles and far not in at:
                    moves.append(Move(frm, _cell(far)))
        return tuple(moves)

    def moves_from(self, cell: Cell) -> list[Move]:
        """The piece moves of the mover's piece on ``cell`` with no tile moved."""
        return [m for m in self.plain_moves if m.frm == cell]

    # --- the tile moves (FC6) ------------------------------------------------------------------

    @cached_property
    def plan(self) -> TilePlan:
        """What this position's tile moves are made of (:class:`TilePlan`), worked out once."""
        at, me = self.at_cell, self.to_play
        liftable, beside = geometry(self.tiles)
        movable = tuple(t for t in liftable if t not in at)
        # From each own piece, the cells beside the board it could step or jump onto once a tile
        # lies there: a neighbour beside the board, or the cell beyond a neighbouring piece.
        onto: dict[tuple[int, int], list[tuple[Cell, Cell | None]]] = {}
        for frm, piece in self.pieces:
            if piece.player is not me:
                continue
            x, y = frm
            for dx, dy in STEPS:
                near = (x + dx, y + dy)
                if near in beside:
                    onto.setdefault(near, []).append((frm, None))
                elif near in at:
                    far = (x + 2 * dx, y + 2 * dy)
                    if far in beside:
                        onto.setdefault(far, []).append((frm, _cell(near)))
        reach = {_cell(cell): tuple(onto[cell]) for cell in sorted(onto)}
        # Put-down rule 2: the cell shares a side with a tile other than the one moved.
        pairs = tuple((tile, cell, froms) for tile in movable for cell, froms in reach.items()
                      if beside[cell] != tile)
        return TilePlan(movable, reach, pairs)

    def pickup_refusal(self, tile: Cell) -> Refusal | None:
        """Why the tile on ``tile`` may not be picked up (FC6's pick-up rules), or None."""
        if tile not in self.tiles:
            return Refusal(C.NO_TILE, f"no tile lies on {tile}")
        piece = self.at_cell.get(tile)
        if piece is not None:
            return Refusal(C.PICKUP_PIECE, f"the tile on {tile} carries {piece}; only an empty tile moves")
        sides = free_sides(self.tiles, tile)
        if sides < 2:
            return Refusal(C.PICKUP_SIDES, f"the tile on {tile} has {sides} free side"
                                           f"{'' if sides == 1 else 's'}; a tile moves from the edge, "
                                           "with at least 2 free sides")
        if not connected(self.tiles - {tile}):
            return Refusal(C.PICKUP_SEPARATES, f"the tile on {tile} holds the board together; without it "
                                               "the other tiles would be separated")
        return None

    def tile_sites(self, tile: Cell) -> list[Cell]:
        """The cells where the tile on ``tile`` may be put down by FC6's put-down rules 1 and 2
        (an empty cell, not its own, sharing a side with another tile), a piece to follow it
        or not."""
        rest = self.tiles - {tile}
        sites = {Cell(t.x + dx, t.y + dy) for t in rest for dx, dy in SIDES}
        return sorted(c for c in sites if c not in self.tiles)

    def put_down_refusal(self, tile: Cell, cell: Cell) -> Refusal | None:
        """Why the tile on ``tile`` may not be put down on ``cell`` (FC6's put-down rules 1, 2),
        its being picked up aside; or None."""
        if cell == tile:
            return Refusal(C.PUTDOWN_CELL, f"the tile on {tile} must be put down on another cell")
        if cell in self.tiles:
            return Refusal(C.PUTDOWN_CELL, f"a tile lies on {cell} already")
        x, y = cell
        if not any(Cell(x + dx, y + dy) in self.tiles and Cell(x + dx, y + dy) != tile for dx, dy in SIDES):
            return Refusal(C.PUTDOWN_SIDE, f"{cell} shares no side with another tile")
        return None

    def tile_refusal(self, tile: Cell) -> Refusal | None:
        """Why the mover may not move the tile on ``tile`` this turn, or None: FC6's pick-up
        rules, then put-down rule 3 (no cell where it may go could a piece follow it)."""
        if self.placing:
            return Refusal(C.PLACING, "tiles move once all twelve pieces are placed")
        refusal = self.pickup_refusal(tile)
        if refusal is None and not any(t == tile for t, _, _ in self.plan.pairs):
            refusal = Refusal(C.PUTDOWN_REACH, f"no piece of {self.to_play}'s could move onto the tile "
                                               f"from {tile} wherever it may be put down")
        return refusal

    def movable_tiles(self) -> list[Cell]:
        """The tiles the mover may move this turn (:meth:`tile_refusal` says why not the others)."""
        if self.placing:
            return []
        return sorted({tile for tile, _, _ in self.plan.pairs})

    def put_down_cells(self, tile: Cell) -> list[Cell]:
        """Where the mover may put the tile on ``tile`` down this turn: all of FC6, a piece able
        to follow it there."""
        if self.placing:
            return []
        return [cell for t, cell, _ in self.plan.pairs if t == tile]

    def moves_onto(self, cell: Cell, tile: Cell | None = None) -> list[Move]:
        """The mover's legal piece moves ending on ``cell``: with no tile moved, or after the
        tile on ``tile`` is put down there."""
        if tile is None:
            return [m for m in self.plain_moves if m.to == cell]
        return [Move(frm, c, TileMove(t, c)) for t, c, froms in self.plan.pairs if t == tile and c == cell
                for frm, _ in froms]

    # --- playing -------------------------------------------------------------------------------

    def play(self, action: Action) -> tuple[Position, Effect]:
        at = dict(self.at_cell)
        if isinstance(action, Place):
            at[action.cell] = PIECES[self.to_play, False]  # FC3: marking down
            placed = Placed(self.to_play, action.cell)
            return Position.of(self.tiles, at, self.to_play.opponent, self.to_place - 1), placed
        tiles = self.tiles
        if action.tile is not None:
            tiles = (tiles - {action.tile.frm}) | {action.tile.to}
        piece = at.pop(action.frm)
        dx, dy = action.to.x - action.frm.x, action.to.y - action.frm.y
        over = Cell(action.frm.x + dx // 2, action.frm.y + dy // 2) if max(abs(dx), abs(dy)) == 2 else None
        at[action.to] = piece.flipped if over is not None else piece  # FC5: a jump flips the jumper
        moved = Moved(piece, action.frm, action.to, over, action.tile)
        return Position.of(tiles, at, self.to_play.opponent), moved

    def winner(self, mover: Player) -> tuple[Player, turns.Ending] | None:
        """FC7: four or more of the mover's marked pieces in consecutive cells of a row, column
        or diagonal (only the mover's pieces move or flip, so only he can complete a line)."""
        marked = {c for c, p in self.pieces if p.player is mover and p.marked}
        if len(marked) < 4:
            return None
        for x, y in marked:
            for dx, dy in LINES:
                if (x - dx, y - dy) in marked:
                    continue  # not the start of its run
                run = 1
                while (x + run * dx, y + run * dy) in marked:
                    run += 1
                if run >= 4:
                    return mover, Termination.FOUR
        return None

    def lines(self, player: Player) -> Iterator[tuple[Cell, ...]]:
        """``player``'s runs of four or more marked pieces (for a screen to show the win)."""
        marked = {c for c, p in self.pieces if p.player is player and p.marked}
        for x, y in sorted(marked):
            for dx, dy in LINES:
                if (x - dx, y - dy) in marked:
                    continue
                run = [Cell(x, y)]
                while Cell(x + len(run) * dx, y + len(run) * dy) in marked:
                    run.append(Cell(x + len(run) * dx, y + len(run) * dy))
                if len(run) >= 4:
                    yield tuple(run)

    # --- why not -------------------------------------------------------------------------------

    def refusal(self, action: object) -> Refusal | None:
        if self.placing:
            return self._place_refusal(action)
        if isinstance(action, Place):
            return Refusal(C.PLACED, "all twelve pieces are placed; a turn now moves a piece")
        if not (isinstance(action, Move) and _cells(action.frm, action.to)
                and (action.tile is None or (isinstance(action.tile, TileMove)
                                             and _cells(action.tile.frm, action.tile.to)))):
            return Refusal(C.MALFORMED, f"{quote(action)} is not a move of Four Circles "
                                        "(such as b2-c3, or e4>f1 b2-f1)")
        tiles = self.tiles
        if action.tile is not None:
            tile = action.tile
            refusal = self.pickup_refusal(tile.frm) or self.put_down_refusal(tile.frm, tile.to)
            if refusal is not None:
                return Refusal(refusal.code, f"{action}: {refusal.message}")
            if tile.to != action.to:
                return Refusal(C.PUTDOWN_REACH, f"{action}: the piece must move onto the moved tile, "
                                                f"{tile.to}")
            tiles = (tiles - {tile.frm}) | {tile.to}
        return self._move_refusal(action, tiles)

    def _place_refusal(self, action: object) -> Refusal | None:
        if isinstance(action, Move):
            return Refusal(C.PLACING, "the pieces are still being placed; twelve placements come first")
        if not (isinstance(action, Place) and _cells(action.cell)):
            return Refusal(C.MALFORMED, f"{quote(action)} is not a placement (a cell such as a1)")
        cell = action.cell
        if cell not in self.tiles:
            return Refusal(C.NO_TILE, f"no tile lies on {cell}")
        if cell in self.at_cell:
            return Refusal(C.OCCUPIED, f"a piece stands on {cell} already")
        return None

    def _move_refusal(self, move: Move, tiles: frozenset[Cell]) -> Refusal | None:
        at = self.at_cell
        piece = at.get(move.frm)
        if piece is None:
            return Refusal(C.NO_PIECE, f"{move}: there is no piece on {move.frm}")
        if piece.player is not self.to_play:
            return Refusal(C.NOT_YOURS, f"{move}: the piece on {move.frm} is {piece.player}'s")
        dx, dy = move.to.x - move.frm.x, move.to.y - move.frm.y
        distance = max(abs(dx), abs(dy))
        if distance not in (1, 2) or (distance == 2 and 1 in (abs(dx), abs(dy))):
            return Refusal(C.NOT_A_MOVE, f"{move} is neither a step to a neighbouring tile nor a jump "
                                         "over one neighbouring piece")
        if move.to not in tiles:
            return Refusal(C.NO_TILE, f"{move}: no tile lies on {move.to}")
        if move.to in at:
            return Refusal(C.OCCUPIED, f"{move}: a piece stands on {move.to}")
        if distance == 2:
            over = Cell(move.frm.x + dx // 2, move.frm.y + dy // 2)
            if over not in at:
                return Refusal(C.NOTHING_TO_JUMP, f"{move} jumps over {over}, where no piece stands")
        return None


def _cells(*values: object) -> bool:
    return all(type(v) is Cell for v in values)


_cell = partial(tuple.__new__, Cell)  # a cell from a pair, without Cell.__new__'s frame (hot loops)


def geometry(tiles: frozenset[Cell]) -> tuple[tuple[Cell, ...], dict[tuple[int, int], Cell | None]]:
    """What a board's tile moves depend on apart from its pieces: the tiles FC6's pick-up rules
    2 and 3 allow (at least two free sides; the others still one side-connected group without
    it), and each empty cell sharing a side with the board, with the one tile it shares a side
    with (None when it shares sides with several). Remembered for the last boards seen."""
    known = _GEOMETRY.get(tiles)
    if known is None:
        liftable = tuple(t for t in sorted(tiles) if free_sides(tiles, t) >= 2 and not _separates(tiles, t))
        beside: dict[tuple[int, int], Cell | None] = {}
        for tile in tiles:
            x, y = tile
            for dx, dy in SIDES:
                cell = (x + dx, y + dy)
                if cell not in tiles:
                    beside[cell] = None if cell in beside else tile
        known = _GEOMETRY[tiles] = (liftable, beside)
        if len(_GEOMETRY) > 64:
            del _GEOMETRY[next(iter(_GEOMETRY))]
    return known


_GEOMETRY: dict[frozenset[Cell], tuple[tuple[Cell, ...], dict[tuple[int, int], Cell | None]]] = {}


def _separates(tiles: frozenset[Cell], tile: Cell) -> bool:
    """Whether the others fall apart without ``tile`` (at most two side-neighbours: it has two
    free sides). A leaf never separates; nor do two neighbours round a corner whose diagonal
    cell holds a tile (they stay joined through it); otherwise a search decides."""
    x, y = tile
    around = [(x + dx, y + dy) for dx, dy in SIDES if (x + dx, y + dy) in tiles]
    if len(around) <= 1:
        return False
    (ax, ay), (bx, by) = around[0], around[1]
    if ax != bx and ay != by and ((ax + bx - x, ay + by - y) in tiles):
        return False
    # The two neighbours still joined without the tile: a search from one that stops at the other.
    seen, todo = {tile, around[0]}, [around[0]]
    while todo:
        cx, cy = todo.pop()
        for dx, dy in SIDES:
            other = (cx + dx, cy + dy)
            if other == around[1]:
                return False
            if other in tiles and other not in seen:
                seen.add(other)
                todo.append(other)
    return True
