"""The boards of the open games: two-sided discs on squares, as data a draft's model holds and a
screen draws (with :mod:`.board`'s widget), and the screens around such a board: a turn and a
review's step.

A game gives its squares and where each is drawn (a :class:`Layout`: a board of lettered squares,
or the window on an unbounded grid that shows), the disc on each square, what each square is
beneath it (its :class:`Ground`: a zone, a home row, a tile) and its words; :meth:`DiscBoard.cells`
makes every square data (the disc, the ground, a draft's marks and the words a screen reader
hears), :meth:`DiscBoard.draw` draws that data turned for the second player. Nothing here knows a
rule: the marks come from the draft, which asks the seat.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypedDict, TypeVar, runtime_checkable

from ..kit.grid import BoardSquare, Cell
from ..kit.protocol import AnyState
from ..kit.turns import PLAYERS
from .board import Arrow, BoardView, Token, Window, render_board
from .board import Cell as BoardCell
from .html import El, h
from .kind import ReviewStep
from .open_table import OpenModel, footer, header, turn_line
from .render import Frame
from .words import _

Sq = TypeVar("Sq", bound=Hashable)  # a game's square: a BoardSquare, a grid's Cell
B = TypeVar("B", bound=BoardSquare)
S = TypeVar("S", bound=AnyState)  # a review's game


# --- the pieces: two-sided discs -------------------------------------------------------------

def _circle(cls: str, r: str, **more: str) -> El:
    return h("circle", {"class": cls, "cx": "16", "cy": "16", "r": r, **more})


# The two faces of a disc, drawn in its owner's colour (``currentColor``, set by its tone): the
# plain side a smooth disc, the marked side the same disc with a circle cut into it. The mark
# is a shape, not a colour: a glance, a grey screen and colour blindness all tell them apart.
DISCS = h("svg", {"class": "piece-defs", "width": "0", "height": "0", "aria-hidden": "true",
                  "focusable": "false"},
          h("symbol", {"id": "disc-plain", "viewBox": "0 0 32 32"},
            _circle("disc-edge", "13.5"), _circle("disc-face", "12")),
          h("symbol", {"id": "disc-marked", "viewBox": "0 0 32 32"},
            _circle("disc-edge", "13.5"), _circle("disc-face", "12"),
            _circle("disc-mark", "7", **{"stroke-width": "3.2"}), _circle("disc-dot", "1.8")))


@dataclass(frozen=True)
class Disc:
    """A piece as drawn: its owner (a player, "Red"), whether its marked side is up, its words
    ("Red Hopper") and what its token is beside a disc (classes: "hopper")."""

    owner: str
    marked: bool
    words: str
    classes: tuple[str, ...] = ()

    def token(self) -> Token:
        """The disc in its owner's tone, showing its marked or plain side."""
        return Token(classes=("disc", f"tone-{self.owner.lower()}", "marked" if self.marked else "plain",
                              *self.classes), symbol="disc-marked" if self.marked else "disc-plain")


@dataclass(frozen=True)
class Ground:
    """What a square is beneath what stands on it: its class (a zone, a home row, a tile) and
    its words, each None where it is plain ground."""

    cls: str | None = None
    words: str | None = None


class DiscCell(TypedDict):
    """One square as data: where it is drawn, the disc on it, its ground, the draft's marks and
    its label (everything on it, in words)."""

    place: tuple[int, int]  # its column and row index on the board drawn (BoardView's)
    piece: Disc | None
    ground: str | None
    marks: list[str]
    label: str


class BoardModel(TypedDict):
    """A board as data: its squares by name, the labels of its edges, whose side is near."""

    cells: dict[str, DiscCell]
    columns: list[str]
    rows: list[str]
    near: str


@dataclass(frozen=True)
class Layout(Generic[Sq]):
    """The squares a board shows and where each is drawn: the labels of its columns (west to
    east) and rows (south to north), and each square's column and row index."""

    columns: tuple[str, ...]
    rows: tuple[str, ...]
    places: Mapping[Sq, tuple[int, int]]

    @classmethod
    def of(cls, square: type[B]) -> Layout[B]:
        """Every square of a board of lettered squares (``a1`` at the near left)."""
        return Layout(tuple(square.columns), tuple(str(r) for r in range(1, square.height + 1)),
                      {sq: (sq.column, sq.row - 1) for sq in square.all()})

    @classmethod
    def window(cls, window: Window, shown: Collection[Cell]) -> Layout[Cell]:
        """The cells of ``window`` on an unbounded grid that are ``shown`` (the others are drawn
        as nothing), each column labelled by its x and each row by its y."""
        return Layout(tuple(str(x) for x in range(window.x0, window.x0 + window.width)),
                      tuple(str(y) for y in range(window.y0, window.y0 + window.height)),
                      {Cell(x, y): (x - window.x0, y - window.y0) for x, y in window.cells()
                       if Cell(x, y) in shown})


# The marks every board of discs says the same way (a game's own words may say them otherwise):
# what the person may pick now and what they chose, for those who hear the board.
MARK_WORDS = {"movable": _("can move"), "chosen": _("chosen")}


