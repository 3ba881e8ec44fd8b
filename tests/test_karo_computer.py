"""The KARO computer (the kit's search with each game's evaluation): it finds forced wins, plays
only legal actions, decides from the seat alone and the same way sliced or at once, and yields
often enough never to block the page."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import mortar.games.enlightenment.computer
import mortar.games.four_circles.computer
import mortar.games.hopper_and_sneaker.computer  # noqa: F401 (the packages' computer modules)
from mortar.games import enlightenment, four_circles, hopper_and_sneaker
from mortar.kit.common import AcceptDraw, OfferDraw, Pass
from mortar.kit.search import Level, Model, Search
from mortar.kit.searchcomputer import SearchComputer
from mortar.kit.steps import finish
from mortar.kit.turns import PLAYERS, Player

GAMES = [hopper_and_sneaker, enlightenment, four_circles]
LEVELS = ("easy", "medium", "hard")
RED, WHITE = Player.RED, Player.WHITE


def forced_win(position: Any, moves: int) -> bool:
    """Whether the player to move in ``position`` wins within ``moves`` of his own moves,
    whatever the opponent does (by the rules alone: a brute force)."""
    return any(wins_after(position, action, moves) for action in position.actions())


def wins_after(position: Any, action: Any, moves: int) -> bool:
    """Whether ``action`` wins for the player to move within ``moves`` of his moves, this one
    counted."""
    me = position.to_play
    after = position.play(action)[0]
    won = after.winner(me)
    if won is not None:
        return won[0] is me
    if moves == 1:
        return False
    replies = after.actions()
    if not replies:
        return forced_win(after.passed(), moves - 1)
    for reply in replies:
        then = after.play(reply)[0]
        won = then.winner(after.to_play)
        if won is not None:
            if won[0] is me:
                continue
            return False
        if not forced_win(then, moves - 1):
            return False
    return True


def state_at(package: Any, position: Any) -> Any:
    return package.State.from_position(position, package.Options(first=position.to_play))


# --- forced wins: one constructed position a game ------------------------------------------------

HS_WIN_IN_ONE = "SSS/S.S/.S./.../s../.../ss./sss Red"  # b6-b7: all six home
HS_WIN_IN_TWO = "S.S/SSS/.../.S./s../.../ss./sss Red"  # b5-b6, then b6 over b7 to b8
# Red has five pieces home; the sixth, a Hopper on b3, can jump only along column b and has
# nothing to jump over there; White stands behind with pieces that can only shuffle.
HS_LOCKED = "HH./SHH/.h./h../.../.H./.h./shh Red"
EN_WIN_IN_ONE = "wwwww/R.w.w/R...w/R...R/rR.RR Red"  # a1 over the enlightened b1 to c1
EN_WIN_IN_TWO = "RRRRR/w.w.w/w.R.w/w...w/R.w.R Red"  # c3-c2, then b1 or d1 (White blocks one)
FC_WIN_IN_ONE = ["rr#ww", "w#www", "###R#", "RRR##"]  # d2-d1 (a step keeps it marked)
FC_WIN_BY_TILE = ["rr#ww", "w#www", "###R#", "RRR.#"]  # a tile to d1, then d2-d1


def positions() -> list[tuple[str, Any, Any, int]]:
    hs, en, fc = hopper_and_sneaker.Position, enlightenment.Position, four_circles.Position
    return [
        ("hs-1", hopper_and_sneaker, hs.parse(HS_WIN_IN_ONE), 1),
        ("hs-2", hopper_and_sneaker, hs.parse(HS_WIN_IN_TWO), 2),
        ("en-1", enlightenment, en.parse(EN_WIN_IN_ONE), 1),
        ("en-2", enlightenment, en.parse(EN_WIN_IN_TWO), 2),
        ("fc-1", four_circles, fc.from_rows(FC_WIN_IN_ONE, RED), 1),
        ("fc-tile", four_circles, fc.from_rows(FC_WIN_BY_TILE, RED), 1),
    ]


@pytest.mark.parametrize(("name", "package", "position", "moves"), positions(), ids=lambda v: str(v)[:8])
def test_the_constructed_positions_are_what_they_say(name, package, position, moves):
    assert forced_win(position, moves)
    if moves > 1:
        assert not forced_win(position, moves - 1)


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize(("name", "package", "position", "moves"), positions(), ids=lambda v: str(v)[:8])
def test_the_search_finds_a_forced_win(name, package, position, moves, level):
    if moves > 1 and level != "hard":
        pytest.skip("a win in two is three plies: hard's depth (medium searches two or three)")
    state = state_at(package, position)
    action = package.GAME.computer(level, 1).choose(state.seat(RED))
    assert wins_after(position, action, moves), (name, str(action))


def test_a_forced_win_in_two_is_played_out_against_every_defence():
    """Hopper and Sneaker: after the first move, the computer finishes whatever White does."""
    position = hopper_and_sneaker.Position.parse(HS_WIN_IN_TWO)
    state = state_at(hopper_and_sneaker, position)
    state.apply(hopper_and_sneaker.GAME.computer("hard", 2).choose(state.seat(RED)))
    for reply in state.legal_actions():
        then = state.copy()
        then.apply(reply)
        then.apply(hopper_and_sneaker.GAME.computer("hard", 2).choose(then.seat(RED)))
        assert then.outcome is not None and then.outcome.winner is RED


def test_the_search_blocks_a_line_it_can_block():
    """Four Circles: White has three marked in a row and a marked piece beside the fourth cell;
    Red, to move, must put a piece there (e3-d4)."""
    position = four_circles.Position.from_rows(["WWW##", "r##Wr", "##r#w", "rr#rw"], RED)
    assert forced_win(position.passed(), 1)
    state = state_at(four_circles, position)
    action = four_circles.GAME.computer("hard", 1).choose(state.seat(RED))
    after = position.play(action)[0]
    assert not forced_win(after, 1), str(action)


# --- only legal actions, from random positions --------------------------------------------------


def random_states(package: Any, count: int, seed: int, longest: int = 120) -> list[Any]:
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = package.GAME.duel_start(None, rng) if rng.random() < 0.8 else package.GAME.new()
        for _ in range(rng.randrange(longest)):
            if state.outcome is not None:
                break
            state.apply(state.random_action(rng))
        if state.outcome is None:
            states.append(state)
    return states


@pytest.mark.parametrize("package", GAMES, ids=lambda p: p.__name__.split(".")[-1])
def test_the_computer_plays_only_legal_actions_from_random_positions(package):
    """Easy and medium here; hard's actions (its search the same, deeper) are checked on fewer
    positions by the test of equal seats below (hard decides in about 0.1 s, a tight CI budget)."""
    for i, state in enumerate(random_states(package, 12, 5)):
        seat = state.seat(state.to_play)
        for level in ("easy", "medium"):
            action = package.GAME.computer(level, i).choose(seat)
            assert seat.refusal(action) is None, (level, str(state.position), action)
            assert not isinstance(action, OfferDraw)


@pytest.mark.parametrize("package", GAMES, ids=lambda p: p.__name__.split(".")[-1])
def test_a_seat_holds_every_position_of_play_so_far(package):
    rng = random.Random(31)
    state = package.GAME.duel_start(None, rng)
    keys = {(state.position.key(), state.position.to_play)}
    for _ in range(30):
        if state.outcome is not None:
            break
        state.apply(state.random_action(rng))
        keys.add((state.position.key(), state.position.to_play))
        for player in PLAYERS:
            assert state.seat(player).seen == keys
    copy = state.copy()
    assert copy.seat(PLAYERS[0]).seen == keys


def test_a_position_of_the_game_met_again_is_a_draw_to_the_search():
    """The seat's ``seen`` (every position of play so far, K0): when the game has been where
    Red's winning move leads, that move is a draw, and hard plays another."""
    position = enlightenment.Position.parse(EN_WIN_IN_TWO)
    state = state_at(enlightenment, position)
    seat = state.seat(RED)
    assert seat.seen == {(position.key(), RED)}
    win = enlightenment.GAME.computer("hard", 1).choose(seat)
    assert wins_after(position, win, 2)
    after = position.play(win)[0]
    again = replace(seat, seen=seat.seen | {(after.key(), after.to_play)})
    assert enlightenment.GAME.computer("hard", 1).choose(again) != win
    blind = SearchComputer(enlightenment.computer.MODEL, "hard", enlightenment.computer.LEVELS["hard"], 1,
                           history=False)
    assert blind.choose(again) == win


