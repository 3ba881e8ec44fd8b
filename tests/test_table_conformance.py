"""The table's conformance suite: every test of the game-free table runs against each game of the
box and against a test-only game (hidden tic-tac-toe), through intents only, as the page sends
them. A new game of the box joins by adding one line to DRIVERS: a driver that can play a legal
action on its screens and name its players' secrets.

What must hold for any game: the curtain between two people whenever the game hides something
from the player to act (and none when nothing is hidden: an open game), a computer seat that
thinks in slices from its seat alone, saves that resume behind the curtain (or at the open
board), a second tab that follows and never overwrites, import and export, the review frame, the
embed events' public fields, stale intents that do nothing, and a full storage said on every
screen.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from boxgames.hidden_tictactoe.game import Square as TicSquare
from boxgames.hidden_tictactoe.table import KIND as TICTACTOE

from mortar.games.enlightenment.table import KIND as ENLIGHTENMENT
from mortar.games.four_circles import Place
from mortar.games.four_circles.table import KIND as FOUR_CIRCLES
from mortar.games.hopper_and_sneaker.table import KIND as HOPPER_AND_SNEAKER
from mortar.games.hopper_and_sneaker.table.texts import COLOUR, piece_words
from mortar.games.marsal_a_spion.table import KIND as MARSAL
from mortar.games.mortar_hunt.table import KIND as MORTAR_HUNT
from mortar.kit.common import Pass
from mortar.kit.turns import Player
from mortar.table.html import all_text
from mortar.table.kind import Seating
from mortar.table.render import render
from mortar.table.saves import MemoryStorage
from mortar.table.table import UNSAVED, Table
from mortar.web.embed import Publisher
from screens import flat


class Driver:
    """How the suite plays one game through the table's intents."""

    kind: Any
    values: dict[str, str] = {}  # the start form's options this driver plays with
    name: str = ""  # the test id, when one game is driven with several options

    def __init__(self) -> None:
        self.rng = random.Random(5)

    def act(self, table: Table) -> None:
        """Play one legal action on the play screen shown (a placement, a turn)."""
        raise NotImplementedError

    def secrets(self, table: Table, player: str) -> list[str]:
        """Text that only ``player`` may see now (never on the other's screens)."""
        raise NotImplementedError

    def computer_pending(self) -> str | None:
        """Why the game's computer cannot be tested for slices yet (None: it can): a stand-in
        that decides at once, until the game's own computer is merged."""
        computer = self.kind.computer(self.kind.levels[0], 0)
        if hasattr(computer, "thinking"):
            return None
        return (f"{self.kind.name}'s computer decides at once ({type(computer).__name__}): it has no "
                "thinking(seat) to run in slices yet")


class MortarHuntDriver(Driver):
    kind = MORTAR_HUNT

    def act(self, table: Table) -> None:
        model = flat(table.model())
        if model["screen"] == "placement":
            rows = range(1, 5) if model["player"] == "A" else range(6, 10)
            squares = self.rng.sample([f"{c}{r}" for c in "ABCDEFGHIJKL" for r in rows], 3)
            for n, square in enumerate(squares, 1):
                table.dispatch("select", str(n))
                table.dispatch("square", square)
            assert table.dispatch("confirm-placement")
            return
        assert model["screen"] == "turn", model["screen"]
        if model["stage"] == "sacrifice":
            live = [p["number"] for p in model["pieces"] if p["alive"]]
            table.dispatch("select", str(live[0]))
            table.dispatch("sacrifice")
        else:
            piece = next(p for p in model["pieces"] if p.get("movable"))
            table.dispatch("select", str(piece["number"]))
            move = flat(table.model())["move"]
            table.dispatch("square", move["dests"][0])
            assert table.dispatch("confirm-move")
            fire = flat(table.model())["fire"]
            if fire["can_skip"]:
                table.dispatch("skip")
            else:
                target = next(t for p in flat(table.model())["pieces"] for t in p.get("targets", ()))
                table.dispatch("square", target)
                table.dispatch("fire")
        if table.screen == "play":
            assert table.dispatch("end-turn")

    def secrets(self, table: Table, player: str) -> list[str]:
        game = table.game
        if player not in game.setups:
            return []
        return [str(game.position(player, n)) for n in (1, 2, 3) if game.is_alive(player, n)]


