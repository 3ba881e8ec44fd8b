"""More games by links between two phones (issues 30 and 31), in real Chromium: two browser
contexts with touch, one upright (360 × 740), one sideways (740 × 360), each link read off one
phone's screen and opened on the other (``remote_driver``). Beside ``test_remote.py`` (Four
Circles whole, Mortar Hunt's first turns), in a file of its own so that it runs beside it.

* Hopper and Sneaker with the secret arrangement: the first's arrangement travels as a
  commitment (the other phone's page and storage hold none of it), the second arranges in the
  open, the first opens it with its first move; a draw offered with a move and accepted by link
  ends it, verified on both phones.
* Enlightenment: a few turns, then a resignation (the loser's phone asks for its last link),
  verified on both phones; the winner reads that link with the camera.
* Maršál a Špión: both setups committed (two of the setup screen's whole setups, the second
  with two swaps tapped), an attack the attacker loses and one the attacker wins, each seen
  from both phones (the attacker's shows the defender; the defender's shows the outcome, and
  holds nothing of a winning attacker: not in its page, not in its storage), both phones
  reloaded in the middle of the first; then a Scout's run takes the Flag, and both armies
  are opened and checked on both phones ("verified", the winner named).
* A lying device: Mortar Hunt against a test double in CPython (the kit's own ``RemoteGame``)
  that answers "miss" where a piece of its was hit; the honest phone's screen gives the verdict
  in words once the double's openings come. Then, on the same page, a new game against a double
  that opens at the end a placement other than the one it committed to: caught, in words. Both
  verdict screens are walked.

The phones load each game's page side by side (``load_both``), and the second joins by its
address's fragment, as a person opens a link on a page already open.
"""

from __future__ import annotations

import json
import statistics
from typing import Any

import pytest
from remote_driver import (
    Device,
    Mirror,
    exposed,
    join,
    live_squares,
    load_both,
    open_phones,
    reload_both,
    start,
    turn,
    verified,
)

from mortar.games.marsal_a_spion.actions import Attack
from mortar.games.marsal_a_spion.board import Player as MarsalPlayer
from mortar.games.marsal_a_spion.links import context as marsal_context
from mortar.games.marsal_a_spion.pieces import Clash, Piece, clash
from mortar.games.marsal_a_spion.rules import Termination
from mortar.games.marsal_a_spion.table.texts import NAME as PIECE_NAMES
from mortar.games.mortar_hunt.links.device import HuntKnowledge
from mortar.games.mortar_hunt.notation import Position
from mortar.kit import commitment
from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.link import read
from mortar.kit.remote import Applied, RemoteGame

LENGTHS: dict[str, list[int]] = {}  # game -> every link of it read off a phone's screen, in characters


@pytest.fixture(scope="module")
def phones(open_game_for_module):
    """Two phones with touch: upright, and sideways."""
    yield from open_phones(open_game_for_module)
    for game, lengths in LENGTHS.items():
        print(f"\n(links of {game} on the phones: median {statistics.median(lengths):.0f}, "
              f"longest {max(lengths)} characters, {len(lengths)} links)")


def sent(device: Device) -> str:
    """The link on ``device``'s screen, its length noted."""
    link = device.link()
    LENGTHS.setdefault(read(link.partition("#")[2]).game, []).append(len(link))
    return link


def steps_of(link: str) -> tuple[dict[str, Any], ...]:
    return tuple(read(link.partition("#")[2]).steps)


def play_turns(mirror: Mirror, devices: dict[str, Device], count: int) -> None:
    for _ in range(count):
        sent(turn(mirror, devices))


# --- Hopper and Sneaker: the secret arrangement ------------------------------------------------


