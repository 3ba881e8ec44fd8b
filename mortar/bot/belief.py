"""Belief: where the pieces of one side may be, deduced from public events only.

A :class:`Tracker` follows the live pieces of the *observed* player as seen by the *observer*:
one probability vector per live piece (a *track*) over the observed half's states (position ×
possible type: 384 or 768 states). The pieces are anonymous, so the tracks are labels of
convenience: updates are exact Bayes on the product of the tracks followed by a projection back
to a product (each track becomes the mixture of its versions under every hypothesis of which
piece moved and which fired). The events are exactly what R12 lets the observer know:

* a turn of the observed player: one live piece moved (uniformly over its R5 end positions,
  craters and known wrecks blocking; which piece is unknown), then either no shot or a shot at
  a target, which only positions on the reverse of the range table could have fired;
* a shot of the observer: a miss means no live piece stood there; a hit (or a sacrifice,
  which reveals the square) means one did, and that track leaves.

The model's support always covers the truth: every event keeps each hypothesis that could have
produced it, and the approximations (independent tracks, other pieces ignored as blockers)
only widen it. A little uniform mixing after each observed turn guards against rounding.

The bot's belief about the enemy and its own *exposure* (the enemy's belief about the bot's
pieces) are two trackers over the same log, with the roles swapped.
"""

from __future__ import annotations

from ..notation import Position
from ..rules import Options, PieceType, Variant, opponent
from . import geometry as geo

MIX = 1e-6  # uniform mixing after each observed turn: a safety net, far below any real signal


