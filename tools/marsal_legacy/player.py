"""The computer player: :class:`Computer` decides a seat's next action at one of three levels,
from the seat alone (R14), in slices of work a page can run between frames.

* **easy** sets up loosely and weighs its plays with the hard facts only, choosing loosely
  among them (a high temperature): it attacks what it surely beats, and wanders.
* **medium** sets up with care and weighs its plays with the hard facts, the danger at each
  square and the pull of targets, choosing among the best.
* **hard** also remembers which enemy pieces stood still when they could have moved (likely
  Minefields and the Flag), that a Flag is likelier at the back, what a probe shows, and what
  the enemy has seen of its own pieces; it picks the best play, among near-equals at random.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator, Sequence
from dataclasses import replace

from mortar.games.marsal_a_spion.actions import Attack, Move, Setup
from mortar.games.marsal_a_spion.rules import Phase
from mortar.games.marsal_a_spion.seat import Seat
from mortar.kit.common import AcceptDraw
from mortar.kit.steps import finish

from .belief import believe
from .memory import memory
from .setup import computer_setup
from .weigh import Style, Weigher

LEVELS = ("easy", "medium", "hard")
# Hard's style is the default; the lower levels lack some of its sense (no memory of still
# pieces, no guards, no worth in what a probe shows), weigh the Flag as if it were found at the
# first try, fear less, and choose more loosely.
_RASH = Style(win=2500.0, insight=0.0, stillness=0.0, flag_rows=False, keep=0, raiders=False)
STYLES = {
    "easy": replace(_RASH, pull=0.3, caution=0.3, dread=1.0, guard=0.3, temperature=40.0),
    "medium": replace(_RASH, caution=1.0, boldness=0.5, temperature=6.0),
    "hard": Style(),
}
CHUNK = 24  # plays weighed between two slices (a slice stays well under 20 ms)

Decision = Setup | Move | Attack | AcceptDraw
Thought = Generator[None, None, Decision]


class Computer:
    """A computer player. ``Computer(level, seed)``; ``choose(seat)`` gives the seat's next
    action, ``thinking(seat)`` the same in slices (a generator that yields between slices and
    returns the action). Same level, same seed and equal seats give the same action: the random
    choices are drawn from a generator seeded by the seed, the level, the player and the turn,
    and the work done depends on the seat alone. It never resigns."""

    def __init__(self, level: str, seed: int | str, style: Style | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"{level!r} is not a level ({', '.join(LEVELS)})")
        self.level = level
        self.seed = seed
        self.style = style or STYLES[level]

    def __repr__(self) -> str:
        return f"Computer({self.level!r}, seed={self.seed!r})"

    def choose(self, seat: Seat) -> Decision:
        decision: Decision = finish(self.thinking(seat))
        return decision

    def thinking(self, seat: Seat) -> Thought:
        rng = random.Random(f"{self.seed}|{self.level}|{seat.player}|{seat.phase}|{seat.turns}")
        if seat.outcome is not None or seat.to_play is not seat.player:
            raise ValueError(f"it is not {seat.player}'s turn")
        if seat.phase is Phase.SETUP:
            return computer_setup(seat.player, rng, careful=self.level != "easy")
        plays: Sequence[Move | Attack] = seat.legal_plays()
        style = self.style
        remembered = memory(seat) if style.stillness > 0 or self.level == "hard" else None
        yield
        belief = believe(seat, remembered, style.stillness, style.flag_rows)
        yield
        weigher = Weigher(seat, belief, remembered, style)
        scores: list[float] = []
        listed = list(plays)
        for start in range(0, len(listed), CHUNK):
            scores.extend(weigher.weigh(play) for play in listed[start:start + CHUNK])
            yield
        if seat.may_accept_draw() and weigher.behind():
            return AcceptDraw()
        return _pick(listed, scores, style.temperature, rng)


def _pick(plays: list[Move | Attack], scores: list[float], temperature: float,
          rng: random.Random) -> Move | Attack:
    """A play drawn with odds falling off exponentially below the best score."""
    top = max(scores)
    weights = [math.exp((s - top) / temperature) for s in scores]
    return rng.choices(plays, weights)[0]
