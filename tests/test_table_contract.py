"""The box's contract suite: every game of the registry (``mortar.games.entries()``) and the
test-only game (hidden tic-tac-toe) through the same tests, its engine by the kit's protocol and
its plug-in at the table through intents only, as the page sends them. A new game is covered by
registering it: the generic driver plays any game by tapping an action the seat lists, through
the game's ``taps`` hook, and twin games come from the game's own ``twin`` hook.

What must hold for any game: playouts end; junk input is refused with a ``Refusal`` and a
refused ``apply`` changes nothing; records round-trip; a game played through its screens reaches
its natural end; twins give equal seats and equal screens; the curtain between two people
whenever the game hides something from the player to act (none when nothing is hidden); saves
that resume behind the curtain; a second tab that follows and never overwrites; a computer that
thinks in slices from its seat alone; the review, export and import; the embed's public fields;
stale intents that do nothing; a full storage said on every screen.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from mortar import games
from mortar.kit.common import OfferDraw, Resign
from mortar.kit.protocol import IllegalActionError, Refusal
from mortar.table.html import all_text
from mortar.table.kind import Seating
from mortar.table.render import render
from mortar.table.saves import MemoryStorage
from mortar.table.table import UNSAVED, Table
from mortar.web.embed import Publisher

TEST_GAME = games.Entry("hidden-tictactoe", "Hidden tic-tac-toe", "A test game.", "the tests",
                        "boxgames.hidden_tictactoe")
ENTRIES = [e for e in (*games.entries(), TEST_GAME) if e.seated]


@dataclass(frozen=True)
class Case:
    """A game of the box with start-form values: its defaults, or one of its choices."""

    entry: games.Entry
    values: tuple[tuple[str, str], ...] = ()

    @property
    def kind(self) -> Any:
        return importlib.import_module(self.entry.package + ".table").KIND

    @property
    def id(self) -> str:
        return self.entry.name + "".join(f"-{k}={v}" for k, v in self.values)


def choices(entry: games.Entry) -> Iterator[Case]:
    """The game with its defaults, then each other choice of each field alone."""
    yield Case(entry)
    kind = importlib.import_module(entry.package + ".table").KIND
    for spec in kind.fields:
        for choice in spec.choices[1:] if spec.name != "first" else ():
            if choice.value not in (spec.default, "custom"):
                yield Case(entry, ((spec.name, choice.value),))


GAMES = [Case(e) for e in ENTRIES]
VARIANTS = [c for e in ENTRIES for c in choices(e)]


class Driver:
    """Plays any game through the table's intents: a random legal action of the seat shown
    (never resigning: a game reaches its own end), tapped as the game's ``taps`` says."""

    def __init__(self, case: Case, seed: int = 5, level: str | None = None, *, exact: int = 0) -> None:
        self.case, self.kind = case, case.kind
        self.rng = random.Random(seed)
        # ``level``: the actions chosen by the game's computer at that level (a game ends sooner)
        self.computer = None if level is None else case.kind.game.computer(level, seed)
        self.exact = exact  # the first ``exact`` actions' taps checked to play that very action

    def act(self, table: Table) -> Any:
        """Play one action on the screen shown (revealing the board behind the curtain first)."""
        if table.screen == "curtain":
            assert table.dispatch("reveal")
        assert table.screen == "play" and table.draft is not None, table.screen
        if table.shown:  # the last action's result on screen: go on
            assert table.dispatch("end-turn")
            return None
        player = table.draft.player
        seat = table.game.seat(player)
        listed = [a for a in listed_actions(seat) if not isinstance(a, Resign | OfferDraw)]
        action = (self.computer.choose(seat) if self.computer is not None else
                  self.rng.choice(listed) if listed else seat.random_action(self.rng))
        expected = table.game.copy() if self.exact > 0 else None
        self.exact -= 1
        for intent, arg in self.kind.taps(action, seat):
            assert table.dispatch(intent, arg), (intent, arg, action)
        if expected is not None:  # that action, not another (a placement's facings once went astray):
            expected.apply(action)  # the mover's seat shows its own action whole
            assert table.game.seat(player) == expected.seat(player), action
        if table.screen == "play" and table.shown:
            assert table.dispatch("end-turn")
        return action


