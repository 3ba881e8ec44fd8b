"""The hot-seat table (mortar/table/table.py), driven only through intents, in CPython.

Whole games are played by tapping squares and pressing buttons as a player would; the screen
model is checked for what it shows and, above all, for what it must never show.
"""

from __future__ import annotations

import json
import re

import pytest

from mortar.games.mortar_hunt import Loadout, Record
from mortar.games.mortar_hunt.table.kind import MortarHuntKind
from mortar.table.html import all_text
from mortar.table.savefile import load_save as load_any
from mortar.table.saves import MemoryStorage
from mortar.table.table import Table as Flow
from screens import flat, render
from test_rules import _walled_in_game


def load_save(text):
    saved = load_any(MortarHuntKind(), text)
    return saved.state, saved.facts

SAVE_KEY = "mortar-hunt/save"

SQUARE_RE = re.compile(r"\b[A-L][1-9]\b")

A_SETUP = ["C2/N", "E2/N", "G2/N"]
B_SETUP = ["C7/S", "E7/S", "G7/S"]


class Table:
    """Two players at one device, acting only through intents."""

    def __init__(self, storage=None, **form):
        self.events: list[tuple[str, dict]] = []
        self.flow = Flow(MortarHuntKind(), storage or MemoryStorage(),
                         notify=lambda k, d: self.events.append((k, d)))
        self.curtains: list[dict] = []

    def do(self, action, arg=None, value=None):
        assert self.flow.dispatch(action, arg, value), (action, arg, self.flow.screen)
        model = self.flow.model()
        render(model)  # every screen the flow reaches must render
        if model["screen"] == "curtain":
            self.curtains.append(model)
        return flat(model)

    def model(self):
        return flat(self.flow.model())

    def new_game(self, a="Alice", b="Bob", variant="classic", limit="off", custom="20", loadout="HM"):
        self.do("field", "name-A", a)
        self.do("field", "name-B", b)
        self.do("field", "variant", variant)
        self.do("field", "limit", limit)
        self.do("field", "custom-limit", custom)
        self.do("field", "loadout", loadout)
        model = self.do("new-game")
        if model["screen"] == "start" and model["form"]["confirm_replace"]:
            model = self.do("new-game", "replace")  # a game is saved: the player confirms
        return model

    def place(self, positions, types=None, reveal=True):
        model = self.do("reveal") if reveal else self.model()
        assert model["screen"] == "placement"
        for n, position in enumerate(positions, 1):
            square, facing = position.split("/")
            self.do("select", str(n))
            self.do("square", square)
            self.do("facing", facing)
            if types:
                self.do("piece-type", types[n - 1])
        model = self.model()
        assert model["can_confirm"], model["error"]
        return self.do("confirm-placement")

    def start(self, a=A_SETUP, b=B_SETUP, **options):
        self.new_game(**options)
        self.place(a)
        return self.place(b)

    def turn(self, piece, steps=None, dest=None, shot=None, reveal=True):
        """One whole turn: reveal, build the move (steps, or a destination and a facing), confirm,
        then fire ``shot`` or skip. Returns the result-stage model."""
        if reveal:
            model = self.do("reveal")
            assert model["screen"] == "turn"
        self.do("select", str(piece))
        if steps:
            for step in steps:
                self.do("step", step)
        else:
            square, facing = dest.split("/")
            self.do("square", square)
            self.do("facing", facing)
        model = self.do("confirm-move")
        assert model["stage"] == "fire", model["message"]
        if shot is None:
            return self.do("skip")
        self.do("square", shot)
        return self.do("confirm")


def positions_in(game, player):
    return [str(game.position(player, n)) for n in (1, 2, 3)]


def assert_curtain_is_blank(table):
    """The curtain model, and everything rendered from it, holds no square at all."""
    model = table.model()
    assert model["screen"] == "curtain"
    game = table.flow.game
    text = json.dumps(model, default=repr) + all_text(render(model))
    assert not SQUARE_RE.search(text), SQUARE_RE.search(text)
    for p in ("A", "B"):
        if p in game.setups:
            for position in positions_in(game, p):
                assert position not in text
    assert set(model) <= {"player", "name", "other", "stage", "turn", "save_failed", "screen",
                          "announce", "notice", "tab"}


# --- a whole game --------------------------------------------------------------------------


