"""Hopper and Sneaker at the table: the arrangement and turn drafts (built from a seat, asking
it for every rule), the open table's common actions, saves, the curtain of the secret setup,
how two people sit, the words a screen reader hears, and the short game the e2e test plays."""

from __future__ import annotations

import json
import random

import pytest

from mortar.games.hopper_and_sneaker import GAME, Move, Options, Player, Setup, Square
from mortar.games.hopper_and_sneaker.table import KIND
from mortar.games.hopper_and_sneaker.table.arrange import ArrangeDraft, default_faces
from mortar.games.hopper_and_sneaker.table.turn import TurnDraft
from mortar.kit.common import AcceptDraw, OfferDraw, Pass, Resign
from mortar.table.drafts import CHANGED, UNCHANGED, Play
from mortar.table.effects import Flip
from mortar.table.html import all_text
from mortar.table.kind import Seating, TableFacts
from mortar.table.names import Names
from mortar.table.render import Frame, render
from mortar.table.savefile import Saved, load_save, save_text
from mortar.table.saves import MemoryStorage
from mortar.table.table import Table
from screens import context, flat

RED, WHITE = Player.RED, Player.WHITE
NAMES = {"Red": "Ann", "White": "Bob"}
# the e2e test's game: Red's default arrangement with b1 and b2 swapped, White's default
E2E_MOVES = ("a2-a3", "c8-a6", "b1-a2", "a8-a5", "a1-a4", "a7-b6", "a2-a7", "c7-c6", "a3-a8", "a6-b5",
             "c1-c3", "b8-b4", "c2-b3", "b7-a6", "b2-b7", "a6-c4", "b3-b8", "c4-c5", "c3-c4", "b4-c3",
             "c4-c7", "a5-a6", "a4-a5", "c5-c8")


def sq(name: str) -> Square:
    return Square.parse(name)


def playing(hoppers: int = 3) -> object:
    state = GAME.new(Options(hoppers, first=RED), NAMES)
    state.apply(Setup(RED, tuple(default_faces(RED, hoppers).items())))
    state.apply(Setup(WHITE, tuple(default_faces(WHITE, hoppers).items())))
    return state


# --- arranging -----------------------------------------------------------------------------------


@pytest.mark.parametrize("hoppers", range(7))
def test_the_default_arrangement_is_legal_with_the_hoppers_at_the_back(hoppers: int) -> None:
    for player in (RED, WHITE):
        faces = default_faces(player, hoppers)
        state = GAME.new(Options(hoppers, first=player))
        assert state.seat(player).refusal(Setup(player, tuple(faces.items()))) is None
        back = 1 if player is RED else 8
        hoppers_back = sum(1 for s, f in faces.items() if f.value == "H" and s.row == back)
        assert hoppers_back == min(hoppers, 3)


def test_two_taps_swap_two_pieces_and_the_seat_accepts_the_arrangement() -> None:
    state = GAME.new(Options(first=RED), NAMES)
    draft = ArrangeDraft(state.seat("Red"), context(KIND, NAMES, "Red"), random.Random(1))
    assert draft.faces[sq("b1")].value == "H" and draft.faces[sq("b2")].value == "S"
    assert draft.handle("square", "b1") == CHANGED and draft.picked is sq("b1")
    marks = draft.model()["board"]["cells"]
    assert "swap" in marks["b1"]["marks"] and "choice" in marks["b2"]["marks"]  # a Sneaker to swap with
    assert marks["a1"]["marks"] == ["own"]  # another Hopper: swapping changes nothing
    assert draft.handle("square", "b2") == CHANGED
    assert draft.faces[sq("b1")].value == "S" and draft.faces[sq("b2")].value == "H" and draft.picked is None
    # the swap said (to the ear: the board shows it), for that press only
    assert draft.model()["done"] == "Swapped: your Hopper to b2, your Sneaker to b1."
    draft.handle("square", "a1")
    assert draft.model()["done"] is None
    draft.handle("square", "c1")  # two Hoppers: said, nothing swapped
    assert "changes nothing" in (draft.message or "") and draft.faces[sq("a1")].value == "H"
    draft.handle("square", "b5")
    assert draft.message == "b5: Your pieces stand on your home rows (1–2)."
    setup = draft.handle("confirm-setup", None).action
    assert isinstance(setup, Setup) and state.seat("Red").refusal(setup) is None


