"""The seat (mortar/games/mortar_hunt/seat.py): what one player may know (RULINGS R12) as a value, and that
player's own questions answered from it alone.

1. Twin games that differ only in the opponent's hidden state -- the setup, the piece types
   (secret loadout), which piece moved and which fired -- but agree on everything public give
   EQUAL seats with equal hashes, after every action, in every variant.
2. On random games every question the seat answers agrees exactly with the game's: legal moves,
   shots, turns and actions, skip, obligations, a move built step by step, and the refusal
   (code and words) of random, mostly illegal, actions.
"""

import random

import pytest

from games import random_action, random_options, random_setup
from mortar.games.mortar_hunt import (
    IllegalActionError,
    Loadout,
    Move,
    Options,
    PieceType,
    Player,
    Position,
    RefusalCode,
    Resign,
    Sacrifice,
    Seat,
    Setup,
    Shot,
    Square,
    State,
    Step,
    Turn,
    Variant,
)

NAMES = {"A": "Ann", "B": "Bob"}


# --- 1. equal seats -------------------------------------------------------------------------


def signature(game: State, action) -> tuple:
    """What the opponent of the acting player learns of ``action`` (RULINGS R12)."""
    if isinstance(action, Turn):
        return ("turn", None if action.shot is None else action.shot.at)
    if isinstance(action, Sacrifice):
        return ("sacrifice", game.position(game.to_play, action.piece).square)
    return ("resign",)


def pick_viewer_action(rng: random.Random, g1: State, g2: State):
    """An action of the viewer legal in both games whose shot hits in both or in neither."""
    actions = g1.legal_actions()
    assert list(actions) == list(g2.legal_actions())  # own legality never depends on the enemy
    for _ in range(60):
        action = random_action(rng, g1, resign_chance=0.003)
        if not (isinstance(action, Turn) and action.shot) or \
                g1.shot_hits(action.shot) == g2.shot_hits(action.shot):
            return action
    return None


def pick_hidden_actions(rng: random.Random, g1: State, g2: State):
    """A pair of opponent actions, one per game, that the viewer cannot tell apart; preferring
    a pair in which different pieces moved or fired."""
    for _ in range(30):
        a1 = random_action(rng, g1, resign_chance=0.003)
        wanted = signature(g1, a1)
        matches = [a2 for a2 in g2.legal_actions() if signature(g2, a2) == wanted]
        if isinstance(a1, Resign):
            matches = [a1]
        if matches:
            differing = [a2 for a2 in matches if a2 != a1]
            return a1, rng.choice(differing or matches)
    return None


def twin_games(rng: random.Random, options: Options, viewer: Player, same_setup: bool):
    """Yield (g1, g2) after each step of two games that differ only in what ``viewer``'s
    opponent hides."""
    g1, g2 = State(options, NAMES), State(options, NAMES)
    hidden = viewer.opponent
    for player in (Player.A, Player.B):
        s1 = random_setup(rng, player, options)
        s2 = s1 if player == viewer or same_setup else random_setup(rng, player, options)
        g1.place(s1)
        g2.place(s2)
        yield g1, g2
    for _ in range(120):
        if g1.is_over:
            break
        if g1.to_play == hidden:
            pair = pick_hidden_actions(rng, g1, g2)
            if pair is None:
                break
            g1.apply(pair[0])
            g2.apply(pair[1])
        else:
            action = pick_viewer_action(rng, g1, g2)
            if action is None:
                break
            g1.apply(action)
            g2.apply(action)
        yield g1, g2


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("loadout", list(Loadout))
def test_games_differing_only_in_hidden_state_give_equal_seats(variant, loadout):
    rng = random.Random(f"{variant}-{loadout}")
    differing_positions = differing_moves = steps = 0
    for game_number in range(4):
        viewer = Player.A if game_number % 2 else Player.B
        hidden = viewer.opponent
        options = Options(variant, rng.choice([None, 12]), loadout)
        previous = None
        for g1, g2 in twin_games(rng, options, viewer, same_setup=game_number == 2):
            s1, s2 = g1.seat(viewer), g2.seat(viewer)
            assert s1 == s2
            assert hash(s1) == hash(s2)
            assert s1 != previous  # every step tells the viewer something (the turn, a shot)
            previous = s1
            steps += 1
            if hidden in g1.setups and hidden in g2.setups:
                differing_positions += any(g1.position(hidden, n) != g2.position(hidden, n)
                                           for n in (1, 2, 3))
            if g1.history and g1.history[-1].player == hidden:
                differing_moves += g1.history[-1].action != g2.history[-1].action
    # The twins really did differ in hidden state, and the games were not cut short.
    assert steps > 40
    assert differing_positions > steps // 4
    assert differing_moves > 5


