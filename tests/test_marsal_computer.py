"""Maršál a Špión's computer opponent: its contract (levels, slices, determinism), that it never
peeks (twin games that differ only in what its seat may not know), its setups, its belief and
memory against the truth, and a few positions where only one play is right."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest

from marsal_games import BLUE, RED, arrange, new_game, play, sq
from mortar.games.marsal_a_spion import GAME
from mortar.games.marsal_a_spion.actions import Attack, Move, Removed, Setup, random_setup
from mortar.games.marsal_a_spion.board import PLAYERS, SQUARES, Player, home_squares
from mortar.games.marsal_a_spion.computer import STYLES, Computer
from mortar.games.marsal_a_spion.computer.belief import believe
from mortar.games.marsal_a_spion.computer.geometry import AROUND, SIDES, depth, walk
from mortar.games.marsal_a_spion.computer.memory import memory
from mortar.games.marsal_a_spion.legality import setup_refusal
from mortar.games.marsal_a_spion.pieces import ARMY, Clash, Piece
from mortar.games.marsal_a_spion.rules import Phase
from mortar.games.marsal_a_spion.state import State
from mortar.kit.common import AcceptDraw

LEVELS = ("easy", "medium", "hard")


def slices(computer: Computer, seat) -> tuple[int, object]:
    """The number of slices a decision takes, and the decision."""
    thought = computer.thinking(seat)
    count = 0
    while True:
        try:
            next(thought)
        except StopIteration as stop:
            return count, stop.value
        count += 1


def computer_game(levels: dict[Player, str], seed: int, stop_at: int | None = None) -> State:
    state = GAME.new()
    players = {p: GAME.computer(levels[p], seed) for p in PLAYERS}
    while state.outcome is None and (stop_at is None or state.turns < stop_at):
        state.apply(players[state.to_play].choose(state.seat(state.to_play)))
    return state


# --- the contract ------------------------------------------------------------------------------


def test_every_level_is_a_computer_and_others_are_refused():
    for level in LEVELS:
        computer = GAME.computer(level, 3)
        assert isinstance(computer, Computer) and computer.level == level
    with pytest.raises(ValueError):
        GAME.computer("grandmaster", 1)


def test_it_acts_only_on_its_own_turn():
    state = GAME.new()
    with pytest.raises(ValueError):
        GAME.computer("hard", 1).choose(state.seat(BLUE))  # Red sets up first


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seat_gives_the_same_action_in_slices_or_at_once(level):
    state = computer_game({RED: level, BLUE: "medium"}, seed=4, stop_at=31)
    seat = state.seat(state.to_play)
    first = GAME.computer(level, 9).choose(seat)
    assert GAME.computer(level, 9).choose(state.seat(state.to_play)) == first
    count, sliced = slices(GAME.computer(level, 9), seat)
    assert sliced == first and count >= 3  # the page gets the browser back between slices
    assert seat.refusal(first) is None


def test_whole_games_are_legal_and_end():
    for levels in ({RED: "hard", BLUE: "easy"}, {RED: "medium", BLUE: "hard"}):
        state = GAME.new()
        players = {p: GAME.computer(levels[p], 5) for p in PLAYERS}
        kinds = []
        while state.outcome is None:
            seat = state.seat(state.to_play)
            action = players[state.to_play].choose(seat)
            assert seat.refusal(action) is None
            kinds.append(type(action))
            state.apply(action)
        assert kinds[:2] == [Setup, Setup] and set(kinds[2:]) <= {Move, Attack}
        assert state.outcome.turns > 20


def test_the_duel_command_prints_the_table(capsys):
    from mortar import games
    from mortar.kit.cli import main

    assert main(["duel", "marsal-a-spion", "hard", "random", "--games", "1", "--seed", "2"], games) == 0
    out = capsys.readouterr().out
    assert "hard vs random: 1 pairs (2 games), Maršál a Špión" in out
    assert "win rate" in out and "hard decision time" in out


# --- never peeking -----------------------------------------------------------------------------


def twin_setups(rng: random.Random) -> tuple[Setup, Setup]:
    """Two setups of Blue that differ only in which piece stands where in its two back rows."""
    first = random_setup(BLUE, rng).placement()
    back = [s for s in first if s.row >= 10]
    pieces = [first[s] for s in back]
    while [first[s] for s in back] == pieces:
        rng.shuffle(pieces)
    return Setup.of(first), Setup.of({**first, **dict(zip(back, pieces))})


@pytest.mark.parametrize("level", LEVELS)
def test_never_peeks(level):
    """Twin games: the same Red computer, Blue's setups differing in hidden identities, Blue's
    plays the same in both (drawn among those legal in both). While Red's seats are equal, Red
    must act alike and think alike (the same number of slices), whatever Blue's pieces are."""
    assert twin_decisions(lambda n: GAME.computer(level, n), count=5) >= 40


