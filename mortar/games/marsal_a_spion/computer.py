"""The computer player, for now a random one: a uniformly random move or attack of its seat, or
a random setup (the real computer is a later task). It decides from its seat alone (R14)."""

from __future__ import annotations

import random

from .actions import Attack, Move, Setup
from .seat import Seat


class RandomPlayer:
    """Plays at every level for now. The same seat gets the same choice: the random numbers are
    seeded by the player's seed, its colour and the turn."""

    def __init__(self, level: str, seed: int | str) -> None:
        self.level = level
        self.seed = seed

    def choose(self, seat: Seat) -> Setup | Move | Attack:
        rng = random.Random(f"{self.seed}|{self.level}|{seat.player}|{seat.phase}|{seat.turns}")
        return seat.random_action(rng)
