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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from mortar.kit import commitment
from mortar.kit.commitment import EncodingError, MerkleTree
from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.envelope import NAME_LONGEST
from mortar.kit.link import LinkCode, Message
from mortar.kit.protocol import IllegalActionError, Refusal
from mortar.kit.records import RecordError, names_refusal
from mortar.kit.remote import Lie, LieCode, Rejection, RemoteRuling, Verification, Verified
from mortar.kit.steps import Steps

from . import legality
from .actions import Attack, Move, Play, Played, RefusalCode, Removed, Setup
from .board import HOME_MASK, PLAYERS, SQUARES, Player, Square, home_squares
from .pieces import CLASHES, Clash, Piece
from .plays import Forces, LegalPlays
from .record import Record, action_json, options_json, read_action_object, read_options, read_setup
from .rules import Options, Outcome, Phase, Termination
from .seat import EnemyPiece, OwnPiece, Seat, read_history
from .state import State

NOBODY = -1
ACTIONS_PER_STEP = 40  # actions replayed between two yields when the end is verified (a slow phone: 50 ms)
HANDLES = {p: tuple(sq.index for sq in home_squares(p)) for p in PLAYERS}
LEAF = {p: {h: i for i, h in enumerate(HANDLES[p])} for p in PLAYERS}  # a handle's leaf


class MarsalLie(Enum):
    """Maršál a Špión's lies, beside the kit's (:class:`mortar.kit.remote.LieCode`)."""

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


def _owner(handle: int) -> Player:
    return Player.RED if HOME_MASK[Player.RED] >> handle & 1 else Player.BLUE


# --- one device ------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Situation:
    """A player's action as this device judges it (legality's situation): its own player's
    exactly; the other's against every piece of it that may move, as far as this device knows
    (a piece known to be a minefield never does; one known to be no Scout never runs)."""

    player: Player
    forces_: Forces
    known: Mapping[int, Piece]  # by square index
    offer: bool
    phase: Phase = Phase.PLAY

    @property
    def to_play(self) -> Player | None:
        return self.player

    @property
    def outcome(self) -> Outcome | None:
        return None

    def forces(self) -> Forces:
        return self.forces_

    def legal_plays(self) -> LegalPlays:
        return LegalPlays(*self.forces_)

    def own_piece_at(self, square: Square) -> Piece | None:
        return self.known.get(square.index)

    def may_accept_draw(self) -> bool:
        return self.offer