class MarsalDriver(Driver):
    kind = MARSAL

    def act(self, table: Table) -> None:
        model = flat(table.model())
        if model["screen"] == "setup":
            assert table.dispatch("fill")
            assert table.dispatch("confirm-setup")
            return
        assert model["screen"] == "turn", model["screen"]
        movable = [sq["name"] for sq in model["board"]["squares"] if "movable" in sq["marks"]]
        assert table.dispatch("square", self.rng.choice(movable))
        board = flat(table.model())["board"]
        ends = [sq["name"] for sq in board["squares"] if {"dest", "target"} & set(sq["marks"])]
        assert table.dispatch("square", self.rng.choice(ends))
        assert table.dispatch("play")
        if table.screen == "play":
            assert table.dispatch("end-turn")

    def secrets(self, table: Table, player: str) -> list[str]:
        """How ``player``'s own pieces are named on their board, for each piece the other
        player has not seen (in the words the other's board would use, too)."""
        state = table.game.state
        if player not in {str(p) for p in state.setups}:
            return []
        other = state.seat(next(p for p in self.kind.players if p != player))
        known = {e.square for e in other.enemy if e.known is not None}
        out = []
        for square, piece in state.pieces(player).items():
            if square not in known:
                out += [f"{square}, your {piece.word}", f"{square}, {player} {piece.word}",
                        f"{square}, {player} piece, seen: {piece.word}"]
        return out

        return None


class TicTacToeDriver(Driver):
    kind = TICTACTOE

    def act(self, table: Table) -> None:
        seat = flat(table.model())["seat"]
        assert table.dispatch("square", str(self.rng.choice(seat.legal_actions()).square))

    def secrets(self, table: Table, player: str) -> list[str]:
        return [f"{sq}, {m.player}, hidden" for sq, m in table.game.board.items()
                if m.player == player and m.hidden]


class OpenDriver(Driver):
    """An open game of the kit: a setup (when it has one) in two taps, a move by tapping its
    squares as the screen asks, the pass when nothing else is legal."""

    values = {"first": "Red"}  # (K0 draws the first player; the suite knows who starts)

    def act(self, table: Table) -> None:
        model = flat(table.model())
        if model["screen"] == "placement":
            self.arrange(table)
            return
        assert model["screen"] == "turn", model["screen"]
        assert model["acting"]
        if model["must_pass"]:
            assert table.dispatch("pass")
            return
        seat = table.game.seat(model["player"])
        action = self.rng.choice([a for a in seat.legal_actions() if not isinstance(a, Pass)])
        for square in self.taps(action):
            assert table.dispatch("square", square)

    def arrange(self, table: Table) -> None:
        raise NotImplementedError

    def taps(self, action: Any) -> list[str]:
        return [str(action.frm), str(action.to)]

    def secrets(self, table: Table, player: str) -> list[str]:
        return []


class HopperDriver(OpenDriver):
    kind = HOPPER_AND_SNEAKER

    def arrange(self, table: Table) -> None:
        assert table.dispatch("arrange", "random")
        assert table.dispatch("confirm-setup")


class SecretHopperDriver(HopperDriver):
    """HS3's secret setup: the only hidden information of the open games, behind the curtain."""

    values = {"first": "Red", "setup": "secret"}
    name = "hopper-and-sneaker-secret"

    def secrets(self, table: Table, player: str) -> list[str]:
        """A square's words with ``player``'s piece on it, while the arrangements are secret."""
        state = table.game
        if not state.setting_up:
            return []
        who = Player(player)
        return [f"{sq}, {COLOUR[who]}'s home, {piece_words(who, face)}" for sq, face in state.pieces(who)]


class EnlightenmentDriver(OpenDriver):
    kind = ENLIGHTENMENT

    def act(self, table: Table) -> None:
        super().act(table)
        if table.screen == "play" and flat(table.model()).get("jumping"):
            assert table.dispatch("stop")  # a chain that could go on: it stops where the move does

    def taps(self, action: Any) -> list[str]:
        return [str(sq) for sq in action.path]


class FourCirclesDriver(OpenDriver):
    kind = FOUR_CIRCLES

    def taps(self, action: Any) -> list[str]:
        if isinstance(action, Place):
            return [str(action.cell)]
        tile = [str(action.tile.frm), str(action.tile.to)] if action.tile is not None else []
        return [*tile, str(action.frm)] if tile else [str(action.frm), str(action.to)]


DRIVERS: list[Callable[[], Driver]] = [MortarHuntDriver, MarsalDriver, TicTacToeDriver, HopperDriver,
                                       SecretHopperDriver, EnlightenmentDriver, FourCirclesDriver]


