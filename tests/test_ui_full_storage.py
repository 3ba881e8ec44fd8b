"""A device whose storage fills up (issue 16, item 4): the page never claims a save it did not
make, says so on every screen until a write succeeds, and leaves no older save that a reload
would resume behind the player's back."""

from __future__ import annotations

import json

from test_ui_flow import A_SETUP, B_SETUP, SAVE_KEY
from test_ui_flow import Table as People

from mortar.games.mortar_hunt.table.kind import MortarHuntKind
from mortar.table.html import all_text
from mortar.table.saves import MemoryStorage
from mortar.table.table import UNSAVED, Table
from screens import render

FULL = "QuotaExceededError: the quota has been exceeded"


class FillingStorage(MemoryStorage):
    """localStorage with a quota: a write that would bring the total over ``room`` characters
    fails (a removal always succeeds, as in browsers)."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def set(self, key: str, value: str) -> None:
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if used + len(key) + len(value) > self.room:
            raise RuntimeError(FULL)
        super().set(key, value)


def _full_after_the_next_save(storage: FillingStorage) -> None:
    """The current save fits; the next (longer) one does not, even alone."""
    storage.room = len(SAVE_KEY) + len(storage.data[SAVE_KEY]) + 1


def test_a_save_that_does_not_fit_leaves_nothing_to_resume_and_says_so_on_every_screen():
    storage = FillingStorage(room=10**9)
    people = People(storage)
    people.start(A_SETUP, B_SETUP)
    people.do("reveal")
    people.do("select", "1")
    people.do("step", "forward")
    people.do("confirm-move")
    _full_after_the_next_save(storage)
    model = people.do("square", "C6")
    model = people.do("confirm")  # played: its result is on screen, the save failed
    assert model["save_failed"] and model["stage"] == "result"
    text = all_text(render(model))
    assert "played and saved" not in text and "could not save" in text
    # the older save is gone: a reload cannot resume the turn before the shot
    stored = storage.get(SAVE_KEY)
    assert stored is None or json.loads(stored) == {"app": "mortar-hunt", "unsaved": True}
    again = Table(MortarHuntKind(), storage)
    again.restore()
    assert again.screen == "start" and again.game is None
    assert again.notice == UNSAVED
    assert again.model()["saved"] == {"ok": False, "lost": True}
    # every later screen says it, until a write succeeds
    for action in ("end-turn", "reveal"):
        model = people.do(action)
        assert model["save_failed"], model["screen"]
        assert "could not save the game" in all_text(render(model))
    storage.room = 10**9
    people.do("select", "1")
    people.do("step", "forward")
    people.do("confirm-move")
    model = people.do("skip")
    assert not model["save_failed"]
    assert "could not save" not in all_text(render(model))
    again = Table(MortarHuntKind(), storage)
    again.restore()
    assert again.screen == "curtain"  # the whole game, saved again


def test_a_resignation_against_the_computer_that_cannot_be_saved_is_not_undone_by_a_reload():
    storage = FillingStorage(room=10**9)
    flow = Table(MortarHuntKind(), storage)
    flow.dispatch("field", "opponent", "computer")
    flow.dispatch("new-game")
    while flow.screen != "play" or flow.model()["screen"] != "turn":
        if flow.screen == "thinking":
            flow.dispatch("think")
        elif flow.model()["screen"] == "placement":
            for n, square in enumerate(("C2", "E2", "G2"), 1):
                flow.dispatch("select", str(n))
                flow.dispatch("square", square)
            flow.dispatch("confirm-placement")
    _full_after_the_next_save(storage)
    flow.dispatch("resign")
    flow.dispatch("resign-confirm")
    model = flow.model()
    assert model["screen"] == "over" and model["save_failed"]
    again = Table(MortarHuntKind(), storage)
    again.restore()
    assert again.game is None and again.screen == "start"  # never back at the turn, unresigned


def test_saves_are_compact_json_data_not_a_pretty_printed_string():
    from mortar.games.mortar_hunt import Record

    storage = MemoryStorage()
    people = People(storage)
    people.start(A_SETUP, B_SETUP)
    sizes = []
    for piece, shot in ((1, "C8"), (1, "C1"), (2, "E8"), (2, "E1")):
        people.turn(piece, steps=["forward"], shot=shot)
        people.do("end-turn")
        text = storage.get(SAVE_KEY)
        data = json.loads(text)
        # the save of version 1, as the page wrote it: the record's text inside a string
        old = json.dumps({**data, "version": 1, "record": Record.from_game(people.flow.game).save()})
        sizes.append((len(text), len(old)))
    assert data["version"] == 3 and isinstance(data["record"], dict)
    assert "\n" not in text and ", " not in text
    (new_0, old_0), (new_1, old_1) = sizes[0], sizes[-1]
    assert new_1 < 0.65 * old_1
    assert new_1 - new_0 < 0.6 * (old_1 - old_0)  # what each action adds: little more than half


def _pretty(record: dict) -> str:
    from mortar.games.mortar_hunt.record import from_data

    return from_data(record).save()


def test_saves_of_version_1_still_resume():
    storage = MemoryStorage()
    people = People(storage)
    people.start(A_SETUP, B_SETUP)
    data = json.loads(storage.get(SAVE_KEY))
    old = {"app": "mortar-hunt", "version": 1, "loadout": data["form"]["loadout"],
           "record": _pretty(data["record"])}
    storage.set(SAVE_KEY, json.dumps(old))
    again = Table(MortarHuntKind(), storage)
    again.restore()
    assert again.screen == "curtain" and again.game.phase == "play"
