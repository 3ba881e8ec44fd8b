"""Mortar Hunt by links (issue 31): each device holds only its own pieces and gives the table the
seat the whole game would; no secret travels early; every lie is caught, each with its verdict."""

from __future__ import annotations

import json
import random

import pytest
from links_play import Match, drive, force, play, start, table_state

from mortar.games import by_format, load
from mortar.games.mortar_hunt import (
    Facing,
    Loadout,
    Move,
    Options,
    PieceType,
    Position,
    Resign,
    Setup,
    Shot,
    Square,
    Turn,
    Variant,
)
from mortar.games.mortar_hunt.links import HuntKnowledge, HuntLie, pack_turns, unpack_turns
from mortar.games.mortar_hunt.rules import half_rows
from mortar.kit.commitment import to_text
from mortar.kit.link import LinkCode, LinkError, read
from mortar.kit.referee import check_text
from mortar.kit.remote import Applied, LieCode, Refused, RemoteGame, Status, Verified

GAME = load("mortar-hunt")


def pos(text: str) -> Position:
    return Position.parse(text)


def turn(piece: int, to: str, shot: tuple[int, str] | None = None) -> Turn:
    return Turn(Move(piece, pos(to)), None if shot is None else Shot(shot[0], Square.parse(shot[1])))


def setup(player: str, *positions: str, types: tuple[PieceType, ...] = (PieceType.HM,) * 3) -> Setup:
    return Setup(player, tuple(map(pos, positions)), types)


@pytest.mark.parametrize("seed", range(3))
def test_each_device_is_the_table_whenever_its_player_is_to_act(seed):
    rng = random.Random(seed)
    options = Options(rng.choice(list(Variant)), 12, rng.choice(list(Loadout)))
    acting = []

    def each(match: Match, device: RemoteGame) -> None:
        assert device.seat() == table_state(GAME, match).seat(device.side)
        acting.append(device.side)

    match = play(start(GAME, options, rng), rng, each=each)
    table = table_state(GAME, match)
    for device in match.devices:
        verification = device.verify()
        assert verification.status is Verified.VERIFIED and verification.lie is None
        assert verification.record.save() == GAME.record(table).save()  # the same game at one table
        assert device.seat() == table.seat(device.side)  # at the end, everything revealed
        assert device.outcome == table.outcome
    assert set(acting) == {"A", "B"} and len(acting) >= 20
    verdict = check_text(match.inviter.record(), by_format)
    assert verdict.status == "ok" and verdict.line.startswith("ok: verified: "), verdict.line


def test_a_turn_carries_what_r12_makes_public_and_a_commitment():
    rng = random.Random(1)
    match = play(start(GAME, Options(turn_limit=6), rng, side="A"), rng)
    kinds = set()
    for link in match.links[:-2]:  # before the openings
        for step in read(link).steps:
            assert set(step) in ({"placed"}, {"shot", "commit"}, {"sacrifice", "commit"}, {"answer"}), step
            kinds.add(frozenset(step))
            if "shot" in step:
                assert step["shot"] is None or Square.parse(step["shot"]).row in half_rows("AB"[
                    "AB".index(read(link).sender) ^ 1])
    assert frozenset({"placed"}) in kinds and frozenset({"answer"}) in kinds
    final = [step for link in match.links[-2:] for step in read(link).steps if "openings" in step]
    assert len(final) == 2  # each device opens its secrets once, at the end


def test_the_turns_opened_pack_two_bytes_each():
    turns = [turn(1, "C3/N", (2, "C8")), turn(3, "L4/NW"), Resign()]
    said = [{"shot": "C8"}, {"shot": None}, {"resign": True}]
    text = pack_turns(turns)
    assert len(text) == 8 and unpack_turns(text, said) == turns
    with pytest.raises(ValueError):
        unpack_turns(text, said[:2])


def _twins(seed: int, types: tuple[PieceType, ...]) -> list[tuple[str, object]]:
    """A game whose A shoots only five squares away (as far as a heavy mortar and as near as a
    light howitzer reach), so that A's loadout, all heavy or all light, changes no public fact."""
    rng = random.Random(seed)
    options = Options(Variant.CLASSIC, 10, Loadout.SECRET)
    game = GAME.new(options)
    b_rng = random.Random(seed + 100)
    game.place(setup("A", "C2/N", "F3/NE", "J1/NW", types=types))
    actions: list[tuple[str, object]] = [("A", game.setups["A"])]
    b_setup = game.seat("B").random_action(b_rng)
    game.place(b_setup)
    actions.append(("B", b_setup))
    while game.to_play is not None:
        seat = game.seat(game.to_play)
        if game.to_play == "A":
            fives = [t for t in seat.legal_turns() if t.shot is None or _distance(seat, t) == 5]
            if not fives:
                break
            action = rng.choice(fives)
        else:
            action = seat.random_action(b_rng)
        game.apply(action)
        actions.append((str(seat.player), action))
    return actions


