"""Duels against outside programs through the line protocol (mortar/kit/duel.py), run the way a
player runs them: `python -m mortar duel mortar-hunt ... --program NAME=COMMAND`."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parent.parent

# Plays the first legal action listed; checks every request against the protocol as it goes and
# writes what it saw to the file named by its argument, for the test to read.
FIRST_LEGAL = """
import json, sys
seen = open(sys.argv[1], "w")
for line in sys.stdin:
    request = json.loads(line)
    assert request["protocol"] == 1 and request["game"] == "mortar-hunt", request
    assert request["player"] in ("A", "B") and isinstance(request["seat"], dict), request
    assert request["legal"], request
    seen.write(json.dumps({"player": request["player"], "legal": len(request["legal"]),
                           "seat": sorted(request["seat"])}) + "\\n")
    seen.flush()
    print(json.dumps({"action": request["legal"][0]}), flush=True)
"""

# Answers a move of its first piece to a square no legal action reaches: well formed, illegal.
WRONG = """
import json, sys
for line in sys.stdin:
    legal = json.loads(line)["legal"]
    piece = legal[0]["move"]["piece"]
    reached = {a["move"]["to"] for a in legal if a["move"]["piece"] == piece}
    far = next(f"{c}{r}/N" for c in "ABCDEFGHIJKL" for r in range(1, 10) if f"{c}{r}/N" not in reached)
    print(json.dumps({"action": {"move": {"piece": piece, "to": far}, "shot": None}}), flush=True)
"""

NOT_JSON = """
import sys
for line in sys.stdin:
    print("e2e4", flush=True)
"""

SILENT = """
import sys, time
for line in sys.stdin:
    time.sleep(60)
"""


def _program(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    return path


def _duel(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mortar", "duel", "mortar-hunt", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def _result(out: str, label: str) -> tuple[int, int, int]:
    found = re.search(rf"^  {re.escape(label)}: (\d+) won, (\d+) drawn, (\d+) lost", out, re.M)
    assert found, out
    won, drawn, lost = map(int, found.groups())
    return won, drawn, lost


def test_a_program_that_plays_legal_actions_plays_whole_games(tmp_path: Path) -> None:
    seen = tmp_path / "seen.jsonl"
    program = _program(tmp_path, "first_legal", FIRST_LEGAL)
    done = _duel("mine", "random", "--games", "2", "--turn-limit", "12",
                 "--program", f"mine={sys.executable} {program} {seen}")
    assert done.returncode == 0, done.stderr
    won, drawn, lost = _result(done.stdout, "mine")
    assert won + drawn + lost == 4  # two pairs, seats swapped
    assert "forfeit" not in done.stdout
    requests = [line for line in seen.read_text().splitlines() if line]
    assert len(requests) >= 4
    # it was seated as both players (the pair swaps seats)
    assert {'"player": "A"', '"player": "B"'} <= {r.split(",")[0][1:] for r in requests}


@pytest.mark.parametrize(("name", "source", "reason"), [
    ("wrong", WRONG, "answered an illegal action"),
    ("garbled", NOT_JSON, "answered with a line that is not JSON"),
    ("silent", SILENT, "did not answer within 0.5 s"),
])
def test_a_program_that_answers_wrongly_or_never_loses_by_forfeit(
        tmp_path: Path, name: str, source: str, reason: str) -> None:
    program = _program(tmp_path, name, source)
    done = _duel(name, "easy", "--games", "1", "--deadline", "0.5",
                 "--program", f"{name}={sys.executable} {program}")
    assert done.returncode == 0, done.stderr
    assert _result(done.stdout, name) == (0, 0, 2)  # both games of the pair lost
    forfeits = re.search(r"(\d+) game\(s\) lost by forfeit, the first: (.*)$", done.stdout, re.M)
    assert forfeits, done.stdout
    assert forfeits.group(1) == "2"
    assert name in forfeits.group(2) and reason in forfeits.group(2), forfeits.group(2)


def test_an_unknown_player_is_a_usage_error() -> None:
    done = _duel("nobody", "easy", "--games", "1")
    assert done.returncode != 0
    assert "'nobody' is no player of Mortar Hunt" in done.stderr
