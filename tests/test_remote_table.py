"""The remote seat at the table (issues 30 and 31): two tables, one per device, each with its
own storage, play every game of the box by links through the intents a page sends, the links
read off the waiting screen as a person copies them. A person on another device is a third kind
of seat (``SeatKind.REMOTE``): the table asks the draft of this device's player for an action
as at any table, and waits for the other's link. Links opened twice, out of order, edited, of
another game, or illegal are refused in words and change nothing; a confirmed turn is saved
before its link is shown; a reload, a second tab and a full storage lose nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from mortar import games
from mortar.kit.common import OfferDraw, Resign
from mortar.kit.link import Message, encode, read
from mortar.kit.protocol import IllegalActionError
from mortar.kit.remote import RemoteGame, Status
from mortar.table import qr
from mortar.table.html import all_text
from mortar.table.remote_seat import slot_key
from mortar.table.render import render
from mortar.table.saves import MemoryStorage
from mortar.table.seats import SeatKind
from mortar.table.table import Table

BASE = "https://box.test/games/?game="
NAMES = [e.name for e in games.entries() if e.seated]


class Clock:
    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        self.t += 60
        return self.t


def device(name: str, storage: Any = None, clock: Clock | None = None) -> Table:
    kind = games.table(name)
    table = Table(kind, storage if storage is not None else MemoryStorage(), rng=random.Random(3),
                  link_base=BASE + name, now=clock or Clock(),
                  titles={e.name: e.title for e in games.entries()})
    table.restore()
    return table


def settle(table: Table) -> None:
    """The event layer's "read" until a long read (a save, the verified end) is done."""
    while table.screen == "reading":
        assert table.dispatch("read")


def shown(table: Table) -> str:
    return all_text(render(table.model(), table.kind))


def invite(table: Table, side: str = "first", **values: str) -> None:
    first = table.kind.game.players[0]
    assert table.dispatch("field", "opponent", "remote")
    assert table.dispatch("field", "name-" + first, "Ann")
    assert table.dispatch("field", "side", side)
    for field, value in values.items():
        assert table.dispatch("field", field, value)
    assert table.dispatch("new-game")


def sent(table: Table) -> str:
    """The link on the screen, as a person selects it."""
    assert table.screen in ("waiting", "ended", "over"), table.screen
    link = next(el.attrs["data-link"] for el in render(table.model(), table.kind).walk()
                if "data-link" in el.attrs)
    assert link.startswith(BASE) and "#L1." in link
    return str(link)


def open_link(table: Table, link: str, name: str = "Bob") -> None:
    assert table.dispatch("open-link", link)
    settle(table)
    if table.screen == "join":
        joiner = next(p for p in table.kind.game.players if p != table.joining.invitation.inviter)
        assert table.dispatch("field", "name-" + joiner, name)
        assert table.dispatch("join")
        settle(table)


def act(table: Table, rng: random.Random, resign: bool = False) -> None:
    """This device's player plays (by the game's own taps) a legal action at random."""
    assert table.screen not in ("waiting", "ended", "over", "start"), table.screen
    if table.shown:
        assert table.dispatch("end-turn")
        return
    seat = table.remote.game.seat()
    listed = [a for a in _legal(seat) if not isinstance(a, Resign | OfferDraw)]
    action = Resign() if resign else rng.choice(listed) if listed else seat.random_action(rng)
    for intent, arg in table.kind.taps(action, seat):
        assert table.dispatch(intent, arg), (intent, arg, action)


def _legal(seat: Any) -> list[Any]:
    try:
        return list(seat.legal_actions())
    except IllegalActionError:
        return []


def playing(table: Table) -> bool:
    return table.remote is not None and table.screen not in ("waiting", "ended", "over", "start", "join")


def play(a: Table, b: Table, rng: random.Random, resign_after: int = 6, limit: int = 200) -> list[str]:
    """Both devices play until the end is verified on both; every link goes across as soon as
    it is shown. The player to act resigns after ``resign_after`` actions."""
    links: list[str] = []
    actions = 0
    for _ in range(limit):
        for me, other in ((a, b), (b, a)):
            if playing(me):
                act(me, rng, resign=actions >= resign_after and not me.shown)
                actions += 1
            if me.remote is not None and me.screen in ("waiting", "ended"):
                link = sent(me)
                if link not in links:
                    links.append(link)
                    open_link(other, link)
        if a.review is not None and b.review is not None:  # verified on both
            return links
    raise AssertionError(f"no end: {a.screen} {b.screen}")


