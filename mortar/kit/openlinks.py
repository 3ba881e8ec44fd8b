"""Play by links of an open game (KARO K0: everything public): each device holds the whole game,
a step is an action as the game's record writes it (``GameDef.action_json``), and the device
that receives it applies it through the engine, which refuses an illegal one.

:class:`OpenKnowledge` is one device's (or an onlooker's) whole game; :class:`OpenLinks` is the
open games' :class:`mortar.kit.remote.GameLinks` (``TurnGame.links()``). A game with one secret
in an open game (Hopper and Sneaker's secret arrangement) subclasses both in its own package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Self

from .link import LinkCode, Message
from .protocol import IllegalActionError
from .records import RecordError, quote_json
from .remote import Lie, LieCode, Rejection, RemoteRuling, Verification, Verified
from .steps import ACTIONS_PER_STEP, Steps
from .turns import PLAYERS, Player

if TYPE_CHECKING:  # (the game makes its links: a type only)
    from .turnrecord import TurnGame


class OpenKnowledge:
    """The whole game, as every device and any onlooker may know it."""

    def __init__(self, game: TurnGame[Any, Any], options: Any, names: Mapping[str, str | None],
                 side: str | None) -> None:
        self.game = game
        self.side = None if side is None else Player(side)
        self.state: Any = game.new(options, names)  # the game's State (a TurnState with a seat)
        self.outbox: list[dict[str, Any]] = []

    def copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.state = self.state.copy()
        other.outbox = list(self.outbox)
        return other

    @property
    def acting(self) -> str | None:
        return None if self.state.to_play is None else self.state.to_play.value

    @property
    def over(self) -> bool:
        return self.state.outcome is not None

    @property
    def settled(self) -> bool:
        return self.over

    @property
    def outcome(self) -> Any:
        return self.state.outcome

    def seat(self) -> Any:
        if self.side is None:
            raise ValueError("an onlooker has no seat")
        return self.state.seat(self.side)

    def name(self, side: str, name: str | None) -> None:
        names = {**self.state.names, side: name}
        self.game.new(self.state.options, names)  # raises ValueError for names a game cannot take
        self.state.names = names

    def take_outbox(self) -> list[dict[str, Any]]:
        out, self.outbox = self.outbox, []
        return out

    # --- this device's player ---------------------------------------------------------------

    def play(self, action: Any) -> None:
        refusal = self.seat().refusal(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        self.state.apply(action)
        self.outbox.append(self.game.action_json(action))

    def adopt(self, steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """This player's own actions, played on another device: public, so taken as they are."""
        if self.side is None:
            raise Rejection(LinkCode.OWN_SECRETS, "an onlooker plays no side")
        self.receive(self.side.value, steps)
        return [dict(step) for step in steps]

    # --- the other device's -------------------------------------------------------------------

    def receive(self, sender: str, steps: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]:
        drew = []
        for step in steps:
            drew.append(self.receive_action(sender, step))
        return tuple(drew)

    def receive_action(self, sender: str, step: Mapping[str, Any]) -> Any:
        """One action of ``sender``'s in the record's notation, applied; :class:`Rejection` when
        it is none, or illegal (the engine's refusal, and the verdict on the sender's device)."""
        action = self.read_action(sender, step)
        refusal = self.state.seat(Player(sender)).refusal(action)
        if refusal is not None:
            raise illegal(sender, self.state.turns + 1, refusal)
        return self.state.apply(action)

    def read_action(self, sender: str, step: Mapping[str, Any]) -> Any:
        try:
            return self.game.parse_action(dict(step), self.state.seat(Player(sender)))
        except RecordError as e:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent no action the game knows "
                                                f"({e})") from None


def illegal(sender: str, turn: int, refusal: Any) -> Rejection:
    """The rejection of an action the engine refuses: "X's device sent an illegal turn"."""
    lie = Lie(LieCode.ILLEGAL_ACTION, sender, turn,
              f"{sender}'s device sent an illegal turn at turn {turn}: {refusal.message}",
              {"reason": refusal.message})
    return Rejection(LinkCode.ILLEGAL, lie.message, refusal=refusal, lie=lie)


def other_side(players: Sequence[str], side: str) -> str:
    return players[1] if players[0] == side else players[0]


class OpenLinks:
    """The open games' part of play by links."""

    rulings: tuple[RemoteRuling, ...] = ()

    def __init__(self, game: TurnGame[Any, Any]) -> None:
        self.game = game

    def remote_options(self, options: Any) -> Any:
        return options if options is not None else self.game.default_options()

    def options_json(self, options: Any) -> dict[str, Any]:
        return {**self.game.options_json(options), **dict(options.extra), "first": options.first.value}

    def read_options(self, data: Mapping[str, Any]) -> Any:
        first = data.get("first", PLAYERS[0].value)
        if first not in self.game.players:
            raise RecordError(f"options.first must be {' or '.join(self.game.players)}, "
                              f"not {quote_json(first)}")
        known = {k: v for k, v in data.items() if k in self.game.option_keys}
        extra = {k: v for k, v in data.items() if k not in self.game.option_keys and k != "first"}
        return self.game.read_options(known, Player(first), extra)

    def knowledge(self, options: Any, names: Mapping[str, str | None], side: str | None,
                  secret: bytes, game_id: str) -> OpenKnowledge:
        return OpenKnowledge(self.game, options, names, side)

    def verifying(self, options: Any, names: Mapping[str, str | None],
                  messages: Sequence[Message]) -> Steps[Verification]:
        """Every message replayed by an onlooker, in steps: each action through the engine."""
        onlooker = self.knowledge(options, names, None, b"", messages[0].game_id if messages else "")
        for number, message in enumerate(messages):
            try:
                onlooker.receive(message.sender, message.steps)
            except Rejection as e:
                lie = e.lie or Lie(LieCode.ILLEGAL_ACTION, message.sender, onlooker.state.turns + 1, str(e))
                return Verification(Verified.LIE, lie, None, other_side(self.game.players, lie.player))
            except IllegalActionError as e:  # a step that is no action of the sender's now
                lie = Lie(LieCode.ILLEGAL_ACTION, message.sender, onlooker.state.turns + 1, str(e))
                return Verification(Verified.LIE, lie, None, other_side(self.game.players, lie.player))
            if number % ACTIONS_PER_STEP == ACTIONS_PER_STEP - 1:
                yield
        record = self.game.record(onlooker.state)
        outcome = onlooker.state.outcome
        if outcome is None:
            return Verification(Verified.PLAYING, None, record, state=onlooker.state)
        winner = None if outcome.winner is None else outcome.winner.value
        return Verification(Verified.VERIFIED, None, record, winner, state=onlooker.state)