def test_hopper_and_sneaker_by_links_with_the_secret_arrangement(phones, site):
    a, b = phones
    values = {"first": "Red", "setup": "secret"}
    mirror = Mirror("hopper-and-sneaker", values)
    load_both(phones, f"{site.url}?game=hopper-and-sneaker")
    start(a, site, "hopper-and-sneaker", values, "first", loaded=True)  # Ann is Red: she arranges first
    devices = {"Red": a, "White": b}
    arrangement = mirror.choose()
    mirror.play(a, arrangement)
    assert a.settled() == "waiting", a.screen()
    invitation = sent(a)
    assert [set(step) for step in steps_of(invitation)] == [{"commit"}]  # a commitment, no arrangement
    join(b, invitation, loaded=True, check=False)  # (walked in test_remote.py)
    hidden_from(b, arrangement)
    b.check("arranging, the other's arrangement committed")
    sent(turn(mirror, devices))  # Bob arranges in the open; Ann's phone gets it
    hidden_from(b, arrangement)
    assert a.screen() == "turn"
    mover = turn(mirror, devices)  # Ann's first move opens her arrangement
    opening = steps_of(sent(mover))
    assert "open" in opening[0], opening
    shown = [faces_named(b, square, face) for square, face in arrangement.pieces]
    assert shown.count(True) >= len(shown) - 1, shown  # (all but the piece she moved)
    play_turns(mirror, devices, 1)
    # the player to move offers a draw with a move; the other accepts by link: the end
    offer = OfferDraw(mirror.choose())
    assert mirror.state.seat(mirror.to_play()).refusal(offer) is None
    sent(turn(mirror, devices, offer))
    acceptor = devices[mirror.to_play()]
    assert AcceptDraw() in mirror.state.seat(mirror.to_play()).legal_actions()
    mirror.play(acceptor, AcceptDraw())
    assert acceptor.settled() == "ended", acceptor.screen()
    other = a if acceptor is b else b
    other.open(sent(acceptor))
    verified(a, b)
    assert "A draw, agreed." in (other.page.locator("#app").text_content() or "")


def hidden_from(device: Device, arrangement: Any) -> None:
    """The committed arrangement is nowhere on the other's phone: its page names no Hopper or
    Sneaker on the first's squares, and the links kept in its storage carry no arrangement of
    the first's (its commitment only)."""
    page = device.page
    device.settled()
    first = arrangement.player.value
    for square, _ in arrangement.pieces:
        assert not faces_named(device, square), f"{first}'s {square} shown on the other's phone"
    stored = page.evaluate("() => Object.assign({}, localStorage)")
    chains = [json.loads(json.loads(v)["game"])["links"] for k, v in stored.items() if "/remote/" in k]
    assert chains
    for link in (link for chain in chains for link in chain if link["b"] == first):
        assert all(set(step) <= {"commit"} for step in link["s"]), link


def faces_named(device: Device, square: Any, face: Any = None) -> bool:
    """The square's label on the phone names a Hopper or a Sneaker (``face``: that one)."""
    cell = device.page.locator(f'#app [data-square="{square}"]')
    label = (cell.first.get_attribute("aria-label") or "") if cell.count() else ""
    words = ("Hopper", "Sneaker") if face is None else (face.name.title(),)
    return any(word in label for word in words)


# --- Enlightenment ---------------------------------------------------------------------------------


def test_enlightenment_by_links_to_a_resignation(phones, site):
    b, a = phones  # Ann invites from the sideways phone
    values = {"first": "White"}
    mirror = Mirror("enlightenment", values)
    load_both(phones, f"{site.url}?game=enlightenment")
    start(a, site, "enlightenment", values, "second", loaded=True)  # Ann is White: she moves first
    devices = {"Red": b, "White": a}
    assert a.screen() == "turn"
    mirror.play(a, mirror.choose())  # the invitation goes with her first move
    join(b, sent(a), loaded=True, check=False)
    assert b.screen() == "turn"
    play_turns(mirror, devices, 2)
    loser = devices[mirror.to_play()]
    mirror.play(loser, Resign())
    assert loser.settled() == "ended", loser.screen()
    winner = a if loser is b else b
    # an open game is verified on the loser's phone at once; the winner's needs the last link
    asked = f"{'Bob' if winner is b else 'Ann'}'s device needs your last link"
    assert asked in (loser.page.locator("#app").text_content() or ""), asked
    winner.scan(sent(loser))  # with the camera, off the loser's screen
    verified(a, b)