def _distance(seat, t: Turn) -> int:
    frm = t.move.to if t.move.piece == t.shot.piece else seat.piece(t.shot.piece).position
    return max(abs(t.shot.at.column - frm.square.column), abs(t.shot.at.row - frm.square.row))


@pytest.mark.parametrize("seed", range(2))
def test_no_secret_travels_early(seed):
    heavy, light = _twins(seed, (PieceType.HM,) * 3), _twins(seed, (PieceType.LH,) * 3)
    assert [a for _, a in heavy][2:] == [a for _, a in light][2:]  # the same turns, the loadout apart
    options = Options(Variant.CLASSIC, 10, Loadout.SECRET)
    twins = [drive(GAME, options, actions, ("A", "B")) for actions in (heavy, light)]
    first, second = (m.links for m in twins)
    assert len(first) == len(second) > 10
    differ = 0
    for one, other in zip(first, second):
        a, b = read(one), read(other)
        if any("openings" in step for step in a.steps):
            break  # the end: the secrets are opened
        assert _public(a.steps) == _public(b.steps)
        differ += a.steps != b.steps
    assert differ > 5  # their commitments differ


def _public(steps):
    return [{k: v for k, v in step.items() if k not in ("commit", "placed")} for step in steps]


# --- lies ---------------------------------------------------------------------------------------


class LyingDevice(HuntKnowledge):
    """A device that turns one answer (``flip``: the answer it changes) or one commitment into a
    lie, then plays on as if it had not."""

    flip: str | None = None
    corrupt: int | None = None  # the own turn whose commitment it replaces
    change: object = None  # a change to its openings
    lied: bool = False

    def take_outbox(self):
        out = super().take_outbox()
        for step in out:
            if not self.lied and self.flip and step.get("answer") == self.flip and not self.over \
                    and self.alive.count(True) >= 2:
                step["answer"] = "miss" if self.flip == "hit" else "hit"
                self.lied = True
            if (not self.lied and self.corrupt is not None and "commit" in step
                    and len(self.turns) == self.corrupt):
                step["commit"] = to_text(bytes(32))
                self.lied = True
            if "openings" in step and self.change is not None:
                step["openings"] = self.change(dict(step["openings"]))
                self.lied = True
        return out


def lying(device: RemoteGame, **plan) -> None:
    device.knowledge.__class__ = LyingDevice
    device.knowledge.__dict__.update(plan)


def resigns_after_the_lie(liar_side: str):
    def choose(device: RemoteGame, rng: random.Random):
        if device.side == liar_side and device.knowledge.lied:
            return Resign()
        return device.seat().random_action(rng)
    return choose


def caught(match: Match, liar: str):
    honest = match.device("B" if liar == "A" else "A")
    verification = honest.verify()
    assert verification.status is Verified.LIE, verification
    lie = verification.lie
    assert lie.player == liar and verification.winner == honest.side  # a lie loses
    assert honest.status is Status.LIE
    verdict = check_text(honest.record(), by_format)  # the referee points at it, on any machine
    assert verdict.status == "illegal" and verdict.exit_code == 1 and verdict.turn == lie.turn
    assert verdict.player == liar and verdict.reason == lie.message
    return lie


def _game_with_a_liar(seed: int, liar: str, options: Options, **plan) -> Match:
    rng = random.Random(seed)
    match = start(GAME, options, rng, side="A")
    lying(match.device(liar), **plan)
    return play(match, rng, choose=resigns_after_the_lie(liar))


@pytest.mark.parametrize("seed", range(2))
def test_a_false_miss_is_caught(seed):
    match = _game_with_a_liar(seed, "B", Options(Variant.CLASSIC, None, Loadout.ALL_LH), flip="hit")
    lie = caught(match, "B")
    assert lie.code is HuntLie.FALSE_MISS
    square = lie.data["square"]
    assert lie.message == f"B's device said {square} was a miss at turn {lie.turn}, but a piece stood there"


def test_a_false_hit_is_caught():
    match = _game_with_a_liar(3, "A", Options(Variant.CLASSIC, None, Loadout.ALL_LH), flip="miss")
    lie = caught(match, "A")
    assert lie.code is HuntLie.FALSE_HIT
    assert "was a hit" in lie.message and "no piece stood there" in lie.message


def test_a_commitment_that_its_opening_does_not_match_is_caught():
    match = _game_with_a_liar(4, "B", Options(Variant.CLASSIC, 20, Loadout.ALL_HM), corrupt=3)
    lie = caught(match, "B")
    assert lie.code is LieCode.OPENING_MISMATCH and lie.turn == 3


