"""Hidden tic-tac-toe at the box's table: the whole plug-in a game needs, in one small file."""

from __future__ import annotations

from collections.abc import Mapping

from mortar.kit.common import Resign
from mortar.table.board import BoardView, Cell, Token, render_board
from mortar.table.drafts import CHANGED, UNCHANGED, Chosen, Context, Play, PlayModel, Reply, Result
from mortar.table.html import El, h
from mortar.table.kind import Choice, FieldSpec, KindBase, PublicField, ReviewStep, Taps
from mortar.table.names import Names
from mortar.table.render import Frame, button, confirm_bar, status, title

from .game import GAME, Place, Seat, Square, State

SECRET_WORD = "hidden"  # a hidden mark's class: the conformance suite checks it never leaks


class TurnModel(PlayModel):
    seat: Seat
    name: str
    message: str | None


def board(seat: Seat, label: str, interactive: bool = True, chosen: str | None = None) -> El:
    marks = dict(seat.marks)
    cells = {}
    for sq in Square.all():
        mark = marks.get(sq)
        tokens = [] if mark is None else [Token(classes=(f"own-{'a' if mark.player == 'X' else 'b'}",
                                                         SECRET_WORD if mark.hidden else "seen"),
                                                badge=mark.player)]
        words = "empty" if mark is None else f"{mark.player}{', hidden' if mark.hidden else ''}"
        classes = ["pickable"] if mark is None else []
        cells[(sq.column, sq.row - 1)] = Cell(str(sq), f"{sq}, {words}", tokens=tokens,
                                              classes=[*classes, "chosen"] if str(sq) == chosen else classes)
    return render_board(BoardView("abc", "123", cells, label, turned=seat.player == "O",
                                  interactive=interactive))


class Draft:
    intents = frozenset({"square", "resign"})
    report = None

    def __init__(self, seat: Seat, names: Names) -> None:
        self.seat, self.player, self.names = seat, seat.player, names
        self.message: str | None = None

    def handle(self, intent: str, arg: str | None) -> Reply[object]:
        if intent == "resign":
            return Play(Resign())
        try:
            action = Place(Square.parse(arg or ""))
        except ValueError:
            return UNCHANGED
        refusal = self.seat.refusal(action)
        self.message = None if refusal is None else refusal.message
        return CHANGED if refusal is not None else Chosen(action, f"Mark {action}", str(action))

    def played(self, seat: Seat) -> Result:
        return Result()

    def model(self) -> TurnModel:
        return {"kind": "turn", "player": self.player, "moment": ("turn", self.player, self.seat.turns),
                "effects": [], "seat": self.seat, "name": self.names.titled(self.player),
                "message": self.message}


class HiddenTicTacToeKind(KindBase[State, Seat]):
    game = GAME
    sides = {"X": "Player X", "O": "Player O"}
    curtain = True
    fields = (FieldSpec("first-mark", "First marks", "hidden", (Choice("hidden", "Hidden"),)),)
    public = {"game-over": {"reason": PublicField(("line", "full", "resign"))}}
    rules_url = "./rules.html"
    about = "A test game."

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> State:
        return GAME.new(None, names)

    def hidden(self, state: State) -> bool:
        return True  # a player's hidden marks are hidden all game long

    def turn(self, state: State) -> int | None:
        return len(state.history) // 2 + 1

    def draft(self, seat: Seat, context: Context) -> Draft:
        return Draft(seat, context.names)

    def render_play(self, model: PlayModel, frame: Frame) -> El:
        turn: TurnModel = model  # type: ignore[assignment]  # (its own draft's model)
        chosen = frame.chosen.at if frame.chosen else None
        return h("div", {"class": "turn-layout"}, title(turn["name"]),
                 h("div", {"class": "board-col"},
                   board(turn["seat"], f"{turn['name']}'s board", chosen=chosen)),
                 # (the line that says why a tap did nothing keeps its height: nothing moves)
                 h("div", {"class": "say", "data-say": True}, status(turn["message"], error=True)),
                 confirm_bar(frame),
                 button("Resign", "resign", cls="quiet small"))

    def outcome_text(self, state: State, names: Names) -> str:
        o = state.outcome
        if o is None:
            return "In progress."
        return f"{names[o.winner] if o.winner else 'Nobody'} wins ({o.reason})."

    def embed(self, state: State, event: str) -> dict[str, str]:
        return {"reason": str(state.outcome.reason)} if event == "game-over" and state.outcome else {}

    def review(self, step: ReviewStep[State], frame: Frame) -> El:
        return h("div", {"class": "review-body"}, board(step.state.seat("X"), "The board", interactive=False))

    def step_text(self, step: ReviewStep[State]) -> str:
        return f"Turn {step.step}" if step.step else "Start"

    def taps(self, action: object, seat: Seat) -> Taps:
        if isinstance(action, Resign):
            return (("resign", None),)
        return (("square", str(action)), ("confirm", None))


KIND = HiddenTicTacToeKind()
