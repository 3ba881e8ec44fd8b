"""Reference players for the computer opponent's strength table: bench code, never shipped.

Both decide from their own seat only (they never peek) and use the computer's belief code as it
was before issue 34 (commit 5f84dad, loaded by tools/legacy.py, so that they stay the fixed
players they were measured as): the enemy's pieces from its `belief.py` (a particle filter over
the enemy's joint hidden state, 200 particles, run over the whole log with no window, movers
uniform: no model of a careful enemy), their own pieces as the enemy sees them from its
`tracks.py`.

* ``exchange`` -- the one-exchange player: each legal turn is scored by win chance, its hit
  chance now against the enemy's chance to hit it next turn (the enemy fires at the squares it
  believes likeliest among those it can reach, three times as well as the belief says: the
  calibration measured in duels), turned into win chances by the race model over the piece
  counts (`computer/exchange.py`). No look further ahead. It beats the old hard (before the
  joint belief) about four games in five.
* ``determinized`` -- a determinized search over the same exchange (perfect-information Monte
  Carlo): the turns the one-exchange score ranks best are played out against joint enemy
  states drawn from the belief; in each, whether the shot hits and which squares the enemy can
  fire at next are exact (it aims as the one-exchange model says, among those squares), so a
  shot that removes the piece that threatens counts as such.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

from legacy import BEFORE_STYLES, legacy_bot

from mortar.games.mortar_hunt.actions import Sacrifice, Turn
from mortar.games.mortar_hunt.computer import geometry as geo
from mortar.games.mortar_hunt.computer.exchange import answer, turns_left
from mortar.games.mortar_hunt.computer.player import place
from mortar.games.mortar_hunt.rules import opponent

BEFORE = legacy_bot(BEFORE_STYLES, "mortar/games/mortar_hunt/computer")
building, run = BEFORE.model.building, BEFORE.model.run
KIND_OF_CODE, POSITIONS = BEFORE.belief.KIND_OF_CODE, BEFORE.belief.POSITIONS
square_of, Belief, Tracker = BEFORE.belief.square_of, BEFORE.belief.Belief, BEFORE.tracks.Tracker


class Exchange:
    """The one-exchange reference (see the module doc)."""

    label = level = "exchange"
    particles = 200
    hit_rate = 0.12
    sharpness = 4.0  # the enemy aims at its hottest reachable squares
    aim = 3.0  # ... better than the belief says (calibrated: predicted 6 %, found 16 %)

    def __init__(self, seed: Any) -> None:
        self.seed = seed

    def choose(self, seat: Any) -> Any:
        return run(self.thinking(seat))

    def beliefs(self, seat: Any) -> Generator[None, None, tuple[Belief, Tracker]]:
        player = str(seat.player)
        enemy = yield from building(opponent(player), seat.options, seat.log, 0.0, self.particles, None)
        seen = yield from building(player, seat.options, seat.log, 0.0, 0, None, "tracks")
        return enemy, seen  # type: ignore[return-value]

    def thinking(self, seat: Any) -> Generator[None, None, Any]:
        rng = random.Random(f"{self.seed}|{self.label}|{seat.player}|{len(seat.log)}")
        if str(seat.phase) == "setup":
            return place(seat, rng)
        enemy, seen = yield from self.beliefs(seat)
        live = [p for p in seat.pieces if p.alive]
        if seat.must_sacrifice:
            heat = seen.heat()
            return Sacrifice(max(live, key=lambda p: (heat[p.position.square.index], -p.number)).number)
        scored = self.scored(seat, list(seat.legal_turns()), enemy, seen)
        top = max(s for s, _ in scored)
        return rng.choice([t for s, t in scored if s > top - 1e-12])

    def danger(self, seat: Any, enemy: Belief, seen: Tracker,
               shots: list[int | None]) -> dict[int | None, dict[int, float]]:
        """Per shot of mine (None: none): where the enemy's next shot lands."""
        reach = enemy.can_fire_at()
        half = [s for s in geo.half_squares(str(seat.player)) if s not in {c.index for c in seat.craters}]
        out = {}
        for shot, guess in seen.heats_after_turn(shots).items():
            weights = {s: reach[s] * guess[s] ** self.sharpness for s in half}
            total = sum(weights.values()) or 1.0
            out[shot] = {s: self.aim * x / total for s, x in weights.items() if x > 0.0}
        return out

    def values(self, seat: Any) -> tuple[int, dict[tuple[int, int], float]]:
        """The race model's win chances after my turn: (enemy pieces hit, mine lost) -> value."""
        mine = sum(1 for p in seat.pieces if p.alive)
        theirs = seat.enemy_live
        my_turns, their_turns = turns_left(str(seat.player), seat.turn, seat.options.turn_limit)
        p = self.hit_rate
        return theirs, {(h, r): answer(mine, theirs - h, my_turns - 1, their_turns, p, p, float(r))
                        for h in (0, 1) for r in (0, 1)}

    def scored(self, seat: Any, turns: list[Turn], enemy: Belief, seen: Tracker) -> list[tuple[float, Turn]]:
        heat = enemy.heat()
        shots = sorted({t.shot.at.index for t in turns if t.shot is not None})
        danger = self.danger(seat, enemy, seen, [*shots, None])
        theirs, values = self.values(seat)
        squares = {p.number: p.position.square.index for p in seat.pieces if p.alive}
        out = []
        for turn in turns:
            shot = turn.shot.at.index if turn.shot is not None else None
            d = danger[shot]
            risk = min(1.0, sum(d.get(turn.move.to.square.index if n == turn.move.piece else s, 0.0)
                                for n, s in squares.items()))
            hit = heat[shot] if shot is not None else 0.0
            on_hit = 1.0 if theirs == 1 else risk * values[(1, 1)] + (1 - risk) * values[(1, 0)]
            on_miss = risk * values[(0, 1)] + (1 - risk) * values[(0, 0)]
            out.append((hit * on_hit + (1 - hit) * on_miss, turn))
        return out