def test_at_random_picks_a_legal_arrangement_the_seat_lists() -> None:
    state = GAME.new(Options(2, first=WHITE), NAMES)
    draft = ArrangeDraft(state.seat("White"), context(KIND, NAMES, "White"), random.Random(3))
    seen = set()
    for _ in range(12):
        assert draft.handle("arrange", "random")
        setup = draft.setup()
        assert setup in state.seat("White").setups()
        seen.add(setup)
    assert len(seen) > 3
    assert draft.handle("arrange", "default") and draft.faces == default_faces(WHITE, 2)


def test_the_second_player_sees_the_first_arrangement_unless_it_is_secret() -> None:
    for secret in (False, True):
        state = GAME.new(Options(first=RED, secret_setup=secret), NAMES)
        state.apply(Setup(RED, tuple(default_faces(RED, 3).items())))
        model = KIND.draft(state.seat("White"), context(KIND, NAMES, "White")).model()
        text = all_text(KIND.render_play(model, Frame("turn")))
        assert ("Red Hopper" in text) is not secret
        assert model["seen"] is not secret and model["secret"] is secret


# --- a turn --------------------------------------------------------------------------------------


def test_a_move_in_two_taps_from_the_seats_legal_moves() -> None:
    state = playing()
    draft = KIND.draft(state.seat("Red"), context(KIND, NAMES, "Red"))
    assert isinstance(draft, TurnDraft)
    assert draft.handle("square", "b1") == CHANGED  # a Hopper behind a Sneaker
    targets = {c for c, cell in draft.model()["board"]["cells"].items() if "choice" in cell["marks"]}
    assert targets == {str(m.to) for m in state.seat("Red").moves_from(sq("b1"))} == {"b3"}
    assert draft.handle("square", "b3").action == Move(sq("b1"), sq("b3"))


def test_refused_taps_are_said_in_words() -> None:
    state = playing()
    draft = KIND.draft(state.seat("Red"), context(KIND, NAMES, "Red"))
    draft.handle("square", "b4")
    assert draft.message == "b4: Pick one of your pieces first, then where it goes."
    draft.handle("square", "b8")
    assert "That is Bob's Hopper" in (draft.message or "")
    draft.handle("square", "b2")  # a Sneaker: picked
    draft.handle("square", "b5")  # too far for a step: the rule, by the refusal's code
    assert draft.message == "b2–b5: A Sneaker steps to a square next to it."
    assert draft.picked is sq("b2")
    assert draft.handle("square", "b2") == CHANGED and draft.picked is None  # a second tap: put back


def test_a_piece_that_cannot_move_is_said_so() -> None:
    state = GAME.new(Options(6, first=RED), NAMES)  # six Hoppers a side: the front row can jump
    state.apply(Setup(RED, tuple(default_faces(RED, 6).items())))
    state.apply(Setup(WHITE, tuple(default_faces(WHITE, 6).items())))
    draft = KIND.draft(state.seat("Red"), context(KIND, NAMES, "Red"))
    draft.handle("square", "a2")  # a Hopper of the front row: nothing ahead to jump
    assert draft.picked is None and "no piece next to it" in (draft.message or "")


def test_offer_accept_resign_and_the_pass_are_the_open_tables() -> None:
    state = playing()
    draft = KIND.draft(state.seat("Red"), context(KIND, NAMES, "Red"))
    assert draft.handle("offer-draw", "on") and draft.model()["offering"]
    text = all_text(KIND.render_play(draft.model(), Frame("turn")))
    assert "Your move will offer Bob a draw." in text
    draft.handle("square", "b1")
    offered = draft.handle("square", "b3").action
    assert offered == OfferDraw(Move(sq("b1"), sq("b3")))
    state.apply(offered)
    bob = KIND.draft(state.seat("White"), context(KIND, NAMES, "White"))
    assert bob.model()["offered"] and "Bob" in bob.model()["names"].values()
    assert "Ann offers a draw." in all_text(KIND.render_play(bob.model(), Frame("turn")))
    assert bob.handle("accept-draw", None) == Play(AcceptDraw())
    assert bob.handle("resign-confirm", None) == UNCHANGED  # not asked yet
    assert bob.handle("resign", None) == CHANGED and bob.model()["resign_asked"]
    assert bob.handle("resign-confirm", None) == Play(Resign())
    assert bob.handle("pass", None) == CHANGED
    assert bob.message == "One of your pieces can move, so you may not pass."


