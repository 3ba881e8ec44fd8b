"""Play by links (issue 30): the message and its chain, a device's side of a game, every refusal,
saves, the whole game again, the record and the referee; the open games and Hopper and
Sneaker's secret arrangement through links equal the same games at one table."""

from __future__ import annotations

import hashlib
import json
import random
import zlib

import pytest
from links_play import Match, play, rechain, rewrite, start, table_state

from mortar.games import by_format, load
from mortar.games.hopper_and_sneaker import Player, Setup
from mortar.kit import commitment
from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.link import (
    DICTIONARY,
    MAX_LINK_CHARS,
    LinkCode,
    LinkError,
    Message,
    WholeGame,
    encode,
    read,
)
from mortar.kit.protocol import IllegalActionError
from mortar.kit.referee import check_text
from mortar.kit.remote import Applied, LieCode, LoadError, Refused, RemoteGame, Status, Verified

OPEN = ("enlightenment", "four-circles", "hopper-and-sneaker")


def short_game(turns: int, offer: float = 0.05):
    """A random chooser that offers a draw now and then, accepts one at times, and resigns
    after ``turns`` actions (random open games run to thousands of turns)."""

    def choose(device: RemoteGame, rng: random.Random):
        seat = device.seat()
        if getattr(seat, "offer", False) and rng.random() < 0.3:
            return AcceptDraw()
        if len(device.chain) > turns and not seat.position.setting_up:
            return Resign()
        action = seat.random_action(rng)
        if rng.random() < offer and not seat.position.setting_up and type(action).__name__ != "Pass":
            return OfferDraw(action)
        return action

    return choose


# --- the message -------------------------------------------------------------------------------


def test_the_dictionary_of_version_1_never_changes():
    # Links of version 1 already sent inflate with it: a change breaks every one of them.
    assert hashlib.sha256(DICTIONARY).hexdigest()[:16] == "b1b1621ab4fa8519"


def test_a_message_goes_through_its_link_unchanged():
    game = load("enlightenment")
    remote = RemoteGame.start(game, game.default_options(), "Ann", "White")
    link = remote.last_message()
    message = read(link)
    assert isinstance(message, Message) and message.number == 0 and message.invitation is not None
    assert encode(message) == link
    assert read("https://example.org/box/?game=enlightenment#" + link) == message
    whole = read(remote.whole_game())
    assert isinstance(whole, WholeGame) and whole.messages == (message,)
    assert len(message.game_id) == 22 and len(commitment.from_text(message.game_id, 16)) == 16


@pytest.mark.parametrize("text, code", [
    ("", LinkCode.MALFORMED),
    ("#nothing", LinkCode.MALFORMED),
    ("L2.AAAA", LinkCode.NEWER_VERSION),
    ("L1.!!!!", LinkCode.MALFORMED),
    ("L1.AAAA", LinkCode.MALFORMED),
    ("L1AAAA", LinkCode.MALFORMED),
    ("L1." + "A" * (MAX_LINK_CHARS + 1), LinkCode.TOO_LARGE),
    (12, LinkCode.MALFORMED),
])
def test_a_link_that_is_none_is_refused(text, code):
    with pytest.raises(LinkError) as caught:
        read(text)
    assert caught.value.code is code


def _link_of(data) -> str:
    import base64

    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, zdict=DICTIONARY)
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    packed = packer.compress(raw) + packer.flush()
    return "L1." + base64.urlsafe_b64encode(packed).rstrip(b"=").decode()


def test_a_link_that_inflates_beyond_any_message_is_refused_without_inflating_it():
    bomb = _link_of(b" " * 5_000_000)  # 5 MB of spaces deflate to a few kilobytes
    assert len(bomb) < 10_000
    with pytest.raises(LinkError) as caught:
        read(bomb)
    assert caught.value.code is LinkCode.TOO_LARGE