def started(name: str, side: str = "first", **values: str) -> tuple[Table, Table, random.Random]:
    """Two devices of a game by links, once both have acted at least once (setups made)."""
    a, b = device(name), device(name)
    rng = random.Random(name)
    invite(a, side, **values)
    for _ in range(4):
        if playing(a):
            act(a, rng)
        if a.screen == "waiting":
            open_link(b, sent(a))
        if playing(b):
            act(b, rng)
        if b.screen == "waiting":
            open_link(a, sent(b))
    return a, b, rng


# --- whole games --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_two_devices_play_a_whole_game_by_links_to_the_verified_end(name):
    a, b = device(name), device(name)
    invite(a)
    play(a, b, random.Random(1))
    # the first device to verify shows its last link (its openings) first, the review a tap away
    assert sorted((a.screen, b.screen)) == ["ended", "over"]
    for table in (a, b):
        if table.screen == "ended":
            other = table.remote_names()[table.remote.opponent]
            assert f"{other}'s device needs your last link to end the game too" in shown(table)
            ending = table.remote.review.outcome_text()  # (the rule that ended it too, as the review says)
            assert ending in shown(table), ending
            assert table.dispatch("remote-review") and table.screen == "over"
        assert table.remote.game.status is Status.VERIFIED
        assert "Verified: both devices played by the rules." in shown(table)
        assert table.review is not None and table.review.step == len(table.review.replay)
        assert table.export(None)[1]  # the record exports as any other
        assert '"format": "by-links/1"' in table.export("links")[1]
    assert a.review.record.save() == b.review.record.save()  # both devices hold the same game
    assert a.dispatch("remote-resend") and sent(a) == BASE + name + "#" + a.remote.game.last_message()


def test_the_other_device_is_a_remote_seat_and_the_table_waits_for_its_link():
    a, b, _ = started("four-circles", side="second", first="Red")
    assert a.remote.side == "White"
    assert a.seat_at("Red").kind is SeatKind.REMOTE and a.seat_at("White").kind is SeatKind.HERE
    waiting = a if a.screen == "waiting" else b
    assert "Sent? Waiting for" in shown(waiting)
    assert all(not waiting.dispatch(intent) for intent in ("confirm", "cancel", "end-turn", "think"))


def test_a_confirmed_turn_is_saved_before_its_link_is_shown():
    a, b, rng = started("four-circles")
    mover = a if playing(a) else b
    act(mover, rng)
    link = sent(mover)
    saved = mover.storage.get(mover.remote.slot.key)
    again = RemoteGame.load(mover.kind.game, __import__("json").loads(saved)["game"])
    assert mover.link(again.last_message()) == link


def test_a_reload_comes_back_to_the_game_and_its_link():
    a, b, rng = started("mortar-hunt")
    waiting = a if a.screen == "waiting" else b
    link, game_id = sent(waiting), waiting.remote.game.game_id
    again = device("mortar-hunt", storage=waiting.storage)
    assert again.dispatch("remote-open", game_id)
    settle(again)
    assert again.screen == "waiting" and sent(again) == link
    other = b if waiting is a else a
    reloaded = device("mortar-hunt", storage=other.storage)
    assert reloaded.dispatch("remote-open", other.remote.game.game_id)
    settle(reloaded)
    assert playing(reloaded)  # its player's own board, no curtain


# --- links refused, changing nothing -----------------------------------------------------------


def _refused(table: Table, link: str, words: str) -> None:
    before = table.storage.get(table.remote.slot.key)
    screen = table.screen
    assert table.dispatch("open-link", link)
    settle(table)
    assert words in (table.notice or ""), table.notice
    assert table.storage.get(table.remote.slot.key) == before and table.screen == screen
    assert table.dispatch("dismiss")


def test_links_opened_twice_out_of_order_edited_or_of_another_game_are_refused_in_words():
    a, b, rng = started("four-circles")
    mover, other = (a, b) if playing(a) else (b, a)
    act(mover, rng)
    link = sent(mover)
    open_link(other, link)
    _refused(other, link, "Already played: this link was opened here before.")
    message = read(link)
    assert isinstance(message, Message)
    ahead = Message(message.game, message.game_id, message.number + 2, message.sender, message.previous,
                    message.pair, message.steps)
    _refused(other, BASE + "four-circles#" + encode(ahead),
             f"You are missing link {message.number + 1} of this game")
    edited = Message(message.game, message.game_id, message.number, message.sender, message.previous,
                     message.pair, ({"pass": True},))
    _refused(other, encode(edited), "it was forged or changed on its way")
    _refused(other, "https://box.test/?game=four-circles#L1.not-a-link", "not a link of a game of this box")
    stranger = device("four-circles")
    invite(stranger, side="second", first="Red")
    partner = RemoteGame.join(stranger.kind.game, sent(stranger), "Cy")  # (the join: link 1)
    joined = partner.last_message() or partner.play(partner.seat().random_action(rng))
    _refused(other, joined, "This link is of a game this device is not part of")
    marsal = device("marsal-a-spion")
    invite(marsal, side="second")
    _refused(other, sent(marsal), "This link is of another game of the box, Maršál a Špión")


