"""Mortar Hunt played by links (issue 31): each device holds only its own pieces, sends what
RULINGS R12 makes public, and commits to everything else, so that no lie goes uncaught.

What a device's link carries, step by step:

* its placement: ``{"placed": C}``, a commitment to its three positions and types (R3);
* a turn: ``{"shot": "G3" | null, "commit": C}``, the target or no shot (public: R7, R8) and a
  commitment to the mover's whole hidden state after its move (positions, facings, types with
  the secret loadout, which pieces live) -- every turn, since it changes every turn; a sacrifice:
  ``{"sacrifice": "C4", "commit": C}`` (its square is public: R9); ``{"resign": true}``;
* the answer to the other's last shot, first in its next link: ``{"answer": "hit" | "miss"}``
  (the shooter learns the result one link later, before its own next move). A hit that destroys
  the last piece ends the game on the defender's device at once, and its link carries the end;
* at the end, its openings: ``{"openings": {"secret", "setup", "pieces", "turns"}}``: the device's
  secret (every salt follows from it, :mod:`mortar.kit.commitment`), its placement and every turn
  it played in the record's notation.

A device checks at once what is public: an obligation to shoot (R8, from the skips), a target in
its own half (R6), a square shot twice (R11), a sacrifice when none is due, a hit on a wreck.
Whether a move was legal, whether the firing piece could reach its target, whether a sacrifice
was forced (R9) and whether a move crossed a crater (R11) are hidden when played and checked at
the end, when :func:`verifying` replays the whole game with both devices' secrets and checks
every commitment, hidden move, shot and answer. A lie loses the game.

The device's side is :mod:`.device` (:class:`~.device.HuntKnowledge`), the end verified
:mod:`.verify`; both are loaded with the first game by links.
"""


from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from ....kit import commitment
from ....kit.link import Message
from ....kit.records import RecordError
from ....kit.remote.verdicts import RemoteRuling, Verification
from ....kit.steps import Steps
from ..actions import Action, Move, Resign, Sacrifice, Shot, Turn
from ..notation import Position, Square
from ..rules import (
    Loadout,
    Options,
    PieceType,
    Variant,
)

if TYPE_CHECKING:
    from .device import HuntKnowledge


class HuntLie(Enum):
    """Mortar Hunt's lies, beside the kit's (:class:`mortar.kit.remote.verdicts.LieCode`)."""

    FALSE_MISS = "false miss"  # a miss answered where a piece stood
    FALSE_HIT = "false hit"  # a hit answered where none stood
    ILLEGAL_HIDDEN_MOVE = "illegal hidden move"  # R5, R8, R11
    OUT_OF_REACH = "out of reach"  # a shot the firing piece could not make (R6)
    SKIPPED_SACRIFICE = "skipped sacrifice"  # a turn played where a sacrifice was due (R9)
    SACRIFICE_NOT_DUE = "sacrifice not due"  # R9
    CHANGED_SETUP = "changed setup"  # a placement or loadout opened other than committed
    ILLEGAL_SETUP = "illegal setup"  # R1, R3
    OTHER_TURN = "other turn"  # a turn opened other than the one the link said (its target)


def context(game_id: str, player: str, number: int) -> str:
    """What commitment ``number`` of ``player`` is for: 0 the placement, then each own turn."""
    return f"{game_id}/mortar-hunt/{player}/{number}"


def hidden_facts(positions: Sequence[int], types: Sequence[PieceType], alive: Sequence[bool]) -> bytes:
    """A side's whole hidden state as the bytes its commitments cover: ``C3/N:HM:1 …``."""
    pieces = zip(positions, types, alive)
    return " ".join(f"{Position.at(p)}:{t.name}:{int(a)}" for p, t, a in pieces).encode()



# A turn in the openings: two bytes (a game of a thousand turns must open in one link). The
# target of a shot is not packed: its link said it already.
_TURN, _SACRIFICE, _RESIGN = 0, 1, 2


def pack_turns(turns: Sequence[Action]) -> str:
    """Own turns as base64url, two bytes each: kind (2 bits), firing piece (2: 0 for no shot),
    piece (2), and the moved piece's end position (10: ``Position.index``)."""
    out = bytearray()
    for action in turns:
        if isinstance(action, Resign):
            value = _RESIGN << 14
        elif isinstance(action, Sacrifice):
            value = _SACRIFICE << 14 | (action.piece & 3) << 10
        else:
            assert isinstance(action, Turn)
            firer = 0 if action.shot is None else action.shot.piece & 3
            value = _TURN << 14 | firer << 12 | (action.move.piece & 3) << 10 | action.move.to.index
        out += value.to_bytes(2, "big")
    return commitment.to_text(bytes(out))


def unpack_turns(text: Any, said: Sequence[Mapping[str, Any]]) -> list[Action]:
    """The turns of :func:`pack_turns`, each shot's target taken from what its link ``said``;
    ValueError for anything that is not such turns."""
    if not isinstance(text, str) or len(text) > 4 * len(said) + 4:
        raise ValueError("not the packed turns of this game")
    data = commitment.from_text(text, len(text) * 3 // 4)
    if len(data) != 2 * len(said):
        raise ValueError(f"{len(data) // 2} turns opened for {len(said)} played")
    out: list[Action] = []
    for i, step in enumerate(said):
        value = int.from_bytes(data[2 * i:2 * i + 2], "big")
        kind, firer, piece, index = value >> 14, value >> 12 & 3, value >> 10 & 3, value & 1023
        if kind == _RESIGN:
            out.append(Resign())
        elif kind == _SACRIFICE:
            out.append(Sacrifice(piece))
        elif kind == _TURN and index < len(Position._all):
            target = step.get("shot")
            shot = Shot(firer, Square.parse(target)) if firer and isinstance(target, str) else None
            if firer and shot is None:
                shot = Shot(firer, Square.at(0))  # a shot where the link said none: found as another turn
            out.append(Turn(Move(piece, Position.at(index)), shot))
        else:
            raise ValueError("not a turn")
    return out


class HuntLinks:
    """Mortar Hunt's part of play by links."""

    rulings: tuple[RemoteRuling, ...] = ()

    def remote_options(self, options: Any) -> Options:
        return options if options is not None else Options()

    def options_json(self, options: Options) -> dict[str, Any]:
        return {"variant": options.variant.value, "turn_limit": options.turn_limit,
                "loadout": options.loadout.value}

    def read_options(self, data: Mapping[str, Any]) -> Options:
        try:
            variant = Variant(data.get("variant", "classic"))
            loadout = Loadout(data.get("loadout", "HM"))
            return Options(variant, data.get("turn_limit"), loadout)
        except (ValueError, TypeError) as e:
            raise RecordError(f"the options are not Mortar Hunt's ({e})") from None

    def knowledge(self, options: Options, names: Mapping[str, str | None], side: str | None,
                  secret: bytes, game_id: str) -> HuntKnowledge:
        from .device import HuntKnowledge

        if side is None:
            raise ValueError("an onlooker of Mortar Hunt verifies the whole game at its end")
        return HuntKnowledge(options, names, side, secret, game_id)

    def verifying(self, options: Options, names: Mapping[str, str | None],
                  messages: Sequence[Message]) -> Steps[Verification]:
        from .verify import verifying

        return verifying(options, names, messages)