@pytest.mark.parametrize("data", [
    [], {"v": 1}, {"v": 2, "g": "x"}, {"v": 1, "g": "Bad Name", "i": "A" * 22},
    {"v": 1, "g": "enlightenment", "i": "A" * 22, "n": 0, "b": "Red", "h": "", "p": "", "s": []},
    {"v": 1, "g": "enlightenment", "i": "A" * 22, "n": 3, "b": "Red", "h": "x", "p": "", "s": []},
    {"v": 1, "g": "enlightenment", "i": "A" * 22, "n": 2, "b": "Red", "h": "A" * 43, "p": "A" * 16,
     "s": [{"move": 1.5}]},
    {"v": 1, "g": "enlightenment", "i": "A" * 22, "n": 2, "b": "Red", "h": "A" * 43, "p": "A" * 16,
     "s": [{"move": 10**20}]},
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
])
def test_a_link_whose_message_is_malformed_is_refused(data):
    with pytest.raises(LinkError) as caught:
        read(_link_of(data))
    assert caught.value.code in (LinkCode.MALFORMED, LinkCode.NEWER_VERSION)


def test_a_commitment_opens_only_to_its_facts():
    secret = commitment.new_secret()
    salt = commitment.salt(secret, "g/Red/setup")
    assert len(salt) == 16 and salt != commitment.salt(secret, "g/White/setup")
    committed = commitment.digest("g/Red/setup", salt, b"a1=S")
    assert commitment.opens(committed, "g/Red/setup", salt, b"a1=S")
    assert not commitment.opens(committed, "g/Red/setup", salt, b"a1=H")
    assert not commitment.opens(committed, "g/White/setup", salt, b"a1=S")
    assert not commitment.opens(committed, "g/Red/setup", bytes(16), b"a1=S")


@pytest.mark.parametrize("count", [1, 2, 3, 5, 40])
def test_a_merkle_tree_opens_each_leaf_alone(count):
    leaves = [commitment.leaf("c", bytes([i]) * 16, str(i).encode()) for i in range(count)]
    tree = commitment.MerkleTree(leaves)
    for i in range(count):
        assert commitment.root_of(leaves[i], i, count, tree.path(i)) == tree.root
        other = commitment.leaf("c", bytes([i]) * 16, b"else")
        assert commitment.root_of(other, i, count, tree.path(i)) != tree.root
    assert commitment.root_of(leaves[0], 0, count, (*tree.path(0), leaves[0])) is None


# --- a game by links ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", OPEN)
@pytest.mark.parametrize("seed", range(2))
def test_a_random_game_by_links_is_the_game_at_one_table(name, seed):
    game = load(name)
    rng = random.Random(f"{name}{seed}")
    options = game.default_options()
    if name == "hopper-and-sneaker" and seed:
        options = type(options)(secret_setup=True, first=rng.choice(game.players))
    match = play(start(game, options, rng, choose=short_game(40)), rng, choose=short_game(40))
    for device in match.devices:
        assert device.verify().status is Verified.VERIFIED
    inviter, joiner = match.devices
    table = table_state(game, match)
    assert inviter.game_record().save() == joiner.game_record().save() == game.record(table).save()
    assert inviter.chain == joiner.chain
    for device in match.devices:  # every device's seat is the table's at the end
        assert device.seat() == table.seat(device.side)


@pytest.mark.parametrize("name", OPEN)
def test_each_device_is_the_table_whenever_its_player_is_to_act(name):
    game = load(name)
    rng = random.Random(name)
    options = game.default_options()
    if name == "hopper-and-sneaker":
        options = type(options)(secret_setup=True, first="White")
    seen = []

    def each(match: Match, device: RemoteGame) -> None:
        assert device.seat() == table_state(game, match).seat(device.side)
        seen.append(len(device.chain))

    play(start(game, options, rng, choose=short_game(30)), rng, choose=short_game(30), each=each)
    assert len(seen) > 10


def test_a_secret_arrangement_travels_as_a_commitment_until_the_first_move():
    game = load("hopper-and-sneaker")
    options = type(game.default_options())(secret_setup=True, first="Red")
    rng = random.Random(3)
    match = start(game, options, rng, side="Red")
    first, second = match.inviter, match.joiner
    invitation = read(match.links[0])
    assert list(invitation.steps[0]) == ["commit"]  # Red's arrangement: only its commitment
    # White, who has seen only the commitment, sees no Red piece, and arranges in the open.
    seat = second.seat()
    full = game.new(options, second.names)
    full.apply(first.knowledge.state.setups[0].action)
    assert seat == full.seat("White")
    arrangement = seat.random_action(rng)
    link = second.play(arrangement)
    assert second.status is Status.WAITING and read(link).steps[0] == game.action_json(arrangement)
    assert isinstance(first.receive(link), Applied)
    move = first.seat().random_action(rng)
    link = first.play(move)
    steps = read(link).steps
    assert list(steps[0]) == ["open"] and steps[1] == game.action_json(move)
    assert isinstance(second.receive(link), Applied)
    full.apply(arrangement)
    full.apply(move)
    assert second.seat() == full.seat("White") and first.seat() == full.seat("Red")