def test_a_whole_classic_game_to_a_win_through_intents():
    t = Table()
    model = t.new_game()
    assert model["screen"] == "curtain" and model["name"] == "Alice" and model["stage"] == "setup"
    t.place(A_SETUP)
    assert t.model()["name"] == "Bob"
    model = t.place(B_SETUP)
    assert ("game-started", {"variant": "classic", "turn_limit": None, "opponent": "person"}) in t.events
    assert model["screen"] == "curtain" and model["turn"] == 1 and model["name"] == "Alice"

    # Turn 1: Alice steps piece 1 forward and hits C7.
    model = t.turn(1, steps=["forward"], shot="C7")
    assert model["result"]["hit"] and "Hit!" in model["result"]["text"]
    assert model["announce"].startswith("Hit!")
    t.do("end-turn")
    # Bob turns piece 3 in place by picking its own square and a facing, fires at J4: miss.
    model = t.do("reveal")
    assert model["report"]["shot"] == "C7" and model["report"]["lost"] == 1
    assert "Your heavy mortar 1 was destroyed" in model["announce"]
    model = t.turn(3, dest="G7/SE", shot="J4", reveal=False)
    assert model["result"] == {"text": "Miss. Your shell on J4 hit nothing.", "over": False,
                               "kind": "shot", "at": "J4", "hit": False, "piece": 3,
                               "origin": "G7", "turn": 1}
    t.do("end-turn")
    t.turn(2, steps=["forward"], shot="E7")
    t.do("end-turn")
    t.turn(3, steps=["left"], shot=None)  # Bob holds fire
    t.do("end-turn")
    model = t.turn(3, steps=["forward"], shot="G7")
    assert model["result"]["over"]
    model = t.do("end-turn")
    assert model["screen"] == "over"
    assert model["outcome"]["winner"] == "A" and model["outcome"]["score"] == {"A": 3, "B": 0}
    assert model["outcome_text"] == "Alice wins 3:0: every enemy piece destroyed in turn 3."
    assert set(model["pads"]) == {"A", "B"}
    # one battlefield: both sides' pieces on one board, the last shot from the piece that fired
    owners = {t["owner"] for cell in model["board"].values() for t in cell["tokens"]}
    assert owners == {"A", "B"}
    assert model["shot"] == {"from": "G3", "at": "G7", "hit": True, "player": "A"}
    assert model["pads"]["A"]["rows"][-1] == ["3", "", "", "G3/N *", "(G7)", ""]
    assert t.events[-1] == ("game-over", {"winner": "A", "score": {"A": 3, "B": 0}, "turns": 3,
                                          "reason": "destroyed"})
    from screens import message  # every event passes the embedding filter untouched

    for kind, data in t.events:
        assert message(kind, data)[1] == []
    turn_events = [d for k, d in t.events if k == "turn-ended"]
    assert turn_events == [{"turn": 1, "player": "A"}, {"turn": 1, "player": "B"},
                           {"turn": 2, "player": "A"}, {"turn": 2, "player": "B"},
                           {"turn": 3, "player": "A"}]
    # a curtain between every two turns, each one blank
    assert len(t.curtains) == 7  # A place, B place, then before each of the 5 turns


def test_every_curtain_of_a_game_is_blank():
    t = Table()
    t.new_game()
    assert_curtain_is_blank(t)
    t.place(A_SETUP)
    assert_curtain_is_blank(t)
    t.place(B_SETUP)
    for piece, steps, shot in [(1, ["forward"], "C7"), (3, ["left"], "J4"),
                               (2, ["forward"], "E7"), (3, ["right"], None)]:
        assert_curtain_is_blank(t)
        t.turn(piece, steps=steps, shot=shot)
        t.do("end-turn")
    assert_curtain_is_blank(t)


def test_the_turn_model_holds_only_the_acting_players_pieces():
    t = Table()
    t.start()
    t.turn(1, steps=["forward"], shot="C7")
    t.do("end-turn")
    model = t.do("reveal")  # Bob's turn: Alice's pieces stand on C3, E2, G2
    text = json.dumps(model, default=repr)
    for secret in ("C3/N", "E2/N", "G2/N"):
        assert secret not in text, secret
    board = model.pop("board")
    text = json.dumps(model, default=repr) + "".join(c["label"] for c in board.values())
    for square in ("C3", "E2", "G2", "C2"):
        assert board[square]["tokens"] == [] and board[square]["marks"] == []
        assert square not in text.replace(f"{square}, empty", "")
    assert {p["position"] for p in model["pieces"]} == {"C7/S", "E7/S", "G7/S"}
    # the board labels mention Alice's shot at C7 (a public fact), not her squares
    assert "Alice shot here in turn 1: hit" in board["C7"]["label"]
    assert board["C3"]["label"] == "C3, empty"


# --- placement -------------------------------------------------------------------------------


def test_placement_is_confirmed_only_when_valid_with_the_engines_reason():
    t = Table()
    t.new_game()
    model = t.do("reveal")
    assert not model["can_confirm"] and model["incomplete"]
    assert model["error"] == "Place all three pieces: pieces 1, 2, 3 are not on the board yet."
    t.do("square", "C2")
    t.do("select", "2")
    before = t.model()
    model = t.do("square", "D7")  # in B's half: nothing is put there, the words say why
    assert model["message"] == "D7: Your pieces stay in your own half."
    assert {**model, "message": None} == {**before, "message": None}
    t.do("select", "3")
    model = t.do("square", "F1")
    assert not model["can_confirm"] and model["incomplete"] and model["selected"] == 2
    model = t.do("confirm-placement")
    assert model["screen"] == "placement" and model["message"] == model["error"]
    assert t.flow.game.phase == "setup" and "A" not in t.flow.game.setups
    # tapping a placed piece selects it; tapping an empty square then moves it
    model = t.do("square", "D7")
    assert model["selected"] == 2 and model["pieces"][1]["square"] is None
    model = t.do("square", "D3")
    assert model["pieces"][1]["square"] == "D3" and model["can_confirm"]
    # remove and put back
    model = t.do("remove")
    assert model["pieces"][1]["square"] is None and not model["can_confirm"]
    t.do("square", "D4")
    t.do("facing", "SE")
    model = t.model()
    assert model["pieces"][1] == {"number": 2, "square": "D4", "facing": "SE", "type": "HM",
                                  "selected": True}
    assert model["board"]["D4"]["label"] == "D4, your heavy mortar 2, facing south-east, selected"
    assert not model["secret"]
    model = t.do("confirm-placement")
    assert model["screen"] == "curtain" and model["name"] == "Bob"
    assert [str(p) for p in t.flow.game.setups["A"].positions] == ["C2/N", "D4/SE", "F1/N"]


