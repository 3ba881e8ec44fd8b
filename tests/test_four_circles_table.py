"""Four Circles at the table: the placement count, the turn in two parts asked of the seat (the
movable tiles, why another may not move by FC6's rule, where a picked tile may go, the pieces
that may follow it), the view that fits, pans and zooms, the last tile move drawn, and the e2e
game's win."""

from __future__ import annotations

from mortar.games.four_circles import GAME, Move, Options, Place, Player, TileMove, parse_cell
from mortar.games.four_circles.table import KIND
from mortar.games.four_circles.table.turn import TurnDraft
from mortar.kit.grid import Cell
from mortar.table.board import Window
from mortar.table.drafts import UNCHANGED
from mortar.table.html import all_text
from mortar.table.names import Names
from mortar.table.render import Frame
from mortar.table.table import Table
from screens import context

RED = Player.RED
NAMES = {"Red": "Ann", "White": "Bob"}
PLACES = ("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "d4", "e1", "e3", "e2")
E2E_MOVES = ("a1-c1", "e4>f1 e1-f1", "a2-c2", "e2-e1", "a3-c3", "e1-e2", "a4-c4")


def c(text: str) -> Cell:
    return parse_cell(text)


def cells(*texts: str) -> set[str]:
    """Cells as the board names them, ``(x,y)``, from the letters of the starting rectangle."""
    return {str(c(text)) for text in texts}


def placed(n: int = 12) -> object:
    state = GAME.new(Options(first=RED), NAMES)
    for cell in PLACES[:n]:
        state.apply(Place(c(cell)))
    return state


def draft_of(state: object, player: str = "Red", near: str | None = None) -> TurnDraft:
    draft = KIND.draft(state.seat(player), context(KIND, NAMES, near or player))
    assert isinstance(draft, TurnDraft)
    return draft


def marked(draft: TurnDraft, mark: str) -> set[str]:
    return {name for name, cell in draft.model()["board"]["cells"].items() if mark in cell["marks"]}


def test_placing_a_tap_on_a_free_tile_and_the_count_down() -> None:
    state = placed(3)
    draft = draft_of(state, "White")
    model = draft.model()
    assert model["placing"] and model["to_place"] == {"White": 5, "Red": 4}
    assert marked(draft, "choice") == {str(cell) for cell in state.position.tiles} - cells("a1", "b1", "a2")
    draft.handle("square", "a1")
    assert draft.message == "(1,1): A piece stands on that tile."  # the cell tapped, and why
    assert draft.handle("square", "c3").action == Place(c("c3"))
    text = all_text(KIND.render_play(model, Frame("turn")))
    assert "Pieces to place: Ann 4 · Bob 5" in text and "Placing · Bob (White)" in text
    # Escape drops the placement chosen, its mark and words with it ("chosen": issue 28)
    assert marked(draft, "chosen") == cells("c3")
    assert "chosen" in draft.model()["board"]["cells"]["(3,3)"]["label"]
    assert draft.handle("cancel", None) and not marked(draft, "chosen")


def test_a_tile_that_may_not_move_says_the_rule_of_fc6() -> None:
    draft = draft_of(placed())
    assert marked(draft, "movable-tile") == cells("e4")
    draft.handle("square", "c2")  # an inner tile: one free side at most
    assert draft.message and "FC6 pick-up rule 2" in draft.message and draft.tile is None


def test_a_turn_with_a_tile_move_in_three_taps() -> None:
    state = placed()
    state.apply(Move.parse("a1-c1"))
    draft = draft_of(state, "White")
    draft.handle("square", "e4")
    assert draft.tile == c("e4")
    assert marked(draft, "choice") == {str(cell) for cell in state.seat("White").put_down_cells(c("e4"))}
    assert str(c("f1")) in marked(draft, "choice")
    opened = {n for n, cell in draft.model()["board"]["cells"].items() if cell["ground"] == "no-tile"}
    draft.handle("square", "d5")  # beside the board, but no white piece could follow the tile
    assert draft.message and "FC6 put-down rule 3" in draft.message
    draft.handle("square", "f1")
    assert draft.put == c("f1") and draft.model()["fitted"]  # the view follows the board
    model = draft.model()
    tiles = {n for n, cell in model["board"]["cells"].items() if cell["ground"] == "tile"}
    assert str(c("f1")) in tiles and str(c("e4")) not in tiles
    assert marked(draft, "choice") == {str(m.frm) for m in state.seat("White").moves_onto(c("f1"), c("e4"))}
    draft.handle("square", "b2")
    assert draft.message and "marked pieces" in draft.message
    assert draft.handle("square", "e1").action == Move(c("e1"), c("f1"), TileMove(c("e4"), c("f1")))
    assert opened  # (every free cell beside the board was open to a tap)


def test_a_tile_put_back_and_a_tile_move_cancelled() -> None:
    draft = draft_of(placed(), "Red")
    draft.handle("square", "e4")
    assert draft.handle("square", "e4") and draft.tile is None  # a second tap keeps it
    draft.handle("square", "e4")
    draft.handle("square", "f4")  # beside the tile in hand only
    assert draft.put is None and draft.message and "FC6 put-down rule 2" in draft.message
    draft.handle("square", "f3")
    assert draft.put == c("f3")
    draft.handle("square", "f3")
    assert draft.put is None and draft.tile == c("e4")  # back in hand
    assert draft.handle("cancel-tile", None) and draft.tile is None


def test_a_turn_without_a_tile_move_is_chosen_in_two_taps() -> None:
    draft = draft_of(placed())
    draft.handle("square", "a1")
    assert marked(draft, "choice") == cells("c1", "c3")  # over b1, or b2 diagonally; a2 and b2 are taken
    assert draft.handle("square", "c1").action == Move(c("a1"), c("c1"))
    assert marked(draft, "chosen") == cells("c1")


def test_the_view_fits_pans_zooms_and_follows_the_board_turned() -> None:
    draft = draft_of(placed())
    start = draft.view()
    assert start == Window(0, 0, 7, 6)  # the 5 × 4 tiles and a cell round them: squares ≥ 40 px at 360 px
    assert draft.handle("pan", "right") and draft.view() == Window(1, 0, 7, 6)
    assert draft.handle("pan", "0,1") and draft.view() == Window(1, -1, 7, 6)  # down the screen: south
    assert draft.handle("zoom", "in") and draft.view() == Window(2, 0, 5, 4)
    assert not draft.model()["fitted"]
    assert draft.handle("fit", None) and draft.view() == start
    white = draft_of(placed(), "Red", near="White")  # seen from the far side: the grid runs back
    white.handle("pan", "right")
    assert white.view() == Window(-1, 0, 7, 6)
    assert white.handle("zoom", "out") and white.view().width == 9
    assert white.handle("zoom", "sideways") == UNCHANGED


def test_the_last_tile_move_is_drawn_from_where_it_was() -> None:
    state = placed()
    state.apply(Move.parse("a1-c1"))
    state.apply(Move(c("e1"), c("f1"), TileMove(c("e4"), c("f1"))))
    model = draft_of(state).model()
    assert model["tile_move"] == ["(5,4)", "(6,1)"] and model["last"] == ["(5,1)", "(6,1)"]
    assert "tile-was" in model["board"]["cells"][str(c("e4"))]["marks"]
    assert model["last_text"] == "Last: Bob moved the tile (5,4) to (6,1), then (5,1)–(6,1)."
    el = KIND.render_play(model, Frame("turn"))
    assert el.find(class_="arrow tile-move") and el.find(data_pan=True)


def test_the_e2e_game_is_reds_four_in_a_line() -> None:
    state = placed()
    for move in E2E_MOVES:
        state.apply(Move.parse(move))
    assert state.outcome is not None and state.outcome.winner is RED
    assert Cell(6, 1) in state.position.tiles  # a tile beyond the starting rectangle
    table = Table(KIND)
    table.playing = _saved(state)
    table._show_over()
    el = KIND.review(table.review.at(), Frame("over"))
    lined = {b.attrs["data-square"] for b in el.walk() if "line" in str(b.attrs.get("class", "")).split()}
    assert lined == cells("c1", "c2", "c3", "c4")
    assert KIND.outcome_text(state, Names(NAMES, KIND.sides)) == "Ann wins: four marked pieces in a line."


def _saved(state: object) -> object:
    from mortar.table.savefile import Saved

    return Saved(state, dict(NAMES))
