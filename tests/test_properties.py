"""Random legal games in every variant and loadout: invariants after every action (OpenSpiel
style), random illegal actions rejected without a trace, and an independent step-by-step
reference for moves and shots."""

import random
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from games import random_action, random_options, random_setup
from mortar.games.mortar_hunt import (
    Facing,
    IllegalActionError,
    Move,
    Position,
    Record,
    Resign,
    Sacrifice,
    Shot,
    Square,
    State,
    Turn,
    Variant,
    load,
    player_view,
    save,
)
from mortar.games.mortar_hunt.rules import MAX_SKIPS, half_rows, opponent


def reference_ends(game: State, player: str, piece: int) -> set[Position]:
    """RULINGS R5 spelled out: try every sequence of up to three steps (forward, left, right)
    and the single backward step; every square entered must be free and in the own half."""
    start = game.position(player, piece)
    craters = set(game.craters())
    others = {game.position(player, n).square for n in (1, 2, 3) if n != piece}

    def free(square):
        return (square is not None and square.row in half_rows(player)
                and square not in others and square not in craters)

    ends = set()

    def walk(position, steps):
        if steps == 0:
            return
        dc, dr = position.facing.step
        ahead = position.square.offset(dc, dr)
        options = [Position(position.square, position.facing.turned(1)),
                   Position(position.square, position.facing.turned(-1))]
        if free(ahead):
            options.append(Position(ahead, position.facing))
        for nxt in options:
            ends.add(nxt)
            walk(nxt, steps - 1)

    walk(start, 3)
    dc, dr = start.facing.step
    behind = start.square.offset(-dc, -dr)
    if free(behind):
        ends.add(Position(behind, start.facing))
    ends.discard(start)
    return ends


def reference_targets(game: State, player: str, position: Position, kind) -> set[Square]:
    dc, dr = position.facing.step
    out = set()
    fired = set(game.fired_at(player)) if game.options.variant is Variant.CRATERS else set()
    for d in range(kind.shortest, kind.longest + 1):
        target = position.square.offset(dc * d, dr * d)
        if target is not None and target.row in half_rows(opponent(player)) and target not in fired:
            out.add(target)
    return out


def check_invariants(game: State) -> None:
    craters = set(game.craters())
    for player in "AB":
        squares = [game.position(player, n).square for n in (1, 2, 3)]
        assert len(squares) == 3 and len(set(squares)) == 3
        for n, square in enumerate(squares, 1):
            assert square.row in half_rows(player) and square.row != 5
            if game.is_alive(player, n):
                assert square not in craters
        assert 0 <= game.skips(player) <= MAX_SKIPS
        assert game.score(player) == 3 - game.live_count(opponent(player))
    if game.is_over:
        assert game.to_play is None
    else:
        assert game.live_count("A") > 0 and game.live_count("B") > 0


def check_views_keep_secrets(game: State, rng: random.Random) -> None:
    """Change everything the opponent hides; each player's view and seat must not change."""
    for viewer in "AB":
        hidden = opponent(viewer)
        before = player_view(game, viewer)
        other = game.copy()
        side = other._sides[hidden]
        taken = {p >> 3 for p, alive in zip(side.positions, side.alive) if not alive}
        free = [s for s in Square.all() if s.row in half_rows(hidden)
                and s.index not in taken and s not in other.craters()]
        for i in range(3):
            if side.alive[i]:
                square = rng.choice(free)
                free.remove(square)
                side.positions[i] = Position(square, rng.choice(list(Facing))).index
                if game.options.fixed_type() is None:
                    side.types[i] = rng.choice(list(type(side.types[i])))
        history = []
        for played in other.history:
            action = played.action
            if played.player == hidden and isinstance(action, Turn):
                piece = rng.randint(1, 3)
                move = Move(piece, Position.at(rng.randrange(864)))
                shot = None if action.shot is None else Shot(rng.randint(1, 3), action.shot.at)
                played = replace(played, action=Turn(move, shot), moved_from=None)
            history.append(played)
        other.history = history
        assert player_view(other, viewer) == before
        assert other.seat(viewer) == game.seat(viewer)
        assert hash(other.seat(viewer)) == hash(game.seat(viewer))