def listed_actions(seat: Any) -> list[Any]:
    """The seat's legal actions of play; none listed while a setup too large to list is made."""
    try:
        return list(seat.legal_actions())
    except IllegalActionError:
        return []


def seated(case: Case, storage: Any = None, **kw: Any) -> tuple[Table, list[tuple[str, dict[str, Any]]]]:
    events: list[tuple[str, dict[str, Any]]] = []
    table = Table(case.kind, storage if storage is not None else MemoryStorage(),
                  notify=lambda what, data: events.append((what, dict(data))), rng=random.Random(3),
                  titles={e.name: e.title for e in ENTRIES}, **kw)
    table.restore()
    return table, events


def two_people(case: Case, storage: Any = None) -> tuple[Table, list[Any]]:
    table, events = seated(case, storage)
    first, second = case.kind.game.players
    assert table.dispatch("field", "name-" + first, "Ann")
    assert table.dispatch("field", "name-" + second, "Bob")
    for name, value in case.values:
        assert table.dispatch("field", name, value)
    assert table.dispatch("new-game")
    return table, events


def shown(table: Table) -> str:
    """Everything the screen shown draws: its text and every attribute."""
    return all_text(render(table.model(), table.kind))


def hidden(table: Table) -> bool:
    return table.kind.hidden(table.game)


@pytest.fixture(autouse=True)
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kinds' own draws (a setup filled at random, K0's starting player) seeded, as the
    table's are."""
    for entry in ENTRIES:
        kind = Case(entry).kind
        if hasattr(kind, "rng"):
            monkeypatch.setattr(kind, "rng", random.Random(7))


# --- the engine: the kit's protocol ------------------------------------------------------------


JUNK: list[Any] = [None, "", "a1", 42, object(), ("move",), {"place": "b2"}]


@pytest.mark.cpython_only  # (a long random game: its engine's own tests run in Pyodide too)
@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_random_playouts_end_and_every_refusal_is_a_refusal_that_changes_nothing(case: Case) -> None:
    game, rng = case.kind.game, random.Random(case.id)
    state = case.kind.new(dict(case.values), {p: None for p in game.players})
    for steps in range(100_000):
        if state.to_play is None:
            break
        if steps < 100 and steps % 10 == 0:  # (a record's text is long in a long game)
            before = game.record(state).save()
            for junk in JUNK:
                assert isinstance(state.refusal(junk), Refusal)
                assert isinstance(state.seat(state.to_play).refusal(junk), Refusal)
                with pytest.raises(IllegalActionError):
                    state.apply(junk)
            assert game.record(state).save() == before  # a refused action changed nothing
        state.apply(state.seat(state.to_play).random_action(rng))
    assert state.outcome is not None, f"no end after {steps} actions"


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_records_round_trip_and_replay_to_the_same_game(case: Case) -> None:
    table, _ = two_people(case)
    driver = Driver(case)
    for _ in range(12):
        if table.screen == "over":
            break
        driver.act(table)
    game = case.kind.game
    record = game.record(table.game)
    again = game.parse_record(json.loads(record.save()))
    assert again.save() == record.save()
    replayed = list(case.kind.replaying(again, table.playing.form))[-1]
    for player in game.players:
        assert replayed.seat(player) == table.game.seat(player)


# --- a whole game through the screens ----------------------------------------------------------


@pytest.mark.cpython_only  # (a whole game drawn at every action: minutes in Pyodide)
@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_a_game_played_through_the_screens_reaches_its_natural_end(case: Case) -> None:
    """Each action played by its taps (``GameKind.taps``) to the game's end (and the first 200
    checked to play that very action: a state copied per action is dear in a long game)."""
    table, events = two_people(case)
    driver = Driver(case, seed=11, level=case.kind.game.levels[0], exact=200)
    for _ in range(4000):
        if table.screen == "over":
            break
        driver.act(table)
        render(table.model(), table.kind)
    assert table.screen == "over"
    outcome = table.game.outcome
    assert outcome is not None and outcome.reason.value not in ("resign", "resignation")
    assert events[-1][0] == "game-over" and table.review is not None
    assert table.announce == table.review.outcome_text()


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_no_action_is_made_by_one_tap(case: Case) -> None:
    """The one turn model: a tap on a board never plays an action; the chosen action waits for
    its button (or, quick, a second tap on the same square)."""
    table, _ = two_people(case)
    rng = random.Random(2)
    for _ in range(30):
        if table.screen == "over":
            break
        if table.screen == "curtain":
            assert table.dispatch("reveal")
        if table.shown:
            assert table.dispatch("end-turn")
            continue
        seat = table.game.seat(table.draft.player)
        taps = case.kind.taps(rng.choice(listed_actions(seat) or [seat.random_action(rng)]), seat)
        game = case.kind.game
        before = game.record(table.game).save()
        for intent, arg in taps[:-1]:  # every tap but the confirmation
            assert table.dispatch(intent, arg)
            assert game.record(table.game).save() == before, (intent, arg)  # nothing played
        if taps[-1][0] == "confirm":
            assert table.chosen is not None
        assert table.dispatch(*taps[-1]) and game.record(table.game).save() != before