def test_an_illegal_turn_is_refused_with_the_verdict_on_the_other_device():
    from links_play import rewrite

    browser = device("four-circles")
    invite(browser, side="second", first="Red")
    liar = RemoteGame.join(games.table("four-circles").game, sent(browser), "Bob")
    link = liar.play(liar.seat().random_action(random.Random(1)))
    twice = rewrite(link, lambda steps: steps * 2)  # a second move out of turn
    # (the liar is unnamed here: its join, in the same link, was refused too)
    _refused(browser, twice, "This link was refused: Red's device sent an illegal turn at turn 2.")
    open_link(browser, link)
    assert playing(browser)


def test_a_lie_found_at_the_end_is_the_verdict_and_loses_the_game():
    from links_play import rewrite

    browser = device("mortar-hunt")
    invite(browser, side="first")
    rng = random.Random(3)
    liar = None
    for _ in range(6):
        if playing(browser):
            act(browser, rng, resign=browser.turn() is not None)
        if browser.screen in ("waiting", "ended") and browser.remote is not None:
            link = sent(browser)
            if liar is None:
                liar = RemoteGame.join(browser.kind.game, link, "Bob")
                reply = liar.last_message() or liar.play(liar.seat().random_action(rng))
            else:
                result = liar.receive(link)
                reply = result.reply or (liar.play(liar.seat().random_action(rng))
                                         if liar.status is Status.YOUR_TURN else None)
                if liar.knowledge.over:  # its openings: another placement than it committed to
                    reply = rewrite(reply, _turned_first_piece)
            if reply is not None:
                open_link(browser, reply)
        if browser.screen in ("ended", "over"):
            break
    assert browser.screen == "ended" and browser.remote.game.status is Status.LIE
    words = shown(browser)
    assert "Bob's device opened a placement other than the one it committed to." in words
    assert "A lie loses the game: Ann wins." in words
    assert "Bob wins" not in words  # (Ann resigned: the lie, not her resignation, decides the game)


