"""Helpers for the tests of play by links: two devices and a postman between them, random games
through links beside the same game at one table, and links a lying device would send."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mortar.kit.commitment import to_text
from mortar.kit.link import Message, encode, pair_tag, read
from mortar.kit.remote import Applied, RemoteGame, Status


@dataclass
class Match:
    """Two devices of one game by links, and every link that went between them."""

    inviter: RemoteGame
    joiner: RemoteGame
    links: list[str] = field(default_factory=list)

    def device(self, side: str) -> RemoteGame:
        return self.inviter if self.inviter.side == side else self.joiner

    def other(self, device: RemoteGame) -> RemoteGame:
        return self.joiner if device is self.inviter else self.inviter

    @property
    def devices(self) -> tuple[RemoteGame, RemoteGame]:
        return self.inviter, self.joiner

    @property
    def settled(self) -> bool:
        return all(d.knowledge.over and d.status is not Status.NOT_VERIFIED for d in self.devices)


Chooser = Callable[[RemoteGame, random.Random], Any]  # the device to act -> its action
Postman = Callable[[str, RemoteGame], str]  # a link on its way to a device -> the link it gets


def random_action(device: RemoteGame, rng: random.Random) -> Any:
    return device.seat().random_action(rng)


def start(game: Any, options: Any, rng: random.Random, side: str | None = None,
          choose: Chooser = random_action, names: tuple[str, str] = ("Ann", "Bob")) -> Match:
    inviter = RemoteGame.start(game, options, names[0], side or rng.choice(tuple(game.players)))
    link = inviter.last_message()
    if link is None:  # the inviter acts first: the invitation goes with its first action
        link = inviter.play(choose(inviter, rng))
        assert link is not None
    joiner = RemoteGame.join(game, link, names[1])
    return Match(inviter, joiner, [link])


def play(match: Match, rng: random.Random, choose: Chooser = random_action, postman: Postman | None = None,
         each: Callable[[Match, RemoteGame], None] | None = None, limit: int = 100_000,
         act: Callable[[RemoteGame, Any], str] | None = None) -> Match:
    """Play until both devices have verified what they can: each device to act chooses, its
    link goes to the other (through ``postman``), replies go back. ``each`` is called with the
    device about to act; ``act`` plays the chosen action (a lying device: :func:`force`)."""
    holder = match.joiner
    pending = match.joiner.last_message()  # the join, unless the joiner acts first
    if pending is not None:
        match.links.append(pending)
    for _ in range(limit):
        if pending is not None:
            target = match.other(holder)
            got = postman(pending, target) if postman else pending
            result = target.receive(got)
            assert isinstance(result, Applied), result
            pending, holder = result.reply, target
            if pending is not None:
                match.links.append(pending)
            continue
        if match.settled:
            return match
        mover = next((d for d in match.devices if d.status is Status.YOUR_TURN), None)
        assert mover is not None, [d.status for d in match.devices]
        if each is not None:
            each(match, mover)
        action = choose(mover, rng)
        pending = act(mover, action) if act is not None else mover.play(action)
        holder = mover
        assert pending is not None
        match.links.append(pending)
    raise AssertionError("the game did not end")


def rewrite(link: str, change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> str:
    """The link a lying device would send instead: the same place in the chain, its steps
    changed (the liar's device chains its own links on the changed one)."""
    message = read(link)
    assert isinstance(message, Message)
    steps = change([dict(s) for s in message.steps])
    return encode(Message(message.game, message.game_id, message.number, message.sender, message.previous,
                          message.pair, tuple(steps), message.invitation, message.joiner))


def played(match: Match) -> list[tuple[str, dict[str, Any]]]:
    """Every action both players played so far, in play order, as (side, its record JSON): what
    the same game at one table was given."""
    out = []
    for number, message in enumerate(match.inviter.chain):
        device = match.device(message.sender)
        out.extend((message.sender, data) for data in device._played.get(number, []))
    return out


def table_state(game: Any, match: Match) -> Any:
    """The same game at one table: every action both devices' players played, on one state."""
    names = {side: match.inviter.names.get(side) or match.joiner.names.get(side) for side in game.players}
    state = game.new(match.inviter.options, names)
    seats = {side: state.seat(side) for side in game.players}  # (an action is read for its player)
    for side, data in played(match):
        state.apply(game.parse_action(data, seats[side]))
    return state


def rechain(messages: list[Message], index: int,
            change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> list[Message]:
    """The chain a lying device makes: message ``index``'s steps changed, and every message
    after it chained on the changed one."""
    out = list(messages[:index])
    for number in range(index, len(messages)):
        m = messages[number]
        steps = tuple(change([dict(s) for s in m.steps])) if number == index else m.steps
        previous = to_text(out[-1].chain_hash()) if out else ""
        pair = pair_tag(out[1].chain_hash()) if number >= 2 else ""
        out.append(Message(m.game, m.game_id, m.number, m.sender, previous, pair, steps, m.invitation,
                           m.joiner))
    return out


def force(device: RemoteGame, action: Any) -> str:
    """A test double's action past the rules' checks (an illegal turn a lying device sends):
    applied to its own knowledge as a legal one is, and its link made."""
    device.knowledge.apply_own(action)  # type: ignore[attr-defined]
    device._pending.append(device.game.action_json(action))
    link = device._flush()
    assert link is not None
    return link


def drive(game: Any, options: Any, actions: list[tuple[str, Any]], sides: tuple[str, str],
          names: tuple[str, str] = ("Ann", "Bob"), stop: Callable[[Match], bool] | None = None) -> Match:
    """Two devices play ``actions`` (each (side, action), in play order; ``sides``: the inviter's
    and the joiner's); every link delivered at once. Stops early where ``stop`` says so."""
    queue = list(actions)
    inviter = RemoteGame.start(game, options, names[0], sides[0])
    link = inviter.last_message()
    if link is None:
        link = inviter.play(queue.pop(0)[1])
    joiner = RemoteGame.join(game, link, names[1])
    match = Match(inviter, joiner, [link])
    holder, pending = joiner, joiner.last_message()
    while True:
        if pending is not None:
            match.links.append(pending)
            target = match.other(holder)
            result = target.receive(pending)
            assert isinstance(result, Applied), result
            holder, pending = target, result.reply
            continue
        if not queue or (stop is not None and stop(match)):
            return match
        side, action = queue.pop(0)
        device = match.device(side)
        assert device.status is Status.YOUR_TURN, (side, device.status)
        holder, pending = device, device.play(action)
