"""Maršál a Špión by links (issue 31): each device holds only its own army and gives the table the
seat the whole game would; an attack opens exactly what R13 shows; no secret travels early; every
lie is caught, each with its verdict; the remote no-hope ruling."""

from __future__ import annotations

import json
import random

import pytest
from links_play import Match, drive, force, play, rewrite, start, table_state

from mortar.games import by_format, load
from mortar.games.marsal_a_spion.actions import Attack, Move, Setup, random_setup
from mortar.games.marsal_a_spion.board import FORBIDDEN, PLAYERS, SQUARES, Player, Square
from mortar.games.marsal_a_spion.links import NO_HOPE_RULING, MarsalKnowledge, MarsalLie
from mortar.games.marsal_a_spion.pieces import Clash, Piece
from mortar.games.marsal_a_spion.record import loads as load_record
from mortar.games.marsal_a_spion.rules import Options, Termination
from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.link import LinkCode, read
from mortar.kit.referee import check_text
from mortar.kit.remote import Applied, LieCode, Refused, RemoteGame, Status, Verified, links_of

GAME = load("marsal-a-spion")


def short_game(actions: int, resigner: str | None = None):
    """Random play that resigns after ``actions`` actions (random games run to thousands)."""

    def choose(device: RemoteGame, rng: random.Random):
        seat = device.seat()
        if seat.turns >= actions and (resigner is None or device.side == resigner):
            return Resign()
        return seat.random_action(rng)

    return choose


@pytest.mark.parametrize("seed", range(2))
def test_each_device_is_the_table_whenever_its_player_is_to_act(seed):
    rng = random.Random(seed)
    acting = []

    def each(match: Match, device: RemoteGame) -> None:
        assert device.seat() == table_state(GAME, match).seat(device.side)
        acting.append(device.side)

    choose = short_game(120)
    match = play(start(GAME, Options(), rng, choose=choose), rng, choose=choose, each=each)
    table = table_state(GAME, match)
    assert table.options.no_hope_draw is False
    for device in match.devices:
        verification = device.verify()
        assert verification.status is Verified.VERIFIED
        assert verification.record.save() == GAME.record(table).save()  # the same game at one table
        assert device.seat() == table.seat(device.side)  # at the end, both armies shown
    assert len(acting) >= 100
    verdict = check_text(match.inviter.record(), by_format)
    assert verdict.status == "ok" and verdict.line.startswith("ok: verified: "), verdict.line


def test_games_by_links_have_no_automatic_no_hope_draw_and_say_so():
    links = links_of(GAME)
    assert links.rulings == (NO_HOPE_RULING,) and "R12.3" in NO_HOPE_RULING.words
    remote = links.remote_options(Options(inactivity_limit=50))
    assert remote == Options(inactivity_limit=50, no_hope_draw=False)
    remote = RemoteGame.start(GAME, Options(), "Jana", "Blue")
    assert remote.options.no_hope_draw is False
    assert read(remote.last_message()).invitation.options["no_hope_draw"] is False
    state = GAME.new(remote.options)
    record = GAME.record(state)
    assert '"no_hope_draw": false' in record.save() and load_record(record.save()).options == remote.options
    assert '"no_hope_draw"' not in GAME.record(GAME.new()).save()  # the table's records as before


def _exchange(match: Match, sender: RemoteGame, link: str) -> list[str]:
    """``link`` delivered, and every reply after it: the links that went."""
    links = [link]
    target = match.other(sender)
    while True:
        result = target.receive(links[-1])
        assert isinstance(result, Applied), result
        if result.reply is None:
            return links
        links.append(result.reply)
        target = match.other(target)


def _attack_exchange(match: Match, rng: random.Random, known: bool):
    """Play on until an attack: the links it takes, its attacker and defender devices."""
    for _ in range(2000):
        mover = next(d for d in match.devices if d.status is Status.YOUR_TURN)
        seat = mover.seat()
        plays = [p for p in seat.legal_plays() if isinstance(p, Attack)
                 and (seat.enemy_at(p.end).known is not None) == known]
        if plays:
            attack = rng.choice(plays)
            return _exchange(match, mover, mover.play(attack)), mover, match.other(mover), attack
        _exchange(match, mover, mover.play(seat.random_action(rng)))
    raise AssertionError("no attack")