def test_secret_loadout_lets_each_player_pick_types():
    t = Table()
    t.new_game(loadout="secret")
    model = t.do("reveal")
    assert model["secret"]
    t.do("piece-type", "LH")  # the piece to place next is the one selected: its type first
    t.do("square", "C2")
    assert t.model()["selected"] == 2  # then the next one
    t.do("select", "2")
    t.do("square", "D2")
    t.do("select", "3")
    t.do("square", "E2")
    t.do("confirm-placement")
    assert [k.name for k in t.flow.game.setups["A"].types] == ["LH", "HM", "HM"]
    t.place(B_SETUP, types=["HM", "HM", "HM"])
    model = t.turn(1, steps=["forward"], shot=None)
    assert "light howitzer" in all_text(render(model))  # Alice sees her own types
    t.do("end-turn")
    model = t.do("reveal")
    assert model["enemy_type"] is None  # secret: Bob is never told Alice's types
    text = json.dumps(model, default=repr) + all_text(render(model))
    assert "LH" not in text and "light howitzer" not in text


def test_placement_faces_towards_the_enemy_by_default_and_b_sees_the_board_turned():
    t = Table()
    t.new_game()
    t.place(A_SETUP)
    model = t.do("reveal")
    assert all(p["facing"] == "S" for p in model["pieces"])
    tree = render(model)
    squares = [e.attrs["data-square"] for e in tree.walk() if "data-square" in e.attrs]
    assert squares[0] == "L1" and squares[-1] == "A9"  # row 1 on top, column L on the left


# --- building a move -------------------------------------------------------------------------


def test_step_controls_preview_undo_and_reasons():
    t = Table()
    t.start()
    model = t.do("reveal")
    assert model["stage"] == "move" and model["move"]["piece"] is None
    model = t.do("square", "E2")  # tapping an own piece selects it
    move = model["move"]
    assert move["piece"] == 2 and move["start"] == "E2/N" and move["end"] is None
    assert move["next"] == {"forward": "E3/N", "back": "E1/N", "left": "E2/NW", "right": "E2/NE"}
    assert "E4" in move["dests"] and "dest" in model["board"]["E4"]["marks"]
    model = t.do("step", "forward")
    assert model["move"]["end"] == "E3/N" and "ghost" in model["board"]["E3"]["marks"]
    assert model["move"]["next"]["back"] is None  # a step back is a whole move
    t.do("step", "right")
    model = t.do("step", "forward")
    assert model["move"]["end"] == "F4/NE" and model["move"]["next"] == dict.fromkeys(
        ("forward", "back", "left", "right"))
    model = t.do("step", "forward")  # a fourth step: the engine's reason
    assert model["message"] == "Piece 2: A move is at most three steps."
    model = t.do("undo-step")
    assert model["move"]["steps"] == ["forward", "right"] and model["move"]["end"] == "E3/NE"
    t.do("clear-move")
    t.do("step", "left")
    model = t.do("step", "right")  # back where it started: the engine says why not
    assert model["move"]["end"] == "E2/N"
    assert model["move"]["error"] == "Piece 2: A move must change the square or the facing."
    model = t.do("confirm-move")
    assert model["stage"] == "move" and model["message"] == model["move"]["error"]
    # back is one step and nothing else
    t.do("clear-move")
    model = t.do("step", "back")
    assert model["move"]["end"] == "E1/N"
    assert all(v is None for v in model["move"]["next"].values())
    model = t.do("step", "left")
    assert model["message"] == "Piece 2: A step back is a whole move."


def test_picking_a_destination_then_a_facing():
    t = Table()
    t.start()
    t.do("reveal")
    t.do("select", "1")
    model = t.do("square", "D4")  # reachable in three steps with one facing only: picked at once
    assert model["move"]["dest"] == "D4" and model["move"]["end"] == "D4/NE"
    model = t.do("square", "D3")
    move = model["move"]
    # several facings: the piece's own facing (N) is the default, the player may change it
    assert move["dest"] == "D3" and move["dest_facing"] == "N"
    assert move["facings"] == ["N", "NE", "E"]  # right, forward, then one more turn at most
    assert move["error"] is None and move["end"] == "D3/N"
    model = t.do("facing", "E")
    assert model["move"]["end"] == "D3/E" and model["move"]["error"] is None
    model = t.do("square", "H8")  # no piece can fire there after this move: nothing changes
    assert model["message"] == "H8: A piece fires only along its facing."
    assert model["stage"] == "move" and model["move"]["end"] == "D3/E"
    model = t.do("square", "L1")  # not reachable: said, and nothing else is picked
    assert model["message"] == "Piece 1 to L1: A move is at most three steps."
    assert model["move"]["end"] == "D3/E" and model["move"]["steps"] == ["right", "forward", "right"]
    model = t.do("square", "C3")  # only facing N is reachable there… and more by turning
    assert set(model["move"]["facings"]) >= {"N"}
    assert model["move"]["dest_facing"] == "N"
    model = t.do("confirm-move")
    assert model["stage"] == "fire"
    assert model["fire"]["move"] == {"piece": 1, "to": "C3/N"}
    pieces = {p["number"]: p for p in model["pieces"]}
    assert pieces[1]["targets"] == ["C6", "C7", "C8"] and pieces[2]["targets"] == ["E6", "E7"]
    assert "from" in model["board"]["C2"]["marks"]
    # change the move: nothing has been played
    model = t.do("change-move")
    assert model["stage"] == "move" and t.flow.game.history == []


