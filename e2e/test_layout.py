"""Issue 18: every screen of every game of the box on a phone, at 360 × 740 and 740 × 360 with
touch: the layout checks of layout.py (no scroll on screens of play, nothing overlapping, no
text cut or spilling, targets of 44 px and board cells of 28 px), axe-core's rules (no
violation) and, issue 28, no control moving between two screens of a kind. One page per game
and size walks all of that game's screens (walk.py); a game joins with its walker below.
"""

from __future__ import annotations

import pytest
from walk import SIZES, TOUCH, GameWalk, Walk
from walk_enlightenment import walk_enlightenment
from walk_four_circles import walk_four_circles
from walk_hopper_and_sneaker import walk_hopper_and_sneaker
from walk_marsal_a_spion import walk_marsal_a_spion
from walk_mortar_hunt import walk_mortar_hunt
from walk_tictactoe import PATH as TICTACTOE_PATH
from walk_tictactoe import prepare as serve_tictactoe
from walk_tictactoe import walk_tictactoe

GAMES = [
    GameWalk("mortar-hunt", "?game=mortar-hunt", walk_mortar_hunt),
    GameWalk("marsal-a-spion", "?game=marsal-a-spion", walk_marsal_a_spion),
    GameWalk("hopper-and-sneaker", "?game=hopper-and-sneaker", walk_hopper_and_sneaker),
    GameWalk("enlightenment", "?game=enlightenment", walk_enlightenment),
    GameWalk("four-circles", "?game=four-circles", walk_four_circles),
    GameWalk("hidden-tictactoe", TICTACTOE_PATH, walk_tictactoe, prepare=serve_tictactoe),
]


@pytest.fixture(scope="module", params=[(g, s) for g in GAMES for s in SIZES],
                ids=[f"{g.name}-{s}" for g in GAMES for s in SIZES])
def walked(request, open_game):
    """One game walked at one size (both tests of a game and size read the same walk)."""
    game, size = request.param
    g = open_game(viewport=SIZES[size], context_options=TOUCH, path=game.path, before_goto=game.prepare)
    w = Walk(g.page, game.name, size)
    try:
        game.walker(w)
    except Exception as e:  # the checks of the screens walked so far still count
        w.stopped = f"the walk stopped after {w.screens[-1:]}: {str(e)[:1500]}"
    errors = g.log.console_errors + g.log.page_errors
    g.close()
    assert not errors, errors
    return w


def test_every_screen_fits_a_phone(walked):
    assert len(walked.screens) >= 8
    found = walked.report(walked.layout)
    assert not found and not walked.stopped, f"layout problems:\n{found}\n{walked.stopped or ''}"


def test_axe_finds_nothing_on_any_screen(walked):
    found = walked.report(walked.axe)
    assert not found, "axe-core violations:\n" + found


# Issue 28, item 3, still open: the steps where a control moves today (a line of words above it
# grows, a tab or a review step changes what is above it). A step not listed fails the test; a
# step fixed is taken off the list.
MOVES_KNOWN = {
    ("mortar-hunt", "portrait"): {"over, pads", "rules"},
    ("marsal-a-spion", "portrait"): {
        "over, the trays", "rules", "setup, a piece held", "setup, two placed",
        "turn, a move offering a draw", "turn, a piece picked", "turn, a piece that never moves",
        "turn, a square it cannot reach", "turn, an attack aimed"},
    ("marsal-a-spion", "landscape"): {
        "setup, a piece held", "setup, two placed", "turn, a move offering a draw", "turn, a piece picked",
        "turn, a piece that never moves", "turn, a square it cannot reach", "turn, an attack aimed"},
    ("hopper-and-sneaker", "portrait"): {"arranging, a square off the home rows", "over, a step back",
                                         "resign?"},
    ("hopper-and-sneaker", "landscape"): {"resign?"},
    ("enlightenment", "portrait"): {"over, a step back", "resign?"},
    ("enlightenment", "landscape"): {"over, a step back", "resign?"},
    ("four-circles", "portrait"): {
        "over, a step back", "resign?", "tile put down", "turn, a piece picked",
        "turn, a tile that may not move", "turn, offering a draw", "turn, zoomed in"},
    ("four-circles", "landscape"): {
        "over, a step back", "resign?", "tile put down", "turn, offering a draw", "turn, zoomed in"},
}


def test_no_control_moves_between_two_screens_of_a_kind(walked):
    """A control on two screens of one step walked one after the other (a piece picked, then its
    target) stands in the same place on both: no tap lands elsewhere. The steps of
    :data:`MOVES_KNOWN` excepted, which the report still names."""
    known = MOVES_KNOWN.get((walked.game, walked.size), set())
    new = {screen: moves for screen, moves in walked.moved.items() if moves and screen not in known}
    print("controls that moved (known):\n" + walked.report(
        {screen: moves for screen, moves in walked.moved.items() if screen in known}))
    found = walked.report(new)
    assert not found, "controls that moved:\n" + found