@pytest.mark.parametrize("what", ["square", "loadout"])
def test_a_changed_setup_or_loadout_is_caught(what):
    def change(openings):
        if what == "square":
            first = pos(openings["setup"][0])
            turned = Position(first.square, Facing((first.facing + 4) % 8))  # facing the other way
            openings["setup"] = [str(turned), *openings["setup"][1:]]
        else:
            openings["pieces"] = ["LH" if openings["pieces"][0] == "HM" else "HM", *openings["pieces"][1:]]
        return openings

    rng = random.Random(5)
    match = start(GAME, Options(Variant.CLASSIC, 4, Loadout.SECRET), rng, side="A")
    lying(match.device("A"), change=change)
    play(match, rng)
    lie = caught(match, "A")
    assert lie.code is HuntLie.CHANGED_SETUP and lie.turn == 0


def _liar_plays(seed: int, make) -> Match:
    """A's device plays one turn ``make(seat)`` past the rules' checks at turn 3, then resigns."""
    rng = random.Random(seed)
    match = start(GAME, Options(Variant.CLASSIC, None, Loadout.ALL_HM), rng, side="A")
    lied = []

    def choose(device: RemoteGame, rng: random.Random):
        if device.side == "A" and lied:
            return Resign()
        if device.side == "A" and device.seat().turn == 3:
            lied.append(make(device.seat()))
            return lied[-1]
        return device.seat().random_action(rng)

    def act(device: RemoteGame, action) -> str:
        return force(device, action) if lied and action is lied[-1] else device.play(action)

    return play(match, rng, choose=choose, act=act)


def test_an_illegal_hidden_move_is_caught():
    def far(seat):
        piece = seat.piece(1)
        row = 1 if piece.position.square.row > 2 else 4
        column = 11 if piece.position.square.column < 6 else 0
        to = Position(Square(column, row), piece.position.facing)
        assert seat.refusal(Turn(Move(1, to), None)) is not None and seat.skips < 2
        return Turn(Move(1, to), None)

    match = _liar_plays(6, far)
    lie = caught(match, "A")
    assert lie.code is HuntLie.ILLEGAL_HIDDEN_MOVE and lie.turn == 3 and "illegal move" in lie.message


def test_a_shot_from_a_piece_that_could_not_reach_is_caught():
    def wild(seat):
        move = seat.legal_turns()[0].move
        for square in sorted(seat.enemy_half, key=lambda s: s.index):
            action = Turn(move, Shot(1, square))
            if seat.refusal(action) is not None:
                return action
        raise AssertionError("every square in reach")

    match = _liar_plays(7, wild)
    lie = caught(match, "A")
    assert lie.code is HuntLie.OUT_OF_REACH and lie.turn == 3 and "could not reach it" in lie.message


def _walled_in() -> list[tuple[str, object]]:
    """tests/test_rules.py's walled-in game: after it, A must sacrifice its last piece (R9)."""
    turns = [
        ("A", turn(2, "F2/N", (2, "F6"))), ("B", turn(3, "K7/S", (1, "A2"))),
        ("A", turn(2, "F2/NE", (3, "A6"))), ("B", turn(3, "K7/SW", (2, "B2"))),
        ("A", turn(2, "F2/N")), ("B", turn(2, "B6/S", (2, "B1"))),
        ("A", turn(2, "F2/NE")), ("B", turn(1, "A8/S", (3, "F2"))),
        ("A", turn(1, "A1/SW", (3, "A7"))), ("B", turn(2, "B6/SW", (1, "A3"))),
        ("A", turn(1, "A1/W")), ("B", turn(3, "K7/W")),
        ("A", turn(1, "A1/NW")), ("B", turn(3, "K7/NW")),
    ]
    return [("A", setup("A", "A1/S", "F1/N", "A3/N")), ("B", setup("B", "A7/S", "B7/S", "K7/SW")), *turns]


def test_a_skipped_forced_sacrifice_is_caught():
    options = Options(Variant.CRATERS)
    match = drive(GAME, options, _walled_in(), ("A", "B"))
    a, b = match.devices
    assert a.seat().must_sacrifice
    lie = turn(1, "A1/N", (1, "C8"))  # a target no one shot at yet: nothing public is wrong with it
    assert a.seat().refusal(lie).code.name == "MUST_SACRIFICE"
    assert isinstance(b.receive(force(a, lie)), Applied)
    rng = random.Random(8)
    assert isinstance(a.receive(b.play(b.seat().random_action(rng))), Applied)
    reply = b.receive(a.play(Resign()))
    assert isinstance(reply, Applied) and isinstance(a.receive(reply.reply), Applied)
    lie = caught(match, "A")
    assert lie.code is HuntLie.SKIPPED_SACRIFICE and lie.turn == 8 and "had to be sacrificed" in lie.message