@dataclass(frozen=True)
class DiscBoard:
    """How a game draws its board of discs: the board's classes, the words of the draft's marks,
    the marks that take the tab stop (first first), whether an empty square says so and whether
    the view pans (a window on an unbounded grid, while it is played on)."""

    classes: tuple[str, ...]
    words: Mapping[str, str]
    focus: tuple[str, ...]
    empty: bool = True
    pans: bool = False

    def cells(self, layout: Layout[Sq], pieces: Mapping[Sq, Disc], ground: Callable[[Sq], Ground],
              marks: Mapping[Sq, Sequence[str]], near: str, moved: tuple[Sq, Sq] | None = None) -> BoardModel:
        """Every square of ``layout`` as data; ``near``: whose side is drawn at the bottom;
        ``moved``: a piece drawn moved from one square to another (a jump chain being built, the
        rules not asked)."""
        if moved is not None:
            pieces = {**pieces, moved[1]: pieces[moved[0]]}
            del pieces[moved[0]]
        out: dict[str, DiscCell] = {}
        for sq, place in layout.places.items():
            piece, under, own = pieces.get(sq), ground(sq), list(marks.get(sq, ()))
            words = [str(sq), *([under.words] if under.words else [])]
            words += [piece.words] if piece is not None else [_("empty")] if self.empty else []
            words += [w for m in own if (w := self.words.get(m, MARK_WORDS.get(m)))]
            out[str(sq)] = {"place": place, "piece": piece, "ground": under.cls, "marks": own,
                            "label": ", ".join(words)}
        return {"cells": out, "columns": list(layout.columns), "rows": list(layout.rows), "near": near}

    def draw(self, board: BoardModel, label: str, *, interactive: bool = True, last: Sequence[str] = (),
             arrows: Sequence[Arrow] = ()) -> El:
        """``board`` seen from its near side: the second player's turned; ``last``: the last
        move's squares in the order it visited them, ``arrows``: more lines between squares."""
        grid: dict[tuple[int, int], BoardCell] = {}
        for name, cell in board["cells"].items():
            ground = [cell["ground"]] if cell["ground"] else []
            piece = cell["piece"]
            grid[cell["place"]] = BoardCell(name, cell["label"], classes=[*ground, *cell["marks"]],
                                            tokens=[] if piece is None else [piece.token()])
        return render_board(BoardView(
            board["columns"], board["rows"], grid, label, turned=board["near"] == PLAYERS[1].value,
            interactive=interactive, arrows=arrows, classes=self.classes, last=last,
            focus_marks=self.focus, pan=self.pans and interactive))


# --- the screens ---------------------------------------------------------------------------

@runtime_checkable
class Travelled(Protocol):
    """A move, or what it did, by the squares it visited."""

    @property
    def path(self) -> Sequence[object]: ...


def drawn(effect: object) -> list[str]:
    """The last move drawn: the squares it visited, from what it did."""
    return [str(sq) for sq in effect.path] if isinstance(effect, Travelled) else []


class DiscModel(OpenModel):
    """An open game's turn on a board of discs: the board, the last move's squares, and the
    chain being built (its squares; empty but while a move that chains has left its square)."""

    board: BoardModel
    last: list[str]
    path: list[str]


def turn_screen(model: DiscModel, frame: Frame, look: DiscBoard, facts: Sequence[str], *,
                classes: Sequence[str | None], heading: str | None = None, arrows: Sequence[Arrow] = (),
                under: El | None = None, held: El | None = None) -> El:
    """A turn (also while the other plays it): the heading ("Turn 3 · Ann (Red)", or the game's
    own with ``{name}`` and ``{n}``), the game's ``facts`` and the last move in words, what to do
    now, the board (``under`` it: the game's own row) with the chain being built drawn, and the
    open table's footer (``held``: the way back from what the player holds half-built)."""
    titled, player = model["titled"], model["player"]
    mover = player if model["acting"] else next(p for p in titled if p != player)
    heading = (heading or _("Turn {n} · {name}")).format(n=model["turn"], name=titled[mover])
    near, path = model["board"]["near"], model["path"]
    board = look.draw(model["board"], _("The board, {near}'s side at the bottom").format(
        near=model["colours"][near]), interactive=model["acting"] and not frame.waiting,
        last=model["last"], arrows=[*(Arrow(a, b, ("path",)) for a, b in zip(path, path[1:])), *arrows])
    facts = [*facts, *filter(None, [model["last_text"]])]
    return h("div", {"class": ["turn-layout", *classes, "jumping" if path else None]},
             header(model, frame, heading, turn_line(model, frame), facts),
             h("div", {"class": "board-col"}, board, under),
             footer(model, frame, held=held))


def review_body(look: DiscBoard, board: BoardModel, step: ReviewStep[S], facts: Sequence[str], *,
                last: Sequence[str] | None = None, arrows: Sequence[Arrow] = ()) -> El:
    """A review's step: the board at that step, its move drawn (:func:`drawn`, or ``last``), and
    the game's facts under the board, as wide as it (the review's other column keeps its room)."""
    shown = look.draw(board, _("The board at this point, {near} at the bottom").format(
        near=step.names[board["near"]]), interactive=False,
        last=drawn(step.effect) if last is None else last, arrows=arrows)
    return h("div", {"class": "review-body"},
             h("div", {"class": "board-col"}, shown,
               h("ul", {"class": "facts"}, [h("li", None, f) for f in facts])))