def test_the_search_never_peeks():
    """Hard with the search over attacks on (``Style.width``; off at every level): the armies
    it plays out are drawn from the seat's belief, so twin games still get the same actions."""
    searching = dataclasses.replace(STYLES["hard"], width=4, armies=6)
    assert twin_decisions(lambda n: Computer("hard", n, searching), count=1) >= 8


def twin_decisions(computer, count: int) -> int:
    """Red's decisions compared in twin games (see test_never_peeks); asserts they agree."""
    compared = 0
    for n in range(count):
        rng = random.Random(f"twins|{n}")
        games = [State(), State()]
        red_setup = computer(n).choose(games[0].seat(RED))
        for game, blue in zip(games, twin_setups(rng)):
            game.apply(red_setup)
            game.apply(blue)
        assert games[0].setups[BLUE] != games[1].setups[BLUE]
        while all(g.outcome is None for g in games):
            if games[0].to_play is RED:
                seats = [g.seat(RED) for g in games]
                if seats[0] != seats[1]:
                    break  # Red's attack showed a piece that differs: its knowledge differs now
                thoughts = [slices(computer(n), s) for s in seats]
                assert thoughts[0] == thoughts[1]
                compared += 1
                for game in games:
                    game.apply(thoughts[0][1])
            else:
                common = sorted(set(games[0].legal_plays()) & set(games[1].legal_plays()), key=str)
                if not common:
                    break
                chosen = rng.choice(common)
                for game in games:
                    game.apply(chosen)
    return compared


def test_the_computer_reaches_only_the_seat_and_the_rules():
    """R14 in the import graph: no module of the computer reaches the state, records or referee."""
    from test_boundaries import graph, reach

    g = graph()
    package = "mortar.games.marsal_a_spion.computer"
    forbidden = {f"mortar.games.marsal_a_spion.{m}" for m in ("state", "record", "referee", "duel", "game")}
    modules = [name for name in g if name == package or name.startswith(package + ".")]
    assert len(modules) >= 6
    for name in modules:
        assert not reach(g, name) & forbidden, name


# --- setups ------------------------------------------------------------------------------------


@pytest.mark.parametrize("player", PLAYERS)
def test_careful_setups_close_the_flag_and_vary(player):
    state = State()
    if player is BLUE:
        state.apply(random_setup(RED, random.Random(0)))
    seat = state.seat(player)
    setups = [GAME.computer(level, seed).choose(seat) for level in ("medium", "hard") for seed in range(20)]
    assert len({s.pieces for s in setups}) == len(setups)
    spy_by_general = apart = blocked = 0
    scout_depth, miner_depth = [], []
    for setup in setups:
        assert setup_refusal(player, setup) is None
        at = {square.index: piece for square, piece in setup.pieces}
        flag = next(i for i, p in at.items() if p is Piece.FLAG)
        assert depth(player, flag) <= 1
        assert all(at[s] is Piece.MINEFIELD for s in SIDES[flag])  # R10: closed
        works = set(SIDES[flag])
        todo = list(works)
        while todo:  # the Minefields joined to the Flag's
            for s in SIDES[todo.pop()]:
                if at.get(s) is Piece.MINEFIELD and s not in works:
                    works.add(s)
                    todo.append(s)
        apart += sum(p is Piece.MINEFIELD for p in at.values()) - len(works) >= 2
        ways = {w for s in works for w in SIDES[s] if w in at and w not in works and w != flag}
        blocked += sum(at[w] in (Piece.SCOUT, Piece.RIFLEMAN, Piece.CORPORAL) for w in ways) >= 2
        assert sum(1 for i, p in at.items() if p is Piece.MINEFIELD and depth(player, i) == 3) <= 2
        general = next(i for i, p in at.items() if p is Piece.GENERAL)
        spy_by_general += any(at.get(s) is Piece.SPY for s in AROUND[general])
        scout_depth += [depth(player, i) for i, p in at.items() if p is Piece.SCOUT]
        miner_depth += [depth(player, i) for i, p in at.items() if p is Piece.MINER]
    assert spy_by_general >= 0.5 * len(setups)
    # Not one cluster of still pieces that points at the Flag: other Minefields stand apart.
    assert apart >= 0.9 * len(setups) and blocked >= 0.8 * len(setups)
    assert statistics.fmean(scout_depth) > statistics.fmean(miner_depth) + 1


