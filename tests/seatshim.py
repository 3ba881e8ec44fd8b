"""TEMPORARY stand-in for mortar/seat.py (SEAT.md) until it lands on main: a seat-like value
built from a Game, with the agreed field names. Deleted once Game.seat exists."""

from __future__ import annotations

from dataclasses import dataclass

from mortar import Game, Move, Position, Sacrifice, Square, Turn
from mortar.rules import PieceType, half_rows, opponent


@dataclass(frozen=True)
class OwnPiece:
    number: int
    position: Position
    type: PieceType
    alive: bool


@dataclass(frozen=True)
class SeenAction:
    player: str
    turn: int
    shot: Square | None
    hit: bool | None
    sacrificed: Square | None
    resigned: bool
    lost: int | None
    action: object
    moved_from: Position | None


class ShimSeat:
    def __init__(self, game: Game, player: str) -> None:
        self._game = game.copy()
        self.player = player
        self.options = game.options
        self.phase = game.phase
        self.turn = game.turn
        self.to_play = game.to_play
        self.acting = game.to_play == player and game.phase == "play"
        self.pieces = tuple(OwnPiece(n, game.position(player, n), game.piece_type(player, n),
                                     game.is_alive(player, n))
                            for n in (1, 2, 3)) if player in game.setups else ()
        log = []
        for played in game.history:
            a = played.action
            own = played.player == player
            shot = a.shot.at if isinstance(a, Turn) and a.shot else None
            sac = game.position(played.player, a.piece).square if isinstance(a, Sacrifice) else None
            log.append(SeenAction(played.player, played.turn, shot, played.hit if shot else None, sac,
                                  not isinstance(a, Turn | Sacrifice),
                                  played.destroyed if not own and played.hit else None,
                                  a if own else None, played.moved_from if own else None))
        self.log = tuple(log)
        self.skips = game.skips(player)
        self.must_shoot = self.acting and game.must_shoot(player)
        self.must_sacrifice = self.acting and game.must_sacrifice()
        self.half = frozenset(s for s in Square.all() if s.row in half_rows(player))
        self.enemy_half = frozenset(s for s in Square.all() if s.row in half_rows(opponent(player)))
        self.max_skips = 2
        self.craters = frozenset(game.craters())
        self.enemy_wrecks = tuple(e.shot if e.player == player else e.sacrificed for e in self.log
                                  if (e.player == player and e.hit) or (e.player != player and e.sacrificed))

    def legal_moves(self, piece: int):
        return tuple(self._game.legal_moves(piece))

    def legal_shots(self, piece: int, move: Move | None = None):
        return tuple(self._game.legal_shots(piece, move))

    def may_skip(self) -> bool:
        return self._game.may_skip()

    def legal_actions(self):
        return self._game.legal_actions()

    def __eq__(self, other):
        return isinstance(other, ShimSeat) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def _key(self):
        return (self.player, self.options, self.phase, self.turn, self.pieces, self.log, self.skips)


def seat(game: Game, player: str) -> ShimSeat:
    return ShimSeat(game, player)
