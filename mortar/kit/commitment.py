"""Commitments: how a device that keeps a secret binds itself to it before the rules reveal it.

A device publishes SHA-256 over its hidden facts (their canonical bytes) and a salt, and opens
it later by sending the salt and the facts: anyone can then recompute the digest, and a device
that opens something other than what it committed to is caught. The salt is what keeps the
facts hidden meanwhile: a game has few enough hidden states (three mortars on 48 squares) that
an unsalted digest would be found by trying them all.

Salts are 128 bits, each derived from the device's secret for the game (256 bits from the
platform's random source, :mod:`secrets`) by HMAC-SHA-256 over what the commitment is for, so a
device keeps one secret instead of a salt per commitment, and its last link opens every
commitment at once with that secret. Opening one salt early (one piece of an army) tells nothing
of the others: HMAC's outputs are independent without the key.

A digest covers a *context* too (the game's id, the player, what is committed), so that a
commitment of one game or one purpose can never be passed off as another's.

:class:`MerkleTree` commits to many facts in one digest and opens them one at a time (Maršál a
Špión's 40 squares: a single 43-character root in a link instead of 40 digests, and a path of
six digests when one square is opened).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence

SALT_BYTES = 16  # 128 bits
SECRET_BYTES = 32  # a device's secret for one game: 256 bits
DIGEST_BYTES = 32  # SHA-256

_LEAF, _NODE, _FACTS = b"\x00", b"\x01", b"\x02"  # domain separation of the three kinds of digest
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class EncodingError(ValueError):
    """Text that is not the base64url of bytes of the expected length."""


def new_secret() -> bytes:
    """A device's secret for one game, from the platform's random source."""
    return secrets.token_bytes(SECRET_BYTES)


def salt(secret: bytes, context: str) -> bytes:
    """The salt of the commitment ``context`` names, derived from the device's ``secret``."""
    return hmac.new(secret, context.encode(), hashlib.sha256).digest()[:SALT_BYTES]


def digest(context: str, salt_: bytes, facts: bytes) -> bytes:
    """SHA-256 over the context, the salt and the canonical bytes of the facts: a commitment.
    Each part is preceded by its length, so that no two different triples give the same bytes."""
    h = hashlib.sha256(_FACTS)
    for part in (context.encode(), salt_, facts):
        h.update(len(part).to_bytes(4, "big"))
        h.update(part)
    return h.digest()


def opens(commitment: bytes, context: str, salt_: bytes, facts: bytes) -> bool:
    """Whether ``salt_`` and ``facts`` open ``commitment`` (compared in constant time)."""
    return hmac.compare_digest(commitment, digest(context, salt_, facts))


# --- many facts under one digest --------------------------------------------------------------


def leaf(context: str, salt_: bytes, facts: bytes) -> bytes:
    """The digest of one fact of a :class:`MerkleTree` (a commitment of its own)."""
    return hashlib.sha256(_LEAF + digest(context, salt_, facts)).digest()


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(_NODE + left + right).digest()


def _widths(count: int) -> list[int]:
    """The number of digests on each level of a tree of ``count`` leaves, leaves first."""
    widths = [count]
    while widths[-1] > 1:
        widths.append((widths[-1] + 1) // 2)
    return widths


class MerkleTree:
    """Digests of many facts under one root: each fact can be opened alone, with its salt and
    the *path* (the digests beside it on the way up), and the root checks it. A level of odd
    width carries its last digest up unchanged."""

    def __init__(self, leaves: Sequence[bytes]) -> None:
        if not leaves:
            raise ValueError("a tree needs at least one leaf")
        self.levels: list[list[bytes]] = [list(leaves)]
        while len(self.levels[-1]) > 1:
            below = self.levels[-1]
            above = [_node(below[i], below[i + 1]) for i in range(0, len(below) - 1, 2)]
            if len(below) % 2:
                above.append(below[-1])
            self.levels.append(above)

    @property
    def root(self) -> bytes:
        return self.levels[-1][0]

    def path(self, index: int) -> tuple[bytes, ...]:
        """The digests that lead leaf ``index`` to the root."""
        out = []
        for level in self.levels[:-1]:
            sibling = index ^ 1
            if sibling < len(level):
                out.append(level[sibling])
            index //= 2
        return tuple(out)


def root_of(leaf_: bytes, index: int, count: int, path: Sequence[bytes]) -> bytes | None:
    """The root that leaf ``index`` of ``count`` and its ``path`` lead to, or None when the path
    has not the length such a tree gives."""
    if not 0 <= index < count:
        return None
    steps = iter(path)
    digest_ = leaf_
    for width in _widths(count)[:-1]:
        sibling = index ^ 1
        if sibling < width:
            other = next(steps, None)
            if other is None:
                return None
            digest_ = _node(other, digest_) if index & 1 else _node(digest_, other)
        index //= 2
    if next(steps, None) is not None:
        return None
    return digest_


# --- bytes as text in a link ------------------------------------------------------------------


def to_text(data: bytes) -> str:
    """``data`` as base64url without padding (43 characters for a digest, 22 for a salt)."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def from_text(text: object, size: int) -> bytes:
    """The ``size`` bytes ``text`` holds in base64url; :class:`EncodingError` for anything else."""
    if not isinstance(text, str) or len(text) != (size * 4 + 2) // 3 or not _BASE64URL.fullmatch(text):
        raise EncodingError(f"not {size} bytes in base64url")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if to_text(data) != text:  # stray bits in the last character: not the canonical text
        raise EncodingError(f"not {size} bytes in base64url")
    return data
