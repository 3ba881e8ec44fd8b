"""Maršál a Špión at the table (issue 20, "Play on a phone"): the setup draft (tray, tap-tap
swap, fill at random, presets, the last setup used on this device), the turn draft (legal ends
from the seat, a Scout's long moves and attacks in one tap, draw offers, resigning), what an
attack shows each side, the trays, the review with both armies face up, saves, and that every
screen holds only what its player may know."""

from __future__ import annotations

import json
import random

import pytest

from marsal_games import BLUE, RED, arrange, new_game, play, setup_with
from mortar.games.marsal_a_spion.actions import AcceptDraw, Attack, Move, OfferDraw, Resign, Setup
from mortar.games.marsal_a_spion.board import Player, Square, home_squares
from mortar.games.marsal_a_spion.pieces import ARMY, Piece
from mortar.games.marsal_a_spion.record import Record
from mortar.games.marsal_a_spion.rules import Options, Outcome, Termination
from mortar.games.marsal_a_spion.state import State
from mortar.games.marsal_a_spion.table.kind import KEPT, MarsalASpionKind
from mortar.games.marsal_a_spion.table.layouts import (
    PRESETS,
    WIDTH,
    Remembered,
    layout_of,
    placement_of,
    square_at,
)
from mortar.games.marsal_a_spion.table.setup import SetupDraft
from mortar.games.marsal_a_spion.table.texts import outcome_text
from mortar.games.marsal_a_spion.table.turn import TurnDraft
from mortar.table.drafts import CHANGED, UNCHANGED, Chosen, Context, Play
from mortar.table.html import all_text
from mortar.table.kind import SaveError, TableFacts
from mortar.table.names import Names
from mortar.table.render import Frame, render
from mortar.table.savefile import Saved, load_save, save_text
from mortar.table.saves import MemoryStorage
from mortar.table.table import Table

NAMES = {RED: "Ann", BLUE: "Bob"}
KIND = MarsalASpionKind()


def context(names: dict | None = None, kept: dict | None = None) -> Context:
    given = {str(p): n for p, n in (names or NAMES).items()}
    return Context(Names(given, KIND.sides), "Red", kept=kept or {})


def sq(text: str) -> Square:
    return Square.parse(text)


def marks(model: dict, *wanted: str) -> set[str]:
    return {s["name"] for s in model["board"]["squares"] if set(wanted) & set(s["marks"])}


def label(model: dict, square: str) -> str:
    return next(s["label"] for s in model["board"]["squares"] if s["name"] == square)


def table(kind: MarsalASpionKind | None = None, storage: MemoryStorage | None = None) -> Table:
    t = Table(kind or MarsalASpionKind(), storage if storage is not None else MemoryStorage(),
              rng=random.Random(2))
    t.restore()
    return t


def hot_seat(t: Table, red: str = "Ann", blue: str = "Bob") -> Table:
    t.dispatch("field", "name-Red", red)
    t.dispatch("field", "name-Blue", blue)
    assert t.dispatch("new-game")
    return t


def shown(t: Table) -> str:
    return all_text(render(t.model(), t.kind))


# --- layouts ---------------------------------------------------------------------------------------


def test_a_layout_is_seen_from_its_players_side_so_one_layout_serves_both_colours():
    assert square_at(RED, 0, 0) == sq("A4") and square_at(RED, 3, 9) == sq("J1")
    assert square_at(BLUE, 0, 0) == sq("J8") and square_at(BLUE, 3, 9) == sq("A11")
    for player in (RED, BLUE):
        for preset in PRESETS:
            placement = placement_of(player, preset.layout)
            assert sorted(placement) == sorted(home_squares(player))
            assert sorted(placement.values(), key=lambda p: p.order) == list(ARMY)
            assert layout_of(player, placement) == preset.layout
    with pytest.raises(ValueError):
        placement_of(RED, "MAR " * 40)