# --- Maršál a Špión: an attack seen from both phones -----------------------------------------------


def test_marsal_a_spion_by_links_an_attack_seen_from_both_phones(phones, site):
    a, b = phones
    mirror = Mirror("marsal-a-spion", {})
    load_both(phones, f"{site.url}?game=marsal-a-spion")
    start(a, site, "marsal-a-spion", {}, "first", loaded=True)  # Ann is Red
    devices = {"Red": a, "Blue": b}
    set_up(a, mirror, "centre")  # her army committed square by square: the invitation carries its root
    assert a.settled() == "waiting", a.screen()
    join(b, sent(a), loaded=True, check=False)
    # Bob's two swaps: a Scout on E8, across the empty middle from Ann's Miner, and his Flag on
    # J8, across it from her Scout: her attack that loses, his that wins, then her Scout's run
    # at his Flag (R7), each at once
    set_up(b, mirror, "corner", swaps=(("J11", "J8"), ("E8", "F8")))
    assert b.settled() == "waiting", b.screen()
    a.open(sent(b))
    # an attack the attacker loses where one is at hand (it is then opened to the defender),
    # then one the attacker wins (it stays hidden from the defender): the mirror knows both
    # armies; moves towards the enemy until there is one
    attacks: list[bool] = []
    moves = 0
    while not attacks or not attacks[-1]:
        endings = {x: ending(mirror, x) for x in mirror.state.seat(mirror.to_play()).legal_actions()
                   if isinstance(x, Attack) and unseen(mirror, x)}
        wanted = ("won",) if attacks else ("lost", "won")
        attack = min((x for x, end in endings.items() if end in wanted), default=None,
                     key=lambda x: wanted.index(endings[x]))
        if attack is not None:
            attacks.append(attack_seen_from_both(mirror, devices, attack, reload=not attacks))
        else:
            sent(turn(mirror, devices, closer(mirror, winning=bool(attacks))))
            moves += 1
            assert moves < 60, "no attack the attacker wins"
        assert mirror.state.outcome is None
    print(f"\n(Maršál a Špión by links: {moves} moves, {len(attacks)} attacks)")
    # Ann's Scout runs at Bob's Flag and takes it (R7, R9): the game ends under the rules
    assert mirror.to_play() == "Red"
    flag = next(x for x in mirror.state.seat("Red").legal_actions()
                if isinstance(x, Attack) and ending(mirror, x) is None)
    mirror.play(a, flag)
    assert a.settled() == "waiting", a.screen()
    b.open(sent(a))  # his phone opens the Flag to hers, with no choice to make
    a.open(sent(b))  # hers resolves the attack: the end, not verified until his army is opened
    outcome = mirror.state.outcome
    assert outcome is not None and (outcome.winner, outcome.reason) == ("Red", Termination.FLAG_CAPTURED)
    assert a.screen() == "ended", a.screen()
    assert "Not verified yet" in (a.page.locator("#app .verdict").first.text_content() or "")
    b.open(sent(a))  # the Flag taken, and her army opened
    assert b.screen() == "ended", b.screen()
    a.open(sent(b))  # his army opened
    verified(a, b, winner="Ann")
    for device in (a, b):  # (his phone, verified first, still shows his last link for hers)
        assert "Bob's flag is captured" in (device.page.locator("#app").text_content() or "")
    a.check("Maršál a Špión, the Flag taken, both armies open")