def test_a_player_without_a_move_passes_with_one_tap() -> None:
    from mortar.games.hopper_and_sneaker import Position

    state = GAME.new(Options(first=RED), NAMES)
    position = Position.parse("h.h/.../.../.../.../.../.../H.H Red")  # no Hopper has a piece to jump
    state = type(state).from_position(position, Options(first=RED), NAMES)
    draft = KIND.draft(state.seat("Red"), context(KIND, NAMES, "Red"))
    model = draft.model()
    assert model["must_pass"] and model["acting"]
    assert "you pass this turn" in all_text(KIND.render_play(model, Frame("turn")))
    assert draft.handle("pass", None) == Play(Pass())


def test_the_last_move_is_drawn_and_said_and_turns_over_once() -> None:
    state = playing()
    state.apply(Move(sq("b1"), sq("b3")))
    model = KIND.draft(state.seat("White"), context(KIND, NAMES, "White")).model()
    assert model["last"] == ["b1", "b3"] and model["effects"] == [Flip(("b3",))]
    assert model["last_text"] == "Last move: Ann, Red Hopper b1–b3."
    assert model["board"]["cells"]["b3"]["label"] == "b3, Red Sneaker"
    el = KIND.render_play(model, Frame("turn"))
    assert {"last-from"} <= set(el.find(data_square="b1")[0].attrs["class"].split())
    assert el.find(class_="arrow last-move")
    assert KIND.draft(state.seat("White"), context(KIND, NAMES, "White")).report == (
        "Turn 1: Ann's Hopper jumped b1–b3 over 1 piece, now a Sneaker.")
    # White's first move is turn 1 too, as the heading of White's turn says (OpenKind.turn)
    assert KIND.turn(state) == 1
    state.apply(Move(sq("b8"), sq("b6")))
    assert KIND.draft(state.seat("Red"), context(KIND, NAMES, "Red")).report == (
        "Turn 1: Bob's Hopper jumped b8–b6 over 1 piece, now a Sneaker.")
    assert KIND.turn(state) == 2


# --- the table: no curtain, how two people sit, saves -----------------------------------------------


def start(values: dict[str, str] | None = None, storage: MemoryStorage | None = None) -> Table:
    table = Table(KIND, storage or MemoryStorage(), rng=random.Random(2))
    table.restore()
    for p, name in NAMES.items():
        table.dispatch("field", f"name-{p}", name)
    for name, value in {"first": "Red", **(values or {})}.items():
        assert table.dispatch("field", name, value)
    assert table.dispatch("new-game")
    return table


def arrange_both(table: Table) -> None:
    for _ in range(2):
        if table.screen == "curtain":
            table.dispatch("reveal")
        assert flat(table.model())["screen"] == "placement"
        table.dispatch("confirm-setup")


@pytest.mark.parametrize("seating,near", [("passing", {"Red": "Red", "White": "White"}),
                                          ("across", {"Red": "Red", "White": "Red"})])
def test_two_people_at_an_open_board_the_board_turns_or_stays_still(seating: str,
                                                                    near: dict[str, str]) -> None:
    table = start({"seating": seating})
    assert table.facts.seating is Seating(seating)
    arrange_both(table)
    for _ in range(2):
        model = flat(table.model())
        assert table.screen == "play" and model["board"]["near"] == near[model["player"]]
        seat = table.game.seat(model["player"])
        move = next(a for a in seat.legal_actions() if isinstance(a, Move))
        table.dispatch("square", str(move.frm))
        table.dispatch("square", str(move.to))
        table.dispatch("confirm")