@pytest.mark.parametrize("key", ["corner", "centre"])
def test_the_fortress_presets_wall_their_flag_in_with_minefields(key):
    preset = next(p for p in PRESETS if p.key == key)
    placement = placement_of(RED, preset.layout)
    flag = next(s for s, p in placement.items() if p is Piece.FLAG)
    for n in (flag.offset(1, 0), flag.offset(-1, 0), flag.offset(0, 1), flag.offset(0, -1)):
        assert n is None or placement[n] is Piece.MINEFIELD


def test_the_device_remembers_the_most_recent_setups_of_a_few_people():
    memory = Remembered()
    for i in range(Remembered.KEEP + 2):
        memory.learn({f"p{i}": PRESETS[0].layout})
    assert len(memory.layouts) == Remembered.KEEP and "p0" not in memory.layouts
    memory.learn({"p2": PRESETS[1].layout})
    assert list(memory.layouts)[-1] == "p2"


# --- setting up ------------------------------------------------------------------------------------


def setup_draft(player: Player = RED, last: str | None = None, seed: int = 4) -> SetupDraft:
    state = State()
    if player is BLUE:
        state.apply(setup_with(RED))
    return SetupDraft(state.seat(player), context(), last, random.Random(seed))


def test_taps_on_empty_squares_place_the_tray_kind_by_kind_and_the_tray_shows_what_is_left():
    draft = setup_draft()
    assert draft.model()["pick"] == "MAR"
    assert draft.handle("square", "A4") == CHANGED and draft.handle("square", "B4") == CHANGED
    assert draft.placement == {sq("A4"): Piece.MARSHAL, sq("B4"): Piece.GENERAL}
    tray = {t["id"]: t["left"] for t in draft.model()["tray"]}
    assert tray["MAR"] == 0 and tray["GEN"] == 0 and tray["CPT"] == 2
    assert draft.handle("tray", "MF") == CHANGED
    draft.handle("square", "C4")
    assert draft.placement[sq("C4")] is Piece.MINEFIELD and draft.model()["pick"] == "MF"
    assert draft.handle("tray", "MAR") == CHANGED and "No Marshal is left" in draft.message
    assert draft.handle("square", "A11") == UNCHANGED  # not a home square: a stale tap


def test_tap_tap_swaps_two_pieces_or_moves_one_and_a_held_piece_goes_back_to_the_tray():
    draft = setup_draft()
    draft.handle("square", "A4")  # Marshal
    draft.handle("square", "B4")  # General
    draft.handle("square", "A4")
    assert draft.model()["held"] == "A4" and marks(draft.model(), "held") == {"A4"}
    assert draft.model()["done"] is None
    draft.handle("square", "B4")
    assert draft.placement[sq("A4")] is Piece.GENERAL and draft.placement[sq("B4")] is Piece.MARSHAL
    # what the swap did is said (to the ear: the board shows it), for that press only
    assert draft.model()["done"] == "Swapped: your Marshal to B4, your General to A4."
    draft.handle("square", "B4")
    assert draft.model()["done"] is None
    draft.handle("square", "J1")  # to an empty square: a move
    assert sq("B4") not in draft.placement and draft.placement[sq("J1")] is Piece.MARSHAL
    assert draft.model()["done"] == "Moved: your Marshal to J1."
    draft.handle("square", "J1")
    assert draft.handle("to-tray", None) == CHANGED
    assert sq("J1") not in draft.placement and draft.model()["pick"] == "MAR"
    assert draft.handle("to-tray", None) == UNCHANGED


def test_confirm_only_when_all_40_stand_and_fill_at_random_finishes_or_reshuffles():
    draft = setup_draft(BLUE)
    draft.handle("square", "J8")
    assert draft.handle("confirm-setup", None) == CHANGED and "39" in draft.message
    assert not draft.model()["complete"]
    draft.handle("fill", None)
    assert draft.placement[sq("J8")] is Piece.MARSHAL  # the pieces placed stay
    assert draft.model()["complete"] and draft.model()["placed"] == 40
    first = dict(draft.placement)
    draft.handle("fill", None)  # all stand: the whole army is shuffled
    assert draft.placement != first and sorted(draft.placement.values(), key=lambda p: p.order) == list(ARMY)
    setup = draft.handle("confirm-setup", None).action
    assert isinstance(setup, Setup) and draft.seat.refusal(setup) is None