def closer(mirror: Mirror, *, winning: bool) -> Any:
    """The move that brings a piece nearest an enemy piece (``winning``: one it would beat, as
    the mirror knows both armies): a quick way to an attack."""
    player = mirror.to_play()
    seat = mirror.state.seat(player)
    enemies = [p for q in mirror.kind.game.players if q != player for p in mirror.state.seat(q).own]
    pieces = {p.square: p.piece for p in seat.own}

    def distance(move: Any) -> int:
        return min((abs(move.end.column - e.square.column) + abs(move.end.row - e.square.row)
                    for e in enemies if not winning or e.piece is not Piece.FLAG
                    and clash(pieces[move.start], e.piece) is Clash.ATTACKER_WINS), default=99)

    return min((m for m in seat.legal_actions() if not isinstance(m, Attack)), key=distance)


def unseen(mirror: Mirror, attack: Attack) -> bool:
    """The defender has not seen the attacking piece (it never defended against them and
    survived, R13): what the defender's phone learns of it is this attack's alone."""
    attacker = mirror.to_play()
    handle = next(p.handle for p in mirror.state.seat(attacker).own if p.square == attack.start)
    defender = next(p for p in mirror.kind.game.players if p != attacker)
    return next(e for e in mirror.state.seat(defender).enemy if e.handle == handle).known is None


def ending(mirror: Mirror, attack: Attack) -> str | None:
    """What the attack comes to: "won" when the attacker takes the defender's square, "lost"
    when it is removed, None when the game ends (a flag falls)."""
    trial = mirror.state.copy()
    trial.apply(attack)
    if trial.outcome is not None:
        return None
    return "won" if any(p.square == attack.end for p in trial.seat(mirror.to_play()).own) else "lost"


def attack_seen_from_both(mirror: Mirror, devices: dict[str, Device], attack: Attack, *,
                          reload: bool = False) -> bool:
    """An attack by links: the attacker's link, the defender's phone opening its piece at once,
    the attacker's phone showing it and resolving, the outcome's link. The attacker's phone shows
    the defender; the defender's phone shows the outcome and, when the attacker won, nothing of
    it (R13): not in its page, not in its storage (the attacker's salt, which alone opens it).
    With ``reload``, both phones are reloaded halfway. True when the attacker won."""
    attacker, defender = mirror.to_play(), next(p for p in devices if p != mirror.to_play())
    x, y = devices[attacker], devices[defender]
    seat = mirror.state.seat(attacker)
    own = next(p for p in seat.own if p.square == attack.start)
    theirs = next(p for p in mirror.state.seat(defender).own if p.square == attack.end)
    taps = {p: (sum(d.taps.values()), d.opened) for p, d in devices.items()}
    walk = ending(mirror, attack) == "won"  # (its screens walked: the hidden winner's)
    mirror.play(x, attack)
    assert x.settled() == "waiting", x.screen()
    y.open(sent(x))
    assert y.screen() == "waiting", y.screen()  # its piece opened: a link back, with no choice to make
    reveal = sent(y)
    assert [set(step) for step in steps_of(reveal)] == [{"reveal"}], steps_of(reveal)
    if reload:  # both phones reloaded mid-attack: the attacker's waits on, the defender's answer
        # (made with no tap) was kept
        sending = x.link()
        assert reload_both([x, y]) == ["waiting", "waiting"] and (x.link(), y.link()) == (sending, reveal)
    x.open(reveal)
    shown = x.page.locator("#app").text_content() or ""
    assert f"attacked {attack.end} from {attack.start}: a {PIECE_NAMES[theirs.piece]}." in shown, shown
    # (the result's words fade in after the faces turn over: judged once they stand; axe once
    # caught them half faded, at a contrast of 2.65)
    if walk:
        x.page.wait_for_function("() => getComputedStyle(document.querySelector('#app .result')).opacity"
                                 " === '1'", timeout=10_000, polling=100)
        x.check("attack, the defender shown")
    x.tap("end-turn")
    assert x.settled() == "waiting", x.screen()
    outcome = sent(x)
    y.open(outcome)
    assert y.screen() == "turn", y.screen()
    won = any(p.square == attack.end and p.handle == own.handle for p in mirror.state.seat(attacker).own)
    told = (y.page.locator("#app").text_content() or "") + (y.page.locator("#announcer").text_content() or "")
    salt = salt_of(x, attacker, own.handle)
    y_html = y.page.evaluate("() => document.documentElement.outerHTML")
    y_stored = y.page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    x_stored = x.page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    assert salt_of(y, defender, theirs.handle) in x_stored  # the attacker's phone knows it
    label = y.page.locator(f'#app [data-square="{attack.end}"]').first.get_attribute("aria-label") or ""
    if won:
        assert "attacker moved onto" in told, told
        assert PIECE_NAMES[own.piece] not in label, label
        assert salt not in y_html and salt not in y_stored, "the winning attacker opened on the defender's"
        assert all("attacker" not in step for step in steps_of(outcome)), steps_of(outcome)
    else:  # removed: its identity is public (R9's tray)
        assert f"{PIECE_NAMES[own.piece]} attacked your" in told, told
        assert salt in y_stored
    if walk:
        y.check("attack, the outcome told")
    # the taps on each phone's page (each link sent takes one more: Share or Copy) and the links
    # each opened: three to attack and one past its result, one link opened; the defender none
    # but its send, two opened
    counts = {p: (sum(d.taps.values()) - taps[p][0], d.opened - taps[p][1]) for p, d in devices.items()}
    assert (counts[attacker], counts[defender]) == ((4, 1), (0, 2)), counts
    return won


