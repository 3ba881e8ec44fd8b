"""How the computer weighs each legal move and attack of its seat, in points (values.py).

An attack is worth what it is expected to win or lose over the belief of what the defender is
(R9: a Flag is the game, a Minefield kills all but a Miner, the Spy and the Marshal kill the
Marshal), plus what a lost probe shows (the defender stays, now known), plus what it does to the
danger the attacker stands in. A move is worth how much nearer it brings the piece to the
attacks it wants to make (its *pull*: the best expected gain among the enemy pieces, less for each
turn still needed to get there), less the danger at the new square (enemy pieces that may attack
it next turn, a Scout from along a line included), more the danger it leaves. Enemy pieces near
the own Flag are worth more to stop; pieces the enemy has seen are assumed attacked by what
beats them; the longer nobody attacked, the more an attack is worth (R12.6 would end the game).
"""

from __future__ import annotations

from dataclasses import dataclass

from mortar.games.marsal_a_spion.actions import Attack, Move
from mortar.games.marsal_a_spion.board import PLAYABLE_MASK, SQUARES, Player
from mortar.games.marsal_a_spion.pieces import CLASHES, PIECES, Clash, Piece
from mortar.games.marsal_a_spion.rules import INACTIVITY_LIMIT
from mortar.games.marsal_a_spion.seat import Seat

from .belief import KINDS, MOVABLE, Belief
from .geometry import AROUND_MASK, RAYS, SIDES, SIDES_MASK, reach, walk
from .memory import Memory
from .values import INSIGHT, worth

MARSHAL, GENERAL, SPY, MINER, SCOUT = (Piece.MARSHAL.order, Piece.GENERAL.order, Piece.SPY.order,
                                       Piece.MINER.order, Piece.SCOUT.order)
FLAG, MINEFIELD = Piece.FLAG.order, Piece.MINEFIELD.order
# The chance a piece that can take the Flag does so if nothing stops it, by the turns it needs.
URGENCY = (1.0, 0.6, 0.35, 0.2, 0.12, 0.07, 0.04)
WINS, LOSES, BOTH, TAKES_FLAG = (Clash.ATTACKER_WINS, Clash.DEFENDER_WINS, Clash.BOTH_REMOVED,
                                 Clash.FLAG_CAPTURED)


@dataclass(frozen=True)
class Style:
    """A level's way of weighing (see the module docstring)."""

    win: float = 1200.0  # the enemy Flag's worth, in points
    pull: float = 0.4  # a target's gain counts this much before the piece gets there ...
    decay: float = 0.85  # ... and less by this for each further turn
    caution: float = 2.0  # how much the danger at a square counts
    boldness: float = 0.35  # how likely the enemy attacks a piece it does not know
    insight: float = 1.0  # how much what a probe shows counts
    dread: float = 1.5  # a Marshal's or General's loss to an unknown piece counts this much more
    spy_dread: float = 6.0  # and the Marshal's to the Spy this much more again
    telling: int = 6  # an own piece that took this rank or higher is known to be strong
    raiders: bool = True  # an enemy piece that took own pieces attacks whatever it beats
    guard: float = 1.0  # how much the own Flag's danger counts (1: as much as the game)
    keep: int = 2  # own pieces kept by the own Flag as its guards ...
    watch: float = 30.0  # ... drawn back to it this much at rest ...
    alarm: float = 300.0  # ... and this much more as enemy pieces near it
    restless: float = 2.0  # points for attacking per turn without one beyond ``calm`` ...
    calm: float = 0.3  # ... a share of the inactivity limit (R12.6; of 200 turns without one)
    shuffle: float = 12.0  # taking a piece back to a square it has just left
    reveal: float = 2.0  # the first move of a piece, a Scout's run: the enemy learns something
    stillness: float = 1.0  # belief: unmoved pieces' evidence (0: off)
    flag_rows: bool = True  # belief: the Flag is likelier at the back
    temperature: float = 0.5  # the choice among near-equal actions (points)