def test_after_its_patience_the_search_no_longer_flees_the_game_positions():
    """Past ``Level.patience`` positions of play, a position met again is scored by the
    evaluation, as if the game had no history: the winning move is played again."""
    position = enlightenment.Position.parse(EN_WIN_IN_TWO)
    seat = state_at(enlightenment, position).seat(RED)
    level = enlightenment.computer.LEVELS["hard"]
    win = SearchComputer(enlightenment.computer.MODEL, "hard", level, 1).choose(seat)
    after = position.play(win)[0]
    again = replace(seat, seen=seat.seen | {(after.key(), after.to_play)})
    for patience, played in ((len(again.seen), False), (len(again.seen) - 1, True)):
        patient = replace(level, patience=patience)
        computer = SearchComputer(enlightenment.computer.MODEL, "hard", patient, 1)
        assert (computer.choose(again) == win) is played


class Fork:
    """A toy position for the search: Red to choose between a position the game has met (a
    draw) and one a little worse for him (White's evaluation ``+10``)."""

    def __init__(self, name: str, to_play: Player) -> None:
        self.name, self.to_play = name, to_play

    def key(self) -> str:
        return self.name

    def passed(self) -> Fork:
        return Fork(self.name, self.to_play.opponent)


class ForkModel(Model[Fork]):
    def actions(self, position: Fork, ply: int) -> list[str]:
        return ["again", "worse"] if position.name == "root" else ["on"]

    def child(self, position: Fork, action: str) -> Fork:
        return Fork(action, position.to_play.opponent)

    def winner(self, position: Fork, mover: Player) -> None:
        return None

    def evaluate(self, position: Fork) -> int:
        return 10 if position.name == "worse" else 0


