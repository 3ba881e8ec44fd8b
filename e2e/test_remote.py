"""Play by links between two devices (issues 30 and 31), in real Chromium: two browser contexts,
two phones with touch, one held upright (360 × 740), one sideways (740 × 360). Each link is
read off the page as a person copies it and opened on the other phone as a person opens it from
a message (the game's address with the link in its ``#fragment``).

* An open game (Four Circles), Ann inviting from the upright phone: the invitation (its QR
  code read by jsQR, the page's own decoder where a browser has no BarcodeDetector), the join
  screen, several turns each way, a reload on each side, a link opened twice, one from the
  future, an edited one and an illegal turn refused in words, a resignation and the end verified
  on both phones.
* A hidden game (Mortar Hunt), Ann inviting from the sideways phone: both placements committed,
  a few turns; at every turn the other phone's page (its DOM: text, labels, drawings) and its
  storage hold none of the mover's pieces.
* The picker lists both games by links.

The layout checks and axe-core run on each new screen of both phones (``Walk``). The test keeps
the whole game beside the phones (a *mirror*: it chose both players' actions) only to choose each
action and its taps (``GameKind.taps``); everything the phones know comes through the links.
"""

from __future__ import annotations

import base64
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from walk import SIZES, TOUCH, Walk

from mortar import games
from mortar.kit.common import Resign
from mortar.kit.link import Message, encode, read
from mortar.kit.remote import links_of

ROOT = Path(__file__).resolve().parent.parent
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
READY_MS = 90_000
PLAY_SCREENS = ("turn", "placement", "setup")
SENT_SCREENS = ("waiting", "ended", "over")
# The screen once the page has nothing left to do by itself: no long read (a save, the verified
# end) under way, no link in the address still to open, no button still arming.
SETTLED = """() => document.documentElement.getAttribute('data-screen') !== 'reading'
  && !location.hash.startsWith('#L')
  && !document.querySelector('#app [data-arm]:not([data-armed])')"""


@dataclass
class Device:
    """One phone: its page and the walk of its new screens."""

    page: Any
    walk: Walk

    def load(self, url: str) -> None:
        """A new page at ``url`` (Python starts again in it)."""
        self.page.goto(url, wait_until="domcontentloaded")
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
        self.settled()

    def screen(self) -> str:
        return str(self.page.get_attribute("html", "data-screen"))

    def settled(self) -> str:
        self.page.wait_for_function(SETTLED, timeout=30_000, polling=50)
        return self.screen()

    def tap(self, intent: str, arg: str | None = None) -> None:
        where = (f'#app [data-square="{arg}"]' if intent == "square" else
                 f'#app [data-action="{intent}"]' + (f'[data-arg="{arg}"]' if arg is not None else ""))
        self.settled()
        self.page.locator(where).first.tap()

    def link(self) -> str:
        """The link to send, as a person selects it on the screen."""
        return self.page.locator("#app .link-text").first.input_value()

    def open(self, link: str) -> str:
        """The other's link opened from a message: the game's address with the link in its
        fragment (this page is at that address already: only the fragment changes)."""
        self.page.goto(link)
        return self.settled()

    def notice(self) -> str:
        return self.page.locator("#app .notice").first.text_content() or ""

    def dismiss(self) -> None:
        self.tap("dismiss")
        self.settled()

    def reload(self) -> str:
        self.page.reload(wait_until="domcontentloaded")
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
        return self.settled()

    def check(self, name: str, *, scroll: bool = True) -> None:
        self.walk.screen(name, scroll=scroll)


@pytest.fixture(scope="module")
def phones(open_game):
    """Two phones with touch: upright, and sideways."""
    out = []
    for size in ("portrait", "landscape"):
        game = open_game(wait_ready=False, viewport=SIZES[size], context_options=dict(TOUCH), path="")
        out.append(Device(game.page, Walk(game.page, "remote", size)))
    began = time.monotonic()
    yield out
    print(f"\n(play by links: {time.monotonic() - began:.1f} s on two phones)")
    problems = "\n".join(d.walk.report(d.walk.layout) + d.walk.report(d.walk.axe) for d in out)
    assert not problems.strip(), problems


