"""Tell a page that embeds a game (in an iframe) what happened, with ``window.postMessage``.

The table calls ``notify(kind, data)`` at three moments; the parent window receives one plain
object per call, only when the page is framed, naming the game in ``source``:

* ``{"source": "mortar-hunt", "version": 1, "type": "game-started", "opponent": "person", ...}``
  (and the game's public options, e.g. Mortar Hunt's ``variant`` and ``turn_limit``)
* ``{"source": "mortar-hunt", "version": 1, "type": "turn-ended", "turn": 3, "player": "A"}``:
  the player who just finished turn 3
* ``{"source": "mortar-hunt", "version": 1, "type": "game-over", "winner": "A", "turns": 12, ...}``
  (``winner`` a player or ``"draw"``; and the game's own public facts: a reason, a score)

(static/boot.js also sends ``{"source": <game>, "version": 1, "type": "ready"}`` when the game
accepts input.) Hidden information can never get into a message: each kind has a fixed list of
fields (the table's, and those the game declares in ``GameKind.public``), each field a fixed type
or set of values (no squares, positions, piece identities or names exist among them); anything
else the caller passes is dropped with a console warning. ``message()`` is that filter, pure
Python (tested in CPython); ``notify()`` posts and never raises into the game.

The target origin is ``"*"`` because the host's origin is not known to the game and the
messages hold only what both players and any onlooker may know. Messages *to* the game from
other origins are dropped by static/boot.js; the game acts on none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..table.kind import PublicField

PROTOCOL = 1
MAX_COUNT = 10_000  # turns, scores: anything larger is not a real game
EVENTS = ("game-started", "turn-ended", "game-over")

Check = Callable[[Any], Any]  # the value as sent, or None when it is not valid


def _count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        return None
    return value


def _one_of(values: tuple[str, ...]) -> Check:
    return lambda value: str(value) if isinstance(value, str) and value in values else None


def _per_player(players: tuple[str, ...]) -> Check:
    def check(value: Any) -> dict[str, int] | None:
        if isinstance(value, (tuple, list)) and len(value) == len(players):
            value = dict(zip(players, value))
        if isinstance(value, Mapping) and set(value) == set(players):
            counts = {p: _count(value[p]) for p in players}
            if all(c is not None for c in counts.values()):
                return counts  # type: ignore[return-value]
        return None
    return check


def _check(spec: PublicField, players: tuple[str, ...]) -> Check:
    if spec.values:
        return _one_of(spec.values)
    if spec.per_player:
        return _per_player(players)
    return _count


def fields(players: tuple[str, ...], public: Mapping[str, Mapping[str, PublicField]],
           ) -> dict[str, dict[str, tuple[Check, PublicField]]]:
    """Every event's fields: the table's own, and the game's public ones."""
    base = {
        "game-started": {"opponent": PublicField(("person", "computer", "remote"))},
        "turn-ended": {"turn": PublicField(count=True, required=True),
                       "player": PublicField(players, required=True)},
        "game-over": {"winner": PublicField((*players, "draw"), required=True),
                      "turns": PublicField(count=True, required=True)},
    }
    return {event: {name: (_check(spec, players), spec)
                    for name, spec in {**base[event], **public.get(event, {})}.items()}
            for event in EVENTS}


class Publisher:
    """One game's messages: ``message()`` filters, ``notify()`` posts."""

    def __init__(self, game: str, players: tuple[str, ...],
                 public: Mapping[str, Mapping[str, PublicField]] | None = None) -> None:
        self.game = game
        self.fields = fields(players, public or {})

    def message(self, kind: Any, data: Mapping[str, Any] | None) -> tuple[dict[str, Any] | None, list[str]]:
        """The message for ``notify(kind, data)`` and the list of what was dropped and why.

        Returns ``(None, problems)`` when the kind is unknown or a required field is missing or bad.
        """
        name = kind.strip().lower().replace("_", "-").replace(" ", "-") if isinstance(kind, str) else None
        if name not in self.fields:
            return None, [f"unknown event {kind!r}"]
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            return None, [f"{name}: data must be a dict, not {type(data).__name__}"]
        problems: list[str] = []
        msg: dict[str, Any] = {"source": self.game, "version": PROTOCOL, "type": name}
        spec = self.fields[name]
        for key in data:
            if key not in spec:
                problems.append(f"{name}: field {key!r} is not part of the message (dropped)")
        for key, (check, field) in spec.items():
            if key not in data:
                if field.required:
                    return None, [*problems, f"{name}: {key} is missing"]
                continue
            raw = data[key]
            if raw is None and field.nullable:
                msg[key] = None
                continue
            value = check(raw)
            if value is None:
                if field.required:
                    return None, [*problems, f"{name}: {key}={raw!r} is not valid"]
                problems.append(f"{name}: {key}={raw!r} is not valid (dropped)")
                continue
            msg[key] = value
        return msg, problems

    def notify(self, kind: str, data: Mapping[str, Any]) -> None:
        """Post the message for this event to ``window.parent`` if the game is framed; else nothing."""
        try:
            msg, problems = self.message(kind, data)
            for problem in problems:
                _warn(problem)
            if msg is None or not is_framed():
                return
            from js import Object, window
            from pyodide.ffi import to_js

            window.parent.postMessage(to_js(msg, dict_converter=Object.fromEntries), "*")
        except Exception as exc:  # never break the game for a host page
            _warn(f"could not notify {kind!r}: {exc}")


def _warn(text: str) -> None:
    try:
        from js import console

        console.warn("embed: " + text)
    except Exception:  # not in a browser
        pass


def is_framed() -> bool:
    """True when the page runs inside a frame (any origin)."""
    from js import Object, window

    try:
        return not getattr(Object, "is")(window.self, window.top)
    except Exception:  # a cross-origin top that cannot even be compared: framed
        return True
