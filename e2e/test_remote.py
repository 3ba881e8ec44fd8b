"""Play by links between two devices (issues 30 and 31), in real Chromium: two browser contexts,
two phones with touch, one held upright (360 × 740), one sideways (740 × 360). Each link is
read off the page as a person copies it and opened on the other phone as a person opens it from
a message (the game's address with the link in its ``#fragment``).

* An open game (Four Circles), Ann inviting from the upright phone: the invitation (its QR
  code read by jsQR, the page's own decoder where a browser has no BarcodeDetector), the join
  screen, a reload on each side, a link opened twice, one from the future, an edited one and
  an illegal turn refused in words, and the game played on to its end under the rules, by the
  shortest win there is (Bob's four in a line at turn 19), verified on both phones.
* A hidden game (Mortar Hunt), Ann inviting from the sideways phone: both placements committed,
  then played to its end under the rules in a few turns (the mirror aims Ann's shots where Bob's
  pieces stand): her third hit ends it on his phone at once, his link and hers carry their
  openings, and both phones say "verified" and that Ann wins. At every turn the other phone's
  page (its DOM: text, labels, drawings) and its storage hold none of the mover's pieces; both
  phones are reloaded once, hers while it waits for the answer to her shot, his in the middle of
  his turn, and nothing is lost.
* The picker lists both games by links.

The layout checks and axe-core run on each new screen of both phones (``Walk``). The test keeps
the whole game beside the phones (a *mirror*: it chose both players' actions) only to choose each
action and its taps (``GameKind.taps``); everything the phones know comes through the links.
"""

from __future__ import annotations

import base64

import pytest
from remote_driver import (
    JSQR,
    Device,
    Mirror,
    edited,
    exposed,
    hunting,
    join,
    load_both,
    open_phones,
    reload_both,
    start,
    turn,
    verified,
)

from mortar.games.four_circles.actions import Move, Place, Termination
from mortar.kit.link import read


@pytest.fixture(scope="module")
def phones(open_game_for_module):
    """Two phones with touch: upright, and sideways."""
    yield from open_phones(open_game_for_module)


LENGTHS: list[int] = []

# A shortest game of Four Circles won under its rules (FC7: four marked pieces in a line; a piece
# is marked by a jump, FC5): Bob (Red) places four pieces on row 2 and two on row 3, Ann (White)
# fills the rest of row 3 and the corners she needs; then each of Bob's four jumps over row 3
# onto row 4 while Ann steps about below, and his fourth jump makes the line: 19 turns, the
# fewest (12 placements, and 4 moves of the winner's).
FOUR_IN_A_ROW = (*map(Place.parse, ("(1,2)", "(1,1)", "(2,2)", "(2,1)", "(3,2)", "(3,3)",
                                    "(4,2)", "(4,3)", "(1,3)", "(5,1)", "(2,3)", "(5,2)")),
                 *map(Move.parse, ("(1,2)-(1,4)", "(5,1)-(4,1)", "(2,2)-(2,4)", "(4,1)-(3,1)",
                                   "(3,2)-(3,4)", "(5,2)-(5,3)", "(4,2)-(4,4)")))


