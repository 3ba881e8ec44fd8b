"""Enlightenment, the second game of KARO by Steffen Mühlhäuser: RULINGS EN1–EN7 and K0
(``/work/shared/rules/karo/RULINGS.md``), records per RECORD.md.

| module | what lives there |
| --- | --- |
| ``board`` | the 5 × 5 board with its playable centre, the edge, pieces, start layouts (EN1–EN3) |
| ``actions`` | moves as paths, options, what a move did, ends, refusal codes |
| ``position`` | the rules: steps, jump sequences, enlightenment, refusals, the win (EN4–EN6) |
| ``state`` | a game being played and a player's seat (K0 from :mod:`mortar.kit.turns`) |
| ``game`` | ``GAME``: the record format, referee and duel notation |
| ``computer`` | the computer: the kit's search with this game's evaluation and order |
"""

from mortar.kit.common import AcceptDraw, OfferDraw, Pass, Resign
from mortar.kit.protocol import IllegalActionError, Refusal
from mortar.kit.turns import PLAYERS, Outcome, Played, Player

from .actions import Move, Moved, Options, RefusalCode, Termination
from .board import CENTRE, EDGE, START, Layout, Piece, Square
from .game import GAME, Enlightenment
from .position import Position
from .state import Seat, State

__all__ = [
    "CENTRE", "EDGE", "GAME", "PLAYERS", "START", "AcceptDraw", "Enlightenment", "IllegalActionError",
    "Layout", "Move", "Moved", "OfferDraw", "Options", "Outcome", "Pass", "Piece", "Played", "Player",
    "Position", "Refusal", "RefusalCode", "Resign", "Seat", "Square", "State", "Termination",
]