def test_an_attack_opens_the_defender_to_the_attacker_and_only_the_outcome_to_the_defender():
    rng = random.Random(3)
    match = start(GAME, Options(), rng)
    for _ in range(6):
        links, attacker, defender, attack = _attack_exchange(match, rng, known=False)
        over = defender.knowledge.over  # (then each device's openings follow)
        assert len(links) == (4 if over else 3)  # the attack, the defender's reveal, the attacker's outcome
        reveal, outcome = read(links[1]).steps, read(links[2]).steps
        assert list(reveal[0]) == ["reveal"] and reveal[0]["reveal"]["piece"] in {p.id for p in Piece}
        clash = Clash(outcome[0]["outcome"])
        entry = defender.seat().log[-1]
        assert entry.clash is clash and attacker.seat().log[-1].learned is not None
        handle = entry.handle
        if clash in (Clash.DEFENDER_WINS, Clash.BOTH_REMOVED):  # the removed attacker is shown
            assert "attacker" in outcome[0] and entry.learned is not None
        else:  # the winning attacker stays hidden (R13)
            assert "attacker" not in outcome[0] and entry.learned is None
            assert handle.index not in defender.knowledge.piece
            assert all(p.known is None for p in defender.seat().enemy if p.handle == handle)
        if over:
            break


def test_an_attack_on_a_defender_seen_before_takes_one_link():
    rng = random.Random(4)
    match = start(GAME, Options(), rng)
    links, attacker, defender, attack = _attack_exchange(match, rng, known=True)
    steps = read(links[0]).steps
    assert len(links) == 1 and "attack" in steps[0] and "outcome" in steps[1]


def test_a_draw_is_offered_with_a_move_and_accepted_by_links():
    rng = random.Random(12)
    match = start(GAME, Options(), rng, side="Red")
    for _ in range(6):
        mover = next(d for d in match.devices if d.status is Status.YOUR_TURN)
        _exchange(match, mover, mover.play(mover.seat().random_action(rng)))
    mover = next(d for d in match.devices if d.status is Status.YOUR_TURN)
    move = next(p for p in mover.seat().legal_plays() if isinstance(p, Move))
    other = match.other(mover)
    _exchange(match, mover, mover.play(OfferDraw(move)))
    assert other.seat().may_accept_draw() and AcceptDraw() in other.seat().legal_actions()
    _exchange(match, other, other.play(AcceptDraw()))
    for device in match.devices:
        assert device.verify().status is Verified.VERIFIED
        assert device.outcome.winner is None and device.outcome.reason.value == "agreed"


def test_a_save_loads_the_same_game_with_an_attack_on_its_way():
    rng = random.Random(13)
    match = start(GAME, Options(), rng)
    links, attacker, defender, _ = _attack_exchange(match, rng, known=False)
    mover = next(d for d in match.devices if d.status is Status.YOUR_TURN)
    link = mover.play(next(p for p in mover.seat().legal_plays() if isinstance(p, Attack)))  # on its way
    for device in match.devices:
        text = device.save()
        again = RemoteGame.load(GAME, text)
        assert again.save() == text and again.seat() == device.seat() and again.status is device.status
    reply = match.other(mover).receive(link)
    assert isinstance(reply, Applied) and reply.reply is not None


# --- no secret travels early -------------------------------------------------------------------


def _random_game(rng: random.Random, red: Setup, blue: Setup, actions: int) -> list[tuple[str, object]]:
    state = GAME.new(Options(no_hope_draw=False))
    out: list[tuple[str, object]] = []
    for player, setup in zip(PLAYERS, (red, blue)):
        state.apply(setup)
        out.append((player.value, setup))
    while state.to_play is not None and len(out) < actions:
        player = state.to_play
        action = state.seat(player).random_action(rng)
        state.apply(action)
        out.append((player.value, action))
    return out


def _untouched(actions, player: Player) -> list[Square]:
    touched = {sq for _, a in actions if isinstance(a, Move | Attack) for sq in (a.start, a.end)}
    setup = actions[0 if player is Player.RED else 1][1]
    return [sq for sq, _ in setup.pieces if sq not in touched]


@pytest.mark.parametrize("seed", range(2))
def test_no_secret_travels_early(seed):
    rng = random.Random(seed)
    red, blue = random_setup(Player.RED, rng), random_setup(Player.BLUE, rng)
    actions = _random_game(random.Random(seed), red, blue, 300)
    placement = red.placement()
    calm = _untouched(actions, Player.RED)
    one, two = next((a, b) for a in calm for b in calm if placement[a] is not placement[b])
    placement[one], placement[two] = placement[two], placement[one]
    twin = [("Red", Setup.of(placement)), *actions[1:]]
    state = GAME.new(Options(no_hope_draw=False))
    for _, action in twin:  # the twin's army plays the same game
        state.apply(action)
    options = Options(no_hope_draw=False)
    matches = [drive(GAME, options, game, ("Red", "Blue")) for game in (actions, twin)]
    compared = 0
    for first, second in zip(matches[0].links, matches[1].links):
        a, b = read(first), read(second)
        if any("openings" in step for step in a.steps + b.steps):
            break
        assert _public(a.steps) == _public(b.steps)
        compared += 1
    assert compared > 100
    assert read(matches[0].links[0]).steps != read(matches[1].links[0]).steps  # the commitments differ