class MarsalKnowledge:
    """What one device knows of a game of Maršál a Špión by links: its own army whole, where
    every piece stands, and of the enemy's army what R13 shows (the module docstring)."""

    def __init__(self, options: Options, names: Mapping[str, str | None], side: str, secret: bytes,
                 game_id: str) -> None:
        self.options = options
        self.names: dict[Player, str | None] = {p: names.get(p) for p in PLAYERS}
        _check_names(self.names)
        self.side = Player(side)
        self.enemy = self.side.opponent
        self.secret, self.game_id = secret, game_id
        self.setup: Setup | None = None
        self.tree: MerkleTree | None = None
        self.roots: dict[Player, bytes] = {}
        count = len(SQUARES)
        self.cell = [NOBODY] * count  # by square: the handle standing there
        self.square = [NOBODY] * count  # by handle: its square, NOBODY once removed
        self.piece: dict[int, Piece] = {}  # by handle: own pieces, and enemy pieces once opened
        self.turns = 0
        self.inactivity = 0
        self.draw_offer: Player | None = None
        self.outcome: Outcome | None = None
        self.over = False
        self.history: list[Played] = []  # actions of play as this device knows them
        # read_history's answers so far (each entry is read once: a seat costs no more late in
        # a long game than early)
        self.log: list[Any] = []
        self.known: dict[Square, Piece] = {}
        self.moved: set[Square] = set()
        self.ran: set[Square] = set()
        self.tray: list[Removed] = []
        self.pending: tuple[Player, Attack, bool] | None = None  # an attack whose outcome is to come
        self.revealed = False  # this device has opened the defender of the pending attack
        self.theirs: Mapping[str, Any] | None = None  # the other device's openings
        self.outbox: list[dict[str, Any]] = []

    def copy(self) -> MarsalKnowledge:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.names, other.roots = dict(self.names), dict(self.roots)
        other.cell, other.square = list(self.cell), list(self.square)
        other.piece = dict(self.piece)
        other.history, other.tray, other.outbox = list(self.history), list(self.tray), list(self.outbox)
        other.log, other.known = list(self.log), dict(self.known)
        other.moved, other.ran = set(self.moved), set(self.ran)
        return other

    # --- the game as this device knows it -------------------------------------------------

    @property
    def acting(self) -> str | None:
        if self.over:
            return None
        if len(self.roots) < 2:
            return PLAYERS[len(self.roots)].value
        if self.pending is not None:
            return self.enemy.value  # its reveal, or its outcome, is due
        return PLAYERS[self.turns & 1].value

    @property
    def settled(self) -> bool:
        return self.over and self.theirs is not None

    def seat(self) -> Seat:
        over = self.outcome is not None
        phase = Phase.OVER if over else Phase.SETUP if len(self.roots) < 2 else Phase.PLAY
        to_play = None if over else PLAYERS[len(self.roots) if len(self.roots) < 2 else self.turns & 1]
        known, moved, ran = self.known, self.moved, self.ran
        own = tuple(OwnPiece(SQUARES[h], SQUARES[self.square[h]], self.piece[h])
                    for h in HANDLES[self.side] if self.square[h] != NOBODY)
        enemy = tuple(EnemyPiece(SQUARES[h], SQUARES[self.square[h]], known.get(SQUARES[h]),
                                 SQUARES[h] in moved, SQUARES[h] in ran)
                      for h in HANDLES[self.enemy] if self.square[h] != NOBODY)
        names = (self.names[Player.RED], self.names[Player.BLUE])
        return Seat(self.side, self.options, names, phase, to_play, self.turns, self.inactivity,
                    self.draw_offer, own, enemy, tuple(self.tray), tuple(self.log), self.setup,
                    None, self.outcome)

    def name(self, side: str, name: str | None) -> None:
        names = {**self.names, Player(side): name}
        _check_names(names)
        self.names = names

    def take_outbox(self) -> list[dict[str, Any]]:
        out, self.outbox = self.outbox, []
        return out

    def adopt(self, steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        raise Rejection(LinkCode.OWN_SECRETS, "this player's link was made on another device: its army "
                                              "is there")

    def _mask(self, player: Player, which: Any = None) -> int:
        out = 0
        for h in HANDLES[player]:
            square = self.square[h]
            if square != NOBODY and (which is None or which(h)):
                out |= 1 << square
        return out

    def forces(self, player: Player) -> Forces:
        """``player``'s forces: exact for this device's own; for the enemy, every piece that
        may move and may be a Scout as far as this device knows."""
        if player is self.side:
            piece = self.piece
            return Forces(self._mask(player), self._mask(player, lambda h: piece[h].movable),
                          self._mask(player, lambda h: piece[h] is Piece.SCOUT), self._mask(player.opponent))
        known = self.known  # the enemy pieces seen defending and surviving (R13), by handle

        def may_be(h: int) -> Piece:  # what an enemy piece may be: a Scout, unless seen
            return known.get(SQUARES[h], Piece.SCOUT)

        return Forces(self._mask(player), self._mask(player, lambda h: may_be(h).movable),
                      self._mask(player, lambda h: may_be(h) is Piece.SCOUT), self._mask(player.opponent))

    # --- changing the board, as the state does -------------------------------------------

    def _place(self, player: Player, setup: Setup | None) -> None:
        for h in HANDLES[player]:
            self.cell[h] = self.square[h] = h
        if setup is not None:
            for square, piece in setup.pieces:
                self.piece[square.index] = piece

    def _record(self, played: Played) -> None:
        self.history.append(played)
        log, known, moved, ran = read_history((played,), self.side)
        self.log.extend(log)
        self.known.update(known)
        self.moved |= moved
        self.ran |= ran

    def _remove(self, handle: int) -> Removed:
        square = self.square[handle]
        self.cell[square] = self.square[handle] = NOBODY
        removed = Removed(_owner(handle), SQUARES[handle], self.piece[handle], self.turns)
        self.tray.append(removed)
        return removed

    def _apply(self, player: Player, play: Play, offer: bool, clash: Clash | None = None) -> Played:
        """A move, or an attack with its outcome, as the state applies it (R6–R9)."""
        self.turns += 1
        start, end = play.start.index, play.end.index
        handle = self.cell[start]
        piece = self.piece.get(handle)
        if isinstance(play, Move):
            self.cell[start], self.cell[end], self.square[handle] = NOBODY, handle, end
            self.inactivity += 1
            played = Played(player, self.turns, play, offer, SQUARES[handle], piece)
        else:
            assert clash is not None
            target = self.cell[end]
            if clash is Clash.ATTACKER_WINS or clash is Clash.FLAG_CAPTURED:
                removed: tuple[Removed, ...] = (self._remove(target),)
                self.cell[start], self.cell[end], self.square[handle] = NOBODY, handle, end
            elif clash is Clash.DEFENDER_WINS:
                removed = (self._remove(handle),)
            else:
                removed = (self._remove(handle), self._remove(target))
            self.inactivity = 0
            played = Played(player, self.turns, play, offer, SQUARES[handle], piece, SQUARES[target],
                            self.piece.get(target), clash, removed)
        self._record(played)
        self.draw_offer = player if offer else None
        self._settle(clash)
        return played

    def _settle(self, clash: Clash | None) -> None:
        """The ends after an action, in RECORD.md's order: the flag captured, the inactivity
        limit, and PAT at the start of this device's player's turn (only it can tell)."""
        player = PLAYERS[(self.turns - 1) & 1]
        limit = self.options.inactivity_limit
        if clash is Clash.FLAG_CAPTURED:
            self._end(player, Termination.FLAG_CAPTURED)
        elif limit is not None and self.inactivity >= limit:
            self._end(None, Termination.INACTIVITY)
        elif PLAYERS[self.turns & 1] is self.side and not LegalPlays(*self.forces(self.side)):
            self.outbox.append({"end": "pat"})
            self._end(None, Termination.PAT)

    def _end(self, winner: Player | None, reason: Termination) -> None:
        self.outcome = Outcome(winner, reason, self.turns)
        self.draw_offer = None
        if not self.over:
            self.over = True
            assert self.setup is not None
            self.outbox.append({"openings": {"secret": commitment.to_text(self.secret),
                                             "setup": self.setup.to_json()}})

    # --- this device's player ---------------------------------------------------------------

    def play(self, action: Any) -> None:
        me = self.side
        acting = self.acting == me.value
        setting_up = len(self.roots) < 2
        own = {self.square[h]: self.piece[h] for h in HANDLES[me] if self.square[h] != NOBODY}
        situation = _Situation(me if acting else self.enemy, self.forces(me), own,
                               self.draw_offer is self.enemy, Phase.SETUP if setting_up else Phase.PLAY)
        refusal = legality.refusal(situation, action, me)
        if refusal is not None:
            raise IllegalActionError(refusal)
        self.apply_own(action)

    def resolve(self, attacker: Piece, defender: Piece) -> Clash:
        """R9 (a lying test device overrides it)."""
        return CLASHES[attacker.order][defender.order]

    def apply_own(self, action: Any) -> None:
        """An own action applied (legal: :meth:`play` asked the seat) and its steps queued."""
        me = self.side
        if isinstance(action, Setup):
            self.setup = action
            self.tree = MerkleTree(leaves(self.game_id, me, self.secret, action))
            self.roots[me] = self.tree.root
            self._place(me, action)
            self.outbox.append({"placed": commitment.to_text(self.tree.root)})
            return
        self.outbox.append(action_json(action))
        if isinstance(action, Resign | AcceptDraw):
            self.turns += 1
            self._record(Played(me, self.turns, action))
            self._end(self.enemy if isinstance(action, Resign) else None,
                      Termination.RESIGNATION if isinstance(action, Resign) else Termination.AGREED_DRAW)
            return
        play, offer = (action.action, True) if isinstance(action, OfferDraw) else (action, False)
        if isinstance(play, Move):
            self._apply(me, play, offer)
            return
        target = self.cell[play.end.index]
        seen = self.known.get(SQUARES[target])
        if seen is not None:  # a defender seen before (it defended and survived): at once, one link
            self._attack_resolved(play, offer, seen)
        else:
            self.pending, self.revealed = (me, play, offer), False

    def _attack_resolved(self, play: Attack, offer: bool, defender: Piece) -> None:
        """This device's attack, its defender known: R9, the outcome sent (and the attacker
        opened when it is removed), and the attack applied."""
        handle = self.cell[play.start.index]
        clash = self.resolve(self.piece[handle], defender)
        step: dict[str, Any] = {"outcome": clash.value}
        if clash in (Clash.DEFENDER_WINS, Clash.BOTH_REMOVED):
            assert self.tree is not None
            piece = self.piece[handle]
            step["attacker"] = opening(self.game_id, self.side, self.secret, self.tree, handle, piece)
        self.outbox.append(step)
        self.pending = None
        self._apply(self.side, play, offer, clash)

    # --- the other device's -------------------------------------------------------------------

    def receive(self, sender: str, steps: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]:
        before = len(self.log)
        for step in steps:
            keys = set(step)
            if keys == {"openings"}:
                if not self.over or not isinstance(step["openings"], dict):
                    raise Rejection(LinkCode.MALFORMED, f"{sender}'s device opened its army before the end")
                self.theirs = step["openings"]
            elif self.over:
                raise Rejection(LinkCode.MALFORMED, f"{sender}'s device played on after the end")
            elif keys == {"placed"}:
                self._placed(sender, step["placed"])
            elif keys == {"reveal"}:
                self._reveal(sender, step["reveal"])
            elif "outcome" in keys:
                self._outcome(sender, step)
            elif keys == {"end"}:
                self._pat(sender, step["end"])
            else:
                self._action(sender, step)
        if self.pending is not None and self.pending[0] is self.enemy and not self.revealed:
            self._queue_reveal()
        return tuple(self.log[before:])

    def _placed(self, sender: str, text: Any) -> None:
        if self.enemy in self.roots or self.acting != self.enemy.value:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device set up out of turn")
        try:
            self.roots[self.enemy] = commitment.from_text(text, commitment.DIGEST_BYTES)
        except EncodingError:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a damaged commitment") from None
        self._place(self.enemy, None)

    def _action(self, sender: str, step: Mapping[str, Any]) -> None:
        if len(self.roots) < 2 or self.pending is not None or PLAYERS[self.turns & 1] is not self.enemy:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device played out of turn")
        try:
            action = read_action_object(dict(step))
        except RecordError as e:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent no action the game knows "
                                                f"({e})") from None
        known = {self.square[h.index]: p for h, p in self.known.items() if self.square[h.index] != NOBODY}
        situation = _Situation(self.enemy, self.forces(self.enemy), known, self.draw_offer is self.side)
        refusal = legality.refusal(situation, action, self.enemy)
        if refusal is not None:
            raise _illegal(sender, self.turns + 1, refusal)
        if isinstance(action, Resign | AcceptDraw):
            self.turns += 1
            self._record(Played(self.enemy, self.turns, action))
            self._end(self.side if isinstance(action, Resign) else None,
                      Termination.RESIGNATION if isinstance(action, Resign) else Termination.AGREED_DRAW)
            return
        play, offer = (action.action, True) if isinstance(action, OfferDraw) else (action, False)
        if isinstance(play, Move):
            self._apply(self.enemy, play, offer)
        else:
            assert isinstance(play, Attack)
            self.pending, self.revealed = (self.enemy, play, offer), False

    def _queue_reveal(self) -> None:
        assert self.pending is not None and self.tree is not None
        handle = self.cell[self.pending[1].end.index]
        self.outbox.append({"reveal": opening(self.game_id, self.side, self.secret, self.tree, handle,
                                              self.piece[handle])})
        self.revealed = True

    def _reveal(self, sender: str, raw: Any) -> None:
        if self.pending is None or self.pending[0] is not self.side:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device opened a piece nobody attacked")
        _, play, offer = self.pending
        handle = self.cell[play.end.index]
        try:
            piece = opened(self.game_id, self.enemy, self.roots[self.enemy], handle, raw)
        except (ValueError, EncodingError):
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a damaged opening") from None
        if piece is None:
            lie = Lie(LieCode.OPENING_MISMATCH, sender, self.turns + 1,
                      f"{sender}'s device opened the piece on {play.end} other than the one it committed to",
                      {"square": str(play.end)})
            raise Rejection(LinkCode.LIE, lie.message, lie=lie)
        self.piece[handle] = piece
        self._attack_resolved(play, offer, piece)

    def _outcome(self, sender: str, step: Mapping[str, Any]) -> None:
        if self.pending is None or self.pending[0] is not self.enemy or set(step) - {"outcome", "attacker"}:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent an outcome of no attack")
        _, play, offer = self.pending
        try:
            clash = Clash(step["outcome"])
        except ValueError:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent no outcome R9 knows") from None
        handle, target = self.cell[play.start.index], self.cell[play.end.index]
        defender = self.piece[target]
        turn = self.turns + 1
        attacker = None
        if "attacker" in step:
            try:
                attacker = opened(self.game_id, self.enemy, self.roots[self.enemy], handle, step["attacker"])
            except (ValueError, EncodingError):
                raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a damaged opening") from None
            if attacker is None:
                lie = Lie(LieCode.OPENING_MISMATCH, sender, turn,
                          f"{sender}'s device opened its attacker on {play.start} other than the one it "
                          "committed to", {"square": str(play.start)})
                raise Rejection(LinkCode.LIE, lie.message, lie=lie)
            self.piece[handle] = attacker
        elif clash in (Clash.DEFENDER_WINS, Clash.BOTH_REMOVED):
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device did not open its removed attacker")
        # What this device can judge now: a flag always falls, and nothing else is a flag; the
        # rest of R9 when the attacker is opened (a winning attacker stays hidden: at the end).
        if defender is Piece.FLAG:
            expected: Clash | None = Clash.FLAG_CAPTURED
        elif clash is Clash.FLAG_CAPTURED:
            expected = Clash.ATTACKER_WINS if attacker is None else CLASHES[attacker.order][defender.order]
        else:
            expected = None if attacker is None else CLASHES[attacker.order][defender.order]
        if expected is not None and expected is not clash:
            lie = wrong_outcome(sender, turn, play, clash, expected, defender)
            raise Rejection(LinkCode.LIE, lie.message, lie=lie)
        self.pending = None
        self._apply(self.enemy, play, offer, clash)

    def _pat(self, sender: str, end: Any) -> None:
        if end != "pat" or self.pending is not None or PLAYERS[self.turns & 1] is not self.enemy:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device claimed an end out of turn")
        self._end(None, Termination.PAT)


