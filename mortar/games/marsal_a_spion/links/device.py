"""Maršál a Špión by links, one device's side (:mod:`mortar.games.marsal_a_spion.links`): what
it knows of the game, the steps its player's actions make, and the other device's steps checked as
they come."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mortar.kit import commitment
from mortar.kit.commitment import EncodingError, MerkleTree
from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.envelope import NAME_LONGEST
from mortar.kit.link import LinkCode
from mortar.kit.protocol import IllegalActionError
from mortar.kit.records import RecordError
from mortar.kit.remote.verdicts import Lie, LieCode, Rejection, illegal
from mortar.kit.secretlinks import SecretKnowledge

from .. import legality
from ..actions import Attack, Move, Play, Played, Removed, Setup
from ..board import HOME_MASK, PLAYERS, SQUARES, Player, Square
from ..pieces import CLASHES, Clash, Piece
from ..plays import Forces, LegalPlays
from ..record import action_json, read_action_object
from ..rules import Options, Outcome, Phase, Termination
from ..seat import EnemyPiece, OwnPiece, Seat, read_history
from . import HANDLES, leaves, opened, opening, wrong_outcome

NOBODY = -1


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



class MarsalKnowledge(SecretKnowledge[Player]):
    """What one device knows of a game of Maršál a Špión by links: its own army whole, where
    every piece stands, and of the enemy's army what R13 shows (the package's docstring)."""

    name_shortest, name_longest = 1, NAME_LONGEST
    kept = "its army is there"

    def __init__(self, options: Options, names: Mapping[str, str | None], side: str, secret: bytes,
                 game_id: str) -> None:
        super().__init__(PLAYERS, names, Player(side), secret, game_id)
        self.options = options
        self.enemy = self.side.opponent
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
            raise illegal(sender, self.turns + 1, refusal)
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


def _owner(handle: int) -> Player:
    return Player.RED if HOME_MASK[Player.RED] >> handle & 1 else Player.BLUE
