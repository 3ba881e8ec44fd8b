"""Beliefs built from a seat's log: the enemy's pieces as this seat sees them, and this seat's
own pieces as the enemy sees them (exposure).

Both use only the public events of the log (who played, the target and whether it hit, the
square of a sacrifice), so they are pure functions of what R12 lets the seat know. Trackers are
cached by those events and extended incrementally when the log grows by a turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..rules import Options, opponent
from ..seat import Seat, SeenAction
from .belief import WIDTH, Tracker

Event = tuple[str, int | None, bool | None, int | None, bool]  # player, shot, hit, sacrificed, resigned

_CACHE: dict[tuple[str, Options, float, int], list[tuple[tuple[Event, ...], Tracker]]] = {}
_KEEP = 6  # trackers kept per (observed side, options): two bots and a radar in one process


def events(log: Sequence[SeenAction]) -> tuple[Event, ...]:
    """The public part of a seat's log: the same for both seats of one game."""
    out = []
    for seen in log:
        shot = seen.shot.index if seen.shot is not None else None
        sacrificed = seen.sacrificed.index if seen.sacrificed is not None else None
        out.append((str(seen.player), shot, seen.hit if shot is not None else None, sacrificed,
                    bool(seen.resigned)))
    return tuple(out)


def apply_event(tracker: Tracker, event: Event) -> None:
    player, shot, hit, sacrificed, resigned = event
    if player == tracker.observed:
        if sacrificed is not None:
            tracker.removed(sacrificed)
        elif not resigned:
            tracker.observed_turn(shot)
    elif shot is not None:
        tracker.observer_shot(shot, bool(hit))


def tracker(observed: str, options: Options, public: tuple[Event, ...], evasion: float = 0.0,
            width: int = WIDTH) -> Tracker:
    """The belief about ``observed``'s live pieces after the public events ``public``.
    Returns a tracker the caller must not change (copy it first)."""
    observed = str(observed)
    key = (observed, options, evasion, width)
    entries = _CACHE.setdefault(key, [])
    best: tuple[tuple[Event, ...], Tracker] | None = None
    for entry in entries:
        done = entry[0]
        longer = best is None or len(done) > len(best[0])
        if longer and len(done) <= len(public) and public[:len(done)] == done:
            best = entry
    if best is not None and len(best[0]) == len(public):
        entries.remove(best)
        entries.append(best)
        return best[1]
    if best is None:
        found, start = Tracker(observed, options, evasion, width), 0
    else:
        found, start = best[1].copy(), len(best[0])
    for event in public[start:]:
        apply_event(found, event)
    entries.append((public, found))
    if len(entries) > _KEEP:
        del entries[0]
    return found


def enemy_belief(seat: Seat, evasion: float = 0.0, width: int = WIDTH) -> Tracker:
    """Where the seat's enemy pieces may be, as the seat may deduce. ``evasion``: how much the
    enemy is assumed to move the pieces it gave away (0: any piece alike)."""
    return tracker(opponent(str(seat.player)), seat.options, events(seat.log), evasion, width)


def exposure(seat: Seat, evasion: float = 0.0, width: int = WIDTH) -> Tracker:
    """Where the enemy may believe this seat's pieces are, from the same public events."""
    return tracker(str(seat.player), seat.options, events(seat.log), evasion, width)


def forget() -> None:
    """Drop every cached belief (benchmarks; a page could call it when a game is closed)."""
    _CACHE.clear()
