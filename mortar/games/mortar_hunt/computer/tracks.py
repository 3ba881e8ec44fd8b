"""Tracks: where the pieces of one side may be, one probability vector per piece.

A :class:`Tracker` follows the live pieces of the *observed* player as seen by the *observer*,
like :class:`.belief.Belief`, from the same public events, but keeps one probability
vector per live piece (a *track*) over the observed half's states (position × possible type:
384 or 768 states), the tracks independent: exact marginals under that model, never a square
left at zero that the model allows. The computer uses it for its *exposure*, the enemy's view
of its own pieces: the chance that the enemy finds a piece on the very square where it stands
is a small number that a few hundred joint guesses estimate badly (hard lost 17 % of 30 pairs
against the old hard with particles there, and won 59 % with tracks: tools/league.py).

* a turn of the observed player: one live piece moved (uniformly over its R5 end positions,
  craters and known wrecks blocking; which piece is unknown), then either no shot or a shot at
  a target, which only positions on the reverse of the range table could have fired; the
  belief branches on which track fired, the mover averaged within each branch, and the
  branches are merged back into one set of tracks (track-wise averages);
* a shot of the observer: a miss means no live piece stood there; a hit, or a sacrifice,
  which reveals the square, means one did: the branches are which track it was.

Merging only widens the belief, and every branch that could have produced an event is kept
with its weight, so the model's support always covers the truth. A little uniform mixing
after each observed turn guards against rounding.
"""

from __future__ import annotations

from collections.abc import Generator

from ..notation import Position
from ..rules import HALF_MASK, Options, PieceType, Variant
from . import geometry as geo
from .belief import FIRE_MOVER

MIX = 1e-6  # uniform mixing after each observed turn: a safety net, far below any real signal
WIDTH = 1  # hypotheses kept (4 cost 4x as much and won 55 % of 60 games against 1: no clear gain)

Tracks = list[list[float]]


