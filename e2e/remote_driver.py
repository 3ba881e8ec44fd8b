"""Two phones playing a game by links in real Chromium (issues 30 and 31): what the e2e tests of
play by links share (``test_remote.py``, ``test_remote_more.py``).

A :class:`Device` is one phone's page: it taps as a person does, reads the link to send off the
screen as a person selects it, and opens the other's link as a person opens it from a message
(the game's address with the link in its ``#fragment``). A :class:`Mirror` is the whole game
beside the phones, which the test keeps only to choose each action and its taps
(``GameKind.taps``); everything the phones know comes through the links.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from walk import SIZES, TOUCH, Walk

from conftest import CAMERA
from mortar import games
from mortar.kit.common import Resign
from mortar.kit.link import Message, encode, read
from mortar.kit.remote import links_of
from mortar.table import qr

ROOT = Path(__file__).resolve().parent.parent
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
READY_MS = 90_000
PLAY_SCREENS = ("turn", "placement", "setup")
SENT_SCREENS = ("waiting", "ended", "over")
# The screen once the page has nothing left to do by itself: no long read (a save, the verified
# end) under way, no link in the address still to open, no button still arming.
SETTLED = """() => document.documentElement.getAttribute('data-screen') !== 'reading'
  && !location.hash.startsWith('#L')
  && !document.documentElement.hasAttribute('aria-busy')
  && !document.querySelector('#app [data-arm]:not([data-armed])')"""


@dataclass
class Device:
    """One phone: its page and the walk of its new screens."""

    page: Any
    walk: Walk
    taps: Counter[str] = field(default_factory=Counter)  # taps made on this phone, by intent
    opened: int = 0  # links opened on this phone

    def load(self, url: str) -> None:
        """A new page at ``url`` (Python starts again in it)."""
        self.begin(url)
        self.ready()

    def begin(self, url: str) -> None:
        """A new page at ``url`` on its way: Python starts in it while the test goes on."""
        self.page.goto(url, wait_until="commit")

    def ready(self) -> str:
        """The page begun, once it is ready and settled."""
        self.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
        return self.settled()

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
        self.taps[intent] += 1

    def link(self) -> str:
        """The link to send, as a person selects it on the screen."""
        return self.page.locator("#app .link-text").first.input_value()

    def scan(self, link: str) -> str:
        """The other's link read with this phone's camera off the other's screen ("Scan a QR
        code"): the camera sees the QR code of ``link``, and the page opens what it reads."""
        camera_shows(link)
        self.page.context.grant_permissions(["camera"])
        self.tap("scan")
        self.page.wait_for_selector(".scanner video", state="attached")
        self.page.wait_for_selector(".scanner", state="detached", timeout=20_000)
        self.opened += 1
        return self.settled()

    def open(self, link: str) -> str:
        """The other's link opened from a message: the game's address with the link in its
        fragment (this page is at that address already: only the fragment changes)."""
        self.page.goto(link)
        self.opened += 1
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


class Mirror:
    """The whole game as the test knows it (it chose both players' actions): the player to act,
    their legal actions and the taps that play one. Given a ``line`` of actions, it chooses those
    in turn (each checked legal by the engine), then at random."""

    def __init__(self, name: str, values: dict[str, str], line: Sequence[Any] = ()) -> None:
        self.kind = games.table(name)
        game = self.kind.game
        options = self.kind.new(values, {p: None for p in game.players}).options
        self.state = game.new(links_of(game).remote_options(options), {p: None for p in game.players})
        self.rng = random.Random(name)
        self.line = list(line)

    def to_play(self) -> str:
        player = self.state.to_play
        assert player is not None
        return str(player)

    def choose(self) -> Any:
        seat = self.state.seat(self.to_play())
        if self.line:
            action = self.line.pop(0)
            refusal = seat.refusal(action)
            assert refusal is None, f"{action}: {refusal}"
            return action
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


def start(a: Device, site, game: str, values: dict[str, str], side: str, *, loaded: bool = False) -> None:
    """Ann's start form: a person on another device, her name, her side and the options (the
    game's page loaded first unless ``loaded``)."""
    if not loaded:
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


def join(b: Device, link: str, *, loaded: bool = False, begun: bool = False, check: bool = True) -> None:
    """Bob opens the invitation (a new page: the game loads, ``begun`` already; only the
    address's fragment changes where the game's page is ``loaded`` already), sees who invites
    him to what, and joins (``check``: the join screen walked)."""
    if loaded:
        b.open(link)
    elif begun:
        b.ready()
    else:
        b.load(link)
    assert b.screen() == "join", b.screen()
    assert "Ann invites you to a game of" in (b.page.locator("#app .screen-title").text_content() or "")
    if check:
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


