"""A turn of Four Circles on a phone (FC3–FC6), its two parts made obvious, every rule asked of
the seat: while placing, a tap on a free tile puts a piece there. In play, the tiles that may
move are marked; a tap on one picks it up (a tap on another says which rule of FC6 keeps it), the
cells where it may go are marked; a tap puts it down there, and then only the pieces that can
move onto it are marked: a tap on one plays the turn. A turn without a tile move is the open
games' path draft (:class:`mortar.table.path_draft.PathDraft`): a tap on a piece and one on its
destination. The view fits the whole board at first and after a tile is put down; it pans and
zooms (drags, pinches, the buttons and their keys) and "Fit" brings it back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....kit.grid import Cell, NotationError
from ....kit.turns import Player
from ....table.board import Window
from ....table.drafts import CHANGED, UNCHANGED, Changed, Context, Reply
from ....table.hints import CHOICE, MOVABLE, Hint
from ....table.open_board import BoardModel
from ....table.open_table import COMMON_INTENTS, SIDES, refusal_text
from ....table.path_draft import PathDraft
from ....table.words import _, refused
from ..actions import Move, Moved, Place, Placed, RefusalCode
from ..board import PIECES_EACH, parse_cell
from ..state import Seat
from . import views
from .views import RULE, TurnModel, board_of, drawn

MOVABLE_TILE = ".sq.movable-tile"  # what a hint points at: an empty tile that may move (table/hints.py)

PAN = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}  # on screen: y grows down


class TurnDraft(PathDraft[Seat, Cell]):
    """The player's action being built: a placement, or an optional tile move then a piece move
    (``path``: the piece picked, and where it goes, when no tile moves)."""

    intents = COMMON_INTENTS | {"square", "cancel-tile", "pan", "zoom", "fit"}

    def __init__(self, seat: Seat, context: Context) -> None:
        super().__init__(seat, context)
        self.chosen: Cell | None = None  # where a placement or a move onto a tile ends (confirms it)
        self.tile: Cell | None = None  # the tile picked up
        self.put: Cell | None = None  # where it is put down
        self.window: Window | None = None  # None: fitted to the board as it is drawn

    # --- what the board is now -----------------------------------------------------------------

    @property
    def placing(self) -> bool:
        return self.seat.position.placing

    def tiles(self) -> frozenset[Cell]:
        """The tiles as drawn: with the tile in hand put down where the player put it."""
        tiles = self.seat.position.tiles
        if self.tile is not None and self.put is not None:
            return (tiles - {self.tile}) | {self.put}
        return tiles

    def view(self) -> Window:
        return self.window if self.window is not None else Window.fit(self.tiles())

    def flips(self, effect: object) -> bool:
        return isinstance(effect, Moved) and effect.over is not None  # a jump turns the piece over (FC5)

    # --- the piece moved without a tile: the path draft's -------------------------------------------

    words = views

    def square(self, name: str) -> Cell:
        return parse_cell(name)

    def pieces(self) -> dict[Cell, str]:
        return {cell: piece.player.value for cell, piece in self.seat.position.pieces}

    def landings(self, path: Sequence[Cell]) -> list[Cell]:
        return [m.to for m in self.seat.moves_from(path[0])] if len(path) == 1 else []  # (one landing)

    def move(self, path: Sequence[Cell]) -> Move:
        return Move(path[0], path[-1])

    def label(self, path: Sequence[Cell]) -> str:
        return _("Move {frm}–{to}").format(frm=path[0], to=path[-1])

    def stuck(self, sq: Cell) -> str:
        return _("The piece on {cell} has no free tile next to it and nothing to jump over.").format(cell=sq)

    def not_yours(self, sq: Cell) -> str:
        return _("That is {other}'s piece. Pick one of yours ({colour}), or an empty tile to move.").format(
            other=self.other, colour=SIDES[self.seat.player])

    def pick_first(self) -> str:
        return _("Pick one of your pieces, or first an empty tile to move.")

    # --- taps -------------------------------------------------------------------------------------

    def _choose(self, action: Move | Place, at: Cell) -> Reply[object]:
        self.chosen = at
        if isinstance(action, Place):
            return self.choose(action, _("Place on {cell}").format(cell=at), str(at))
        assert action.tile is not None
        return self.choose(action, _("Move the tile {a} to {b}, then {frm}–{to}").format(
            a=action.tile.frm, b=action.tile.to, frm=action.frm, to=action.to), str(at))

    def on_square(self, arg: str | None) -> Reply[object]:
        try:
            cell = parse_cell(arg or "")
        except NotationError:
            return UNCHANGED
        self.message, self.chosen = None, None
        del self.path[1:]  # (a move chosen is dropped)
        if self.placing:
            return self._place(cell)
        if self.put is not None:
            return self._follow(cell)
        if self.tile is not None:
            return self._put_down(cell)
        seat = self.seat
        if seat.at(cell) is None and cell in seat.position.tiles and cell not in self.choices():
            refusal = seat.tile_refusal(cell)  # an empty tile: pick it up, or why not
            if refusal is None:
                self.tile, self.path = cell, []
            else:  # (the rule by its name: a tile that cannot follow a piece says put-down rule 3)
                reason = (_("This tile cannot move ({rule}).").format(rule=RULE[refusal.code])
                          if refusal.code in RULE else refusal_text(refusal, views.REFUSED))
                self.message = refused(cell, reason)
            return CHANGED
        return super().on_square(arg)

    def _place(self, cell: Cell) -> Reply[object]:
        reason = self.refused(Place(cell))
        if reason is not None:
            self.message = refused(cell, reason)
            return CHANGED
        return self._choose(Place(cell), cell)

    def _put_down(self, cell: Cell) -> Reply[object]:
        assert self.tile is not None
        seat = self.seat
        if cell == self.tile:
            self.tile = None  # a second tap puts it back
            return CHANGED
        if cell in seat.put_down_cells(self.tile):
            self.put, self.window = cell, None  # the view follows the board
            return CHANGED
        refusal = seat.position.put_down_refusal(self.tile, cell)
        if refusal is None:  # a free cell beside the board, but no piece of the player's reaches it
            self.message = refused(cell, _("The tile cannot go there ({rule}): no piece of yours could "
                                           "move onto it.").format(rule=RULE[RefusalCode.PUTDOWN_REACH]))
        else:
            self.message = refused(cell, refusal_text(refusal, views.REFUSED))
        return CHANGED

    def _follow(self, cell: Cell) -> Reply[object]:
        assert self.tile is not None and self.put is not None
        moves = self.seat.moves_onto(self.put, self.tile)
        move = next((m for m in moves if m.frm == cell), None)
        if move is not None:
            return self._choose(move, cell)
        if cell == self.put:
            self.put = None  # the tile back in hand
            return CHANGED
        self.message = _("Now move one of the marked pieces onto the tile on {cell}, or cancel the tile "
                         "move.").format(cell=self.put)
        return CHANGED

    def on_cancel_tile(self, arg: str | None) -> Reply[object]:
        if self.tile is None:
            return UNCHANGED
        self.tile = self.put = self.chosen = None
        self.window, self.message = None, None
        return CHANGED

    def drop(self) -> Reply[object]:
        if self.tile is not None:
            return self.on_cancel_tile(None)
        had, self.chosen = self.chosen is not None, None  # (a placement chosen is dropped too)
        return CHANGED if isinstance(super().drop(), Changed) or had else UNCHANGED

    # --- the view ----------------------------------------------------------------------------------

    def on_pan(self, arg: str | None) -> Reply[object]:
        """``arg``: a direction (left, right, up, down) or "dx,dy", in cells on the screen."""
        if arg in PAN:
            dx, dy = PAN[arg]
        else:
            try:
                dx, dy = (int(v) for v in (arg or "").split(","))
            except ValueError:
                return UNCHANGED
        if self.near == Player.WHITE.value:  # seen from the other side: the grid runs the other way
            dx, dy = -dx, -dy
        self.window = self.view().panned(dx, -dy)  # (the grid's rows grow north, up the screen)
        return CHANGED

    def on_zoom(self, arg: str | None) -> Reply[object]:
        steps = {"in": 1, "out": -1}.get(arg or "")
        if steps is None:
            return UNCHANGED
        self.window = self.view().zoomed(steps)
        return CHANGED

    def on_fit(self, arg: str | None) -> Reply[object]:
        self.window = None
        return CHANGED

    # --- the screen -----------------------------------------------------------------------------------

    def marks(self) -> dict[Cell, list[str]]:
        seat, position = self.seat, self.seat.position
        marks: dict[Cell, list[str]] = {}

        def mark(cell: Cell, name: str) -> None:
            marks.setdefault(cell, []).append(name)

        chosen = self.chosen if self.chosen is not None else self.path[1] if len(self.path) == 2 else None
        if chosen is not None:
            mark(chosen, "chosen")
        acting = seat.acting and not self.must_pass
        if acting and self.placing:
            for cell in position.tiles:
                if seat.at(cell) is None:
                    mark(cell, "choice")
        elif acting and self.put is not None and self.tile is not None:
            mark(self.put, "tile-new")
            for move in seat.moves_onto(self.put, self.tile):
                mark(move.frm, "choice")
        elif acting and self.tile is not None:
            mark(self.tile, "tile-picked")
            for cell in seat.put_down_cells(self.tile):
                mark(cell, "choice")
        elif acting:
            for cell in seat.movable_tiles():
                mark(cell, "movable-tile")
            if self.path:
                mark(self.path[0], "picked")
                for cell in self.choices():
                    mark(cell, "choice")
            for cell, owner in self.pieces().items():
                if owner == self.player and cell not in self.path[:1] and seat.moves_from(cell):
                    mark(cell, "movable")
        last = seat.last.effect if seat.last is not None else None
        if isinstance(last, Moved) and last.tile is not None and last.tile.frm not in self.tiles():
            mark(last.tile.frm, "tile-was")  # (its old cell drawn too: the line of its move starts there)
        return marks

    def board(self, marks: Mapping[Cell, Sequence[str]]) -> BoardModel:
        position = self.seat.position
        opened: set[Cell] = set()
        if self.seat.acting and not self.must_pass and not self.placing and self.tile is not None \
                and self.put is None:  # every free cell beside the board opens: a tap says why not there
            opened = {c for t in position.tiles for c in t.side_neighbours() if c not in position.tiles}
        return board_of(self.tiles(), position.pieces, self.view(), marks, self.near, opened)

    def trace(self, effect: object) -> list[str]:
        return drawn(effect)[0]

    def model(self) -> TurnModel:
        seat = self.seat
        played = seat.last
        players = (seat.player, seat.opponent)
        own = {p.value: [pc for _c, pc in seat.position.pieces if pc.player is p] for p in players}
        return {**super().model(), "placing": self.placing, "fitted": self.window is None,
                "tile": None if self.tile is None else str(self.tile),
                "to_place": {p: PIECES_EACH - len(pcs) for p, pcs in own.items()},
                "marked": {p: sum(1 for pc in pcs if pc.marked) for p, pcs in own.items()},
                "tile_move": drawn(played.effect)[1] if played is not None else []}

    def hint(self) -> str:
        if self.placing:
            return Hint(_("Tap a free tile to place a piece there (plain side up)."), CHOICE)
        if self.put is not None:
            return Hint(_("The tile is on {cell}: tap one of the marked pieces to move it onto the "
                          "tile.").format(cell=self.put), CHOICE)
        if self.tile is not None:
            return Hint(_("Tile {cell} in hand: tap a marked cell to put it down, or the tile again to "
                          "keep it.").format(cell=self.tile), CHOICE)
        if self.path:
            return Hint(_("Piece on {cell}: tap a marked tile to step or jump there (a jump turns it "
                          "over).").format(cell=self.path[0]), CHOICE)
        return Hint(_("Move a piece, or first an empty tile in a dashed frame (then a piece must move onto "
                      "it)."), MOVABLE, MOVABLE_TILE)

    def last_words(self, effect: object, who: str) -> str | None:
        if isinstance(effect, Placed):
            return _("Last: {who} placed on {cell}.").format(who=who, cell=effect.cell)
        if not isinstance(effect, Moved):
            return None
        if effect.tile is not None:
            return _("Last: {who} moved the tile {a} to {b}, then {frm}–{to}.").format(
                who=who, a=effect.tile.frm, b=effect.tile.to, frm=effect.frm, to=effect.to)
        return _("Last: {who}, {frm}–{to}.").format(who=who, frm=effect.frm, to=effect.to)
