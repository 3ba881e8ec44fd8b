"""Belief: where the live pieces of one side may be, deduced from public events only.

A :class:`Belief` follows the *observed* player's live pieces as the *observer* sees them. It
is a particle filter over their **joint** hidden state: each particle is one full guess, every
live piece's state (position index + 864 × type code) together, so that "one of them fired from
there, so the others are elsewhere" and "if that one is here, this one cannot be" are kept,
which independent per-piece tracks lose. The events are exactly what R12 lets the observer know:

* a turn of the observed player: one live piece moved, then either no shot or a shot at a
  target. With a shot, the mover usually went where it could fire and fired (``FIRE_MOVER``:
  four shots in five in the duels, whoever played), or another piece that could already fire
  did while the mover moved freely. The update is the exact proposal: each particle is
  weighted by the chance of the shot given it, and its move is drawn from the moves that
  explain the shot. Ends are the R5 ends on the half less wrecks and craters, never onto
  another live piece's square;
* a shot of the observer: a miss means no live piece stood there, a hit (or a sacrifice, which
  reveals the square) that one did and leaves as a wreck.

Which piece moves, and where to: uniformly (``evasion`` 0), or as a careful player does, who
moves the pieces the observer believes best located (``evasion``) to squares it believes cold
(:data:`.draws.SHY`): the observed player can work out the observer's belief, it is public.

Particles are resampled when too few or too uneven; a resampled copy then has one piece that
the latest shot does not pin moved once more (*roughening*), or pieces that no event touched
would collapse onto the few guesses that survived and the belief would grow sure of them
without a reason. When no particle explains an event (the filter lost the truth) they are
repaired rather than dropped: the piece that must have fired is put on the shot's origins, the
piece that must have been hit is the one that stood nearest (these draws: :mod:`.draws`).

Every random draw comes from a generator seeded by the event's index and content, so a belief
is a pure function of its starting facts and the events it was given (see :mod:`.model`).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Generator, Sequence

from ....kit.steps import finish
from ..rules import HALF_MASK, Options, Variant, opponent
from . import geometry as geo
from .draws import draw_end, lost, pick, renewed, repaired, roughened, styled_squares
from .movetables import (
    CODE,
    KIND_OF_CODE,
    POSITIONS,
    REACH_BATCH,
    Moves,
    likely_reach,
    moves_of,
    reach_masks_of,
    square_of,
    styled_reach,
    weighted_ends,
)
from .styles import STYLES, Style, row_of

PARTICLES = 160  # joint guesses kept (see tools/bench_bot.py for what more or fewer cost)
LOCATED_FLOOR = 0.05  # the mover prior's weight for a piece the observer has no idea of
FIRE_MOVER = 0.8  # chance that the piece that fires is the one that moved (tracks; styles have their own)
RENEW = 0.02  # chance per particle and observed turn that one piece is guessed afresh
SWITCH = 0.01  # chance per particle and observed turn that its style is drawn afresh
LOST = 0.8  # share of the guesses whose shooter is put afresh on the shot's origins (draws.lost)
ROUGHEN = 1.0  # chance that a resampled copy has one free piece moved (see draws.roughened)
RESAMPLE = 0.5  # resample when the effective number of particles falls below this share

Particle = tuple[int, ...]


class Belief:
    """The observer's belief about the observed player's live pieces (see the module doc)."""

    __slots__ = ("observed", "options", "codes", "particles", "weights", "styles", "kinds", "wrecks", "fired",
                 "size", "evasion", "events", "last_shot", "_salt")

    def __init__(self, observed: str, options: Options, live: int = 3, wrecks: int = 0, fired: int = 0,
                 size: int = PARTICLES, evasion: float = 0.0, salt: int = 0,
                 kinds: Sequence[Style] = STYLES, placed: bool = True,
                 shares: Sequence[float] | None = None) -> None:
        self.observed = observed
        self.options = options
        self.codes = tuple(CODE[k] for k in geo.piece_types(options))
        self.wrecks = wrecks  # squares of the observed player's known wrecks (bitmask)
        self.fired = fired & HALF_MASK[observed]  # squares of the observed half shot at
        self.size = size
        self.evasion = evasion
        self.kinds = tuple(kinds)  # the styles the enemy may play (see .styles)
        self.events = 0  # events applied: part of every draw's seed
        self.last_shot: int | None = None  # the observed player's latest shot: it pins its shooter
        self._salt = salt  # where the events started (the model's window start)
        rng = self._rng(-1)
        # each guess's style, in proportion to the styles' shares (stratified: no sampling noise),
        # or to ``shares``: what the events before the window made likely (.model)
        chances = list(shares) if shares is not None else [k.share for k in self.kinds]
        total = sum(chances)
        bounds, acc = [], 0.0
        for chance in chances:
            acc += chance / total
            bounds.append(acc)
        self.styles: list[int] = [min(bisect_right(bounds, (i + 0.5) / size), len(self.kinds) - 1)
                                  for i in range(size)]
        # ``placed``: the pieces stand where they were placed (any square of the half, as the
        # duels place them); later, a fresh guess stands where its style keeps its pieces
        self.particles: list[Particle] = [self._fresh(rng, live, None if placed else style)
                                          for style in self.styles]
        self.weights: list[float] = [1.0] * size  # relative; resampled when too uneven

    def copy(self) -> Belief:
        other = Belief.__new__(Belief)
        for name in Belief.__slots__:
            setattr(other, name, getattr(self, name))
        other.particles = list(self.particles)
        other.weights = list(self.weights)
        other.styles = list(self.styles)
        return other

    def set(self, particles: list[Particle]) -> None:
        """Start from these joint states (equal weights, the first style): a known position, in
        tests."""
        self.particles, self.weights = list(particles), [1.0] * len(particles)
        self.styles = [0] * len(particles)

    @property
    def live(self) -> int:
        return len(self.particles[0])

    @property
    def blocked(self) -> int:
        """Squares no observed piece can enter: its wrecks, and craters in that variant."""
        craters = self.fired if self.options.variant is Variant.CRATERS else 0
        return self.wrecks | craters

    def table(self) -> Moves:
        return moves_of(self.observed, self.blocked)

    def _rng(self, tag: int) -> random.Random:
        return random.Random((self._salt * 1_000_003 + self.events) * 7919 + tag)

    def free_squares(self) -> list[int]:
        blocked = self.blocked
        return [s for s in geo.half_squares(self.observed) if not blocked >> s & 1]

    def _fresh(self, rng: random.Random, live: int, style: int | None) -> Particle:
        """One guess with nothing known but the blocked squares: distinct free squares (in the
        rows ``style`` keeps its pieces in; None: anywhere), any facing, any possible type."""
        free = self.free_squares()
        squares = rng.sample(free, live) if style is None else styled_squares(rng, self, style, free, live)
        return tuple(self.guessed(rng, s) for s in squares)

    def guessed(self, rng: random.Random, square: int) -> int:
        """A state on ``square``: any facing, any possible type."""
        return square * 8 + rng.randrange(8) + POSITIONS * rng.choice(self.codes)

    def origins(self, shot: int | None) -> list[int]:
        """The states a piece could fire at ``shot`` from, on squares it can enter (none without a shot)."""
        blocked = self.blocked
        return [] if shot is None else [
            p + POSITIONS * c for c in self.codes
            for p in geo.origins(self.observed, KIND_OF_CODE[c]).get(shot, ()) if not blocked >> (p >> 3) & 1]

    def _style_draw(self, rng: random.Random) -> int:
        u = rng.random() * sum(k.share for k in self.kinds)
        for i, k in enumerate(self.kinds):
            u -= k.share
            if u < 0.0:
                return i
        return len(self.kinds) - 1

    def _prior(self, squares: list[int], heat: list[float] | None) -> list[float]:
        """Which piece moves: uniform, or with ``evasion`` the pieces the observer believes best
        located (a careful player moves the piece its shots gave away)."""
        k = len(squares)
        if heat is None:
            return [1.0 / k] * k
        located = [heat[s] + LOCATED_FLOOR for s in squares]
        total = sum(located)
        base = (1.0 - self.evasion) / k
        return [base + self.evasion * x / total for x in located]

    # --- events -------------------------------------------------------------------------------

    def observed_turn(self, shot: int | None) -> None:
        """The observed player moved one live piece and fired at ``shot`` (a square) or not.

        With a shot the turn is one of two kinds: the mover went where it could fire and fired
        (chance ``FIRE_MOVER``: four shots in five in the duels, whoever plays), or a piece that
        could already fire did, and another moved freely. Each particle is weighted by the
        chance of the kinds it allows and its move is drawn from them, the ends weighted by the
        particle's style (:mod:`.styles`)."""
        rng = self._rng(shot if shot is not None else 999)
        self.events += 1
        if not self.particles or not self.particles[0]:
            return
        table = self.table()
        masks, ends_of, fire_of = table.masks, table.ends, table.fire
        heat = self.heat() if self.evasion > 0.0 else None
        styled = [table.styled(k) for k in self.kinds]
        aims = [table.aimed(k) for k in self.kinds]
        rows = row_of(self.observed)
        aimed_row = row_of(opponent(self.observed))[shot] if shot is not None else 0
        # (whether it fired tells nothing of its style: every style skips when it sees nothing
        # to fire at, and the share of skips weighed in swung the belief to the wrong style)
        out: list[Particle] = []
        weights: list[float] = []
        styles: list[int] = []
        origins = self.origins(shot)
        shooter = 0
        for parts, weight, style in zip(self.particles, self.weights, self.styles):
            k = len(parts)
            squares = [square_of(s) for s in parts]
            prior = self._prior(squares, heat)
            kind = self.kinds[style]
            if shot is None:
                m = pick(rng, prior, 1.0)
                ends, cumulative = weighted_ends(table, kind, styled[style], parts[m], rows)
                end = draw_end(rng, ends, squares[:m] + squares[m + 1:], heat, cumulative)
                total = 1.0
            else:
                # the shooter fires from where its style likes to fire from: its chance to
                # end a move where it can fire at the shot (the mover fires), or to stand where
                # it can (another fires, and the mover moves as the style moves), among all the
                # places it could fire from (its ends and its square), weighted by the style's
                # aim (a hider fires from its back row, seldom steps forward to fire)
                aimed = aims[style]
                firing = [0.0] * k
                standing = [0.0] * k
                for m in range(k):
                    state = parts[m]
                    aim = kind.aims[rows[squares[m]]]
                    z = aimed.get(state)
                    if z is None:
                        z = aimed[state] = aim[rows[squares[m]]] + sum(aim[rows[square_of(e)]]
                                                                        for e in ends_of(state))
                    fire = fire_of(state, shot)
                    if fire and any(square_of(e) not in squares for e in fire):
                        firing[m] = prior[m] * sum(aim[rows[square_of(e)]] for e in fire) / z
                    if masks[state] >> shot & 1:
                        standing[m] = aim[rows[squares[m]]] / z
                free = [prior[m] * sum(standing[j] for j in range(k) if j != m) if ends_of(parts[m])
                        else 0.0 for m in range(k)]
                a, b = kind.mover * sum(firing), (1.0 - kind.mover) * sum(free)
                total = (a + b) * kind.targets[aimed_row]  # and the style chose to fire there
                if total <= 0.0:
                    continue
                if rng.random() * (a + b) < a:
                    m = pick(rng, firing, a / kind.mover)
                    others = squares[:m] + squares[m + 1:]
                    good = tuple(e for e in fire_of(parts[m], shot) if square_of(e) not in others)
                    aim = kind.aims[rows[squares[m]]]
                    acc, cumulative = 0.0, []
                    for e in good:
                        acc += aim[rows[square_of(e)]]
                        cumulative.append(acc)
                    end = draw_end(rng, good, (), heat, cumulative)
                    shooter = m
                else:
                    m = pick(rng, free, b / (1.0 - kind.mover))
                    ends, cumulative = weighted_ends(table, kind, styled[style], parts[m], rows)
                    end = draw_end(rng, ends, squares[:m] + squares[m + 1:], heat, cumulative)
                    others_standing = [standing[j] if j != m else 0.0 for j in range(k)]
                    shooter = pick(rng, others_standing, sum(others_standing))
            if end is None:
                continue
            new = parts[:m] + (end,) + parts[m + 1:]
            if shot is not None and origins and rng.random() < LOST:
                new = lost(self, rng, new, shooter, origins, style)
            if rng.random() < RENEW:
                new = renewed(self, rng, new, shot, style)
            if rng.random() < SWITCH:  # a player may change how it plays
                style = self._style_draw(rng)
            out.append(new)
            weights.append(weight * total)
            styles.append(style)
        if not out:  # nothing explains the event: repair every particle
            out, weights, styles = repaired(self, rng, shot), list(self.weights), list(self.styles)
        if shot is not None:
            self.last_shot = shot
        self._settle(rng, out, weights, styles)

    def observer_shot(self, square: int, hit: bool) -> None:
        """The observer fired at ``square``: a miss empties it, a hit removes a piece there."""
        if HALF_MASK[self.observed] >> square & 1:
            self.fired |= 1 << square
        if hit:
            self.removed(square)
            return
        rng = self._rng(1000 + square)
        self.events += 1
        if not self.particles or not self.particles[0]:
            return
        keep = [i for i, parts in enumerate(self.particles) if all(square_of(s) != square for s in parts)]
        if keep:
            self._settle(rng, [self.particles[i] for i in keep], [self.weights[i] for i in keep],
                         [self.styles[i] for i in keep])
            return
        table = self.table()  # no particle left the square empty: move whatever stood there
        out = []
        for parts in self.particles:
            squares = [square_of(s) for s in parts]
            new = list(parts)
            for i, s in enumerate(parts):
                if squares[i] == square:
                    ends = [e for e in table.ends(s) if square_of(e) != square]
                    end = draw_end(rng, tuple(ends), set(squares))
                    if end is not None:
                        new[i] = end
            out.append(tuple(new))
        self.particles = out

    def removed(self, square: int) -> None:
        """A live observed piece stood on ``square`` and was destroyed there (hit or sacrifice)."""
        rng = self._rng(2000 + square)
        self.events += 1
        self.wrecks |= 1 << square
        if not self.particles or not self.particles[0]:
            return
        out, weights, styles = [], [], []
        for parts, weight, style in zip(self.particles, self.weights, self.styles):
            for i, s in enumerate(parts):
                if square_of(s) == square:
                    out.append(parts[:i] + parts[i + 1:])
                    weights.append(weight)
                    styles.append(style)
                    break
        if not out:  # no particle had a piece there: take the nearest one
            column, row = square % 12, square // 12
            for parts in self.particles:
                i = min(range(len(parts)), key=lambda j: max(abs(square_of(parts[j]) % 12 - column),
                                                             abs(square_of(parts[j]) // 12 - row)))
                out.append(parts[:i] + parts[i + 1:])
            weights, styles = list(self.weights), list(self.styles)
        self._settle(rng, out, weights, styles)

    def _settle(self, rng: random.Random, particles: list[Particle], weights: list[float],
                styles: list[int]) -> None:
        """Keep the weighted particles, resampled (systematically) back to ``size`` equal
        weights when they are too few or too uneven to stand for the belief."""
        total = sum(weights)
        n = self.size
        effective = total * total / sum(w * w for w in weights)
        if len(particles) == n and effective >= RESAMPLE * n:
            scale = n / total
            self.particles, self.weights, self.styles = particles, [w * scale for w in weights], styles
            return
        step = total / n
        u = rng.random() * step
        out: list[Particle] = []
        kept: list[int] = []
        acc = 0.0
        i = -1
        for j in range(n):
            target = u + j * step
            while acc <= target and i + 1 < len(weights):
                i += 1
                acc += weights[i]
            out.append(particles[i] if not out or out[-1] is not particles[i] or rng.random() >= ROUGHEN
                       else roughened(self, rng, particles[i], styles[i]))
            kept.append(styles[i])
        self.particles, self.weights, self.styles = out, [1.0] * n, kept

    def style_shares(self) -> list[float]:
        """The belief's chance of each style (diagnostics and tests)."""
        shares = [0.0] * len(self.kinds)
        for w, style in zip(self.weights, self.styles):
            shares[style] += w
        total = sum(shares) or 1.0
        return [x / total for x in shares]

    # --- questions ----------------------------------------------------------------------------

    def heat(self) -> list[float]:
        """Per square index: the probability that a live observed piece stands there (what a shot
        there would hit)."""
        heat = [0.0] * 108
        total = sum(self.weights)
        if not self.particles or total <= 0.0:
            return heat
        unit = 1.0 / total
        for parts, w in zip(self.particles, self.weights):
            w *= unit
            for s in parts:
                heat[(s % POSITIONS) >> 3] += w
        return heat

    def reach_masks(self, styled: bool = False) -> dict[int, float]:
        """The observed side's *reach* per joint guess: the squares some live piece could fire
        at next turn, allowing one move first (a bitmask) -> its probability. ``styled``: only
        the moves its style makes likely (a hider fires from its back row, seldom steps forward
        to fire), see :func:`likely_reach`."""
        return finish(self.reaching(styled))

    def reaching(self, styled: bool = False) -> Generator[None, None, dict[int, float]]:
        """:meth:`reach_masks`, sliced: yields between batches of guesses."""
        blocked = self.blocked
        found: dict[int, float] = {}
        total = sum(self.weights)
        if not styled:
            masks = {c: reach_masks_of(self.observed, KIND_OF_CODE[c], blocked) for c in self.codes}
            for parts, w in zip(self.particles, self.weights):
                mask = 0
                for s in parts:
                    mask |= masks[s // POSITIONS][s % POSITIONS]
                found[mask] = found.get(mask, 0.0) + w / total
            return found
        table = self.table()
        rows = row_of(self.observed)
        reach = [styled_reach(self.observed, blocked, kind) for kind in self.kinds]
        for n, (parts, w, style) in enumerate(zip(self.particles, self.weights, self.styles)):
            if n % REACH_BATCH == REACH_BATCH - 1:
                yield
            mine, kind = reach[style], self.kinds[style]
            mask = 0
            for s in parts:
                known = mine.get(s)
                if known is None:
                    known = mine[s] = likely_reach(table, kind, s, rows)
                mask |= known
            found[mask] = found.get(mask, 0.0) + w / total
        return found

    def fire_chance(self, obliged: bool) -> float:
        """The chance that the observed player fires on its next turn (by the styles believed)."""
        if obliged:
            return 1.0
        return sum(share * kind.fires for share, kind in zip(self.style_shares(), self.kinds))

    def can_fire_at(self) -> list[float]:
        """Per square of the observer's half: probability that some observed piece could fire at
        it next turn, allowing one move first."""
        out = [0.0] * 108
        for mask, p in self.reach_masks().items():
            while mask:
                low = mask & -mask
                out[low.bit_length() - 1] += p
                mask ^= low
        return out