class Determinized(Exchange):
    """The determinized-search reference (see the module doc)."""

    label = level = "determinized"
    candidates = 12  # turns searched, the one-exchange score's best
    worlds = 48  # joint enemy states drawn from the belief

    def thinking(self, seat: Any) -> Generator[None, None, Any]:
        rng = random.Random(f"{self.seed}|{self.label}|{seat.player}|{len(seat.log)}")
        if str(seat.phase) == "setup":
            return place(seat, rng)
        enemy, seen = yield from self.beliefs(seat)
        live = [p for p in seat.pieces if p.alive]
        if seat.must_sacrifice:
            heat = seen.heat()
            return Sacrifice(max(live, key=lambda p: (heat[p.position.square.index], -p.number)).number)
        scored = self.scored(seat, list(seat.legal_turns()), enemy, seen)
        scored.sort(key=lambda st: -st[0])
        short = [t for _, t in scored[:self.candidates]]
        yield
        worlds = [enemy.particles[rng.randrange(len(enemy.particles))] for _ in range(self.worlds)]
        shots = sorted({t.shot.at.index for t in short if t.shot is not None})
        guesses = seen.heats_after_turn([*shots, None])
        theirs, values = self.values(seat)
        enemy_side = opponent(str(seat.player))
        blocked = enemy.blocked
        reach_of = {c: geo.reach(enemy_side, KIND_OF_CODE[c], blocked) for c in enemy.codes}
        craters = {c.index for c in seat.craters}
        squares = {p.number: p.position.square.index for p in live}
        best, top = [], -1e9
        for turn in short:
            shot = turn.shot.at.index if turn.shot is not None else None
            guess = guesses[shot]
            mine = {turn.move.to.square.index if n == turn.move.piece else s for n, s in squares.items()}
            total = 0.0
            for world in worlds:
                hit_piece = next((i for i, s in enumerate(world) if square_of(s) == shot), None)
                if hit_piece is not None and theirs == 1:
                    total += 1.0
                    continue
                targets: set[int] = set()
                for i, s in enumerate(world):
                    if i != hit_piece:
                        targets.update(reach_of[s // POSITIONS][s % POSITIONS])
                targets -= craters
                # the enemy aims as in the one-exchange model, but only where this world's
                # pieces can fire (and never with the piece this shot destroys)
                weights = {s: guess[s] ** self.sharpness for s in targets}
                spread = sum(weights.values()) or 1.0
                risk = min(1.0, self.aim * sum(weights.get(s, 0.0) for s in mine) / spread)
                hit = int(hit_piece is not None)
                total += risk * values[(hit, 1)] + (1 - risk) * values[(hit, 0)]
            score = total / len(worlds)
            if score > top + 1e-12:
                best, top = [turn], score
            elif score > top - 1e-12:
                best.append(turn)
        return rng.choice(best)


PLAYERS = {"exchange": Exchange, "determinized": Determinized}