def test_fire_needs_a_target_and_a_shot_result_cannot_be_taken_back():
    t = Table()
    t.start()
    t.do("reveal")
    t.do("select", "1")
    t.do("step", "forward")
    model = t.do("confirm-move")
    assert model["fire"]["piece"] == 1 and model["fire"]["target"] is None
    assert not t.flow.dispatch("confirm")  # nothing chosen yet: the button is not on screen
    model = t.do("square", "H9")
    assert model["message"] == "H9: A piece fires only along its facing."
    model = t.do("square", "E6")  # piece 2's target: the firing piece follows
    assert model["fire"]["piece"] == 2 and model["fire"]["target"] == "E6"
    assert "aim" in model["board"]["E6"]["marks"]
    model = t.do("confirm")
    assert model["stage"] == "result" and not model["result"]["hit"]
    assert not t.flow.dispatch("change-move")
    assert not t.flow.dispatch("step", "forward")
    assert not t.flow.dispatch("resign")


def test_skip_is_refused_with_the_reason_when_a_shot_is_compulsory():
    t = Table()
    t.start()
    for piece_a, piece_b in ((1, 1), (1, 1)):
        t.turn(piece_a, steps=["left"], shot=None)
        t.do("end-turn")
        t.turn(piece_b, steps=["left"], shot=None)
        t.do("end-turn")
    model = t.do("reveal")
    assert model["must_shoot"] and model["skips"] == 2
    t.do("select", "1")
    t.do("step", "left")
    t.do("step", "left")  # C2/S: this piece would have no target, but the others still do
    model = t.do("confirm-move")
    assert model["stage"] == "fire"
    assert not model["fire"]["can_skip"]
    assert model["fire"]["skip_error"] == "You must fire this turn."
    model = t.do("skip")
    assert model["stage"] == "fire" and model["message"] == model["fire"]["skip_error"]
    assert len(t.flow.game.history) == 4
    t.do("square", "E6")
    model = t.do("confirm")
    assert model["stage"] == "result"


def test_sacrifice_is_offered_only_when_the_engine_requires_it():
    storage = MemoryStorage()
    game = _walled_in_game()
    storage.set(SAVE_KEY, json.dumps({"app": "mortar-hunt", "version": 1, "loadout": "HM",
                                      "record": Record.from_game(game).save()}))
    t = Table(storage)
    t.flow.restore()
    assert t.flow.screen == "curtain"
    model = t.do("reveal")
    assert model["stage"] == "sacrifice"
    assert [p["number"] for p in model["sacrifice"]["pieces"]] == [1]
    # one piece can be chosen: it is chosen already, and the player is told it is the last
    assert model["sacrifice"]["selected"] == 1 and model["sacrifice"]["last"]
    assert "last piece" in all_text(render(model))
    model = t.do("sacrifice")
    assert model["result"]["kind"] == "sacrifice" and model["result"]["over"]
    model = t.do("end-turn")
    assert model["screen"] == "over" and model["outcome"]["winner"] == "B"
    # in an ordinary turn there is no sacrifice stage and the intent does nothing
    t2 = Table()
    t2.start()
    t2.do("reveal")
    assert not t2.flow.dispatch("sacrifice")


def test_resign_asks_first():
    t = Table()
    t.start()
    t.do("reveal")
    model = t.do("resign")
    assert model["resign_asked"]
    model = t.do("resign-cancel")
    assert not model["resign_asked"] and t.flow.game.history == []
    t.do("resign")
    model = t.do("resign-confirm")
    assert model["screen"] == "over" and model["outcome"]["winner"] == "B"
    assert model["outcome_text"] == "Bob wins: Alice resigned in turn 1."


def test_a_turn_limit_draw_and_the_crater_marks():
    t = Table()
    t.start(variant="craters", limit="custom", custom="1")
    model = t.turn(1, steps=["forward"], shot="C8")
    t.do("end-turn")
    model = t.do("reveal")
    assert "crater" in model["board"]["C8"]["marks"]
    assert model["board"]["C8"]["label"] == "C8, Alice shot here in turn 1: miss, crater"
    model = t.turn(1, steps=["left"], shot=None, reveal=False)
    assert model["result"]["over"]
    model = t.do("end-turn")
    assert model["outcome"]["winner"] == "draw"
    assert model["outcome_text"] == "Draw 0:0 after 1 turns (turn limit)."


def test_bad_custom_turn_limit_is_explained():
    t = Table()
    model = t.new_game(limit="custom", custom="0")
    assert model["screen"] == "start"
    assert model["form"]["error"] == "The turn limit must be a whole number from 1 to 999."
    model = t.do("field", "custom-limit", "12")
    assert model["form"]["error"] is None
    assert t.do("new-game")["screen"] == "curtain"
    assert t.flow.game.options.turn_limit == 12


# --- saving and resuming ---------------------------------------------------------------------


def test_every_confirmed_action_is_saved_and_a_reload_resumes_at_the_curtain():
    storage = MemoryStorage()
    t = Table(storage)
    t.new_game(loadout="LH")
    saved = json.loads(storage.get(SAVE_KEY))
    assert saved["app"] == "mortar-hunt" and saved["version"] == 3 and saved["form"]["loadout"] == "LH"
    t.place(A_SETUP)
    t.place(B_SETUP)
    t.turn(1, steps=["forward"], shot=None)
    t.do("end-turn")
    # Bob starts building his move, then the page is reloaded
    t.do("reveal")
    t.do("select", "2")
    t.do("step", "forward")
    again = Table(storage)
    again.flow.restore()
    model = again.model()
    assert model["screen"] == "curtain" and model["name"] == "Bob" and model["turn"] == 1
    assert Record.from_game(again.flow.game).save() == Record.from_game(t.flow.game).save()
    assert again.flow.game.options.loadout is Loadout.ALL_LH
    model = again.do("reveal")
    assert model["report"]["shot"] is None and model["move"]["steps"] == []


