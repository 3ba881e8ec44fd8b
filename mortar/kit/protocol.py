"""The game protocol: what every engine of the box implements (in the spirit of OpenSpiel's
``State`` and python-chess's ``Board``), and the values it answers with.

An engine owns every rule of its game. It answers two questions, and the table, the pages and
the computers ask nothing else:

* *what may this player do now* -- :meth:`State.legal_actions`, :meth:`State.refusal`;
* *what may this player know* -- :meth:`State.seat`, a :class:`Seat`: an immutable account of
  one player's knowledge with that player's own questions, answered from the seat alone.

A game is described once by a :class:`GameDef` (its name, players, record format, how to start
and how to read a record: fixed parameters apart from the state); a :class:`State` is one game
being played, changed only by :meth:`State.apply`, which applies a whole legal action or raises
:class:`IllegalActionError` and changes nothing. Refusals carry a code (an enum of the game's
own) beside the plain words, so that a screen can react without reading the words.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar, runtime_checkable

if TYPE_CHECKING:  # remote imports this module
    import argparse

    from .gamelinks import GameLinks


@dataclass(frozen=True)
class Refusal:
    """Why an action is refused: a code to react on (an enum of the game's own) and the reason
    in plain words."""

    code: Enum
    message: str

    def __str__(self) -> str:
        return self.message


class IllegalActionError(ValueError):
    """An action the rules do not allow now. The message says why in plain words; ``refusal``
    carries it with its code."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal


class Outcome(Protocol):
    """How a game ended (python-chess's ``Outcome``): ``winner`` None is a draw, ``reason`` the
    game's own termination enum (a ``StrEnum``: its value is the record's word for it)."""

    @property
    def winner(self) -> str | None: ...
    @property
    def reason(self) -> Enum: ...
    @property
    def turns(self) -> int: ...


ActionT = TypeVar("ActionT")
ActionT_co = TypeVar("ActionT_co", covariant=True)
SeatT_co = TypeVar("SeatT_co", covariant=True)
StateT = TypeVar("StateT", bound="State[Any, Any]")
StateT_co = TypeVar("StateT_co", covariant=True)
OptionsT_contra = TypeVar("OptionsT_contra", contravariant=True)


class Seat(Protocol[ActionT_co]):
    """What one player may know now, and that player's questions. Immutable; two games that
    differ only in what this player may not know give equal seats (``==`` and ``hash``), so a
    computer that decides from a seat cannot act on a hidden fact."""

    @property
    def player(self) -> str: ...
    @property
    def to_play(self) -> str | None: ...
    @property
    def outcome(self) -> Outcome | None: ...

    def legal_actions(self) -> Sequence[ActionT_co]:
        """Every legal action of play of this seat's player when that player is to act: what a
        search weighs. Resigning, and a draw offered with an action (:class:`mortar.kit.common.
        OfferDraw`), are legal where the game has them but not listed; accepting a pending offer
        and the forced pass are. A setup too large to list (40 hidden pieces) is left out:
        :meth:`random_action` still answers there."""
        ...

    def refusal(self, action: Any) -> Refusal | None:
        """Why ``action`` may not be this seat's action now, or None when it may."""
        ...

    def random_action(self, rng: random.Random) -> ActionT_co:
        """A legal action of play (or a setup) at random, never resigning or a draw offer: what
        a random player and the random-playout tests use."""
        ...


class State(Protocol[ActionT, SeatT_co]):
    """One game being played: the whole truth, both players' secrets included."""

    history: list[Any]  # what happened, one entry per applied action (append-only)

    @property
    def to_play(self) -> str | None:
        """The player to act, or None once the game is over."""
        ...

    @property
    def outcome(self) -> Outcome | None: ...

    def legal_actions(self) -> Sequence[ActionT]: ...
    def refusal(self, action: Any) -> Refusal | None: ...

    def apply(self, action: ActionT) -> Any:
        """Apply a whole legal action of the player to act (a setup included) and return its
        history entry; or raise :class:`IllegalActionError` and change nothing."""
        ...

    def seat(self, player: str) -> SeatT_co: ...
    def copy(self) -> Self: ...


# Some game's state, whatever its actions and seats: what code that seats any game (the table,
# the replay of any record) is generic over.
AnyState = State[Any, Any]


class Computer(Protocol):
    """A computer player: decides from a seat alone, never from the state."""

    def choose(self, seat: Any) -> Any: ...


class GameRecord(Protocol[StateT_co]):
    """A game written down (each game's RECORD.md): options, names, setups, actions, and the
    seats a computer played (``computer``: player -> level, kept where the game's RECORD.md
    lets a table note them)."""

    computer: dict[str, str]

    @property
    def names(self) -> Mapping[str, str | None]: ...

    def to_json(self) -> dict[str, Any]:
        """The record as JSON data (``save`` is its canonical text)."""
        ...

    def replaying(self) -> Iterator[StateT_co]:
        """The game step by step: one state, yielded once set up and after each action (changed
        in place between yields). Raises :class:`mortar.kit.records.RecordIllegalError` at
        the first action that breaks a rule."""
        ...

    def actions(self) -> Sequence[Any]:
        """The recorded actions, in play order, as the state's own action values."""
        ...

    def save(self) -> str:
        """Canonical JSON text: ``parse(save())`` gives an equal record."""
        ...


class GameDef(Protocol[OptionsT_contra, StateT]):
    """A game of the box, described once: its fixed parameters, how a game starts, how it is
    written down and judged, and its computer players (OpenSpiel's ``Game``)."""

    name: str  # "mortar-hunt": the registry key, save slot and file-name prefix
    title: str  # "Mortar Hunt"
    players: tuple[str, str]  # in turn order of the record ("A", "B"; "Red", "Blue")
    record_format: str  # "mortar-hunt/1"
    levels: tuple[str, ...]  # the computer's levels, weakest first
    name_max: int  # the longest name a record keeps

    def new(self, options: OptionsT_contra | None = None,
            names: Mapping[str, str | None] | None = None) -> StateT: ...

    def record(self, state: StateT) -> GameRecord[StateT]: ...

    def parse_record(self, data: Any) -> GameRecord[StateT]:
        """A record from decoded JSON (:func:`mortar.kit.jsontext.loads`); raises
        :class:`mortar.kit.records.RecordError` when it is not one."""
        ...

    def verdict(self, record: GameRecord[StateT]) -> Any:
        """The referee's :class:`mortar.kit.records.Verdict` of a parsed record."""
        ...

    def computer(self, level: str, seed: int | str) -> Computer: ...

    def links(self) -> GameLinks:
        """The game's part of play by links (:mod:`mortar.kit.remote`)."""
        ...

    # The duel's line protocol (README): a seat and actions in the record's own notation.
    def seat_json(self, seat: Any) -> dict[str, Any]: ...
    def action_json(self, action: Any) -> dict[str, Any]: ...
    def parse_action(self, data: Any, seat: Any) -> Any: ...


AnyGame = GameDef[Any, AnyState]  # any game of the box (the registry's: mortar.games)
Chooser = Callable[[Any], Any]  # seat -> action


# What only some games have, asked with ``isinstance`` (the command line's duels and pads):
# a game adds the member, and nothing above the game names the game.


@runtime_checkable
class DuelOptions(Protocol):
    """A game whose duels take options of its own (Mortar Hunt's variant, loadout, turn limit)."""

    def duel_arguments(self, parser: argparse.ArgumentParser) -> None: ...
    def duel_options(self, args: argparse.Namespace) -> Any: ...
    def describe(self, options: Any) -> str: ...


@runtime_checkable
class DuelStart(Protocol):
    """A game whose duels start from setups the runner draws (Mortar Hunt's placements, the
    KARO games' arrangements): each pair plays the same start twice, seats swapped."""

    def duel_start(self, options: Any, rng: random.Random) -> Any: ...


@runtime_checkable
class Pads(Protocol):
    """A game whose players keep pads (Mortar Hunt, RECORD.md ``pad``)."""

    def pads(self, record: Any, player: str | None = None) -> tuple[str, str | None]:
        """The pads as text up to the first illegal action, and what was illegal (None when
        nothing was)."""
        ...