class Weigher:
    """The weights of one seat's legal plays (build once per decision)."""

    def __init__(self, seat: Seat, belief: Belief, memory: Memory | None, style: Style) -> None:
        self.seat, self.belief, self.memory, self.style = seat, belief, memory, style
        me = seat.player
        self.own_at: dict[int, tuple[int, Piece]] = {
            p.square.index: (p.handle.index, p.piece) for p in seat.own}
        self.enemy_at = belief.of_square()
        own_left = [0] * KINDS
        for p in seat.own:
            own_left[p.piece.order] += 1
        movable = sum(belief.left[k] for k in MOVABLE)
        self.win = style.win
        self.own_worth = worth(own_left, list(belief.left), 0.0)
        self.enemy_worth = worth(list(belief.left), own_left, 0.0, miners_matter=False)
        if movable == 1:
            # Taking the enemy's last piece that moves ends the game in a draw (PAT, R12.2):
            # worth it only to save the own Flag (the guard below says when).
            for k in MOVABLE:
                self.enemy_worth[k] = -0.5 * style.win
        self._minefield_worth()
        # Own pieces the enemy has seen, or can tell are strong (they took a Cadet or better):
        # what beats them will come for them (the Spy for the Marshal).
        self.exposed = set(memory.exposed) if memory is not None else set()
        if memory is not None:
            self.exposed.update(h for h, rank in memory.beaten.items() if rank >= style.telling)
        self.recent = memory.recent if memory is not None else {}
        self.moved = memory.own_turns if memory is not None else {}
        self.threat = self._threat_to_flag(me)
        self._choose_guards()
        self._cornered()
        # Enemy pieces that have taken own pieces by attacking go on doing so: their threat is
        # that of a piece that knows what it attacks.
        clues = seat.clues()
        self.raiders = {i for i, handle in enumerate(belief.handles)
                        if style.raiders and clues[SQUARES[handle]].beat}
        self._gains: dict[int, list[float]] = {}
        self._odds_win: dict[int, list[float]] = {}
        self._danger: dict[tuple[int, int, int, bool], float] = {}
        limit = seat.options.inactivity_limit or INACTIVITY_LIMIT  # (no limit: as if the usual)
        idle = max(0.0, seat.inactivity - style.calm * limit)
        self.restless = style.restless * INACTIVITY_LIMIT / limit * idle

    # --- what attacking each enemy piece is worth ----------------------------------------

    def _minefield_worth(self) -> None:
        """An enemy Minefield beside a likely Flag is worth clearing: per enemy piece, the
        worth of removing it if it is a Minefield."""
        odds, at = self.belief.odds, self.enemy_at
        base = self.enemy_worth[MINEFIELD]
        self.clear = []
        for square in self.belief.squares:
            flag = max((odds[at[s]][FLAG] for s in SIDES[square] if s in at), default=0.0)
            self.clear.append(base + flag * self.win * 0.3)

    def _threat_to_flag(self, me: Player) -> list[float]:
        """Per enemy piece: the chance it takes the own Flag soon if left alone: the chance it
        could (any piece that moves; only a Miner while Minefields close the Flag, R10), less
        for each turn it still needs."""
        flag = next((p.square.index for p in self.seat.own if p.piece is Piece.FLAG), None)
        out = [0.0] * len(self.belief.squares)
        if flag is None:
            return out
        closed = all(self.own_at.get(s, (0, Piece.FLAG))[1] is Piece.MINEFIELD for s in SIDES[flag])
        turns = reach(flag)
        for i, square in enumerate(self.belief.squares):
            row = self.belief.odds[i]
            able = row[MINER] if closed else sum(row[k] for k in MOVABLE)
            needed = turns[square] + (1 if closed else 0)
            if needed <= len(URGENCY):
                out[i] = able * URGENCY[needed - 1]
        return out

    def _choose_guards(self) -> None:
        """The ways into the own Flag, and the guards sent to those left open.

        A way in is where an enemy Miner would stand to clear a Minefield by the Flag, or an
        open square by the Flag (R10). An own piece standing on a way closes it: it is loath to
        leave. The open ways nearest the enemy's moving pieces each draw the nearest own piece
        that can stop a Miner cheaply (not the Marshal or the General, needed elsewhere; not the
        Spy or a Miner, which a Miner does not fear), ``keep`` of them at most, the harder the
        nearer enemy pieces are to the Flag."""
        flag = next((p.square.index for p in self.seat.own if p.piece is Piece.FLAG), -1)
        self.ways: set[int] = set()
        self.posts: dict[int, int] = {}  # guard's handle -> the way it goes to
        self.watch = self.style.watch + self.style.alarm * min(1.0, sum(self.threat))
        if flag < 0 or not self.style.keep:
            return
        for side in SIDES[flag]:
            piece = self.own_at.get(side, (0, None))[1]
            if piece is Piece.MINEFIELD:
                self.ways.update(s for s in SIDES[side] if s != flag and not self._immovable(s))
            else:
                self.ways.add(side)
        movers = [square for i, square in enumerate(self.belief.squares)
                  if sum(self.belief.odds[i][k] for k in MOVABLE) > 0.5]
        open_ways = sorted((min((walk(w)[m] for m in movers), default=0), w)
                           for w in self.ways if w not in self.own_at)
        able = {p.handle.index: p.square.index for p in self.seat.own if p.piece.movable
                and p.piece not in (Piece.MARSHAL, Piece.GENERAL, Piece.SPY, Piece.MINER)
                and p.square.index not in self.ways}
        for _, way in open_ways[:self.style.keep]:
            if not able:
                break
            steps = walk(way)
            guard = min(able, key=lambda h: (steps[able[h]], h))
            self.posts[guard] = way
            del able[guard]

    def _immovable(self, square: int) -> bool:
        piece = self.own_at.get(square, (0, None))[1]
        return piece is not None and not piece.movable

    def _guarding(self, handle: int, start: int, end: int) -> float:
        """What a move does to the ways into the own Flag: leaving one opens it, stepping onto
        one closes it; a guard draws nearer its way."""
        score = 0.0
        if start in self.ways:
            score -= self.watch
        if end in self.ways:
            score += self.watch
        way = self.posts.get(handle)
        if way is not None:
            steps = walk(way)
            decay = self.style.decay
            score += self.watch * (decay ** steps[end] - decay ** steps[start])
        return score

    def gains(self, kind: int) -> list[float]:
        """Per enemy piece: the expected worth of attacking it with an own ``kind``."""
        found = self._gains.get(kind)
        if found is not None:
            return found
        style = self.style
        clashes = CLASHES[kind]
        mine = self.own_worth[kind]
        loss = mine * (style.dread if kind in (MARSHAL, GENERAL) else 1.0)
        out, wins = [], []
        for i, row in enumerate(self.belief.odds):
            known = self.belief.known[i]
            total = win = 0.0
            for k in range(KINDS):
                p = row[k]
                if p <= 0:
                    continue
                clash = clashes[k]
                theirs = self.clear[i] if k == MINEFIELD else self.enemy_worth[k]
                if clash is TAKES_FLAG:
                    total += p * self.win
                    win += p
                elif clash is WINS:
                    total += p * theirs
                    win += p
                elif clash is BOTH:
                    total += p * (theirs - mine)
                elif kind == MARSHAL and k == SPY:  # the one piece the Marshal must never meet
                    total -= p * loss * style.spy_dread
                else:
                    total += p * ((mine if known else loss) * -1.0
                                  + (0.0 if known else style.insight * INSIGHT[PIECES[k]]))
            total += self.restless  # every attack, and so every target, is worth more
            if self.threat[i]:
                total += style.guard * style.win * self.threat[i] * (win + sum(row[k] for k in range(KINDS)
                                                                   if clashes[k] is BOTH))
            out.append(total)
            wins.append(win)
        self._gains[kind] = out
        self._odds_win[kind] = wins
        return out

    def pull(self, kind: int, square: int, empty_from: int = -1) -> float:
        """How much a piece of ``kind`` on ``square`` looks forward to its best attack."""
        style = self.style
        gains = self.gains(kind)
        best = 0.0
        squares = self.belief.squares
        for i, gain in enumerate(gains):
            if gain <= best:
                continue
            turns = reach(squares[i])[square]
            value = gain * style.decay ** (turns - 1)
            if value > best:
                best = value
        if kind == SCOUT:  # a Scout attacks along a clear line at once
            for i in self._in_line(square, empty_from):
                if gains[i] > best:
                    best = gains[i]
        return style.pull * best

    def _in_line(self, square: int, empty_from: int) -> list[int]:
        """Enemy pieces at the end of a clear orthogonal line from ``square`` (R7)."""
        out = []
        for ray in RAYS[square]:
            for s in ray:
                if s == empty_from:
                    continue
                if s in self.enemy_at:
                    out.append(self.enemy_at[s])
                    break
                if s in self.own_at:
                    break
        return out

    # --- danger ----------------------------------------------------------------------------

    def danger(self, kind: int, handle: int, square: int, empty_from: int) -> float:
        """The expected loss of an own piece of ``kind`` standing on ``square`` from the enemy's
        next attack (the enemy assumed to attack with what beats a piece it has seen, and at
        random odds one it has not)."""
        exposed = handle in self.exposed
        key = (kind, square, empty_from, exposed)
        found = self._danger.get(key)
        if found is not None:
            return found
        total = 0.0
        threats = [self.enemy_at[s] for s in SIDES[square] if s in self.enemy_at]
        scouts = []
        for ray in RAYS[square]:
            for distance, s in enumerate(ray):
                if s == empty_from:
                    continue
                if s in self.enemy_at:
                    if distance:
                        scouts.append(self.enemy_at[s])
                    break
                if s in self.own_at:
                    break
        for i in threats:
            total += self._threat(i, kind, exposed or i in self.raiders, range(KINDS))
        for i in scouts:
            total += self._threat(i, kind, exposed, (SCOUT,))
        self._danger[key] = total
        return total

    def _threat(self, i: int, kind: int, exposed: bool, kinds: range | tuple[int, ...]) -> float:
        row = self.belief.odds[i]
        mine = self.own_worth[kind]
        bold = self.style.boldness
        total = 0.0
        for k in kinds:
            p = row[k]
            if p <= 0 or not PIECES[k].movable:
                continue
            clash = CLASHES[k][kind] if kind != FLAG else TAKES_FLAG
            theirs = self.enemy_worth[k]
            if clash is WINS or clash is TAKES_FLAG:
                total += p * (1.0 if exposed else bold) * mine
            elif clash is BOTH:
                total += p * (0.3 if exposed else bold) * (mine - theirs)
            else:
                total -= p * (0.05 if exposed else bold) * theirs
        return total

    # --- not stalemating the enemy (R12.2) ---------------------------------------------------

    def _cornered(self) -> None:
        """The enemy pieces that may move and could act now (an empty square around, an own
        piece beside); when they are few, each play is checked for leaving them none."""
        self.own_mask = sum(1 << s for s in self.own_at)
        self.enemy_mask = sum(1 << s for s in self.enemy_at)
        self.movers = [self.belief.squares[i] for i, row in enumerate(self.belief.odds)
                       if sum(row[k] for k in MOVABLE) > 0.01]
        acting = sum(1 for m in self.movers if self._can_act(m, self.own_mask, self.enemy_mask))
        self.check_pat = acting <= 2

    def _can_act(self, square: int, own: int, enemy: int) -> bool:
        empty = PLAYABLE_MASK & ~(own | enemy)
        return bool(AROUND_MASK[square] & empty or SIDES_MASK[square] & own)

    def _stalemates(self, start: int, end: int, takes: bool) -> bool:
        """Whether the play (an attack that ``takes`` its defender) leaves the enemy no action:
        a draw by PAT at the start of its turn."""
        own = self.own_mask & ~(1 << start) | 1 << end
        enemy = self.enemy_mask & ~(1 << end) if takes else self.enemy_mask
        return not any(self._can_act(m, own, enemy) for m in self.movers if m != end or not takes)

    # --- the plays ---------------------------------------------------------------------------

    def weigh(self, play: Move | Attack) -> float:
        start, end = play.start.index, play.end.index
        handle, piece = self.own_at[start]
        kind = piece.order
        style = self.style
        here = self.danger(kind, handle, start, -1)
        if isinstance(play, Attack):
            i = self.enemy_at[end]
            gain = self.gains(kind)[i]
            win = self._odds_win[kind][i]
            after = self.danger(kind, handle, end, start) if win else 0.0
            score = gain + style.caution * (here - win * after)
            if self.check_pat and self._stalemates(start, end, True):
                score -= win * 0.5 * self.win
            return score
        score = self.pull(kind, end, start) - self.pull(kind, start)
        if self.ways:
            score += self._guarding(handle, start, end)
        score -= style.caution * (self.danger(kind, handle, end, start) - here)
        if end in self.recent.get(handle, ()):  # to and fro: the more tiresome the longer nothing happens
            score -= style.shuffle * (1.0 + self.seat.inactivity / 40)
        if handle not in self.moved:
            score -= style.reveal
        if max(abs(SQUARES[end].column - SQUARES[start].column),
               abs(SQUARES[end].row - SQUARES[start].row)) > 1:
            score -= style.reveal  # a run: the enemy knows a Scout
        if self.check_pat and self._stalemates(start, end, False):
            score -= 0.5 * self.win
        return score

    def behind(self) -> bool:
        """Far behind in material (the worth of the pieces that move): a draw is welcome."""
        mine = sum(self.own_worth[p.piece.order] for p in self.seat.own if p.piece.movable)
        theirs = sum(p * self.enemy_worth[k] for row in self.belief.odds for k, p in enumerate(row)
                     if k in MOVABLE)
        return mine < 0.6 * theirs