def test_easy_setups_are_legal_with_the_flag_at_the_back():
    seat = State().seat(RED)
    for seed in range(10):
        setup = GAME.computer("easy", seed).choose(seat)
        assert setup_refusal(RED, setup) is None
        flag = next(s for s, p in setup.pieces if p is Piece.FLAG)
        assert flag.row <= 2


# --- belief and memory against the truth ---------------------------------------------------------


def test_the_belief_never_rules_out_the_truth_and_fits_the_counts():
    checked = 0
    for seed in range(3):
        state = GAME.new()
        players = {RED: GAME.computer("hard", seed), BLUE: GAME.computer("medium", seed)}
        while state.outcome is None:
            state.apply(players[state.to_play].choose(state.seat(state.to_play)))
            if state.phase is not Phase.PLAY or state.turns % 5:
                continue
            for player in PLAYERS:
                seat = state.seat(player)
                belief = believe(seat, memory(seat))
                truth = state.pieces(player.opponent)
                for square, row in zip(belief.squares, belief.odds):
                    assert row[truth[SQUARES[square]].order] > 0.0
                    assert abs(sum(row) - 1.0) < 1e-9
                    checked += 1
                for kind in Piece:
                    expected = sum(row[kind.order] for row in belief.odds)
                    assert abs(expected - belief.left[kind.order]) < 0.5, kind
    assert checked > 1000


def test_the_memory_knows_which_own_pieces_the_enemy_has_seen():
    for seed in range(2):
        state = computer_game({RED: "hard", BLUE: "easy"}, seed, stop_at=150)
        for player in PLAYERS:
            seen_by_enemy = set()
            for entry in state.history:
                if entry.player is not player and entry.clash is Clash.DEFENDER_WINS:
                    seen_by_enemy.add(entry.defender_handle.index)
                for removed in entry.removed:
                    seen_by_enemy.discard(removed.handle.index)
            assert memory(state.seat(player)).exposed == seen_by_enemy
            assert seen_by_enemy or seed  # (the first game has shown some)


def test_a_piece_that_steps_up_to_a_piece_the_enemy_has_seen_reads_as_beating_it():
    """Blue's Rifleman shows Red's Captain by losing to it; a Blue piece stepping up beside the
    Captain is then likelier one that beats it (the General or the Marshal), and no likelier
    once it has stepped away again."""
    state = new_game(red="E4:CPT A4:RFL", blue="E8:RFL F8:GEN")
    for text in ("E4-E5", "E8-E7", "A4-A5", "E7-E6", "A5-A4", "E6xE5", "A4-A5", "F8-F7", "A5-A4", "F7-F6"):
        state.apply(play(text))

    def strong(where: str) -> float:
        seat = state.seat(RED)
        belief = believe(seat, memory(seat))
        row = belief.odds[belief.of_square()[sq(where).index]]
        return row[Piece.MARSHAL.order] + row[Piece.GENERAL.order]

    assert memory(state.seat(RED)).shown == {sq("E4").index: Piece.CAPTAIN.order}
    before = strong("F6")
    state.apply(play("A4-A5"))
    state.apply(play("F6-F5"))  # beside the Captain on E5
    stepped_up = strong("F5")
    state.apply(play("A5-A4"))
    state.apply(play("F5-F6"))  # and away
    assert stepped_up > 2.5 * before
    assert strong("F6") < 1.1 * before


def test_unmoved_pieces_that_could_have_moved_longest_are_likeliest_minefields():
    state = computer_game({RED: "hard", BLUE: "medium"}, seed=2, stop_at=60)
    seat = state.seat(RED)
    remembered = memory(seat)
    belief = believe(seat, remembered)
    clues = seat.clues()
    still = sorted((remembered.chances.get(handle, 0), row[Piece.MINEFIELD.order] + row[Piece.FLAG.order])
                   for handle, row in zip(belief.handles, belief.odds)
                   if not clues[SQUARES[handle]].moved and clues[SQUARES[handle]].known is None)
    third = len(still) // 3
    assert third >= 3 and still[0][0] < still[-1][0]
    fewest, most = still[:third], still[-third:]
    assert statistics.fmean(p for _, p in most) > statistics.fmean(p for _, p in fewest) + 0.1


# --- positions with one right play ---------------------------------------------------------------


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_spy_takes_the_marshal_it_has_seen(level):
    state = new_game(red="E4:SCT E3:SPY A4:RFL", blue="E8:MAR A8:RFL")
    for text in ("E4xE8", "E8-E7", "E3-E4", "E7-E6", "A4-A5", "E6-E5"):  # the Scout shows the Marshal
        state.apply(play(text))
    seat = state.seat(RED)
    assert seat.enemy_at(sq("E5")).known is Piece.MARSHAL
    assert GAME.computer(level, 1).choose(seat) == play("E4xE5")


