"""The computer opponent and the radar (issue 10, RULINGS R14). Pure Python, standard library.

Everything here works from a :class:`mortar.seat.Seat` alone -- what R12 lets that player know --
never from the game's state (tests/test_boundaries.py checks the imports; tests/test_bot.py
checks that games differing only in the enemy's hidden state give the same action).

The computer player::

    from mortar.bot import Bot
    bot = Bot("hard", seed=7)         # "easy" | "medium" | "hard"; seed None: a random one
    action = bot.choose(game.seat(player))
    # -> Setup while that seat must place, else Turn, or Sacrifice when R9 leaves nothing else;
    #    never Resign. Same level + seed + equal seats -> the same action. Raises ValueError
    #    when the seat is not to act (or has placed already during placement).

A hard decision takes ~10 ms of CPU in CPython here and ~70 ms in Pyodide under Node
(``make bench-bot``, ``node tools/bench_bot_pyodide.mjs``); the first call of a game also fills
geometry caches. ``choose`` is synchronous: in the page, yield to the browser before calling
it. To rebuild after a reload, just call ``choose`` with the restored seat: the belief is a pure
function of the seat's log (cached per log prefix; ``mortar.bot.model.forget()`` drops it).

The radar and the review (same belief model as the bot; any seat after placement)::

    from mortar.bot import radar, heat_map, word
    r = radar(seat)                   # Radar, frozen
    r.heat                            # Mapping[Square, float]: each enemy-half square ->
                                      #   probability a live enemy piece stands there now
    r.last_shot                       # ShotOrigins | None: the enemy's latest shot:
                                      #   .turn .at .hit .squares (every square it could have
                                      #   been fired from: the reverse of R6) .text()
    r.exposure                        # tuple[PieceExposure, ...], own live pieces:
                                      #   .piece .square .probability .level ("hidden",
                                      #   "suspected", "located") .reason (a short sentence)
    r.lines()                         # the radar as text lines, for screen readers
    word(p)                           # "likely" | "possible" | "unlikely" | "clear"
    heat_map(seat)                    # the heat map alone: for the review, pass the computer's
                                      #   seat at that step (game replayed to it, .seat(computer))
    origins(player, square, options)  # geometry: where a shot by ``player`` at ``square`` could
                                      #   come from (rulebook: A at J7 -> E2 F3 G4 J2 J3 J4)

How it thinks (:mod:`.belief`, :mod:`.model`): one probability vector per live enemy piece over
its 384 positions (768 with the secret loadout's unknown types), updated after every public
event -- the enemy's hidden move (uniform over its legal ends; craters and wrecks block), the
reverse of the range table for its shot, the bot's own misses (nothing there) and hits, and
sacrifices. Exposure is the same model run over the bot's own pieces from the enemy's side.
The move model assumes any piece may have moved, anywhere it could: against a random or a
medium opponent the predicted hit chances match the hits (tests/test_bot.py), against a careful
player who moves the piece that fired they are over-confident (medium predicted 100 hits
against hard and made 24) -- the radar's numbers are upper estimates then.
Levels: *easy* moves at random and shoots loosely (plausible targets weighted by belief, a skip
now and then); *medium* fires where the hit probability is highest; *hard* also weighs the
chance that the enemy's next shot finds one of its pieces (the enemy's belief after this turn's
shot or skip, where the enemy can reach, and how well the enemy has been aiming so far), so it
moves pieces out of the regions its shots gave away and picks shooters (and, rarely, skips)
accordingly; and it looks one turn ahead for placement: next turn's best shot from where its
pieces end up, on the belief after the enemy's next move. Weights: :class:`HardWeights`.
"""

from .player import LEVELS, Bot, HardWeights
from .radar import PieceExposure, Radar, ShotOrigins, heat_map, origins, radar, word

__all__ = ["LEVELS", "Bot", "HardWeights", "PieceExposure", "Radar", "ShotOrigins", "heat_map", "origins",
           "radar", "word"]
