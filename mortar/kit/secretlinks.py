"""What a device knows of a game whose secrets stay on the device (Mortar Hunt, Maršál a Špión),
in the part such games write alike, and when its end can be verified; each game's ``links``
package adds its rules.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from .link import LinkCode
from .records import names_refusal
from .remote.verdicts import Rejection, Verification, Verified

PlayerT = TypeVar("PlayerT", bound=StrEnum)


class SecretKnowledge(Generic[PlayerT]):
    """A device's knowledge (:class:`mortar.kit.gamelinks.Knowledge`): the players' names, the
    steps still to send, and the refusal to take its player's own steps from another device (the
    secrets that made them are not here)."""

    name_shortest: ClassVar[int] = 0  # characters of a player's name
    name_longest: ClassVar[int]
    kept: ClassVar[str]  # where this player's secrets are, in words ("its army is there")

    def __init__(self, players: Sequence[PlayerT], names: Mapping[str, str | None], side: PlayerT,
                 secret: bytes, game_id: str) -> None:
        self.names: dict[PlayerT, str | None] = {p: names.get(p) for p in players}
        self.check_names(self.names)
        self.side = side
        self.secret, self.game_id = secret, game_id
        self.over = False
        self.theirs: Mapping[str, Any] | None = None  # the other device's openings
        self.outbox: list[dict[str, Any]] = []

    def check_names(self, names: Mapping[PlayerT, str | None]) -> None:
        """:class:`ValueError` for names the game cannot take."""
        for name in names.values():
            if name is not None and not self.name_shortest <= len(name) <= self.name_longest:
                span = (f"{self.name_shortest} to {self.name_longest}" if self.name_shortest
                        else f"at most {self.name_longest}")
                raise ValueError(f"a player's name has {span} characters")
        refusal = names_refusal({p.value: name for p, name in names.items()})
        if refusal:
            raise ValueError(refusal)

    def name(self, side: str, name: str | None) -> None:
        names = {**self.names, type(self.side)(side): name}
        self.check_names(names)
        self.names = names

    def take_outbox(self) -> list[dict[str, Any]]:
        out, self.outbox = self.outbox, []
        return out

    def adopt(self, steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        raise Rejection(LinkCode.OWN_SECRETS, f"this player's link was made on another device: {self.kept}")


def awaiting_openings(players: Sequence[PlayerT], opened: Collection[PlayerT]) -> Verification | None:
    """The end not verifiable yet (still playing; not yet, openings missing), or None: replay it."""
    missing = tuple(p.value for p in players if p not in opened)
    if len(missing) == len(players):
        return Verification(Verified.PLAYING)
    return Verification(Verified.NOT_YET, missing=missing) if missing else None
