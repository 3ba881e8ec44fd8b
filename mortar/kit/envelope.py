"""The record envelope that Maršál a Špión and the KARO games share (their RECORD.md files):
``format``, ``options``, ``first``, ``players``, ``setup`` and ``actions``, each action naming
its player and exactly one of the game's own action keys, or ``pass``, ``accept_draw`` or
``resign``; a game's own action may carry ``"offer_draw": true``.

:func:`read_envelope` checks the whole shape (keys, names, the order of players) before any
rule, so a malformed record is *not a record* even where an earlier action is illegal. What a
game's own action and setup hold is the game's to read (``Entry.value`` is the raw JSON).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .grid import quote
from .records import (
    RecordError,
    check_format,
    expect_object,
    expect_true,
    json_type,
    names_refusal,
    players_in_turn,
    quote_json,
    read_name,
)

NAME_LONGEST = 24  # characters of a player's name in these records
COMMON = ("pass", "accept_draw", "resign")


@dataclass(frozen=True)
class Entry:
    """One recorded action: its player, its key (a game's own, or ``pass``, ``accept_draw``,
    ``resign``), the raw JSON value under that key, and whether it offers a draw."""

    player: str
    key: str
    value: Any
    offer_draw: bool = False
    # Keys a game lets accompany this action's key (Four Circles' ``tile`` beside ``move``).
    companions: dict[str, Any] = field(default_factory=dict)


@dataclass
class Envelope:
    format: str
    players: tuple[str, str]
    first: str
    options: dict[str, Any] = field(default_factory=dict)  # the game reads its own keys
    names: dict[str, str | None] = field(default_factory=dict)
    setup: dict[str, Any] | None = None  # raw, per player; None when the record has none
    actions: list[Entry] = field(default_factory=list)


def read_envelope(data: Any, fmt: str, players: tuple[str, str], own: frozenset[str], *,
                  first: bool = False, passes: bool = False, setup: bool = False,
                  companions: Mapping[str, frozenset[str]] | None = None) -> Envelope:
    """The envelope of a record of format ``fmt`` whose actions use the keys ``own``.

    ``first``: the record may name who acts first (missing: ``players[0]``); ``passes``: the
    written pass is an action (KARO); ``setup``: the record has a ``setup`` key (it may hold
    fewer than both players while the game is set up); ``companions``: for an own key, the keys
    that may stand beside it in the same action (read into :attr:`Entry.companions`)."""
    top_keys = {"format", "actions"}
    optional = {"options", "players"} | ({"first"} if first else set()) | ({"setup"} if setup else set())
    top = expect_object(data, "", top_keys, optional)
    check_format(top, fmt)
    options = top.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"options must be an object, not {json_type(options)}")
    starter = top.get("first", players[0])
    if starter not in players:
        raise RecordError(f"first must be {' or '.join(map(repr, players))}, not {quote_json(starter)}")
    envelope = Envelope(fmt, players, starter, dict(options), {p: None for p in players})
    if "players" in top:
        table = expect_object(top["players"], "players", set(), set(players))
        for p, entry in table.items():
            entry = expect_object(entry, f"players.{p}", set(), {"name"})
            if "name" in entry:
                envelope.names[p] = read_name(entry["name"], f"players.{p}.name", NAME_LONGEST)
        refusal = names_refusal(envelope.names)
        if refusal:
            raise RecordError(f"players: {refusal}")
    if setup and "setup" in top:
        envelope.setup = expect_object(top["setup"], "setup", set(), set(players))
    actions = top["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"actions must be a list, not {json_type(actions)}")
    players_in_turn(actions, starter, players)
    allowed = set(own) | {"accept_draw", "resign"} | ({"pass"} if passes else set())
    for i, raw in enumerate(actions):
        envelope.actions.append(_entry(raw, f"actions[{i}]", own, allowed, companions or {}))
    return envelope


def read_entry(raw: Any, path: str, own: frozenset[str], *, passes: bool = False,
               companions: Mapping[str, frozenset[str]] | None = None) -> Entry:
    """One action object as :func:`read_envelope` reads each of ``actions`` (its ``player``
    checked by the caller): for an action that comes alone, as the duel's line protocol sends
    them."""
    if not isinstance(raw, dict):
        raise RecordError(f"{path} must be an object, not {json_type(raw)}")
    allowed = set(own) | {"accept_draw", "resign"} | ({"pass"} if passes else set())
    return _entry(raw, path, own, allowed, companions or {})


def _entry(raw: dict[str, Any], path: str, own: frozenset[str], allowed: set[str],
           companions: Mapping[str, frozenset[str]]) -> Entry:
    keys = [k for k in raw if k not in ("player", "offer_draw")]
    beside = {k for keys_beside in companions.values() for k in keys_beside}
    unknown = [k for k in keys if k not in allowed and k not in beside]
    if unknown:
        raise RecordError(f"{path} has an unknown key {quote(sorted(unknown)[0])}")
    extra = [k for k in keys if k not in allowed]
    keys = [k for k in keys if k in allowed]
    if len(keys) != 1:
        raise RecordError(f"{path} must hold exactly one action ({', '.join(sorted(allowed))}), "
                          f"not {len(keys)}")
    key = keys[0]
    for k in extra:
        if k not in companions.get(key, ()):
            raise RecordError(f"{path}: {quote_json(k)} cannot stand beside {quote_json(key)}")
    offer = "offer_draw" in raw
    if offer:
        expect_true(raw["offer_draw"], f"{path}.offer_draw")
        if key not in own:
            raise RecordError(f"{path}: only a game's own action may carry offer_draw, not {key}")
    if key in COMMON:
        expect_true(raw[key], f"{path}.{key}")
    return Entry(raw["player"], key, raw[key], offer, {k: raw[k] for k in extra})


def envelope_json(envelope: Envelope, setup: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The envelope as JSON data, in the RECORD.md order of keys (the game fills ``setup``)."""
    out: dict[str, Any] = {"format": envelope.format}
    if envelope.options:
        out["options"] = envelope.options
    if envelope.first != envelope.players[0]:
        out["first"] = envelope.first
    names = {p: {"name": n} for p, n in envelope.names.items() if n}
    if names:
        out["players"] = names
    if setup is not None:
        out["setup"] = dict(setup)
    out["actions"] = [entry_json(e) for e in envelope.actions]
    return out


def entry_json(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {"player": entry.player, entry.key: entry.value, **entry.companions}
    if entry.offer_draw:
        out["offer_draw"] = True
    return out
