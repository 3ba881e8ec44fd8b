"""Hidden tic-tac-toe: the smallest game with a secret, for the table's conformance suite.

X and O take turns putting a mark on an empty square of a 3 × 3 board; three in a row wins,
a full board is a draw. Each player's *first* mark is hidden from the other. A player who puts
a mark on a square that holds the opponent's hidden mark loses that turn, and the hidden mark
is revealed to both. Resigning is allowed. Records are ``hidden-tictactoe/1``.
"""

from .game import GAME, Mark, Outcome, Place, Seat, State, Termination

__all__ = ["GAME", "Mark", "Outcome", "Place", "Seat", "State", "Termination"]
