"""A seat: everything one player may know now, and that player's own questions (RULINGS R13,
R14). Built by :meth:`.state.State.seat`; this module does not import the state.

A :class:`Seat` is an immutable, hashable value. It holds the player's own pieces and setup;
each enemy piece on the board by its *handle* (the square it was set up on, which every player
saw filled, so the handle is public and follows the piece as it moves) with its square, its
identity only where R13 lets this player know it, and the public facts of its moves; the tray of
removed pieces; every action of play with its visible outcome; the turn, the inactivity counter,
a standing draw offer, the options and the outcome. Nothing else of the opponent's. Two games
that differ only in what this player may not know give equal seats (``==`` and ``hash``).

Its questions (legal actions, refusals, a random action) are answered from the seat alone: a
player's legal actions depend only on which squares are occupied, by whom, and the player's
own pieces (:mod:`.plays`, :mod:`.legality`), the same checks the state asks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from mortar.kit.common import AcceptDraw, Resign
from mortar.kit.protocol import IllegalActionError, Refusal

from . import legality
from .actions import Action, ActionKind, Attack, Move, Played, RefusalCode, Removed, Setup, random_setup
from .board import Player, Square, mask
from .pieces import Clash, Piece
from .plays import Forces, LegalPlays
from .rules import Options, Outcome, Phase


@dataclass(frozen=True)
class OwnPiece:
    """One of the seat's own pieces on the board."""

    handle: Square  # the square it was set up on
    square: Square
    piece: Piece


@dataclass(frozen=True)
class EnemyPiece:
    """An enemy piece on the board as this player may know it (R13).

    ``known``: its identity, only when it defended against this player's attack and survived
    (a minefield that removed an attacker is one), or once the game is over. ``moved`` and
    ``ran`` are public facts: it has moved or attacked, so it is no minefield or flag; it moved
    or attacked two or more squares along a line, so it is a Scout (R7)."""

    handle: Square
    square: Square
    known: Piece | None = None
    moved: bool = False
    ran: bool = False


@dataclass(frozen=True)
class SeenAction:
    """One action of play as this player may know it. Everything here is public except
    ``learned``: the enemy piece's identity the action showed this player (the defender of an
    own attack, R9; an enemy attacker that was removed, R13)."""

    turn: int
    player: Player
    kind: ActionKind
    action: Move | Attack | AcceptDraw | Resign
    offer_draw: bool = False
    handle: Square | None = None  # the acting piece
    defender_handle: Square | None = None
    clash: Clash | None = None
    removed: tuple[Removed, ...] = ()
    learned: Piece | None = None


@dataclass(frozen=True)
class Clue:
    """What public facts and this player's own knowledge tell of an enemy piece (the deduction
    aid, R14): seen, moved, ran like a Scout, and which own pieces it removed by attacking."""

    handle: Square
    known: Piece | None
    moved: bool
    ran: bool
    beat: tuple[Piece, ...]

    def words(self) -> str | None:
        """The clue in words, strongest first, or None when nothing is known."""
        if self.known is not None:
            return self.known.word
        if Piece.MARSHAL in self.beat:
            return "Spy"  # only the Spy removes a Marshal it attacks (R11)
        if Piece.MINEFIELD in self.beat:
            return "Miner"
        if self.ran:
            return "Scout"
        ranked = [p for p in self.beat if p.movable]
        if ranked:
            return f"outranks your {max(ranked, key=lambda p: p.rank).word}"
        if self.moved:
            return "not a minefield or the flag"
        return None


def read_history(history: Sequence[Played], viewer: Player) -> tuple[
        tuple[SeenAction, ...], dict[Square, Piece], set[Square], set[Square]]:
    """The actions of play as ``viewer`` may know them, the enemy pieces (by handle) whose
    identity the viewer saw defend and survive, and those that moved and that ran (R13)."""
    log: list[SeenAction] = []
    known: dict[Square, Piece] = {}
    moved: set[Square] = set()
    ran: set[Square] = set()
    for entry in history:
        if entry.turn == 0:  # a setup: the own one is the seat's, the enemy's is secret
            continue
        own = entry.player is viewer
        action = entry.action
        assert not isinstance(action, Setup)
        learned = None
        if isinstance(action, Attack):
            if own:
                learned = entry.defender  # the attacker's side is shown the defender (R9)
                if (entry.clash is Clash.DEFENDER_WINS and entry.defender_handle is not None
                        and entry.defender is not None):
                    known[entry.defender_handle] = entry.defender
            elif entry.clash in (Clash.DEFENDER_WINS, Clash.BOTH_REMOVED):
                learned = entry.piece  # a beaten attacker is handed over (R13)
        if not own and isinstance(action, Move | Attack) and entry.handle is not None:
            moved.add(entry.handle)
            if max(abs(action.end.column - action.start.column), abs(action.end.row - action.start.row)) > 1:
                ran.add(entry.handle)
        log.append(SeenAction(entry.turn, entry.player, entry.kind, action, entry.offer_draw,
                              entry.handle, entry.defender_handle, entry.clash, entry.removed, learned))
    return tuple(log), known, moved, ran


