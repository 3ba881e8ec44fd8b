"""Reference players for Maršál a Špión's computer: bench code, never shipped (tools/ only).

They decide from their own seat only (R13, R14), like the computer, but share none of its
modules (mortar/games/marsal_a_spion/computer/): their rank model, setup and weighing are their
own, so that the computer is measured against players whose blind spots are not its own. They
play the way issue 34 describes a strong person:

* ``reader`` -- reads ranks. Per enemy piece, odds of each kind from its whole public history:
  the hard facts (it moved, so it is no Minefield or Flag; it ran, so a Scout; it beat a piece,
  so it outranks it) and the soft ones (it never moved when it could: a Minefield or the Flag;
  it walked up to a piece of ours the enemy had seen: it beats that piece, or it is the Spy and
  ours the Marshal; it stepped away from one: it does not; it attacked a piece it had not seen:
  a strong piece), fitted to the counts still on the board. Its setup resists Miners digging
  toward its Flag: the Flag in the back row behind two rings of Minefields where the row allows,
  Riflemen and Scouts (which beat Miners) beside the rings. Its Marshal keeps away from likely
  Spies and attacks nothing that may be one. Each legal play is weighed once: what an attack is
  expected to win or lose, how near a move brings a piece to what it wants to attack, and the
  danger at its square from the enemy's pieces around (those that know what it is attack it when
  they beat it).
* ``reader+`` -- the same, and also: probes (a cheap piece attacks an unknown one to see it,
  worth what knowing it is worth), Miners routed to the Minefields of the Flag it believes in,
  two guards kept by its own Flag's rings, and the best plays checked against the enemy's best
  reply in sampled armies (each enemy piece drawn from the rank model; the enemy attacks what it
  knows it beats).

``python tools/marsal_duel.py hard reader+ --games 200`` plays them; ``make duel-marsal`` too.
"""

from __future__ import annotations

import random
import sys
from collections import deque
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mortar.games.marsal_a_spion.actions import Attack, Move, Setup  # noqa: E402
from mortar.games.marsal_a_spion.board import FORBIDDEN, SQUARES, Player, home_squares
from mortar.games.marsal_a_spion.pieces import CLASHES, PIECES, Clash, Piece
from mortar.games.marsal_a_spion.rules import Phase
from mortar.kit.grid import DIRECTIONS, ORTHOGONAL

KINDS = len(PIECES)
MAR, GEN, CPT, CDT, CPL, RFL, SCT, MIN, SPY, MF, FLG = range(KINDS)
MOVING = tuple(range(9))
RANK = [p.rank for p in PIECES]
COUNT = [p.count for p in PIECES]
N = len(SQUARES)

# --- the board, measured once ----------------------------------------------------------------


def _steps(index: int, directions: Any) -> tuple[int, ...]:
    out = []
    for d in directions:
        n = SQUARES[index].step(d)
        if n is not None and n not in FORBIDDEN:
            out.append(n.index)
    return tuple(out)


NEAR = tuple(_steps(i, DIRECTIONS) for i in range(N))
SIDE = tuple(_steps(i, ORTHOGONAL) for i in range(N))


def _ray_of(index: int, direction: Any) -> tuple[int, ...]:
    out = []
    for square in SQUARES[index].ray(direction):
        if square in FORBIDDEN:
            break
        out.append(square.index)
    return tuple(out)


LINES = tuple(tuple(_ray_of(i, d) for d in ORTHOGONAL) for i in range(N))
_REACH: dict[int, list[int]] = {}


def reach(target: int) -> list[int]:
    """Turns a one-step piece on each square needs to attack ``target`` (99: never)."""
    found = _REACH.get(target)
    if found is not None:
        return found
    dist = [99] * N
    todo: deque[int] = deque()
    for s in SIDE[target]:
        dist[s] = 1
        todo.append(s)
    while todo:
        here = todo.popleft()
        for n in NEAR[here]:
            if n != target and dist[n] == 99:
                dist[n] = dist[here] + 1
                todo.append(n)
    _REACH[target] = dist
    return dist


