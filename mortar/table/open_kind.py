"""What the plug-ins of the open games share: a :class:`~mortar.table.kind.GameKind` built on a
game of the kit's open kind (K0: players who alternate from a starting player, passes, draws and
resigning, records with an envelope whose ``options`` may hold a table's own keys).

A plug-in subclasses :class:`OpenKind` and adds what makes its game itself: its options, its
drafts, and its ``views``: its words (a move said) and its drawing (its turn screens and a
review's step). Nothing here names a game: the game's definition is asked through the kit's
protocol (its records, its seats, its computer).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Generic, Protocol, TypeVar, cast

from ..kit.common import AcceptDraw, OfferDraw, Pass, Resign
from ..kit.jsontext import JSONValue
from ..kit.protocol import Computer, GameRecord, State
from ..kit.records import COMPUTER_KEY, seats_of
from ..kit.turns import PLAYERS, Played
from .drafts import Context, Draft, PlayModel
from .html import El
from .kind import Choice, FieldSpec, KindBase, PublicField, ReviewStep, SaveError, Taps
from .names import Names
from .open_board import DISCS, Travelled
from .open_table import SIDES, MoveWords, end_text, played_text
from .path_draft import path_taps
from .render import Frame
from .savefile import legacy_names
from .words import _

SEATING_KEY, CONFIRM_KEY = "seating", "confirm"  # a page before version 3 kept them in the record


def first_field() -> FieldSpec:
    """Who starts: drawn at random (K0), or chosen."""
    return FieldSpec("first", _("Who starts"), "random", (
        Choice("random", _("Drawn at random")),
        *(Choice(p.value, _("{name} starts").format(name=SIDES[p.value])) for p in PLAYERS)))


class Staged(Protocol):
    @property
    def setting_up(self) -> bool: ...  # the players are setting up (no numbered turn yet)


class Numbered(Protocol):
    @property
    def turn(self) -> int: ...  # an action's place in the game (every action counts)


class TurnSeat(Protocol):
    """What :meth:`OpenKind.seat_turn` reads of a seat (the kit's open seats answer it)."""

    @property
    def position(self) -> Staged: ...
    @property
    def outcome(self) -> object: ...
    @property
    def last(self) -> Numbered | None: ...


class OpenState(State[object, object], Protocol):
    """What the shared kind asks of an open game's state (the kit's ``TurnState`` answers it)."""

    @property
    def position(self) -> Staged: ...
    @property
    def turns(self) -> int: ...  # the numbered actions taken (setups are none)


S = TypeVar("S", bound=OpenState)
SeatT = TypeVar("SeatT", bound="TurnSeat")  # the game's seat
OptionsT = TypeVar("OptionsT")  # the game's options
O_contra = TypeVar("O_contra", contravariant=True)
M = TypeVar("M", bound=PlayModel)  # the game's screen models (its drafts')
M_contra = TypeVar("M_contra", bound=PlayModel, contravariant=True)


class OpenGame(Protocol[S, O_contra]):
    """What the shared kind asks of an open game's definition (the kit's ``TurnGame``)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def players(self) -> tuple[str, str]: ...
    @property
    def levels(self) -> tuple[str, ...]: ...
    @property
    def name_max(self) -> int: ...

    def new(self, options: O_contra | None = None, names: Mapping[str, str | None] | None = None) -> S: ...
    def record(self, state: S) -> GameRecord[S]: ...
    def parse_record(self, data: object) -> GameRecord[S]: ...
    def computer(self, level: str, seed: int | str) -> Computer: ...


class Views(MoveWords, Protocol[M_contra, S]):
    """An open game's own drawing and words: its ``views`` module."""

    OWN_ENDS: dict[str, str]  # the game's wins in words: "{winner} wins: …", by the end's code
    def render_play(self, model: M_contra, frame: Frame) -> El: ...
    def render_review(self, step: ReviewStep[S], frame: Frame) -> El: ...
    def start_text(self, state: S) -> str: ...  # a review's first step


class OpenKind(KindBase[S, SeatT], Generic[S, SeatT, OptionsT, M]):
    """A game of the kit's open kind at the table: ``S`` its state, ``SeatT`` its seat,
    ``OptionsT`` its options and ``M`` its drafts' models. A subclass sets ``game`` (the game's
    definition), ``fields``, ``rules_url``, ``about``, ``public``, its ``views`` module (its
    screens and words) and its ``turn_draft``, and implements :meth:`options` (and
    :meth:`move_taps` where an action has no ``path``)."""

    game: OpenGame[S, OptionsT]
    turn_draft: Callable[[SeatT, Context], Draft[object, SeatT, M]]  # the game's turn draft (its class)
    fields: tuple[FieldSpec, ...]
    views: Views[M, S]
    sides = SIDES
    symbols = DISCS  # the two-sided discs every open game's pieces are
    curtain = False  # play hides nothing (a game with a secret setup says so in :meth:`hidden`)
    rng = random.Random()  # draws the starting player (K0)

    def options(self, values: Mapping[str, str], first: str) -> OptionsT:
        """The game's options from the start form's ``values`` (ValueError, in words, when one
        is wrong); ``first``: the player who starts."""
        raise NotImplementedError

    def draft(self, seat: SeatT, context: Context) -> Draft[object, SeatT, M]:
        """A player's turn (a game with a setup of its own adds that)."""
        return self.turn_draft(seat, context)

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> S:
        first = values.get("first", "random")
        if first not in SIDES:
            first = self.rng.choice(tuple(SIDES))
        return self.game.new(self.options(values, first), dict(names))

    def hidden(self, state: S) -> bool:
        return False  # everything is public (a game with a secret setup says when it is not)

    def turn(self, state: S) -> int | None:
        """Each player's first move is turn 1: the numbered actions by twos, from the start."""
        if state.position.setting_up and state.outcome is None:
            return None
        return (state.turns + 1) // 2 if state.outcome is not None else state.turns // 2 + 1

    def outcome_text(self, state: S, names: Names) -> str:
        o = state.outcome
        if o is None:
            return _("In progress: {name} to move.").format(name=names[str(state.to_play)])
        winner = None if o.winner is None else str(o.winner)
        return end_text(o.reason.value, winner, names, self.views.OWN_ENDS)

    def taps(self, action: object, seat: SeatT) -> Taps:
        """K0's own actions as the open table's buttons; a draw offered with a move, its toggle
        first; the game's own moves by :meth:`move_taps`."""
        if isinstance(action, Resign):
            return (("resign", None), ("resign-confirm", None))
        if isinstance(action, AcceptDraw):
            return (("accept-draw", None),)
        if isinstance(action, Pass):
            return (("pass", None),)
        if isinstance(action, OfferDraw):
            return (("offer-draw", "on"), *self.move_taps(action.action, seat))
        return self.move_taps(action, seat)

    def move_taps(self, action: object, seat: SeatT) -> Taps:
        """The taps of one of the game's own actions (a move, a setup), its confirmation too."""
        assert isinstance(action, Travelled)
        return path_taps(*action.path)

    def embed(self, state: S, event: str) -> Mapping[str, JSONValue]:
        """The game's public fields of an event: the options ``public`` names as the game
        starts (as its record writes them), how it ended."""
        if event == "game-started":
            options = self.game.record(state).to_json().get("options", {})
            return {k: v for k, v in options.items() if k in self.public.get(event, {})}
        if event == "game-over" and state.outcome is not None:
            return {"end": state.outcome.reason.value}
        return {}

    def render_play(self, model: PlayModel, frame: Frame) -> El:
        return self.views.render_play(cast(M, model), frame)  # (the model of this game's draft)

    def review(self, step: ReviewStep[S], frame: Frame) -> El:
        return self.views.render_review(step, frame)

    def step_text(self, step: ReviewStep[S]) -> str:
        if not isinstance(step.entry, Played):
            return self.views.start_text(step.state)
        return played_text(step.entry, step.names, self.views.moved_text)

    def upgrade(self, data: dict[str, object]) -> dict[str, object]:
        """A save of a page before version 3: the table's keys were in the record's options."""
        record = data.get("record")
        if data.get("version") != 1 or not isinstance(record, dict):
            raise SaveError(_("The saved game has an unknown format."))
        options = record.get("options")
        extra = dict(options) if isinstance(options, dict) else {}
        computer = seats_of(extra.get(COMPUTER_KEY))
        players = record.get("players")
        if isinstance(players, dict):  # its names: a word of the page was stored as one then
            kept = legacy_names(players, computer)
            record = {**record, "players": {p: {"name": n} for p, n in kept.items() if n}}
        table = {"computer": dict(computer), "seating": extra.get(SEATING_KEY, "passing"),
                 "confirm": extra.get(CONFIRM_KEY) is True}
        return {"app": data["app"], "version": 3, "record": record, "table": table,
                "form": self.form_of(record)}

    def form_of(self, record: Mapping[str, JSONValue]) -> dict[str, str]:
        """The start form's values a recorded game began with (a save before version 3): who
        started, and each field of the form that its record's options hold by its name."""
        first, options = record.get("first"), record.get("options")
        options = options if isinstance(options, dict) else {}
        named = {f.name: options[f.name] for f in self.fields if f.name in options}
        return {**({"first": first} if isinstance(first, str) else {}),
                **{k: str(v) for k, v in named.items() if isinstance(v, str) or type(v) is int}}


    def seat_turn(self, seat: SeatT) -> int | None:
        """:meth:`turn` from a seat: the seat's last action of play counts every action."""
        if seat.position.setting_up and seat.outcome is None:
            return None
        played = seat.last.turn if seat.last is not None else 0
        return (played + 1) // 2 if seat.outcome is not None else played // 2 + 1

    def invitation_form(self, options: Mapping[str, JSONValue]) -> dict[str, str]:
        return self.form_of({"first": options.get("first"), "options": dict(options)})


def public_end(endings: Iterable[Enum]) -> dict[str, dict[str, PublicField]]:
    """The embed fields of an open game's end: the record's word for how it ended."""
    return {"game-over": {"end": PublicField(tuple(e.value for e in endings), required=True)}}
