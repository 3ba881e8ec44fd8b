"""The state of a game of Maršál a Špión and how actions change it (RULINGS R4–R12).

:class:`State` holds the whole truth, both armies' secrets included. The table, records, the
referee and the computers ask it (or a player's :meth:`State.seat`) what may be done and hand it
actions through :meth:`State.apply`, which applies a whole legal action or raises
:class:`IllegalActionError` and changes nothing. Which moves and attacks are legal is decided by
:class:`.plays.LegalPlays` alone; why anything else is refused, by :mod:`.legality`.

Each piece is known by its *handle*, the index of the square it was set up on: the state keeps,
by square, the handle standing there and, by handle, the piece and its square; and per player
the masks of squares the move generator and the end checks read.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.protocol import IllegalActionError, Refusal

from . import legality
from .actions import Action, Attack, Move, Played, Removed, Setup, random_setup
from .board import HOME_MASK, PLAYERS, SIDE_NEIGHBOURS, SQUARES, Player, Square, squares_of
from .pieces import CLASHES, Clash, Piece
from .plays import Forces, LegalPlays
from .rules import Options, Outcome, Phase, Termination
from .seat import EnemyPiece, OwnPiece, Seat, read_history

NOBODY = -1
_new = tuple.__new__  # a history entry made with all its fields: quicker than Played(...)
_NO_FORCES = Forces(0, 0, 0, 0)
_NO_PLAYS = LegalPlays(*_NO_FORCES)
_HOME_HANDLES = tuple(tuple(sq.index for sq in squares_of(HOME_MASK[p])) for p in PLAYERS)


class State:
    """A game from the first setup to the end. Mutable; :meth:`copy` gives an independent one.

    ``history``: one :class:`Played` per action applied, setups included (turn 0); ``turns``:
    the actions of play taken; ``inactivity``: actions in a row without an attack (R12.6);
    ``draw_offer``: the player whose last action offered a draw, while the offer stands;
    ``tray``: the removed pieces, in the order they left the board (R9)."""

    __slots__ = ("options", "names", "history", "setups", "tray", "turns", "inactivity", "draw_offer",
                 "outcome", "_cell", "_piece", "_square", "_own", "_movable", "_scouts", "_miners",
                 "_minefields", "_flag", "_plays")

    def __init__(self, options: Options | None = None,
                 names: Mapping[str, str | None] | None = None) -> None:
        self.options = options if options is not None else Options()
        self.names: dict[Player, str | None] = {p: (names or {}).get(p) for p in PLAYERS}
        self.history: list[Played] = []
        self.setups: dict[Player, Setup] = {}
        self.tray: list[Removed] = []
        self.turns = 0
        self.inactivity = 0
        self.draw_offer: Player | None = None
        self.outcome: Outcome | None = None
        count = len(SQUARES)
        self._cell = [NOBODY] * count  # by square index: the handle of the piece there
        self._piece: list[Piece | None] = [None] * count  # by handle
        self._square = [NOBODY] * count  # by handle: its square's index, NOBODY once removed
        # By side (0 Red, 1 Blue), masks of squares: all pieces, movable ones, scouts, miners,
        # minefields; and the flag's square.
        self._own = [0, 0]
        self._movable = [0, 0]
        self._scouts = [0, 0]
        self._miners = [0, 0]
        self._minefields = [0, 0]
        self._flag = [NOBODY, NOBODY]
        self._plays: LegalPlays | None = None  # of the player to act, found once per position

    def copy(self) -> State:
        other = State.__new__(State)
        other.options, other.names = self.options, dict(self.names)
        other.history, other.setups, other.tray = list(self.history), dict(self.setups), list(self.tray)
        other.turns, other.inactivity = self.turns, self.inactivity
        other.draw_offer, other.outcome = self.draw_offer, self.outcome
        other._cell, other._piece, other._square = list(self._cell), list(self._piece), list(self._square)
        other._own, other._movable, other._scouts = list(self._own), list(self._movable), list(self._scouts)
        other._miners, other._minefields = list(self._miners), list(self._minefields)
        other._flag = list(self._flag)
        other._plays = self._plays  # immutable
        return other

    # --- what the game is at -------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        if self.outcome is not None:
            return Phase.OVER
        return Phase.SETUP if len(self.setups) < 2 else Phase.PLAY

    @property
    def to_play(self) -> Player | None:
        """The player to act (setting up: Red, then Blue), or None once the game is over."""
        if self.outcome is not None:
            return None
        if len(self.setups) < 2:
            return PLAYERS[len(self.setups)]
        return PLAYERS[self.turns & 1]

    @property
    def turn(self) -> int:
        """The number of the action to be taken next (setups are not numbered)."""
        return self.turns + 1

    @property
    def winner(self) -> Player | None:
        return None if self.outcome is None else self.outcome.winner

    def piece_at(self, square: Square) -> tuple[Player, Piece] | None:
        """Whose piece stands on ``square`` and what it is, or None."""
        handle = self._cell[square.index]
        if handle == NOBODY:
            return None
        piece = self._piece[handle]
        assert piece is not None
        return _owner(handle), piece

    def pieces(self, player: Player) -> dict[Square, Piece]:
        """``player``'s pieces on the board, by square."""
        out = {}
        for handle in _HOME_HANDLES[PLAYERS.index(player)]:
            square, piece = self._square[handle], self._piece[handle]
            if square != NOBODY and piece is not None:
                out[SQUARES[square]] = piece
        return out

    def forces(self, player: Player | None = None) -> Forces:
        """``player``'s forces (default: the player to act), what their legal plays depend on."""
        player = player or self.to_play
        if player is None:
            return _NO_FORCES
        me = PLAYERS.index(player)
        return Forces(self._own[me], self._movable[me], self._scouts[me], self._own[1 - me])

    def own_piece_at(self, square: Square) -> Piece | None:
        """What the piece of the player to act on ``square`` is, or None."""
        found = self.piece_at(square)
        return found[1] if found is not None and found[0] is self.to_play else None

    def may_accept_draw(self) -> bool:
        return self.draw_offer is not None and self.outcome is None

    # --- what the player to act may do ---------------------------------------------------

    def legal_plays(self) -> LegalPlays:
        """Every legal move and attack of the player to act in play (R6–R8); none otherwise."""
        plays = self._plays
        if plays is None:
            if self.outcome is not None or len(self.setups) < 2:
                return _NO_PLAYS
            me = self.turns & 1
            plays = self._plays = LegalPlays(self._own[me], self._movable[me], self._scouts[me],
                                             self._own[1 - me])
        return plays

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of the player to act in play: the moves and attacks, and accepting
        a draw right after the opponent's action offered one (R12.4; resigning, R12.5, is legal
        and not listed: the kit's protocol). A
        draw is offered with a move or an attack (``OfferDraw(move)``), legal where the move is.
        Empty while the armies are set up (a setup is too large to list: :meth:`random_action`)
        and once the game is over."""
        if self.phase is not Phase.PLAY:
            return []
        actions: list[Action] = list(self.legal_plays())  # (resigning is legal, not listed)
        if self.draw_offer is not None:
            actions.append(AcceptDraw())
        return actions

    def random_action(self, rng: random.Random) -> Setup | Move | Attack:
        """A random setup while setting up, else a uniformly random legal move or attack."""
        plays = self._plays
        if plays is None:
            plays = self.legal_plays()
        if plays:
            return plays.pick(rng)
        if self.outcome is not None:
            raise IllegalActionError(legality.game_over(self.outcome))
        # Setting up: in play there is always a play, as PAT would have ended the game.
        return random_setup(PLAYERS[len(self.setups)], rng)

    def refusal(self, action: object) -> Refusal | None:
        """None when ``action`` is legal for the player to act now, else why not. Never raises,
        whatever ``action`` is."""
        cls = type(action)
        if (cls is Move or cls is Attack) and action in self.legal_plays():  # the usual case
            return None
        return legality.refusal(self, action)

    # --- changing the state --------------------------------------------------------------

    def apply(self, action: object) -> Played:
        """Apply a legal action of the player to act and return its history entry; or raise
        :class:`IllegalActionError` saying why and change nothing."""
        if type(action) is Move or type(action) is Attack:  # the usual case, quickly
            plays = self._plays
            if plays is None:
                plays = self.legal_plays()
            if action in plays:
                return self._play(action, False)
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        if isinstance(action, Move | Attack):
            return self._play(action, False)
        if isinstance(action, OfferDraw):
            return self._play(action.action, True)
        if isinstance(action, Setup):
            return self._set_up(action)
        player = PLAYERS[self.turns & 1]
        self.turns += 1
        self.draw_offer = None
        if isinstance(action, Resign):
            played = Played(player, self.turns, Resign())
            self._end(player.opponent, Termination.RESIGNATION)
        else:
            played = Played(player, self.turns, AcceptDraw())
            self._end(None, Termination.AGREED_DRAW)
        self.history.append(played)
        return played

    def play(self, actions: Sequence[object]) -> None:
        for action in actions:
            self.apply(action)

    def _set_up(self, setup: Setup) -> Played:
        player = PLAYERS[len(self.setups)]
        side = len(self.setups)
        for square, piece in setup.pieces:
            handle = square.index  # a piece's handle is the square it is set up on
            self._cell[handle] = self._square[handle] = handle
            self._piece[handle] = piece
            bit = 1 << handle
            self._own[side] |= bit
            if piece.movable:
                self._movable[side] |= bit
            if piece is Piece.SCOUT:
                self._scouts[side] |= bit
            elif piece is Piece.MINER:
                self._miners[side] |= bit
            elif piece is Piece.MINEFIELD:
                self._minefields[side] |= bit
            elif piece is Piece.FLAG:
                self._flag[side] = handle
        self.setups[player] = setup
        played = Played(player, 0, setup)
        self.history.append(played)
        if len(self.setups) == 2:
            self._settle(player, None)
        return played

    def _play(self, play: Move | Attack, offer: bool) -> Played:
        me = self.turns & 1
        player = PLAYERS[me]
        self.turns += 1
        start, end = play.start.index, play.end.index
        handle = self._cell[start]
        piece = self._piece[handle]
        assert piece is not None
        if type(play) is Move:
            self._step(me, handle, piece, start, end)
            self.inactivity += 1
            played = _new(Played, (player, self.turns, play, offer, SQUARES[handle], piece,
                                   None, None, None, ()))
        else:
            target = self._cell[end]
            defender = self._piece[target]
            assert defender is not None
            clash = CLASHES[piece.order][defender.order]
            if clash is Clash.ATTACKER_WINS or clash is Clash.FLAG_CAPTURED:
                removed: tuple[Removed, ...] = (self._remove(1 - me, target),)
                self._step(me, handle, piece, start, end)
            elif clash is Clash.DEFENDER_WINS:
                removed = (self._remove(me, handle),)
            else:
                removed = (self._remove(me, handle), self._remove(1 - me, target))
            self.inactivity = 0
            played = _new(Played, (player, self.turns, play, offer, SQUARES[handle], piece,
                                   SQUARES[target], defender, clash, removed))
        self.history.append(played)
        self.draw_offer = player if offer else None
        self._plays = None
        self._settle(player, played.clash)
        return played

    def _step(self, side: int, handle: int, piece: Piece, start: int, end: int) -> None:
        """The piece ``handle`` of ``side`` goes from square ``start`` to the empty ``end``."""
        self._cell[start], self._cell[end] = NOBODY, handle
        self._square[handle] = end
        both = 1 << start | 1 << end
        self._own[side] ^= both
        self._movable[side] ^= both  # only movable pieces go anywhere
        if piece is Piece.SCOUT:
            self._scouts[side] ^= both
        elif piece is Piece.MINER:
            self._miners[side] ^= both

    def _remove(self, side: int, handle: int) -> Removed:
        """Take the piece ``handle`` of ``side`` off the board into the tray (R9)."""
        square = self._square[handle]
        self._cell[square] = self._square[handle] = NOBODY
        keep = ~(1 << square)
        self._own[side] &= keep
        self._movable[side] &= keep
        self._scouts[side] &= keep
        self._miners[side] &= keep
        self._minefields[side] &= keep
        piece = self._piece[handle]
        assert piece is not None
        removed = Removed(PLAYERS[side], SQUARES[handle], piece, self.turns)
        self.tray.append(removed)
        return removed

    def _settle(self, player: Player, clash: Clash | None) -> None:
        """The end checks after an action, in RECORD.md's order: the flag captured; no hope
        (R12.3; only an attack changes what it looks at); the inactivity limit (R12.6); and, at
        the start of the next player's turn, PAT (R12.2)."""
        if clash is Clash.FLAG_CAPTURED:
            self._end(player, Termination.FLAG_CAPTURED)
        elif clash is not None and self.options.no_hope_draw and self._hopeless(0) and self._hopeless(1):
            self._end(None, Termination.NO_HOPE)
        elif (limit := self.options.inactivity_limit) is not None and self.inactivity >= limit:
            self._end(None, Termination.INACTIVITY)
        else:
            me = self.turns & 1  # the next player's turn starts: the legal plays are theirs
            self._plays = LegalPlays(self._own[me], self._movable[me], self._scouts[me], self._own[1 - me])
            if not self._plays:
                self._end(None, Termination.PAT)

    def _hopeless(self, side: int) -> bool:
        """``side`` can never capture the enemy flag (R12.3): it has no movable piece, or no
        Miner while the enemy flag is surrounded by the enemy's minefields (R10)."""
        if not self._movable[side]:
            return True
        enemy = 1 - side
        return not self._miners[side] and not SIDE_NEIGHBOURS[self._flag[enemy]] & ~self._minefields[enemy]

    def _end(self, winner: Player | None, reason: Termination) -> None:
        """The one place an outcome is made."""
        self.outcome = Outcome(winner, reason, self.turns)
        self._plays = None

    # --- what a player may know ----------------------------------------------------------

    def seat(self, player: str) -> Seat:
        """Everything ``player`` may know now, with that player's own questions (R13)."""
        player = Player(player)
        over = self.outcome is not None
        log, known, moved, ran = read_history(self.history, player)
        me = PLAYERS.index(player)
        own, enemy = [], []
        for handle in _HOME_HANDLES[me]:
            square, piece = self._square[handle], self._piece[handle]
            if square != NOBODY and piece is not None:
                own.append(OwnPiece(SQUARES[handle], SQUARES[square], piece))
        for handle in _HOME_HANDLES[1 - me]:
            square, piece = self._square[handle], self._piece[handle]
            if square != NOBODY:
                tag = SQUARES[handle]
                enemy.append(EnemyPiece(tag, SQUARES[square], piece if over else known.get(tag),
                                        tag in moved, tag in ran))
        return Seat(player, self.options, (self.names[Player.RED], self.names[Player.BLUE]),
                    self.phase, self.to_play, self.turns, self.inactivity, self.draw_offer,
                    tuple(own), tuple(enemy), tuple(self.tray), log, self.setups.get(player),
                    self.setups.get(player.opponent) if over else None, self.outcome)


if TYPE_CHECKING:  # the state and the seat are the kit's State and Seat
    from mortar.kit import protocol

    def _conforms(state: State, seat: Seat) -> tuple[protocol.State[Action, Seat], protocol.Seat[Action]]:
        return state, seat


def _owner(handle: int) -> Player:
    return Player.RED if HOME_MASK[Player.RED] >> handle & 1 else Player.BLUE
