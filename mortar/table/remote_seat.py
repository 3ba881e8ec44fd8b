"""A game by links as this device keeps it (:mod:`.remote` plays it at the table): its save
(:class:`RemoteSlot`, written by :meth:`RemoteSeat.save_text` and read back by :func:`loading`),
the lists' entries read from the saves alone (:class:`Listed`), this device's side of one game
(:class:`RemoteSeat`) and an invitation opened before its player joins (:class:`Joining`).

Each game by links has its own save (several at once), written before its link is shown:
``<game>/remote/<id>``, listed (your turn first) on the start screen and in the box's picker
(static/boot.js reads each save's ``list``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..kit.jsontext import JSONTextError, loads
from ..kit.protocol import AnyState
from ..kit.steps import Steps
from .kind import GameKind, S, SeatT, TableFacts
from .review import Review
from .saves import SaveConflict, SaveSlot, Storage
from .words import _

if TYPE_CHECKING:
    from ..kit.link import Invitation
    from ..kit.remote import RemoteGame, Status

FORMAT = "remote-seat/1"
PREFIX = "/remote/"  # a game by links is saved under "<game>/remote/<its id>"


def plays_by_links(game: object) -> bool:
    """The game has its part of play by links (``GameDef.links``; the test-only game has none)."""
    return callable(getattr(game, "links", None))


def slot_key(game: str, game_id: str) -> str:
    return f"{game}{PREFIX}{game_id}"


class RemoteSlot(SaveSlot):
    """A game by links' save. A write the browser refuses keeps the older save: the link of what
    was not saved is never shown, so the older game is still the one both devices know (the
    table's slot, whose player has seen what came after, leaves a tombstone instead)."""

    def write(self, text: str, *, replace: bool = False) -> None:
        if not replace and self.stale():
            raise SaveConflict(self.key)
        self.failed = not self._set(text)
        if not self.failed:
            self.known = text


@dataclass
class Listed:
    """A saved game by links as the lists show it, read from its save's ``list`` alone."""

    key: str
    game_id: str
    status: Status
    opponent: str | None  # the other player's name, None before the join (or none given)
    side: str  # this device's player
    turn: int | None
    when: float | None  # when the other's last link was opened here (else the game began), s

    @property
    def yours(self) -> bool:
        from ..kit.remote import Status

        return self.status is Status.YOUR_TURN


def listed(storage: Storage, game: str) -> list[Listed]:
    """Every game by links of ``game`` saved here, this device's turn first, then the latest."""
    keys: Callable[[], Iterator[str]] | None = getattr(storage, "keys", None)
    out = []
    for key in list(keys()) if keys is not None else []:
        if not key.startswith(game + PREFIX):
            continue
        from ..kit.remote import Status  # (a game by links is saved here: its archive is wanted)

        try:
            data = loads(storage.get(key) or "")
            entry = data.get("list") if isinstance(data, dict) else None
            if not isinstance(entry, dict):
                continue  # (a damaged save is left as it is: it cannot be listed)
            opponent, turn, when = entry.get("opponent"), entry.get("turn"), entry.get("when")
            out.append(Listed(key, key[len(game + PREFIX):], Status(entry["status"]),
                              opponent if isinstance(opponent, str) else None, str(entry["side"]),
                              turn if isinstance(turn, int) else None,
                              when if isinstance(when, int | float) else None))
        except (JSONTextError, KeyError, TypeError, ValueError):
            continue
    out.sort(key=lambda g: (not g.yours, -(g.when or 0)))
    return out


@dataclass
class RemoteSeat:
    """This device's side of one game by links at the table: the kit's game, its save slot, when
    the other's last link came, and whether every step is confirmed with a button."""

    game: RemoteGame
    slot: RemoteSlot
    when: float
    confirm: bool = False
    whole: bool = False  # the waiting screen shows the whole game's link instead of the last
    review: Review[AnyState, object] | None = None  # the verified end, reviewed

    @property
    def side(self) -> str:
        return self.game.side

    @property
    def opponent(self) -> str:
        return self.game.opponent

    def facts(self) -> TableFacts:
        return TableFacts(confirm=self.confirm)

    def save_text(self, kind: GameKind[S, SeatT]) -> str:
        from ..kit.remote import Status

        seat = self.game.seat()
        status = self.game.status
        data = {"app": kind.game.name, "format": FORMAT, "confirm": self.confirm,
                "list": {"status": status.value, "opponent": self.game.names.get(self.opponent),
                         "side": self.side, "turn": kind.seat_turn(seat), "when": self.when,
                         "over": status not in (Status.YOUR_TURN, Status.WAITING)},
                "game": self.game.save()}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def loading(kind: GameKind[S, SeatT], slot: RemoteSlot) -> Steps[RemoteSeat]:
    """A saved game by links read and replayed, in steps (:class:`LoadError` says why not)."""
    from ..kit.remote import LoadError, RemoteGame

    text = slot.read()
    try:
        data = loads(text or "")
        if not isinstance(data, dict) or data.get("format") != FORMAT \
                or not isinstance(data.get("game"), str):
            raise LoadError("not a saved game by links")
        when = float(data["list"]["when"])
    except (JSONTextError, KeyError, TypeError, ValueError):
        raise LoadError(_("This game by links cannot be resumed: its save is damaged.")) from None
    game = yield from RemoteGame.loading(kind.game, data["game"])
    return RemoteSeat(game, slot, when, data.get("confirm") is True)


@dataclass
class Joining:
    """An invitation opened on this device, before its player joins."""

    text: str
    invitation: Invitation
    game_id: str




def wall_clock() -> float:
    return time.time()
