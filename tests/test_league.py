"""tools/league.py counts the same games as ``mortar.kit.duel.duel``: the same placements and
player seeds give the same wins, draws and losses (its pairs once counted every game lost)."""

import sys
from pathlib import Path

import pytest

from mortar.games.mortar_hunt.game import GAME
from mortar.kit.duel import duel

pytestmark = pytest.mark.cpython_only  # a bench tool's check: bench code does not ship


def test_league_pairs_score_as_the_duel_does() -> None:
    # (imported here: the tool's process pool cannot even be imported under Pyodide)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import league

    options = league.TABLES["classic"]
    tally = duel(GAME, "easy", "random", 2, options, seed=1)
    pairs = [league.pair("easy", "random", options, 1, i) for i in range(2)]
    assert (sum(p["won"] for p in pairs), sum(p["drawn"] for p in pairs), sum(p["lost"] for p in pairs)) \
        == (tally.wins, tally.draws, tally.losses)
    assert sum(p["score"] for p in pairs) / 2 == (tally.wins + tally.draws / 2) / 4
    assert tally.wins > 0
