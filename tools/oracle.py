"""The reference *oracle*: hard's turn choice fed the enemy's TRUE positions instead of a
belief. Bench code only (never shipped in mortar/): it measures what hidden information is
worth. It reads the game being played from ``CURRENT``, which tools/duel.py sets."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from mortar.games.mortar_hunt.computer import Computer
from mortar.games.mortar_hunt.computer import geometry as geo
from mortar.games.mortar_hunt.rules import opponent

CURRENT: dict[str, Any] = {}


class Truth:
    """A belief that is certain: heat 1 on the live enemy squares, reach from true positions."""

    def __init__(self, game: Any, enemy: str) -> None:
        self.game, self.enemy = game, enemy

    def _live(self):
        return [(self.game.position(self.enemy, n), self.game.piece_type(self.enemy, n))
                for n in (1, 2, 3) if self.game.is_alive(self.enemy, n)]

    def heat(self) -> list[float]:
        heat = [0.0] * 108
        for position, _ in self._live():
            heat[position.square.index] = 1.0
        return heat

    def can_fire_at(self) -> list[float]:
        reach = [0.0] * 108
        table = geo.ends_table(self.enemy, 0)
        for position, kind in self._live():
            shots = geo.targets(self.enemy, kind)
            for p in (position.index, *geo.ends(table, self.enemy, 0, position.index)):
                for s in shots[p]:
                    reach[s] = 1.0
        return reach


class Oracle(Computer):
    label = "oracle"

    def __init__(self, seed: Any) -> None:
        super().__init__("hard", seed)

    def believed(self, seat: Any) -> Generator[None, None, Any]:
        return Truth(CURRENT["game"], opponent(str(seat.player)))
        yield  # a generator, as Computer.believed is (sliced thinking)