@pytest.fixture(params=DRIVERS, ids=lambda d: d.name or d.kind.name)
def driver(request: Any, monkeypatch: pytest.MonkeyPatch) -> Driver:
    made: Driver = request.param()
    # The kind's own draws (a setup filled at random, K0's starting player) seeded, as the
    # table's are: no test hangs on a draw (a Flag filled into an open lane fell on turn 1).
    monkeypatch.setattr(made.kind, "rng", random.Random(7), raising=False)
    return made


def seated(driver: Driver, storage: Any = None, **kw: Any) -> tuple[Table, list[tuple[str, dict[str, Any]]]]:
    events: list[tuple[str, dict[str, Any]]] = []
    table = Table(driver.kind, storage if storage is not None else MemoryStorage(),
                  notify=lambda kind, data: events.append((kind, data)), rng=random.Random(3), **kw)
    table.restore()
    return table, events


def shown(table: Table) -> str:
    """Everything the screen shown draws: its text and every attribute."""
    return all_text(render(table.model(), table.kind))


def two_people(driver: Driver, storage: Any = None) -> tuple[Table, list[Any]]:
    table, events = seated(driver, storage)
    assert table.dispatch("field", "name-" + driver.kind.players[0], "Ann")
    assert table.dispatch("field", "name-" + driver.kind.players[1], "Bob")
    for name, value in driver.values.items():
        assert table.dispatch("field", name, value)
    assert table.dispatch("new-game")
    return table, events


def step(driver: Driver, table: Table) -> None:
    """The next player reveals their board (behind the curtain) and plays one action."""
    if table.screen == "curtain":
        assert table.dispatch("reveal")
    driver.act(table)


def hidden(table: Table) -> bool:
    """The game hides something from the player to act now: two people need the curtain."""
    return table.kind.hidden(table.game)


# --- the curtain -----------------------------------------------------------------------------


def test_two_people_pass_the_device_behind_a_curtain_whenever_something_is_hidden(driver: Driver) -> None:
    table, _ = two_people(driver)
    first, second = driver.kind.players
    for _ in range(6):
        if table.screen == "over":
            break
        if not hidden(table):  # an open game: no curtain, the board of the player to move
            assert table.screen == "play" and table.model()["player"] == table.kind.to_play(table.game)
            driver.act(table)
            continue
        assert table.screen == "curtain"
        model = table.model()
        assert set(model) == {"screen", "announce", "notice", "tab", "save_failed", "player", "name",
                              "other", "stage", "turn"}
        text = shown(table)
        assert "data-square" not in text and "game-board" not in text
        for player in (first, second):
            assert not any(s in text for s in driver.secrets(table, player))
        step(driver, table)


def test_each_players_screen_holds_nothing_of_the_others_secrets(driver: Driver) -> None:
    table, _ = two_people(driver)
    for _ in range(8):
        if table.screen == "over":
            break
        assert table.dispatch("reveal") if table.screen == "curtain" else table.screen == "play"
        me = table.model()["player"]
        other = next(p for p in driver.kind.players if p != me)
        text = shown(table)
        assert not any(s in text for s in driver.secrets(table, other)), driver.secrets(table, other)
        driver.act(table)


# --- saves, reloads, two tabs -------------------------------------------------------------------


def test_every_action_is_saved_and_a_reload_opens_the_curtain_never_a_hidden_board(driver: Driver) -> None:
    storage = MemoryStorage()
    table, _ = two_people(driver, storage)
    for _ in range(3):
        step(driver, table)
        assert table.dispatch("reveal") if table.screen == "curtain" else True
        again, _ = seated(driver, storage)
        if again.game is not None and again.screen != "over" and not hidden(again):
            assert again.screen == "play"  # nothing hidden: the board opens at once
        else:
            assert again.screen in ("curtain", "over")
        assert driver.kind.save(again.game, again.facts) == driver.kind.save(table.game, table.facts)
        if table.screen == "play":
            table.draft = None
            table.screen = "curtain"


def test_the_tables_facts_survive_a_reload(driver: Driver) -> None:
    """The computer's seat and level, every step confirmed, how two people sit: all saved."""
    storage = MemoryStorage()
    table, _ = seated(driver, storage)
    for name, value in (("opponent", "computer"), ("level", driver.kind.levels[-1]), ("side", "first"),
                        ("confirm", "on"), *driver.values.items()):
        assert table.dispatch("field", name, value)
    assert table.dispatch("new-game")
    assert table.facts.confirm and table.facts.computer == {driver.kind.players[1]: driver.kind.levels[-1]}
    again, _ = seated(driver, storage)
    assert again.facts == table.facts
    if not driver.kind.curtain:  # an open game: two people sitting across keep sitting across
        storage = MemoryStorage()
        table, _ = seated(driver, storage)
        assert table.dispatch("field", "seating", "across")
        for name, value in driver.values.items():
            assert table.dispatch("field", name, value)
        assert table.dispatch("new-game")
        again, _ = seated(driver, storage)
        assert again.facts == table.facts and again.facts.seating is Seating.ACROSS


