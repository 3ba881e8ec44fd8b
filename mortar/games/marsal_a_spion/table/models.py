"""The screens of Maršál a Špión as typed data, between its drafts (which build them from one
player's seat) and its drawing (which never sees a seat): setting up (:class:`SetupModel`) and a
turn (:class:`TurnModel`). Plain dicts to the table.

For the type checker only (imported under ``TYPE_CHECKING``): the page never loads it, and the
game's archive does not carry it."""

from __future__ import annotations

from typing import TypedDict

from ....table.drafts import PlayModel


class Face(TypedDict):
    """A piece as drawn on a square: its army, whether it is the viewer's, its id where the
    viewer may see it (own pieces; an enemy piece the viewer has seen; everything after the
    game), and a clue of the deduction aid (``clue``: a short word, ``clue_words`` its label)."""

    army: str  # "Red" / "Blue"
    own: bool
    id: str | None  # "MAR" … "FLG", or None: only its back is shown
    seen: bool  # an enemy piece whose face the viewer saw (the memory aid)
    clue: str | None
    clue_words: str | None


class SquareModel(TypedDict):
    name: str  # "C4"
    void: bool  # a forbidden square (R1)
    face: Face | None
    marks: list[str]  # classes: sel, dest, target, aim, last-from, last-to, …
    label: str  # its accessible name: everything drawn on it, in words


class BoardModel(TypedDict):
    rows: list[int]  # the board's rows shown, south to north (setup: the home rows only)
    columns: int
    squares: list[SquareModel]  # row by row, south to north, west to east
    turned: bool  # seen from Blue's side (R1)
    label: str
    interactive: bool


class TrayModel(TypedDict):
    """Removed pieces of one army (R9: public, with identities), by kind."""

    army: str
    title: str
    pieces: list[tuple[str, int]]  # (id, count), highest rank first
    count: int


class ReportModel(TypedDict):
    """The last enemy action as this player may know it, with where to draw it."""

    turn: int
    text: str
    start: str
    end: str
    attack: bool


class PendingModel(TypedDict):
    """The action the player has picked and not yet played."""

    attack: bool
    start: str
    end: str
    text: str


class ResultModel(TypedDict):
    """The player's own action just played: what it showed (R9) and what it did."""

    turn: int
    attack: bool
    mine: str  # the own piece's id
    defender: str | None  # the face the attack showed
    outcome: str | None  # a Clash value
    text: str
    over: bool


class TrayItem(TypedDict):
    """A kind of piece in the setup's tray: how many are left to place, of how many."""

    id: str
    left: int
    count: int


class PresetModel(TypedDict):
    key: str
    label: str
    hint: str


class SetupModel(PlayModel):
    name: str
    other: str
    army: str
    rows: str  # the home rows, "1–4"
    board: BoardModel
    tray: list[TrayItem]
    pick: str | None  # the piece picked in the tray (its id)
    held: str | None  # the placed piece held to swap (its square)
    held_piece: str | None
    presets: list[PresetModel]
    last: bool  # this device keeps the player's last setup
    placed: int
    total: int
    complete: bool
    message: str | None
    done: str | None  # what the last press did (a swap), for the ear: the board shows it


class TurnModel(PlayModel):
    name: str
    other: str
    army: str
    turn: int
    stage: str
    report: ReportModel | None
    board: BoardModel
    picked: str | None
    picked_piece: str | None
    choices: int
    pending: PendingModel | None
    offer: bool
    may_accept: bool
    accept_asked: bool
    resign_asked: bool
    trays: list[TrayModel]
    inactivity: int
    limit: int | None
    message: str | None
    result: ResultModel | None