def salt_of(device: Device, player: str, handle: Any) -> str:
    """The salt of ``player``'s committed square ``handle``, from the secret in the save of
    ``player``'s own phone: what opens that square's piece, and nothing else does."""
    save = own_save(device, "marsal-a-spion")
    secret = commitment.from_text(save["secret"], 32)
    where = marsal_context(save["summary"]["id"], MarsalPlayer(player), handle)
    return commitment.to_text(commitment.salt(secret, where))


def set_up(device: Device, mirror: Mirror, preset: str, swaps: tuple[tuple[str, str], ...] = ()) -> None:
    """A whole army of the setup screen's ``preset`` on the phone (``swaps``: pairs of its
    squares whose pieces are swapped, a tap on each), confirmed (two taps); the mirror takes the
    setup the phone made, read from its own save (what its player sees on their own board)."""
    assert device.settled() == "setup", device.screen()
    device.tap("preset", preset)
    for square in (square for pair in swaps for square in pair):
        device.tap("square", square)
    device.tap("confirm-setup")
    device.settled()
    player = mirror.to_play()
    save = own_save(device, "marsal-a-spion")
    setups = [data for actions in [*save["played"].values(), save["pending"]] for data in actions
              if "setup" in data]
    assert len(setups) == 1, save
    mirror.state.apply(mirror.kind.game.parse_action(setups[0], mirror.state.seat(player)))


def own_save(device: Device, game: str) -> dict[str, Any]:
    """The kit's save of the one game by links of ``game`` on this phone (``RemoteGame.save``)."""
    stored = device.page.evaluate("() => Object.assign({}, localStorage)")
    saves = [json.loads(json.loads(v)["game"]) for k, v in stored.items() if k.startswith(f"{game}/remote/")]
    assert len(saves) == 1, list(stored)
    return saves[0]


# --- A lying device caught on the honest phone ---------------------------------------------------


class FalseMiss(HuntKnowledge):
    """A device that answers "miss" to the first shot that hit one of its pieces, then plays on
    as if it had answered truly (the kit's own device, one answer changed on its way out)."""

    lied = False

    def take_outbox(self) -> list[dict[str, Any]]:
        out = super().take_outbox()
        for step in out:
            if not self.lied and step.get("answer") == "hit":
                step["answer"], self.lied = "miss", True
        return out