def test_resume_during_placement_and_after_the_game():
    storage = MemoryStorage()
    t = Table(storage)
    t.new_game()
    t.place(A_SETUP)
    again = Table(storage)
    again.flow.restore()
    assert again.model()["name"] == "Bob" and again.model()["stage"] == "setup"
    # a finished game reopens on its game-over screen
    t2 = Table(storage)
    t2.start()
    t2.do("reveal")
    t2.do("resign")
    t2.do("resign-confirm")
    again = Table(storage)
    again.flow.restore()
    assert again.model()["screen"] == "over"


def test_leaving_for_the_start_screen_keeps_the_save():
    storage = MemoryStorage()
    t = Table(storage)
    t.start()
    model = t.do("menu")
    assert model["screen"] == "start"
    assert model["saved"] == {"ok": True, "names": {"A": "Alice (Player\u00a0A)", "B": "Bob (Player\u00a0B)"},
                              "over": False,
                              "turn": 1, "stage": "play", "computer": False}
    model = t.do("resume")
    assert model["screen"] == "curtain" and model["name"] == "Alice"


@pytest.mark.parametrize("text,expected", [
    ("{not json", "The saved game is damaged (not valid JSON)."),
    ('{"app": "chess", "version": 1}', "The saved data does not belong to this game."),
    ('[1, 2]', "The saved data does not belong to this game."),
    ('{"app": "mortar-hunt", "version": 4, "loadout": "HM", "record": ""}',
     "The saved game comes from a newer version of this page."),
    ('{"app": "mortar-hunt", "version": true, "loadout": "HM", "record": ""}',
     "The saved game has an unknown format."),
    ('{"app": "mortar-hunt", "version": 2, "loadout": "HM", "record": "{}"}',
     "The saved game is damaged (it is not a whole game record)."),
    ('{"app": "mortar-hunt", "version": "1", "loadout": "HM", "record": ""}',
     "The saved game has an unknown format."),
    ('{"app": "mortar-hunt", "version": 1, "loadout": "XX", "record": ""}',
     "The saved game names an unknown set of pieces."),
    ('{"app": "mortar-hunt", "version": 1, "loadout": "HM"}',
     "The saved game is damaged (it is not a whole game record)."),
    ('{"app": "mortar-hunt", "version": 1, "loadout": "HM", "record": "{}"}',
     "The saved game is damaged (it is not a whole game record)."),
])
def test_bad_saves_are_kept_exportable_with_a_clear_message_and_a_working_start(text, expected):
    storage = MemoryStorage()
    storage.set(SAVE_KEY, text)
    t = Table(storage)
    t.flow.restore()
    model = t.model()
    assert model["screen"] == "start"
    assert model["notice"] == expected
    assert storage.get(SAVE_KEY) == text  # never deleted: it may be the only copy of a game
    assert model["saved"] == {"ok": False, "lost": False}
    page = render(model)
    assert [b for b in page.find(**{"data-action": "export"}) if b.attrs.get("data-arg") == "saved"]
    assert t.flow.export("saved") == ("mortar-hunt-saved-game.json", text)
    # a new game replaces it only once the player confirms, and may export it first
    model = t.do("new-game")
    assert model["screen"] == "start" and model["form"]["confirm_replace"]
    assert storage.get(SAVE_KEY) == text
    assert "Export it first" in all_text(render(model))
    model = t.do("new-game", "replace")
    assert model["screen"] == "curtain" and storage.get(SAVE_KEY) != text


def test_a_save_that_breaks_a_rule_is_refused():
    record = json.loads(Record.from_game(_walled_in_game()).save())
    record["actions"][0]["move"]["to"] = "L9/N"
    storage = MemoryStorage()
    storage.set(SAVE_KEY, json.dumps({"app": "mortar-hunt", "version": 1, "loadout": "HM",
                                      "record": json.dumps(record)}))
    t = Table(storage)
    t.flow.restore()
    notice = t.model()["notice"]
    assert notice.startswith("The saved game breaks a rule (turn 1 A: that move is not legal)")
    assert "/" not in notice  # no position of either player is quoted before the game is over


def test_storage_that_fails_does_not_stop_the_game():
    class Full(MemoryStorage):
        def set(self, key, value):
            raise OSError("quota exceeded")

    t = Table(Full())
    model = t.new_game()
    assert model["screen"] == "curtain" and model["save_failed"]
    assert "could not save" in all_text(render(model))


def test_load_save_round_trip():
    t = Table()
    t.start()
    text = t.flow.storage.get(SAVE_KEY)
    game, facts = load_save(text)
    assert game.options.loadout is Loadout.ALL_HM and game.phase == "play"
    assert facts.computer == {} and facts.aid is False


# --- review, import, export ------------------------------------------------------------------


def _finished_record() -> str:
    t = Table()
    t.start()
    t.turn(1, steps=["forward"], shot="C7")
    t.do("end-turn")
    t.turn(3, steps=["left"], shot="J4")
    return Record.from_game(t.flow.game).save()