@dataclass(frozen=True)
class Seat:
    """What ``player`` may know now and may ask (see the module docstring). ``names``: Red's
    and Blue's; ``turns``: actions of play taken; ``draw_offer``: the player whose last action
    offered a draw, while the offer stands; ``enemy_setup``: shown once the game is over."""

    player: Player
    options: Options
    names: tuple[str | None, str | None]
    phase: Phase
    to_play: Player | None
    turns: int
    inactivity: int
    draw_offer: Player | None
    own: tuple[OwnPiece, ...]
    enemy: tuple[EnemyPiece, ...]
    tray: tuple[Removed, ...]
    log: tuple[SeenAction, ...]
    own_setup: Setup | None
    enemy_setup: Setup | None
    outcome: Outcome | None
    # Derived from the fields above, kept for the questions:
    _forces: Forces = field(init=False, compare=False, hash=False, repr=False)
    _own_at: dict[Square, Piece] = field(init=False, compare=False, hash=False, repr=False)
    _plays: LegalPlays | None = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        forces = Forces(mask(p.square for p in self.own),
                        mask(p.square for p in self.own if p.piece.movable),
                        mask(p.square for p in self.own if p.piece is Piece.SCOUT),
                        mask(p.square for p in self.enemy))
        object.__setattr__(self, "_forces", forces)
        object.__setattr__(self, "_own_at", {p.square: p.piece for p in self.own})
        object.__setattr__(self, "_plays", None)

    # --- what the seat knows, derived ----------------------------------------------------

    @property
    def opponent(self) -> Player:
        return self.player.opponent

    @property
    def acting(self) -> bool:
        """This seat's player is to act in play."""
        return self.phase is Phase.PLAY and self.to_play is self.player

    @property
    def turn(self) -> int:
        """The number of the action to be taken next (setups are not numbered)."""
        return self.turns + 1

    def own_piece_at(self, square: Square) -> Piece | None:
        return self._own_at.get(square)

    def enemy_at(self, square: Square) -> EnemyPiece | None:
        for piece in self.enemy:
            if piece.square is square:
                return piece
        return None

    def clues(self) -> dict[Square, Clue]:
        """By handle, what is known or follows of each enemy piece on the board (R14)."""
        beat: dict[Square, list[Piece]] = {}
        for seen in self.log:
            enemy_won = seen.player is not self.player and seen.clash is Clash.ATTACKER_WINS
            if enemy_won and seen.handle is not None:
                beat.setdefault(seen.handle, []).extend(r.piece for r in seen.removed)
        return {p.handle: Clue(p.handle, p.known, p.moved, p.ran, tuple(beat.get(p.handle, ())))
                for p in self.enemy}

    # --- questions, answered from the seat alone ---------------------------------------

    def forces(self) -> Forces:
        return self._forces

    def legal_plays(self) -> LegalPlays:
        """The moves and attacks of this seat's pieces as they stand (R6–R8)."""
        if self._plays is None:  # a value of the seat's fields, computed once
            object.__setattr__(self, "_plays", LegalPlays(*self._forces))
        assert self._plays is not None
        return self._plays

    def may_accept_draw(self) -> bool:
        return self.draw_offer is self.player.opponent and self.to_play is self.player

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of this player when they are to act in play: the moves and
        attacks, resigning, and accepting a draw right after the opponent offered one. Empty
        otherwise (a setup, too large to list, is left out: :meth:`random_action` answers)."""
        if not self.acting or self.outcome is not None:
            return []
        actions: list[Action] = list(self.legal_plays())  # (resigning is legal, not listed)
        if self.may_accept_draw():
            actions.append(AcceptDraw())
        return actions

    def refusal(self, action: object) -> Refusal | None:
        """Why ``action`` may not be this player's action now, or None when it may."""
        return legality.refusal(self, action, self.player)

    def random_action(self, rng: random.Random) -> Setup | Move | Attack:
        """A random setup while this player sets up, or a uniformly random move or attack
        when they are to act (never resigning or a draw)."""
        if self.outcome is None and self.to_play is self.player:
            if self.phase is Phase.SETUP:
                return random_setup(self.player, rng)
            return rng.choice(self.legal_plays())
        if self.outcome is not None:
            raise IllegalActionError(legality.game_over(self.outcome))
        raise IllegalActionError(Refusal(RefusalCode.NOT_YOUR_TURN, f"it is {self.to_play}'s turn"))
