"""The computer player: :class:`Computer` chooses a seat's next action at one of three levels.

It sees only the seat (R14): its own pieces, the log of what it may know, and the seat's own
answers about legal moves and shots. Everything it believes about the enemy, and about what the
enemy believes of it, comes from :mod:`.model`. :meth:`Computer.thinking` is the sliced
form of :meth:`Computer.choose` (see the contract in :mod:`mortar.games.mortar_hunt.computer`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Generator, Iterable
from dataclasses import dataclass

from ....kit.steps import finish
from ..actions import Sacrifice, Setup, Turn
from ..notation import Facing, Position
from ..rules import COMPUTER_LEVELS, PieceType
from ..seat import Seat
from . import geometry as geo
from .belief import Belief
from .exchange import answer, turns_left
from .model import EVASION, WINDOW, Model, enemy_building, exposure_building
from .styles import STYLES, UNIFORM
from .tracks import Tracker

LEVELS = COMPUTER_LEVELS
Action = Setup | Turn | Sacrifice
Thinking = Generator[None, None, Action]
BATCH = 64  # candidate turns scored between two yields (a few ms in CPython)
RATE_STEP = 0.01  # the race model's hit rates are rounded to this


@dataclass(frozen=True)
class Candidate:
    """One legal turn with what the bot expects of it."""

    turn: Turn
    hit: float  # probability the shot hits (0 for a skip)
    score: float
    risk: float = 0.0  # probability the enemy's answer finds one of my pieces (hard)


@dataclass(frozen=True)
class HardWeights:
    """Hard's model and trade-offs. Each was measured in duels against the one-exchange
    reference (tools/league.py; 200 pairs where a figure is given, else 60)."""

    # the enemy belief: a careful enemy moves the pieces it believes located (0 and 0.5 were
    # weaker than 0.8 at 60 pairs); the window bounds the work after a reload; 300 particles
    # 61 % against 160's 60 %; "tracks" (independent per piece) 46 % at 60 pairs
    evasion: float = EVASION
    window: int | None = WINDOW
    particles: int = 300
    belief: str = "joint"
    # the enemy's styles of moving (.styles): "learned" (fitted from play) or "uniform" (before
    # issue 34: every R5 end alike, which rates a hider's back row cold)
    styles: str = "learned"
    # the race model's typical hits per turn, either side (0.2: no difference), and how many
    # turns of that prior weigh against each side's hits per turn so far in this game (0: the
    # prior alone): against players who hide, hits are rare, a lead is worth more, and hard
    # hides when ahead and takes risks when behind
    hit_rate: float = 0.12
    race_prior: float = 10.0
    # the enemy's answer: it aims at (belief + floor) ** sharpness among the squares it can reach
    # (per joint guess of its pieces: 62 % against 60 % for the marginal reach), firing in this
    # share of its turns, and finds us `danger` times as often as that model says (calibrated:
    # predicted 6 %, found 16 %; 2, 3 and 6 were no better)
    sharpness: float = 2.0
    floor: float = 0.02
    fires: float = 0.85
    danger: float = 4.0
    per_guess: bool = True
    # the enemy's reach and fire chance by the style the belief sees it play (.styles): a hider
    # fires from where it stands, and seldom
    styled_reach: bool = True
    # next turn's best shot from where the pieces end up (0 and 0.6 no better at 60 pairs)
    ahead: float = 0.3
    skip_cost: float = 0.005  # skips are scarce (two in a row at most)


class Computer:
    """A computer player. ``Computer(level, seed)``; ``choose(seat)`` gives the seat's next action.

    Same level, same seed and equal seats give the same action: the random choices are drawn
    from a generator seeded with the seed and the seat's turn, player and log length.
    """

    def __init__(self, level: str = "medium", seed: int | str | None = None,
                 weights: HardWeights | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"{level!r} is not a level ({', '.join(LEVELS)})")
        self.level = level
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(8), "big")
        self.weights = weights or HardWeights()
        self.last: Candidate | None = None  # hard's last decision as it saw it (diagnostics)

    def __repr__(self) -> str:
        return f"Computer({self.level!r}, seed={self.seed!r})"

    # --- the contract ---------------------------------------------------------------------

    def choose(self, seat: Seat) -> Action:
        """The seat's next action, computed at once (see :meth:`thinking`)."""
        action: Action = finish(self.thinking(seat))
        return action

    def thinking(self, seat: Seat) -> Thinking:
        """The same decision as :meth:`choose`, sliced: a generator that yields None between
        chunks of work (a belief event, a batch of candidate turns) and returns the action."""
        rng = random.Random(f"{self.seed}|{self.level}|{seat.player}|{seat.turn}|{len(seat.log)}")
        if str(seat.phase) == "setup":
            if seat.pieces:
                raise ValueError(f"{seat.player} has placed already; the other player places now")
            return place(seat, rng)
        if not seat.acting:
            raise ValueError(f"it is not {seat.player}'s turn")
        live = [p for p in seat.pieces if p.alive]
        if seat.must_sacrifice:
            seen = yield from self.exposure(seat)
            heat = seen.heat()
            # the piece the enemy is likeliest to find anyway
            return Sacrifice(max(live, key=lambda p: (heat[p.position.square.index], -p.number)).number)
        enemy = yield from self.believed(seat)
        heat = enemy.heat()
        turns = legal_turns(seat)
        if self.level == "easy":
            return _easy(turns, heat, rng).turn
        if self.level == "medium":
            return _best(rng, (Candidate(t, h, h) for t, h in _with_hits(turns, heat))).turn
        seen = yield from self.exposure(seat)
        best = yield from self._hard(seat, turns, enemy, seen, heat, rng)
        self.last = best
        return best.turn

    # --- beliefs --------------------------------------------------------------------------

    def believed(self, seat: Seat) -> Generator[None, None, Model]:
        """The bot's belief about the enemy, sliced (the oracle of tools/ overrides this)."""
        w = self.weights
        if self.level == "hard":
            styles = STYLES if w.styles == "learned" else (UNIFORM,)
            return (yield from enemy_building(seat, w.evasion, w.particles, w.window, w.belief, styles))
        return (yield from enemy_building(seat))

    def exposure(self, seat: Seat) -> Generator[None, None, Tracker]:
        return (yield from exposure_building(seat, self.weights.window))

    # --- hard -------------------------------------------------------------------------------

    def _hard(self, seat: Seat, turns: list[Turn], enemy: Model, seen: Tracker, heat: list[float],
              rng: random.Random) -> Generator[None, None, Candidate]:
        w = self.weights
        player = str(seat.player)
        shots = sorted({t.shot.at.index for t in turns if t.shot is not None})
        options: list[int | None] = [*shots, None] if any(t.shot is None for t in turns) else list(shots)
        half = [s for s in geo.half_squares(player) if s not in {c.index for c in seat.craters}]
        # danger[shot][square]: the chance the enemy's next shot lands on that square, after my
        # turn's shot (or skip) told it what it tells: it aims at what it believes of my pieces,
        # among the squares its pieces can fire at (per joint guess of where they are, when the
        # belief is joint; else where some piece may reach)
        reaches = None
        if w.per_guess and isinstance(enemy, Belief):
            masks = yield from enemy.reaching(w.styled_reach)
            reaches = [([s for s in half if mask >> s & 1], chance) for mask, chance in masks.items()]
        reach = enemy.can_fire_at() if reaches is None else []
        yield
        yield from seen.readying()
        fires = w.fires
        if w.styled_reach and isinstance(enemy, Belief):
            fires = enemy.fire_chance(seat.enemy_skips >= 2)
        danger: dict[int | None, dict[int, float]] = {}
        for shot in options:
            guess = seen.heats_after_turn([shot])[shot]
            if reaches is None:
                weights = {s: reach[s] * (guess[s] + w.floor) ** w.sharpness for s in half}
                total = sum(weights.values()) or 1.0
                danger[shot] = {s: fires * x / total for s, x in weights.items() if x > 0.0}
            else:
                aim = {s: (guess[s] + w.floor) ** w.sharpness for s in half}
                found: dict[int, float] = {}
                for squares, chance in reaches:
                    scale = fires * chance / (sum(aim[s] for s in squares) or 1.0)
                    for s in squares:
                        found[s] = found.get(s, 0.0) + aim[s] * scale
                danger[shot] = found
            yield
        mine = sum(1 for p in seat.pieces if p.alive)
        theirs = seat.enemy_live
        my_turns, their_turns = turns_left(player, seat.turn, seat.options.turn_limit)
        p, q = race_rates(seat, w.hit_rate, w.race_prior)
        # what a hit and a loss are worth now, from the race model
        values = {(h_, r_): answer(mine, theirs - h_, my_turns - 1, their_turns, p, q, float(r_))
                  for h_ in (0, 1) for r_ in (0, 1)}
        gain_next = (answer(mine, theirs - 1, my_turns - 1, their_turns, p, q)
                     - answer(mine, theirs, my_turns - 1, their_turns, p, q))

        blocked = sum(1 << s.index for s in seat.craters)
        blocked |= sum(1 << p_.position.square.index for p_ in seat.pieces if not p_.alive)
        craters = {s.index for s in seat.craters}

        def best_shot(position_index: int, kind: PieceType) -> float:
            squares = geo.reach(player, kind, blocked)[position_index]
            return max((heat[t] for t in squares if t not in craters), default=0.0)

        live = [p_ for p_ in seat.pieces if p_.alive]
        standing = {p_.number: best_shot(p_.position.index, p_.type) for p_ in live}
        kinds = {p_.number: p_.type for p_ in live}
        standing_on = {p_.number: p_.position.square.index for p_ in live}
        after_move: dict[tuple[int, int], float] = {}
        best: list[Candidate] = []
        top = -1e9
        for n, turn in enumerate(turns):
            if n % BATCH == BATCH - 1:
                yield
            shot = turn.shot.at.index if turn.shot is not None else None
            d = danger[shot]
            moved = turn.move.piece
            to = turn.move.to
            risk = sum(d.get(to.square.index if number == moved else square, 0.0)
                       for number, square in standing_on.items())
            risk = min(1.0, w.danger * risk)
            hit = heat[shot] if shot is not None else 0.0
            on_hit = 1.0 if theirs == 1 else risk * values[(1, 1)] + (1 - risk) * values[(1, 0)]
            on_miss = risk * values[(0, 1)] + (1 - risk) * values[(0, 0)]
            score = hit * on_hit + (1 - hit) * on_miss
            if shot is None:
                score -= w.skip_cost
            if w.ahead:
                key = (moved, to.index)
                if key not in after_move:
                    after_move[key] = max([best_shot(to.index, kinds[moved]),
                                           *(v for k, v in standing.items() if k != moved)])
                score += w.ahead * after_move[key] * gain_next
            if score > top + 1e-12:
                top, best = score, [Candidate(turn, hit, score, risk)]
            elif score > top - 1e-12:
                best.append(Candidate(turn, hit, score, risk))
        return rng.choice(best)