@pytest.mark.parametrize("player", [RED, BLUE])
def test_fill_at_random_never_draws_the_flag_into_the_front_row(player):
    """Else the enemy's first Scout run could take it on turn 1 (R4: a convenience); it still
    stands anywhere else, and a player may put it in front by hand."""
    front = {square_at(player, 0, left) for left in range(WIDTH)}
    rows = set()
    for seed in range(60):
        draft = setup_draft(player, seed=seed)
        draft.handle("fill", None)
        flag = next(sq for sq, piece in draft.placement.items() if piece is Piece.FLAG)
        assert flag not in front
        rows.add(flag.row)
    assert len(rows) == 3  # every other home row
    draft = setup_draft(player)
    draft.handle("tray", Piece.FLAG.id)
    draft.handle("square", str(min(front)))
    draft.handle("fill", None)
    assert draft.placement[min(front)] is Piece.FLAG


def test_a_preset_or_the_last_setup_fills_everything_in_one_tap():
    draft = setup_draft(BLUE, last=PRESETS[2].layout)
    assert draft.model()["last"]
    draft.handle("preset", "corner")
    assert draft.placement == placement_of(BLUE, PRESETS[0].layout)
    draft.handle("preset", "last")
    assert draft.placement == placement_of(BLUE, PRESETS[2].layout)
    assert draft.handle("preset", "nothing") == UNCHANGED
    draft.handle("clear", None)
    assert draft.placement == {} and draft.model()["pick"] == "MAR"
    assert not setup_draft().model()["last"] and setup_draft().handle("preset", "last") == UNCHANGED


def test_the_last_setup_is_offered_to_the_same_person_in_a_later_game_never_to_the_opponent():
    kind = MarsalASpionKind()
    storage = MemoryStorage()
    t = hot_seat(table(kind, storage))
    t.dispatch("reveal")
    t.dispatch("preset", "scouts")
    t.dispatch("confirm-setup")
    t.dispatch("reveal")
    assert t.model()["model"]["last"] is False  # Bob is never offered Ann's setup of this game
    t.dispatch("preset", "corner")
    t.dispatch("confirm-setup")
    t.dispatch("reveal")
    t.dispatch("resign")
    t.dispatch("resign-confirm")
    assert t.dispatch("rematch")  # Ann plays Blue now
    t.dispatch("reveal")
    draft = t.draft
    assert isinstance(draft, SetupDraft) and draft.player is RED and draft.names["Red"] == "Bob"
    draft.handle("preset", "last")
    assert draft.placement == placement_of(RED, PRESETS[0].layout)  # Bob's own, as Red
    t.dispatch("confirm-setup")
    t.dispatch("reveal")
    t.draft.handle("preset", "last")
    assert t.draft.placement == placement_of(BLUE, PRESETS[2].layout)  # Ann's, turned for Blue
    # a reload keeps what this device remembers, in the save
    again = table(MarsalASpionKind(), storage)
    again.dispatch("reveal")
    assert again.screen == "play" and again.model()["model"]["last"]


def test_a_setup_of_an_unfinished_game_between_two_people_is_never_offered_again():
    kind = MarsalASpionKind()
    t = hot_seat(table(kind))
    t.dispatch("reveal")
    t.dispatch("preset", "scouts")
    t.dispatch("confirm-setup")
    t.dispatch("reveal")
    t.dispatch("fill")
    t.dispatch("confirm-setup")
    assert t.dispatch("menu")
    # someone starts a new game under Ann's name, replacing the game in progress
    hot_seat(t, "Ann", "Carl")
    assert t.form.confirm_replace and t.dispatch("new-game", "replace")
    t.dispatch("reveal")
    assert t.model()["model"]["last"] is False and t.kept.get(KEPT, {}) == {}


