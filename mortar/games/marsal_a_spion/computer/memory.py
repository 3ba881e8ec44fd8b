"""What the computer remembers of a game beyond the seat's own fields, worked out from the seat's
log alone (R13, R14): the log is replayed over the squares every player saw filled at the start,
so each piece is followed by its handle.

For each enemy piece: how many of the enemy's turns it stood unmoved although it could have
stepped somewhere (a piece that never moves when it could is likelier a Minefield or the Flag),
when it last acted, and what its moves say of its rank (its *reading*, below). For the enemy as a
whole: how readily it brings out a new piece. For each own piece: whether the enemy knows what
it is (it defended against an enemy attack and survived, R13; it ran like a Scout; it cleared a
Minefield; it took the Marshal), the highest rank it took (the enemy can tell it outranks that),
and the squares it stood on lately (so that the computer does not shuffle a piece to and fro).

The reading of an enemy piece is evidence, per kind, in natural-log odds: a piece that steps up
beside a piece of ours the enemy knows is likelier one that beats it (the Spy, if ours is the
Marshal); one that steps away from it, likelier one that does not; one that stays beside it turn
after turn without attacking, likelier one that does not beat it. (A piece the enemy only knows
to outrank something reads half as much.) The belief weighs it (:mod:`.belief`).

A memory is a pure function of the seat's own setup and log; it is cached by them and extended
when the log grows, so a whole game costs one replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..actions import Attack, Move, Setup
from ..board import HOME_MASK, PLAYABLE_MASK, Player, squares_of
from ..pieces import CLASHES, PIECES, Clash, Piece
from ..seat import Seat, SeenAction
from .geometry import AROUND_MASK, SIDES

RECENT = 4  # squares remembered per own piece
KINDS = len(PIECES)
MOVERS = tuple(range(Piece.SPY.order + 1))
SPY, MARSHAL, SCOUT = Piece.SPY.order, Piece.MARSHAL.order, Piece.SCOUT.order
STEP_UP = 0.9  # log odds a step up to (or away from) a piece the enemy knows reads
IDLE = 0.3  # ... and a turn beside it without attacking
FLOOR = 0.4  # a step up to a piece the enemy knows only to outrank something
CAP = 4.0  # no reading beyond these log odds either way


def _reading(toward: int, sign: float, strength: float) -> list[float]:
    """Log odds per kind for a step up to (``sign`` 1) or away from (-1) our kind ``toward``."""
    out = [0.0] * KINDS
    clashes = CLASHES
    for k in MOVERS:
        if k == SPY and toward == MARSHAL:
            out[k] = 2 * sign * strength
        elif clashes[k][toward] is Clash.ATTACKER_WINS:
            out[k] = sign * strength
        elif clashes[k][toward] is Clash.DEFENDER_WINS:
            out[k] = -sign * strength
    return out


_UP = tuple(_reading(k, 1.0, STEP_UP) for k in range(KINDS))
_AWAY = tuple(_reading(k, -1.0, STEP_UP) for k in range(KINDS))
_IDLE = tuple([-IDLE if k in MOVERS and (CLASHES[k][toward] is Clash.ATTACKER_WINS
                                         or (k == SPY and toward == MARSHAL)) else 0.0
               for k in range(KINDS)] for toward in range(KINDS))


@dataclass
class Memory:
    """The replayed log of one seat (see the module docstring). Indexes are square indexes;
    a piece is named by its handle's index."""

    player: Player
    at: list[int]  # by square: the handle standing there, or -1
    occupied: int  # mask of occupied squares
    still: set[int]  # enemy handles that have never moved
    chances: dict[int, int] = field(default_factory=dict)  # enemy handle -> turns it could have moved
    last_acted: dict[int, int] = field(default_factory=dict)  # enemy handle -> turn of its last action
    first_moves: int = 0  # enemy pieces brought out, over ...
    all_chances: int = 0  # ... every enemy turn an unmoved piece could have moved
    exposed: set[int] = field(default_factory=set)  # own handles the enemy has seen defend
    recent: dict[int, list[int]] = field(default_factory=dict)  # own handle -> squares it left, latest last
    own_turns: dict[int, int] = field(default_factory=dict)  # own handle -> turn it last acted
    beaten: dict[int, int] = field(default_factory=dict)  # own handle -> highest rank it took attacking
    kinds: dict[int, int] = field(default_factory=dict)  # own handle -> its kind's order
    shown: dict[int, int] = field(default_factory=dict)  # own handle -> its kind, known to the enemy
    reading: dict[int, list[float]] = field(default_factory=dict)  # enemy handle -> log odds per kind
    seen: int = 0  # log entries replayed

    @classmethod
    def start(cls, player: Player, own_setup: Setup) -> Memory:
        at = [-1] * len(AROUND_MASK)
        occupied = 0
        kinds = {}
        for square, piece in own_setup.pieces:
            at[square.index] = square.index
            occupied |= 1 << square.index
            kinds[square.index] = piece.order
        enemy = [sq.index for sq in squares_of(HOME_MASK[player.opponent])]
        for index in enemy:
            at[index] = index
            occupied |= 1 << index
        return cls(player, at, occupied, set(enemy), kinds=kinds)

    def copy(self) -> Memory:
        return Memory(self.player, list(self.at), self.occupied, set(self.still), dict(self.chances),
                      dict(self.last_acted), self.first_moves, self.all_chances, set(self.exposed),
                      {h: list(s) for h, s in self.recent.items()}, dict(self.own_turns),
                      dict(self.beaten), self.kinds, dict(self.shown),
                      {h: list(r) for h, r in self.reading.items()}, self.seen)

    def follow(self, log: Sequence[SeenAction]) -> None:
        """Replay the entries of ``log`` not yet seen."""
        for seen in log[self.seen:]:
            self._replay(seen)
        self.seen = len(log)

    def move_rate(self) -> float:
        """How often, per turn it could, an unmoved enemy piece is brought out: a random player
        soon moves almost everything, a careful one keeps pieces still for long. (A weak prior
        of one piece in fifty chances keeps the first turns calm.)"""
        return (self.first_moves + 1) / (self.all_chances + 50)

    def _replay(self, seen: SeenAction) -> None:
        action = seen.action
        if not isinstance(action, Move | Attack) or seen.handle is None:
            return  # accepting a draw or resigning moves nothing
        handle = seen.handle.index
        enemy = seen.player is not self.player
        start, end = action.start.index, action.end.index
        if enemy:
            empty = PLAYABLE_MASK & ~self.occupied
            for piece in self.still:  # (an unmoved piece stands on its handle's square)
                if AROUND_MASK[piece] & empty:
                    self.chances[piece] = self.chances.get(piece, 0) + 1
                    self.all_chances += 1
            if handle in self.still:
                self.still.discard(handle)
                self.first_moves += 1
            self.last_acted[handle] = seen.turn
            self._read(handle, start, end, isinstance(action, Move))
        else:
            squares = self.recent.setdefault(handle, [])
            squares.append(start)
            del squares[:-RECENT]
            self.own_turns[handle] = seen.turn
            row, column = divmod(start, 10)
            if max(abs(end // 10 - row), abs(end % 10 - column)) > 1:
                self.shown[handle] = SCOUT  # it ran: a Scout (R7)
        if isinstance(action, Move):
            self._step(handle, start, end)
            return
        for removed in seen.removed:
            gone = removed.handle.index
            where = start if gone == handle else end
            self.at[where] = -1
            self.occupied &= ~(1 << where)
            self.still.discard(gone)
            self.exposed.discard(gone)
            self.shown.pop(gone, None)
        if seen.clash in (Clash.ATTACKER_WINS, Clash.FLAG_CAPTURED):
            self._step(handle, start, end)
            if not enemy and seen.learned is not None:  # the enemy saw what it lost to us
                self.beaten[handle] = max(self.beaten.get(handle, 0), seen.learned.rank)
                if seen.learned is Piece.MINEFIELD:
                    self.shown[handle] = Piece.MINER.order
                elif seen.learned is Piece.MARSHAL:
                    self.shown[handle] = SPY
        elif seen.clash is Clash.DEFENDER_WINS and enemy and seen.defender_handle is not None:
            defender = seen.defender_handle.index
            self.exposed.add(defender)  # the enemy saw the defender (R9)
            self.shown[defender] = self.kinds[defender]

    def _read(self, handle: int, start: int, end: int, moved: bool) -> None:
        """What the enemy's action with ``handle`` says of its pieces' ranks (the module
        docstring), read before the board changes."""
        at, own = self.at, self.kinds
        # Enemy pieces that stood beside a piece of ours they know and did not attack it.
        for square in range(len(at)):
            piece = at[square]
            if piece < 0 or piece in own or piece == handle or piece in self.still:
                continue
            for side in SIDES[square]:
                mine = at[side]
                if mine in self.shown:
                    self._add(piece, _IDLE[self.shown[mine]], 1.0)
        if not moved:
            return
        before = {at[s] for s in SIDES[start] if at[s] in own}
        after = {at[s] for s in SIDES[end] if at[s] in own and s != start}
        for mine in after - before:
            if mine in self.shown:
                kind = self.shown[mine]
                self._add(handle, _UP[kind], 0.5 if not PIECES[kind].movable else 1.0)
            elif self.beaten.get(mine, 0):
                self._floor(handle, self.beaten[mine], FLOOR)
        for mine in before - after:
            if mine in self.shown:
                kind = self.shown[mine]
                self._add(handle, _AWAY[kind], 0.5 if not PIECES[kind].movable else 1.0)
            elif self.beaten.get(mine, 0):
                self._floor(handle, self.beaten[mine], -FLOOR)

    def _add(self, handle: int, odds: Sequence[float], share: float) -> None:
        row = self.reading.get(handle)
        if row is None:
            row = self.reading[handle] = [0.0] * KINDS
        for k in MOVERS:
            x = row[k] + share * odds[k]
            row[k] = CAP if x > CAP else -CAP if x < -CAP else x

    def _floor(self, handle: int, rank: int, strength: float) -> None:
        self._add(handle, [strength if PIECES[k].rank > rank else -strength for k in range(KINDS)], 1.0)

    def _step(self, handle: int, start: int, end: int) -> None:
        self.at[start] = -1
        self.at[end] = handle
        self.occupied ^= 1 << start | 1 << end


_CACHE: list[tuple[Player, Setup, tuple[SeenAction, ...], Memory]] = []
_KEEP = 4  # two computers of one game, and a spare


def memory(seat: Seat) -> Memory:
    """The memory of ``seat`` (do not change it: it may be shared with the next call)."""
    assert seat.own_setup is not None, "a memory starts once this seat has set up"
    log = seat.log
    best: tuple[Player, Setup, tuple[SeenAction, ...], Memory] | None = None
    for entry in _CACHE:
        player, setup, done, _ = entry
        if (player is seat.player and setup == seat.own_setup and len(done) <= len(log)
                and (best is None or len(done) > len(best[2])) and log[:len(done)] == done):
            best = entry
    if best is not None and len(best[2]) == len(log):
        return best[3]
    found = best[3].copy() if best is not None else Memory.start(seat.player, seat.own_setup)
    found.follow(log)
    _CACHE.append((seat.player, seat.own_setup, log, found))
    if len(_CACHE) > _KEEP:
        del _CACHE[0]
    return found


def forget() -> None:
    """Drop the cached memories (tests and benchmarks)."""
    _CACHE.clear()