def test_what_is_public_is_refused_at_once():
    match = drive(GAME, Options(Variant.CRATERS), _walled_in(), ("A", "B"))
    a, b = match.devices
    # A must sacrifice: a skip is refused by B's device at once (R8 is public from the skips)
    before = b.save()
    result = b.receive(force(a._copy(), turn(1, "A1/N")))
    assert isinstance(result, Refused) and result.code is LinkCode.ILLEGAL
    assert result.refusal.code.name == "MUST_SHOOT"
    assert result.lie.player == "A" and b.save() == before
    # a shot into A's own half, a crater shot again: refused at once
    for target, code in (("C2", "OWN_HALF_TARGET"), ("A6", "SHOT_TWICE")):
        result = b.receive(force(a._copy(), turn(1, "A1/N", (1, target))))
        assert isinstance(result, Refused) and result.refusal.code.name == code
    # the honest sacrifice goes through, and ends the game: A's last piece
    assert isinstance(b.receive(a.play(a.seat().legal_actions()[0])), Applied)
    assert a.outcome.winner == "B" and b.outcome.winner == "B"


def test_a_hit_on_the_last_piece_ends_the_game_on_the_defenders_device_at_once():
    actions = [("A", setup("A", "C3/N", "D3/N", "E3/N")), ("B", setup("B", "C8/S", "D8/S", "E8/S")),
               ("A", turn(2, "D3/NE", (1, "C8"))), ("B", turn(2, "D8/SW")),
               ("A", turn(2, "D3/N", (3, "E8"))), ("B", turn(2, "D8/S"))]
    match = drive(GAME, Options(), actions, ("A", "B"))
    a, b = match.devices
    link = a.play(turn(1, "C3/NE", (2, "D8")))
    assert b.receive(link).reply is not None
    assert b.outcome.winner == "A" and b.status is Status.NOT_VERIFIED  # over at once on B's device
    last = read(b.last_message())
    assert [set(s) for s in last.steps] == [{"answer"}, {"openings"}] and last.steps[0]["answer"] == "hit"
    assert a.status is Status.WAITING and a.outcome is None  # A learns it from B's link
    verdict = check_text(b.record(), by_format)
    assert verdict.status == "ok" and "not verified yet" in verdict.line
    reply = a.receive(b.last_message())
    assert a.outcome.winner == "A" and a.status is Status.VERIFYING
    # B never gets A's openings: B asks for them again by sending its last link again
    again = a.receive(b.last_message())
    assert isinstance(again, Refused) and again.code is LinkCode.ALREADY_APPLIED
    assert again.resend == reply.reply
    assert isinstance(b.receive(again.resend), Applied) and b.status is Status.VERIFYING
    assert a.verify().status is b.verify().status is Verified.VERIFIED
    assert a.seat().enemy_live == 0 and b.outcome == a.outcome


def test_a_save_with_a_shot_on_its_way_loads_the_same_game():
    rng = random.Random(9)
    match = start(GAME, Options(turn_limit=8), rng, side="B")
    for _ in range(4):
        play_one(match, rng)
    for device in match.devices:
        text = device.save()
        again = RemoteGame.load(GAME, text)
        assert again.save() == text and again.seat() == device.seat() and again.status is device.status
    with pytest.raises(LinkError) as refused:  # a device's pieces never travel: no new phone takes them
        RemoteGame.take_seat(GAME, match.inviter.whole_game(), "A")
    assert refused.value.code is LinkCode.OWN_SECRETS


def play_one(match: Match, rng: random.Random) -> None:
    mover = next(d for d in match.devices if d.status is Status.YOUR_TURN)
    link = mover.play(mover.seat().random_action(rng))
    other = match.other(mover)
    result = other.receive(link)
    while isinstance(result, Applied) and result.reply:
        result = mover.receive(result.reply)
        mover, other = other, mover


def test_the_record_of_a_game_by_links_reviews_as_any_other():
    rng = random.Random(10)
    match = play(start(GAME, Options(turn_limit=5), rng), rng)
    device = match.joiner
    device.verify()
    data = json.loads(device.record())
    assert data["record"] == json.loads(device.game_record().save())
    assert check_text(json.dumps(data["record"]), by_format).status == "ok"


@pytest.mark.cpython_only
def test_python_m_mortar_check_points_at_a_lie(tmp_path):
    import subprocess
    import sys

    match = _game_with_a_liar(0, "B", Options(Variant.CLASSIC, None, Loadout.ALL_LH), flip="hit")
    honest = match.device("A")
    honest.verify()
    path = tmp_path / "game.json"
    path.write_text(honest.record(), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mortar", "check", str(path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 1, done
    assert done.stdout.startswith("illegal: turn ") and "B's device said" in done.stdout
    assert "a piece stood there" in done.stdout
