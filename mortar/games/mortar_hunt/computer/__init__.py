"""The computer opponent and the radar (issue 10, RULINGS R14). Pure Python, standard library.

Everything here works from a :class:`mortar.games.mortar_hunt.seat.Seat` alone -- what R12 lets
that player know -- never from the game's state (tests/test_boundaries.py checks the imports;
tests/test_bot.py checks that games differing only in the enemy's hidden state give the same
action after the same work).

The computer player::

    from mortar.games.mortar_hunt.computer import Computer
    bot = Computer("hard", seed=7)         # "easy" | "medium" | "hard"; seed None: a random one
    action = bot.choose(game.seat(player))
    # -> Setup while that seat must place, else Turn, or Sacrifice when R9 leaves nothing else;
    #    never Resign. Same level + seed + equal seats -> the same action. Raises ValueError
    #    when the seat is not to act (or has placed already during placement).

**Sliced thinking** (the page must never block): ``bot.thinking(seat)`` is a generator that
does the same work as ``choose`` in small chunks -- one belief event, one batch of candidate
turns, one shot's danger map: a few milliseconds each in CPython (``make bench-bot`` prints the
longest slice) -- and yields ``None`` between them; when it is done it *returns* the action
(``StopIteration.value``)::

    steps = bot.thinking(seat)
    try:
        while True:
            next(steps)               # one slice; give the browser a turn between slices
    except StopIteration as done:
        action = done.value

``choose`` is exactly that loop. The generator holds no lock and touches nothing but the
module's belief cache, so the page may drop it half-way (a new game, an undo) and start
another; the ValueError of a seat that is not to act comes from the first ``next``.

**After a reload** just call it with the restored seat. A belief is a pure function of the
seat: it starts at a checkpoint a bounded number of events back (:mod:`.model`), so the first
decision costs the same at turn 10 and at turn 10,000 (about 75 ms of CPU in CPython, 0.25 to
0.5 s in Pyodide on a busy two-core machine: ``make bench-bot``), and it is the same belief, so
the same action, whether it was built then or kept from the turn before. A hard decision in
play takes about 25 ms of CPU in CPython (100 ms at worst). ``model.forget()`` drops the cache.

The radar and the review (same belief code as the bot; any seat after placement)::

    from mortar.games.mortar_hunt.computer import radar, radar_steps, heat_map, word
    r = radar(seat)                   # Radar, frozen; radar_steps(seat) is the sliced form
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

How it thinks. The enemy: :mod:`.belief`, a particle filter over the enemy's *joint* hidden
state (every live piece's square, facing and, with the secret loadout, type, together), filtered
from the public events with an exact proposal: the piece that fires is usually the one that
moved to fire, a careful player moves the piece its shots gave away and shies from the squares
it is believed on. Its own exposure, the enemy's view of its pieces: :mod:`.tracks`, one exact
probability vector per piece (a small chance on its very square is what matters there, and a
few hundred joint guesses estimate it badly). Both are built by :mod:`.model` over the window;
the belief draws its moves from the shared tables of :mod:`.movetables`.
Levels: *easy* shoots loosely (a target drawn in proportion to its belief, a skip now and then) from
any move that reaches it; *medium* fires where the hit probability is highest and moves anyhow;
*hard* scores every legal turn by its win chance over one exchange (:mod:`.exchange`): its hit
chance now, the chance that the enemy's answer finds one of its pieces (the enemy's belief after
this turn's shot or skip, where the enemy can reach, the squares its pieces end on), a race model
over the piece counts and turns left, and next turn's best shot from where the pieces end up.
Weights: :class:`HardWeights`; strength figures: ``make duel`` (tools/league.py).
"""

from .player import LEVELS, Computer, HardWeights
from .radar import PieceExposure, Radar, ShotOrigins, heat_map, origins, radar, radar_steps, word

__all__ = ["LEVELS", "Computer", "HardWeights", "PieceExposure", "Radar", "ShotOrigins", "heat_map",
           "origins", "radar", "radar_steps", "word"]