def test_the_computers_setup_is_never_remembered():
    kind = MarsalASpionKind()
    t = table(kind)
    t.dispatch("field", "opponent", "computer")
    t.dispatch("field", "side", "second")
    t.dispatch("new-game")
    while t.screen == "thinking":
        t.dispatch("think")
    assert t.screen == "play" and t.model()["player"] == "Blue"
    assert "#Red" not in t.kept[KEPT]


# --- a turn ----------------------------------------------------------------------------------------


def turn(state: State, player: Player = RED) -> TurnDraft:
    return TurnDraft(state.seat(player), context())


def test_a_picked_piece_marks_exactly_its_legal_plays_and_a_scout_attacks_far_in_one_tap():
    state = arrange("E4:SCT A1:FLG D4:CPL", "E9:CPL J11:FLG")
    draft = turn(state)
    model = draft.model()
    assert marks(model, "movable") == {"E4", "D4"}
    draft.handle("square", "E4")
    model = draft.model()
    legal = [p for p in state.legal_plays() if p.start == sq("E4")]
    assert marks(model, "dest") == {str(p.end) for p in legal if isinstance(p, Move)}
    assert marks(model, "target") == {"E9"} and "E8" in marks(model, "dest")
    assert "you may attack here" in label(model, "E9")
    chosen = draft.handle("square", "E9")
    assert draft.model()["pending"] == {"attack": True, "start": "E4", "end": "E9",
                                        "text": "Attack E9 with your Scout from E4"}
    assert chosen == Chosen(Attack(sq("E4"), sq("E9")), "Attack E9", "E9")


def test_taps_that_cannot_be_played_say_why_and_a_second_tap_puts_the_piece_down():
    state = arrange("E4:CPL A1:FLG B1:MF", "E9:CPL J11:FLG")
    draft = turn(state)
    draft.handle("square", "E6")
    assert draft.message == "E6: First tap one of your pieces."
    draft.handle("square", "B1")
    assert draft.message == "B1: Your Minefield never moves."
    draft.handle("square", "E4")
    draft.handle("square", "E7")
    assert draft.message == "Corporal E4–E7: Only a Scout goes further than the next square."
    draft.handle("square", "E4")
    assert draft.model()["picked"] is None
    assert draft.handle("square", "Z99") == UNCHANGED


def test_a_draw_offer_goes_with_the_move_and_the_next_player_may_accept_it():
    state = new_game()
    draft = turn(state)
    start = next(p for p in state.legal_plays() if isinstance(p, Move))
    draft.handle("square", str(start.start))
    draft.handle("square", str(start.end))
    action = draft.handle("offer-draw", None).action
    assert action == OfferDraw(start)
    state.apply(action)
    blue = turn(state, BLUE)
    model = blue.model()
    assert model["may_accept"] and "Ann offers a draw." in model["report"]["text"]
    assert blue.handle("accept-confirm", None) == UNCHANGED  # asked first
    blue.handle("accept-draw", None)
    assert blue.model()["accept_asked"]
    assert blue.handle("accept-confirm", None) == Play(AcceptDraw())
    assert turn(new_game()).handle("accept-draw", None) == UNCHANGED  # nothing was offered


def test_resigning_is_asked_first():
    draft = turn(new_game())
    assert draft.handle("resign-confirm", None) == UNCHANGED
    draft.handle("resign", None)
    assert draft.handle("resign-confirm", None) == Play(Resign())