def test_an_open_game_by_links_between_two_phones(phones, site):
    a, b = phones
    mirror = Mirror("four-circles", {"first": "Red"}, FOUR_IN_A_ROW)
    start(a, site, "four-circles", {"first": "Red"}, "second")  # Ann plays White: Bob (Red) starts
    assert a.screen() == "waiting"
    assert a.page.locator("#app .remote-waiting h2").text_content() == "Invite a friend"
    invitation = a.link()
    b.begin(invitation)  # Bob opens it: the game's page loads on his phone while hers is checked
    a.check("waiting (invitation)")
    qr_reads_as_the_link(a)
    LENGTHS.append(len(invitation))
    join(b, invitation, begun=True)
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
    assert reload_both([b, a]) == ["waiting", "turn"] and b.link() == sent

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

    # on to Bob's four in a line: his last move ends the game on his phone, his link on hers
    while mirror.state.outcome is None:
        mover = turn(mirror, devices)
        LENGTHS.append(len(mover.link()))
    outcome = mirror.state.outcome
    assert (outcome.winner, outcome.reason, outcome.turns) == ("Red", Termination.FOUR, 19) and mover is b
    assert b.screen() == "ended"
    shown = b.page.locator("#app").text_content() or ""
    assert "Ann's device needs your last link" in shown and "four marked pieces in a line" in shown, shown
    b.check("ended")
    assert a.screen() == "over"  # an open game has no secrets: her phone verifies it at once
    verified(a, b, winner="Bob")
    a.check("over")
    b.tap("remote-review")
    assert b.settled() == "over"
    # sideways, the review's board beside its words (it once shrank to a sliver 24 px wide)
    board = b.page.locator("#app .game-board").bounding_box()
    assert board is not None and min(board["width"], board["height"]) > 200, board


def test_a_hidden_game_by_links_keeps_each_phones_secrets(phones, site):
    b, a = phones  # Ann invites from the sideways phone this time, Bob joins on the upright one
    mirror = Mirror("mortar-hunt", {})
    load_both(phones, f"{site.url}?game=mortar-hunt")  # (Bob's joins by the address's fragment)
    start(a, site, "mortar-hunt", {}, "first", loaded=True)  # Ann is A, who places first
    devices = {"A": a, "B": b}
    assert a.screen() == "placement"
    mirror.play(a, mirror.choose())  # her placement committed, not shown: the invitation carries it
    assert a.settled() == "waiting"
    a.check("waiting (invitation)")
    LENGTHS.append(len(a.link()))
    join(b, a.link(), loaded=True)
    assert b.screen() == "placement"
    never_shown(mirror, "A", b)
    turn(mirror, devices, exposed(mirror))  # Bob's placement, where Ann's pieces can reach
    # Ann hunts Bob's pieces where the mirror sees them (her phone only gets his links): the game
    # ends by her third hit in a few turns. Both phones are reloaded once, hers while it waits for
    # the answer to her shot, his in the middle of his turn: neither loses a thing.
    reloaded = False
    while mirror.state.outcome is None:
        assert never_shown(mirror, "B", a) and never_shown(mirror, "A", b)
        left = mirror.state.live_count("B")
        action = hunting(mirror, "A")
        if mirror.to_play() == "B" and not reloaded:
            shot = a.link()
            for intent, arg in mirror.kind.taps(action, mirror.state.seat("B"))[:4]:  # his move, confirmed
                b.tap(intent, arg)
            # (the turn he was making is made again; her shot and his answer to it are kept)
            assert reload_both([a, b]) == ["waiting", "turn"] and a.link() == shot
            fired = mirror.state.history[-1]
            told = f"Ann fired at {fired.action.shot.at}: {'hit' if fired.hit else 'miss'}"
            assert told in (b.page.locator("#app").text_content() or ""), told
            reloaded = True
        mover = turn(mirror, devices, action)
        LENGTHS.append(len(mover.link()))
        if mover is b:  # his answer to her shot reached her phone
            assert f"Bob has {left} piece" in (a.page.locator("#app").text_content() or ""), left
    assert reloaded and mirror.state.winner == "A"
    # her last hit ended the game on his phone at once; his link tells hers, with his openings
    assert b.screen() == "ended" and never_shown(mirror, "A", b), b.screen()  # hers open at the end only
    b.check("hidden game, lost")
    a.open(b.link())
    LENGTHS.append(len(b.link()))
    b.open(a.link())
    LENGTHS.append(len(a.link()))
    verified(a, b, winner="Ann")
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
    # both finished: the one whose last link came last first
    assert texts[0].startswith("Mortar Hunt against Ann") and "finished" in texts[0], texts
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