def wrong_outcome(sender: str, turn: int, play: Attack, clash: Clash, expected: Clash,
                  defender: Piece) -> Lie:
    return Lie(MarsalLie.WRONG_OUTCOME, sender, turn,
               f"{sender}'s device said its attack {play} at turn {turn} ended \"{clash.value}\", but its "
               f"defender was a {defender.word} and R9 gives \"{expected.value}\"",
               {"attack": str(play), "said": clash.value, "rules": expected.value, "defender": defender.id})


def _check_names(names: Mapping[Player, str | None]) -> None:
    for name in names.values():
        if name is not None and not 1 <= len(name) <= NAME_LONGEST:
            raise ValueError(f"a player's name has 1 to {NAME_LONGEST} characters")
    refusal = names_refusal({p.value: name for p, name in names.items()})
    if refusal:
        raise ValueError(refusal)


def _illegal(sender: str, turn: int, refusal: Refusal) -> Rejection:
    lie = Lie(LieCode.ILLEGAL_ACTION, sender, turn, f"{sender}'s device sent an illegal turn at turn {turn}: "
                                                    f"{refusal.message}", {"reason": refusal.message})
    return Rejection(LinkCode.ILLEGAL, lie.message, refusal=refusal, lie=lie)


# --- the end, verified -------------------------------------------------------------------------


