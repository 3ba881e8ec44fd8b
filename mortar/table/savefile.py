"""A game's save, written and read once for every game of the box: the game's own record (each
game's RECORD.md), and beside it what the table decided (:class:`TableFacts`), the start form's
values the game began with, and what the game keeps on this device between games.

    {"app": "four-circles", "version": 3, "record": {...}, "table": {...}, "form": {...},
     "kept": {...}}

Reading is linear in the text (:func:`mortar.kit.jsontext.loads`) and replays the record in
steps; every way a save can be unusable is a :class:`SaveError` in words that quote nothing of
either player's hidden pieces. A save of an earlier page (version 1 or 2, each game its own
form) is brought to this form by the game's ``upgrade`` first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic

from ..kit.jsontext import JSONTextError, JSONValue, loads
from ..kit.records import NewerFormatError, RecordError, RecordIllegalError, UnknownLevelError
from ..kit.steps import Steps, finish, last_of
from .kind import GameKind, S, SaveError, SeatT, TableFacts
from .words import _, game_title

VERSION = 3


@dataclass
class Saved(Generic[S]):
    """A game as the table keeps it: the state, the names given (None: no name), the table's
    facts, the start form's values it began with, and the game's memory of this device."""

    state: S
    names: dict[str, str | None]
    facts: TableFacts = field(default_factory=TableFacts)
    form: dict[str, str] = field(default_factory=dict)
    kept: dict[str, JSONValue] = field(default_factory=dict)


def save_text(kind: GameKind[S, SeatT], saved: Saved[S]) -> str:
    record = kind.game.record(saved.state)
    record.computer = dict(saved.facts.computer)
    data: dict[str, JSONValue] = {"app": kind.game.name, "version": VERSION, "record": record.to_json(),
                                  "table": saved.facts.to_json(), "form": dict(saved.form)}
    if saved.kept:
        data["kept"] = dict(saved.kept)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def loading(kind: GameKind[S, SeatT], text: str) -> Steps[Saved[S]]:
    """The save of ``text`` read and replayed, in steps (SaveError says why it cannot be used)."""
    try:
        data = loads(text)  # linear, depth-checked: no saved text can hang or crash the page
    except JSONTextError:
        raise SaveError(_("The saved game is damaged (not valid JSON).")) from None
    if not isinstance(data, dict) or data.get("app") != kind.game.name:
        raise SaveError(_("The saved data does not belong to this game."))
    version = data.get("version", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(_("The saved game has an unknown format."))
    if version > VERSION:
        raise SaveError(_("The saved game comes from a newer version of this page."))
    if version < VERSION:
        data = kind.upgrade(data)
    yield
    form = _strings(data.get("form"))
    try:
        record = kind.game.parse_record(data.get("record"))
        yield
        state = yield from last_of(kind.replaying(record, form))
    except SaveError:
        raise  # (the game's own reason: a turn limit the page does not offer)
    except RecordIllegalError as e:
        raise SaveError(_("The saved game breaks a rule ({reason}).").format(reason=e.public_message)) \
            from None
    except NewerFormatError:
        raise SaveError(_("The saved game comes from a newer version of this page.")) from None
    except UnknownLevelError:
        raise SaveError(_("The saved game names a computer level this version of {title} does not have "
                          "(it has {levels}).").format(title=game_title(kind.game.title),
                                                       levels=", ".join(kind.game.levels))) from None
    except (RecordError, ValueError):
        raise SaveError(_("The saved game is damaged (it is not a whole game record).")) from None
    game = kind.game
    facts = TableFacts.from_json(data.get("table"), game.players, game.levels)
    kept = data.get("kept")
    return Saved(state, dict(record.names), facts, form, dict(kept) if isinstance(kept, dict) else {})


def _strings(value: object) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(v, str)}


def legacy_names(players: Mapping[str, object], computer: Mapping[str, str]) -> dict[str, str | None]:
    """The names in a save's record (its ``players``) made before names were words of the page: a
    computer's seat was stored as "Computer" and its person as "You", in the language of that day
    (dropped). A name is only ever what a person typed."""
    words = (_("You"), _("Computer"), "You", "Computer")
    out: dict[str, str | None] = {}
    for player, entry in players.items():
        name = entry.get("name") if isinstance(entry, dict) else None
        dropped = player in computer or (computer and name in words)
        out[player] = name if isinstance(name, str) and name and not dropped else None
    return out


def load_save(kind: GameKind[S, SeatT], text: str) -> Saved[S]:
    """:func:`loading` at once (tests, the command line)."""
    return finish(loading(kind, text))