def camera_shows(text: str, width: int = 640, height: int = 480) -> None:
    """The phones' camera (conftest.CAMERA, a one-frame YUV4MPEG2 video) sees the QR code of
    ``text`` as the page draws it (mortar.table.qr), black on white with its quiet zone."""
    rows = qr.encode(text)
    size = len(rows) + 8
    scale = min(width, height) // size
    left, top = (width - size * scale) // 2 + 4 * scale, (height - size * scale) // 2 + 4 * scale
    luma = bytearray(b"\xff" * (width * height))
    for r, row in enumerate(rows):
        for c, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    at = (top + r * scale + dy) * width + left + c * scale
                    luma[at:at + scale] = bytes(scale)
    chroma = b"\x80" * (width * height // 4)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\nFRAME\n".encode()
    CAMERA.write_bytes(header + bytes(luma) + chroma + chroma)


def edited(link: str, **change: Any) -> str:
    """A link changed on its way (its message's fields), encoded again as a link of the game."""
    base, _, fragment = link.partition("#")
    m = read(fragment)
    assert isinstance(m, Message)
    fields = {"number": m.number, "steps": m.steps, **change}
    message = Message(m.game, m.game_id, fields["number"], m.sender, m.previous, m.pair, fields["steps"],
                      m.invitation, m.joiner)
    return f"{base}#{encode(message)}"


def verified(*devices: Device, winner: str | None = None) -> None:
    """The verified end on each phone (``winner``: named there as the winner)."""
    for device in devices:
        assert device.settled() in ("ended", "over"), device.screen()
        assert "Verified: both devices played by the rules." in (
            device.page.locator("#app .verdict").first.text_content() or "")
        if winner is not None:
            shown = device.page.locator("#app").text_content() or ""
            assert f"{winner} wins" in shown, shown


def load_both(devices: list[Device], url: str) -> None:
    """The same page loaded on both phones at once (Python starts in both side by side)."""
    for device in devices:
        device.page.goto(url, wait_until="domcontentloaded")
    ready(devices)


def reload_both(devices: list[Device]) -> list[str]:
    """Both phones' pages reloaded at once (Python starts again in both side by side): the
    screen each comes back to."""
    for device in devices:
        device.page.reload(wait_until="domcontentloaded")
    return ready(devices)


def ready(devices: list[Device]) -> list[str]:
    for device in devices:
        device.page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
    return [device.settled() for device in devices]


def open_phones(open_game: Callable[..., Any]) -> Iterator[list[Device]]:
    """Two phones with touch, upright (360 × 740) and sideways (740 × 360), for a module's
    tests; the layout checks and axe-core's findings on their screens fail it at the end."""
    out = []
    for size in ("portrait", "landscape"):
        game = open_game(wait_ready=False, viewport=SIZES[size], context_options=dict(TOUCH), path="")
        out.append(Device(game.page, Walk(game.page, "remote", size)))
    began = time.monotonic()
    yield out
    print(f"\n(play by links: {time.monotonic() - began:.1f} s on two phones)")
    problems = "\n".join(d.walk.report(d.walk.layout) + d.walk.report(d.walk.axe) for d in out)
    assert not problems.strip(), problems


# --- Mortar Hunt to a quick end: the mirror sees both sides' pieces; the phones see their own ------


def live_squares(state: Any, player: str) -> set[Any]:
    return {state.position(player, n).square for n in (1, 2, 3) if state.is_alive(player, n)}


def in_reach(state: Any, hunter: str, prey: str) -> set[Any]:
    """The squares of ``prey``'s live pieces that ``hunter``, to play, can hit this turn."""
    theirs = live_squares(state, prey)
    return {a.shot.at for a in state.seat(hunter).legal_actions()
            if getattr(a, "shot", None) is not None and a.shot.at in theirs}


def exposed(mirror: Mirror, tries: int = 40) -> Any:
    """B's placement (one of ``tries`` the mirror draws) with the most pieces that A's first turn
    can hit: at least one."""
    best: tuple[int, Any] = (0, None)
    for _ in range(tries):
        placement = mirror.choose()
        trial = mirror.state.copy()
        trial.apply(placement)
        best = max(best, (len(in_reach(trial, "A", "B")), placement), key=lambda b: b[0])
        if best[0] == 3:
            break
    assert best[0], "no placement of B's within reach of A's first shot"
    return best[1]


def hunting(mirror: Mirror, hunter: str) -> Any:
    """The mirror's choice in a game of Mortar Hunt played to its end in a few turns, each turn
    legal: the ``hunter`` shoots where the other's pieces stand and moves so that the most of them
    stay in reach; the other turns a piece in place and shoots wide of the hunter's pieces."""
    state = mirror.state
    player = mirror.to_play()
    if player != hunter:
        return mirror.rng.choice(staying(state, player, hunter))
    prey = next(p for p in mirror.kind.game.players if p != hunter)
    actions = [a for a in state.seat(player).legal_actions() if not isinstance(a, Resign)]
    theirs = live_squares(state, prey)
    hits = [a for a in actions if getattr(a, "shot", None) is not None and a.shot.at in theirs]
    by_move = {a.move: a for a in reversed(hits or actions) if hasattr(a, "move")}  # (one a move)
    if not by_move:
        return (hits or actions)[0]

    def reach_after(action: Any) -> int:
        trial = state.copy()
        trial.apply(action)
        if trial.outcome is not None:
            return 4  # the last hit
        trial.apply(staying(trial, prey, hunter)[0])
        return len(in_reach(trial, hunter, prey)) if trial.outcome is None else 0

    return max(by_move.values(), key=reach_after)


def staying(state: Any, player: str, hunter: str) -> list[Any]:
    """The hunted's turns that turn a piece where it stands and shoot wide of the hunter's pieces
    (any turn that shoots wide where none turns in place)."""
    mine = live_squares(state, hunter)
    wide = [a for a in state.seat(player).legal_actions()
            if not isinstance(a, Resign) and (getattr(a, "shot", None) is None or a.shot.at not in mine)]
    return [a for a in wide if hasattr(a, "move")
            and a.move.to.square == state.position(player, a.move.piece).square] or wide
