"""Four Circles (*Vier Kreise*), the third game of KARO by Steffen Mühlhäuser: RULINGS FC1–FC8
and K0 (``/work/shared/rules/karo/RULINGS.md``), records per RECORD.md.

| module | what lives there |
| --- | --- |
| ``board`` | tiles on an unbounded grid, cells in text, side-connection; pieces (FC1, FC2) |
| ``actions`` | placements, moves, tile moves, what they did, ends, refusal codes (FC6's rules) |
| ``position`` | the rules: placement, piece and tile moves, refusals, four in a line (FC3–FC7) |
| ``state`` | a game being played and a player's seat, with a two-part turn's questions |
| ``game`` | ``GAME``: the record format, referee and duel notation |
| ``computer`` | the computer: the kit's search (UCT at hard) with this game's evaluation, order, pruning |
"""

from mortar.kit.common import AcceptDraw, OfferDraw, Pass, Resign
from mortar.kit.grid import Cell
from mortar.kit.protocol import IllegalActionError, Refusal
from mortar.kit.turns import PLAYERS, Outcome, Played, Player

from .actions import Move, Moved, Options, Place, Placed, RefusalCode, Termination, TileMove
from .board import START_TILES, Piece, parse_cell
from .game import GAME, FourCircles
from .position import Position, TilePlan
from .state import Seat, State

__all__ = [
    "GAME", "PLAYERS", "START_TILES", "AcceptDraw", "Cell", "FourCircles", "IllegalActionError", "Move",
    "Moved", "OfferDraw", "Options", "Outcome", "Pass", "Piece", "Place", "Placed", "Played", "Player",
    "Position", "Refusal", "RefusalCode", "Resign", "Seat", "State", "Termination", "TileMove", "TilePlan",
    "parse_cell",
]