def depth(player: Player, index: int) -> int:
    """0 the back row of ``player``'s home … 3 its front row; more beyond."""
    row = SQUARES[index].row
    return row - 1 if player is Player.RED else 11 - row


def result(attacker: int, defender: int) -> Clash:
    return CLASHES[attacker][defender]


# --- the setup -------------------------------------------------------------------------------


def reader_setup(player: Player, rng: random.Random) -> Setup:
    """The Flag in the back row (now and then the row before), its sides Minefields and, where
    the Minefields allow, the squares a Miner would clear them from Minefields too; Riflemen and
    Scouts beside the rings; the rest of the Minefields a decoy; the Spy by the General."""
    home = [sq.index for sq in home_squares(player)]
    placed: dict[int, int] = {}
    back = [i for i in home if depth(player, i) == 0]
    flag = rng.choice(back) if rng.random() < 0.85 else rng.choice([i for i in home if depth(player, i) == 1])
    placed[flag] = FLG
    ring = [s for s in SIDE[flag] if s in home]
    for s in ring:
        placed[s] = MF
    mines = 8 - len(ring)
    outer = sorted({o for s in ring for o in SIDE[s] if o in home and o not in placed})
    rng.shuffle(outer)
    for o in outer[:mines]:
        placed[o] = MF
    mines -= min(mines, len(outer))
    free = [i for i in home if i not in placed]
    # Guards that beat Miners, beside the rings.
    rim = [i for i in free if any(placed.get(s) == MF for s in NEAR[i])]
    rng.shuffle(rim)
    for i, kind in zip(rim, (RFL, SCT, RFL, CPL)):
        placed[i] = kind
    # The other Minefields: a decoy closing a back-row square, else scattered not in front.
    free = [i for i in home if i not in placed]
    decoys = [i for i in free if depth(player, i) <= 1 and all(s in free or s not in home for s in SIDE[i])
              and sum(1 for s in SIDE[i] if s in home) <= mines]
    if decoys and mines:
        centre = rng.choice(decoys)
        for s in SIDE[centre]:
            if s in home and mines:
                placed[s] = MF
                mines -= 1
    while mines:
        free = [i for i in home if i not in placed and depth(player, i) < 3]
        placed[rng.choice(free)] = MF
        mines -= 1
    army = [k for k in range(KINDS) for _ in range(COUNT[k])]
    for kind in placed.values():
        army.remove(kind)
    free = [i for i in home if i not in placed]
    general = rng.choice([i for i in free if 1 <= depth(player, i) <= 2])
    placed[general] = GEN
    army.remove(GEN)
    spy = [i for i in NEAR[general] if i in home and i not in placed]
    if spy:
        placed[rng.choice(spy)] = SPY
        army.remove(SPY)
    # By depth: Scouts to the front, Miners back, the rest spread.
    want = {SCT: (0.3, 0.6, 1.2, 3.0), MIN: (3.0, 2.0, 0.8, 0.3), MAR: (0.3, 1.0, 1.5, 0.6)}
    rng.shuffle(army)
    army.sort(key=lambda k: k not in want)
    for kind in army:
        free = [i for i in home if i not in placed]
        weights = [want.get(kind, (0.8, 1.0, 1.0, 1.0))[depth(player, i)] for i in free]
        placed[rng.choices(free, weights)[0]] = kind
    return Setup(tuple((SQUARES[i], PIECES[k]) for i, k in placed.items()))


# --- the rank model --------------------------------------------------------------------------


