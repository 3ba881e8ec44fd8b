"""Hopper and Sneaker (*Schleicher & Hüpfer*), the first game of KARO by Steffen Mühlhäuser:
RULINGS HS1–HS9 and K0 (``/work/shared/rules/karo/RULINGS.md``), records per RECORD.md.

| module | what lives there |
| --- | --- |
| ``board`` | the 3 × 8 board, homes, targets, far halves; faces and pieces (HS1, HS2) |
| ``actions`` | moves, setups, options, what a move did, ends, refusal codes |
| ``position`` | the rules: setup, steps, jumps, flips, refusals, the two wins (HS3–HS7) |
| ``state`` | a game being played and a player's seat (K0 from :mod:`mortar.kit.turns`) |
| ``game`` | ``GAME``: the record format, referee and duel notation |
| ``computer`` | the computer: the kit's search with this game's evaluation, order and setup |
"""

from mortar.kit.common import AcceptDraw, OfferDraw, Pass, Resign
from mortar.kit.protocol import IllegalActionError, Refusal
from mortar.kit.turns import PLAYERS, Outcome, Played, Player

from .actions import Arranged, Move, Moved, Options, RefusalCode, Setup, Termination
from .board import FAR_HALF, HOME, TARGET, Face, Piece, Square
from .game import GAME, HopperAndSneaker
from .position import Position
from .state import Seat, State

__all__ = [
    "FAR_HALF", "GAME", "HOME", "PLAYERS", "TARGET", "AcceptDraw", "Arranged", "Face", "HopperAndSneaker",
    "IllegalActionError", "Move", "Moved", "OfferDraw", "Options", "Outcome", "Pass", "Piece", "Played",
    "Player", "Position", "Refusal", "RefusalCode", "Resign", "Seat", "Setup", "Square", "State",
    "Termination",
]
