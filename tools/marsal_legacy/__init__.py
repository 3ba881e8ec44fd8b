"""Maršál a Špión's computer as it was before issue 34 (commit 5f84dad), frozen for the duels'
before-and-after figures: ``old-hard``, ``old-medium`` and ``old-easy`` in tools/marsal_duel.py.
Bench code, never shipped; the shipped computer is mortar/games/marsal_a_spion/computer/.

The computer opponent of Maršál a Špión (RULINGS R14): it decides from its own seat alone,
never from the game's state (tests/test_marsal_computer.py plays twin games that differ only in
what the seat may not know and checks that the computer acts alike in both).

    from mortar.games.marsal_a_spion import GAME
    computer = GAME.computer("hard", seed=7)   # "easy" | "medium" | "hard"
    action = computer.choose(seat)             # a Setup while setting up, else a Move or an Attack
                                               # (or AcceptDraw when far behind); never resigns
    thought = computer.thinking(seat)          # the same, in slices: next() until StopIteration,
                                               # whose value is the action

| module | what lives there |
| --- | --- |
| ``player`` | :class:`Computer`, the levels and their styles, the slices of a decision |
| ``setup`` | setups: the Flag closed by Minefields, Scouts forward, Miners back … |
| ``memory`` | the seat's log replayed: unmoved pieces, what the enemy has seen of ours |
| ``belief`` | per enemy piece, the odds of each kind, consistent with the seat |
| ``weigh`` | each legal play's worth: expected gains, danger, the pull of targets |
| ``values`` | what pieces are worth, and what knowing one is worth |
| ``geometry`` | neighbours, lines and walking distances of the board |
"""

from .player import LEVELS, STYLES, Computer
from .weigh import Style

__all__ = ["LEVELS", "STYLES", "Computer", "Style"]