def test_the_attacker_sees_the_defenders_face_the_defender_learns_of_it_at_the_next_turn():
    state = arrange("E5:CPL A1:FLG", "E6:CPT J11:FLG F8:SCT")
    draft = KIND.draft(state.seat("Red"), context())
    draft.handle("square", "E5")
    action = draft.handle("square", "E6").action
    state.apply(action)
    played = draft.played(state.seat("Red"))
    result = draft.model()["result"]
    assert result["defender"] == "CPT" and result["mine"] == "CPL" and result["outcome"] == "defender wins"
    assert played.shows and played.words == result["text"] == (
        "Your Corporal attacked E6 from E5: a Captain. Your Corporal is removed; the Captain stays.")
    assert draft.handle("square", "E6") == UNCHANGED
    seen = next(s for s in draft.model()["board"]["squares"] if s["name"] == "E6")
    assert seen["face"]["id"] == "CPT" and seen["face"]["seen"]  # the memory aid keeps it
    # Blue, behind the curtain: which own piece, from where, and the attacker (it lost)
    blue_draft = KIND.draft(state.seat("Blue"), context())
    assert blue_draft.report == "Turn 1: Ann's Corporal attacked your Captain on E6 from E5 and lost."
    blue = blue_draft.model()
    assert marks(blue, "last-from") == {"E5"} and marks(blue, "last-to") == {"E6"}
    assert blue["trays"][1]["pieces"] == [("CPL", 1)] and blue["trays"][1]["title"] == "Ann's losses"


def test_a_winning_attacker_stays_hidden_from_the_defender():
    state = arrange("E5:GEN A1:FLG", "E6:CPT J11:FLG F8:SCT")
    state.apply(play("E5xE6"))
    draft = KIND.draft(state.seat("Blue"), context())
    assert draft.report == ("Turn 1: Ann attacked your Captain on E6 from E5: your Captain lost and the "
                            "attacker moved onto E6.")
    model = draft.model()
    square = next(s for s in model["board"]["squares"] if s["name"] == "E6")
    assert square["face"]["id"] is None and "General" not in all_text(KIND.render_play(model, Frame("turn")))


def test_the_memory_aid_off_keeps_only_backs_and_the_deduction_aid_marks_clues():
    state = arrange("E5:CPL A1:FLG D3:CPT", "E6:CPT J11:FLG A9:SCT",
                    options=Options(memory_aid=False, deduction_aid=True))
    state.apply(play("E5xE6"))  # Red sees a Captain, and loses
    state.apply(play("A9-A5"))  # a Scout's run
    model = turn(state).model()
    e6 = next(s for s in model["board"]["squares"] if s["name"] == "E6")
    assert e6["face"]["id"] is None and e6["face"]["clue"] is None  # (it has not moved)
    a5 = next(s for s in model["board"]["squares"] if s["name"] == "A5")
    assert a5["face"]["clue"] == "Sct?" and "it ran like a Scout" in a5["label"]
    plain = turn(arrange("E5:CPL A1:FLG", "E6:CPT J11:FLG A9:SCT")).model()
    assert all(s["face"] is None or s["face"]["clue"] is None for s in plain["board"]["squares"])


# --- nothing hidden reaches the other player --------------------------------------------------


def twins() -> tuple[Table, Table]:
    """Two hot-seat games that differ only in Red's hidden identities, at Blue's first turn."""
    out = []
    for preset in ("corner", "centre"):
        t = hot_seat(table())
        t.dispatch("reveal")
        t.dispatch("preset", preset)
        t.dispatch("confirm-setup")
        t.dispatch("reveal")
        t.dispatch("preset", "scouts")
        t.dispatch("confirm-setup")
        t.dispatch("reveal")
        t.dispatch("square", "E4")  # a Scout in one game, a Miner in the other
        t.dispatch("square", "E5")
        t.dispatch("confirm")
        t.dispatch("end-turn")
        out.append(t)
    return out[0], out[1]


def test_games_differing_only_in_hidden_identities_give_blue_the_same_screens():
    x, y = twins()
    assert shown(x) == shown(y) and x.model() == y.model()  # the curtain
    assert x.dispatch("reveal") and y.dispatch("reveal")
    assert x.announce == y.announce
    assert shown(x) == shown(y)
    assert x.model()["model"] == y.model()["model"]
    text = shown(x)
    assert "E5, Red piece, the last enemy move ended here" in text  # a back, nothing more
    assert "E5, Red piece, seen" not in text and "E5, Red Scout" not in text and "E5, Red Miner" not in text

