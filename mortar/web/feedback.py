"""Sound, vibration and motion for the game's moments, for the screens to call.

The work is done in the page by ``window.mortarFeedback`` (static/shell.js): sounds synthesised
with WebAudio, ``navigator.vibrate``, the shell's flight and the impacts drawn in a layer over
the page (so a re-render of the screen does not cut them short). The player's sound switch
(title bar) turns sound and vibration off and is remembered; motion is left out under
``prefers-reduced-motion``. Every function here is safe to call anywhere: without a page
(CPython, tests) or before shell.js has run, it does nothing, and a failure in an effect never
reaches the game.

R12: no effect may tell which enemy piece fired. None of these takes the firing piece or its
kind; a shot's flight lasts the same whatever its length; the next player only ever gets
:func:`landed` (where the shell fell, hit or not), never where it came from.

Typical use::

    feedback.shot(board_el, "C3", "C7", hit=True)   # the shooter presses Fire
    feedback.landed(board_el, "C7", hit=True)       # the next player, after the curtain
    feedback.win(); feedback.celebrate(heading_el)  # the game is won
"""

from __future__ import annotations

from typing import Any

SquareLike = str  # a square's name on the board drawn ("C3"): the game's own notation


def _fx() -> Any | None:
    """``window.mortarFeedback``, or None without a page."""
    try:
        import js
    except ImportError:  # CPython: no browser
        return None
    return getattr(js.window, "mortarFeedback", None)


def _call(name: str, *args: Any) -> Any:
    fx = _fx()
    if fx is None:
        return None
    try:
        return getattr(fx, name)(*args)
    except Exception:  # an effect must never break the game
        return None


def _name(square: SquareLike) -> str:
    return str(square)


# --- sound and vibration ---------------------------------------------------------------------


def fire() -> None:
    """A shot leaves (one sound for every piece and kind)."""
    _call("play", "fire")


def impact(hit: bool) -> None:
    """A shell lands: a heavy blast on a hit, a dull thud on a miss."""
    _call("play", "hit" if hit else "miss")


def win() -> None:
    """The winner's fanfare."""
    _call("play", "win")


def lose() -> None:
    """The game is lost (or drawn, if the screen says so)."""
    _call("play", "lose")


def muted() -> bool:
    """True when the player switched sound (and vibration) off."""
    return bool(_call("isMuted"))


def set_muted(value: bool) -> None:
    _call("setMuted", bool(value))


# --- motion (each also works under reduced motion: then it only flashes colours) --------------


def animate_shot(board_el: Any, from_sq: SquareLike, to_sq: SquareLike) -> None:
    """A shell flies in an arc from one square of ``board_el`` (the ``.game-board`` element on
    screen) to another, in ``FLIGHT_MS`` whatever the distance. Motion only, no sound."""
    _call("flight", board_el, _name(from_sq), _name(to_sq))


def animate_impact(board_el: Any, square: SquareLike, hit: bool) -> None:
    """The impact on a square: a ring for a miss; for a hit a blast, "Hit!" and a shaken board."""
    _call("impact", board_el, _name(square), bool(hit))


def celebrate(el: Any) -> None:
    """The win moment on an element (the result heading): a golden glow and a burst of sparks."""
    _call("win", el)


def clear() -> None:
    """The screen these effects belong to is going (a hand-over, the curtain, another player's
    screen, the page hidden): cancel every flight, impact and spark still drawn or waiting, the
    sounds scheduled and any vibration, so nothing of one player's moment shows on the next."""
    _call("clear")


# --- whole moments -----------------------------------------------------------------------------


def shot(board_el: Any, from_sq: SquareLike, to_sq: SquareLike, hit: bool | None = None) -> None:
    """The shooter's moment: the firing sound, the flight from the piece to its target, and on
    landing the impact (sound, vibration, mark) when ``hit`` is known."""
    _call("shot", board_el, _name(from_sq), _name(to_sq), None if hit is None else bool(hit))


def landed(board_el: Any, square: SquareLike, hit: bool) -> None:
    """The next player's moment after the curtain: where the enemy's shell fell, never whence."""
    impact(hit)
    animate_impact(board_el, square, hit)


FLIGHT_MS = 700  # static/shell.js FLIGHT_MS: a shot's flight, the same for every shot
