"""A game by links saved on its device and resumed (:class:`mortar.kit.remote.RemoteGame`'s
``save``, ``summary`` and ``loading``): the chain, the device's secret and the actions its player
played into each of its links; resumed by replaying the links, the other's opened again and this
device's own made again, which must give the same links.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..commitment import EncodingError, from_text, to_text
from ..jsontext import JSONTextError, loads
from ..link import LinkError, Message, canonical, from_json
from ..protocol import IllegalActionError
from ..records import RecordError
from ..steps import ACTIONS_PER_STEP, Steps
from .verdicts import Refused, Status

if TYPE_CHECKING:
    from . import RemoteGame

SAVE_FORMAT = "remote-game/1"
MAX_SAVE_CHARS = 8_000_000


@dataclass(frozen=True)
class Summary:
    """A saved remote game as the list of games shows it, read without replaying it."""

    game: str  # the record format ("mortar-hunt/1")
    game_id: str
    side: str
    names: Mapping[str, str | None]
    status: Status
    links: int  # messages so far


class LoadError(ValueError):
    """Text that is not a saved remote game this program can resume."""


def save(remote: RemoteGame) -> str:
    """The game as text: the chain, this device's secret, and the actions its player played
    into each of its links (its hidden moves among them) -- everything :func:`loading` needs to
    rebuild it, and a short summary for the list of games."""
    data = {
        "format": SAVE_FORMAT,
        "summary": {"game": remote.game.record_format, "id": remote.game_id, "side": remote.side,
                    "names": dict(remote.names), "status": remote.status.value, "links": len(remote.chain)},
        "secret": to_text(remote.secret),
        "played": {str(n): actions for n, actions in remote._played.items() if actions},
        "pending": remote._pending,
        "links": [m.to_json() for m in remote.chain],
    }
    return canonical(data).decode()


def summary(text: str) -> Summary:
    """What the list of games shows of a save, without replaying it."""
    data = _save_data(text)
    summary = data["summary"]
    try:
        return Summary(summary["game"], summary["id"], summary["side"], dict(summary["names"]),
                       Status(summary["status"]), int(summary["links"]))
    except (KeyError, TypeError, ValueError):
        raise LoadError("the save's summary is damaged") from None


def loading(cls: type[RemoteGame], game: Any, text: str) -> Steps[RemoteGame]:
    """A saved game rebuilt by replaying its links (the other's opened again, this device's
    own made again from the actions played into them, which must give the same links), a
    step at a time. Raises :class:`LoadError`."""
    data = _save_data(text)
    try:
        secret = from_text(data.get("secret"), 32)
        messages = [from_json(m) for m in data["links"]]
        played = {int(n): list(actions) for n, actions in data["played"].items()}
        pending = list(data["pending"])
        side = data["summary"]["side"]
    except (EncodingError, LinkError, KeyError, TypeError, ValueError, AttributeError) as e:
        raise LoadError(f"the save is damaged ({e})") from None
    chain = [m for m in messages if isinstance(m, Message)]
    if not chain or len(chain) != len(messages) or chain[0].invitation is None:
        raise LoadError("the save holds no invitation")
    first = chain[0]
    assert first.invitation is not None
    joiner = (chain[1].joiner or None) if len(chain) > 1 else None
    try:
        remote = cls(game, first.invitation, first.game_id, side, secret, joiner)
    except LinkError as e:
        raise LoadError(f"the save cannot be resumed ({e})") from None
    for number, message in enumerate(chain):
        if remote._sender(number) == side:
            if number >= len(remote.chain):
                _replay_own(remote, played.get(number, []))
            if number >= len(remote.chain) or remote.chain[number].canonical() != message.canonical():
                raise LoadError(f"link {number} is not the one this device made")
        else:
            result = remote._receive_one(message)
            if isinstance(result, Refused):
                raise LoadError(f"link {number} cannot be opened again ({result.message})")
        if number % ACTIONS_PER_STEP == ACTIONS_PER_STEP - 1:
            yield
    _replay_own(remote, pending)
    return remote


def _replay_own(remote: RemoteGame, actions: Sequence[Any]) -> None:
    if not actions and len(remote.chain) < 2:
        remote._flush()  # the invitation or the join, made with no action
    for data in actions:
        try:
            remote.play(remote.game.parse_action(data, remote.seat()))
        except (RecordError, IllegalActionError) as e:
            raise LoadError(f"an action of the save cannot be played again ({e})") from None


def _save_data(text: str) -> dict[str, Any]:
    if not isinstance(text, str) or len(text) > MAX_SAVE_CHARS:
        raise LoadError("not a saved game by links")
    try:
        data = loads(text)
    except JSONTextError as e:
        raise LoadError(f"not a saved game by links ({e})") from None
    if (not isinstance(data, dict) or data.get("format") != SAVE_FORMAT
            or not isinstance(data.get("summary"), dict)):
        raise LoadError("not a saved game by links")
    return data
