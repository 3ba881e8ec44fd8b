"""The computer opponent and the radar (issue 10, RULINGS R14). Pure Python, standard library.

Doc filled in below once the API settles.
"""

from .player import LEVELS, Bot

__all__ = ["LEVELS", "Bot"]
