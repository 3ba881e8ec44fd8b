"""Beliefs built from a seat's log, over a bounded window: the enemy's pieces as this seat sees
them, and this seat's own pieces as the enemy sees them (exposure).

Both use only the public events of the log (who played, the target and whether it hit, the
square of a sacrifice), so they are pure functions of what R12 lets the seat know.

**The window.** A belief after ``n`` events starts at the checkpoint
``start = max(0, (n // STRIDE) * STRIDE - WINDOW)`` from what the whole log tells cheaply (the
observed side's wrecks, the squares shot at on its half, how many pieces are live), knowing
nothing else of where the pieces stand, and takes the events from ``start`` to ``n`` one by
one. So it costs at most ``WINDOW + STRIDE - 1`` events to build from nothing, after a page
reload as on the first turn, however long the game; and it is the same belief whether it was
kept and extended turn by turn or built afresh: equal seats give equal beliefs whatever was
cached. What the window forgets is old: pieces move, one a turn, and a shot tells less with
every turn (tools/bench_bot.py and the duels in tools/league.py measure what it costs).

:func:`building` is the sliced form: a generator that yields between events and returns the
belief (see the contract in :mod:`mortar.games.mortar_hunt.computer`).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Sequence
from typing import TypeVar

from ..rules import Options, Variant, opponent
from ..seat import Seat, SeenAction
from .belief import PARTICLES, Belief
from .styles import STYLES, Style, row_of
from .tracks import Tracker

Event = tuple[str, int | None, bool | None, int | None, bool]  # player, shot, hit, sacrificed, resigned

STRIDE = 8  # events between checkpoints
WINDOW = 24  # events a belief reaches back before its checkpoint
EVASION = 0.8  # the enemy is assumed to move the piece that fired with this extra chance
STYLE_FLOOR = 0.02  # the least chance a style keeps at a window's start

T = TypeVar("T")
Model = Belief | Tracker
_CACHE: dict[tuple, list[tuple[tuple[Event, ...], Model]]] = {}
_KEEP = 4  # beliefs kept per (observed side, options, model, start)
_STARTS = 12  # window starts kept (two bots and a radar in one process, each a few starts)


def event(seen: SeenAction) -> Event:
    """The public part of one logged action: the same for both seats of one game."""
    shot = seen.shot.index if seen.shot is not None else None
    sacrificed = seen.sacrificed.index if seen.sacrificed is not None else None
    return (str(seen.player), shot, seen.hit if shot is not None else None, sacrificed, bool(seen.resigned))


def window_start(n: int, window: int | None = WINDOW, stride: int = STRIDE) -> int:
    """Where the belief after ``n`` events starts (``window`` None: the whole log)."""
    if window is None:
        return 0
    return max(0, (n // stride) * stride - window)


def facts(observed: str, options: Options, log: Sequence[SeenAction], start: int
          ) -> tuple[int, int, int, tuple[int, ...]]:
    """What the first ``start`` actions tell cheaply: the observed side's live count, its wrecks
    and, with craters, the squares of its half shot at (bitmasks), and how many of its shots
    landed in each row of the other half (back row first: they tell its style). A pass over the
    whole log, but a C-speed one: only the few hits, sacrifices and its shots are looked at in
    Python."""
    prefix = log[:start]
    wrecks = 0
    for seen in [seen for seen in prefix if seen.hit or seen.sacrificed is not None]:
        if seen.hit and str(seen.player) != observed:
            wrecks |= 1 << seen.shot.index  # type: ignore[union-attr]
        elif seen.sacrificed is not None and str(seen.player) == observed:
            wrecks |= 1 << seen.sacrificed.index
    fired = 0
    if options.variant is Variant.CRATERS:
        for square in {seen.shot for seen in prefix if seen.shot is not None}:
            fired |= 1 << square.index  # the belief keeps those on the observed half
    rows = row_of(opponent(observed))
    aimed = [0, 0, 0, 0]
    for index in [seen.shot.index for seen in prefix if seen.shot is not None and seen.player == observed]:
        aimed[rows[index]] += 1
    return 3 - wrecks.bit_count(), wrecks, fired, tuple(aimed)


def style_shares(styles: Sequence[Style], aimed: Sequence[int]) -> list[float]:
    """The styles' chances after shots that landed ``aimed`` times in each row: what the events
    before a window tell of how the enemy plays (each style kept at ``STYLE_FLOOR`` at least: a
    player may change how it plays)."""
    logs = [math.log(k.share) + sum(n * math.log(k.targets[r]) for r, n in enumerate(aimed)) for k in styles]
    top = max(logs)
    shares = [math.exp(x - top) for x in logs]
    total = sum(shares)
    shares = [max(STYLE_FLOOR, x / total) for x in shares]
    total = sum(shares)
    return [x / total for x in shares]


def apply_event(belief: Model, happened: Event) -> None:
    player, shot, hit, sacrificed, resigned = happened
    if player == belief.observed:
        if sacrificed is not None:
            belief.removed(sacrificed)
        elif not resigned:
            belief.observed_turn(shot)
    elif shot is not None:
        belief.observer_shot(shot, bool(hit))


def building(observed: str, options: Options, log: Sequence[SeenAction], evasion: float = 0.0,
             size: int = PARTICLES, window: int | None = WINDOW, kind: str = "joint",
             styles: tuple[Style, ...] = STYLES) -> Generator[None, None, Model]:
    """The belief about ``observed``'s live pieces after ``log``, sliced: yields between events,
    returns a belief the caller must not change (copy it first). ``kind``: "joint" (particles,
    :class:`Belief`, the enemy moving in one of ``styles``) or "tracks" (:class:`Tracker`)."""
    observed = str(observed)
    start = window_start(len(log), window)
    head = facts(observed, options, log, start)
    public = tuple(event(seen) for seen in log[start:])
    key = (kind, observed, options, evasion, size if kind == "joint" else 0, start, head,
           styles if kind == "joint" else ())
    entries = _CACHE.get(key)
    if entries is None:
        if len(_CACHE) >= _STARTS:
            del _CACHE[next(iter(_CACHE))]
        entries = _CACHE[key] = []
    best: tuple[tuple[Event, ...], Model] | None = None
    for entry in entries:
        done = entry[0]
        if (best is None or len(done) > len(best[0])) and done == public[:len(done)]:
            best = entry
    if best is not None and len(best[0]) == len(public):
        return best[1]
    found: Model
    if best is None:
        live, wrecks, fired, aimed = head
        if kind == "joint":
            found = Belief(observed, options, live, wrecks, fired, size, evasion, salt=start, kinds=styles,
                           placed=start == 0, shares=style_shares(styles, aimed))
        else:
            found = Tracker(observed, options, live, wrecks, fired, evasion)
        at = 0
        yield
    else:
        found, at = best[1].copy(), len(best[0])
    for happened in public[at:]:
        apply_event(found, happened)
        yield
    entries.append((public, found))
    if len(entries) > _KEEP:
        del entries[0]
    return found


def run(steps: Generator[None, None, T]) -> T:
    """Run a sliced computation to its end."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def enemy_building(seat: Seat, evasion: float = EVASION, size: int = PARTICLES,
                   window: int | None = WINDOW, kind: str = "joint",
                   styles: tuple[Style, ...] = STYLES) -> Generator[None, None, Model]:
    """Where the seat's enemy pieces may be, as the seat may deduce (sliced)."""
    return building(opponent(str(seat.player)), seat.options, seat.log, evasion, size, window, kind, styles)