# --- twins: games differing only in what a player may not know --------------------------------


@pytest.mark.parametrize("case", VARIANTS, ids=lambda c: c.id)
def test_twin_games_give_equal_seats_and_equal_screens(case: Case) -> None:
    game = case.kind.game
    if not hasattr(game, "twin"):
        pytest.skip(f"{case.id} hides nothing")
    table, _ = two_people(case)
    driver, rng = Driver(case, seed=4), random.Random(case.id)
    twins = hides = 0
    for _ in range(40):
        if table.screen == "over":
            break
        state = table.game
        hides += hidden(table)
        for viewer in game.players:
            twin = game.twin(state, viewer, rng)
            if twin is None:
                continue
            assert game.record(twin).save() != game.record(state).save()  # it differs
            assert twin.seat(viewer) == state.seat(viewer)
            context = table.context(viewer)
            screens = [all_text(case.kind.render_play(case.kind.draft(s.seat(viewer), context).model(),
                                                      _frame())) for s in (state, twin)]
            assert screens[0] == screens[1]
            twins += 1
        driver.act(table)
    assert twins or not hides  # a game that hid something had twins


def _frame() -> Any:
    from mortar.table.render import Frame

    return Frame("turn")


# --- the curtain ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case", VARIANTS, ids=lambda c: c.id)
def test_two_people_pass_the_device_behind_a_curtain_whenever_something_is_hidden(case: Case) -> None:
    table, _ = two_people(case)
    driver = Driver(case)
    for _ in range(8):
        if table.screen == "over":
            break
        if hidden(table):
            assert table.screen == "curtain"
            model = table.model()
            assert set(model) == {"screen", "announce", "notice", "tab", "save_failed", "player", "name",
                                  "other", "stage", "turn"}
            text = shown(table)
            assert "data-square" not in text and "game-board" not in text
        elif table.screen != "play" or not table.shown:
            assert table.screen == "play" and table.model()["player"] == table.game.to_play
        driver.act(table)