def test_seat_holds_nothing_of_the_opponent_and_no_game():
    rng = random.Random(7)
    game = State(Options(Variant.CRATERS, None, Loadout.SECRET), NAMES)
    game.place(random_setup(rng, "A", game.options))
    game.place(random_setup(rng, "B", game.options))
    for _ in range(30):
        game.apply(random_action(rng, game))
        if game.is_over:
            break
    seat = game.seat("A")
    assert isinstance(seat, Seat)
    enemy_positions = {game.position("B", n) for n in (1, 2, 3)}

    def walk(value, seen):
        if id(value) in seen:
            return
        seen.add(id(value))
        assert not isinstance(value, State)
        if isinstance(value, Position):
            assert value not in enemy_positions or value in {p.position for p in seat.pieces}
        if isinstance(value, (tuple, list, frozenset, set)):
            for item in value:
                walk(item, seen)
        elif hasattr(value, "__dataclass_fields__"):
            for name in value.__dataclass_fields__:
                walk(getattr(value, name), seen)

    walk(seat, set())
    assert {p.number for p in seat.pieces} == {1, 2, 3}
    assert all(seen.action is None and seen.moved_from is None
               for seen in seat.log if seen.player == "B")


# --- 2. the seat agrees with the game ---------------------------------------------------------


# The words each refusal code's message uses: the code and the words must tell the same story.
WORDS = {
    RefusalCode.NOT_YOUR_TURN: ("turn, not", "cannot place pieces now"),
    RefusalCode.GAME_OVER: ("the game is over",),
    RefusalCode.NOT_PLACED: ("has not placed",),
    RefusalCode.NO_SUCH_PIECE: ("there is no piece",),
    RefusalCode.PIECE_DESTROYED: ("is destroyed and cannot",),
    RefusalCode.MALFORMED: ("is not a", "exactly three"),
    RefusalCode.NO_CHANGE: ("must change the square or the facing",),
    RefusalCode.TOO_FAR: ("more than three steps", "at most three steps"),
    RefusalCode.OFF_BOARD: ("leaves the board",),
    RefusalCode.OBSTACLE: ("obstacle row",),
    RefusalCode.OFF_HALF: ("half",),
    RefusalCode.TAKEN: ("is taken by",),
    RefusalCode.CRATER: ("is a crater",),
    RefusalCode.BLOCKED: ("every way there is blocked",),
    RefusalCode.BACK_STEP_ALONE: ("a step back is a whole move",),
    RefusalCode.NOT_ALONG_FACING: ("is not along the piece's facing",),
    RefusalCode.OUT_OF_RANGE: ("out of range",),
    RefusalCode.OWN_HALF_TARGET: ("own half",),
    RefusalCode.SHOT_TWICE: ("has been shot at already",),
    RefusalCode.MUST_SHOOT: ("must shoot this turn",),
    RefusalCode.MUST_SACRIFICE: ("must sacrifice a piece",),
    RefusalCode.NO_SACRIFICE: ("a sacrifice is allowed only",),
    RefusalCode.SAME_SQUARE: ("are both on",),
    RefusalCode.WRONG_TYPE: ("this game uses only",),
}
SEEN_CODES: set[RefusalCode] = set()


def note(refusal) -> None:
    if refusal is not None:
        assert any(words in refusal.message for words in WORDS[refusal.code]), refusal
        SEEN_CODES.add(refusal.code)


