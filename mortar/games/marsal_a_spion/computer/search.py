"""The search over attacks under the rank model: the best few plays the weigher found are played
out against enemy armies drawn from the belief (each enemy piece given a kind, the counts kept),
two more plies deep.

1. Our play, resolved in that army (an attack wins, loses or trades as R9 says).
2. The enemy's best attack in reply, as the enemy would choose it: it knows what it has seen of
   ours (:attr:`.memory.Memory.shown`, and the rank an attacker of ours has shown it outranks)
   and weighs the rest by our pieces still on the board that fit (it knows our army's counts,
   R3, and the tray, R9); it attacks only when that looks worth it. The outcome is the true one:
   we know our pieces.
3. Our best attack back on the piece that took ours, chosen on our belief (the piece beats what
   it took), its outcome that army's.

A play's worth is the mean, over the armies, of the material each ply wins and loses (our
losses counted ``Style.caution`` times, as the weigher counts danger), plus what the weigher
finds in it beyond material: what it shows, how it draws pieces to their targets, the guards of
our Flag. So an attack is judged by what it is likely to meet and what follows, and a move by
the enemy's best answer anywhere on the board, not only at the moved piece's square.

Work depends on the seat alone: the armies are drawn from a generator seeded by the seat's
decision (:mod:`.player`), never from the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Attack, Move
from ..pieces import CLASHES, PIECES, Clash, Piece
from .belief import KINDS, MOVABLE
from .geometry import RAYS, SIDES
from .values import INSIGHT
from .weigh import Weigher

SCOUT, SPY, MARSHAL, GENERAL = Piece.SCOUT.order, Piece.SPY.order, Piece.MARSHAL.order, Piece.GENERAL.order
MINEFIELD, FLAG = Piece.MINEFIELD.order, Piece.FLAG.order
RANK = tuple(p.rank for p in PIECES)
WINS, LOSES, BOTH, TAKES_FLAG = (Clash.ATTACKER_WINS, Clash.DEFENDER_WINS, Clash.BOTH_REMOVED,
                                 Clash.FLAG_CAPTURED)
EAGER = 5.0  # points of seeming gain below which the enemy rather moves than attacks


class Search:
    """The search of one decision (see the module docstring)."""

    def __init__(self, weigher: Weigher, rng: random.Random, samples: int) -> None:
        self.w = weigher
        belief = weigher.belief
        self.armies = [belief.sample(rng) for _ in range(samples)]
        style = weigher.style
        self.caution = style.caution
        self.own_at = {square: (handle, piece.order) for square, (handle, piece) in weigher.own_at.items()}
        self.enemy_at = weigher.enemy_at
        own_left = [0] * KINDS
        shown_left = [0] * KINDS
        self.shown = {}
        for handle, kind in self.own_at.values():
            own_left[kind] += 1
            if handle in weigher.shown:
                shown_left[kind] += 1
                self.shown[handle] = kind
        # What the enemy may think an own piece it has not seen is: our pieces on the board it
        # has not seen, by kind.
        self.unseen = [own_left[k] - shown_left[k] for k in range(KINDS)]
        self._seeming: dict[tuple[int, int], list[float]] = {}  # (handle, floor) -> per enemy kind
        self._back: dict[tuple[int, int], list[float]] = {}
        self.threats: list[list[tuple[float, int, int, int, int]]] = []  # per army, found when first asked

    # --- the enemy's view of our pieces -----------------------------------------------------

    def seeming(self, handle: int, kind: int, floor: int, moved: bool) -> list[float]:
        """Per enemy kind: what attacking our piece ``handle`` (truly ``kind``) seems worth to
        the enemy, from what it knows of the piece: it moved, it outranks ``floor``."""
        shown = handle in self.shown
        key = (handle if shown else -1 - moved, floor)
        found = self._seeming.get(key)
        if found is not None:
            return found
        if shown:
            view = [0.0] * KINDS
            view[kind] = 1.0
        else:
            view = [float(n) if (PIECES[k].movable or not moved) and RANK[k] >= floor + (floor > 0) else 0.0
                    for k, n in enumerate(self.unseen)]
            total = sum(view) or 1.0
            view = [x / total for x in view]
        out = []
        for e in range(KINDS):
            value = -1e9
            if e in MOVABLE:
                value = 0.0
                for k, p in enumerate(view):
                    if p:
                        value += p * self._exchange(e, k)
                        if not shown and CLASHES[e][k] is LOSES:  # a lost probe shows our piece
                            value += p * INSIGHT[PIECES[k]]
            out.append(value)
        self._seeming[key] = out
        return out

    def _exchange(self, enemy: int, own: int) -> float:
        """What an enemy ``enemy`` attacking our ``own`` is worth to the enemy."""
        w = self.w
        clash = CLASHES[enemy][own] if own != FLAG else TAKES_FLAG
        if clash is TAKES_FLAG:
            return w.win
        if clash is WINS:
            return w.own_worth[own]
        if clash is BOTH:
            return w.own_worth[own] - w.enemy_worth[enemy]
        return -w.enemy_worth[enemy]

    # --- playing a play out -----------------------------------------------------------------

    def _threats(self, army: Sequence[int]) -> list[tuple[float, int, int, int, int]]:
        """The enemy's attacks in the position as it stands, best-seeming first: (seeming
        worth, enemy piece, our square, our handle, square a Scout's line passes or -1)."""
        w = self.w
        out = []
        for square, (h, k) in self.own_at.items():
            seeming = self.seeming(h, k, w.floors.get(h, 0), h in w.moved)
            for s in SIDES[square]:
                j = self.enemy_at.get(s)
                if j is not None and army[j] <= SPY and seeming[army[j]] > EAGER:
                    out.append((seeming[army[j]], j, square, h, -1))
            if seeming[SCOUT] <= EAGER:
                continue
            for ray in RAYS[square]:
                for distance, s in enumerate(ray):
                    j = self.enemy_at.get(s)
                    if j is not None:
                        if distance and army[j] == SCOUT:
                            out.append((seeming[SCOUT], j, square, h, ray[0]))
                        break
                    if s in self.own_at:
                        break
        out.sort(reverse=True)
        return out

    def value(self, play: Move | Attack) -> float:
        """The mean material worth of ``play`` and what follows (the module docstring); an
        attack's defender takes each kind at its odds, the rest of the army as drawn."""
        if not self.threats:
            self.threats = [self._threats(army) for army in self.armies]
        total = 0.0
        if isinstance(play, Attack):
            i = self.enemy_at[play.end.index]
            kinds = [(k, p) for k, p in enumerate(self.w.belief.odds[i]) if p > 0.002]
            for army, threats in zip(self.armies, self.threats):
                for k, p in kinds:
                    total += p * self._line(play, army, threats, k)
        else:
            for army, threats in zip(self.armies, self.threats):
                total += self._line(play, army, threats, -1)
        return total / len(self.armies)

    def _line(self, play: Move | Attack, army: Sequence[int],
              threats: list[tuple[float, int, int, int, int]], defender: int) -> float:
        w = self.w
        start, end = play.start.index, play.end.index
        handle, kind = self.own_at[start]
        caution = self.caution
        gained = 0.0
        taken = -1  # the enemy piece our attack removed
        moved_to = end
        floor = w.floors.get(handle, 0)
        if defender >= 0:
            i = self.enemy_at[end]
            clash = CLASHES[kind][defender]
            if clash is TAKES_FLAG:
                return w.win
            if clash is WINS:
                taken = i
                gained = w.clear[i] if defender == MINEFIELD else w.enemy_worth[defender]
                floor = max(floor, RANK[defender])
            elif clash is BOTH:
                taken = i
                gained = w.enemy_worth[defender] - caution * w.own_worth[kind]
                moved_to = -1
            else:
                loss = w.own_worth[kind] * (w.style.dread if kind in (MARSHAL, GENERAL) else 1.0)
                if kind == MARSHAL and defender == SPY:
                    loss *= w.style.spy_dread
                gained = -caution * loss
                moved_to = -1
        # The enemy's reply: its best-seeming attack on any of our pieces. First those of the
        # position as it stood that our play leaves possible ...
        best = EAGER
        hit = hit_square = hit_kind = -1
        for seems, attacker, square, h, through in threats:
            if seems <= best:
                break
            if h == handle or attacker == taken:
                continue
            if through >= 0 and moved_to >= 0 and self._between(square, attacker, moved_to):
                continue
            best, hit, hit_square, hit_kind = seems, attacker, square, self.own_at[square][1]
            break
        # ... then those on our piece where it now stands.
        if moved_to >= 0:
            seeming = self.seeming(handle, kind, floor, True)
            for s in SIDES[moved_to]:
                j = self.enemy_at.get(s)
                if j is not None and j != taken:
                    e = army[j]
                    if e <= SPY and seeming[e] > best:
                        best, hit, hit_square, hit_kind = seeming[e], j, moved_to, kind
            if seeming[SCOUT] > best:
                for ray in RAYS[moved_to]:  # an enemy Scout along a clear line (R7)
                    for distance, s in enumerate(ray):
                        if s == start:
                            continue  # (left empty by our play)
                        j = self.enemy_at.get(s)
                        if j is not None and j != taken:
                            if distance and army[j] == SCOUT:
                                best, hit, hit_square, hit_kind = seeming[SCOUT], j, moved_to, kind
                            break
                        if s in self.own_at:
                            break
        if hit < 0:
            return gained
        e = army[hit]
        clash = CLASHES[e][hit_kind] if hit_kind != FLAG else TAKES_FLAG
        if clash is TAKES_FLAG:
            return gained - caution * w.win
        if clash is LOSES:
            return gained + w.enemy_worth[e]
        if clash is BOTH:
            return gained + w.enemy_worth[e] - caution * w.own_worth[hit_kind]
        reply = -caution * w.own_worth[hit_kind]
        # Our attack back on the piece that took ours (it stands on our piece's square now).
        own = self._back_attack(hit, hit_kind, hit_square, start, moved_to)
        if own is None:
            return gained + reply
        clash = CLASHES[own][e]
        if clash is WINS:
            reply += w.enemy_worth[e]
        elif clash is BOTH:
            reply += w.enemy_worth[e] - caution * w.own_worth[own]
        else:
            reply -= caution * w.own_worth[own]
        return gained + reply

    def _between(self, square: int, j: int, block: int) -> bool:
        """Whether ``block`` lies on the line from our ``square`` to enemy piece ``j``."""
        other = self.w.belief.squares[j]
        for ray in RAYS[square]:
            if other in ray:
                return block in ray[:ray.index(other)]
        return False

    def _back_attack(self, i: int, beaten: int, square: int, start: int, moved_to: int) -> int | None:
        """The kind of our piece that would attack enemy piece ``i`` after it took our ``beaten``
        on ``square``, or None: the one whose attack seems best on our belief of ``i`` (a kind
        that beats ``beaten``)."""
        best, choice = 0.0, None
        for s in SIDES[square]:
            if s == start:
                continue
            mine = self.own_at.get(s)
            if mine is None:
                if s != moved_to:
                    continue
                mine = self.own_at[start]
            kind = mine[1]
            if kind not in MOVABLE:
                continue
            value = self._back_value(i, beaten, kind)
            if value > best:
                best, choice = value, kind
        return choice

    def _back_value(self, i: int, beaten: int, kind: int) -> float:
        key = (i * KINDS + beaten, kind)
        found = self._back.get(key)
        if found is not None:
            return found[0]
        w = self.w
        row = w.belief.odds[i]
        odds = [p if k in MOVABLE and (CLASHES[k][beaten] is WINS) else 0.0 for k, p in enumerate(row)]
        total = sum(odds)
        value = 0.0
        if total > 0:
            for k, p in enumerate(odds):
                if p:
                    clash = CLASHES[kind][k]
                    if clash is WINS:
                        value += p / total * w.enemy_worth[k]
                    elif clash is BOTH:
                        value += p / total * (w.enemy_worth[k] - w.own_worth[kind])
                    else:
                        value -= p / total * w.own_worth[kind] * self.caution
        self._back[key] = [value]
        return value