def _public(steps):
    def strip(value):
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("placed", "salt", "path")}
        return value
    return [strip(step) for step in steps]


# --- lies ---------------------------------------------------------------------------------------


class LyingDevice(MarsalKnowledge):
    """A device that resolves one lost attack as won, or changes its openings."""

    wins: bool = False
    change: object = None
    lied: bool = False

    def resolve(self, attacker: Piece, defender: Piece) -> Clash:
        clash = super().resolve(attacker, defender)
        if self.wins and not self.lied and clash in (Clash.DEFENDER_WINS, Clash.BOTH_REMOVED):
            self.lied = True
            return Clash.ATTACKER_WINS
        return clash

    def take_outbox(self):
        out = super().take_outbox()
        for step in out:
            if "openings" in step and self.change is not None:
                step["openings"] = self.change(dict(step["openings"]))
                self.lied = True
        return out


def lying(device: RemoteGame, **plan) -> None:
    device.knowledge.__class__ = LyingDevice
    device.knowledge.__dict__.update(plan)


def caught(match: Match, liar: str):
    honest = match.device("Blue" if liar == "Red" else "Red")
    verification = honest.verify()
    assert verification.status is Verified.LIE, verification
    lie = verification.lie
    assert lie.player == liar and verification.winner == honest.side  # a lie loses
    verdict = check_text(honest.record(), by_format)
    assert verdict.status == "illegal" and verdict.exit_code == 1 and verdict.turn == lie.turn
    assert verdict.reason == lie.message
    return lie


def resigns_after_the_lie(liar: str, actions: int = 400):
    def choose(device: RemoteGame, rng: random.Random):
        if device.side == liar and getattr(device.knowledge, "lied", False) or device.seat().turns > actions:
            return Resign()
        return device.seat().random_action(rng)
    return choose


def test_a_wrong_attack_outcome_is_caught():
    for seed in range(20, 30):  # (a random game may end before Blue loses an attack)
        rng = random.Random(seed)
        match = start(GAME, Options(), rng, side="Red")
        lying(match.device("Blue"), wins=True)
        play(match, rng, choose=resigns_after_the_lie("Blue"))
        if match.device("Blue").knowledge.lied:
            break
    assert match.device("Blue").knowledge.lied
    lie = caught(match, "Blue")
    assert lie.code is MarsalLie.WRONG_OUTCOME
    assert "R9 gives" in lie.message and lie.data["said"] == "attacker wins"


def test_an_outcome_the_defender_can_judge_is_refused_at_once():
    rng = random.Random(6)
    match = start(GAME, Options(), rng)
    for _ in range(20):
        links, attacker, defender, attack = _attack_exchange(match, rng, known=False)
        clash = Clash(read(links[2]).steps[0]["outcome"])
        if clash in (Clash.DEFENDER_WINS, Clash.BOTH_REMOVED):
            break
    else:
        raise AssertionError("no attacker removed")
    # the same outcome link again, saying the attacker won, though it opens a beaten attacker
    stale = defender._copy()
    stale.__dict__.update(_before(defender, links))
    lie = rewrite(links[2], lambda steps: [{**steps[0], "outcome": "attacker wins"}])
    result = stale.receive(lie)
    assert isinstance(result, Refused) and result.code is LinkCode.LIE
    assert result.lie.code is MarsalLie.WRONG_OUTCOME and result.lie.player == attacker.side


def _before(device: RemoteGame, links):
    """The device as it was before the last link of ``links`` (its save, loaded again)."""
    text = device.save()
    data = json.loads(text)
    data["links"] = data["links"][:-1]
    data["summary"]["links"] -= 1
    return RemoteGame.load(GAME, json.dumps(data)).__dict__


def test_a_reveal_other_than_committed_is_caught_at_once():
    rng = random.Random(7)
    match = start(GAME, Options(), rng)
    for _ in range(400):
        mover = next(d for d in match.devices if d.status is Status.YOUR_TURN)
        seat = mover.seat()
        attacks = [p for p in seat.legal_plays() if isinstance(p, Attack)]
        if attacks:
            break
        _exchange(match, mover, mover.play(seat.random_action(rng)))
    defender = match.other(mover)
    result = defender.receive(mover.play(attacks[0]))
    truth = result.reply
    other_piece = next(p.id for p in Piece if p.id != read(truth).steps[0]["reveal"]["piece"])
    lie = rewrite(truth, lambda steps: [{"reveal": {**steps[0]["reveal"], "piece": other_piece}}])
    before = mover.save()
    refused = mover.receive(lie)
    assert isinstance(refused, Refused) and refused.code is LinkCode.LIE and mover.save() == before
    assert refused.lie.code is LieCode.OPENING_MISMATCH and refused.lie.player == defender.side
    assert "other than the one it committed to" in refused.message
    assert isinstance(mover.receive(truth), Applied)