class Mirror:
    """The whole game as the test knows it (it chose both players' actions): the player to act,
    their legal actions and the taps that play one."""

    def __init__(self, name: str, values: dict[str, str]) -> None:
        self.kind = games.table(name)
        game = self.kind.game
        options = self.kind.new(values, {p: None for p in game.players}).options
        self.state = game.new(links_of(game).remote_options(options), {p: None for p in game.players})
        self.rng = random.Random(name)

    def to_play(self) -> str:
        player = self.state.to_play
        assert player is not None
        return str(player)

    def choose(self) -> Any:
        seat = self.state.seat(self.to_play())
        try:
            actions = [a for a in seat.legal_actions() if not isinstance(a, Resign)]
        except Exception:  # a setup is too many to list: one at random
            return seat.random_action(self.rng)
        return self.rng.choice(actions)

    def play(self, device: Device, action: Any) -> None:
        """The player to act plays ``action`` on their phone, tap by tap."""
        assert device.settled() in PLAY_SCREENS, device.screen()
        for intent, arg in self.kind.taps(action, self.state.seat(self.to_play())):
            device.tap(intent, arg)
        self.state.apply(action)
        # a turn's result shown to the mover (a shot's news) is passed by its own button
        passing = device.page.locator('#app [data-action="end-turn"]')
        while device.settled() in PLAY_SCREENS and passing.count():
            device.tap("end-turn")


def start(a: Device, site, game: str, values: dict[str, str], side: str) -> None:
    """Ann's start form: a person on another device, her name, her side and the options."""
    a.load(f"{site.url}?game={game}")
    page = a.page
    page.locator('#app input[name="opponent"][value="remote"]').tap()
    page.wait_for_selector('#app input[name="side"]')
    page.fill(f'#app input[name="name-{games.table(game).game.players[0]}"]', "Ann")
    page.locator(f'#app input[name="side"][value="{side}"]').tap()
    for name, value in values.items():
        page.locator(f'#app input[name="{name}"][value="{value}"]').tap()
    page.locator('#app [data-key="start"]').tap()
    a.settled()


def join(b: Device, link: str) -> None:
    """Bob opens the invitation (a new page: the game loads), sees who invites him to what,
    and joins."""
    b.load(link)
    assert b.screen() == "join", b.screen()
    assert "Ann invites you to a game of" in (b.page.locator("#app .screen-title").text_content() or "")
    b.check("join")
    b.page.fill('#app .remote-join input[type="text"]', "Bob")
    b.tap("join")
    b.settled()


def turn(mirror: Mirror, devices: dict[str, Device], action: Any = None) -> Device:
    """The player to act plays on their own phone, and its link goes to the other phone."""
    mover = devices[mirror.to_play()]
    mirror.play(mover, mirror.choose() if action is None else action)
    assert mover.settled() in SENT_SCREENS, mover.screen()
    other = next(d for d in devices.values() if d is not mover)
    other.open(mover.link())
    return mover


def edited(link: str, **change: Any) -> str:
    """A link changed on its way (its message's fields), encoded again as a link of the game."""
    base, _, fragment = link.partition("#")
    m = read(fragment)
    assert isinstance(m, Message)
    fields = {"number": m.number, "steps": m.steps, **change}
    message = Message(m.game, m.game_id, fields["number"], m.sender, m.previous, m.pair, fields["steps"],
                      m.invitation, m.joiner)
    return f"{base}#{encode(message)}"


def verified(*devices: Device) -> None:
    for device in devices:
        assert device.settled() in ("ended", "over"), device.screen()
        assert "Verified: both devices played by the rules." in (
            device.page.locator("#app .verdict").first.text_content() or "")


LENGTHS: list[int] = []


def test_an_open_game_by_links_between_two_phones(phones, site):
    a, b = phones
    mirror = Mirror("four-circles", {"first": "Red"})
    start(a, site, "four-circles", {"first": "Red"}, "second")  # Ann plays White: Bob (Red) starts
    assert a.screen() == "waiting"
    assert a.page.locator("#app .remote-waiting h2").text_content() == "Invite a friend"
    a.check("waiting (invitation)")
    qr_reads_as_the_link(a)
    LENGTHS.append(len(a.link()))
    join(b, a.link())
    devices = {"Red": b, "White": a}
    assert b.screen() == "turn"
    for _ in range(5):  # Bob, Ann, Bob, Ann, Bob
        mover = turn(mirror, devices)
        LENGTHS.append(len(mover.link()))
    assert a.screen() == "turn" and b.screen() == "waiting"
    b.check("waiting")
    assert "Sent? Waiting for Ann's turn" in (b.page.locator("#app .screen-title").text_content() or "")
    sent = b.link()

    # a reload on each side loses nothing
    assert b.reload() == "waiting" and b.link() == sent
    assert a.reload() == "turn"

    # the same link opened again, one from the future, one edited on its way: refused in words
    a.open(sent)
    assert "Already played" in a.notice(), a.notice()
    a.check("refusal")
    a.dismiss()
    number = read(sent.partition("#")[2]).number
    a.open(edited(sent, number=number + 2))
    assert f"You are missing link {number + 1}" in a.notice(), a.notice()
    a.dismiss()
    a.open(edited(sent, steps=({"pass": True},)))
    assert "forged or changed on its way" in a.notice(), a.notice()
    a.dismiss()
    assert a.screen() == "turn"

    # Ann plays; Bob's device gets her link with her move played twice over: an illegal turn
    mirror.play(a, mirror.choose())
    honest = a.link()
    b.open(edited(honest, steps=read(honest.partition("#")[2]).steps * 2))
    assert "Ann's device sent an illegal turn" in b.notice(), b.notice()
    b.dismiss()
    assert b.open(honest) == "turn"

    # Bob resigns: his last link comes first on his phone (Ann's needs it), the review a tap away
    mirror.play(b, Resign())
    assert b.settled() == "ended"
    assert "Ann's device needs your last link" in (b.page.locator("#app").text_content() or "")
    b.check("ended")
    a.open(b.link())
    assert a.screen() == "over"  # an open game has no secrets: her phone verifies it at once
    verified(a, b)
    a.check("over")
    b.tap("remote-review")
    assert b.settled() == "over"