class Model:
    """One seat's log replayed: where every piece stands, what each enemy piece did, and what
    the enemy knows of ours (see the module docstring)."""

    def __init__(self, seat: Any) -> None:
        self.me = me = seat.player
        self.at: dict[int, tuple[bool, int]] = {}  # square -> (mine, handle)
        self.mine: dict[int, int] = {}  # my handle -> kind
        for square, piece in seat.own_setup.pieces:
            self.at[square.index] = (True, square.index)
            self.mine[square.index] = piece.order
        self.evidence: dict[int, list[float]] = {}
        self.chances: dict[int, int] = {}
        self.unmoved: set[int] = set()
        for square in home_squares(me.opponent):
            self.at[square.index] = (False, square.index)
            self.evidence[square.index] = [1.0] * KINDS
            self.chances[square.index] = 0
            self.unmoved.add(square.index)
        self.brought_out = 0
        self.all_chances = 0
        self.shown: dict[int, int] = {}  # my handle -> kind the enemy saw
        self.floor: dict[int, int] = {}  # my handle -> the highest rank it took attacking
        self.moved_mine: set[int] = set()
        self.log: tuple[Any, ...] = ()
        self.follow(seat)

    def follow(self, seat: Any) -> Model:
        """Replay the entries of the seat's log not yet seen (the same game's, later)."""
        for seen in seat.log[len(self.log):]:
            self._replay(seen)
        self.log = seat.log
        return self

    def continues(self, seat: Any) -> bool:
        return (seat.player is self.me and len(seat.log) >= len(self.log)
                and seat.log[:len(self.log)] == self.log)

    def _replay(self, seen: Any) -> None:
        action = seen.action
        if not isinstance(action, Move | Attack) or seen.handle is None:
            return
        handle, start, end = seen.handle.index, action.start.index, action.end.index
        if seen.player is self.me:
            self.moved_mine.add(handle)
            if max(abs(action.end.column - action.start.column), abs(action.end.row - action.start.row)) > 1:
                self.shown[handle] = SCT
            self._resolve(seen, handle, start, end, mine=True)
            return
        # The enemy's turn: the stillness of its unmoved pieces, then what the move says.
        for h in self.unmoved:
            if any(n not in self.at for n in NEAR[h]):
                self.chances[h] += 1
                self.all_chances += 1
        if handle in self.unmoved:
            self.unmoved.discard(handle)
            self.brought_out += 1
        ev = self.evidence[handle]
        before = {self.at[s][1] for s in SIDE[start] if s in self.at and self.at[s][0]}
        if isinstance(action, Move):
            del self.at[start]
            self.at[end] = (False, handle)
            after = {self.at[s][1] for s in SIDE[end] if s in self.at and self.at[s][0]}
            for m in after - before:
                kind = self.shown.get(m)
                if kind is not None:
                    _approach(ev, kind, 3.0)
                elif m in self.floor:
                    _above(ev, self.floor[m], 1.6)
            for m in before - after:
                kind = self.shown.get(m)
                if kind is not None:
                    _approach(ev, kind, 1 / 2.5)
            return
        target = self.at.get(end)
        # it attacked a piece it had not seen and won: a strong piece, likely
        blind = target is not None and target[0] and target[1] not in self.shown
        if blind and seen.clash is Clash.ATTACKER_WINS:
            for k in MOVING:
                ev[k] *= 0.5 + RANK[k] / 9
        self._resolve(seen, handle, start, end, mine=False)

    def _resolve(self, seen: Any, handle: int, start: int, end: int, mine: bool) -> None:
        if isinstance(seen.action, Move):
            del self.at[start]
            self.at[end] = (mine, handle)
            return
        defender = self.at.get(end)
        for removed in seen.removed:
            gone = removed.handle.index
            where = start if gone == handle else end
            self.at.pop(where, None)
            self.shown.pop(gone, None)
            self.floor.pop(gone, None)
            self.unmoved.discard(gone)
        if seen.clash in (Clash.ATTACKER_WINS, Clash.FLAG_CAPTURED):
            self.at.pop(start, None)
            self.at[end] = (mine, handle)
            if mine and seen.learned is not None:
                taken = seen.learned.order
                if taken == MF:
                    self.shown[handle] = MIN
                elif taken == MAR:
                    self.shown[handle] = SPY
                else:
                    self.floor[handle] = max(self.floor.get(handle, 0), RANK[taken])
        elif seen.clash is Clash.DEFENDER_WINS and not mine and defender is not None:
            self.shown[defender[1]] = self.mine[defender[1]]

    def move_rate(self) -> float:
        return (self.brought_out + 1) / (self.all_chances + 40)