@dataclass
class _Play:
    """One action of play as the links told it: the sender's action, and for an attack the
    defender's reveal (None where the attacker had seen the defender) and the attacker's outcome."""

    player: Player
    data: Mapping[str, Any]
    reveal: Any = None
    outcome: Mapping[str, Any] | None = None
    pat_after: Player | None = None  # the next player then claimed PAT


def _gather(messages: Sequence[Message]) -> tuple[dict[Player, bytes], dict[Player, Any], list[_Play]]:
    """The roots, the openings and the plays the links tell, in order; ValueError (with the
    sender) for a step that is none of the game's."""
    roots: dict[Player, bytes] = {}
    openings: dict[Player, Any] = {}
    plays: list[_Play] = []
    attack: _Play | None = None  # the last attack, until its outcome
    for message in messages:
        sender = Player(message.sender)
        for step in message.steps:
            keys = set(step)
            if keys == {"placed"}:
                roots[sender] = commitment.from_text(step["placed"], commitment.DIGEST_BYTES)
            elif keys == {"openings"}:
                openings[sender] = step["openings"]
            elif keys == {"reveal"}:
                if attack is None or attack.player is sender:
                    raise ValueError(f"{sender} opened a piece nobody attacked")
                attack.reveal = step["reveal"]
            elif "outcome" in keys:
                if attack is None or attack.player is not sender:
                    raise ValueError(f"{sender} sent an outcome of no attack")
                attack.outcome, attack = step, None
            elif keys == {"end"}:
                if not plays or step["end"] != "pat":
                    raise ValueError(f"{sender} claimed an end out of turn")
                plays[-1].pat_after = sender
            else:
                plays.append(_Play(sender, step))
                if "attack" in step:
                    attack = plays[-1]
    return roots, openings, plays