def test_a_hidden_game_by_links_keeps_each_phones_secrets(phones, site):
    b, a = phones  # Ann invites from the sideways phone this time, Bob joins on the upright one
    mirror = Mirror("mortar-hunt", {})
    start(a, site, "mortar-hunt", {}, "first")  # Ann is A, who places first
    devices = {"A": a, "B": b}
    assert a.screen() == "placement"
    mirror.play(a, mirror.choose())  # her placement committed, not shown: the invitation carries it
    assert a.settled() == "waiting"
    a.check("waiting (invitation)")
    LENGTHS.append(len(a.link()))
    join(b, a.link())
    assert b.screen() == "placement"
    never_shown(mirror, "A", b)
    turn(mirror, devices)  # Bob's placement
    for _ in range(6):  # three turns each
        assert never_shown(mirror, "B", a) and never_shown(mirror, "A", b)
        mover = turn(mirror, devices)
        LENGTHS.append(len(mover.link()))
    assert never_shown(mirror, "B", a) and never_shown(mirror, "A", b)
    a.check("hidden game, a turn" if a.screen() == "turn" else "hidden game, waiting")
    print(f"\n(link lengths on the phones: median {sorted(LENGTHS)[len(LENGTHS) // 2]}, "
          f"longest {max(LENGTHS)} characters, {len(LENGTHS)} links)")


def never_shown(mirror: Mirror, owner: str, device: Device) -> bool:
    """Nothing of ``owner``'s live pieces on the other's phone: no piece drawn or named on their
    squares, no position of theirs in the page or in the phone's storage."""
    state = mirror.state
    other = next(p for p in mirror.kind.game.players if p != owner)
    device.settled()
    page = device.page
    html = page.evaluate("() => document.documentElement.outerHTML")
    stored = page.evaluate("() => JSON.stringify(Object.assign({}, localStorage))")
    for n in (1, 2, 3):
        if not state.is_alive(owner, n):
            continue
        position = state.position(owner, n)
        assert str(position) not in html, f"{owner}'s {position} on {other}'s page"
        assert str(position) not in stored, f"{owner}'s {position} in {other}'s storage"
        cell = page.locator(f'#app [data-square="{position.square}"]')
        if cell.count():
            label = cell.first.get_attribute("aria-label") or ""
            assert "facing" not in label, f"{owner}'s piece named on {other}'s page: {label}"
            drawn = cell.first.locator('use[href="#piece-hm"], use[href="#piece-lh"]').count()
            assert not drawn, f"{owner}'s piece drawn on {other}'s page at {position.square}"
    return True


def test_the_picker_lists_the_games_by_links(phones, site):
    a, _ = phones
    a.page.goto(site.url, wait_until="domcontentloaded")
    a.page.wait_for_selector("html[data-picker-ready]", state="attached", timeout=30_000)
    cards = a.page.locator("#remote-games .remote-card")
    assert cards.count() == 2
    texts = [cards.nth(i).text_content() or "" for i in range(2)]
    # the game under way first (whoever's turn it is), then the finished one
    assert texts[0].startswith("Mortar Hunt against Ann"), texts
    assert texts[1].startswith("Four Circles against Bob") and "finished" in texts[1], texts
    a.walk.screen("picker", scroll=True)


def qr_reads_as_the_link(device: Device) -> None:
    """The QR code on the screen, as a camera sees it, reads as the link (jsQR, read in a blank
    page of the same phone: the game's page allows no script of the test's)."""
    png = device.page.locator("#app .qr-box svg").screenshot()
    blank = device.page.context.new_page()
    try:
        blank.add_script_tag(path=str(JSQR))
        text = blank.evaluate("""async (data) => {
            const image = new Image();
            image.src = "data:image/png;base64," + data;
            await image.decode();
            const canvas = document.createElement("canvas");
            canvas.width = image.width; canvas.height = image.height;
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const pixels = context.getImageData(0, 0, image.width, image.height);
            const code = jsQR(pixels.data, image.width, image.height);
            return code && code.data;
        }""", base64.b64encode(png).decode())
    finally:
        blank.close()
    assert text == device.link()