def _approach(ev: list[float], kind: int, strength: float) -> None:
    """A piece walked up to (``strength`` > 1) or away from (< 1) our ``kind``, which it knew."""
    for k in MOVING:
        clash = result(k, kind)
        if kind == MAR and k == SPY:
            ev[k] *= strength * 2
        elif clash is Clash.ATTACKER_WINS:
            ev[k] *= strength
        elif clash is Clash.DEFENDER_WINS:
            ev[k] /= strength


def _above(ev: list[float], rank: int, strength: float) -> None:
    for k in MOVING:
        ev[k] *= strength if RANK[k] > rank else 1 / strength


def believe(seat: Any, model: Model) -> tuple[list[int], list[list[float]], list[bool], list[int]]:
    """Per enemy piece: its square, odds per kind, whether known; and the kinds left."""
    enemy = seat.player.opponent
    left = list(COUNT)
    for removed in seat.tray:
        if removed.player is enemy:
            left[removed.piece.order] -= 1
    free = list(left)
    clues = seat.clues()
    keep = max(0.05, 1.0 - 1.2 * model.move_rate())
    squares, rows, known = [], [], []
    for piece in seat.enemy:
        squares.append(piece.square.index)
        if piece.known is not None:
            free[piece.known.order] -= 1
            rows.append([1.0 if k == piece.known.order else 0.0 for k in range(KINDS)])
            known.append(True)
            continue
        clue = clues[piece.handle]
        row = list(model.evidence[piece.handle.index])
        if clue.moved:
            row[MF] = row[FLG] = 0.0
        if clue.ran:
            row = [x if k == SCT else 0.0 for k, x in enumerate(row)]
        for beaten in clue.beat:
            row = [x if k < 9 and result(k, beaten.order) is Clash.ATTACKER_WINS else 0.0
                   for k, x in enumerate(row)]
        d = min(3, depth(enemy, piece.handle.index))
        if not clue.moved:
            stayed = keep ** model.chances.get(piece.handle.index, 0)
            for k in MOVING:
                row[k] *= stayed
            row[FLG] *= (3.0, 1.2, 0.4, 0.1)[d]
            row[MF] *= (1.2, 1.2, 1.0, 0.7)[d]
        row[SCT] *= (0.7, 0.8, 1.1, 1.4)[d]
        row[MIN] *= (1.3, 1.1, 0.9, 0.7)[d]
        rows.append(row)
        known.append(False)
    _fit(rows, known, free)
    return squares, rows, known, left


def _fit(rows: list[list[float]], known: list[bool], free: list[int]) -> None:
    unknown = [i for i, k in enumerate(known) if not k]
    for i in unknown:
        row = rows[i]
        for k in range(KINDS):
            if free[k] <= 0:
                row[k] = 0.0
        if sum(row) <= 0:
            rows[i] = [1.0 if free[k] > 0 else 0.0 for k in range(KINDS)]
    for _ in range(25):
        for i in unknown:
            total = sum(rows[i])
            if total > 0:
                rows[i] = [x / total for x in rows[i]]
        for k in range(KINDS):
            total = sum(rows[i][k] for i in unknown)
            if total > 0 and free[k] > 0:
                scale = free[k] / total
                for i in unknown:
                    rows[i][k] *= scale
    for i in unknown:
        total = sum(rows[i]) or 1.0
        rows[i] = [x / total for x in rows[i]]


# --- weighing the plays ----------------------------------------------------------------------

VALUE = [420.0, 260.0, 150.0, 90.0, 60.0, 40.0, 25.0, 45.0, 140.0, 10.0, 0.0]
INSIGHT = [90.0, 60.0, 25.0, 10.0, 6.0, 4.0, 2.0, 5.0, 60.0, 15.0, 0.0]
WIN = 3000.0