class Tracker:
    """The observer's belief about the observed player's live pieces (see the module doc)."""

    __slots__ = ("observed", "options", "kinds", "tracks", "wrecks", "fired", "_hp", "_idx",
                 "_sq", "_n", "_squares", "evasion", "aims")

    def __init__(self, observed: str, options: Options, evasion: float = 0.0) -> None:
        self.observed = observed
        self.evasion = evasion
        self.options = options
        self.kinds: tuple[PieceType, ...] = geo.piece_types(options)
        self._hp = geo.half_positions(observed)  # local index -> position index
        self._idx = {p: i for i, p in enumerate(self._hp)}
        self._n = len(self._hp) * len(self.kinds)
        self._sq = [self._hp[j % len(self._hp)] >> 3 for j in range(self._n)]
        self._squares = geo.half_squares(observed)  # local square b holds local states 8b..8b+7
        uniform = 1.0 / self._n
        self.tracks: list[list[float]] = [[uniform] * self._n for _ in range(3)]
        self.wrecks = 0  # squares of the observed player's known wrecks (bitmask)
        self.fired = 0  # squares of the observed half the observer has shot at
        # for each observer shot: the heat at its target over the highest heat then, i.e. how
        # well the observer aims by this very model (a random shooter scores low)
        self.aims: tuple[float, ...] = ()

    def copy(self) -> Tracker:
        other = Tracker.__new__(Tracker)
        for name in Tracker.__slots__:
            setattr(other, name, getattr(self, name))
        other.tracks = [list(t) for t in self.tracks]
        return other

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
        found = []
        for k, kind in enumerate(self.kinds):
            base = k * len(self._hp)
            idx = self._idx
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
        if self.tracks:
            moved = [self._moved(t) for t in self.tracks]
            self.tracks = self._after(moved, shot)
            self._mix()

    def heats_after_turn(self, shots: list[int | None]) -> dict[int | None, list[float]]:
        """For each possible shot of the observed player's next turn: the heat (see :meth:`heat`)
        after that turn. The move model is shared, so this costs one move, not one per shot; and
        since a track's square masses are linear in it, no track is built per shot."""
        tracks = self.tracks
        k = len(tracks)
        moved = [self._moved(t) for t in tracks]
        stay_sq = [self._square_mass(t) for t in tracks]
        move_sq = [self._square_mass(m[0]) for m in moved]
        sq = self._sq
        out: dict[int | None, list[float]] = {}
        for shot in shots:
            coefficients, origins, f_stay, f_move = self._hypotheses(moved, shot)
            masses = []
            for i in range(k):
                c_ml, c_m, c_pl, c_p = coefficients[i]
                m = [c_p * a + c_m * b for a, b in zip(stay_sq[i], move_sq[i])]
                if origins is not None:
                    r_m = c_ml / f_move[i] if c_ml > 0.0 and f_move[i] > 0.0 else 0.0
                    r_s = c_pl / f_stay[i] if c_pl > 0.0 and f_stay[i] > 0.0 else 0.0
                    stay, move = tracks[i], moved[i][0]
                    for j in origins:
                        m[sq[j]] += r_m * move[j] + r_s * stay[j]
                masses.append(m)
            out[shot] = _union(masses)
        return out

    def _hypotheses(self, moved, shot):
        """Per track, the weights of its four versions (moved and fired, moved, fired, neither)
        under every hypothesis of which piece moved and which fired."""
        tracks = self.tracks
        k = len(tracks)
        origins = self.origin_states(shot) if shot is not None else None
        if origins is None:
            f_stay = f_move = [1.0] * k
        else:
            f_stay = [sum(t[j] for j in origins) for t in tracks]
            f_move = [sum(m[0][j] for j in origins) for m in moved]
        # weight of hypothesis (mover m, shooter s); the shooter uniform a priori, the mover too,
        # or, with ``evasion``, partly the piece the observer can best locate (a careful player
        # moves the piece its last shot gave away)
        prior = [1.0 / k] * k
        if self.evasion > 0.0:
            located = [sum(x * x for x in self._square_mass(t)) for t in tracks]
            total_located = sum(located) or 1.0
            prior = [(1.0 - self.evasion) / k + self.evasion * x / total_located for x in located]
        w = [[prior[m] * moved[m][1] * (f_move[s] if s == m else f_stay[s]) for s in range(k)]
             for m in range(k)]
        total = sum(map(sum, w))
        if total <= 0.0:  # nothing in the model explains it: keep the support, drop the shot
            w = [[moved[m][1] for _ in range(k)] for m in range(k)]
            origins = None
            total = sum(map(sum, w)) or 1.0
        coefficients = []
        for i in range(k):
            c_ml = w[i][i] / total
            c_m = sum(w[i][s] for s in range(k) if s != i) / total
            c_pl = sum(w[m][i] for m in range(k) if m != i) / total
            c_p = 1.0 - c_ml - c_m - c_pl
            if origins is None:
                c_m, c_p, c_ml, c_pl = c_m + c_ml, c_p + c_pl, 0.0, 0.0
            coefficients.append((c_ml, c_m, c_pl, c_p))
        return coefficients, origins, f_stay, f_move

    def _after(self, moved: list[tuple[list[float], float]], shot: int | None) -> list[list[float]]:
        coefficients, origins, f_stay, f_move = self._hypotheses(moved, shot)
        new_tracks = []
        for i, (c_ml, c_m, c_pl, c_p) in enumerate(coefficients):
            stay, move = self.tracks[i], moved[i][0]
            new = [c_p * a + c_m * b for a, b in zip(stay, move)]
            if origins is not None:
                if c_ml > 0.0 and f_move[i] > 0.0:
                    r = c_ml / f_move[i]
                    for j in origins:
                        new[j] += r * move[j]
                if c_pl > 0.0 and f_stay[i] > 0.0:
                    r = c_pl / f_stay[i]
                    for j in origins:
                        new[j] += r * stay[j]
            new_tracks.append(new)
        return new_tracks

    def observer_shot(self, square: int, hit: bool) -> None:
        """The observer fired at ``square``: a miss empties it, a hit removes a piece there."""
        if self.tracks:
            heat = self.heat()
            self.aims += (heat[square] / (max(heat) or 1.0),)
        self.fired |= 1 << square
        if hit:
            self.removed(square)
        else:
            self._empty(square)

    def removed(self, square: int) -> None:
        """A live observed piece stood on ``square`` and was destroyed there (hit or sacrifice)."""
        self.wrecks |= 1 << square
        tracks = self.tracks
        k = len(tracks)
        if k == 0:
            return
        on = [self._mass(t, square) for t in tracks]
        w = []
        for i in range(k):
            x = on[i]
            for j in range(k):
                if j != i:
                    x *= 1.0 - on[j]
            w.append(x)
        total = sum(w)
        if total <= 0.0:
            w, total = [1.0] * k, float(k)
        survivors = []
        for i in range(k):
            others = [self._without(tracks[j], square) for j in range(k) if j != i]
            survivors.append(others)
        new_tracks = []
        for slot in range(k - 1):
            new = [0.0] * self._n
            for i in range(k):
                if w[i] > 0.0:
                    c = w[i] / total
                    new = [a + c * b for a, b in zip(new, survivors[i][slot])]
            new_tracks.append(new)
        self.tracks = new_tracks

    def _empty(self, square: int) -> None:
        self.tracks = [self._without(t, square) for t in self.tracks]

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
        u = self._uniform()
        self.tracks = [[(1.0 - MIX) * p + MIX * q for p, q in zip(t, u)] for t in self.tracks]

    def _mass(self, track: list[float], square: int) -> float:
        sq = self._sq
        return sum(p for j, p in enumerate(track) if sq[j] == square)

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

    def square_masses(self) -> list[list[float]]:
        """Per track, the probability of each square index (108 entries, zero off the half)."""
        return [self._square_mass(t) for t in self.tracks]

    def heat(self) -> list[float]:
        """Per square index: the probability that some live observed piece stands there (what a
        shot there would hit)."""
        return _union(self.square_masses())

    def state_probability(self, position: Position, kind: PieceType | None = None) -> float:
        """Probability that some track holds exactly ``position`` (and ``kind`` if given)."""
        local = self._idx.get(position.index)
        if local is None:
            return 0.0
        h = len(self._hp)
        best = 0.0
        for t in self.tracks:
            p = sum(t[k * h + local] for k, kd in enumerate(self.kinds) if kind is None or kd is kind)
            best = max(best, p)
        return best

    def can_fire_at(self) -> list[float]:
        """Per square of the observer's half: probability that some observed piece could fire at
        it next turn, allowing one move first (the observed player's *reach*)."""
        h = len(self._hp)
        blocked = self.blocked
        table = geo.ends_table(self.observed, blocked)
        miss = [1.0] * 108
        for t in self.tracks:
            reach = [0.0] * 108
            for k, kind in enumerate(self.kinds):
                masks = _reach_masks(self.observed, kind, blocked, table)
                base = k * h
                for local in range(h):
                    p = t[base + local]
                    if p > 1e-9:
                        for s in masks[local]:
                            reach[s] += p
            for s in range(108):
                if reach[s]:
                    miss[s] *= 1.0 - min(1.0, reach[s])
        return [1.0 - x for x in miss]


def _union(masses: list[list[float]]) -> list[float]:
    """Per square: the probability that at least one of independent tracks is there."""
    miss = [1.0] * 108
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


_REACH: dict[tuple[str, PieceType, int], list[tuple[int, ...]]] = {}


def _reach_masks(player: str, kind: PieceType, blocked: int, table) -> list[tuple[int, ...]]:
    """Per local position: the squares a piece there could fire at this turn or after one move."""
    key = (player, kind, blocked)
    found = _REACH.get(key)
    if found is None:
        if len(_REACH) > 32:
            _REACH.clear()
        shots = geo.targets(player, kind)
        found = []
        for p in geo.half_positions(player):
            squares = set(shots[p])
            for e in geo.ends(table, player, blocked, p):
                squares.update(shots[e])
            found.append(tuple(sorted(squares)))
        _REACH[key] = found
    return found


def observer_of(tracker: Tracker) -> str:
    return opponent(tracker.observed)