def test_replay_steps_back_and_forth():
    t = Table()
    t.start()
    t.turn(1, steps=["forward"], shot="C7")
    t.do("end-turn")
    t.do("reveal")
    t.do("resign")
    model = t.do("resign-confirm")  # Bob resigns
    assert model["step"] == model["total"] == 2
    model = t.do("replay", "first")
    assert model["step"] == 0 and model["turn"] == 0
    assert model["board"]["C2"]["tokens"][0]["number"] == 1 and model["shot"] is None
    model = t.do("replay", "next")
    assert model["step_text"] == "Turn 1, Alice (A): piece 1 moved to C3/N; piece 1 fired at C7: hit."
    assert [t["owner"] for t in model["board"]["C7"]["tokens"] if t["wreck"]] == ["B"]
    assert "Bob's heavy mortar 1, destroyed" in model["board"]["C7"]["label"]
    assert model["pads"]["A"]["rows"][1] == ["1", "C3/N *", "", "", "(C7)", ""]
    model = t.do("replay", "prev")
    assert model["step"] == 0
    model = t.do("replay", "prev")
    assert model["step"] == 0
    model = t.do("replay", "last")
    assert model["step_text"] == "Turn 1, Bob (B): resigned."
    name, text = t.flow.export()
    assert name == "mortar-hunt-alice-vs-bob.json"
    assert json.loads(text)["actions"][-1] == {"player": "B", "resign": True}
    # rematch: same options, a new placement, and the other player moves first
    model = t.do("rematch")
    assert model["screen"] == "curtain" and model["stage"] == "setup"
    assert model["name"] == "Bob"
    assert t.flow.game.name("A") == "Bob" and t.flow.game.name("B") == "Alice"
    assert t.flow.game.history == []


def test_import_a_record_to_review_and_bad_files():
    t = Table()
    assert t.flow.import_text(_finished_record())
    model = t.model()
    assert model["screen"] == "review" and model["total"] == 2
    assert model["outcome_text"] == "In progress after 1 turn, Alice to play; Alice 1:0 Bob."
    assert not model["can_rematch"]
    render(model)
    model = t.do("close-review")
    assert model["screen"] == "start"
    t.flow.import_text("this is not json")
    assert t.model()["notice"].startswith("That file is not a record of Mortar Hunt: not valid JSON")
    bad = json.loads(_finished_record())
    bad["actions"][0]["shot"]["result"] = "miss"
    t.flow.import_text(json.dumps(bad))
    assert t.model()["notice"] == ("That record breaks a rule, so it cannot be replayed: turn 1 A: "
                                   "shot at C7 was announced as a miss but it is a hit.")
    assert t.model()["screen"] == "start"
    t.flow.import_text(b"\xff\xfe")
    assert "not UTF-8" in t.model()["notice"]


def test_names_are_data_never_markup():
    t = Table()
    evil = "<img src=x onerror=alert(1)>"
    model = t.new_game(a=evil)
    tree = render(model)
    assert all(e.tag != "img" for e in tree.walk())
    assert f"Pass the device to {evil}" in tree.text()


def test_every_playable_square_has_an_accessible_name():
    t = Table()
    t.start()
    model = t.do("reveal")
    tree = render(model)
    squares = [e for e in tree.walk() if "data-square" in e.attrs]
    assert len(squares) == 108
    buttons = [e for e in squares if e.tag == "button"]
    assert len(buttons) == 96
    assert all(e.attrs["aria-label"].startswith(e.attrs["data-square"] + ", ") for e in buttons)
    assert sum(1 for e in buttons if e.attrs["tabindex"] == "0") == 1
    labels = {e.attrs["data-square"]: e.attrs["aria-label"] for e in buttons}
    assert labels["C2"] == "C2, your heavy mortar 1, facing north"
    assert labels["A1"] == "A1, empty"


def test_unknown_and_stale_intents_do_nothing():
    t = Table()
    assert not t.flow.dispatch("fly")
    assert not t.flow.dispatch("reveal")
    assert not t.flow.dispatch("square", "Z9")
    assert not t.flow.dispatch("select", "7")


def test_hand_over_buttons_guard_against_a_double_tap():
    """The reveal button and the result's pass-on button ignore presses for a moment after
    they appear (data-arm; the event layer arms them), so a double tap on the button before
    cannot show the next player's board or skip past a shot's result."""
    t = Table()
    model = t.new_game()
    [reveal] = render(model).find(data_action="reveal")
    assert reveal.attrs.get("data-arm") == "long"  # settles longer than any double tap
    t.place(A_SETUP)
    t.place(B_SETUP)
    model = t.turn(1, steps=["forward"], shot="C7")
    [end] = render(model).find(data_action="end-turn")
    assert end.attrs.get("data-arm") is True


# --- one saved game, several tabs (issue 7: never lose a confirmed action) --------------------


def test_a_new_game_over_a_saved_one_asks_first_and_keep_changes_nothing():
    storage = MemoryStorage()
    t = Table(storage)
    t.start()
    saved = storage.get(SAVE_KEY)
    t.do("menu")
    model = t.do("new-game")
    assert model["screen"] == "start" and model["form"]["confirm_replace"]
    model = t.do("new-game", "keep")
    assert not model["form"]["confirm_replace"] and storage.get(SAVE_KEY) == saved
    # Escape keeps it too (issue 28: Escape closes every question); the focus starts on keeping
    # a game not finished, as on "No, keep playing"
    model = t.do("new-game")
    [keep] = render(model).find(data_action="new-game", data_arg="keep")
    assert keep.attrs.get("data-autofocus") is True
    model = t.do("cancel")
    assert not model["form"]["confirm_replace"] and storage.get(SAVE_KEY) == saved
    assert t.do("resume")["screen"] == "curtain"