def exposure_building(seat: Seat, window: int | None = WINDOW) -> Generator[None, None, Tracker]:
    """Where the enemy may believe this seat's pieces are, from the same public events (sliced;
    per-piece tracks: see :mod:`.tracks`)."""
    return building(str(seat.player), seat.options, seat.log, 0.0, 0, window, "tracks")  # type: ignore[return-value]


def enemy_belief(seat: Seat, evasion: float = EVASION, size: int = PARTICLES, window: int | None = WINDOW,
                 kind: str = "joint", styles: tuple[Style, ...] = STYLES) -> Model:
    return run(enemy_building(seat, evasion, size, window, kind, styles))


def exposure(seat: Seat, window: int | None = WINDOW) -> Tracker:
    return run(exposure_building(seat, window))


def forget(tables: bool = False) -> None:
    """Drop every cached belief (benchmarks; a page could call it when a game is closed), and
    with ``tables`` the move and reach tables too, as after a page reload."""
    _CACHE.clear()
    if tables:
        from . import belief, geometry, tracks
        for found in (belief._MOVES, belief._REACH, belief._STYLED_REACH, geometry._ENDS, geometry._REACH,
                      tracks._TRANSITIONS, tracks._REACH):
            found.clear()
        for function in (geometry.half_positions, geometry.half_squares, geometry.targets, geometry.origins):
            function.cache_clear()