def test_blues_screens_never_name_a_red_piece_blue_has_not_seen():
    t = hot_seat(table())
    for _ in range(12):
        if t.screen == "curtain":
            t.dispatch("reveal")
        model = t.model()
        player = model["player"]
        other = "Blue" if player == "Red" else "Red"
        text = shown(t)
        state = t.game
        known = {e.square for e in state.seat(player).enemy if e.known is not None}
        for square, piece in state.pieces(other).items():
            if square not in known:
                assert f"{square}, {other} {piece.word}" not in text
                assert f"{square}, {other} piece, seen" not in text
        if model["screen"] == "setup":
            t.dispatch("fill")
            t.dispatch("confirm-setup")
            continue
        movable = sorted(marks(model["model"], "movable"))
        t.dispatch("square", movable[0])
        t.dispatch("square", sorted(marks(t.model()["model"], "dest", "target"))[0])
        t.dispatch("confirm")
        t.dispatch("end-turn")


# --- the end, saves, the review ------------------------------------------------------------------


@pytest.mark.parametrize(("outcome", "words"), [
    (Outcome(RED, Termination.FLAG_CAPTURED, 40), "Ann wins: Bob's flag is captured after 40 turns."),
    (Outcome(BLUE, Termination.RESIGNATION, 3), "Bob wins: Ann resigned after 3 turns."),
    (Outcome(None, Termination.PAT, 88), "Draw (PAT): Ann has no legal move, after 88 turns."),
    (Outcome(None, Termination.NO_HOPE, 90), "Draw: neither side can ever capture the other's flag, "
                                             "after 90 turns."),
    (Outcome(None, Termination.INACTIVITY, 200), "Draw: 200 turns in a row without an attack."),
    (Outcome(None, Termination.AGREED_DRAW, 1), "Draw by agreement after 1 turn."),
])
def test_every_end_is_told_in_words(outcome, words):
    assert outcome_text(outcome, NAMES, stuck=RED, limit=200) == words


def test_the_review_shows_both_armies_face_up_and_steps_through_the_game():
    t = hot_seat(table())
    t.dispatch("reveal")
    t.dispatch("preset", "scouts")
    t.dispatch("confirm-setup")
    t.dispatch("reveal")
    t.dispatch("preset", "corner")
    t.dispatch("confirm-setup")
    t.dispatch("reveal")
    t.dispatch("square", "B4")
    t.dispatch("square", "B8")
    t.dispatch("confirm")
    t.dispatch("end-turn")
    t.dispatch("reveal")
    t.dispatch("resign")
    t.dispatch("resign-confirm")
    review = t.review
    assert review.outcome_text() == "Ann wins: Bob resigned after 2 turns."
    tokens = [el for el in render(t.model(), t.kind).walk()
              if el.tag == "span" and el.attrs.get("class") == "pc-mark"]
    assert len(tokens) == 79  # every piece face up
    t.dispatch("replay", "3")
    assert KIND.step_text(review.at()) == "Ann: Scout B4 attacks Corporal B8: the defender wins."
    t.dispatch("replay", "1")
    assert KIND.step_text(review.at()) == "Ann sets up."
    render(t.model(), t.kind)
    name, text = t.export()
    assert name == "marsal-a-spion-ann-vs-bob.json" and json.loads(text)["format"] == "marsal-a-spion/1"
    other = table()
    assert other.import_text(text)
    while other.screen == "reading":
        other.dispatch("read")
    assert other.screen == "review" and len(other.review.replay) == 4
    assert other.review.frame().fanfare is None  # no fanfare for an imported game