# --- saves, reloads, two tabs -------------------------------------------------------------------


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_every_action_is_saved_and_a_reload_opens_the_curtain_never_a_hidden_board(case: Case) -> None:
    storage = MemoryStorage()
    table, _ = two_people(case, storage)
    driver = Driver(case)
    for _ in range(4):
        driver.act(table)
        again, _ = seated(case, storage)
        if again.game is not None and again.screen != "over" and not hidden(again):
            assert again.screen == "play"  # nothing hidden: the board opens at once
        else:
            assert again.screen in ("curtain", "over")
        game = case.kind.game
        assert game.record(again.game).save() == game.record(table.game).save()
        assert again.facts == table.facts and again.playing.names == table.playing.names


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_the_tables_facts_survive_a_reload(case: Case) -> None:
    """The computer's seat and level, every step confirmed, how two people sit: all saved."""
    storage = MemoryStorage()
    table, _ = seated(case, storage)
    players, levels = case.kind.game.players, case.kind.game.levels
    for name, value in (("opponent", "computer"), ("level", levels[-1]), ("side", "first"),
                        ("confirm", "on")):
        assert table.dispatch("field", name, value)
    assert table.dispatch("new-game")
    assert table.facts.confirm and table.facts.computer == {players[1]: levels[-1]}
    assert table.playing.names == {players[0]: None, players[1]: None}  # no word of the page stored
    again, _ = seated(case, storage)
    assert again.facts == table.facts
    if not case.kind.curtain:  # an open game: two people sitting across keep sitting across
        storage = MemoryStorage()
        table, _ = seated(case, storage)
        assert table.dispatch("field", "seating", "across")
        assert table.dispatch("new-game")
        again, _ = seated(case, storage)
        assert again.facts == table.facts and again.facts.seating is Seating.ACROSS


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_the_start_screen_replays_a_saved_game_once_per_save(case: Case,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    storage = MemoryStorage()
    table, _ = two_people(case, storage)
    Driver(case).act(table)
    from mortar.table import keeper as table_module

    loads: list[str] = []
    real = table_module.loading

    def loading(kind: Any, text: str) -> Any:
        loads.append(text)
        return real(kind, text)

    monkeypatch.setattr(table_module, "loading", loading)
    assert table.dispatch("menu") and table.screen == "start"
    for name in ("A", "An", "Ann"):  # the form is drawn again at every keystroke
        table.dispatch("field", "name-" + case.kind.game.players[0], name)
        assert table.model()["saved"]["ok"]
    assert len(loads) == 1
    assert table.dispatch("resume")
    Driver(case, 9).act(table)  # a new save: a new summary
    table.dispatch("menu")
    table.model()
    assert len(loads) == 3  # (the resume loaded the game once, the new summary once)


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_a_second_tab_follows_the_game_and_never_overwrites_it(case: Case) -> None:
    storage = MemoryStorage()
    one, _ = two_people(case, storage)
    two, _ = seated(case, storage)
    assert two.screen == ("curtain" if hidden(two) else "play")
    Driver(case).act(one)
    key = f"{case.kind.game.name}/save"
    saved = storage.get(key)
    with contextlib.suppress(AssertionError):  # (tab two still shows the old turn: its action must not count)
        Driver(case, 6).act(two)
    assert storage.get(key) == saved  # never overwritten
    assert two.screen in ("curtain", "play") and "another tab" in (two.notice or "")


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_stale_intents_do_nothing_once_their_screen_has_gone(case: Case) -> None:
    table, _ = two_people(case)
    seat = table.game.seat(table.game.to_play)
    actions = listed_actions(seat)[:20] or [seat.random_action(random.Random(1))]
    intents = {intent for action in actions for intent, _arg in case.kind.taps(action, seat)}
    if table.screen != "curtain":  # an open board: leave it for the start screen
        assert table.dispatch("menu") and table.screen == "start"
    for intent in sorted(intents | {"square", "confirm", "cancel", "end-turn", "replay", "aid"}):
        assert table.dispatch(intent, "a1") is False, intent  # the draft is not on screen
    assert table.dispatch("no-such-intent") is False


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_a_full_storage_is_said_on_every_screen_and_leaves_nothing_to_resume(case: Case) -> None:
    class Full(MemoryStorage):
        room = 10**9

        def set(self, key: str, value: str) -> None:
            if len(value) > self.room:
                raise RuntimeError("QuotaExceededError")
            super().set(key, value)

    storage = Full()
    table, _ = two_people(case, storage)
    storage.room = len(storage.get(f"{case.kind.game.name}/save")) + 1  # the next save will not fit
    driver = Driver(case)
    while table.game.history == [] or not table.save_failed:
        driver.act(table)
    assert table.save_failed and table.model()["save_failed"]
    assert "could not save" in shown(table)
    again, _ = seated(case, storage)
    assert again.game is None and again.notice == UNSAVED


# --- the computer ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_the_computer_seat_thinks_in_slices_from_its_seat_alone(case: Case,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    seats: list[Any] = []
    game = case.kind.game
    real = game.computer

    class Spy:
        def __init__(self, computer: Any) -> None:
            self.computer = computer

        def thinking(self, seat: Any) -> Any:
            seats.append(seat)
            return (yield from self.computer.thinking(seat))

    monkeypatch.setattr(game, "computer", lambda level, seed: Spy(real(level, seed)))
    ticks = iter(range(10**9))
    table, events = seated(case, think_budget=0.5, clock=lambda: float(next(ticks)))  # one slice a call
    for name, value in (("opponent", "computer"), ("side", "second"), *case.values):
        table.dispatch("field", name, value)
    assert table.dispatch("new-game")
    driver, calls = Driver(case), []
    for _ in range(6):
        count = 0
        while table.screen == "thinking":
            assert table.dispatch("think")
            count += 1
        calls.append(count)
        if table.screen == "over":
            break
        assert table.screen == "play"  # no curtain between a person and the computer
        driver.act(table)
    assert max(calls) >= 2  # it thought in slices, the page breathing in between
    computer_player = game.players[0]
    seat_type = type(table.game.seat(computer_player))
    assert seats and all(type(s) is seat_type for s in seats)  # a seat, never the state
    assert all(s.player == computer_player for s in seats)
    assert any(what == "turn-ended" for what, _ in events)


# --- the end: review, export, import, embed events ---------------------------------------------


def _to_the_end(case: Case, table: Table) -> None:
    driver = Driver(case)
    for _ in range(3):
        driver.act(table)
    if table.screen == "curtain":
        assert table.dispatch("reveal")
    for intent, arg in case.kind.taps(Resign(), table.game.seat(table.draft.player)):
        assert table.dispatch(intent, arg)
    assert table.screen == "over"


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_the_review_frame_steps_exports_and_imports_any_game(case: Case) -> None:
    table, _ = two_people(case)
    _to_the_end(case, table)
    review = table.review
    assert review is not None and review.step == len(review.replay) > 0 and review.outcome_text()
    render(table.model(), case.kind)
    assert table.dispatch("replay", "first") and review.step == 0
    render(table.model(), case.kind)
    assert table.dispatch("replay", "last") and review.step == len(review.replay)
    name, text = table.export()
    assert name.endswith(".json") and json.loads(text)["format"]
    other, _ = seated(case)
    assert other.import_text(text) and other.screen == "review"
    assert other.review is not None and len(other.review.replay) == len(review.replay)
    assert other.dispatch("close-review") and other.screen == "start"
    other.import_text(b"\xff not a record")
    assert other.screen == "start" and other.notice


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_a_record_of_another_game_is_named_as_such(case: Case) -> None:
    others = [e for e in ENTRIES if e.name != case.entry.name]
    other = Case(others[0])
    table, _ = two_people(other)
    _to_the_end(other, table)
    _, text = table.export()
    mine, _ = seated(case)
    mine.import_text(text)
    assert mine.screen == "start" and other.entry.title in (mine.notice or "")


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_an_import_is_read_in_slices_behind_a_reading_screen_that_can_be_left(case: Case) -> None:
    table, _ = two_people(case)
    _to_the_end(case, table)
    _, text = table.export()
    ticks = iter(range(1_000_000))  # a budget of nothing: one step of reading per "read"
    other, _ = seated(case, think_budget=0.0, clock=lambda: float(next(ticks)))
    assert other.import_text(text) and other.screen == "reading"
    assert "Reading the record" in shown(other)
    reads = 0
    while other.screen == "reading":
        assert other.dispatch("read")
        reads += 1
    assert reads >= 1 and other.screen == "review"
    assert not other.dispatch("read")  # nothing left to read: a late "read" does nothing
    other.import_text(text)  # leaving while it reads drops the work
    assert other.dispatch("menu") and other.screen == "start" and not other.dispatch("read")
    other.import_text('{"format": "x"}')
    while other.screen == "reading":
        other.dispatch("read")
    assert other.screen == "start" and other.notice


@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_embed_events_carry_only_their_public_fields(case: Case) -> None:
    table, events = two_people(case)
    _to_the_end(case, table)
    kinds = [what for what, _ in events]
    assert kinds.count("game-started") == 1 and "turn-ended" in kinds and kinds[-1] == "game-over"
    game = case.kind.game
    publisher = Publisher(game.name, game.players, case.kind.public)
    for what, data in events:
        message, problems = publisher.message(what, data)
        assert message is not None and problems == [], (what, data, problems)
        assert message["source"] == game.name



@pytest.mark.parametrize("case", GAMES, ids=lambda c: c.id)
def test_two_players_called_alike_are_refused_in_words(case: Case) -> None:
    table, _ = seated(case)
    first, second = case.kind.game.players
    table.dispatch("field", "name-" + first, "Ann Lee")
    table.dispatch("field", "name-" + second, " ann  LEE ")
    assert table.dispatch("new-game") and table.screen == "start"
    assert table.form.error == "Both players are called ann  LEE: two players need two names."
