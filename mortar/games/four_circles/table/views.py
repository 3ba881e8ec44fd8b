"""Four Circles' words, board and screens at the table.

Its words (pieces, tiles, moves, the rules of FC6 by name, the rules' refusals by their codes,
the end) are marked for translation. Its board: a window of the unbounded grid (FC1)
as the open games' board of discs (:mod:`mortar.table.open_board`), which pans and zooms. A cell
with no tile is drawn as nothing, unless a draft marks it (a cell where a picked tile may be put
down, or any free cell beside the board while a tile is in hand: a tap there says why not). A
plain piece is a disc's plain side, a marked one its circle side. Its screens: a turn in its two
parts (also while placing, and while the computer plays), the view's pan and zoom buttons with
their keys, and a review's step: the board fitted to the tiles as they were, the step's tile move
and piece move, the winning line.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import Enum

from ....kit.grid import Cell
from ....kit.turns import PLAYERS, Player
from ....table.board import Arrow, Window
from ....table.html import El, h
from ....table.kind import ReviewStep
from ....table.open_board import (
    BoardModel,
    Disc,
    DiscBoard,
    DiscModel,
    Ground,
    Layout,
    review_body,
    turn_screen,
)
from ....table.open_table import SIDES
from ....table.render import Frame, button
from ....table.words import _
from ..actions import Moved, Placed, RefusalCode
from ..board import Piece
from ..state import State

OWN_ENDS = {"four": _("{winner} wins: four marked pieces in a line.")}

# FC6's rules by the codes the engine refuses a tile move with: what a player is told when a
# tile they tap may not move, or a cell may not take it
RULE: dict[Enum, str] = {
    RefusalCode.PICKUP_PIECE: _("FC6 pick-up rule 1, an empty tile"),
    RefusalCode.PICKUP_SIDES: _("FC6 pick-up rule 2, two free sides"),
    RefusalCode.PICKUP_SEPARATES: _("FC6 pick-up rule 3, the board stays together"),
    RefusalCode.PUTDOWN_CELL: _("FC6 put-down rule 1, a free cell"),
    RefusalCode.PUTDOWN_SIDE: _("FC6 put-down rule 2, beside another tile"),
    RefusalCode.PUTDOWN_REACH: _("FC6 put-down rule 3, a piece moves onto it"),
}
_CANNOT_MOVE = _("This tile cannot move ({rule}).")
_CANNOT_GO = _("The tile cannot go there ({rule}).")

# Why the rules refuse a placement, a move or a tile move, by the engine's codes (K0's are the
# open table's)
REFUSED: dict[Enum, str] = {
    RefusalCode.PLACING: _("Tiles and pieces move once all twelve pieces are placed."),
    RefusalCode.PLACED: _("All twelve pieces are placed: now a turn moves a piece."),
    RefusalCode.NO_TILE: _("No tile lies there."),
    RefusalCode.OCCUPIED: _("A piece stands on that tile."),
    RefusalCode.NO_PIECE: _("There is no piece there."),
    RefusalCode.NOT_YOURS: _("That piece is not yours."),
    RefusalCode.NOT_A_MOVE: _("A piece steps to a tile next to it or jumps over one piece next to it."),
    RefusalCode.NOTHING_TO_JUMP: _("A jump goes over a piece, and there is none that way."),
    **{code: _CANNOT_MOVE.format(rule=RULE[code])
       for code in (RefusalCode.PICKUP_PIECE, RefusalCode.PICKUP_SIDES, RefusalCode.PICKUP_SEPARATES)},
    **{code: _CANNOT_GO.format(rule=RULE[code])
       for code in (RefusalCode.PUTDOWN_CELL, RefusalCode.PUTDOWN_SIDE)},
    RefusalCode.PUTDOWN_REACH: _("The piece moves onto the moved tile ({rule}).").format(
        rule=RULE[RefusalCode.PUTDOWN_REACH]),
}


def piece_words(player: Player, marked: bool) -> str:
    """``Red piece, marked``."""
    words = _("{colour} piece, marked") if marked else _("{colour} piece, plain")
    return words.format(colour=SIDES[player])


def moved_text(effect: object, who: str) -> str:
    """A move said of its player: ``Ann moved the tile e4 to f1, then b2–f1.``"""
    if isinstance(effect, Placed):
        return _("{who} placed a piece on {cell}.").format(who=who, cell=effect.cell)
    if not isinstance(effect, Moved):
        return _("{who} moved.").format(who=who)
    if effect.over is not None:
        side = _("marked side up") if not effect.piece.marked else _("plain side up")
        part = _("jumped {frm}–{to}, turning {side}").format(frm=effect.frm, to=effect.to, side=side)
    else:
        part = _("stepped {frm}–{to}").format(frm=effect.frm, to=effect.to)
    if effect.tile is not None:
        return _("{who} moved the tile {frm} to {to}, then {part}.").format(
            who=who, frm=effect.tile.frm, to=effect.tile.to, part=part)
    return _("{who} {part}.").format(who=who, part=part)


def start_text(state: object) -> str:
    """A review's first step."""
    return _("Start: twenty tiles, no piece yet.")