def check_engine_against_reference(game: State) -> None:
    player = game.to_play
    if player is None or game.phase != "play":
        return
    obliged = game.must_shoot()
    for piece in (1, 2, 3):
        if not game.is_alive(player, piece):
            assert game.legal_moves(piece) == []
            continue
        ref = reference_ends(game, player, piece)
        if obliged:
            kind = game.piece_type(player, piece)
            others = any(reference_targets(game, player, game.position(player, n),
                                           game.piece_type(player, n))
                         for n in (1, 2, 3) if n != piece and game.is_alive(player, n))
            ref = {e for e in ref if others or reference_targets(game, player, e, kind)}
        if game.must_sacrifice():
            assert game.legal_moves(piece) == []
            assert not ref
        else:
            assert set(game.legal_moves(piece)) == ref
        here = game.position(player, piece)
        assert set(game.legal_shots(piece)) == reference_targets(
            game, player, here, game.piece_type(player, piece))


def random_junk_action(rng: random.Random):
    kind = rng.random()
    if kind < 0.1:
        return Sacrifice(rng.randint(0, 4))
    move = Move(rng.randint(0, 4), Position.at(rng.randrange(864)))
    shot = None if rng.random() < 0.3 else Shot(rng.randint(0, 4), Square.at(rng.randrange(108)))
    return Turn(move, shot)


def state_of(game: State):
    return (save(game), game.skips("A"), game.skips("B"), game.winner, game.to_play)


@given(st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant(rng):
    options = random_options(rng)
    game = State(options, {"A": "Ann", "B": "Bob"})
    game.place(random_setup(rng, "A", options))
    game.place(random_setup(rng, "B", options))
    check_invariants(game)
    for count in range(160):
        if game.is_over:
            break
        if count % 7 == 0:
            check_engine_against_reference(game)
            check_views_keep_secrets(game, rng)
        # a random illegal action is rejected and changes nothing
        junk = random_junk_action(rng)
        before = state_of(game)
        reason = game.why_illegal(junk)
        if reason is None:
            assert junk in game.legal_actions()
        else:
            try:
                game.apply(junk)
                raise AssertionError(f"accepted {junk}")
            except IllegalActionError as e:
                assert str(e) == reason
            assert state_of(game) == before
        game.apply(random_action(rng, game))
        check_invariants(game)
        if count % 10 == 0 or game.is_over:
            text = save(game)
            again = load(text)
            assert again.history == game.history and save(again) == text
            assert Record.from_game(again).save() == text
    check_views_keep_secrets(game, rng)


@given(st.randoms(use_true_random=False))
def test_every_listed_action_is_accepted(rng):
    options = random_options(rng)
    game = State(options)
    game.place(random_setup(rng, "A", options))
    game.place(random_setup(rng, "B", options))
    for _ in range(40):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, "a player to act always has an action"
        for action in rng.sample(actions, min(5, len(actions))):
            assert game.why_illegal(action) is None
            game.copy().apply(action)
        game.apply(random_action(rng, game, 0))


def test_resign_is_always_available():
    rng = random.Random(5)
    options = random_options(rng)
    game = State(options)
    game.place(random_setup(rng, "A", options))
    game.place(random_setup(rng, "B", options))
    assert game.why_illegal(Resign()) is None


GARBAGE = [None, 3, "C3", (), (1,), Turn(None, None), Turn(Move("1", Position.parse("C3/N")), None),
           Turn(Move(1, "C3/N"), None), Turn(Move(1, Position.parse("C3/E")), Shot(1, "C7")),
           Turn(Move(1, Position.parse("C3/E")), (1, 2)), Sacrifice("x"), Sacrifice(True),
           Turn(Move(True, Position.parse("C3/E")), None), Move(1, Position.parse("C3/E")),
           Turn(Move(10**100, Position.parse("C3/E")), None), object()]


def test_any_input_to_apply_is_refused_in_plain_words_never_a_crash():
    from games import new_game
    game = new_game(["C3/N", "E1/NE", "I2/NW"], ["K9/S", "I9/S", "A8/SE"])
    before = state_of(game)
    for junk in GARBAGE:
        reason = game.why_illegal(junk)
        assert isinstance(reason, str) and reason, junk
        try:
            game.apply(junk)
            raise AssertionError(f"accepted {junk!r}")
        except IllegalActionError:
            pass
        assert state_of(game) == before
