"""Maršál a Špión's drawn parts: a piece's face or back, the board for the table's board widget,
the trays of removed pieces, and the drawings of the Flag and the Minefield.

A face shows a short mark of its kind over its rank (R3's order: 9 the Marshal … 1 the Spy), big
enough to read on a 30-pixel square; the Flag and the Minefield, which have no rank, are drawn.
A back shows only its army's colour, plus what the viewer's seat knows (a seen rank, a clue).
"""

from __future__ import annotations

from ....table.board import Arrow, BoardView, Cell, Token, render_board
from ....table.html import El, h
from ....table.words import _
from ..board import HOME_ROWS, Square
from ..pieces import Piece
from .models import BoardModel, Face, TrayModel
from .texts import MARK, NAME, plural, rank_text

COLUMNS = tuple(str(Square(c, 1))[:-1] for c in range(Square.width))
SYMBOL = {Piece.FLAG: "mas-flag", Piece.MINEFIELD: "mas-mine"}
# Lines drawn over the board between two marked squares: the last enemy action ("what
# happened"), and the player's own action just played.
ARROWS = (("last-from", "last-to", "last"), ("done-from", "done-to", "done"))


def _shape(tag: str, **attrs: str) -> El:
    return h(tag, {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()})


# The two pieces that have no rank, as <symbol>s put in the page once (the board's tokens <use>
# them): a banner on a pole, and a mine with its spikes.
SYMBOLS = h("svg", {"class": "piece-defs", "width": "0", "height": "0", "aria-hidden": "true",
                    "focusable": "false"},
            h("symbol", {"id": "mas-flag", "viewBox": "0 0 32 32"},
              _shape("rect", x="8", y="4", width="2.6", height="25", rx="1", class_="pc-pole"),
              _shape("path", d="M10.6 5h14l-4 5.5 4 5.5h-14z", class_="pc-banner")),
            h("symbol", {"id": "mas-mine", "viewBox": "0 0 32 32"},
              _shape("path", d="M16 1v30M1 16h30M5.4 5.4l21.2 21.2M26.6 5.4 5.4 26.6", class_="pc-spikes"),
              _shape("circle", cx="16", cy="16", r="9.5", class_="pc-body"),
              _shape("circle", cx="12.5", cy="12.5", r="2.6", class_="pc-shine")))


def face(piece_id: str | None, army: str, *, classes: tuple[str, ...] = ()) -> El:
    """A piece drawn small, outside the board (the trays, the clash of an attack): its face, or
    its back when ``piece_id`` is None. Drawing only: the words are the caller's."""
    army_cls = f"army-{army.lower()}"
    if piece_id is None:
        return h("span", {"class": ["face", "back", army_cls, *classes], "aria-hidden": "true"})
    piece = Piece.parse(piece_id)
    symbol = SYMBOL.get(piece)
    return h("span", {"class": ["face", f"pc-{piece.id.lower()}", army_cls, *classes], "aria-hidden": "true"},
             h("span", {"class": "face-mark"}, MARK[piece]), " ",
             h("svg", {"class": "face-sym", "viewBox": "0 0 32 32", "aria-hidden": "true",
                       "focusable": "false"},
               h("use", {"href": f"#{symbol}"})) if symbol else
             h("span", {"class": "face-rank"}, rank_text(piece)))


def _token(f: Face) -> tuple[Token, list[El]]:
    """A piece on the board: the widget's token (its colour, its rank or drawing) and the
    parts drawn beside it (the kind's mark, a clue)."""
    piece = Piece.parse(f["id"]) if f["id"] else None
    classes = ("pc", f"army-{f['army'].lower()}", "own" if f["own"] else "enemy",
               f"pc-{piece.id.lower()}" if piece else "back", "seen" if f["seen"] else "")
    extra: list[El] = []
    if piece is not None:
        mark = MARK[piece]
        # (a language's longer mark, "Застава", drawn narrower so that it stays inside its tile)
        extra.append(h("span", {"class": ["pc-mark", "long" if len(mark) > 4 else None],
                                "aria-hidden": "true"}, mark))
    if f["clue"]:
        extra.append(h("span", {"class": "pc-clue", "aria-hidden": "true"}, f["clue"]))
    token = Token(classes=tuple(c for c in classes if c),
                  symbol=SYMBOL.get(piece) if piece is not None else None,
                  badge=rank_text(piece) if piece is not None and piece.movable else None,
                  badge_classes=("rank",))
    return token, extra