BOARD = DiscBoard(("open-board", "fc-board"), {
    "movable-tile": _("a tile you may move"),
    "tile-picked": _("the tile in hand"),
    "tile-new": _("the tile put down here"),
    "picked": _("picked"),
    "choice": _("you may choose it"),
    "line": _("in the winning line"),
    "tile-was": _("the last tile moved from here"),
}, focus=("chosen", "picked", "tile-picked", "tile-new", "choice", "movable", "movable-tile"),
    empty=False, pans=True)
TILE, NO_TILE = Ground("tile", _("tile")), Ground("no-tile", _("no tile"))


def board_of(tiles: Collection[Cell], pieces: Iterable[tuple[Cell, Piece]], window: Window,
             marks: Mapping[Cell, Sequence[str]], near: str, open_cells: Iterable[Cell] = ()) -> BoardModel:
    """The cells of ``window``: every tile (and what stands on it), and the free cells a draft
    marks or opens (``open_cells``: tappable though they hold no tile)."""
    discs = {cell: Disc(p.player.value, p.marked, piece_words(p.player, p.marked))
             for cell, p in pieces if cell in tiles}
    layout = Layout.window(window, {*tiles, *marks, *open_cells})
    return BOARD.cells(layout, discs, lambda cell: TILE if cell in tiles else NO_TILE, marks, near)


def drawn(effect: object) -> tuple[list[str], list[str]]:
    """The last move drawn: the piece's (or the piece placed), and the tile's (from, to)."""
    if isinstance(effect, Placed):
        return [str(effect.cell)], []
    if not isinstance(effect, Moved):
        return [], []
    return [str(effect.frm), str(effect.to)], [] if effect.tile is None else [str(effect.tile.frm),
                                                                               str(effect.tile.to)]


class TurnModel(DiscModel):
    placing: bool
    fitted: bool
    tile: str | None
    to_place: dict[str, int]
    marked: dict[str, int]
    tile_move: list[str]


def view_tools() -> El:
    """Zoom, fit and pan, each also a key (the page's shortcuts); drags and pinches on the board
    do the same."""
    return h("div", {"class": "view-tools", "role": "group", "aria-label": _("View")},
             button("−", "zoom", "out", cls="small", aria_label=_("Zoom out"), shortcut="-"),
             button("+", "zoom", "in", cls="small", aria_label=_("Zoom in"), shortcut="+"),
             button(_("Fit"), "fit", cls="small fit", aria_label=_("Fit the whole board"), shortcut="0"),
             button("←", "pan", "left", cls="small", aria_label=_("Look left"), shortcut="a"),
             button("↑", "pan", "up", cls="small", aria_label=_("Look up"), shortcut="w"),
             button("↓", "pan", "down", cls="small", aria_label=_("Look down"), shortcut="s"),
             button("→", "pan", "right", cls="small", aria_label=_("Look right"), shortcut="d"))


def tile_arrows(tile_move: list[str]) -> list[Arrow]:
    return [Arrow(tile_move[0], tile_move[1], ("tile-move",))] if tile_move else []


def render_play(model: TurnModel, frame: Frame) -> El:
    names = model["names"]
    p, q = names  # (Red, then White)
    if model["placing"]:
        heading = _("Placing · {name}")
        facts = [_("Pieces to place: {a} {x} · {b} {y}").format(
            a=names[p], x=model["to_place"][p], b=names[q], y=model["to_place"][q])]
    else:
        heading = None
        facts = [_("Marked pieces: {a} {x} · {b} {y}").format(
            a=names[p], x=model["marked"][p], b=names[q], y=model["marked"][q])]
    acting = model["acting"] and not frame.waiting
    cancel = None if model["tile"] is None else button(_("Cancel the tile move"), "cancel-tile", cls="small")
    return turn_screen(model, frame, BOARD, facts, classes=["fc", "tile-in-hand" if model["tile"] else None],
                       heading=heading, arrows=tile_arrows(model["tile_move"]),
                       under=h("div", {"class": "view-row"}, view_tools() if acting else None), held=cancel)


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    state, names = step.state, step.names
    position = state.position
    effect = step.effect
    last, tile_move = drawn(effect)
    marks: dict[Cell, list[str]] = {}
    if isinstance(effect, Moved) and effect.tile is not None and effect.tile.frm not in position.tiles:
        marks[effect.tile.frm] = ["tile-was"]  # (its old cell drawn too: the line of its move starts there)
    if state.outcome is not None and state.outcome.winner is not None:
        for line in position.lines(state.outcome.winner):
            for cell in line:
                marks.setdefault(cell, []).append("line")
    facts = [_("{name}: {n} marked").format(name=names[p.value],
                                            n=sum(1 for _c, pc in position.own(p) if pc.marked))
             for p in PLAYERS]
    board = board_of(position.tiles, position.pieces, Window.fit(position.tiles), marks, step.near)
    return review_body(BOARD, board, step, facts, last=last, arrows=tile_arrows(tile_move))