def race_rates(seat: Seat, prior: float, weight: float) -> tuple[float, float]:
    """Hits per turn, mine and the enemy's, for the race model: the prior's ``weight`` turns at
    ``prior`` and each side's turns and hits so far (public: every shot's result is)."""
    if weight <= 0.0:
        return prior, prior
    turns = {"mine": 0, "theirs": 0}
    hits = {"mine": 0, "theirs": 0}
    for seen in seat.log:
        side = "mine" if seen.player is seat.player else "theirs"
        turns[side] += 1
        hits[side] += bool(seen.hit)
    # (rounded: the race model's tables are kept per pair of rates)
    return (round((hits["mine"] + weight * prior) / (turns["mine"] + weight) / RATE_STEP) * RATE_STEP,
            round((hits["theirs"] + weight * prior) / (turns["theirs"] + weight) / RATE_STEP) * RATE_STEP)


def legal_turns(seat: Seat) -> list[Turn]:
    """Every legal turn of the seat, as the seat itself lists them."""
    return list(seat.legal_turns())


def _with_hits(turns: Iterable[Turn], heat: list[float]) -> Iterable[tuple[Turn, float]]:
    for t in turns:
        yield t, (heat[t.shot.at.index] if t.shot is not None else -1.0)


def _best(rng: random.Random, candidates: Iterable[Candidate]) -> Candidate:
    best: list[Candidate] = []
    top = -1e9
    for c in candidates:
        if c.score > top + 1e-12:
            top, best = c.score, [c]
        elif c.score > top - 1e-12:
            best.append(c)
    return rng.choice(best)