@pytest.mark.parametrize("contempt, chosen", [(0, "again"), (9, "again"), (11, "worse")])
def test_contempt_makes_the_computer_play_on_rather_than_repeat(contempt: int, chosen: str) -> None:
    """A level's ``contempt``: a draw by repetition is worth that much less than nothing to the
    player deciding, who then prefers a position worth less than the draw's nothing, but not by
    more than the contempt."""
    level = Level(depth=1, nodes=100, contempt=contempt)
    search = Search(ForkModel(), level, random.Random(1), frozenset({("again", WHITE)}))
    assert finish(search.alphabeta(Fork("root", RED), ["again", "worse"])) == chosen
    assert search.best_score == (-contempt if chosen == "again" else -10)


class RowsOnly(hopper_and_sneaker.computer.HopperModel):
    """Hopper and Sneaker judged by the rows to go alone (about the evaluation before issue 33),
    which sees no way out of the locked position below."""

    weights = hopper_and_sneaker.computer.Weights(
        row=-100, row_squared=0, laggard=0, blocked_row=-100, home=30, reach=25, hopper=0, behind=0,
        at_home=0, straggling=40, movable=0, tempo=0)

    def evaluate(self, position: Any) -> int:
        return hopper_and_sneaker.computer.evaluate(position, self.weights)


@pytest.mark.parametrize("patience, ends", [(20, True), (10_000, False)])
def test_a_locked_game_ends_in_a_draw_once_the_computers_stop_fleeing_repetition(patience, ends):
    """From a duel that ran for 34,540 turns: the player ahead, who saw no way forward, fled
    every repetition forever. With patience, both computers play on by their evaluation and
    K0's repetition ends it."""
    state = state_at(hopper_and_sneaker, hopper_and_sneaker.Position.parse(HS_LOCKED))
    model, levels = RowsOnly(), hopper_and_sneaker.computer.LEVELS
    # (at most the 4,000 nodes hard had then: the test is about the patience, not the budget)
    players = {p: SearchComputer(model, level, replace(levels[level], patience=patience,
                                                       nodes=min(levels[level].nodes, 4000)), 1)
               for p, level in zip(PLAYERS, ("hard", "medium"))}
    while state.to_play is not None and state.turns < 120:
        state.apply(players[state.to_play].choose(state.seat(state.to_play)))
    assert (state.outcome is not None) is ends
    if ends:
        assert state.outcome.winner is None and state.outcome.turns <= 2 * patience + 40


def test_a_player_without_a_move_passes():
    # White's pieces are all Hoppers with nothing beside them: no jump anywhere.
    position = hopper_and_sneaker.Position.parse("h.h/.../h.h/.../S.S/.../h.h/SSS White")
    assert not position.has_actions()
    state = state_at(hopper_and_sneaker, position)
    for level in LEVELS:
        assert isinstance(hopper_and_sneaker.GAME.computer(level, 3).choose(state.seat(WHITE)), Pass)


