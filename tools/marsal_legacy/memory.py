"""What the computer remembers of a game beyond the seat's own fields, worked out from the seat's
log alone (R13, R14): the log is replayed over the squares every player saw filled at the start,
so each piece is followed by its handle.

For each enemy piece: how many of the enemy's turns it stood unmoved although it could have
stepped somewhere (a piece that never moves when it could is likelier a Minefield or the Flag),
and when it last acted. For the enemy as a whole: how readily it brings out a new piece. For each
own piece: whether the enemy knows what it is (it defended against an enemy attack and
survived, R13), the highest rank it took (the enemy can tell it outranks that), and the squares
it stood on lately (so that the computer does not shuffle a piece to and fro).

A memory is a pure function of the seat's own setup and log; it is cached by them and extended
when the log grows, so a whole game costs one replay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from mortar.games.marsal_a_spion.actions import Attack, Move, Setup
from mortar.games.marsal_a_spion.board import HOME_MASK, PLAYABLE_MASK, Player, squares_of
from mortar.games.marsal_a_spion.pieces import Clash
from mortar.games.marsal_a_spion.seat import Seat, SeenAction

from .geometry import AROUND_MASK

RECENT = 4  # squares remembered per own piece


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
    seen: int = 0  # log entries replayed

    @classmethod
    def start(cls, player: Player, own_setup: Setup) -> Memory:
        at = [-1] * len(AROUND_MASK)
        occupied = 0
        for square, _ in own_setup.pieces:
            at[square.index] = square.index
            occupied |= 1 << square.index
        enemy = [sq.index for sq in squares_of(HOME_MASK[player.opponent])]
        for index in enemy:
            at[index] = index
            occupied |= 1 << index
        return cls(player, at, occupied, set(enemy))

    def copy(self) -> Memory:
        return Memory(self.player, list(self.at), self.occupied, set(self.still), dict(self.chances),
                      dict(self.last_acted), self.first_moves, self.all_chances, set(self.exposed),
                      {h: list(s) for h, s in self.recent.items()}, dict(self.own_turns),
                      dict(self.beaten), self.seen)

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
        else:
            squares = self.recent.setdefault(handle, [])
            squares.append(action.start.index)
            del squares[:-RECENT]
            self.own_turns[handle] = seen.turn
        start, end = action.start.index, action.end.index
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
        if seen.clash in (Clash.ATTACKER_WINS, Clash.FLAG_CAPTURED):
            self._step(handle, start, end)
            if not enemy and seen.learned is not None:  # the enemy saw what it lost to us
                self.beaten[handle] = max(self.beaten.get(handle, 0), seen.learned.rank)
        elif seen.clash is Clash.DEFENDER_WINS and enemy and seen.defender_handle is not None:
            self.exposed.add(seen.defender_handle.index)  # the enemy saw the defender (R9)

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
