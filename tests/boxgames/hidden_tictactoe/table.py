"""Hidden tic-tac-toe at the box's table: the whole plug-in a game needs, in one small file."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from mortar.kit.common import Resign
from mortar.kit.jsontext import JSONTextError, loads
from mortar.kit.records import RecordError, RecordIllegalError, load_json
from mortar.kit.replay import Replay
from mortar.kit.steps import Steps
from mortar.table.board import BoardView, Cell, Token, render_board
from mortar.table.html import El, h
from mortar.table.kind import Applied, Choice, FieldSpec, PublicField, SaveError, Stage, TableFacts
from mortar.table.render import button, status, title

from .game import GAME, PLAYERS, Place, Seat, Square, State, parse_record

SECRET_WORD = "hidden"  # a hidden mark's class: the conformance suite checks it never leaks


def board(seat: Seat, label: str, interactive: bool = True) -> El:
    marks = dict(seat.marks)
    cells = {}
    for sq in Square.all():
        mark = marks.get(sq)
        tokens = [] if mark is None else [Token(classes=(f"own-{'a' if mark.player == 'X' else 'b'}",
                                                         SECRET_WORD if mark.hidden else "seen"),
                                                badge=mark.player)]
        words = "empty" if mark is None else f"{mark.player}{', hidden' if mark.hidden else ''}"
        cells[(sq.column, sq.row - 1)] = Cell(str(sq), f"{sq}, {words}", tokens=tokens,
                                              classes=["pickable"] if mark is None else [])
    return render_board(BoardView("abc", "123", cells, label, turned=seat.player == "O",
                                  interactive=interactive))


class Draft:
    intents = frozenset({"square", "resign"})
    finished = False

    def __init__(self, seat: Seat, names: dict[str, str]) -> None:
        self.seat, self.player, self.names = seat, seat.player, names
        self.message: str | None = None

    def handle(self, intent: str, arg: str | None) -> Any:
        if intent == "resign":
            return Resign()
        try:
            action = Place(Square.parse(arg or ""))
        except ValueError:
            return False
        refusal = self.seat.refusal(action)
        if refusal is not None:
            self.message = refusal.message
            return True
        return action

    def model(self, aid: Any = None) -> dict[str, Any]:
        return {"kind": "turn", "player": self.player, "name": self.names[self.player], "seat": self.seat,
                "message": self.message, "moment": ("turn", self.player, self.seat.turns), "effects": []}


class Review:
    intents = frozenset({"replay", "aid"})

    def __init__(self, record: Any) -> None:
        self.record, self.replay = record, Replay(record)
        self.step = len(self.replay)

    def handle(self, intent: str, arg: str | None) -> bool:
        if intent != "replay":
            return False
        steps = {"first": 0, "prev": self.step - 1, "next": self.step + 1, "last": len(self.replay)}
        if arg not in steps:
            return False
        self.step = max(0, min(len(self.replay), steps[arg]))
        return True

    def outcome_text(self) -> str:
        outcome = self.replay.final.outcome
        return "In progress." if outcome is None else f"{outcome.winner or 'Nobody'} wins ({outcome.reason})."

    def export(self) -> tuple[str, str]:
        return "hidden-tictactoe.json", self.record.save()

    def model(self) -> dict[str, Any]:
        state = self.replay.game_at(self.step)
        return {"step": self.step, "total": len(self.replay), "step_text": None,
                "outcome_text": self.outcome_text(), "seat": state.seat("X") if state.outcome else None,
                "state": state}


class Kind:
    name = "hidden-tictactoe"
    title = "Hidden tic-tac-toe"
    players = PLAYERS
    default_names = {"X": "Player X", "O": "Player O"}
    name_max = 24
    levels = ("easy", "hard")
    curtain = True
    fields = (FieldSpec("first-mark", "First marks", "hidden", (Choice("hidden", "Hidden"),)),)
    aid = None
    intents = Draft.intents | Review.intents
    public = {"game-over": {"reason": PublicField(("line", "full", "resign"))}}
    rules_url = "./rules.html"
    about = "A test game."
    symbols = None

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> State:
        return GAME.new(None, names)

    def names_refusal(self, names: Mapping[str, str | None]) -> str | None:
        return None

    def rematch(self, state: State) -> State:
        return GAME.new(None, {"X": state.names["O"], "O": state.names["X"]})

    def to_play(self, state: State) -> str | None:
        return state.to_play

    def hidden(self, state: State) -> bool:
        return True  # a player's hidden marks are hidden all game long

    def stage(self, state: State) -> Stage:
        return Stage.PLAY

    def turn(self, state: State) -> int | None:
        return len(state.history) // 2 + 1

    def player_name(self, state: State, player: str) -> str:
        return state.names.get(player) or self.default_names[player]

    def draft(self, state: State, player: str, facts: TableFacts) -> Draft:
        return Draft(state.seat(player), {p: self.player_name(state, p) for p in PLAYERS})

    def apply(self, state: State, player: str, action: Any, draft: Any) -> Applied:
        played = state.apply(action)
        return {"turn": len(state.history), "ended": state.outcome is not None, "next": True,
                "started": len(state.history) == 1, "text": "Bounced." if played.bounced else None}

    def seat(self, state: State, player: str) -> Seat:
        return state.seat(player)

    def computer(self, level: str, seed: int) -> Any:
        return GAME.computer(level, seed)

    def report(self, state: State, player: str) -> str | None:
        return None

    def outcome(self, state: State) -> dict[str, Any] | None:
        o = state.outcome
        if o is None:
            return None
        return {"winner": o.winner or "draw", "turns": o.turns, "reason": str(o.reason)}

    def started(self, state: State) -> dict[str, Any]:
        return {}

    def save(self, state: State, facts: TableFacts) -> str:
        return json.dumps({"app": self.name, "computer": facts.computer, "confirm": facts.confirm,
                           "record": GAME.record(state).to_json()})

    def loading(self, text: str) -> Steps[tuple[State, TableFacts]]:
        try:
            data = loads(text)
            yield  # (nine marks at most: one step is plenty)
            record = parse_record(data["record"])
            *_, state = record.replaying()
        except (JSONTextError, RecordError, RecordIllegalError, KeyError, TypeError):
            raise SaveError("The saved game is damaged.") from None
        return state, TableFacts(dict(data.get("computer") or {}), confirm=data.get("confirm") is True)

    def review(self, state: State, facts: TableFacts) -> Review:
        return Review(GAME.record(state))

    def reviewing(self, text: str | bytes) -> Steps[Review]:
        try:
            data = load_json(text)
            yield  # (a record of nine marks at most: one step is plenty)
            return Review(parse_record(data))
        except (RecordError, RecordIllegalError) as e:
            raise ValueError(f"That file is not a record of this game: {e}.") from None

    def aid_model(self, state: State, player: str) -> Any:
        return None

    def warm_up(self) -> Iterator[None]:
        return iter(())

    def render_play(self, model: Mapping[str, Any]) -> El:
        seat = model["seat"]
        return h("div", {"class": "turn-layout"}, title(f"{model['name']} ({seat.player})"),
                 h("div", {"class": "board-col"}, board(seat, f"{model['name']}'s board")),
                 status(model["message"], error=True), button("Resign", "resign", cls="quiet small"))

    def render_review(self, model: Mapping[str, Any]) -> El:
        state = model["state"]
        return h("div", {"class": "review-body"}, board(state.seat("X"), "The board", interactive=False))


KIND = Kind()