def test_a_draw_offer_is_accepted_only_when_losing():
    package = hopper_and_sneaker
    losing = package.Position.parse("S.S/SSS/.../.S./s../.../ss./sss White")  # Red wins in two
    state = state_at(package, losing)
    state.offer = True
    assert isinstance(package.GAME.computer("hard", 1).choose(state.seat(WHITE)), AcceptDraw)
    winning = package.Position.parse(HS_WIN_IN_TWO)
    state = state_at(package, winning)
    state.offer = True
    assert not isinstance(package.GAME.computer("hard", 1).choose(state.seat(RED)), AcceptDraw)


@pytest.mark.parametrize("position, patience, accepts", [
    (HS_LOCKED, 300, False), (HS_LOCKED, 2, False), (HS_LOCKED, 1, True), (HS_WIN_IN_TWO, 0, False)])
def test_past_its_patience_a_computer_ahead_accepts_a_draw_unless_it_sees_a_win(position, patience, accepts):
    """Ahead in a locked game, it declines a draw until the game has outlasted half its
    patience (one position here: the start); a forced win it never gives away."""
    state = state_at(hopper_and_sneaker, hopper_and_sneaker.Position.parse(position))
    state.offer = True
    level = replace(hopper_and_sneaker.computer.LEVELS["hard"], patience=patience)
    computer = SearchComputer(hopper_and_sneaker.computer.MODEL, "hard", level, 1)
    assert isinstance(computer.choose(state.seat(RED)), AcceptDraw) is accepts


# --- the seat alone, sliced or at once -------------------------------------------------------------


@pytest.mark.parametrize("package", GAMES, ids=lambda p: p.__name__.split(".")[-1])
def test_thinking_gives_the_action_choose_gives_and_equal_seats_equal_actions(package):
    for i, state in enumerate(random_states(package, 4, 11)):
        seat = state.seat(state.to_play)
        # Another game that went the same way gives an equal seat, and so the same action: choose
        # on it gives what thinking gives on this one, slice by slice.
        other = package.State.from_position(state.position, state.options)
        other_seat = replace(other.seat(state.to_play), seen=seat.seen)
        assert other_seat == seat
        for level in LEVELS:
            chosen = package.GAME.computer(level, i).choose(other_seat)
            assert seat.refusal(chosen) is None, (level, str(state.position), chosen)
            assert not isinstance(chosen, OfferDraw)
            thought = package.GAME.computer(level, i).thinking(seat)
            while True:
                try:
                    next(thought)
                except StopIteration as stop:
                    assert stop.value == chosen
                    break


@pytest.mark.parametrize("package", GAMES, ids=lambda p: p.__name__.split(".")[-1])
def test_the_sliced_search_yields_every_few_hundred_nodes(package):
    model = package.computer.MODEL
    assert model.slice_nodes <= 400
    # (the slices do not depend on the budget: a smaller one than hard's keeps the test quick)
    level = replace(package.computer.LEVELS["hard"], nodes=1000)
    for i, state in enumerate(random_states(package, 3, 17)):
        computer = SearchComputer(model, "hard", level, i)
        thought = computer.thinking(state.seat(state.to_play))
        counts = [0]
        while True:
            try:
                next(thought)
            except StopIteration:
                break
            assert computer.last is not None
            counts.append(computer.last.nodes)
        work = [b - a for a, b in zip(counts, counts[1:])]
        assert max(work, default=0) <= model.slice_nodes + 1, work


def test_the_search_counts_work_not_time():
    """A level's budget is nodes: the same decision searches the same nodes, every time."""
    state = random_states(enlightenment, 1, 23)[0]
    seat = state.seat(state.to_play)
    counts = set()
    for _ in range(3):
        computer = enlightenment.GAME.computer("hard", 4)
        computer.choose(seat)
        assert computer.last is not None
        counts.add(computer.last.nodes)
    assert len(counts) == 1 and counts.pop() <= enlightenment.computer.LEVELS["hard"].nodes


# --- Hopper and Sneaker's setup ----------------------------------------------------------------------


def arranged(first_faces: str, secret: bool) -> Any:
    package = hopper_and_sneaker
    state = package.State(package.Options(first=RED, secret_setup=secret))
    state.apply(package.Setup.home(RED, first_faces))
    return state


def test_the_setup_does_not_depend_on_the_hidden_arrangement():
    package = hopper_and_sneaker
    for level in LEVELS:
        seats = [arranged(faces, True).seat(WHITE) for faces in ("HHHSSS", "SSSHHH", "HSHSHS")]
        assert seats[0] == seats[1] == seats[2]
        actions = {package.GAME.computer(level, 8).choose(seat) for seat in seats}
        assert len(actions) == 1
        setup = actions.pop()
        assert seats[0].refusal(setup) is None


