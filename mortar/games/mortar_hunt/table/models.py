"""The screens of Mortar Hunt as typed data, between its drafts (which build them from one
player's seat) and its drawing (which never sees a seat): placing the pieces
(:class:`PlacementModel`), a turn (:class:`TurnModel`), a review's step (:class:`ReviewModel`),
and the board's squares (:class:`CellModel`) they share. Plain dicts to the table.

For the type checker only (imported under ``TYPE_CHECKING``): the page never loads it, and the
game's archive does not carry it."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ....table.drafts import PlayModel
from ..pad import PadData
from ..view import Report


class TokenModel(TypedDict):
    """A piece drawn on a square: its owner, number, type (``HM``), facing (``NE``), and whether
    it is a wreck, the planned end of a move (a ghost) or the piece left behind by one (faded)."""

    owner: str
    number: int
    type: str
    facing: str
    wreck: bool
    ghost: bool
    faded: bool


class CellModel(TypedDict):
    """A square: its zone (``own``, ``enemy``, ``obstacle``), the pieces drawn on it, its marks
    (shots, craters, the draft's choices) and its label (everything on it, in words)."""

    square: str
    zone: str
    tokens: list[TokenModel]
    marks: list[str]
    label: str


Board = dict[str, CellModel]  # square name -> its cell


class CellDraft(TypedDict):
    """A square being drawn (:mod:`.scene`): what its label will say, in ``notes``."""

    square: str
    zone: str
    tokens: list[TokenModel]
    marks: list[str]
    notes: list[str]


class Overlay(TypedDict, total=False):
    """The acting player's draft drawn on their board (:func:`.scene.turn_board`)."""

    selected: int  # the piece selected
    moved: tuple[int, str]  # (piece, position): a confirmed move, drawn at its end
    ghost: tuple[int, str]  # (piece, position): the planned end of the move being built
    dests: list[str]  # squares the selected piece may end on
    dest: str  # the picked one
    targets: list[str]  # squares the selected piece may fire at
    aim: str  # the chosen target


class LastShotModel(TypedDict):
    at: str
    turn: int
    squares: list[str]  # where the shell may have come from
    text: str


class ExposureModel(TypedDict):
    piece: int
    square: str
    level: str  # "hidden", "suspected" or "located"
    reason: str


class RadarModel(TypedDict):
    """The radar (RULINGS R14) from one seat: the heat of the enemy's half (a review's belief
    holds the heat only), its words, the last enemy shot's origins, each own piece's exposure."""

    heat: dict[str, float]
    words: NotRequired[dict[str, str]]
    last_shot: NotRequired[LastShotModel | None]
    exposure: NotRequired[list[ExposureModel]]
    lines: NotRequired[list[str]]


class ReportModel(Report):
    """The opponent's last turn as the player may know it, with the type of the piece it cost."""

    lost_type: NotRequired[str]  # (``HM``)


# --- placing the pieces ------------------------------------------------------------------------


class PlacedModel(TypedDict):
    number: int
    square: str | None  # None: not placed yet
    facing: str
    type: str
    selected: bool


class TypeModel(TypedDict):
    name: str  # "HM"
    word: str
    range: str  # "2–6"


class PlacementModel(PlayModel):
    name: str
    other: str
    pieces: list[PlacedModel]
    selected: int
    rows: str  # the player's half, "1–4"
    secret: bool  # the loadout is the player's choice (the types are asked)
    types: list[TypeModel]
    error: str | None
    can_confirm: bool
    message: str | None
    incomplete: bool
    board: Board


# --- a turn ------------------------------------------------------------------------------------


class PieceModel(TypedDict):
    """One of the player's pieces as the turn shows it (its stage adds what it may do)."""

    number: int
    square: str
    facing: str
    position: str  # "C3/NE"
    type: str
    alive: bool
    range: str
    movable: NotRequired[bool]  # (the move) it has a legal move
    targets: NotRequired[list[str]]  # (the shot) the squares it may fire at


class MoveModel(TypedDict):
    """The move being built: the piece, its steps, where they end and what may be tapped next."""

    piece: int | None
    steps: list[str]
    quick: bool
    start: NotRequired[str]  # (a piece picked) its position now
    next: dict[str, str | None] | None  # each step button's end, or None where it cannot go
    end: str | None
    dest: str | None
    dest_facing: str | None
    facing: NotRequired[str]  # (a piece picked) the facing shown on the compass
    at: NotRequired[str]  # (a piece picked) the square the compass turns on
    facings: list[str]
    error: str | None
    dests: list[str]
    targets: list[str]  # (few taps) squares a tap on which confirms the move and aims


class MovedModel(TypedDict):
    piece: int
    to: str


class FireModel(TypedDict):
    move: MovedModel
    piece: int | None
    target: str | None
    any_target: bool
    skip_error: str | None
    can_skip: bool
    quick: bool


class SacrificeModel(TypedDict):
    pieces: list[PieceModel]
    selected: int | None
    last: bool


class ResultModel(TypedDict):
    """The player's own turn just played, as they may know it."""

    text: str
    over: bool
    turn: int
    kind: NotRequired[str]  # "shot", "skip", "sacrifice", "resign"
    at: NotRequired[str | None]
    hit: NotRequired[bool]
    piece: NotRequired[int | None]
    origin: NotRequired[str | None]  # where the shell flew from


class TurnModel(PlayModel):
    name: str
    plain: str  # the player's name as given (the win banner)
    other: str
    turn: int
    stage: str  # "move", "fire", "sacrifice", "result"
    report: ReportModel | None
    skips: int
    max_skips: int
    must_shoot: bool
    last_free_skip: bool
    turn_limit: int | None
    last_turn: bool
    variant: str
    score: dict[str, int]
    enemy_alive: int
    enemy_type: str | None
    own_alive: int
    message: str | None
    resign_asked: bool
    pad: PadData
    radar: RadarModel | None
    move: NotRequired[MoveModel]
    fire: NotRequired[FireModel]
    sacrifice: NotRequired[SacrificeModel]
    result: NotRequired[ResultModel]
    pieces: list[PieceModel]
    board: Board


# --- a review's step ---------------------------------------------------------------------------


# A step's shot, drawn from the piece that fired ("from") to its target.
ShotModel = TypedDict("ShotModel", {"from": str, "at": str, "hit": bool, "player": str})


class BeliefModel(TypedDict):
    player: str
    heat: dict[str, float]


class ReviewModel(TypedDict):
    names: dict[str, str]
    turn: int
    outcome: dict[str, object]
    computer: list[str]
    board: Board | None
    shot: ShotModel | None
    pads: dict[str, PadData]
    pieces: dict[str, str]
    believer: str | None
    belief: BeliefModel | None