def test_no_secret_arrangement_travels_early():
    game = load("hopper-and-sneaker")
    options = type(game.default_options())(secret_setup=True, first="Red")
    sent = []
    for faces in ("SSSHHH", "HHHSSS"):  # twins: Red's arrangements differ, all else alike
        red = RemoteGame.start(game, options, "Ann", "Red")
        invitation = red.play(Setup.home(Player.RED, faces))
        white = RemoteGame.join(game, invitation, "Bob")
        arrangement = white.play(Setup.home(Player.WHITE, "SHSHSH"))
        sent.append([read(invitation), read(arrangement)])
    (a0, a1), (b0, b1) = sent
    assert a0.steps != b0.steps and [set(s) for s in a0.steps] == [set(s) for s in b0.steps] == [{"commit"}]
    assert a1.steps == b1.steps  # White's arrangement, in the open, alike


def test_an_arrangement_opened_other_than_committed_is_caught():
    game = load("hopper-and-sneaker")
    options = type(game.default_options())(secret_setup=True, first="Red")
    rng = random.Random(4)
    match = start(game, options, rng, side="Red")
    first, second = match.inviter, match.joiner
    first.receive(second.play(second.seat().random_action(rng)))
    link = first.play(first.seat().random_action(rng))
    own = read(link).steps[0]["open"]["setup"]
    other = dict(zip(own, reversed(own.values())))
    if other == own:
        other = {square: "H" if face == "S" else "S" for square, face in own.items()}
    lie = rewrite(link, lambda steps: [{"open": {**steps[0]["open"], "setup": other}}, *steps[1:]])
    before = second.save()
    result = second.receive(lie)
    assert isinstance(result, Refused) and result.code is LinkCode.LIE
    assert result.lie.code is LieCode.OPENING_MISMATCH and result.lie.player == "Red"
    assert "other than the one it committed to" in result.message
    assert second.save() == before
    assert isinstance(second.receive(link), Applied)


# --- every refusal -----------------------------------------------------------------------------


@pytest.fixture
def under_way():
    game = load("enlightenment")
    rng = random.Random(5)
    match = start(game, game.default_options(), rng, side="Red")
    links = list(match.links)
    red, white = match.inviter, match.joiner
    join = white.last_message()
    if join is not None:
        red.receive(join)
        links.append(join)
    for _ in range(6):
        mover, other = (red, white) if red.status is Status.YOUR_TURN else (white, red)
        link = mover.play(mover.seat().random_action(rng))
        assert isinstance(other.receive(link), Applied)
        links.append(link)
    return game, red, white, links, rng


def _refused(device: RemoteGame, link: str, code: LinkCode) -> Refused:
    before = device.save()
    result = device.receive(link)
    assert isinstance(result, Refused) and result.code is code, result
    assert device.save() == before  # nothing changed
    return result


def test_a_link_opened_again_is_harmless(under_way):
    _, red, white, links, _ = under_way
    for link in links:
        _refused(red, link, LinkCode.ALREADY_APPLIED)
        _refused(white, link, LinkCode.ALREADY_APPLIED)


def test_a_link_from_the_future_asks_for_the_missing_one(under_way):
    _, red, white, _, rng = under_way
    mover, other = (red, white) if red.status is Status.YOUR_TURN else (white, red)
    first = mover.play(mover.seat().random_action(rng))
    stale = other._copy()  # a tab that missed ``first``
    assert isinstance(other.receive(first), Applied)
    second = other.play(other.seat().random_action(rng))
    mover.receive(second)
    third = mover.play(mover.seat().random_action(rng))
    result = _refused(stale, third, LinkCode.MISSING)
    assert result.expected == len(stale.chain) and result.number == len(stale.chain) + 2
    caught_up = stale.receive(mover.whole_game())
    assert isinstance(caught_up, Applied) and stale.chain == mover.chain