def verifying(options: Options, names: Mapping[str, str | None],
              messages: Sequence[Message]) -> Steps[Verification]:
    """Both armies opened and the whole game replayed (the module docstring): every commitment,
    every reveal, every attack's outcome, every hidden move, the claimed ends."""
    game_id = messages[0].game_id if messages else ""
    try:
        roots, openings, plays = _gather(messages)
    except (ValueError, EncodingError) as e:
        return Verification(Verified.LIE, Lie(LieCode.BAD_OPENINGS, messages[-1].sender, 0,
                                              f"a device sent a damaged link ({e})"))
    missing = tuple(p.value for p in PLAYERS if p not in openings)
    if len(missing) == 2:
        return Verification(Verified.PLAYING)
    if missing:
        return Verification(Verified.NOT_YET, missing=missing)
    yield
    state = State(options, {p: names.get(p) for p in PLAYERS})
    for p in PLAYERS:
        raw = openings[p]
        try:
            if not isinstance(raw, dict) or set(raw) != {"secret", "setup"}:
                raise ValueError("not a secret and a setup")
            secret = commitment.from_text(raw["secret"], commitment.SECRET_BYTES)
            setup = read_setup(raw["setup"], "setup")
        except (ValueError, EncodingError, RecordError) as e:
            return _lie(Lie(LieCode.BAD_OPENINGS, p, 0, f"{p}'s device sent openings that are not its "
                                                         f"army ({e})"))
        if p not in roots or MerkleTree(leaves(game_id, p, secret, setup)).root != roots[p]:
            return _lie(Lie(MarsalLie.CHANGED_SETUP, p, 0, f"{p}'s device opened an army other than the one "
                                                           "it committed to"))
        refusal = state.refusal(setup)
        if refusal is not None:
            return _lie(Lie(MarsalLie.ILLEGAL_SETUP, p, 0, f"{p}'s device set up an army the rules refuse: "
                                                           f"{refusal.message}", {"reason": refusal.message}))
        state.apply(setup)
    for number, told in enumerate(plays, 1):
        p = told.player
        try:
            action = read_action_object(dict(told.data))
        except RecordError as e:
            return _lie(Lie(LieCode.ILLEGAL_ACTION, p, number, f"{p}'s device sent no action ({e})"))
        refusal = state.refusal(action)
        if refusal is not None:
            hidden = refusal.code in (RefusalCode.IMMOVABLE, RefusalCode.NOT_A_SCOUT)
            return _lie(Lie(MarsalLie.ILLEGAL_HIDDEN_MOVE if hidden else LieCode.ILLEGAL_ACTION, p, number,
                            f"{p}'s device {'made an illegal move' if hidden else 'sent an illegal turn'} at "
                            f"turn {number}: {refusal.message}", {"reason": refusal.message}))
        play = action.action if isinstance(action, OfferDraw) else action
        if isinstance(play, Attack):
            lie = _attack_lie(state, game_id, roots, number, play, told)
            if lie is not None:
                return _lie(lie)
        played = state.apply(action)
        if isinstance(play, Attack):
            assert told.outcome is not None and played.clash is not None and played.defender is not None
            said = Clash(told.outcome["outcome"])
            if said is not played.clash:
                return _lie(wrong_outcome(p, number, play, said, played.clash, played.defender))
        pat = state.outcome is not None and state.outcome.reason is Termination.PAT
        if told.pat_after is not None and not pat:
            return _lie(Lie(LieCode.FALSE_END, told.pat_after, number + 1,
                            f"{told.pat_after}'s device said it had no legal action at turn {number + 1}, "
                            "but it had"))
        if number % ACTIONS_PER_STEP == 0:
            yield
    if state.outcome is None:
        liar = state.to_play or PLAYERS[0]
        return _lie(Lie(LieCode.FALSE_END, liar, state.turn, "the devices said the game ended, but the rules "
                                                             "play on"))
    winner = state.outcome.winner
    return Verification(Verified.VERIFIED, None, Record.from_state(state),
                        None if winner is None else winner.value, state=state)