def _turned_first_piece(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from mortar.games.mortar_hunt.notation import Facing, Position

    opened = next(step["openings"] for step in steps if "openings" in step)
    first = Position.parse(opened["setup"][0])
    opened["setup"] = [str(Position(first.square, Facing((first.facing + 4) % 8))), *opened["setup"][1:]]
    return steps


# --- saves: two tabs, a full storage ------------------------------------------------------------


def test_a_second_tab_follows_the_game_and_never_plays_over_it():
    a, b, rng = started("enlightenment")
    mover, other = (a, b) if playing(a) else (b, a)
    tab = device("enlightenment", storage=mover.storage)
    assert tab.dispatch("remote-open", mover.remote.game.game_id)
    settle(tab)
    act(tab, rng)  # played in the other tab
    assert mover.dispatch("saved-elsewhere")
    settle(mover)
    assert mover.screen == "waiting" and sent(mover) == sent(tab)
    assert "went on in another tab" in (mover.notice or "")


class FullStorage(MemoryStorage):
    full = False

    def set(self, key: str, value: str) -> None:
        if self.full:
            raise RuntimeError("QuotaExceededError")
        super().set(key, value)


def test_a_turn_a_full_storage_refuses_is_never_sent():
    storage = FullStorage()
    a = device("four-circles", storage=storage)
    b = device("four-circles")
    invite(a, side="second", first="Red")
    open_link(b, sent(a))
    rng = random.Random(2)
    act(b, rng)
    open_link(a, sent(b))
    before = storage.get(a.remote.slot.key)
    storage.full = True
    act(a, rng)
    assert "could not save the game" in (a.notice or "") and "nothing was sent" in a.notice
    assert playing(a) and storage.get(a.remote.slot.key) == before
    assert a.remote.game.status is Status.YOUR_TURN  # the turn never happened
    storage.full = False
    act(a, rng)
    assert a.screen == "waiting"


# --- lists, forms ----------------------------------------------------------------------------


def test_several_games_by_links_at_once_are_listed_your_turn_first():
    storage, clock = MemoryStorage(), Clock()
    a = device("four-circles", storage=storage, clock=clock)
    invite(a, side="second", first="Red")  # waiting for the other
    first_id = a.remote.game.game_id
    assert a.dispatch("menu")
    invite(a, side="first", first="Red")  # this device's turn
    second_id = a.remote.game.game_id
    assert a.dispatch("menu")
    listed = a.model()["remote_games"]
    assert [g["game_id"] for g in listed] == [second_id, first_id]
    assert listed[0]["yours"] and not listed[1]["yours"]
    words = shown(a)
    assert "Games by link" in words and "your turn" in words and "waiting for Red" in words
    assert a.dispatch("remote-open", first_id)
    settle(a)
    assert a.screen == "waiting" and a.remote.game.game_id == first_id
    assert storage.get(slot_key("four-circles", first_id)) is not None


def test_the_start_form_offers_another_device_only_where_links_can_point():
    table = Table(games.table("four-circles"), MemoryStorage())
    table.restore()
    assert "A person on another device" not in shown(table)
    assert not table.dispatch("field", "opponent", "remote") or not table.dispatch("new-game") \
        or table.remote is None
    assert "A person on another device" in shown(device("four-circles"))


def test_marsal_a_spion_says_what_play_by_links_changes_on_the_start_form_and_the_invitation():
    a = device("marsal-a-spion")
    assert "no automatic no-hope draw" not in shown(a)
    assert a.dispatch("field", "opponent", "remote")
    assert "no automatic no-hope draw" in shown(a)
    invite(a, side="second", limit="off", deduction="on")
    b = device("marsal-a-spion")
    assert b.dispatch("open-link", sent(a))
    assert b.screen == "join"
    words = shown(b)
    assert "Ann invites you to a game of Maršál a Špión" in words
    assert "Ann plays Blue; you play Red." in words
    assert "no automatic no-hope draw" in words and "Deduction aid" in words and "None" in words


def test_an_attack_by_links_shows_its_outcome_to_the_attacker_before_the_link_goes_back():
    from mortar.games.marsal_a_spion.actions import Attack

    a, b, rng = started("marsal-a-spion")
    attacker = None
    for _ in range(200):  # moves (an attack as soon as there is one)
        mover, other = (a, b) if playing(a) else (b, a)
        seat = mover.remote.game.seat()
        attacks = [p for p in seat.legal_actions() if isinstance(p, Attack)]
        action = attacks[0] if attacks else rng.choice(list(seat.legal_actions()))
        for intent, arg in mover.kind.taps(action, seat):
            assert mover.dispatch(intent, arg)
        if attacks:
            attacker = mover
            break
        open_link(other, sent(mover))
    assert attacker is not None
    defender = b if attacker is a else a
    open_link(defender, sent(attacker))  # the attack: the defender's device opens its piece
    assert defender.screen == "waiting" and not defender.shown  # nothing to choose: send it back
    open_link(attacker, sent(defender))  # the defender opened to the attacker: the outcome
    assert attacker.screen == "play" and attacker.shown  # the attack's outcome on its own screen
    assert attacker.draft.model()["result"]["outcome"] is not None
    assert attacker.dispatch("end-turn") and attacker.screen in ("waiting", "ended", "reading")
    settle(attacker)
    if attacker.screen == "waiting":
        open_link(defender, sent(attacker))
        assert playing(defender) and defender.draft.report  # the attack, drawn and said


# --- the QR code ------------------------------------------------------------------------------


def test_the_qr_code_is_the_standards_for_a_known_text_and_the_smallest_version():
    rows = qr.encode("HELLO")
    assert len(rows) == 21  # version 1
    finder = ["1111111", "1000001", "1011101", "1011101", "1011101", "1000001", "1111111"]
    for y, line in enumerate(finder):
        assert "".join("1" if d else "0" for d in rows[y][:7]) == line
        assert "".join("1" if d else "0" for d in rows[y][-7:]) == line
    assert len(qr.encode("x" * 1080)) == 4 * 24 + 17  # (version 23 is skipped: jsQR cannot read it)
    with pytest.raises(qr.TooLong):
        qr.encode("x" * (qr.MAX_BYTES + 1))
    assert qr.path([[True, True, False, True]], quiet=0) == "M0,0h2v1h-2zM3,0h1v1h-1z"