def test_a_changed_army_is_caught():
    def swap(openings):
        setup = dict(openings["setup"])
        squares = list(setup)
        a = squares[0]
        b = next(sq for sq in squares if setup[sq] != setup[a])
        setup[a], setup[b] = setup[b], setup[a]
        return {**openings, "setup": setup}

    rng = random.Random(8)
    match = start(GAME, Options(), rng, side="Red")
    lying(match.device("Red"), change=swap)
    play(match, rng, choose=short_game(30, "Red"))
    lie = caught(match, "Red")
    assert lie.code is MarsalLie.CHANGED_SETUP and lie.turn == 0


def test_an_army_the_rules_refuse_is_caught():
    rng = random.Random(9)
    inviter = RemoteGame.start(GAME, Options(), "Jana", "Red")
    setup = random_setup(Player.RED, rng).placement()
    spy = next(sq for sq, p in setup.items() if p is Piece.SPY)
    setup[spy] = Piece.MARSHAL  # two Marshals
    link = force(inviter, Setup.of(setup))
    joiner = RemoteGame.join(GAME, link, "Petr")
    match = Match(inviter, joiner, [link])
    play(match, rng, choose=short_game(10, "Red"))
    lie = caught(match, "Red")
    assert lie.code is MarsalLie.ILLEGAL_SETUP and "2 Marshals" in lie.message


def _hidden_run(seat):
    """A step two squares along a line by a piece that is no Scout: legal for a Scout, so no one
    sees anything wrong with it until the army is shown."""
    taken = {p.square for p in seat.own} | {p.square for p in seat.enemy}
    for piece in seat.own:
        if piece.piece is Piece.SCOUT:
            continue
        for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            line = [piece.square.column + dx * k for k in (1, 2)], [piece.square.row + dy * k for k in (1, 2)]
            squares = []
            for column, row in zip(*line):
                if not (0 <= column < 10 and 1 <= row <= 11):
                    break
                squares.append(Square(column, row))
            if len(squares) == 2 and not any(sq in taken or sq in FORBIDDEN for sq in squares):
                return Move(piece.square, squares[1])
    return None


def test_an_illegal_hidden_move_is_caught():
    rng = random.Random(10)
    match = start(GAME, Options(), rng, side="Red")
    liar = match.device("Red")
    lied = []

    def choose(device: RemoteGame, rng: random.Random):
        if device is liar and lied:
            return Resign()
        if device is liar and device.seat().turns >= 6:
            run = _hidden_run(device.seat())
            if run is not None:
                lied.append(run)
                return run
        return device.seat().random_action(rng)

    def act(device, action):
        return force(device, action) if lied and action is lied[-1] else device.play(action)

    play(match, rng, choose=choose, act=act)
    assert lied
    lie = caught(match, "Red")
    assert lie.code is MarsalLie.ILLEGAL_HIDDEN_MOVE and "only a Scout" in lie.message


def test_the_square_of_each_piece_is_committed_alone():
    rng = random.Random(11)
    remote = RemoteGame.start(GAME, Options(), "Jana", "Red")
    link = remote.play(random_setup(Player.RED, rng))
    steps = read(link).steps
    assert [set(s) for s in steps] == [{"placed"}] and len(steps[0]["placed"]) == 43
    assert len(link) < 300
    squares = {str(sq) for sq in SQUARES}
    assert not any(word in squares for word in json.dumps(read(link).to_json()).split('"'))  # no square named


def test_a_pat_claimed_with_a_legal_action_left_is_caught():
    rng = random.Random(15)
    match = start(GAME, Options(), rng, side="Red")
    for _ in range(8):
        mover = next(d for d in match.devices if d.status is Status.YOUR_TURN)
        _exchange(match, mover, mover.play(mover.seat().random_action(rng)))
    liar = next(d for d in match.devices if d.status is Status.YOUR_TURN)
    assert liar.seat().legal_plays()  # it has actions, and says it has none
    knowledge = liar.knowledge
    knowledge.outbox.append({"end": "pat"})
    knowledge._end(None, Termination.PAT)
    _exchange(match, liar, liar._flush())
    assert match.other(liar).outcome.reason is Termination.PAT  # believed at once: only the liar could tell
    lie = caught(match, liar.side)
    assert lie.code is LieCode.FALSE_END and "no legal action" in lie.message
