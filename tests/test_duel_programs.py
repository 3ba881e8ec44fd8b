"""Duels against outside programs through the line protocol (docs/duel-protocol.md,
mortar/kit/duel.py), run the way a player runs them: `python -m mortar duel GAME ... --program
NAME=COMMAND`."""

from __future__ import annotations

import json
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
    message = json.loads(line)
    assert message["protocol"] == 2 and message["game"] == "mortar-hunt", message
    if message["type"] != "act":
        seen.write(json.dumps({"type": message["type"]}) + "\\n")
        seen.flush()
        continue
    assert message["player"] in ("A", "B") and isinstance(message["seat"], dict), message
    assert message["legal"] and message["setup"] is False, message
    seen.write(json.dumps({"player": message["player"], "legal": len(message["legal"]),
                           "seat": sorted(message["seat"])}) + "\\n")
    seen.flush()
    print(json.dumps({"action": message["legal"][0]}), flush=True)
"""

# Answers a move of its first piece to a square no legal action reaches: well formed, illegal.
WRONG = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] != "act":
        continue
    legal = message["legal"]
    piece = legal[0]["move"]["piece"]
    reached = {a["move"]["to"] for a in legal if a["move"]["piece"] == piece}
    far = next(f"{c}{r}/N" for c in "ABCDEFGHIJKL" for r in range(1, 10) if f"{c}{r}/N" not in reached)
    print(json.dumps({"action": {"move": {"piece": piece, "to": far}, "shot": None}}), flush=True)
"""

NOT_JSON = """
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "act":
        print("e2e4", flush=True)
"""

SILENT = """
import json, sys, time
for line in sys.stdin:
    if json.loads(line)["type"] == "act":
        time.sleep(60)
"""

# Fails on its first request, as a program with a bug would: a traceback on standard error.
CRASH = """
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "act":
        print("thinking about", json.loads(line)["player"], file=sys.stderr, flush=True)
        1 / 0
"""

# Maršál a Špión on both seats: the runner's setup at random, then a resignation at once; every
# line written down (its setup seen in each request) for the test to read.
SETS_UP_THEN_RESIGNS = """
import json, sys
seen = open(sys.argv[1], "w")
for line in sys.stdin:
    message = json.loads(line)
    seen.write(json.dumps({k: message.get(k) for k in ("type", "seed", "leg", "players", "player", "setup",
                                                       "legal", "winner", "end")}
                          | {"army": message.get("seat", {}).get("setup")}) + "\\n")
    seen.flush()
    if message["type"] == "act":
        action = {"random": True} if message["setup"] else {"resign": True}
        print(json.dumps({"action": action}), flush=True)
"""


def _program(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    return path


def _duel(*args: str, game: str = "mortar-hunt", timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mortar", "duel", game, *args],
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
    lines = [json.loads(line) for line in seen.read_text().splitlines() if line]
    # every game opens with its line and ends with one
    assert [m["type"] for m in lines if "type" in m] == ["new_game", "game_over"] * 4
    requests = [line for line in seen.read_text().splitlines() if line and '"type"' not in line]
    assert len(requests) >= 4
    # it was seated as both players (the pair swaps seats)
    assert {'"player": "A"', '"player": "B"'} <= {r.split(",")[0][1:] for r in requests}


@pytest.mark.parametrize(("name", "source", "reason"), [
    ("wrong", WRONG, "answered an illegal action"),
    ("garbled", NOT_JSON, "answered with a line that is not JSON"),
    ("silent", SILENT, "did not answer within 0.5 s"),
    ("crash", CRASH, "exited without answering (exit status 1); its standard error ended: thinking about"),
])
def test_a_program_that_answers_wrongly_or_never_loses_by_forfeit(
        tmp_path: Path, name: str, source: str, reason: str) -> None:
    program = _program(tmp_path, name, source)
    # a short deadline only where waiting is the fault: a loaded machine may take longer than
    # 0.5 s to start a program that answers wrongly
    deadline = "0.5" if name == "silent" else "30"
    done = _duel(name, "easy", "--games", "1", "--deadline", deadline,
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


def test_a_crash_shows_the_end_of_the_programs_standard_error(tmp_path: Path) -> None:
    program = _program(tmp_path, "crash", CRASH)
    done = _duel("crash", "easy", "--games", "1", "--program", f"crash={sys.executable} {program}")
    assert "ZeroDivisionError: division by zero" in done.stdout, done.stdout


def test_marsal_a_spion_pairs_play_the_same_two_setups_and_a_setup_lists_nothing(tmp_path: Path) -> None:
    """The players set up in the pair's first game (``legal`` null: too many to list); the
    second game starts from those two armies with the seats swapped. Each game is announced
    with its seed and its end is told."""
    seen = tmp_path / "seen.jsonl"
    program = _program(tmp_path, "resigns", SETS_UP_THEN_RESIGNS)
    done = _duel("mine", "mine", "--games", "2", "--program", f"mine={sys.executable} {program} {seen}",
                 game="marsal-a-spion")
    assert done.returncode == 0, done.stderr
    assert "forfeit" not in done.stdout
    lines = [json.loads(line) for line in seen.read_text().splitlines()]
    starts = [m for m in lines if m["type"] == "new_game"]
    assert [(m["seed"], m["leg"], m["players"]) for m in starts] == [
        (f"1|{pair}|{leg}", leg, ["Red", "Blue"]) for pair in (0, 1) for leg in (1, 2)]
    assert [m["end"] for m in lines if m["type"] == "game_over"] == ["resign"] * 4
    setups = [m for m in lines if m["type"] == "act" and m["setup"]]
    assert len(setups) == 4 and all(m["legal"] is None for m in setups)  # two a pair, in its first game
    games: list[dict[str, object]] = []
    for m in lines:
        if m["type"] == "new_game":
            games.append({})
        elif m["type"] == "act" and not m["setup"]:
            games[-1][m["player"]] = m["army"]  # the army of the seat to play, once set up
    first, second = games[0], games[1]
    assert first.get("Red") and first == {k: v for k, v in second.items() if k in first}
    assert games[2].get("Red") != first.get("Red")  # another pair, other armies


def test_the_example_player_plays_a_whole_duel() -> None:
    done = _duel("example", "random", "--games", "1",
                 "--program", f"example={sys.executable} {ROOT / 'docs' / 'example_player.py'}",
                 game="enlightenment")
    assert done.returncode == 0, done.stderr
    won, drawn, lost = _result(done.stdout, "example")
    assert won + drawn + lost == 2 and "forfeit" not in done.stdout