def test_the_setup_answers_an_arrangement_it_sees():
    package = hopper_and_sneaker
    for faces in ("HHHSSS", "SSSHHH"):
        seat = arranged(faces, False).seat(WHITE)
        setup = package.GAME.computer("hard", 8).choose(seat)
        assert seat.refusal(setup) is None and setup.player is WHITE


def test_the_first_setup_is_chosen_not_drawn():
    """Medium and hard arrange by search: every seed gives the same arrangement."""
    package = hopper_and_sneaker
    seat = package.State(package.Options(first=RED)).seat(RED)
    for level in ("medium", "hard"):
        setups = {package.GAME.computer(level, seed).choose(seat) for seed in range(4)}
        assert len(setups) == 1


def test_the_easy_setup_is_drawn_but_never_leaves_it_without_a_move():
    """Three Hoppers in front of three Sneakers cannot move at all: a game that opened with the
    easy computer's pass (found by the e2e walk, one run in a few)."""
    package = hopper_and_sneaker
    chosen = set()
    for seed in range(40):
        state = package.State(package.Options(first=RED))
        for player in PLAYERS:
            setup = package.GAME.computer("easy", seed).choose(state.seat(player))
            state.apply(setup)
            chosen.add(setup)
            alone = [None] * len(state.position.cells)  # the player's own pieces only
            for square, _face in setup.pieces:
                alone[square.index] = state.position.cells[square.index]
            assert package.Position(tuple(alone), player).has_actions(), setup
    assert len(chosen) > 10  # drawn, not one arrangement


def test_computers_are_search_computers():
    for package in GAMES:
        for level in LEVELS:
            assert isinstance(package.GAME.computer(level, 1), SearchComputer)


# --- the packed positions the search plays on agree with the rules -------------------------------


@pytest.mark.parametrize("package", [hopper_and_sneaker, enlightenment],
                         ids=lambda p: p.__name__.split(".")[-1])
def test_packed_positions_list_play_and_judge_moves_as_the_rules_do(package):
    model = package.computer.MODEL
    for state in random_states(package, 40, 37):
        position = state.position
        packed = model.prepare(position)
        assert packed.cells() == position.cells
        after = {model.inner(position, packed, action): position.play(action)[0]
                 for action in position.actions()}
        assert sorted(model.actions(packed, 1)) == sorted(after)
        for move, rules in after.items():
            child = model.child(packed, move)
            assert child.cells() == rules.cells and child.to_play is rules.to_play
            assert (child.key(), child.to_play) in model.keys(frozenset({(rules.key(), rules.to_play)}))
            won, by_rules = model.winner(child, position.to_play), rules.winner(position.to_play)
            assert (won and won[0]) == (by_rules and by_rules[0])


def test_a_time_budget_stops_the_search_and_the_pauses_between_slices_do_not_count():
    """In the page the level's seconds stop the search too (the nodes stay a cap): the time
    spent working counts, the page's pauses between two slices do not. Every level has such a
    cap in the page, so that a slow phone waits about a second at most."""
    for game in GAMES:
        for name, settings in game.computer.LEVELS.items():
            assert settings.seconds is not None and settings.seconds <= 0.8, (game.GAME.title, name)
    state = random_states(enlightenment, 1, 41)[0]
    seat = state.seat(state.to_play)
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001  # each reading a millisecond of work later
        return now[0]

    level = replace(enlightenment.computer.LEVELS["hard"], seconds=0.02)
    computer = SearchComputer(enlightenment.computer.MODEL, "hard", level, 1, clock=clock)
    thought = computer.thinking(seat)
    slices = 0
    while True:
        try:
            next(thought)
        except StopIteration as stop:
            action = stop.value
            break
        slices += 1
        now[0] += 60.0  # the page breathes a minute between slices
    assert seat.refusal(action) is None
    assert computer.last is not None and 0 < computer.last.nodes < level.nodes
    assert 5 < slices < 40  # about 20 readings of the clock: the pauses counted nothing
    unclocked = SearchComputer(enlightenment.computer.MODEL, "hard", level, 1)
    unclocked.choose(seat)
    assert unclocked.last is not None and unclocked.last.nodes > computer.last.nodes