def test_the_start_screen_replays_a_saved_game_once_per_save(driver: Driver,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    storage = MemoryStorage()
    table, _ = two_people(driver, storage)
    step(driver, table)
    loads: list[str] = []
    real = driver.kind.loading

    def loading(text: str) -> Any:
        loads.append(text)
        return real(text)

    monkeypatch.setattr(driver.kind, "loading", loading)
    assert table.dispatch("menu") and table.screen == "start"
    for name in ("A", "An", "Ann"):  # the form is drawn again at every keystroke
        table.dispatch("field", "name-" + driver.kind.players[0], name)
        assert table.model()["saved"]["ok"]
    assert len(loads) == 1
    assert table.dispatch("resume")
    step(driver, table)  # a new save: a new summary
    table.dispatch("menu")
    table.model()
    assert len(loads) == 3  # (the resume loaded the game once, the new summary once)


def test_a_second_tab_follows_the_game_and_never_overwrites_it(driver: Driver) -> None:
    storage = MemoryStorage()
    one, _ = two_people(driver, storage)
    two, _ = seated(driver, storage)
    assert two.screen == ("curtain" if hidden(two) else "play")
    step(driver, one)
    saved = storage.get(f"{driver.kind.name}/save")
    if two.screen == "curtain":
        assert two.dispatch("reveal")  # tab two still shows the old turn: its action must not count
    assert two.screen == "play"
    with contextlib.suppress(AssertionError):  # (its draft is gone after its first action)
        driver.act(two)
    assert storage.get(f"{driver.kind.name}/save") == saved  # never overwritten
    assert two.screen == ("curtain" if hidden(two) else "play") and "another tab" in (two.notice or "")
    assert driver.kind.save(two.game, two.facts) == saved  # it follows the stored game


def test_stale_intents_do_nothing_once_their_screen_has_gone(driver: Driver) -> None:
    table, _ = two_people(driver)
    if table.screen != "curtain":  # an open board: leave it for the start screen
        assert table.dispatch("menu") and table.screen == "start"
    for intent in sorted(driver.kind.intents):
        assert table.dispatch(intent, "a1") is False, intent  # the draft is not on screen
    with pytest.raises(ValueError):
        table.dispatch("no-such-intent")


def test_a_full_storage_is_said_on_every_screen_and_leaves_nothing_to_resume(driver: Driver) -> None:
    class Full(MemoryStorage):
        room = 10**9

        def set(self, key: str, value: str) -> None:
            if len(value) > self.room:
                raise RuntimeError("QuotaExceededError")
            super().set(key, value)

    storage = Full()
    table, _ = two_people(driver, storage)
    storage.room = len(storage.get(f"{driver.kind.name}/save")) + 1  # the next save will not fit
    step(driver, table)
    step(driver, table)
    assert table.save_failed and table.model()["save_failed"]
    assert "could not save" in shown(table)
    again, _ = seated(driver, storage)
    assert again.game is None and again.notice == UNSAVED


# --- the computer ----------------------------------------------------------------------------


class Spy:
    """Wraps the game's computer: records what it was given and how many slices it took."""

    def __init__(self, computer: Any) -> None:
        self.computer = computer
        self.seats: list[Any] = []

    def thinking(self, seat: Any) -> Any:
        self.seats.append(seat)
        thought = self.computer.thinking(seat) if hasattr(self.computer, "thinking") else None
        if thought is None:
            return self.computer.choose(seat)
        return (yield from thought)


def test_the_computer_seat_thinks_in_slices_from_its_seat_alone(driver: Driver,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pending = driver.computer_pending()
    if pending:
        pytest.skip(pending)
    spies: list[Spy] = []
    real = driver.kind.computer

    def computer(level: str, seed: int) -> Spy:
        spies.append(Spy(real(level, seed)))
        return spies[-1]

    monkeypatch.setattr(driver.kind, "computer", computer)
    ticks = iter(range(10**9))
    table, events = seated(driver, think_budget=0.5, clock=lambda: next(ticks))  # one slice a call
    table.dispatch("field", "opponent", "computer")
    table.dispatch("field", "side", "second")
    for name, value in driver.values.items():
        assert table.dispatch("field", name, value)
    assert table.dispatch("new-game")
    assert table.screen == "thinking"

    def think() -> int:
        calls = 0
        while table.screen == "thinking":
            assert table.dispatch("think")
            calls += 1
        assert table.screen == "play"  # no curtain between a person and the computer
        return calls

    calls = think()
    while str(driver.kind.stage(table.game)) == "setup":  # a setup may take one slice: to a turn
        driver.act(table)
        calls = think()
    assert calls >= 2  # it thought a turn in slices, the page breathing in between
    computer_player = driver.kind.players[0]
    for spy in spies:
        for seat in spy.seats:
            assert seat == driver.kind.seat(table.game, computer_player) or seat.player == computer_player
            # a seat, never the state
            assert type(seat) is type(driver.kind.seat(table.game, computer_player))
    assert any(kind == "turn-ended" for kind, _ in events) or driver.kind.stage(table.game) == "setup"


# --- the end: review, export, import, embed events ---------------------------------------------


def _to_the_end(driver: Driver, table: Table) -> None:
    for _ in range(3):
        step(driver, table)
    if table.screen == "curtain":
        assert table.dispatch("reveal")
    assert table.dispatch("resign")
    if table.screen == "play":  # a game that asks first
        assert table.dispatch("resign-confirm")
    assert table.screen == "over"


def test_the_review_frame_steps_exports_and_imports_any_game(driver: Driver) -> None:
    table, _ = two_people(driver)
    _to_the_end(driver, table)
    model = table.model()
    review = model["review"]
    assert review["step"] == review["total"] > 0 and review["outcome_text"]
    render(model, driver.kind)
    assert table.dispatch("replay", "first") and table.model()["review"]["step"] == 0
    assert table.dispatch("replay", "last") and table.model()["review"]["step"] == review["total"]
    name, text = table.export()
    assert name.endswith(".json") and json.loads(text)["format"]
    other, _ = seated(driver)
    assert other.import_text(text) and other.screen == "review"
    assert other.model()["review"]["total"] == review["total"]
    assert other.dispatch("close-review") and other.screen == "start"
    other.import_text(b"\xff not a record")
    assert other.screen == "start" and other.notice



def test_an_import_is_read_in_slices_behind_a_reading_screen_that_can_be_left(driver: Driver) -> None:
    table, _ = two_people(driver)
    _to_the_end(driver, table)
    _, text = table.export()
    # a budget of nothing: one step of reading per "read", as a slow phone would
    ticks = iter(range(1_000_000))
    other, _ = seated(driver, think_budget=0.0, clock=lambda: float(next(ticks)))
    assert other.import_text(text) and other.screen == "reading"
    shown_text = all_text(render(other.model(), driver.kind))
    assert "Reading the record" in shown_text
    reads = 0
    while other.screen == "reading":
        assert other.dispatch("read")
        reads += 1
    assert reads >= 1 and other.screen == "review"
    assert other.model()["review"]["total"] == table.model()["review"]["total"]
    assert not other.dispatch("read")  # nothing left to read: a late "read" does nothing
    # leaving while it reads drops the work; a broken file ends at the start screen, said so
    other.import_text(text)
    assert other.dispatch("menu") and other.screen == "start" and not other.dispatch("read")
    other.import_text('{"format": ' + '"x"' + "}")
    while other.screen == "reading":
        other.dispatch("read")
    assert other.screen == "start" and other.notice

def test_embed_events_carry_only_their_public_fields(driver: Driver) -> None:
    table, events = two_people(driver)
    _to_the_end(driver, table)
    kinds = [kind for kind, _ in events]
    assert "turn-ended" in kinds and kinds[-1] == "game-over"
    publisher = Publisher(driver.kind.name, driver.kind.players, driver.kind.public)
    for kind, data in events:
        message, problems = publisher.message(kind, data)
        assert message is not None and problems == [], (kind, data, problems)
        assert message["source"] == driver.kind.name


def test_the_test_game_is_a_game_of_the_kit_protocol() -> None:
    from boxgames.hidden_tictactoe import GAME, Place

    state = GAME.new()
    state.apply(Place(TicSquare.parse("b2")))
    assert state.seat("O").hidden_elsewhere == 1 and state.seat("X").marks
    state.apply(Place(TicSquare.parse("b2")))  # O on X's hidden mark: revealed, the turn lost
    assert state.history[-1].bounced and state.seat("O").hidden_elsewhere == 0