def _zone(row: int) -> str:
    for player, rows in HOME_ROWS.items():
        if row in rows:
            return f"zone-{player.value.lower()}"
    return "zone-middle"


def board_view(board: BoardModel, *, extra: El | None = None) -> El:
    """The board of a model (one player's view, or both armies after the game) as the table's
    board widget draws it: turned for Blue, one roving tab stop, the picked square first."""
    rows = board["rows"]
    grid: dict[tuple[int, int], Cell] = {}
    ends: dict[str, str] = {}  # mark -> the square that has it (an arrow's ends)
    for sq in board["squares"]:
        square = Square.parse(sq["name"])
        at = (square.column, rows.index(square.row))
        if sq["void"]:
            grid[at] = Cell(sq["name"], sq["label"], void=True, classes=["forbidden"])
            continue
        marks = sq["marks"]
        choice = ["choice"] if {"dest", "target"} & set(marks) else []  # may be tapped now
        chosen = ["chosen"] if {"sel", "aim", "held"} & set(marks) else []
        tokens: list[Token] = []
        drawn: list[El] = []
        holder: list[str] = []
        if (f := sq["face"]) is not None:
            token, drawn = _token(f)
            tokens.append(token)
            # (the kind's mark is drawn beside the token: the square carries the army's colour)
            holder = [f"on-{f['army'].lower()}", "on-own" if f["own"] else "on-enemy",
                      "on-seen" if f["seen"] else "", "on-face" if f["id"] else "on-back"]
        grid[at] = Cell(sq["name"], sq["label"],
                        classes=[_zone(square.row), *marks, *choice, *chosen, *(c for c in holder if c)],
                        tokens=tokens, extra=drawn)
        for mark in marks:
            ends.setdefault(mark, sq["name"])
    arrows = [Arrow(ends[a], ends[b], (kind,)) for a, b, kind in ARROWS if a in ends and b in ends]
    view = BoardView(COLUMNS, [str(r) for r in rows], grid, board["label"], turned=board["turned"],
                     interactive=board["interactive"], classes=["mas-board", f"rows-{len(rows)}"],
                     focus_marks=("aim", "sel", "held", "movable"), arrows=arrows)
    return render_board(view, extra=extra)


def tray(model: TrayModel) -> El:
    """One army's removed pieces, by kind (R9: public)."""
    army = model["army"]
    words = ", ".join(plural(Piece.parse(pid), n) for pid, n in model["pieces"]) or _("none")
    label = _("{title}: {words}").format(title=model["title"], words=words)
    chips = [h("li", {"class": "chip"}, face(pid, army, classes=("mini",)),
               h("span", {"class": "chip-count", "aria-hidden": "true"}, f"×{n}" if n > 1 else None))
             for pid, n in model["pieces"]]
    return h("div", {"class": ["tray", f"tray-{army.lower()}"], "role": "group", "aria-label": label},
             h("span", {"class": "tray-title", "aria-hidden": "true"}, model["title"],
               h("small", None, f" ({model['count']})")),
             h("ul", {"class": "chips", "aria-hidden": "true"}, chips or h("li", {"class": "none"}, "—")))


def trays(models: list[TrayModel]) -> El:
    return h("div", {"class": "trays"}, [tray(m) for m in models])


def piece_name(piece_id: str) -> str:
    return NAME[Piece.parse(piece_id)]
