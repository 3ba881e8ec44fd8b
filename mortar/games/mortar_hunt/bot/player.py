"""The computer player: :class:`Bot` chooses a seat's next action at one of three levels.

It sees only the seat (R14): its own pieces, the log of what it may know, and the seat's own
answers about legal moves and shots. Everything it believes about the enemy comes from
:mod:`mortar.bot.model`.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..actions import Sacrifice, Setup, Turn
from ..notation import Facing, Position
from ..rules import COMPUTER_LEVELS, PieceType
from ..seat import Seat, SeenAction
from . import geometry as geo
from .belief import WIDTH, Tracker
from .model import enemy_belief, exposure

LEVELS = COMPUTER_LEVELS


@dataclass(frozen=True)
class Candidate:
    """One legal turn with what the bot expects of it."""

    turn: Turn
    hit: float  # probability the shot hits (0 for a skip)
    score: float


@dataclass(frozen=True)
class HardWeights:
    """Hard's trade-offs (tuned by duels; see the package doc)."""

    danger: float = 2.5  # a piece lost weighs 2.5 pieces destroyed (1, 2, 3, 5 tried in duels)
    skip_cost: float = 0.03  # skips are scarce (two in a row at most)
    sharpness: float = 2.0  # how strongly the enemy aims at what it believes
    floor: float = 0.02  # the enemy's belief is never perfectly flat
    evasion: float = 0.0  # how much the enemy is assumed to move the piece it gave away
    width: int = WIDTH  # hypotheses the belief keeps (see belief.py)
    ahead: float = 0.3  # weight of next turn's best shot from the new places (vs random: 97.5 -> 99.5 %)
    aim_blind: float = 0.25  # below this mean aim (see Tracker.aims) the enemy is not aiming
    aim_sure: float = 0.6  # from this mean aim on, the danger counts in full
    blind_reach: bool = True  # a blind enemy: fear its reach (True) or nothing (False)
    reach_ahead: bool = True  # look ahead with a move before next turn's shot (True) or none


