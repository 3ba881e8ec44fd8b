"""Duels with the reference *oracle* player, which sees the enemy's true positions: bench code
only, never shipped in mortar/. ``python tools/duel.py LEVEL LEVEL --games N [...]`` accepts
everything ``python -m mortar duel mortar-hunt`` does, plus the level ``oracle``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import oracle  # noqa: E402

from mortar import games  # noqa: E402
from mortar.kit.cli import main  # noqa: E402


def seat_of(game, player):
    oracle.CURRENT["game"] = game
    return game.seat(player)


if __name__ == "__main__":
    sys.exit(main(["duel", "mortar-hunt", *sys.argv[1:]], games, seat_of=seat_of,
                  extra={"oracle": oracle.Oracle}))