def junk_actions(rng: random.Random, seat: Seat) -> list:
    def position():
        return Position.at(rng.randrange(864))

    def square():
        return Square.at(rng.randrange(108))

    out = []
    # Near misses: onto another own piece or wreck, one square along the facing or behind it,
    # a shot at each distance along the facing.
    for piece in seat.pieces:
        other = rng.choice([p for p in seat.pieces if p is not piece])
        out.append(Turn(Move(piece.number, Position(other.position.square, piece.position.facing))))
        for distance in (-2, -1, 1, 2, 4):
            dc, dr = piece.position.facing.step
            target = piece.position.square.offset(dc * distance, dr * distance)
            if target is not None:
                out.append(Turn(Move(piece.number, Position(target, piece.position.facing))))
        # A legal move of another piece, then a shot by this one at every distance along its
        # facing: in range or not, into either half or the obstacle row, at a crater or not.
        moves = seat.legal_moves(other.number) if piece.alive and not seat.must_sacrifice else ()
        if moves:
            move = Move(other.number, rng.choice(moves))
            dc, dr = piece.position.facing.step
            for distance in range(1, 9):
                target = piece.position.square.offset(dc * distance, dr * distance)
                if target is not None:
                    out.append(Turn(move, Shot(piece.number, target)))
    for _ in range(12):
        piece = rng.choice([1, 2, 3, 1, 2, 3, 0, 4, True])
        shot = rng.choice([None, Shot(rng.choice([1, 2, 3, 5]), square())])
        out.append(Turn(Move(piece, position()), shot))
    out += [Sacrifice(rng.choice([1, 2, 3, 0])), Resign(), Turn("C3/N", None), "fire!",
            Turn(Move(1, "C3/N")), Turn(Move(1, position()), Shot(1, "C3")), Sacrifice("2")]
    return out


def check_seat_agrees(game: State, rng: random.Random) -> None:
    player = game.to_play
    if player is None or game.phase != "play":
        seat = game.seat("A")
        with pytest.raises(IllegalActionError) as from_game:
            game.legal_moves(1)
        with pytest.raises(IllegalActionError) as from_seat:
            seat.legal_moves(1)
        assert from_seat.value.refusal == from_game.value.refusal
        assert seat.refusal(Resign()) == game.refusal(Resign())
        note(from_seat.value.refusal)
        return
    seat = game.seat(player)
    other = game.seat(player.opponent)
    assert seat.acting and not other.acting
    assert seat.must_shoot == game.must_shoot() and seat.may_skip() != game.must_shoot()
    assert seat.may_skip() == game.may_skip()
    assert seat.must_sacrifice == game.must_sacrifice()
    for piece in (1, 2, 3):
        moves = seat.legal_moves(piece)
        assert moves == tuple(game.legal_moves(piece))
        assert seat.legal_shots(piece) == tuple(game.legal_shots(piece))
        for to in rng.sample(moves, min(3, len(moves))):
            move = Move(piece, to)
            for shooter in (1, 2, 3):
                assert seat.legal_shots(shooter, move) == tuple(game.legal_shots(shooter, move))
    turns = seat.legal_turns()
    expected = game.legal_turns()
    assert len(turns) == len(expected)
    if rng.random() < 0.2:
        assert list(turns) == list(expected)
    for i in rng.sample(range(len(turns)), min(5, len(turns))):
        assert turns[i] == expected[i]
        assert seat.refusal(turns[i]) is None
    assert list(seat.legal_actions())[:20] == list(game.legal_actions())[:20]
    for action in junk_actions(rng, seat):
        refusal = seat.refusal(action)
        assert refusal == game.refusal(action), action
        note(refusal)
        assert game.why_illegal(action) == (refusal.message if refusal else None)
        assert other.refusal(action).code is RefusalCode.NOT_YOUR_TURN
        note(other.refusal(action))
        if isinstance(action, Turn) and isinstance(action.move, Move):
            assert seat.move_refusal(action.move) == game.move_refusal(action.move)
    for _ in range(4):
        piece = rng.choice([1, 2, 3, 4])
        steps = [rng.choice(list(Step)) for _ in range(rng.randint(0, 4))]
        if rng.random() < 0.1:
            steps.append("sideways")
        try:
            expected_path = tuple(game.step_path(piece, steps))
        except IllegalActionError as e:
            with pytest.raises(IllegalActionError) as from_seat:
                seat.step_path(piece, steps)
            assert from_seat.value.refusal == e.refusal
            note(e.refusal)
        else:
            assert seat.step_path(piece, steps) == expected_path
            assert seat.next_steps(piece, steps) == game.next_steps(piece, steps)