def test_a_second_tab_cannot_overwrite_actions_played_in_the_first():
    storage = MemoryStorage()
    tab1 = Table(storage)
    tab1.start()
    tab2 = Table(storage)
    tab2.flow.restore()  # tab 2 opens the same game at Alice's curtain
    assert tab2.model()["screen"] == "curtain"
    tab1.turn(1, steps=["forward"], shot="C7")
    tab1.do("end-turn")
    tab1.turn(2, steps=["forward"], shot="E1")
    saved = storage.get(SAVE_KEY)
    assert len(json.loads(saved)["record"]["actions"]) == 2
    # tab 2 never heard of it (no storage event) and plays Alice's turn 1 differently
    tab2.do("reveal")
    tab2.do("select", "2")
    tab2.do("step", "forward")
    tab2.do("confirm-move")
    tab2.do("square", "E7")
    model = tab2.do("confirm")
    assert storage.get(SAVE_KEY) == saved  # nothing was overwritten
    assert model["screen"] == "curtain" and model["name"] == "Alice"  # it follows the stored game
    assert "another tab" in model["notice"]
    assert "result" not in model  # and the refused shot's result was never shown
    assert len(tab2.flow.game.history) == 2


def test_the_storage_event_makes_a_second_tab_follow_at_the_curtain():
    storage = MemoryStorage()
    tab1 = Table(storage)
    tab1.start()
    tab2 = Table(storage)
    tab2.flow.restore()
    tab2.do("reveal")  # tab 2 shows Alice's board
    tab1.turn(1, steps=["forward"], shot="C7")
    model = tab2.do("saved-elsewhere")
    assert model["screen"] == "curtain" and model["name"] == "Bob"
    assert not tab2.flow.dispatch("saved-elsewhere")  # nothing new: nothing happens


# --- against the computer (issue 10) ----------------------------------------------------------


def _vs_computer(side="first", level="easy", storage=None):
    t = Table(storage)
    t.do("field", "opponent", "computer")
    t.do("field", "level", level)
    t.do("field", "side", side)
    t.do("field", "name-A", "Ann")
    return t


def test_a_game_against_the_computer_has_no_curtain_and_reports_its_turns():
    storage = MemoryStorage()
    t = _vs_computer(storage=storage)
    model = t.do("new-game")
    assert model["screen"] == "placement" and model["name"] == "Ann (Player\u00a0A)"
    for n, position in enumerate(A_SETUP, 1):
        square, facing = position.split("/")
        t.do("select", str(n))
        t.do("square", square)
        t.do("facing", facing)
    model = t.do("confirm-placement")
    assert model["screen"] == "thinking"
    model = t.do("think")  # the computer places
    assert model["screen"] == "turn" and model["stage"] == "move"
    assert t.flow.game.name("B") is None and t.flow.names["B"] == "Computer"  # a word, never a name
    saved = json.loads(storage.get(SAVE_KEY))["record"]
    assert saved["players"]["B"]["computer"] == "easy" and "computer" not in saved["players"]["A"]
    t.turn(1, steps=["forward"], shot=None, reveal=False)
    model = t.do("end-turn")
    assert model["screen"] == "thinking"
    model = t.do("think")  # the computer plays its turn 1
    assert model["screen"] == "turn" and model["report"]["turn"] == 1
    assert model["announce"].startswith("Turn 1: Computer ")
    # what the page shows holds nothing of the computer's pieces
    view = json.dumps(model, default=repr)
    for n in (1, 2, 3):
        assert str(t.flow.game.position("B", n)) not in view
    # a reload resumes the same game, the computer still at its level
    again = Table(storage)
    again.flow.restore()
    assert again.flow.facts.computer == {"B": "easy"}
    assert again.model()["screen"] == "turn"  # no one to hide the board from


def test_the_computer_can_play_first_and_the_person_second():
    t = _vs_computer(side="second", level="medium")
    model = t.do("new-game")
    assert model["screen"] == "thinking"
    model = t.do("think")
    assert model["screen"] == "placement" and model["player"] == "B"
    assert model["name"] == "Ann (Player\u00a0B)"
    assert t.flow.game.name("A") is None and t.flow.names["A"] == "Computer"


def test_a_whole_game_against_the_computer_ends_with_a_review():
    t = _vs_computer(level="hard")
    t.do("new-game")
    for n, position in enumerate(A_SETUP, 1):
        square, facing = position.split("/")
        t.do("select", str(n))
        t.do("square", square)
    t.do("confirm-placement")
    t.do("think")
    for _ in range(200):  # the person resigns after a few turns; the computer never does
        model = t.model()
        if model["screen"] == "thinking":
            t.do("think")
        elif model["screen"] == "turn" and model["stage"] == "move":
            if model["turn"] >= 4:
                t.do("resign")
                t.do("resign-confirm")
                break
            piece = next(p["number"] for p in model["pieces"] if p.get("movable"))
            t.do("select", str(piece))
            dest = t.model()["move"]["dests"][0]
            t.do("square", dest)
            if t.model()["move"]["dest_facing"] is None:
                t.do("facing", t.model()["move"]["facings"][0])
            t.do("confirm-move")
            fire = t.model()["fire"]
            if fire["can_skip"]:
                t.do("skip")
            else:
                target = next(p["targets"][0] for p in t.model()["pieces"] if p.get("targets"))
                t.do("square", target)
                t.do("confirm")
        elif model["screen"] == "turn" and model["stage"] == "result":
            t.do("end-turn")
        else:
            raise AssertionError(model["screen"])
    model = t.model()
    assert model["screen"] == "over" and model["outcome"]["winner"] == "B"
    assert "computer" in model["names"]["B"].lower()
    assert model["belief"] is None and model["believer"] == "B"  # worked out only when asked
    model = t.do("aid", "on")
    assert model["belief"]["player"] == "B" and model["belief"]["heat"]  # what it believed