class Tracker:
    """The observer's belief about the observed player's live pieces (see the module doc)."""

    __slots__ = ("observed", "options", "kinds", "hyps", "wrecks", "fired", "_hp", "_idx",
                 "_sq", "_n", "_squares", "evasion", "width", "_memo")

    def __init__(self, observed: str, options: Options, live: int = 3, wrecks: int = 0, fired: int = 0,
                 evasion: float = 0.0, width: int = WIDTH) -> None:
        self.observed = observed
        self.evasion = evasion
        self.width = width
        self.options = options
        self.kinds: tuple[PieceType, ...] = geo.piece_types(options)
        self._hp = geo.half_positions(observed)  # local index -> position index
        self._idx = {p: i for i, p in enumerate(self._hp)}
        self._n = len(self._hp) * len(self.kinds)
        self._sq = [self._hp[j % len(self._hp)] >> 3 for j in range(self._n)]
        self._squares = geo.half_squares(observed)  # local square b holds local states 8b..8b+7
        self.wrecks = wrecks  # squares of the observed player's known wrecks (bitmask)
        self.fired = fired & HALF_MASK[observed]  # squares of the observed half the observer has shot at
        uniform = self._uniform()
        self.hyps: list[tuple[float, Tracks]] = [(1.0, [list(uniform) for _ in range(live)])]
        # (blocked squares, each hypothesis's moved tracks): the move model of the current
        # hypotheses, kept from heats_after_turn for the observed turn that usually follows
        self._memo: tuple[int, list] | None = None

    def copy(self) -> Tracker:
        other = Tracker.__new__(Tracker)
        for name in Tracker.__slots__:
            setattr(other, name, getattr(self, name))
        other.hyps = [(w, [list(t) for t in tracks]) for w, tracks in self.hyps]
        return other

    @property
    def live(self) -> int:
        """How many observed pieces are live (tracks per hypothesis)."""
        return len(self.hyps[0][1])

    # --- geometry of the observed half ------------------------------------------------------

    @property
    def blocked(self) -> int:
        """Squares no observed piece can enter: its wrecks, and craters in that variant."""
        craters = self.fired if self.options.variant is Variant.CRATERS else 0
        return self.wrecks | craters

    def state_position(self, state: int) -> Position:
        return Position.at(self._hp[state % len(self._hp)])

    def state_type(self, state: int) -> PieceType:
        return self.kinds[state // len(self._hp)]

    def origin_states(self, square: int) -> list[int]:
        """Local states from which a shot at ``square`` could have been fired."""
        found: list[int] = []
        idx = self._idx
        for k, kind in enumerate(self.kinds):
            base = k * len(self._hp)
            found.extend(base + idx[p] for p in geo.origins(self.observed, kind).get(square, ()))
        return found

    def _moved(self, track: list[float]) -> tuple[list[float], float]:
        """The track after its piece made one move (uniform over its end positions), and the
        probability mass that could move at all."""
        h = len(self._hp)
        preds, inv = _transition(self.observed, self.blocked)
        out: list[float] = []
        movable = 0.0
        for base in range(0, self._n, h):
            part = track[base:base + h]
            scaled = [p * q for p, q in zip(part, inv)]
            movable += sum(p for p, q in zip(part, inv) if q)
            get = scaled.__getitem__
            out.extend([sum(map(get, pred)) for pred in preds])
        if movable > 0.0:
            scale = 1.0 / movable
            out = [x * scale for x in out]
        return out, movable

    # --- events -------------------------------------------------------------------------------

    def observed_turn(self, shot: int | None) -> None:
        """The observed player moved one piece and fired at ``shot`` (a square index) or not."""
        if not self.live:
            return
        origins = self.origin_states(shot) if shot is not None else None
        children: list[tuple[float, Tracks]] = []
        for (weight, tracks), moved in zip(self.hyps, self._all_moved()):
            for w, coefficients, f_stay, f_move, fire in self._branches(tracks, moved, origins):
                children.append((weight * w, self._combine(tracks, moved, coefficients, origins,
                                                           f_stay, f_move, fire)))
        self._settle(children)
        self._mix()

    def readying(self) -> Generator[None, None, None]:
        """Build the move model :meth:`heats_after_turn` uses, yielding between tracks (the
        sliced thinking gives each a slice of its own)."""
        blocked = self.blocked
        if self._memo is not None and self._memo[0] == blocked:
            return
        moved = []
        for _, tracks in self.hyps:
            mine = []
            for t in tracks:
                mine.append(self._moved(t))
                yield
            moved.append(mine)
        self._memo = (blocked, moved)

    def _all_moved(self) -> list:
        """Each hypothesis's tracks after one move of their piece (memoised until they change)."""
        blocked = self.blocked
        if self._memo is None or self._memo[0] != blocked:
            self._memo = (blocked, [[self._moved(t) for t in tracks] for _, tracks in self.hyps])
        return self._memo[1]

    def _branches(self, tracks: Tracks, moved, origins):
        """The branches of one hypothesis for an observed turn: for each possible shooter (one
        branch when there is no shot), its weight and, per track, the weights of the track's four
        versions (moved and fired, moved, fired, neither) with the mover averaged out."""
        k = len(tracks)
        if origins is None:
            f_stay = f_move = [1.0] * k
            fire: list[dict[int, float]] = []
        else:
            f_stay = [sum(t[j] for j in origins) for t in tracks]
            fire, f_move = zip(*(self._fire_moved(t, origins) for t in tracks))  # type: ignore[assignment]
        # the mover: uniform a priori, or with ``evasion`` partly the piece the observer can best
        # locate (a careful player moves the piece its last shot gave away)
        prior = [1.0 / k] * k
        if self.evasion > 0.0:
            located = [sum(x * x for x in self._square_mass(t)) for t in tracks]
            total_located = sum(located) or 1.0
            prior = [(1.0 - self.evasion) / k + self.evasion * x / total_located for x in located]
        mover = [prior[m] * moved[m][1] for m in range(k)]
        out = []
        if origins is None:
            total = sum(mover) or 1.0
            out.append((total, [(0.0, mover[i] / total, 0.0, 1.0 - mover[i] / total) for i in range(k)],
                        f_stay, f_move, fire))
            return out
        for s in range(k):
            # the shooter moved to fire (FIRE_MOVER), or stood and another piece moved
            w = [FIRE_MOVER * prior[s] * f_move[s] if m == s else (1.0 - FIRE_MOVER) * mover[m] * f_stay[s]
                 for m in range(k)]
            total = sum(w)
            if total <= 0.0:
                continue
            coefficients = []
            for i in range(k):
                c = w[i] / total
                coefficients.append((c, 0.0, 1.0 - c, 0.0) if i == s else (0.0, c, 0.0, 1.0 - c))
            out.append((total / k, coefficients, f_stay, f_move, fire))
        if not out:  # nothing in the model explains the shot: keep the support, drop the shot
            return self._branches(tracks, moved, None)
        return out

    def _fire_moved(self, track: list[float], origins: list[int]) -> tuple[dict[int, float], float]:
        """The track's piece moved to fire from ``origins``: each start spreads uniformly over
        its ends among them. Returns that mass per origin state and its total (the mass that
        could move to fire at all)."""
        h = len(self._hp)
        preds, _ = _transition(self.observed, self.blocked)
        count: dict[int, int] = {}
        for j in origins:
            base = j - j % h
            for x in preds[j % h]:
                count[base + x] = count.get(base + x, 0) + 1
        fire = {}
        for j in origins:
            base = j - j % h
            fire[j] = sum(track[base + x] / count[base + x] for x in preds[j % h])
        return fire, sum(fire.values())

    def _combine(self, tracks: Tracks, moved, coefficients, origins, f_stay, f_move, fire) -> Tracks:
        new_tracks = []
        for i, (c_ml, c_m, c_pl, c_p) in enumerate(coefficients):
            stay, move = tracks[i], moved[i][0]
            if c_ml or c_pl:  # the shooter: only its origin states, renormalised
                new = [0.0] * self._n
                r_m = c_ml / f_move[i] if f_move[i] > 0.0 else 0.0
                r_s = c_pl / f_stay[i] if f_stay[i] > 0.0 else 0.0
                for j in origins:
                    new[j] = r_m * fire[i][j] + r_s * stay[j]
                total = sum(new)
                new = [x / total for x in new] if total > 0.0 else list(stay)
            else:
                new = [c_p * a + c_m * b for a, b in zip(stay, move)]
            new_tracks.append(new)
        return new_tracks

    def heats_after_turn(self, shots: list[int | None]) -> dict[int | None, list[float]]:
        """For each possible shot of the observed player's next turn: the heat (see :meth:`heat`)
        after that turn. The move model is shared, so this costs one move per track, not one
        per shot; and since square masses are linear in the tracks, none is built per shot."""
        prepared = []
        for (weight, tracks), moved in zip(self.hyps, self._all_moved()):
            prepared.append((weight, tracks, moved, [self._local_mass(t) for t in tracks],
                             [self._local_mass(m[0]) for m in moved]))
        h = len(self._hp)
        sq = [(j % h) >> 3 for j in range(self._n)]  # local square of each local state
        squares = self._squares
        out: dict[int | None, list[float]] = {}
        for shot in shots:
            origins = self.origin_states(shot) if shot is not None else None
            heat = [0.0] * len(squares)
            total_weight = 0.0
            for weight, tracks, moved, stay_sq, move_sq in prepared:
                for w, coefficients, f_stay, f_move, fire in self._branches(tracks, moved, origins):
                    masses = []
                    for i, (c_ml, c_m, c_pl, c_p) in enumerate(coefficients):
                        if c_ml or c_pl:
                            m = [0.0] * len(squares)
                            r_m = c_ml / f_move[i] if f_move[i] > 0.0 else 0.0
                            r_s = c_pl / f_stay[i] if f_stay[i] > 0.0 else 0.0
                            stay = tracks[i]
                            for j in origins:  # type: ignore[union-attr]
                                m[sq[j]] += r_m * fire[i][j] + r_s * stay[j]
                            total = sum(m) or 1.0
                            m = [x / total for x in m]
                        else:
                            m = [c_p * a + c_m * b for a, b in zip(stay_sq[i], move_sq[i])]
                        masses.append(m)
                    ww = weight * w
                    total_weight += ww
                    heat = [h + ww * x for h, x in zip(heat, _union(masses))]
            scale = 1.0 / total_weight if total_weight > 0.0 else 0.0
            full = [0.0] * 108
            for b, s in enumerate(squares):
                full[s] = heat[b] * scale
            out[shot] = full
        return out

    def observer_shot(self, square: int, hit: bool) -> None:
        """The observer fired at ``square``: a miss empties it, a hit removes a piece there."""
        if HALF_MASK[self.observed] >> square & 1:
            self.fired |= 1 << square
        if hit:
            self.removed(square)
            return
        children = []
        for weight, tracks in self.hyps:
            stay = 1.0
            for t in tracks:
                stay *= 1.0 - self._mass(t, square)
            children.append((weight * stay, [self._without(t, square) for t in tracks]))
        self._settle(children)

    def removed(self, square: int) -> None:
        """A live observed piece stood on ``square`` and was destroyed there (hit or sacrifice)."""
        self.wrecks |= 1 << square
        if not self.live:
            return
        children = []
        for weight, tracks in self.hyps:
            on = [self._mass(t, square) for t in tracks]
            rest = [self._without(t, square) for t in tracks]
            for i in range(len(tracks)):
                w = on[i]
                for j in range(len(tracks)):
                    if j != i:
                        w *= 1.0 - on[j]
                children.append((weight * w, [rest[j] for j in range(len(tracks)) if j != i]))
        self._settle(children)

    # --- keeping the mixture small ------------------------------------------------------------

    def _settle(self, children: list[tuple[float, Tracks]]) -> None:
        """Normalise, merge equal hypotheses (tracks sorted: pieces are anonymous) and merge the
        lightest past ``width`` into one."""
        total = sum(w for w, _ in children)
        if total <= 0.0:  # only if the model lost the truth: keep every branch alike
            children = [(1.0, tracks) for _, tracks in children]
            total = float(len(children))
        merged: dict[tuple, tuple[float, Tracks]] = {}
        for w, tracks in children:
            tracks = sorted(tracks, key=_fingerprint)
            key = tuple(round(_fingerprint(t), 9) for t in tracks)
            if key in merged:
                merged[key] = (merged[key][0] + w / total, merged[key][1])
            else:
                merged[key] = (w / total, tracks)
        self._memo = None
        ranked = sorted(merged.values(), key=lambda h: -h[0])
        if len(ranked) > self.width:
            kept, rest = ranked[:self.width - 1], ranked[self.width - 1:]
            weight = sum(w for w, _ in rest)
            k = len(rest[0][1])
            tracks = [[0.0] * self._n for _ in range(k)]
            for w, ts in rest:
                c = w / weight
                tracks = [[a + c * b for a, b in zip(acc, t)] for acc, t in zip(tracks, ts)]
            ranked = [*kept, (weight, tracks)]
        self.hyps = ranked

    def _without(self, track: list[float], square: int) -> list[float]:
        sq = self._sq
        out = [0.0 if sq[j] == square else p for j, p in enumerate(track)]
        total = sum(out)
        if total <= 0.0:  # only possible if the model lost the truth: fall back to uniform
            return self._uniform()
        return [p / total for p in out]

    def _uniform(self) -> list[float]:
        blocked, sq = self.blocked, self._sq
        allowed = [0.0 if blocked >> sq[j] & 1 else 1.0 for j in range(self._n)]
        total = sum(allowed)
        return [a / total for a in allowed]

    def _mix(self) -> None:
        self._memo = None
        u = self._uniform()
        self.hyps = [(w, [[(1.0 - MIX) * p + MIX * q for p, q in zip(t, u)] for t in tracks])
                     for w, tracks in self.hyps]

    def _mass(self, track: list[float], square: int) -> float:
        b = self._squares.index(square) if square in self._squares else -1
        if b < 0:
            return 0.0
        h = len(self._hp)
        return sum(sum(track[base + 8 * b:base + 8 * b + 8]) for base in range(0, self._n, h))

    # --- questions ----------------------------------------------------------------------------

    def _square_mass(self, track: list[float]) -> list[float]:
        """Probability of each square index (108 entries, zero off the half). Local states run
        square by square, eight facings each, type after type."""
        h = len(self._hp)
        out = [0.0] * 108
        squares = self._squares
        for base in range(0, self._n, h):
            for b, s in enumerate(squares):
                out[s] += sum(track[base + 8 * b:base + 8 * b + 8])
        return out

    def _local_mass(self, track: list[float]) -> list[float]:
        """Probability of each square of the observed half, in local square order."""
        h = len(self._hp)
        out = [sum(track[i:i + 8]) for i in range(0, h, 8)]
        for base in range(h, self._n, h):
            out = [a + sum(track[base + i:base + i + 8]) for a, i in zip(out, range(0, h, 8))]
        return out

    def heat(self) -> list[float]:
        """Per square index: the probability that some live observed piece stands there (what a
        shot there would hit)."""
        heat = [0.0] * 108
        for w, tracks in self.hyps:
            union = _union([self._square_mass(t) for t in tracks])
            heat = [h + w * x for h, x in zip(heat, union)]
        return heat

    def state_probability(self, position: Position, kind: PieceType | None = None) -> float:
        """Probability that some piece holds exactly ``position`` (and ``kind`` if given), at
        least (the mixture over hypotheses of the likeliest track's probability)."""
        local = self._idx.get(position.index)
        if local is None:
            return 0.0
        h = len(self._hp)
        found = 0.0
        for w, tracks in self.hyps:
            best = 0.0
            for t in tracks:
                p = sum(t[k * h + local] for k, kd in enumerate(self.kinds) if kind is None or kd is kind)
                best = max(best, p)
            found += w * best
        return found

    def can_fire_at(self) -> list[float]:
        """Per square of the observer's half: probability that some observed piece could fire at
        it next turn, allowing one move first (the observed player's *reach*)."""
        h = len(self._hp)
        blocked = self.blocked
        out = [0.0] * 108
        for w, tracks in self.hyps:
            miss = [1.0] * 108
            for t in tracks:
                reach = [0.0] * 108
                for k, kind in enumerate(self.kinds):
                    get = t[k * h:(k + 1) * h].__getitem__
                    for square, starts in _reach_from(self.observed, kind, blocked):
                        reach[square] += sum(map(get, starts))
                miss = [x * (1.0 - min(1.0, r)) for x, r in zip(miss, reach)]
            out = [o + w * (1.0 - x) for o, x in zip(out, miss)]
        return out


def _fingerprint(track: list[float]) -> float:
    return sum(i * p for i, p in enumerate(track[::7]))


def _union(masses: list[list[float]], size: int = 108) -> list[float]:
    """Per square: the probability that at least one of independent tracks is there."""
    miss = [1.0] * (len(masses[0]) if masses else size)
    for m in masses:
        miss = [x * (1.0 - p) for x, p in zip(miss, m)]
    return [1.0 - x for x in miss]


_TRANSITIONS: dict[tuple[str, int], tuple[list[tuple[int, ...]], list[float]]] = {}


def _transition(player: str, blocked: int) -> tuple[list[tuple[int, ...]], list[float]]:
    """The move model over local positions of ``player``'s half: for each end, the starts that
    reach it (predecessors), and for each start one over its number of ends (0: cannot move)."""
    key = (player, blocked)
    found = _TRANSITIONS.get(key)
    if found is None:
        if len(_TRANSITIONS) > 64:
            _TRANSITIONS.clear()
        hp = geo.half_positions(player)
        idx = {p: i for i, p in enumerate(hp)}
        table = geo.ends_table(player, blocked)
        preds: list[list[int]] = [[] for _ in hp]
        inv = []
        for i, p in enumerate(hp):
            ends = geo.ends(table, player, blocked, p)
            inv.append(1.0 / len(ends) if ends else 0.0)
            for e in ends:
                preds[idx[e]].append(i)
        found = _TRANSITIONS[key] = ([tuple(x) for x in preds], inv)
    return found


_REACH: dict[tuple[str, PieceType, int], list[tuple[int, tuple[int, ...]]]] = {}


def _reach_from(player: str, kind: PieceType, blocked: int) -> list[tuple[int, tuple[int, ...]]]:
    """For each square a ``kind`` of ``player`` could fire at, this turn or after one move: the
    local positions it could do so from (so that reach is one sum per square)."""
    key = (player, kind, blocked)
    found = _REACH.get(key)
    if found is None:
        if len(_REACH) > 32:
            _REACH.clear()
        shots = geo.targets(player, kind)
        table = geo.ends_table(player, blocked)
        starts: dict[int, list[int]] = {}
        for local, p in enumerate(geo.half_positions(player)):
            squares = set(shots[p])
            for e in geo.ends(table, player, blocked, p):
                squares.update(shots[e])
            for square in squares:
                starts.setdefault(square, []).append(local)
        found = _REACH[key] = [(square, tuple(ls)) for square, ls in sorted(starts.items())]
    return found
