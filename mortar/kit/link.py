"""A game played by links: the message one device sends the other, its place in the chain of the
game's messages, and its text in a link's ``#fragment`` (which a browser never sends to a host).

A :class:`Message` holds a version, the game, the game's id (128 random bits), its number in
the chain, the sender's side, the hash of the chain before it, and the *steps* the sender took
since its last message, in the game's own notation (an action as the record writes it, a
commitment, an opening, an answer: the game's business, :mod:`mortar.kit.remote`). The invitation
(number 0) also holds the game's record format, options, the inviter's side and name; the join
(number 1) the joiner's name; every later one a *pair* tag, the hash of the chain at the join,
which tells a game from another one started by the same invitation.

The chain: ``hash(n) = SHA-256(message n)``, and message n holds ``hash(n - 1)``, so each hash
covers every earlier message: an edited or forged link does not fit the chain it claims to
follow. Messages strictly alternate between the two devices: the inviter's are even.

A link's fragment is ``L1.`` (the format's version) then the message's canonical JSON, deflated
with a preset dictionary of the words messages use, in base64url: a few hundred characters.
:class:`WholeGame` is every message of a game in one link ("send the whole game again"), the
chain's hashes left out (they are recomputed). Reading either is linear in the text and capped
in size, however hostile the text (:func:`read`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .commitment import EncodingError, from_text, to_text
from .jsontext import JSONTextError, LargeNumber, loads

VERSION = 1
MARK = "L"  # a link's fragment: MARK, the version, a dot, then the payload
MAX_LINK_CHARS = 1_000_000  # the longest link read (a whole game of thousands of actions fits)
MAX_JSON_BYTES = 4_000_000  # the most a link may inflate to
MAX_NUMBER = 1_000_000  # messages in one game
MAX_STEPS = 64  # steps in one message
ID_BYTES = 16  # a game's id: 128 bits
PAIR_BYTES = 12  # the pair tag: the join's chain hash, cut
_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")
_FORMAT = re.compile(r"([a-z][a-z0-9-]{0,39})/([1-9][0-9]{0,5})")
_PAYLOAD = re.compile(r"[A-Za-z0-9_-]*")
_CHAIN = b"mortar-link\x00"

# Words the messages of version 1 use, for the deflater to refer to instead of spelling them
# (short links). Never change it: links of version 1 already sent inflate with it.
DICTIONARY = (  # (canonical JSON: keys sorted, no spaces; the commonest words last, nearest)
    b'"invite":{"format":"mortar-hunt/1","name":"","options":{"loadout":"HM","turn_limit":null,'
    b'"variant":"classic"},"side":"A"},"craters","secret","LH",'
    b'"invite":{"format":"marsal-a-spion/1","name":"","options":{"deduction_aid":false,'
    b'"inactivity_limit":200,"memory_aid":true,"no_hope_draw":false},"side":"Blue"},'
    b'"invite":{"format":"enlightenment/1","name":"","options":{"first":"Red","start":"A"},"side":"White"},'
    b'"invite":{"format":"four-circles/1","name":"","options":{"first":"White"},"side":"Red"},'
    b'"invite":{"format":"hopper-and-sneaker/1","name":"","options":{"first":"Red","hoppers":3,'
    b'"secret_setup":false},"side":"White"},"join":{"name":"'
    b'{"openings":{"secret":"","setup":{"A1":"MF","A2":"RFL","A3":"SCT","A4":"MIN","B1":"CPL","B2":"CDT",'
    b'"B3":"CPT","B4":"GEN","C1":"MAR","C2":"SPY","C3":"FLG"}}}'
    b'{"openings":{"pieces":["HM","HM","HM"],"secret":"","setup":["A1/N","B2/NE","C3/SW"],"turns":"'
    b'{"setup":{"a1":"S","a2":"H","b1":"S","b2":"H","c1":"S","c2":"H"}},{"commit":"'
    b'{"accept_draw":true},{"end":"pat"},{"pass":true},{"resign":true},"offer_draw":true}'
    b'{"place":[1,2]},{"move":{"from":[3,4],"to":[5,6]},"tile":{"from":[7,8],"to":[9,0]}}'
    b'{"attacker":{"path":["","",""],"piece":"MAR","salt":""},"outcome":"defender wins"}'
    b'{"outcome":"attacker wins"},{"outcome":"both removed"},{"outcome":"flag captured"}'
    b'{"reveal":{"path":["","","","","",""],"piece":"SCT","salt":""}}'
    b'{"commit":"","sacrifice":"B4"},{"answer":"hit"},{"placed":"'
    b'{"b":"A","g":"mortar-hunt","h":"","i":"","n":2,"p":"","s":[{"answer":"miss"},{"commit":"","shot":null}],"v":1}'
    b'{"b":"Blue","g":"marsal-a-spion","h":"","i":"","n":2,"p":"","s":[{"attack":"A4xA5"}],"v":1}'
    b'{"b":"Red","g":"hopper-and-sneaker","h":"","i":"","n":2,"p":"","s":[{"move":"a1-a3"}],"v":1}'
    b'{"b":"White","g":"enlightenment","h":"","i":"","n":2,"p":"","s":[{"move":"e2-d2"}],"v":1}'
    b'{"b":"Red","g":"four-circles","h":"","i":"","n":2,"p":"","s":[{"move":{"from":[4,4],"to":[3,3]}}],"v":1}'
    b'{"b":"Red","g":"marsal-a-spion","h":"","i":"","n":2,"p":"","s":[{"move":"C4-D5"}],"v":1}'
)


class LinkCode(Enum):
    """Why a link is refused, so that a screen can word it (each game's refusals say theirs)."""

    MALFORMED = "malformed"  # not a link of the box: bad text, bad fields
    TOO_LARGE = "too large"  # longer than any link, or inflating beyond any message
    NEWER_VERSION = "newer version"  # made by a later version of the box
    OTHER_GAME = "other game"  # a link of another game (another id, or another game of the box)
    NOT_IN_GAME = "not in game"  # a link of this invitation's game played by someone else
    ALREADY_APPLIED = "already applied"  # opened again: harmless
    MISSING = "missing"  # from the future: an earlier link has not been opened here
    CHAIN_MISMATCH = "chain mismatch"  # does not follow the game's chain: forged or edited
    ILLEGAL = "illegal"  # an action the rules refuse: the other device sent an illegal turn
    LIE = "lie"  # a check of the other device's secrets failed (an opening, an answer)
    NOT_AN_INVITATION = "not an invitation"  # joining from a link that is not one
    BAD_NAME = "bad name"  # a name the game cannot take (too long, the same as the other's)
    OWN_SECRETS = "own secrets"  # a link this device should have made, but its secrets are elsewhere
    WAITING = "waiting"  # an action while the other device is to act


class LinkError(ValueError):
    """A link refused: ``code`` and the reason in plain words."""

    def __init__(self, code: LinkCode, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Invitation:
    """What the invitation (message 0) says of the game: its record format, the options as the
    record writes them, the inviter's side and name."""

    record_format: str
    options: Mapping[str, Any]
    inviter: str
    name: str | None

    def to_json(self) -> dict[str, Any]:
        return {"format": self.record_format, "options": dict(self.options), "side": self.inviter,
                "name": self.name}


@dataclass(frozen=True)
class Message:
    """One link's message (the module docstring). ``steps`` are JSON objects, the game's."""

    game: str
    game_id: str
    number: int
    sender: str
    previous: str  # the chain's hash before this message, as text ("" for the invitation)
    pair: str  # the pair tag from number 2 on, else ""
    steps: tuple[Mapping[str, Any], ...] = ()
    invitation: Invitation | None = None  # number 0 only
    joiner: str | None = None  # number 1 only: the joiner's name ("" for none given)
    version: int = VERSION

    def to_json(self, chained: bool = True) -> dict[str, Any]:
        """The message as JSON data; without the chain's fields (``chained=False``) as a whole
        game holds it."""
        out: dict[str, Any] = {"b": self.sender, "n": self.number, "s": [dict(s) for s in self.steps]}
        if chained:
            out.update(v=self.version, g=self.game, i=self.game_id, h=self.previous, p=self.pair)
        if self.invitation is not None:
            out["invite"] = self.invitation.to_json()
        if self.joiner is not None:
            out["join"] = {"name": self.joiner or None}
        return out

    def canonical(self) -> bytes:
        return canonical(self.to_json())

    def chain_hash(self) -> bytes:
        """SHA-256 of this message, which holds the hash of every message before it."""
        return hashlib.sha256(_CHAIN + self.canonical()).digest()


@dataclass(frozen=True)
class WholeGame:
    """Every message of a game so far, in one link."""

    game: str
    game_id: str
    messages: tuple[Message, ...] = field(default=())


def canonical(data: Any) -> bytes:
    """The one text of JSON data that is hashed and sent: keys sorted, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def pair_tag(join_hash: bytes) -> str:
    return to_text(join_hash[:PAIR_BYTES])


def new_game_id(random_bytes: bytes) -> str:
    if len(random_bytes) != ID_BYTES:
        raise ValueError(f"a game's id is {ID_BYTES} random bytes")
    return to_text(random_bytes)


# --- links' text ------------------------------------------------------------------------------


def encode(item: Message | WholeGame) -> str:
    """The fragment of a link that carries ``item``."""
    if isinstance(item, Message):
        data = item.to_json()
    else:
        data = {"v": VERSION, "g": item.game, "i": item.game_id,
                "whole": [m.to_json(chained=False) for m in item.messages]}
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict=DICTIONARY)
    packed = packer.compress(canonical(data)) + packer.flush()
    return f"{MARK}{VERSION}." + base64.urlsafe_b64encode(packed).rstrip(b"=").decode()


def read(text: object) -> Message | WholeGame:
    """The message or whole game a link carries: its fragment, or the whole address with it.
    Raises :class:`LinkError`; linear in the text's length, whatever it holds."""
    if not isinstance(text, str):
        raise LinkError(LinkCode.MALFORMED, "a link is text")
    if len(text) > MAX_LINK_CHARS:
        raise LinkError(LinkCode.TOO_LARGE, f"the link is longer than {MAX_LINK_CHARS:,} characters")
    fragment = text.strip().rpartition("#")[2]
    match = re.match(rf"{MARK}([0-9]{{1,6}})\.", fragment)
    if match is None:
        raise LinkError(LinkCode.MALFORMED, "this is not a link of a game played by links")
    if int(match[1]) > VERSION:
        raise LinkError(LinkCode.NEWER_VERSION, "this link was made by a newer version of the games")
    if int(match[1]) != VERSION:
        raise LinkError(LinkCode.MALFORMED, "this is not a link of a game played by links")
    payload = fragment[match.end():]
    if not _PAYLOAD.fullmatch(payload) or len(payload) % 4 == 1:
        raise LinkError(LinkCode.MALFORMED, "the link is damaged (it holds characters a link does not)")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj(-15, zdict=DICTIONARY)
        raw = unpacker.decompress(packed, MAX_JSON_BYTES)
        if unpacker.unconsumed_tail:
            raise LinkError(LinkCode.TOO_LARGE, "the link holds more than any message")
        raw += unpacker.flush()
        if not unpacker.eof or unpacker.unused_data:
            raise ValueError("not one whole deflated stream")
        data = loads(raw)
    except LinkError:
        raise
    except (ValueError, zlib.error, JSONTextError):
        raise LinkError(LinkCode.MALFORMED, "the link is damaged (cut short or changed)") from None
    return from_json(data)


def from_json(data: object) -> Message | WholeGame:
    """A message or a whole game from decoded JSON; :class:`LinkError` when it is neither."""
    top = _object(data, "the link")
    version = top.get("v")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise LinkError(LinkCode.NEWER_VERSION, "this link was made by a newer version of the games")
    if version != VERSION:
        raise _malformed("the link's version")
    if "whole" in top:
        _keys(top, {"v", "g", "i", "whole"}, "the whole game")
        game, game_id = _game(top.get("g")), _id(top.get("i"))
        raw = top["whole"]
        if not isinstance(raw, list) or len(raw) > MAX_NUMBER:
            raise _malformed("the whole game's messages")
        messages: list[Message] = []
        previous, pair = "", ""
        for number, item in enumerate(raw):
            fields = _object(item, "a message")
            message = _message(fields, game, game_id, previous, pair, chained=False)
            if message.number != number:
                raise _malformed("the whole game's numbering")
            messages.append(message)
            chain = message.chain_hash()
            previous = to_text(chain)
            if number == 1:
                pair = pair_tag(chain)
        return WholeGame(game, game_id, tuple(messages))
    return _message(top, _game(top.get("g")), _id(top.get("i")), None, None, chained=True)


def _message(data: dict[str, Any], game: str, game_id: str, previous: str | None, pair: str | None,
             chained: bool) -> Message:
    allowed = {"b", "n", "s", "invite", "join"} | ({"v", "g", "i", "h", "p"} if chained else set())
    _keys(data, allowed - {"invite", "join"}, "a message", optional={"invite", "join"})
    number = data.get("n")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_NUMBER:
        raise _malformed("a message's number")
    sender = data.get("b")
    if not isinstance(sender, str) or not 1 <= len(sender) <= 16:
        raise _malformed("a message's sender")
    if chained:
        previous, pair = data.get("h"), data.get("p")
        if number == 0 and previous != "" or number > 0 and not _is_hash(previous, 32):
            raise _malformed("a message's chain")
        if number < 2 and pair != "" or number >= 2 and not _is_hash(pair, PAIR_BYTES):
            raise _malformed("a message's pair")
    steps = data.get("s")
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise _malformed("a message's steps")
    for step in steps:
        _object(step, "a step")
        _plain(step)
    invitation = None
    if ("invite" in data) != (number == 0):
        raise _malformed("the invitation")
    if number == 0:
        invitation = _invitation(data["invite"])
        if invitation.record_format.partition("/")[0] != game:
            raise _malformed("the invitation's game")
    joiner = None
    if ("join" in data) != (number == 1):
        raise _malformed("the join")
    if number == 1:
        join = _object(data["join"], "the join")
        _keys(join, {"name"}, "the join")
        joiner = _name(join["name"]) or ""
    assert previous is not None and pair is not None
    return Message(game, game_id, number, sender, previous, pair, tuple(steps), invitation, joiner)


def _invitation(value: object) -> Invitation:
    data = _object(value, "the invitation")
    _keys(data, {"format", "options", "side", "name"}, "the invitation")
    record_format, options, side = data["format"], data["options"], data["side"]
    match = _FORMAT.fullmatch(record_format) if isinstance(record_format, str) else None
    if match is None:
        raise _malformed("the invitation's game")
    if not isinstance(options, dict):
        raise _malformed("the invitation's options")
    _plain(options)
    if not isinstance(side, str) or not 1 <= len(side) <= 16:
        raise _malformed("the invitation's side")
    return Invitation(record_format, options, side, _name(data["name"]))


def _name(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= 64:
        raise _malformed("a player's name")
    return value


def _object(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _malformed(what)
    return value


def _keys(data: Mapping[str, Any], required: set[str], what: str, optional: set[str] | None = None) -> None:
    keys = set(data)
    if not required <= keys or not keys <= required | (optional or set()):
        raise _malformed(what)


def _game(value: object) -> str:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise _malformed("the link's game")
    return value


def _id(value: object) -> str:
    if not _is_hash(value, ID_BYTES):
        raise _malformed("the game's id")
    assert isinstance(value, str)
    return value


def _is_hash(value: object, size: int) -> bool:
    try:
        from_text(value, size)
    except EncodingError:
        return False
    return True


def _plain(value: object) -> None:
    """Refuse what no message holds: numbers that are not small whole numbers (their text would
    be hashed at great cost), anything but JSON's own values."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, LargeNumber | float) or isinstance(item, int) and abs(item) > 10**15:
            raise _malformed("a number")
        elif not (item is None or isinstance(item, str | int)):
            raise _malformed("a value")


def _malformed(what: str) -> LinkError:
    return LinkError(LinkCode.MALFORMED, f"the link is not one of a game played by links ({what})")


def chain_hashes(messages: Sequence[Message]) -> list[bytes]:
    """The chain's hash after each message."""
    return [m.chain_hash() for m in messages]