class Reader:
    """The rank-reading reference (``strong``: ``reader+``; see the module docstring)."""

    def __init__(self, seed: Any, strong: bool = False) -> None:
        self.seed = seed
        self.strong = strong
        self.label = self.level = "reader+" if strong else "reader"
        self.model: Model | None = None  # the game's log replayed so far

    def choose(self, seat: Any) -> Any:
        rng = random.Random(f"{self.seed}|{self.label}|{seat.player}|{seat.turns}")
        if seat.phase is Phase.SETUP:
            return reader_setup(seat.player, rng)
        if self.model is None or not self.model.continues(seat):
            self.model = Model(seat)
        weigher = Weigher(seat, self.model.follow(seat), self.strong)
        plays = list(seat.legal_plays())
        scored = sorted(((weigher.weigh(p) + rng.random() * 0.5, i) for i, p in enumerate(plays)),
                        reverse=True)
        if self.strong and len(scored) > 1:
            best = [plays[i] for _, i in scored[:6]]
            first = {id(p): s for p, (s, _) in zip(best, scored)}
            replies = weigher.replies(best, rng)
            choice = max(best, key=lambda p: first[id(p)] - replies[id(p)])
            return choice
        return plays[scored[0][1]]


class Weigher:
    def __init__(self, seat: Any, model: Model, strong: bool) -> None:
        self.seat, self.model, self.strong = seat, model, strong
        self.me = seat.player
        self.squares, self.odds, self.known, self.left = believe(seat, model)
        self.enemy_at = {s: i for i, s in enumerate(self.squares)}
        self.own_at = {p.square.index: (p.handle.index, p.piece.order) for p in seat.own}
        mine = [0] * KINDS
        for p in seat.own:
            mine[p.piece.order] += 1
        self.mine_left = mine
        self.value = list(VALUE)
        self.theirs = list(VALUE)
        if self.left[MAR] == 0:
            self.value[SPY] = 5.0
        if mine[MAR] == 0:
            self.theirs[SPY] = 5.0
        if mine[MIN]:
            self.value[MIN] = 45.0 + 150.0 / mine[MIN]
        self.insight = [x * (1.0 if strong else 0.4) for x in INSIGHT]
        # An enemy Minefield is worth what the Flag behind it is likely worth.
        self.flag_odds = [row[FLG] for row in self.odds]
        self.clear = []
        for s in self.squares:
            behind = max((self.flag_odds[self.enemy_at[n]] for n in SIDE[s] if n in self.enemy_at),
                         default=0.0)
            self.clear.append(self.theirs[MF] + behind * WIN * (0.5 if strong else 0.2))
        self.flag = next((p.square.index for p in seat.own if p.piece is Piece.FLAG), -1)
        self.threat = self._threats()
        idle = max(0, seat.inactivity - 60)
        self.restless = idle * 1.5
        self._gains: dict[int, list[float]] = {}
        self._danger: dict[tuple[int, int, int, int], float] = {}
        self.ways = self._ways()
        self.watch = (15.0 if strong else 8.0) + 250.0 * min(1.0, sum(self.threat))

    def _threats(self) -> list[float]:
        """Per enemy piece: how near it is to taking our Flag (any moving piece where the Flag
        is open, a Miner where Minefields close it; a Minefield cleared is a step)."""
        out = [0.0] * len(self.squares)
        if self.flag < 0:
            return out
        closed = all(self.own_at.get(s, (0, -1))[1] == MF for s in SIDE[self.flag])
        turns = reach(self.flag)
        for i, s in enumerate(self.squares):
            row = self.odds[i]
            able = row[MIN] if closed else sum(row[k] for k in MOVING)
            t = turns[s]
            out[i] = able * 0.7 ** (t - 1) if t < 12 else 0.0
        return out

    def _ways(self) -> set[int]:
        """The squares a Miner would clear our Flag's Minefields from (those joined to the
        Flag's sides), or the Flag's open sides: a piece of ours standing there blocks it."""
        if self.flag < 0:
            return set()
        works, todo = set(), [s for s in SIDE[self.flag] if self.own_at.get(s, (0, -1))[1] == MF]
        while todo:
            s = todo.pop()
            if s in works:
                continue
            works.add(s)
            todo.extend(n for n in SIDE[s] if self.own_at.get(n, (0, -1))[1] == MF)
        ways = {n for s in works for n in SIDE[s] if n != self.flag and n not in works}
        ways.update(s for s in SIDE[self.flag] if s not in works)
        return {w for w in ways if self.own_at.get(w, (0, -1))[1] not in (MF, FLG)}

    def gains(self, kind: int) -> list[float]:
        found = self._gains.get(kind)
        if found is not None:
            return found
        out = []
        mine = self.value[kind]
        for i, row in enumerate(self.odds):
            total = 0.0
            win = 0.0
            for k in range(KINDS):
                p = row[k]
                if p <= 0:
                    continue
                clash = result(kind, k)
                theirs = self.clear[i] if k == MF else self.theirs[k]
                if clash is Clash.FLAG_CAPTURED:
                    # a strong piece does not gamble itself on a Minefield for the Flag: a
                    # cheap piece can try the same square
                    total += p * WIN * (1.0 if mine <= 60 else 0.15)
                    win += p
                elif k == MF and clash is Clash.DEFENDER_WINS:
                    total -= p * mine * (2.0 if mine > 100 else 1.0)
                elif clash is Clash.ATTACKER_WINS:
                    total += p * theirs
                    win += p
                elif clash is Clash.BOTH_REMOVED:
                    total += p * (theirs - mine)
                elif kind == MAR and k == SPY:
                    total -= p * mine * 3.0  # the Marshal kept from likely Spies
                else:
                    total -= p * mine
                    if not self.known[i]:
                        total += p * self.insight[k]
            if self.threat[i]:
                total += WIN * 0.5 * self.threat[i] * win
            out.append(total + self.restless)
        self._gains[kind] = out
        return out

    def danger(self, kind: int, handle: int, square: int, vacated: int) -> float:
        key = (kind, handle, square, vacated)
        found = self._danger.get(key)
        if found is not None:
            return found
        shown = self.model.shown.get(handle)
        floor = self.model.floor.get(handle, 0)
        mine = self.value[kind]
        total = 0.0
        near = [self.enemy_at[s] for s in SIDE[square] if s in self.enemy_at]
        for i in near:
            total += self._threat(i, kind, shown, floor, mine, range(9))
        for line in LINES[square]:
            for dist, s in enumerate(line):
                if s == vacated:
                    continue
                if s in self.enemy_at:
                    if dist:
                        total += self._threat(self.enemy_at[s], kind, shown, floor, mine, (SCT,))
                    break
                if s in self.own_at:
                    break
        self._danger[key] = total
        return total

    def _threat(self, i: int, kind: int, shown: int | None, floor: int, mine: float, kinds: Any) -> float:
        row = self.odds[i]
        total = 0.0
        for k in kinds:
            p = row[k]
            if p <= 0:
                continue
            clash = result(k, kind) if kind != FLG else Clash.FLAG_CAPTURED
            beats = clash in (Clash.ATTACKER_WINS, Clash.FLAG_CAPTURED)
            if shown is not None:
                q = 0.9 if beats else 0.02
            elif floor:
                q = 0.6 if RANK[k] > floor and beats else 0.1
            else:
                q = 0.3
            if beats:
                total += p * q * mine * (2.0 if kind == MAR and k == SPY else 1.0)
            elif clash is Clash.BOTH_REMOVED:
                total += p * q * (mine - self.theirs[k])
            else:
                total -= p * q * self.theirs[k]
        return total

    def pull(self, kind: int, square: int) -> float:
        gains = self.gains(kind)
        best = 0.0
        for i, g in enumerate(gains):
            if g > best:
                v = g * 0.85 ** (reach(self.squares[i])[square] - 1)
                if v > best:
                    best = v
        return 0.4 * best

    def weigh(self, play: Any) -> float:
        start, end = play.start.index, play.end.index
        handle, kind = self.own_at[start]
        here = self.danger(kind, handle, start, -1)
        if isinstance(play, Attack):
            i = self.enemy_at[end]
            gain = self.gains(kind)[i]
            win = sum(p for k, p in enumerate(self.odds[i])
                      if k != MF and result(kind, k) is Clash.ATTACKER_WINS)
            after = self.danger(kind, handle, end, start) if win else 0.0
            return gain + here - win * after
        score = self.pull(kind, end) - self.pull(kind, start)
        score -= self.danger(kind, handle, end, start) - here
        if handle not in self.model.moved_mine:
            score -= 2.0
        if max(abs(play.end.column - play.start.column), abs(play.end.row - play.start.row)) > 1:
            score -= 3.0  # a run shows a Scout
        if kind not in (MAR, GEN, SPY, MIN):  # blockers of the ways into our Flag
            if start in self.ways:
                score -= self.watch
            if end in self.ways:
                score += self.watch
        return score

    # --- reader+: the enemy's best reply in sampled armies ----------------------------------

    def replies(self, plays: list[Any], rng: random.Random, samples: int = 12) -> dict[int, float]:
        """Per play (by id): the expected loss from the enemy's best attack next turn, over
        sampled enemy armies; the enemy attacks what it knows it beats, and blindly what it
        does not know only with its strongest pieces."""
        armies = [self._sample(rng) for _ in range(samples)]
        out = {}
        for play in plays:
            total = 0.0
            for army in armies:
                total += self._worst_reply(play, army)
            out[id(play)] = total / samples
        return out

    def _sample(self, rng: random.Random) -> list[int]:
        free = list(self.left)
        out = [-1] * len(self.odds)
        for i, row in enumerate(self.odds):
            if self.known[i]:
                out[i] = row.index(max(row))
                free[out[i]] -= 1
        for i in sorted(range(len(self.odds)), key=lambda j: sum(1 for x in self.odds[j] if x > 0)):
            if out[i] >= 0:
                continue
            weights = [p if free[k] > 0 else 0.0 for k, p in enumerate(self.odds[i])]
            if sum(weights) <= 0:
                weights = self.odds[i]
            k = rng.choices(range(KINDS), weights)[0]
            out[i] = k
            free[k] -= 1
        return out

    def _worst_reply(self, play: Any, army: list[int]) -> float:
        start, end = play.start.index, play.end.index
        handle, kind = self.own_at[start]
        own = dict(self.own_at)
        enemy = dict(self.enemy_at)
        gained = 0.0
        shown = dict(self.model.shown)
        del own[start]
        if isinstance(play, Attack):
            i = enemy[end]
            clash = result(kind, army[i])
            if clash is Clash.FLAG_CAPTURED:
                return -WIN
            if clash is Clash.ATTACKER_WINS:
                del enemy[end]
                own[end] = (handle, kind)
                gained = self.clear[i] if army[i] == MF else self.theirs[army[i]]
            elif clash is Clash.BOTH_REMOVED:
                del enemy[end]
                gained = self.theirs[army[i]] - self.value[kind]
            else:
                gained = -self.value[kind]
        else:
            own[end] = (handle, kind)
        worst = 0.0
        for square, (h, k) in own.items():
            for s in SIDE[square]:
                i = enemy.get(s)
                if i is None or army[i] >= 9:
                    continue
                e = army[i]
                clash = result(e, k) if k != FLG else Clash.FLAG_CAPTURED
                seen = shown.get(h)
                if seen is None and RANK[e] < 7 and k != FLG:
                    continue  # blind attacks only by the strong
                if clash is Clash.FLAG_CAPTURED:
                    loss = WIN
                elif clash is Clash.ATTACKER_WINS:
                    loss = self.value[k]
                elif clash is Clash.BOTH_REMOVED:
                    loss = self.value[k] - self.theirs[e]
                else:
                    loss = -self.theirs[e]
                if loss > worst:
                    worst = loss
        return worst - gained


PLAYERS: dict[str, Any] = {
    "reader": lambda seed: Reader(seed),
    "reader+": lambda seed: Reader(seed, strong=True),
}

if __name__ == "__main__":  # a quick look: one game of reader+ against reader
    from mortar.games.marsal_a_spion import GAME

    state = GAME.new()
    players = {"Red": Reader(1, True), "Blue": Reader(1)}
    while state.to_play is not None:
        state.apply(players[str(state.to_play)].choose(state.seat(state.to_play)))
    print(state.outcome)
