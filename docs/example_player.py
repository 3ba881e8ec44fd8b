"""An example player for `python -m mortar duel` (the line protocol of docs/duel-protocol.md).

It plays any game of the box: an action drawn from those listed (a pass or a draw accepted
only when nothing else is listed), and the runner's random setup where none are listed. It keeps
its state across games: a new game reseeds it from the game's seed (so a duel replays the same
way), and at each game's end it counts the result; it logs on standard error, which the runner
keeps and shows when the program forfeits.

    python -m mortar duel enlightenment mine random --games 10 \\
        --program "mine=python3 docs/example_player.py"
"""

import json
import random
import sys

rng = random.Random()
seats = []  # the seats this program takes in the current game
results = {"won": 0, "drawn": 0, "lost": 0}

for line in sys.stdin:
    message = json.loads(line)
    if message["protocol"] != 2:
        sys.exit(f"this player speaks protocol 2, not {message['protocol']}")
    kind = message["type"]
    if kind == "new_game":  # nothing to answer
        rng.seed(message["seed"])
        seats = message["players"]
        print(f"game {message['seed']} ({message['game']}) as {', '.join(seats)}", file=sys.stderr)
    elif kind == "game_over":  # nothing to answer
        outcome = "drawn" if message["winner"] == "draw" else "won" if message["winner"] in seats else "lost"
        results[outcome] += 1
        print(f"{outcome} ({message['end']}, {message['turns']} turns); so far {results}", file=sys.stderr)
    elif kind == "act":  # one line back: the action
        legal = message["legal"]
        if legal is None:  # a setup too large to list: the runner draws one
            action = {"random": True}
        else:
            play = [a for a in legal if "pass" not in a and "accept_draw" not in a]
            action = rng.choice(play or legal)
        print(json.dumps({"action": action}), flush=True)