def test_a_bad_record_or_save_is_refused_in_words():
    bad = table()
    bad.import_text('{"format": "marsal-a-spion/1", "actions": [{"player": "Red", "move": "A1-A2"}]}')
    while bad.screen == "reading":
        bad.dispatch("read")
    assert bad.screen == "start" and "breaks a rule" in bad.notice
    for text, words in (("{", "not valid JSON"), ('{"app": "mortar-hunt"}', "does not belong"),
                        ('{"app": "marsal-a-spion", "version": 9}', "newer version"),
                        ('{"app": "marsal-a-spion", "version": 1, "computer": {"Red": "god"}}', "level"),
                        ('{"app": "marsal-a-spion", "version": 1, "computer": {}, "record": 3}', "damaged"),
                        ('{"app": "marsal-a-spion", "version": 3, "record": 3}', "damaged")):
        with pytest.raises(SaveError, match=words):
            load_save(KIND, text)


def test_a_save_holds_the_record_the_computer_seats_and_the_offered_setups():
    state = new_game()
    state.apply(play("A4-A5") if state.refusal(play("A4-A5")) is None else next(iter(state.legal_plays())))
    facts = TableFacts({"Blue": "hard"})
    kept = dict(KIND.keep(state, facts, {KEPT: {"ann": PRESETS[0].layout, "bad": "MAR"}}))
    text = save_text(KIND, Saved(state, dict(NAMES), facts, {}, kept))
    loaded = load_save(KIND, text)
    assert loaded.facts.computer == {"Blue": "hard"}
    assert set(loaded.kept[KEPT]) == {"ann", "#Red"}  # Blue: the computer; "bad": no layout
    assert Record.from_state(loaded.state).plays == Record.from_state(state).plays
    assert Record.from_state(loaded.state).computer == {"Blue": "hard"}  # noted in the record


def test_a_save_of_the_page_before_is_upgraded():
    state = new_game()
    old = {"app": "marsal-a-spion", "version": 1, "computer": {"Blue": "hard"},
           "record": json.loads(Record.from_state(state).save()) | {"players": {"Red": {"name": "You"}}},
           "offered": {"ann": PRESETS[0].layout}, "confirm": True}
    loaded = load_save(KIND, json.dumps(old))
    assert loaded.facts.computer == {"Blue": "hard"} and loaded.facts.confirm
    assert loaded.names == {"Red": None, "Blue": None}  # "You" was a word of the page, not a name
    assert loaded.kept[KEPT] == {"ann": PRESETS[0].layout}


def test_the_start_form_sets_the_rules_options():
    kind = MarsalASpionKind()
    names = {"Red": None, "Blue": None}
    standard = kind.new({"limit": "standard", "memory": "on", "deduction": "off"}, names)
    assert standard.options == Options()
    custom = kind.new({"limit": "custom", "custom-limit": "50", "memory": "off", "deduction": "on"}, names)
    assert custom.options == Options(50, memory_aid=False, deduction_aid=True)
    assert kind.new({"limit": "off"}, names).options.inactivity_limit is None
    with pytest.raises(ValueError, match="whole number"):
        kind.new({"limit": "custom", "custom-limit": "0"}, names)


def test_each_players_turns_are_numbered_as_in_every_game_of_the_box():
    """R5's turns (one action each) are counted per player on the page: Red's first and Blue's
    first are both turn 1 (the record and the inactivity limit count both players' turns)."""
    state = arrange("E5:GEN A1:FLG", "E7:CPT J11:FLG F8:SCT")
    assert KIND.turn(state) == 1 and KIND.draft(state.seat("Red"), context()).model()["turn"] == 1
    state.apply(play("E5-E6"))
    blue = KIND.draft(state.seat("Blue"), context())
    assert KIND.turn(state) == 1 and blue.model()["turn"] == 1
    assert blue.report is not None and blue.report.startswith("Turn 1: ")
    state.apply(play("F8-F7"))
    red = KIND.draft(state.seat("Red"), context())
    assert KIND.turn(state) == 2 and red.model()["turn"] == 2 and "turn 2." in KIND.outcome_text(
        state, Names({"Red": "Ann", "Blue": "Bob"}, KIND.sides, frozenset()))
    assert red.report is not None and red.report.startswith("Turn 1: ")  # Bob's first turn