def _attack_lie(state: State, game_id: str, roots: Mapping[Player, bytes], number: int, play: Attack,
                told: _Play) -> Lie | None:
    """What is wrong with the openings of an attack (its defender's reveal, the attacker's own),
    or None. The outcome is judged once the attack is applied."""
    p, q = told.player, told.player.opponent
    if told.outcome is None or set(told.outcome) - {"outcome", "attacker"}:
        return Lie(LieCode.BAD_OPENINGS, p, number, f"{p}'s device sent no outcome of its attack {play}")
    try:
        Clash(told.outcome["outcome"])
    except ValueError:
        return Lie(LieCode.BAD_OPENINGS, p, number, f"{p}'s device sent no outcome R9 knows")
    for who, square, raw in ((q, play.end, told.reveal), (p, play.start, told.outcome.get("attacker"))):
        if raw is None:
            continue
        found = state.piece_at(square)
        assert found is not None
        handle = _handle_at(state, square)
        try:
            piece = opened(game_id, who, roots[who], handle, raw)
        except (ValueError, EncodingError):
            piece = None
        if piece is None or piece is not found[1]:
            return Lie(LieCode.OPENING_MISMATCH, who, number, f"{who}'s device opened the piece on {square} "
                                                              "other than the one it committed to",
                       {"square": str(square)})
    return None


def _handle_at(state: State, square: Square) -> int:
    handle: int = state._cell[square.index]
    return handle


def _lie(lie: Lie) -> Verification:
    return Verification(Verified.LIE, lie, None, Player(lie.player).opponent.value)


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
        if side is None:
            raise ValueError("an onlooker of Maršál a Špión verifies the whole game at its end")
        return MarsalKnowledge(options, names, side, secret, game_id)

    def verifying(self, options: Options, names: Mapping[str, str | None],
                  messages: Sequence[Message]) -> Steps[Verification]:
        return verifying(options, names, messages)