def enlightenment_terms(cells: Any, player: Player) -> tuple[int, ...]:
    """The fitted variant's terms counted square by square from the rules' cells (as
    ``computer.terms`` counts them on bit masks)."""
    board = enlightenment.board
    centre = board.CENTRE.index
    counts = [0] * 6
    need = 0
    for i, piece in enumerate(cells):
        if piece is None or piece.player is not player:
            continue
        edge = i in board.EDGE_INDEXES
        jumps = [land for over, land in board.JUMPS[i]
                 if cells[over] is not None and cells[over].enlightened and cells[land] is None]
        if piece.enlightened:
            kind, moves = (0, 0) if edge else (2, 2) if i == centre else (1, 1)
        elif any(land in board.EDGE_INDEXES for land in jumps):
            kind, moves = 3, 1
        elif jumps or (not edge and cells[centre] is None):
            kind, moves = 4, 2
        elif any(cells[j] is not None and cells[j].enlightened for j in board.NEIGHBOURS[i]):
            kind, moves = 5, 2
        else:  # far from any lamp (off the edge a plain piece is beside c3's or ready)
            kind, moves = 6, 4
        if kind < 6:
            counts[kind] += 1
        need = max(need, moves)
    return (*counts, need)


def test_enlightenments_evaluation_is_the_same_on_packed_positions_as_on_the_rules_cells():
    model, evaluate = enlightenment.computer.MODEL, enlightenment.computer.evaluate
    for state in random_states(enlightenment, 40, 43):
        assert model.evaluate(model.prepare(state.position)) == evaluate(state.position)


def test_enlightenments_fitted_variant_counts_its_terms_as_the_rules_cells_show_them():
    packed, computer = enlightenment.packed, enlightenment.computer
    for state in random_states(enlightenment, 40, 43):
        cells = state.position.cells
        position = packed.Packed.of(cells, state.to_play)
        empty = packed.FULL & ~(position.red | position.white)
        for player, own in ((RED, position.red), (WHITE, position.white)):
            counted = enlightenment_terms(cells, player)
            assert computer.terms(own, position.lit, empty) == counted


@pytest.mark.parametrize("variant", ["", "fitted"])
def test_enlightenments_evaluation_judges_both_colours_and_every_turn_of_the_board_alike(variant):
    """The board turned or mirrored (its eight symmetries), the colours swapped or not, is the
    same game for the player to move."""
    board, computer = enlightenment.board, enlightenment.computer
    model = computer.VARIANTS[variant] if variant else computer.MODEL

    def evaluate(position: Any) -> int:
        return model.evaluate(model.prepare(position))

    at = {(sq.column, sq.row - 1): sq.index for sq in board.SQUARES}
    turns = [lambda c, r: (c, r), lambda c, r: (4 - c, r), lambda c, r: (c, 4 - r),
             lambda c, r: (4 - c, 4 - r), lambda c, r: (r, c), lambda c, r: (4 - r, c),
             lambda c, r: (r, 4 - c), lambda c, r: (4 - r, 4 - c)]
    for state in random_states(enlightenment, 40, 47):
        position = state.position
        value = evaluate(position)
        for turn in turns:
            for swap in (False, True):
                cells: list[Any] = [None] * len(position.cells)
                for (c, r), i in at.items():
                    piece = position.cells[i]
                    if piece is not None:
                        owner = piece.player.opponent if swap else piece.player
                        cells[at[turn(c, r)]] = board.PIECES[owner, piece.enlightened]
                mover = position.to_play.opponent if swap else position.to_play
                assert evaluate(enlightenment.Position(tuple(cells), mover)) == value


def test_hopper_and_sneakers_evaluation_judges_both_colours_alike():
    """The board turned half round with the colours swapped is the same game for the other player."""
    board = hopper_and_sneaker.board
    at = {(sq.column, sq.row): sq.index for sq in board.SQUARES}
    columns, rows = (min(k) + max(k) for k in zip(*at))
    turned = [at[columns - sq.column, rows - sq.row] for sq in board.SQUARES]
    evaluate = hopper_and_sneaker.computer.evaluate
    for state in random_states(hopper_and_sneaker, 40, 47):
        position = state.position
        cells: list[Any] = [None] * len(position.cells)
        for i, piece in enumerate(position.cells):
            if piece is not None:
                cells[turned[i]] = board.PIECES[piece.player.opponent, piece.face]
        mirrored = hopper_and_sneaker.Position(tuple(cells), position.to_play.opponent, position.hoppers)
        assert evaluate(position) == evaluate(mirrored)