class ChangedSetup(HuntKnowledge):
    """A device that opens at the end a placement other than the one it committed to: its first
    piece turned 45° where it stands."""

    def openings(self) -> dict[str, Any]:
        out = super().openings()
        setup = out["openings"]["setup"]
        first = Position.parse(setup[0])
        setup[0] = str(Position(first.square, first.facing.turned(1)))
        return out


def test_a_lying_device_is_caught_on_the_honest_phone(phones, site):
    a = phones[0]
    mirror = Mirror("mortar-hunt", {})
    start(a, site, "mortar-hunt", {}, "first")  # Ann is A, who places first
    mirror.play(a, mirror.choose())
    base, _, invitation = sent(a).partition("#")
    double = RemoteGame.join(mirror.kind.game, invitation, "Bob")  # Bob's device: a test double
    double.knowledge.__class__ = FalseMiss
    placement = exposed(mirror)  # where Ann's first turn can hit a piece of Bob's
    mirror.state.apply(placement)
    theirs = live_squares(mirror.state, "B")
    shot = next(x for x in mirror.state.seat("A").legal_actions() if getattr(x, "shot", None) is not None
                and x.shot.at in theirs)
    placed = double.play(placement)
    assert placed is not None
    a.open(f"{base}#{placed}")
    mirror.play(a, shot)
    applied = double.receive(sent(a).partition("#")[2])
    assert isinstance(applied, Applied) and applied.reply is None, applied
    seat = mirror.state.seat("B")
    mine = live_squares(mirror.state, "A")
    action = next(x for x in seat.legal_actions() if not isinstance(x, Resign)
                  and (getattr(x, "shot", None) is None or x.shot.at not in mine))
    told = double.play(action)  # Bob's turn, and its answer to Ann's shot: "miss"
    mirror.state.apply(action)
    assert told is not None and {"answer": "miss"} in steps_of(f"#{told}")
    assert a.open(f"{base}#{told}") == "turn", a.screen()
    assert "Bob has 3 pieces left" in (a.page.locator("#app").text_content() or "")  # she believes it
    a.tap("tab", "pad")  # (upright, Resign… is on the pad's tab)
    mirror.play(a, Resign())  # Ann resigns; her openings go with it, and Bob's device sends its own
    assert a.settled() == "ended", a.screen()
    openings = double.receive(sent(a).partition("#")[2])
    assert isinstance(openings, Applied) and openings.reply is not None, openings
    a.open(f"{base}#{openings.reply}")
    verdict = a.page.locator("#app .verdict").first.text_content() or ""
    assert f"Bob's device said {shot.shot.at} was a miss at turn 1" in verdict, verdict
    assert "but a piece stood there" in verdict and "A lie loses the game: Ann wins." in verdict, verdict
    a.check("a lie caught")

    # a lie of another kind, in a new game on the same page: Bob's device opens at the end a
    # placement other than the one it committed to; her phone catches it when his openings come
    a.tap("menu")
    mirror = Mirror("mortar-hunt", {})
    start(a, site, "mortar-hunt", {}, "first", loaded=True)
    mirror.play(a, mirror.choose())
    double = RemoteGame.join(mirror.kind.game, sent(a).partition("#")[2], "Bob")
    double.knowledge.__class__ = ChangedSetup
    placement = mirror.choose()
    mirror.state.apply(placement)
    placed = double.play(placement)
    assert placed is not None
    assert a.open(f"{base}#{placed}") == "turn", a.screen()
    a.tap("tab", "pad")
    mirror.play(a, Resign())
    openings = double.receive(sent(a).partition("#")[2])
    assert isinstance(openings, Applied) and openings.reply is not None, openings
    a.open(f"{base}#{openings.reply}")
    verdict = a.page.locator("#app .verdict").first.text_content() or ""
    assert "Bob's device opened a placement other than the one it committed to." in verdict, verdict
    assert "A lie loses the game: Ann wins." in verdict, verdict
    # the lie decides the game, not her resignation
    assert "Bob wins" not in (a.page.locator("#app").text_content() or "")
    a.check("another lie caught")