def test_an_edited_or_forged_link_does_not_fit_the_chain(under_way):
    _, red, white, links, rng = under_way
    mover, other = (red, white) if red.status is Status.YOUR_TURN else (white, red)
    # an earlier link, edited: another move in its place
    message = read(links[-1])
    edited = encode(Message(message.game, message.game_id, message.number, message.sender, message.previous,
                            message.pair, ({"move": "a1-a2"},)))
    _refused(red, edited, LinkCode.CHAIN_MISMATCH)
    # the next link with a chain hash that is not the game's
    link = read(mover.play(mover.seat().random_action(rng)))
    forged = encode(Message(link.game, link.game_id, link.number, link.sender, "A" * 43, link.pair,
                            link.steps))
    _refused(other, forged, LinkCode.CHAIN_MISMATCH)
    # a link made as if by the device that opens it
    mine = encode(Message(link.game, link.game_id, link.number, other.side, link.previous, link.pair,
                          link.steps))
    _refused(other, mine, LinkCode.CHAIN_MISMATCH)


def test_an_illegal_turn_is_refused_with_the_verdict_on_the_device_that_sent_it(under_way):
    game, red, white, _, rng = under_way
    mover, other = (red, white) if red.status is Status.YOUR_TURN else (white, red)
    link = mover.play(mover.seat().random_action(rng))
    illegal = rewrite(link, lambda steps: [{"move": "a1-e5"}])
    result = _refused(other, illegal, LinkCode.ILLEGAL)
    assert result.refusal is not None and result.refusal == game.new().refusal(
        game.parse_action({"move": "a1-e5"}, other.knowledge.state.seat(mover.side))) or result.refusal.code
    assert result.lie.code is LieCode.ILLEGAL_ACTION and result.lie.player == mover.side
    assert f"{mover.side}'s device sent an illegal turn" in result.message
    out_of_turn = rewrite(link, lambda steps: steps * 2)
    _refused(other, out_of_turn, LinkCode.ILLEGAL)
    _refused(other, rewrite(link, lambda steps: [{"move": "a1-h8"}]), LinkCode.MALFORMED)
    assert isinstance(other.receive(link), Applied)


def test_another_games_link_is_refused(under_way):
    game, red, white, _, rng = under_way
    elsewhere = start(game, game.default_options(), rng, side="Red")
    _refused(red, elsewhere.links[0], LinkCode.OTHER_GAME)
    circles = load("four-circles")
    other_game = RemoteGame.start(circles, circles.default_options(), "Eve", "Red")
    link = other_game.last_message() or other_game.play(other_game.seat().random_action(rng))
    result = _refused(white, link, LinkCode.OTHER_GAME)
    assert result.game == "four-circles"
    with pytest.raises(LinkError) as caught:
        RemoteGame.join(circles, elsewhere.links[0], "Eve")
    assert caught.value.code is LinkCode.OTHER_GAME


def test_a_link_of_the_game_someone_else_joined_is_refused():
    game = load("four-circles")
    rng = random.Random(6)
    inviter = RemoteGame.start(game, game.default_options(), "Ann", "White")
    invitation = inviter.last_message()
    bob = RemoteGame.join(game, invitation, "Bob")
    eve = RemoteGame.join(game, invitation, "Eve")
    assert bob.status is eve.status is Status.YOUR_TURN  # Red, the joiner, moves first: then the join goes
    assert isinstance(inviter.receive(bob.play(bob.seat().random_action(rng))), Applied)
    _refused(inviter, eve.play(eve.seat().random_action(rng)), LinkCode.NOT_IN_GAME)
    link = inviter.play(inviter.seat().random_action(rng))
    _refused(eve, link, LinkCode.NOT_IN_GAME)


def test_joining_needs_an_invitation_and_a_name_of_ones_own(under_way):
    game, red, white, links, _ = under_way
    with pytest.raises(LinkError) as caught:
        RemoteGame.join(game, links[-1], "Eve")
    assert caught.value.code is LinkCode.NOT_AN_INVITATION
    with pytest.raises(LinkError) as caught:
        RemoteGame.join(game, links[0], " ann ")
    assert caught.value.code is LinkCode.BAD_NAME


def test_a_new_phone_takes_its_seat_from_the_whole_game(under_way):
    game, red, white, _, rng = under_way
    phone = RemoteGame.take_seat(game, white.whole_game(), white.side)
    assert phone.chain == white.chain and phone.seat() == white.seat() and phone.names == white.names
    mover, other = (red, phone) if red.status is Status.YOUR_TURN else (phone, red)
    assert isinstance(other.receive(mover.play(mover.seat().random_action(rng))), Applied)
    assert RemoteGame.load(game, phone.save()).save() == phone.save()