@pytest.mark.parametrize("level", ["hard"])
def test_the_marshal_leaves_pieces_that_never_moved_alone(level):
    state = new_game(red="E4:MAR", blue="")
    for red, blue in (("E4-E5", "A8-A7"), ("E5-E6", "A7-A6"), ("E6-E7", "A6-A5")):
        state.apply(play(red))
        state.apply(play(blue))
    seat = state.seat(RED)
    for seed in range(5):
        action = GAME.computer(level, seed).choose(seat)
        assert not (isinstance(action, Attack) and action.start == sq("E7")), action


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_piece_beside_the_own_flag_is_attacked(level):
    state = arrange(red="A1:FLG B1:MF B2:MAR E2:MIN", blue="A2:CPL J11:FLG J10:MIN", to_play=RED)
    for seed in range(3):
        assert GAME.computer(level, seed).choose(state.seat(RED)) == play("B2xA2")


def test_guards_close_the_ways_into_the_own_flag():
    """Red's Flag in the corner behind two Minefields: a Miner would clear A2 from A3 or B2, or
    B1 from B2 or C1. The nearest guard steps onto B2 (both ways at once); with B2 held, the
    piece on it stays and the next guard heads for A3."""
    state = arrange(red="A1:FLG A2:MF B1:MF C3:CPL E2:MIN", blue="A6:CPL J11:FLG J10:MIN", to_play=RED)
    for seed in range(3):
        assert GAME.computer("hard", seed).choose(state.seat(RED)) == play("C3-B2")
    state = arrange(red="A1:FLG A2:MF B1:MF B2:RFL C4:CPL H2:MIN", blue="A6:CPL J11:FLG J10:MIN",
                    to_play=RED)
    for seed in range(3):
        action = GAME.computer("hard", seed).choose(state.seat(RED))
        assert action.start == sq("C4") and walk(sq("A3").index)[action.end.index] == 1, action


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_it_never_leaves_the_enemy_without_an_action(level):
    """Blue's last pieces are boxed in by their own Minefields (known: they stopped Red's
    attackers; the rest of Blue's army is in the tray). Red stepping onto B10 would leave Blue
    no action: a draw (PAT, R12.2) in a won game."""
    state = arrange(red="A1:FLG A2:MF B1:MF C9:CPL I10:MAR E2:MIN",
                    blue="A11:CPL A10:MF B11:MF J11:FLG I11:MF J10:MF", to_play=RED)
    seat = state.seat(RED)
    rest = list(ARMY)
    for piece in (Piece.CORPORAL, Piece.FLAG, *[Piece.MINEFIELD] * 4):
        rest.remove(piece)
    seen = {sq(s) for s in ("A10", "B11", "I11", "J10")}
    seat = dataclasses.replace(
        seat, tray=tuple(Removed(BLUE, sq("A8"), piece, 1) for piece in rest),
        enemy=tuple(dataclasses.replace(e, known=Piece.MINEFIELD) if e.square in seen else e
                    for e in seat.enemy))
    assert play("C9-B10") in seat.legal_plays()
    for seed in range(4):
        assert GAME.computer(level, seed).choose(seat) != play("C9-B10")


def test_a_draw_is_accepted_only_when_far_behind():
    behind = arrange(red="A1:FLG A2:MF B1:MF E3:RFL", blue="J11:FLG A8:MAR B8:GEN C8:CPT E8:CPT F8:CDT",
                     to_play=RED)
    ahead = arrange(red="A1:FLG A2:MF B1:MF E3:MAR F3:GEN G3:CPT", blue="J11:FLG A8:RFL", to_play=RED)
    for state, accepts in ((behind, True), (ahead, False)):
        seat = dataclasses.replace(state.seat(RED), draw_offer=BLUE)  # Blue's last action offered one
        assert seat.may_accept_draw()
        for level in LEVELS:
            assert isinstance(GAME.computer(level, 1).choose(seat), AcceptDraw) is accepts


def test_setup_phase_is_answered_with_a_setup_of_the_seats_player():
    state = State()
    setup = GAME.computer("hard", 2).choose(state.seat(RED))
    state.apply(setup)
    blue = GAME.computer("hard", 2).choose(state.seat(BLUE))
    assert {s for s, _ in blue.pieces} == set(home_squares(BLUE))
    state.apply(blue)
    assert state.phase is Phase.PLAY
