"""Maršál a Špión, the Czechoslovak game of hidden ranks (RULINGS.md, RECORD.md beside the
rules): its rules engine, records, referee and seats. Standard library and the kit only.

| module | what lives there |
| --- | --- |
| ``board`` | the players, the 10 × 11 board, home rows, forbidden squares; squares as bit masks |
| ``pieces`` | the piece table (ranks, ids, counts) and how an attack is resolved (R9) |
| ``rules`` | the table's options, phases, how a game ends, the outcome |
| ``actions`` | setups, moves, attacks (parse/format), history entries, refusal codes |
| ``plays`` | every legal move and attack, found on masks: the single source of legality |
| ``legality`` | why an action is refused, in words, for the state and the seat alike |
| ``state`` | the game: the whole truth, changed by ``apply`` |
| ``seat`` | what one player may know (R13), with that player's questions |
| ``record`` | records: read, replay, save |
| ``referee`` | a record's verdict |
| ``duel`` | the line protocol: a seat and actions as JSON |
| ``computer`` | the computer player: setups, belief, weighing plays (a package) |
| ``game`` | ``GAME``, the game's definition for the box |

Only ``game`` is imported here; every other name is imported when first asked for.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .game import GAME, MarsalASpion

_HOME = {
    "Player": "board", "Square": "board", "PLAYERS": "board", "FORBIDDEN": "board", "HOME_ROWS": "board",
    "Piece": "pieces", "Clash": "pieces", "ARMY": "pieces",
    "Options": "rules", "Outcome": "rules", "Termination": "rules", "Phase": "rules",
    "Move": "actions", "Attack": "actions", "Setup": "actions", "Played": "actions",
    "Removed": "actions", "RefusalCode": "actions", "ActionKind": "actions", "parse_play": "actions",
    "random_setup": "actions", "OfferDraw": "actions", "AcceptDraw": "actions", "Resign": "actions",
    "IllegalActionError": "actions", "NotationError": "actions",
    "LegalPlays": "plays", "State": "state",
    "Seat": "seat", "OwnPiece": "seat", "EnemyPiece": "seat", "SeenAction": "seat", "Clue": "seat",
    "Record": "record", "RecordError": "record", "RecordIllegalError": "record",
    "check_text": "referee", "verdict": "referee", "Computer": "computer",
}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


__all__ = ["GAME", "MarsalASpion", *_HOME]