def test_a_secret_arrangement_is_not_taken_from_the_whole_game():
    game = load("hopper-and-sneaker")
    options = type(game.default_options())(secret_setup=True, first="Red")
    match = start(game, options, random.Random(9), side="Red")
    with pytest.raises(LinkError) as caught:
        RemoteGame.take_seat(game, match.joiner.whole_game(), "Red")
    assert caught.value.code is LinkCode.OWN_SECRETS


def test_a_device_plays_only_when_its_player_is_to_act(under_way):
    _, red, white, _, rng = under_way
    waiting = red if red.status is Status.WAITING else white
    before = waiting.save()
    with pytest.raises(IllegalActionError):
        waiting.play(Resign())
    assert waiting.save() == before


# --- saves, the record -------------------------------------------------------------------------


def test_a_save_loads_into_the_same_game_at_any_point(under_way):
    game, red, white, _, rng = under_way
    for device in (red, white):
        text = device.save()
        again = RemoteGame.load(game, text)
        assert again.save() == text and again.seat() == device.seat() and again.status == device.status
        assert RemoteGame.summary(text).links == len(device.chain)
    mover = red if red.status is Status.YOUR_TURN else white
    again = RemoteGame.load(game, mover.save())
    action = mover.seat().random_action(rng)
    assert again.play(action) == mover.play(action)  # the same link again after a reload
    with pytest.raises(LoadError):
        RemoteGame.load(game, red.save().replace('"s":[', '"s":[{"move":"a1-a2"},', 1))
    with pytest.raises(LoadError):
        RemoteGame.load(game, "{}")


def test_the_record_of_a_game_by_links_is_checked_by_the_referee(tmp_path):
    game = load("hopper-and-sneaker")
    rng = random.Random(7)
    options = type(game.default_options())(secret_setup=True)
    match = play(start(game, options, rng, choose=short_game(20)), rng, choose=short_game(20))
    device = match.inviter
    device.verify()
    text = device.record()
    verdict = check_text(text, by_format)
    assert verdict.status == "ok" and verdict.line.startswith("ok: verified: "), verdict.line
    data = json.loads(text)
    assert data["record"] == json.loads(device.game_record().save())
    # a link edited in the record
    edited = json.loads(text)
    edited["links"][3]["s"] = [{"move": "a1-a2"}]
    verdict = check_text(json.dumps(edited), by_format)
    assert verdict.status == "illegal" and "forged or edited" in verdict.line
    # a game record that is not the links' game
    other = json.loads(text)
    other["record"]["actions"] = other["record"]["actions"][:-1]
    assert check_text(json.dumps(other), by_format).status == "illegal"
    # the links alone, without the game's record, verify the same
    del data["record"]
    assert check_text(json.dumps(data), by_format).status == "ok"
    assert check_text('{"format": "by-links/1", "links": []}', by_format).status == "error"


@pytest.mark.parametrize("name", OPEN)
def test_a_lie_in_a_record_by_links_is_illegal_with_its_turn_and_reason(name):
    game = load(name)
    rng = random.Random(name)
    match = play(start(game, game.default_options(), rng, choose=short_game(12)), rng, choose=short_game(12))
    chain = match.inviter.chain
    index = len(chain) - 3
    lied = rechain(chain, index, lambda steps: [{"resign": True}, {"resign": True}])
    data = {"format": "by-links/1", "links": [m.to_json() for m in lied]}
    verdict = check_text(json.dumps(data), by_format)
    assert verdict.status == "illegal" and verdict.exit_code == 1, verdict.line
    assert verdict.player == lied[index].sender and "sent an illegal turn" in verdict.reason
    assert verdict.line.startswith(f"illegal: turn {verdict.turn} {verdict.player}: ")


def test_the_referee_answers_any_record_by_links_without_a_traceback():
    game = load("four-circles")
    rng = random.Random(14)
    match = play(start(game, game.default_options(), rng, choose=short_game(8)), rng, choose=short_game(8))
    text = match.inviter.record()
    for _ in range(60):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice('{}[]",:0123456789abcdefnulltrue ')
        verdict = check_text("".join(chars), by_format)
        assert verdict.status in ("ok", "illegal", "error")
    data = json.loads(text)
    data["links"][0]["invite"]["name"] = "x" * 60  # a name the game cannot take
    assert check_text(json.dumps(data), by_format).status in ("error", "illegal")
