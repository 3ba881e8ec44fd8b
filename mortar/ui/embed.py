"""Tell a page that embeds the game (in an iframe) what happened, with ``window.postMessage``.

The UI calls ``notify(kind, data)`` at three moments:

* ``"game-started"``  ``{}`` (optionally ``variant``: "classic"/"craters", ``turn_limit``: int or None)
* ``"turn-ended"``    ``{"turn": 3, "player": "A"}``: the player who just finished turn 3
* ``"game-over"``     ``{"winner": "A" | "B" | "draw", "score": {"A": 3, "B": 1}, "turns": 12}``
  (optionally ``reason``: "destroyed", "turn limit" or "resigned")

Only when the page is framed, the parent window receives one plain object per call:

    {"source": "mortar-hunt", "version": 1, "type": "turn-ended", "turn": 3, "player": "A"}

(static/boot.js also sends ``{"source": "mortar-hunt", "version": 1, "type": "ready"}`` when
the game accepts input.) Hidden information can never get into a message: each kind has a
fixed list of fields, each field a fixed type or set of values (no squares, facings, piece
types or names exist among them); anything else the caller passes is dropped with a console
warning. ``message()`` is that filter, pure Python (tested in CPython); ``notify()`` posts and
never raises into the game.

The target origin is ``"*"`` because the host's origin is not known to the game and the
messages hold only what both players and any onlooker may know. Messages *to* the game from
other origins are dropped by static/boot.js; the game acts on none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

SOURCE = "mortar-hunt"
PROTOCOL = 1
PLAYERS = ("A", "B")
MAX_COUNT = 10_000  # turns, scores: anything larger is not a real game


def _count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        return None
    return value


def _player(value: Any) -> str | None:
    return str(value) if value in PLAYERS else None


def _winner(value: Any) -> str | None:
    return str(value) if value in (*PLAYERS, "draw") else None


def _score(value: Any) -> dict[str, int] | int | None:
    """{"A": n, "B": m} (also from a pair), or a single count."""
    if isinstance(value, Mapping):
        if set(value) == set(PLAYERS):
            a, b = _count(value["A"]), _count(value["B"])
            if a is not None and b is not None:
                return {"A": a, "B": b}
        return None
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return _score({"A": value[0], "B": value[1]})
    return _count(value)


def _variant(value: Any) -> str | None:
    return value if value in ("classic", "craters") else None


def _limit(value: Any) -> int | None:
    return _count(value)


def _opponent(value: Any) -> str | None:
    # whether the other seat is the computer: never its level, its belief or anything it knows
    return value if value in ("person", "computer") else None


def _reason(value: Any) -> str | None:
    return str(value) if value in ("destroyed", "turn limit", "resigned") else None


_MISSING = object()
# kind -> {field: (validator, required)}; a validator returns None for a bad value.
# turn_limit may legitimately be None (no limit), so it is checked separately.
FIELDS: dict[str, dict[str, tuple[Callable[[Any], Any], bool]]] = {
    "game-started": {"variant": (_variant, False), "turn_limit": (_limit, False),
                     "opponent": (_opponent, False)},
    "turn-ended": {"turn": (_count, True), "player": (_player, True)},
    "game-over": {
        "winner": (_winner, True),
        "score": (_score, True),
        "turns": (_count, True),
        "reason": (_reason, False),
    },
}
NULLABLE = {("game-started", "turn_limit")}


def _kind(kind: Any) -> str | None:
    if not isinstance(kind, str):
        return None
    norm = kind.strip().lower().replace("_", "-").replace(" ", "-")
    return norm if norm in FIELDS else None


def message(kind: str, data: Mapping[str, Any] | None) -> tuple[dict[str, Any] | None, list[str]]:
    """The message for ``notify(kind, data)`` and the list of what was dropped and why.

    Returns ``(None, problems)`` when the kind is unknown or a required field is missing or bad.
    """
    name = _kind(kind)
    if name is None:
        return None, [f"unknown event {kind!r}"]
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        return None, [f"{name}: data must be a dict, not {type(data).__name__}"]
    problems: list[str] = []
    msg: dict[str, Any] = {"source": SOURCE, "version": PROTOCOL, "type": name}
    spec = FIELDS[name]
    for key in data:
        if key not in spec:
            problems.append(f"{name}: field {key!r} is not part of the message (dropped)")
    for key, (check, required) in spec.items():
        raw = data.get(key, _MISSING)
        if raw is _MISSING:
            if required:
                return None, [*problems, f"{name}: {key} is missing"]
            continue
        if raw is None and (name, key) in NULLABLE:
            msg[key] = None
            continue
        value = check(raw)
        if value is None:
            if required:
                return None, [*problems, f"{name}: {key}={raw!r} is not valid"]
            problems.append(f"{name}: {key}={raw!r} is not valid (dropped)")
            continue
        msg[key] = value
    return msg, problems


def _warn(text: str) -> None:
    try:
        from js import console

        console.warn("Mortar Hunt embed: " + text)
    except Exception:  # not in a browser
        pass


def is_framed() -> bool:
    """True when the page runs inside a frame (any origin)."""
    from js import Object, window

    try:
        return not getattr(Object, "is")(window.self, window.top)
    except Exception:  # a cross-origin top that cannot even be compared: framed
        return True


def notify(kind: str, data: dict) -> None:
    """Post the message for this event to ``window.parent`` if the game is framed; else nothing."""
    try:
        msg, problems = message(kind, data)
        for problem in problems:
            _warn(problem)
        if msg is None or not is_framed():
            return
        from js import Object, window
        from pyodide.ffi import to_js

        payload = to_js(msg, dict_converter=Object.fromEntries)
        window.parent.postMessage(payload, "*")
    except Exception as exc:  # never break the game for a host page
        _warn(f"could not notify {kind!r}: {exc}")
