"""A turn of Four Circles on a phone (FC3–FC6), its two parts made obvious, every rule asked of
the seat: while placing, a tap on a free tile puts a piece there. In play, the tiles that may
move are marked; a tap on one picks it up (a tap on another says which rule of FC6 keeps it), the
cells where it may go are marked; a tap puts it down there, and then only the pieces that can
move onto it are marked: a tap on one plays the turn. A turn without a tile move is a tap on a
piece and one on its destination. The view fits the whole board at first and after a tile is
put down; it pans and zooms (drags, pinches, the buttons and their keys) and "Fit" brings it
back. The common actions are the open table's (:class:`mortar.table.open_table.OpenDraft`).
"""

from __future__ import annotations

from typing import Any

from ....kit.grid import Cell, NotationError
from ....kit.turns import Player
from ....table.board import Window
from ....table.drafts import CHANGED, UNCHANGED, Context, Reply
from ....table.effects import Effect, Flip
from ....table.open_table import COMMON_INTENTS, OpenDraft, OpenModel
from ....table.words import _
from ..actions import Move, Moved, Place, Placed, RefusalCode
from ..board import PIECES_EACH, Piece, parse_cell
from ..state import Seat
from . import boardview
from .texts import COLOUR, RULE, move_text

PAN = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}  # on screen: y grows down


class TurnModel(OpenModel):
    placing: bool
    board: dict[str, Any]
    fitted: bool
    tile: str | None
    put: str | None
    piece: str | None
    to_place: dict[str, int]
    marked: dict[str, int]
    last: list[str]
    tile_move: list[str]


