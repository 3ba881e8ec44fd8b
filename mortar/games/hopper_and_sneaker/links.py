"""Hopper and Sneaker played by links: an open game (:mod:`mortar.kit.openlinks`) but for the
table's secret setup (HS3), whose one secret travels as a commitment.

With the secret setup, the first to arrange sends a commitment to its arrangement (SHA-256 over
the arrangement and a 128-bit salt, :mod:`mortar.kit.commitment`) instead of the arrangement;
the second, who has seen only the commitment, arranges in the open; the first then opens its
arrangement with its first move. A device that opens another arrangement than the one it
committed to is caught (``OPENING_MISMATCH``), and the engine refuses an illegal one. Two links
before the first move, as at the table: one arrangement each.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mortar.kit import commitment
from mortar.kit.commitment import EncodingError
from mortar.kit.link import LinkCode, canonical
from mortar.kit.openlinks import OpenKnowledge, OpenLinks, illegal
from mortar.kit.protocol import IllegalActionError
from mortar.kit.records import RecordError
from mortar.kit.remote import Lie, LieCode, Rejection
from mortar.kit.turns import Player

from .actions import Options, Setup
from .board import PIECES
from .position import Position, setups
from .state import Seat


def context(game_id: str, player: Player) -> str:
    return f"{game_id}/hopper-and-sneaker/arrangement/{player.value}"


class ArrangementKnowledge(OpenKnowledge):
    """The whole game but, during a secret setup, the first player's arrangement: only its
    commitment until it is opened (the module docstring). ``committed`` is that commitment as
    this device knows it; ``own``, the first's arrangement on the first's device until opened;
    ``held``, the second's arrangement where it cannot be placed before the opening (on the
    second's device and an onlooker's)."""

    def __init__(self, game: Any, options: Options, names: Mapping[str, str | None],
                 side: str | None, secret: bytes, game_id: str) -> None:
        super().__init__(game, options, names, side)
        self.secret, self.game_id = secret, game_id
        self.first = options.first
        self.committed: bytes | None = None
        self.own: Setup | None = None
        self.held: Setup | None = None

    @property
    def acting(self) -> str | None:
        if self.held is not None:
            return self.first.value  # its opening is due
        return super().acting

    def seat(self) -> Any:
        if self.held is not None and self.side is not None:
            return self._waiting_seat(self.held)
        return super().seat()

    def _waiting_seat(self, setup: Setup) -> Seat:
        """The second's seat with its arrangement sent, the first's not yet opened: its own
        pieces on the board, the first to act."""
        cells: list[Any] = [None] * len(self.state.position.cells)
        for square, face in setup.pieces:
            cells[square.index] = PIECES[setup.player, face]
        position = Position(tuple(cells), self.first, self.state.position.hoppers)
        return Seat(setup.player, position, False, None, self.state.options)

    def _salt(self) -> bytes:
        return commitment.salt(self.secret, context(self.game_id, self.first))

    # --- this device's player ---------------------------------------------------------------

    def play(self, action: Any) -> None:
        setting_up = self.state.options.secret_setup and self.state.position.setting_up
        if not (setting_up and isinstance(action, Setup)) or (
                action.player is not self.first and self.committed is None):
            super().play(action)  # a move, or an arrangement made in the open
            return
        refusal = self.seat().refusal(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        if action.player is self.first:  # commit, and keep it to open later
            where = context(self.game_id, self.first)
            self.committed = commitment.digest(where, self._salt(), self._facts(action))
            self.state.apply(action)
            self.own = action
            self.outbox.append({"commit": commitment.to_text(self.committed)})
        else:  # in the open; placed once the first's arrangement is opened
            self.held = action
            self.outbox.append(self.game.action_json(action))

    def adopt(self, steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        if self.state.options.secret_setup and (self.state.position.setting_up or self.held is not None
                                                or any("open" in step for step in steps)):
            raise Rejection(LinkCode.OWN_SECRETS, "this player's arrangement was made on another device: "
                                                  "its secret is there")
        return super().adopt(steps)

    # --- the other device's -------------------------------------------------------------------

    def receive(self, sender: str, steps: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]:
        drew: list[Any] = []
        for step in steps:
            if "commit" in step:
                self._commitment(sender, step["commit"])
            elif "open" in step:
                drew.extend(self._opening(sender, step["open"]))
            elif self._holds(sender, step):
                self.held = self._setup(sender, step)
            else:
                drew.append(self.receive_action(sender, step))
                if self.own is not None and not self.state.position.setting_up:
                    self.outbox.append({"open": {"salt": commitment.to_text(self._salt()),
                                                 "setup": self.game.write_setup(self.own)}})
                    self.own = None  # opened with this device's next link
        return tuple(drew)

    def _holds(self, sender: str, step: Mapping[str, Any]) -> bool:
        """The second's open arrangement, which waits for the first's opening where the first's
        arrangement is only a commitment (an onlooker's device, or the second's own)."""
        return ("setup" in step and sender != self.first.value and self.committed is not None
                and self.own is None and self.state.position.setting_up and self.held is None)

    def _setup(self, sender: str, step: Mapping[str, Any]) -> Setup:
        action = self.read_action(sender, step)
        # The second's arrangement is legal whatever the first's (HS3: its own home squares).
        placeholder = self.state.copy()
        if placeholder.position.to_play is self.first:
            placeholder.apply(setups(self.first, placeholder.position.hoppers)[0])
        refusal = placeholder.seat(Player(sender)).refusal(action)
        if refusal is not None:
            raise illegal(sender, 0, refusal)
        assert isinstance(action, Setup)
        return action

    def _commitment(self, sender: str, text: Any) -> None:
        position = self.state.position
        if (sender != self.first.value or not self.state.options.secret_setup or self.committed is not None
                or not position.setting_up or position.to_play is not self.first):
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a commitment out of turn")
        try:
            self.committed = commitment.from_text(text, commitment.DIGEST_BYTES)
        except EncodingError:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a damaged commitment") from None
        if self.side is not None:  # the first's pieces stand hidden on this device's board
            self.state.apply(setups(self.first, position.hoppers)[0])

    def _opening(self, sender: str, raw: Any) -> list[Any]:
        if (sender != self.first.value or self.committed is None or self.held is None
                or not isinstance(raw, dict) or set(raw) != {"salt", "setup"}):
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device opened an arrangement out of turn")
        try:
            salt = commitment.from_text(raw["salt"], commitment.SALT_BYTES)
            setup = self.game.read_setup(self.first, raw["setup"], "setup")
        except (EncodingError, RecordError) as e:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a damaged opening ({e})") from None
        if not commitment.opens(self.committed, context(self.game_id, self.first), salt, self._facts(setup)):
            lie = Lie(LieCode.OPENING_MISMATCH, sender, 0,
                      f"{sender}'s device opened an arrangement other than the one it committed to",
                      {"arrangement": str(setup)})
            raise Rejection(LinkCode.LIE, lie.message, lie=lie)
        state = self.game.new(self.state.options, self.state.names)
        refusal = state.seat(self.first).refusal(setup)
        if refusal is not None:
            raise illegal(sender, 0, refusal)
        drew = [state.apply(setup), state.apply(self.held)]
        self.state, self.held = state, None
        return drew

    def _facts(self, setup: Setup) -> bytes:
        return canonical(self.game.write_setup(setup))


class HopperLinks(OpenLinks):
    """Hopper and Sneaker's part of play by links."""

    def knowledge(self, options: Any, names: Mapping[str, str | None], side: str | None,
                  secret: bytes, game_id: str) -> OpenKnowledge:
        if options.secret_setup:
            return ArrangementKnowledge(self.game, options, names, side, secret, game_id)
        return OpenKnowledge(self.game, options, names, side)