def test_seat_answers_agree_with_the_game_on_random_games():
    rng = random.Random(2026)
    SEEN_CODES.clear()
    for number in range(14):
        options = random_options(rng)
        game = State(options, NAMES)
        # Placement: the seat of the player to place refuses exactly what the game refuses.
        for player in (Player.A, Player.B):
            check_seat_agrees(game, rng)
            seat = game.seat(player)
            for _ in range(8):
                setup = random_setup(rng, player, options)
                if rng.random() < 0.5:  # break it: any square, any type, or two on one square
                    positions = [Position.at(rng.randrange(864)) for _ in range(3)]
                    if rng.random() < 0.3:
                        positions[2] = positions[0]
                    setup = Setup(player, tuple(positions), tuple(rng.choice(list(PieceType))
                                                                  for _ in range(3)))
                assert seat.setup_refusal(setup) == game.setup_refusal(setup)
                note(seat.setup_refusal(setup))
                square = Square.at(rng.randrange(108))
                refusal = seat.square_refusal(square)
                assert (refusal.message if refusal else None) == game.square_error(player, square)
            game.place(random_setup(rng, player, options))
        for _ in range(80 if number % 2 else 25):
            check_seat_agrees(game, rng)
            if game.is_over:
                break
            game.apply(random_action(rng, game))
        check_seat_agrees(game, rng)
    # Every kind of refusal came up, each with words that match its code.
    assert set(RefusalCode) == SEEN_CODES, set(RefusalCode) - SEEN_CODES


def test_refusals_carry_a_code_and_the_plain_message():
    game = State(Options(), NAMES)
    game.place(Setup("A", (Position.parse("C3/N"), Position.parse("E1/NE"), Position.parse("I2/NW"))))
    game.place(Setup("B", (Position.parse("K9/S"), Position.parse("I9/S"), Position.parse("A8/SE"))))
    seat = game.seat("A")
    cases = [
        (Turn(Move(1, Position.parse("C3/N"))), RefusalCode.NO_CHANGE),
        (Turn(Move(1, Position.parse("C5/N"))), RefusalCode.OBSTACLE),
        (Turn(Move(1, Position.parse("C4/N")), Shot(1, Square.parse("C6"))), RefusalCode.OUT_OF_RANGE),
        (Turn(Move(1, Position.parse("C4/N")), Shot(1, Square.parse("D9"))), RefusalCode.NOT_ALONG_FACING),
        (Turn(Move(4, Position.parse("C4/N"))), RefusalCode.NO_SUCH_PIECE),
        (Sacrifice(1), RefusalCode.NO_SACRIFICE),
    ]
    for action, code in cases:
        refusal = seat.refusal(action)
        assert refusal.code is code, (action, refusal)
        with pytest.raises(IllegalActionError) as e:
            game.apply(action)
        assert e.value.refusal == refusal and str(e.value) == refusal.message
    with pytest.raises(IllegalActionError) as e:
        seat.step_path(1, ["forward", "back"])
    assert e.value.refusal.code is RefusalCode.BACK_STEP_ALONE
    assert game.seat("B").refusal(Resign()).code is RefusalCode.NOT_YOUR_TURN
    assert seat.half == frozenset(s for s in Square.all() if s.row <= 4)
    assert seat.enemy_half == frozenset(s for s in Square.all() if s.row >= 6)
    assert [str(p.position) for p in game.seat("B").pieces] == ["K9/S", "I9/S", "A8/SE"]


def test_the_seat_and_the_rules_do_not_import_the_game():
    """The computer player imports the geometry and the rule checks without the game."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "mortar" / "games" / "mortar_hunt"
    for name in ("actions", "legality", "moves", "notation", "rules", "seat"):
        tree = ast.parse((root / f"{name}.py").read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names}
        assert not any(m and m.split(".")[-1] in {"game", "view", "record", "ui"} for m in imported), name