class Bot:
    """A computer player. ``Bot(level, seed)``; ``choose(seat)`` gives the seat's next action.

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

    def __repr__(self) -> str:
        return f"Bot({self.level!r}, seed={self.seed!r})"

    # --- the contract ---------------------------------------------------------------------

    def choose(self, seat: Seat) -> Setup | Turn | Sacrifice:
        rng = random.Random(f"{self.seed}|{self.level}|{seat.player}|{seat.turn}|{len(seat.log)}")
        if str(seat.phase) == "setup":
            if seat.pieces:
                raise ValueError(f"{seat.player} has placed already; the other player places now")
            return place(seat, rng)
        if not seat.acting:
            raise ValueError(f"it is not {seat.player}'s turn")
        live = [p for p in seat.pieces if p.alive]
        if seat.must_sacrifice:
            heat = exposure(seat).heat()
            # the piece the enemy is likeliest to find anyway
            return Sacrifice(max(live, key=lambda p: (heat[p.position.square.index], -p.number)).number)
        return self.candidates_best(seat, rng).turn

    # --- turns ------------------------------------------------------------------------------

    def believed(self, seat: Seat) -> Tracker:
        """The bot's belief about the enemy (the oracle of tools/duel.py overrides this)."""
        if self.level == "hard":
            return enemy_belief(seat, self.weights.evasion, self.weights.width)
        return enemy_belief(seat)

    def candidates_best(self, seat: Seat, rng: random.Random) -> Candidate:
        heat = self.believed(seat).heat()
        turns = legal_turns(seat)
        if self.level == "easy":
            return _easy(seat, turns, heat, rng)
        if self.level == "medium":
            return _best(rng, (Candidate(t, h, h) for t, h in _with_hits(turns, heat)))
        return self._hard(seat, turns, heat, rng)

    def _hard(self, seat: Seat, turns: list[Turn], heat: list[float], rng: random.Random) -> Candidate:
        w = self.weights
        shots = sorted({t.shot.at.index for t in turns if t.shot is not None})
        options: list[int | None] = [*shots, None] if any(t.shot is None for t in turns) else list(shots)
        seen = exposure(seat, 0.0, w.width)
        seen_by_enemy = seen.heats_after_turn(options)
        # how much to fear the enemy's next shot: as much as it has been aiming (two prior
        # shots at the middle value)
        aims = (*seen.aims, 0.5 * (w.aim_blind + w.aim_sure), 0.5 * (w.aim_blind + w.aim_sure))
        aim = sum(aims) / len(aims)
        aiming = min(1.0, max(0.0, (aim - w.aim_blind) / (w.aim_sure - w.aim_blind)))
        if w.blind_reach:  # a blind enemy still fires where it can reach: flatten its aim only
            fear, sharpness = w.danger, w.sharpness * aiming
        else:
            fear, sharpness = w.danger * aiming, w.sharpness
        reach = self.believed(seat).can_fire_at()
        half = geo.half_squares(str(seat.player))
        craters = {s.index for s in seat.craters}
        live = [p for p in seat.pieces if p.alive]
        enemy_live = max(1, 3 - sum(1 for e in seat.log if _destroys_enemy(e, seat.player)))
        # danger[shot][square]: chance the enemy's next shot lands on that square
        danger: dict[int | None, dict[int, float]] = {}
        for shot, guess in seen_by_enemy.items():
            weights = {s: reach[s] * (guess[s] + w.floor) ** sharpness for s in half if s not in craters}
            total = sum(weights.values()) or 1.0
            danger[shot] = {s: x / total for s, x in weights.items()}
        # next turn's best shot from where the pieces end up, on the belief after the enemy's
        # next move: pieces placed to cover where the enemy is likely to be
        ahead = self.believed(seat).heats_after_turn([None])[None] if w.ahead else heat
        player = str(seat.player)

        # next turn a piece may move before it fires: what it could reach then (own wrecks and
        # craters block; the other pieces are ignored as they may move too)
        blocked = sum(1 << s.index for s in seat.craters)
        blocked |= sum(1 << p.position.square.index for p in seat.pieces if not p.alive)

        def best_shot(position: Position, kind: PieceType) -> float:
            squares = geo.reach(player, kind, blocked)[position.index] if w.reach_ahead \
                else geo.targets(player, kind)[position.index]
            return max((ahead[t] for t in squares if t not in craters), default=0.0)

        standing = {p.number: best_shot(p.position, p.type) for p in live}
        kinds = {p.number: p.type for p in live}
        after_move: dict[tuple[int, int], float] = {}
        best: list[Candidate] = []
        top = -1e9
        for turn in turns:
            shot = turn.shot.at.index if turn.shot is not None else None
            d = danger[shot]
            moved = turn.move.piece
            risk = sum(d.get((turn.move.to if p.number == moved else p.position).square.index, 0.0)
                       for p in live)
            hit = heat[shot] if shot is not None else 0.0
            score = hit - fear * risk * (1.0 - hit / enemy_live)
            if shot is None:
                score -= w.skip_cost
            if w.ahead:
                key = (moved, turn.move.to.index)
                if key not in after_move:
                    after_move[key] = max([best_shot(turn.move.to, kinds[moved]),
                                           *(v for n, v in standing.items() if n != moved)])
                score += w.ahead * after_move[key]
            if score > top + 1e-12:
                top, best = score, [Candidate(turn, hit, score)]
            elif score > top - 1e-12:
                best.append(Candidate(turn, hit, score))
        return rng.choice(best)


def _destroys_enemy(seen: SeenAction, player: str) -> bool:
    if str(seen.player) == str(player):
        return bool(seen.hit)
    return seen.sacrificed is not None


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


def _easy(seat: Seat, turns: list[Turn], heat: list[float], rng: random.Random) -> Candidate:
    """A random move, then a loose shot: often a plausible target, sometimes any, sometimes none."""
    moves = sorted({t.move for t in turns}, key=lambda m: (m.piece, m.to.index))
    move = rng.choice(moves)
    mine = [t for t in turns if t.move == move]
    shots = [t for t in mine if t.shot is not None]
    skips = [t for t in mine if t.shot is None]
    if skips and (not shots or rng.random() < 0.3):
        return Candidate(skips[0], 0.0, 0.0)
    weights = [heat[t.shot.at.index] + 0.03 for t in shots]  # type: ignore[union-attr]
    turn = rng.choices(shots, weights)[0]
    h = heat[turn.shot.at.index]  # type: ignore[union-attr]
    return Candidate(turn, h, h)


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