def _easy(turns: list[Turn], heat: list[float], rng: random.Random) -> Candidate:
    """A loose shot, then any move that fires it: a target drawn in proportion to how likely
    it holds a piece (the best one is only the likeliest draw), now and then none."""
    shots = [t for t in turns if t.shot is not None]
    skips = [t for t in turns if t.shot is None]
    if skips and (not shots or rng.random() < 0.1):
        skip = rng.choice(sorted(skips, key=_order))
        return Candidate(skip, 0.0, 0.0)
    targets = sorted({t.shot.at.index for t in shots})  # type: ignore[union-attr]
    target = rng.choices(targets, [heat[i] + 0.01 for i in targets])[0]
    turn = rng.choice(sorted((t for t in shots if t.shot.at.index == target), key=_order))  # type: ignore[union-attr]
    return Candidate(turn, heat[target], heat[target])


def _order(turn: Turn) -> tuple[int, int, int]:
    return (turn.move.piece, turn.move.to.index, turn.shot.at.index if turn.shot is not None else -1)


# --- placement ------------------------------------------------------------------------------


def place(seat: Seat, rng: random.Random) -> Setup:
    """Three pieces spread over the half, each facing the enemy so that it can fire at once;
    under the secret loadout a random mix of types."""
    player = str(seat.player)
    forward = Facing.N if player == "A" else Facing.S
    facings = [forward, forward.turned(1), forward.turned(-1)]
    kinds = geo.piece_types(seat.options)
    half = sorted(seat.half, key=lambda s: s.index)
    for _ in range(1000):
        squares = rng.sample(half, 3)
        columns = sorted(s.column for s in squares)
        if columns[1] - columns[0] < 2 or columns[2] - columns[1] < 2:
            continue
        types = tuple(rng.choice(kinds) for _ in range(3))
        positions = []
        for square, kind in zip(squares, types):
            good = [Position(square, f) for f in facings
                    if geo.targets(player, kind)[Position(square, f).index]]
            if not good:
                break
            positions.append(rng.choice(good))
        if len(positions) == 3:
            return Setup(seat.player, tuple(positions), types)  # type: ignore[arg-type]
    raise RuntimeError("no placement found")  # cannot happen on the 12 x 4 half
