"""Maršál a Špión played by links (issue 31): each device holds only its own army, commits to it
square by square, and opens a piece exactly when RULINGS R13 shows it.

* The setup: ``{"placed": ROOT}``, the root of a Merkle tree over the 40 squares of the home
  rows, each leaf a commitment to its square's piece with its own 128-bit salt (derived from
  the device's secret, :mod:`mortar.kit.commitment`). One digest in the link instead of 40; a
  square opens alone with its salt and the six digests beside it on the way up. Moves are
  public, so a piece's identity follows it from its committed square (its *handle*, R13).
* A move, an attack, a draw accepted, a resignation: the record's own action
  (``{"move": "C4-D5"}``, ``{"attack": "C4xC5", "offer_draw": true}``).
* An attack (R9, R13): the defender's device opens the defending piece to the attacker's
  (``{"reveal": OPENING}``, sent at once when the attack is opened: no choice to make); the
  attacker's device resolves R9 and sends ``{"outcome": "defender wins", "attacker": OPENING}``,
  opening its own piece only when it is removed. The defender learns the outcome and nothing
  more: the winning attacker stays hidden. Three links for an attack, the defender's with no
  tap but its send; one where the attacker has seen the defender before (it defended against it
  and survived: R13), since the attacker then resolves at once.
* ``{"end": "pat"}``: the player to move has no legal action (R12.2), which only its device can
  tell; checked at the end.
* At the end, ``{"openings": {"secret", "setup"}}``: every salt follows from the secret.

A device checks at once what it can: the other's moves against every piece that may move (a
piece known to be a minefield never does), a reveal against the committed root, an outcome
against the defender it knows and the attacker when it is opened (a flag always falls). The
rest -- a minefield that moved, a run by a piece that is no Scout, an attacker that won where it
should have lost, a setup that is not an army -- is checked at the end, when :func:`verifying`
replays the whole game with both armies. A lie loses the game.

The no-hope draw (R12.3) looks at both armies' hidden pieces at once, which no device holds: a
game by links is played without it ([ours, remote], ``REMOTE.md``), the option ``no_hope_draw``.

The device's side is :mod:`.device` (:class:`~.device.MarsalKnowledge`), the end verified
:mod:`.verify`; both are loaded with the first game by links.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from mortar.kit import commitment
from mortar.kit.commitment import MerkleTree
from mortar.kit.link import Message
from mortar.kit.remote.verdicts import Lie, RemoteRuling, Verification
from mortar.kit.steps import Steps

from ..actions import Attack, Setup
from ..board import PLAYERS, SQUARES, Player, Square, home_squares
from ..pieces import Clash, Piece
from ..record import options_json, read_options
from ..rules import Options

if TYPE_CHECKING:
    from .device import MarsalKnowledge

HANDLES = {p: tuple(sq.index for sq in home_squares(p)) for p in PLAYERS}
LEAF = {p: {h: i for i, h in enumerate(HANDLES[p])} for p in PLAYERS}  # a handle's leaf


class MarsalLie(Enum):
    """Maršál a Špión's lies, beside the kit's (:class:`mortar.kit.remote.verdicts.LieCode`)."""

    WRONG_OUTCOME = "wrong outcome"  # an attack resolved other than R9 resolves it
    ILLEGAL_HIDDEN_MOVE = "illegal hidden move"  # a minefield or the flag moved; a run by a non-Scout
    CHANGED_SETUP = "changed setup"  # an army opened other than the one committed to
    ILLEGAL_SETUP = "illegal setup"  # not the army of R3 in the home rows (R4)


class RemoteRulingCode(Enum):
    NO_HOPE_BY_AGREEMENT = "no hope by agreement"


NO_HOPE_RULING = RemoteRuling(
    RemoteRulingCode.NO_HOPE_BY_AGREEMENT,
    "Played by links, the game has no automatic no-hope draw (R12.3): it would need both armies' "
    "hidden pieces at once. When neither side has a movable piece left, PAT ends the game at the same "
    "moment; otherwise a hopeless game ends by an agreed draw, PAT or the inactivity limit.")


def context(game_id: str, player: Player, square: Square) -> str:
    return f"{game_id}/marsal-a-spion/{player.value}/{square}"


def leaves(game_id: str, player: Player, secret: bytes, setup: Setup) -> list[bytes]:
    """The tree's leaves: each home square's commitment to its piece, in square order."""
    placement = setup.placement()
    out = []
    for square in home_squares(player):
        where = context(game_id, player, square)
        piece = placement.get(square)
        facts = b"" if piece is None else piece.id.encode()
        out.append(commitment.leaf(where, commitment.salt(secret, where), facts))
    return out


def opening(game_id: str, player: Player, secret: bytes, tree: MerkleTree, handle: int,
            piece: Piece) -> dict[str, Any]:
    """The opening of the piece set up on ``handle``: its id, its salt, its path to the root."""
    where = context(game_id, player, SQUARES[handle])
    return {"piece": piece.id, "salt": commitment.to_text(commitment.salt(secret, where)),
            "path": [commitment.to_text(d) for d in tree.path(LEAF[player][handle])]}


def opened(game_id: str, player: Player, root: bytes, handle: int, raw: Any) -> Piece | None:
    """The piece ``raw`` opens on ``handle`` of ``player``'s committed army, or None when it does
    not open to ``root``; :class:`ValueError` when it is no opening at all."""
    if not isinstance(raw, dict) or set(raw) != {"piece", "salt", "path"} or type(raw["path"]) is not list:
        raise ValueError("not an opening")
    piece = Piece.parse(raw["piece"])
    salt = commitment.from_text(raw["salt"], commitment.SALT_BYTES)
    path = [commitment.from_text(d, commitment.DIGEST_BYTES) for d in raw["path"]]
    leaf = commitment.leaf(context(game_id, player, SQUARES[handle]), salt, piece.id.encode())
    found = commitment.root_of(leaf, LEAF[player][handle], len(HANDLES[player]), path)
    return piece if found is not None and found == root else None


def wrong_outcome(sender: str, turn: int, play: Attack, clash: Clash, expected: Clash,
                  defender: Piece) -> Lie:
    return Lie(MarsalLie.WRONG_OUTCOME, sender, turn,
               f"{sender}'s device said its attack {play} at turn {turn} ended \"{clash.value}\", but its "
               f"defender was a {defender.word} and R9 gives \"{expected.value}\"",
               {"attack": str(play), "said": clash.value, "rules": expected.value, "defender": defender.id})



# --- the game's part ---------------------------------------------------------------------------


class MarsalLinks:
    """Maršál a Špión's part of play by links."""

    rulings: tuple[RemoteRuling, ...] = (NO_HOPE_RULING,)

    def remote_options(self, options: Any) -> Options:
        options = options if options is not None else Options()
        return Options(options.inactivity_limit, options.memory_aid, options.deduction_aid, False,
                       options.extra)

    def options_json(self, options: Options) -> dict[str, Any]:
        return options_json(options)

    def read_options(self, data: Mapping[str, Any]) -> Options:
        return read_options(data)

    def knowledge(self, options: Options, names: Mapping[str, str | None], side: str | None,
                  secret: bytes, game_id: str) -> MarsalKnowledge:
        from .device import MarsalKnowledge

        if side is None:
            raise ValueError("an onlooker of Maršál a Špión verifies the whole game at its end")
        return MarsalKnowledge(options, names, side, secret, game_id)

    def verifying(self, options: Options, names: Mapping[str, str | None],
                  messages: Sequence[Message]) -> Steps[Verification]:
        from .verify import verifying

        return verifying(options, names, messages)