def test_the_radar_shows_only_when_the_table_allows_it_and_only_from_the_players_seat():
    t = Table()
    t.do("field", "aid", "on")
    t.start()
    model = t.turn(1, steps=["forward"], shot="C7")  # Alice hits C7
    assert model["radar"] is None  # the result stage has no radar
    t.do("end-turn")
    model = t.do("reveal")  # Bob's turn: where could Alice's shell on C7 have come from?
    radar = model["radar"]
    assert radar is not None and radar["last_shot"]["at"] == "C7"
    assert "C3" in radar["last_shot"]["squares"]  # Alice's piece 1 fired from C3
    assert radar["lines"] and all(isinstance(line, str) for line in radar["lines"])
    # the heat map covers the enemy half only (the radar is built from Bob's seat)
    assert set(radar["heat"]) <= {f"{c}{r}" for c in "ABCDEFGHIJKL" for r in (1, 2, 3, 4)}
    off = Table()
    off.start()
    assert off.do("reveal")["radar"] is None


@pytest.mark.parametrize("change,expected", [
    ({"turn_limit": int("9" * 4200)}, "turn limit of more than 999 turns"),
    ({"players": {"A": {"pieces": ["HM"] * 3, "computer": "grandmaster"}, "B": {"pieces": ["HM"] * 3}}},
     "names a computer level this version of Mortar Hunt does not have"),
])
def test_saves_the_page_cannot_use_say_what_is_wrong(change, expected):
    """Issue 16, item 7: a save with a turn limit the page does not offer, or a computer level it
    does not have, is refused with its reason (not 'damaged'), and the page stays whole."""
    storage = MemoryStorage()
    people = Table(storage)
    people.start(A_SETUP, B_SETUP)
    data = json.loads(storage.get(SAVE_KEY))
    data["record"].update(change)
    storage.set(SAVE_KEY, json.dumps(data))
    flow = Flow(MortarHuntKind(), storage)
    flow.restore()
    model = flow.model()
    assert model["screen"] == "start" and expected in model["notice"], model["notice"]
    assert "both players' hidden pieces" in all_text(render(model))  # before exporting it as it is


# --- few taps, or every step confirmed (issue 18, item 9) ------------------------------------


def test_quick_taps_a_target_confirms_the_move_and_a_second_tap_fires():
    t = Table()
    t.start()
    t.do("reveal")
    t.do("square", "C2")  # the piece
    model = t.do("square", "C3")  # where it goes: its targets after the move are marked
    assert model["move"]["targets"] == ["C6", "C7", "C8", "E6", "E7", "G6", "G7"]
    assert "pickable" in render_classes(model, "C7")
    model = t.do("square", "C7")  # a target: the move is confirmed and the shot aimed
    assert model["stage"] == "fire" and model["fire"]["target"] == "C7"
    assert model["fire"]["move"] == {"piece": 1, "to": "C3/N"} and t.flow.game.history == []
    model = t.do("square", "C7")  # the same target again fires
    assert model["stage"] == "result" and model["result"]["at"] == "C7" and model["result"]["hit"]


def test_a_square_that_cannot_be_used_changes_nothing_but_the_words():
    t = Table()
    t.start()
    t.do("reveal")
    t.do("square", "C2")
    before = t.do("square", "C3")
    for square, words in (("L1", "Piece 1 to L1: A move is at most three steps."),
                          ("L9", "L9: A piece fires only along its facing.")):
        after = t.do("square", square)
        assert after["message"] == words
        assert {**after, "message": None} == {**before, "message": None}


def test_every_step_confirmed_when_asked():
    t = Table()
    t.do("field", "confirm", "on")
    t.start()
    t.do("reveal")
    t.do("square", "C2")
    t.do("square", "C3")
    model = t.do("square", "C7")  # no shortcut from the move to the shot
    assert model["stage"] == "move" and model["message"] == "First confirm the move, then aim."
    assert model["move"]["targets"] == []
    t.do("confirm-move")
    t.do("square", "C7")
    model = t.do("square", "C7")  # a second tap only aims again: the Fire button fires
    assert model["stage"] == "fire" and model["fire"]["target"] == "C7"
    assert t.do("confirm")["stage"] == "result"
    assert t.flow.facts.confirm and load_save(t.flow.storage.get(SAVE_KEY))[1].confirm


def test_against_the_computer_it_goes_on_by_itself_unless_every_step_is_confirmed():
    for confirm, by_itself in (("off", True), ("on", False)):
        t = Table()
        t.do("field", "opponent", "computer")
        t.do("field", "confirm", confirm)
        t.do("new-game")
        t.place(A_SETUP, reveal=False)
        while t.flow.screen == "thinking":
            t.do("think")
        t.do("square", "E2")
        t.do("step", "forward")
        t.do("confirm-move")
        model = t.do("skip")
        assert model["stage"] == "result" and model["auto_next"] is by_itself
        assert t.flow.model()["auto_next"] is by_itself


def render_classes(model, square):
    return model["board"][square]["marks"] + (["pickable"] if {"dest", "target"} & set(
        model["board"][square]["marks"]) else [])
