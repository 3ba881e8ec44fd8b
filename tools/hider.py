"""Reference players that defend first (issue 34): bench code, never shipped.

They play like the independent player that beat hard in issue 34's measurements: they keep their
pieces in their own back row (rows there can only be shelled from the enemy's front row, at the
longest range), fire only when a hit is likely, skip to stay unseen (two skips at most, R8),
and move the piece a shot gave away. Both decide from their own seat only: the enemy's pieces as
exact per-piece tracks (``computer/tracks.py`` over the whole log, no model of a careful enemy),
their own pieces as the enemy may see them from the same public events.

* ``hider`` -- defends first: each legal turn is worth its hit chance less the chance that the
  enemy's answer finds one of its pieces (the enemy aims at what it may believe of them, among
  the squares it can reach) less a cost for every row a piece stands ahead of its back row. It
  fires only when its best shot hits with ``fire_at`` or more, or when it must.
* ``warden`` -- the hider with the computer's own belief (``computer/belief.py``, the styles
  learnt from play) for the enemy's pieces and for what the enemy may believe of its own: it
  knows that a hider's back row is no secret to a belief that learns.
* ``stalker`` -- the warden's beliefs and defence, but a belief-tracker on offence: it fires
  whenever its shot is clearly better than blind fire and follows a piece it has located (a
  lower threshold, a smaller cost for standing forward).
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from mortar.games.mortar_hunt.actions import Sacrifice, Turn
from mortar.games.mortar_hunt.computer import geometry as geo
from mortar.games.mortar_hunt.computer.model import EVASION, building, run
from mortar.games.mortar_hunt.computer.player import place
from mortar.games.mortar_hunt.computer.tracks import Tracker
from mortar.games.mortar_hunt.rules import opponent


def depth(player: str, square: int) -> int:
    """A square's row counted from ``player``'s own back row: 0 (back) … 3 (front)."""
    row = square // 12
    return row if player == "A" else 8 - row


class Hider:
    """The defend-first reference (see the module doc)."""

    label = level = "hider"
    fire_at = 0.12  # fires when its best shot hits at least this often (or when it must)
    forward = 0.3  # cost of each row a piece stands ahead of its back row (hit-chance units)
    aim = 3.0  # the enemy finds a piece this much better than the spread of its belief says
    sharpness = 3.0  # ... aiming at its hottest squares
    loss = 1.2  # a piece lost against a piece hit

    def __init__(self, seed: Any) -> None:
        self.seed = seed

    def choose(self, seat: Any) -> Any:
        return run(self.thinking(seat))

    def thinking(self, seat: Any) -> Generator[None, None, Any]:
        rng = random.Random(f"{self.seed}|{self.level}|{seat.player}|{len(seat.log)}")
        if str(seat.phase) == "setup":
            return place(seat, rng)
        player = str(seat.player)
        enemy, seen = yield from self.beliefs(seat)
        live = [p for p in seat.pieces if p.alive]
        if seat.must_sacrifice:
            heat = seen.heat()
            return Sacrifice(max(live, key=lambda p: (heat[p.position.square.index], -p.number)).number)
        heat = enemy.heat()
        turns = list(seat.legal_turns())
        best_hit = max((heat[t.shot.at.index] for t in turns if t.shot is not None), default=0.0)
        if not seat.must_shoot and best_hit < self.fire_at:
            turns = [t for t in turns if t.shot is None] or turns
        shots = sorted({t.shot.at.index for t in turns if t.shot is not None})
        options: list[int | None] = [*shots, None] if any(t.shot is None for t in turns) else list(shots)
        yield
        danger = self.danger(seat, enemy, seen, options)
        yield
        squares = {p.number: p.position.square.index for p in live}
        best: list[Turn] = []
        top = -1e9
        for turn in turns:
            shot = turn.shot.at.index if turn.shot is not None else None
            d = danger[shot]
            ends = [turn.move.to.square.index if n == turn.move.piece else s for n, s in squares.items()]
            risk = min(1.0, sum(d.get(s, 0.0) for s in ends))
            score = (heat[shot] if shot is not None else 0.0) - self.loss * risk
            score -= self.forward * sum(depth(player, s) for s in ends)
            if score > top + 1e-12:
                top, best = score, [turn]
            elif score > top - 1e-12:
                best.append(turn)
        return rng.choice(best)

    def beliefs(self, seat: Any) -> Generator[None, None, tuple[Any, Any]]:
        """Where the enemy's pieces may be, and where the enemy may believe mine are."""
        player = str(seat.player)
        enemy = yield from building(opponent(player), seat.options, seat.log, 0.0, 0, None, "tracks")
        seen = yield from building(player, seat.options, seat.log, 0.0, 0, None, "tracks")
        return enemy, seen

    def danger(self, seat: Any, enemy: Tracker, seen: Tracker,
               options: list[int | None]) -> dict[int | None, dict[int, float]]:
        """Per shot of mine (None: none): the chance the enemy's next shot lands on each square
        of my half, aiming at what it believes of my pieces after that turn among what it can
        reach."""
        reach = enemy.can_fire_at()
        half = [s for s in geo.half_squares(str(seat.player)) if s not in {c.index for c in seat.craters}]
        out = {}
        for shot, guess in seen.heats_after_turn(options).items():
            weights = {s: reach[s] * guess[s] ** self.sharpness for s in half}
            total = sum(weights.values()) or 1.0
            out[shot] = {s: self.aim * x / total for s, x in weights.items()}
        return out


class Warden(Hider):
    """The hider with the computer's own belief (see the module doc)."""

    label = level = "warden"
    particles = 200  # the enemy's guesses of my pieces

    def beliefs(self, seat: Any) -> Generator[None, None, tuple[Any, Any]]:
        player = str(seat.player)
        enemy = yield from building(opponent(player), seat.options, seat.log, EVASION, 300)
        seen = yield from building(player, seat.options, seat.log, EVASION, self.particles)
        return enemy, seen

    def danger(self, seat: Any, enemy: Any, seen: Any,
               options: list[int | None]) -> dict[int | None, dict[int, float]]:
        """As the hider's, but the enemy's belief after my turn is the joint belief run one
        event further, and its reach is per joint guess, by the style it is seen to play."""
        half = [s for s in geo.half_squares(str(seat.player)) if s not in {c.index for c in seat.craters}]
        reaches = [([s for s in half if mask >> s & 1], chance)
                   for mask, chance in enemy.reach_masks(True).items()]
        fires = enemy.fire_chance(seat.enemy_skips >= 2)
        out = {}
        for shot in options:
            after = seen.copy()
            after.observed_turn(shot)
            guess = after.heat()
            aim = {s: guess[s] ** self.sharpness for s in half}
            found: dict[int, float] = {}
            for squares, chance in reaches:
                scale = self.aim * fires * chance / (sum(aim[s] for s in squares) or 1.0)
                for s in squares:
                    found[s] = found.get(s, 0.0) + aim[s] * scale
            out[shot] = found
        return out


class Stalker(Warden):
    """The belief-tracking reference (see the module doc)."""

    label = level = "stalker"
    fire_at = 0.06
    forward = 0.1


HIDERS = {"hider": Hider, "warden": Warden, "stalker": Stalker}