def test_the_secret_setup_is_the_only_curtain_and_a_reload_keeps_it_closed() -> None:
    storage = MemoryStorage()
    table = start({"setup": "secret"}, storage)
    assert table.screen == "curtain" and KIND.hidden(table.game)
    table.dispatch("reveal")
    table.dispatch("confirm-setup")
    assert table.screen == "curtain"
    again = Table(KIND, storage)
    again.restore()
    assert again.screen == "curtain"  # White's arrangement is still to come: never opened
    table.dispatch("reveal")
    table.dispatch("confirm-setup")
    assert table.screen == "play" and not KIND.hidden(table.game)  # both shown together
    again = Table(KIND, storage)
    again.restore()
    assert again.screen == "play"  # nothing hidden: a reload opens the board


def test_a_save_keeps_the_computer_in_the_records_options_and_the_seating_beside_it() -> None:
    state = playing()
    text = save_text(KIND, Saved(state, dict(NAMES), TableFacts({"White": "easy"}, False, Seating.PASSING)))
    record = json.loads(text)["record"]
    assert record["options"]["computer"] == {"White": "easy"} and "seating" not in record["options"]
    loaded = load_save(KIND, text)
    assert loaded.facts.computer == {"White": "easy"}
    assert save_text(KIND, loaded) == text
    across = save_text(KIND, Saved(state, dict(NAMES), TableFacts({}, False, Seating.ACROSS)))
    assert load_save(KIND, across).facts.seating is Seating.ACROSS
    assert GAME.check_text(json.dumps(json.loads(across)["record"])).status == "ok"  # the referee's


def test_a_save_of_the_page_before_keeps_its_seating_and_drops_words_stored_as_names() -> None:
    state = playing()
    record = GAME.record(state).to_json()
    record["options"] = {**record.get("options", {}), "computer": {"White": "easy"}, "seating": "across",
                         "confirm": True}
    record["players"] = {"Red": {"name": "You"}, "White": {"name": "Computer"}}
    loaded = load_save(KIND, json.dumps({"app": KIND.game.name, "version": 1, "record": record}))
    assert loaded.facts == TableFacts({"White": "easy"}, False, Seating.ACROSS, True)
    assert loaded.names == {"Red": None, "White": None}


def test_the_computer_plays_from_its_seat_and_the_person_watches_the_board() -> None:
    table = Table(KIND, MemoryStorage(), rng=random.Random(4))
    table.restore()
    for name, value in (("opponent", "computer"), ("side", "first"), ("first", "White")):
        table.dispatch("field", name, value)
    table.dispatch("new-game")
    assert table.screen == "thinking"  # White (the computer) arranges first, in the open
    assert table.model()["watch"] is not None
    text = all_text(render(table.model(), KIND))
    assert "The computer sets up its pieces" in text and "game-board" in text
    while table.screen == "thinking":
        table.dispatch("think")
    assert flat(table.model())["screen"] == "placement"  # Ann sees the computer's arrangement
    assert "White Hopper" in all_text(render(table.model(), KIND))
    # Ann's own arrangement and move are said before the computer thinks (issue 28, item 11)
    assert table.dispatch("confirm-setup") and table.screen == "thinking"
    assert table.announce == "Red arranged the pieces. The computer is thinking."


def test_the_e2e_game_ends_in_reds_blockade_after_whites_move() -> None:
    state = GAME.new(Options(first=RED), NAMES)
    red = default_faces(RED, 3)
    red[sq("b1")], red[sq("b2")] = red[sq("b2")], red[sq("b1")]
    state.apply(Setup(RED, tuple(red.items())))
    state.apply(Setup(WHITE, tuple(default_faces(WHITE, 3).items())))
    for move in E2E_MOVES:
        state.apply(Move.parse(move))
    assert state.outcome is not None and state.outcome.winner is RED
    assert state.outcome.reason.value == "blockade" and state.history[-1].player is WHITE
    assert KIND.outcome_text(state, Names(NAMES, KIND.sides)).startswith("Ann wins by blockade")