class TurnDraft(OpenDraft):
    """The player's action being built: a placement, or an optional tile move then a piece move."""

    intents = COMMON_INTENTS | {"square", "cancel-tile", "pan", "zoom", "fit"}

    def __init__(self, seat: Seat, context: Context) -> None:
        super().__init__(seat, context)
        self.fc_seat = seat
        self.chosen: Cell | None = None  # where the chosen action ends (its cell confirms it)
        self.tile: Cell | None = None  # the tile picked up
        self.put: Cell | None = None  # where it is put down
        self.piece: Cell | None = None  # the piece picked (a turn without a tile move)
        self.window: Window | None = None  # None: fitted to the board as it is drawn

    # --- what the board is now -----------------------------------------------------------------

    @property
    def placing(self) -> bool:
        return self.fc_seat.position.placing

    def tiles(self) -> frozenset[Cell]:
        """The tiles as drawn: with the tile in hand put down where the player put it."""
        tiles = self.fc_seat.position.tiles
        if self.tile is not None and self.put is not None:
            return (tiles - {self.tile}) | {self.put}
        return tiles

    def view(self) -> Window:
        return self.window if self.window is not None else Window.fit(self.tiles())

    def turned(self) -> bool:
        return self.near == Player.WHITE.value

    def said(self, played: Any) -> str:
        return move_text(played, self.names)

    # --- taps -------------------------------------------------------------------------------------

    def _choose(self, action: Move | Place, at: Cell) -> Reply[object]:
        self.chosen = at
        if isinstance(action, Place):
            return self.choose(action, _("Place on {cell}").format(cell=at), str(at))
        label = (_("Move the tile {a} to {b}, then {frm}–{to}").format(a=action.tile.frm, b=action.tile.to,
                                                                     frm=action.frm, to=action.to)
                 if action.tile is not None else _("Move {frm}–{to}").format(frm=action.frm, to=action.to))
        return self.choose(action, label, str(at))

    def on_square(self, arg: str | None) -> Reply[object]:
        try:
            cell = parse_cell(arg or "")
        except NotationError:
            return UNCHANGED
        self.message = None
        self.chosen = None
        if self.placing:
            return self._place(cell)
        if self.put is not None:
            return self._follow(cell)
        if self.tile is not None:
            return self._put_down(cell)
        seat = self.fc_seat
        piece = seat.at(cell)
        if self.piece is not None and any(m.to == cell for m in seat.moves_from(self.piece)):
            return self._choose(Move(self.piece, cell), cell)
        if piece is not None and piece.player is seat.player:
            if cell == self.piece:
                self.piece = None
            elif seat.moves_from(cell):
                self.piece = cell
            else:
                self.piece = None
                self.message = _("The piece on {cell} has no free tile next to it and nothing to jump "
                                 "over.").format(cell=cell)
            return CHANGED
        if piece is None and cell in seat.position.tiles:  # an empty tile: pick it up, or why not
            refusal = seat.tile_refusal(cell)
            if refusal is None:
                self.tile, self.piece = cell, None
            else:
                self.message = _("This tile cannot move ({rule}): {why}.").format(
                    rule=RULE.get(refusal.code, refusal.code.value), why=refusal.message)
            return CHANGED
        if self.piece is not None:  # somewhere the picked piece cannot go: the rules say why
            self.message = self.refused(Move(self.piece, cell))
        elif piece is not None:
            self.message = _("That is {other}'s piece. Pick one of yours ({colour}), or an empty tile "
                             "to move.").format(other=self.other, colour=COLOUR[seat.player])
        else:
            self.message = _("Pick one of your pieces, or first an empty tile to move.")
        return CHANGED

    def _place(self, cell: Cell) -> Reply[object]:
        refused = self.refused(Place(cell))
        if refused is not None:
            self.message = refused
            return CHANGED
        return self._choose(Place(cell), cell)

    def _put_down(self, cell: Cell) -> Reply[object]:
        assert self.tile is not None
        seat = self.fc_seat
        if cell == self.tile:
            self.tile = None  # a second tap puts it back
            return CHANGED
        if cell in seat.put_down_cells(self.tile):
            self.put, self.window = cell, None  # the view follows the board
            return CHANGED
        refusal = seat.position.put_down_refusal(self.tile, cell)
        if refusal is None:  # a free cell beside the board, but no piece of the player's reaches it
            self.message = _("The tile cannot go there ({rule}): no piece of yours could move onto "
                             "it.").format(rule=RULE[RefusalCode.PUTDOWN_REACH])
        else:
            self.message = _("The tile cannot go there ({rule}): {why}.").format(
                rule=RULE.get(refusal.code, refusal.code.value), why=refusal.message)
        return CHANGED

    def _follow(self, cell: Cell) -> Reply[object]:
        assert self.tile is not None and self.put is not None
        moves = self.fc_seat.moves_onto(self.put, self.tile)
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
        if self.piece is None:
            return UNCHANGED
        self.piece = self.chosen = None
        return CHANGED

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
        if self.turned():  # the board is seen from the other side: the grid runs the other way
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

    def model(self) -> TurnModel:
        seat = self.fc_seat
        position = seat.position
        pieces: dict[Cell, Piece] = dict(position.pieces)
        marks: dict[Cell, list[str]] = {}
        open_cells: set[Cell] = set()
        acting = seat.acting and not self.must_pass

        def mark(cell: Cell, name: str) -> None:
            marks.setdefault(cell, []).append(name)

        if self.chosen is not None:
            mark(self.chosen, "chosen")
        if acting and self.placing:
            for cell in position.tiles:
                if cell not in pieces:
                    mark(cell, "choice")
        elif acting and self.put is not None and self.tile is not None:
            mark(self.put, "tile-new")
            for move in seat.moves_onto(self.put, self.tile):
                mark(move.frm, "choice")
        elif acting and self.tile is not None:
            mark(self.tile, "tile-picked")
            for cell in seat.put_down_cells(self.tile):
                mark(cell, "choice")
            # every free cell beside the board opens: a tap on one says why the tile may not go there
            open_cells = {c for t in position.tiles for c in c_sides(t) if c not in position.tiles}
        elif acting:
            for cell in seat.movable_tiles():
                mark(cell, "movable-tile")
            if self.piece is not None:
                mark(self.piece, "picked")
                for move in seat.moves_from(self.piece):
                    mark(move.to, "choice")
            for cell, piece in position.pieces:
                if piece.player is seat.player and cell != self.piece and seat.moves_from(cell):
                    mark(cell, "movable")
        window = self.view()
        last = seat.last.effect if seat.last is not None else None
        path: list[str] = []
        tile_move: list[str] = []
        flips: list[Effect] = []
        if isinstance(last, Moved):
            path = [str(last.frm), str(last.to)]
            if last.tile is not None:  # (its old cell drawn too: the line of its move starts there)
                tile_move = [str(last.tile.frm), str(last.tile.to)]
                if last.tile.frm not in self.tiles():
                    mark(last.tile.frm, "tile-was")
            flips = [Flip((str(last.to),))] if last.over is not None else []
        elif isinstance(last, Placed):
            path = [str(last.cell)]
        players = (seat.player, seat.opponent)
        own = {p.value: [pc for _c, pc in position.pieces if pc.player is p] for p in players}
        placed = {p: len(pcs) for p, pcs in own.items()}
        marked = {p: sum(1 for pc in pcs if pc.marked) for p, pcs in own.items()}
        return {
            **self.common_model(), "kind": "turn", "player": self.player, "placing": self.placing,
            "colours": {p.value: COLOUR[p] for p in players},
            "board": {"cells": boardview.cells(self.tiles(), pieces, window, marks, open_cells),
                      "near": self.near, "window": [window.x0, window.y0, window.width, window.height]},
            "fitted": self.window is None, "tile": None if self.tile is None else str(self.tile),
            "put": None if self.put is None else str(self.put),
            "piece": None if self.piece is None else str(self.piece),
            "to_place": {p: PIECES_EACH - n for p, n in placed.items()}, "marked": marked,
            "last": path, "tile_move": tile_move, "last_text": self.last_text(),
            "hint": self.hint() if acting else None,
            "moment": ("move", seat.last.turn if seat.last else 0), "effects": flips,
        }

    def hint(self) -> str:
        if self.placing:
            return _("Tap a free tile to place a piece there (plain side up).")
        if self.put is not None:
            return _("The tile is on {cell}: tap one of the marked pieces to move it onto the tile.").format(
                cell=self.put)
        if self.tile is not None:
            return _("Tile {cell} in hand: tap a marked cell to put it down, or the tile again to keep "
                     "it.").format(cell=self.tile)
        if self.piece is not None:
            return _("Piece on {cell}: tap a marked tile to step or jump there (a jump turns it "
                     "over).").format(cell=self.piece)
        return _("Move a piece, or first an empty tile in a dashed frame (then a piece must move onto it).")

    def last_text(self) -> str | None:
        played = self.fc_seat.last
        last = played.effect if played is not None else None
        if played is None or not isinstance(last, Moved | Placed):
            return None
        who = self.names[played.player.value]
        if isinstance(last, Placed):
            return _("Last: {who} placed on {cell}.").format(who=who, cell=last.cell)
        if last.tile is not None:
            return _("Last: {who} moved the tile {a} to {b}, then {frm}–{to}.").format(
                who=who, a=last.tile.frm, b=last.tile.to, frm=last.frm, to=last.to)
        return _("Last: {who}, {frm}–{to}.").format(who=who, frm=last.frm, to=last.to)


def c_sides(cell: Cell) -> list[Cell]:
    """The four cells sharing a side with ``cell`` (where a tile may be put down, FC6)."""
    return cell.side_neighbours()

