"""What a game adds to play by links, for the type checker: :class:`GameLinks` (``GameDef.links()``)
says how options travel and makes a :class:`Knowledge`, what one device knows of the game and what
its steps say. The device's side, the same for every game, is :mod:`mortar.kit.remote`; the
verdicts a game's checks give are :mod:`mortar.kit.remote.verdicts`.

Games implement these protocols without naming them, so nothing imports this module when the box
runs (only under ``TYPE_CHECKING``) and no archive of the page ships it (tools/imports.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, Self

if TYPE_CHECKING:
    from .link import Message
    from .remote.verdicts import RemoteRuling, Verification
    from .steps import Steps


class Knowledge(Protocol):
    """What one device knows of a game played by links, and what its steps say.

    ``side`` is the device's player (None: an onlooker, who is sent every message). ``acting``
    is the side whose device acts next (to play, or to send what the game needs), None once
    nothing is due; ``over``: the game has ended as far as this device knows; ``settled``: it
    has, and every secret is open, so the end can be verified.

    :meth:`play` takes an action of ``side``'s player (raising :class:`IllegalActionError` with
    the engine's refusal) and queues its steps; :meth:`receive` takes the other's steps
    (raising :class:`Rejection`), queues what answers them, and returns what it drew: the other's
    actions as this device's seat knows them. Both may queue what the rules then make due (an
    answer, the openings at the end): :meth:`take_outbox` gives every queued step, once."""

    @property
    def side(self) -> str | None: ...
    @property
    def acting(self) -> str | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def settled(self) -> bool: ...
    @property
    def outcome(self) -> Any: ...

    def seat(self) -> Any: ...
    def name(self, side: str, name: str | None) -> None: ...
    def play(self, action: Any) -> None: ...
    def receive(self, sender: str, steps: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]: ...
    def take_outbox(self) -> list[dict[str, Any]]: ...
    def copy(self) -> Self: ...

    def adopt(self, steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """``side``'s own steps made on another device, applied where they hold no secret; the
        actions that make them again. :class:`Rejection` (``OWN_SECRETS``) where they do."""
        ...


class GameLinks(Protocol):
    """A game's part of play by links (``GameDef.links()``)."""

    rulings: tuple[RemoteRuling, ...]

    def remote_options(self, options: Any) -> Any:
        """The options a game by links is played with (what ``rulings`` change)."""
        ...

    def options_json(self, options: Any) -> dict[str, Any]: ...

    def read_options(self, data: Mapping[str, Any]) -> Any:
        """The options an invitation carries; :class:`RecordError` when they are none."""
        ...

    def knowledge(self, options: Any, names: Mapping[str, str | None], side: str | None,
                  secret: bytes, game_id: str) -> Knowledge: ...

    def verifying(self, options: Any, names: Mapping[str, str | None],
                  messages: Sequence[Message]) -> Steps[Verification]:
        """Every message of a game (its openings included) checked whole, a step at a time."""
        ...
