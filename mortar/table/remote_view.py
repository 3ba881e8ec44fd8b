"""The screens of a game by links, as typed data and element trees (pure Python): the waiting
screen after a confirmed turn (the link to send, as text, to share or copy, as a QR code), the
join screen of an invitation, the end while it is not verified (or a device lied), the panel of
a verified end, and on the start screen the games by links of this device and "a person on
another device". Built from :class:`mortar.table.table.Table` (:func:`waiting_model` …) and
drawn by :mod:`.render`'s frames.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ..kit.remote import Status
from . import qr
from .html import El, h
from .models import Screen
from .words import _

if TYPE_CHECKING:
    from .kind import FieldSpec, GameKind
    from .remote import Listed, RemoteSeat
    from .table import Table


class LinkModel(TypedDict):
    link: str | None  # the whole address to send (None: nothing to send)
    whole: bool  # it is the whole game (a lost link, a new phone)
    other: str  # the other player's name in words


class WaitingScreen(Screen):
    """``waiting``: this device's link is out; ``ended``: the game is over here, not verified
    yet or a lie caught."""

    title: str  # the game's
    turn: int | None
    invitation: bool  # the link is the invitation (nothing else is sent yet)
    verdict: str | None  # ended: the end in words
    outcome: str | None
    send: LinkModel
    pasted: str
    reviewed: bool  # ended: the verified game can be reviewed (its last link shown again here)


class JoinScreen(Screen):
    title: str
    inviter: str  # the inviter's name in words
    inviter_side: str
    side: str  # the joiner's player
    your_side: str
    options: list[tuple[str, str]]  # the game's options: (legend, the choice in words)
    rulings: list[str]
    name: str
    name_max: int
    error: str | None


class ListedModel(TypedDict):
    game_id: str
    opponent: str
    turn: int | None
    yours: bool
    over: bool
    status: str
    when: float | None


# --- models ------------------------------------------------------------------------------------


def send_model(table: Table[Any, Any]) -> LinkModel:
    remote = table.remote
    assert remote is not None
    return {"link": table.link_to_send(), "whole": remote.whole,
            "other": table.remote_names()[remote.opponent]}


def waiting_model(table: Table[Any, Any], base: Screen) -> WaitingScreen:
    remote = table.remote
    assert remote is not None
    game = remote.game
    over = table.screen == "ended"
    outcome = outcome_words(remote, table) if over else None
    return {**base, "title": table.kind.game.title, "turn": table.turn(), "invitation": len(game.chain) == 1,
            "verdict": table.verdict() if over else None, "outcome": outcome,
            "send": send_model(table), "pasted": table.pasted, "reviewed": remote.review is not None}


def outcome_words(remote: RemoteSeat, table: Table[Any, Any]) -> str | None:
    """How the game ended as this device knows it (the verified end says it whole)."""
    outcome = remote.game.outcome
    if outcome is None:
        return None
    names = table.remote_names()
    winner = outcome.winner
    if winner is None:
        return _("The game ended in a draw.")
    return _("{name} wins.").format(name=names[str(winner)])


def join_model(table: Table[Any, Any], base: Screen) -> JoinScreen:
    joining = table.joining
    assert joining is not None
    kind, invitation = table.kind, joining.invitation
    side = next(p for p in kind.game.players if p != invitation.inviter)
    inviter = invitation.name or kind.sides[invitation.inviter]
    values = kind.invitation_form(invitation.options)
    return {**base, "title": kind.game.title, "inviter": inviter,
            "inviter_side": kind.sides[invitation.inviter], "side": side, "your_side": kind.sides[side],
            "options": options_words(kind.fields, values),
            "rulings": rulings_words(kind), "name": table.form.names.get(side, ""),
            "name_max": kind.game.name_max, "error": table.form.error}


def _rulings(kind: GameKind[Any, Any]) -> tuple[Any, ...]:
    from ..kit.remote import links_of

    return tuple(links_of(cast(Any, kind.game)).rulings)


def rulings_words(kind: GameKind[Any, Any]) -> list[str]:
    """What play by links changes in the game, in words (the start form and the join screen)."""
    words = kind.remote_rulings
    return [str(words[r.code.value]) for r in _rulings(kind) if r.code.value in words]


def options_words(fields: tuple[FieldSpec, ...], values: Mapping[str, str]) -> list[tuple[str, str]]:
    """Each option of the start form as chosen, in the form's words."""
    out = []
    for spec in fields:
        if spec.name not in values:
            continue
        if spec.shown_when is not None and values.get(spec.shown_when[0]) != spec.shown_when[1]:
            continue
        value = values[spec.name]
        choice = next((c for c in spec.choices if c.value == value), None)
        if spec.choices and choice is None:
            continue
        if choice is not None and choice.value == "custom":
            continue  # (the number of the custom field says it)
        out.append((spec.legend, choice.label if choice is not None else value))
    return out


def listed_model(game: Listed, sides: Mapping[str, str], players: tuple[str, str]) -> ListedModel:
    other = next(p for p in players if p != game.side)
    return {"game_id": game.game_id, "opponent": game.opponent or sides[other], "turn": game.turn,
            "yours": game.yours, "over": game.status not in (Status.YOUR_TURN, Status.WAITING),
            "status": game.status.value, "when": game.when}


# --- drawing -------------------------------------------------------------------------------------


def _button(label: str, action: str, arg: str | None = None, *, cls: object = None,
            autofocus: bool = False) -> El:
    """A button for an intent, as :func:`mortar.table.render.button` draws one (which draws
    these screens: no import back)."""
    key = f"{action}:{arg}" if arg is not None else action
    return h("button", {"type": "button", "class": cls, "data-action": action, "data-arg": arg,
                        "data-key": key, "data-autofocus": autofocus}, label)


def _name_input(player: str, value: str, placeholder: str, longest: int) -> El:
    return h("input", {"type": "text", "name": f"name-{player}", "value": value,
                       "maxlength": str(longest), "autocomplete": "off", "spellcheck": "false",
                       "placeholder": placeholder, "data-action": "field",
                       "data-arg": f"name-{player}", "data-key": f"field:name-{player}"})


def _radio(name: str, value: str, current: str, label: str) -> El:
    return h("label", {"class": "choice"},
             h("input", {"type": "radio", "name": name, "value": value, "checked": value == current,
                         "data-action": "field", "data-arg": name, "data-key": f"field:{name}:{value}"}),
             h("span", {"class": "choice-text"}, h("span", None, label)))


def when_text(when: float | None) -> El | None:
    """When the last link came: the page says it in its language ("5 minutes ago"); the tree
    holds the time itself."""
    if when is None:
        return None
    stamp = time.strftime("%Y-%m-%d %H:%M", time.gmtime(when))
    return h("time", {"datetime": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(when)),
                      "data-when": str(int(when * 1000))}, stamp)


@lru_cache(maxsize=8)
def qr_code(link: str) -> El | None:
    """The link as a QR code (an SVG), or None where no QR code holds it (a long whole game)."""
    try:
        rows = qr.encode(link)
    except qr.TooLong:
        return None
    size = len(rows) + 8
    return h("svg", {"class": "qr", "viewBox": f"0 0 {size} {size}", "role": "img",
                     "aria-label": _("The link as a QR code"), "shape-rendering": "crispEdges"},
             h("rect", {"width": str(size), "height": str(size), "fill": "#fff"}),
             h("path", {"d": qr.path(rows), "fill": "#000"}))


def send_panel(send: LinkModel, *, question: str | None = None, whole: bool = True) -> El:
    """The link to send: as text to select, Share (where the device has a share sheet) or Copy,
    a QR code for a phone beside this one, and (``whole``) the whole game instead of the last
    link."""
    link = send["link"]
    if link is None:
        return h("div", {"class": "send-panel"})
    code = qr_code(link)
    return h("section", {"class": "send-panel", "aria-label": _("The link to send")},
             h("p", {"class": "hint"}, question or _(
                 "Send {name} this link by any messenger, or let {name} scan the code.").format(
                 name=send["other"])),
             h("label", {"class": "link-field"},
               h("span", {"class": "sr-only"}, _("The link to send")),
               h("textarea", {"class": "link-text", "readonly": True, "rows": "2", "spellcheck": "false",
                              "data-key": "link-text", "data-link": link}, link)),
             h("div", {"class": "row send-actions"},
               _button(_("Share…"), "share-link", cls="primary share"),
               _button(_("Copy the link"), "copy-link")),
             h("figure", {"class": "qr-box"}, code) if code is not None else
             h("p", {"class": "hint"}, _("This link is too long for a QR code: share or copy it.")),
             _button(_("Send the last link instead") if send["whole"] else _("Send the whole game instead"),
                     "whole-game", "off" if send["whole"] else None, cls="quiet small") if whole else None,
             h("p", {"class": "hint"}, _("The whole game catches up a device that lost a link."))
             if whole and not send["whole"] else None)


def open_panel(pasted: str, other: str | None) -> El:
    """Where the other's link is opened: from the messenger, pasted here, or scanned."""
    title = _("{name}'s link came?").format(name=other) if other else _("A link came?")
    return h("section", {"class": "open-panel", "aria-label": _("Open a link")},
             h("h3", None, title),
             h("p", {"class": "hint"}, _("Open it from the message, or paste it here.")),
             h("div", {"class": "row open-row"},
               h("input", {"type": "url", "class": "link-input", "value": pasted, "inputmode": "url",
                           "autocomplete": "off", "spellcheck": "false", "data-action": "field",
                           "data-arg": "link", "data-key": "field:link",
                           "aria-label": _("A link of a game"), "placeholder": _("Paste the link")}),
               _button(_("Open"), "open-link")),
             _button(_("Scan a QR code"), "scan", cls="scan"))


def render_waiting_screen(model: Screen, kind: GameKind[Any, Any]) -> El:
    waiting = cast(WaitingScreen, model)
    send = waiting["send"]
    other = send["other"]
    if waiting["invitation"]:
        title = _("Invite a friend")
        question = _("Send this invitation by any messenger, or let your friend scan the code: their "
                     "device opens the game and joins it.")
    else:
        title = _("Sent? Waiting for {name}'s turn").format(name=other)
        question = None
    kicker = waiting["title"] if waiting["turn"] is None else _("{title} · turn {n}").format(
        title=waiting["title"], n=waiting["turn"])
    return h("div", {"class": "remote remote-waiting"},
             h("section", {"class": "card remote-box", "role": "status"},
               h("p", {"class": "kicker"}, kicker),
               h("h2", {"class": "screen-title", "tabindex": "-1"}, title),
               send_panel(send, question=question, whole=not waiting["invitation"])),
             h("div", {"class": "card"},
               open_panel(waiting["pasted"], None if waiting["invitation"] else other)),
             _button(_("Back to the start screen"), "menu", cls="quiet"))


def render_ended(model: Screen, kind: GameKind[Any, Any]) -> El:
    """The game over on this device, not verified yet, or a lie caught."""
    ended = cast(WaitingScreen, model)
    send = ended["send"]
    # verified here already: the other's device still needs this link (its openings, or the end)
    question = (_("{name}'s device needs your last link to end the game too: send it.") if ended["reviewed"]
                else _("Your last link carries your secrets: send it to {name} so that both devices can "
                       "verify the game."))
    return h("div", {"class": "remote remote-ended"},
             h("section", {"class": "card remote-box"},
               h("p", {"class": "kicker"}, ended["title"]),
               h("h2", {"class": "screen-title", "tabindex": "-1"}, _("Game over")),
               h("p", {"class": "outcome"}, ended["outcome"]) if ended["outcome"] else None,
               h("p", {"class": "verdict", "role": "status"}, ended["verdict"]),
               send_panel(send, question=question.format(name=send["other"]))),
             h("div", {"class": "card"}, open_panel(ended["pasted"], send["other"])),
             h("div", {"class": "row"},
               _button(_("Review the game"), "remote-review", cls="small") if ended["reviewed"] else None,
               _button(_("Export the links"), "export", "links", cls="small"),
               _button(_("New game"), "menu", cls="small")))


class EndModel(TypedDict):
    verdict: str
    send: LinkModel


def end_model(table: Table[Any, Any]) -> EndModel | None:
    if table.remote is None:
        return None
    return {"verdict": table.verdict(), "send": send_model(table)}


def end_panel(end: EndModel | None) -> El | None:
    """The verified end's words beside its review, and the way to the last link (the other's
    device needs it to verify the game too)."""
    if end is None:
        return None
    return h("section", {"class": "remote-end"},
             h("p", {"class": "verdict", "role": "status"}, end["verdict"]),
             _button(_("Send your last link again"), "remote-resend", cls="small quiet"))


def render_join(model: Screen, kind: GameKind[Any, Any]) -> El:
    join = cast(JoinScreen, model)
    return h("div", {"class": "remote remote-join"},
             h("section", {"class": "card remote-box"},
               h("p", {"class": "kicker"}, _("Invitation")),
               h("h2", {"class": "screen-title", "tabindex": "-1"},
                 _("{name} invites you to a game of {title}").format(name=join["inviter"],
                                                                     title=join["title"])),
               h("p", None, _("{name} plays {side}; you play {yours}.").format(
                   name=join["inviter"], side=join["inviter_side"], yours=join["your_side"])),
               h("dl", {"class": "options"},
                 [(h("dt", None, legend), h("dd", None, value)) for legend, value in join["options"]])
               if join["options"] else None,
               [h("p", {"class": "hint ruling"}, words) for words in join["rulings"]],
               h("label", {"class": "field"}, h("span", None, _("Your name")),
                 _name_input(join["side"], join["name"], _("Your name (optional)"), join["name_max"])),
               h("p", {"class": "status-line error"}, join["error"]) if join["error"] else None,
               _button(_("Join the game"), "join", cls="primary big", autofocus=True),
               _button(_("Not now"), "join-cancel", cls="quiet")))


def remote_fields(names: Mapping[str, str], side: str, sides: list[tuple[str, str]],
                  kind: GameKind[Any, Any]) -> El:
    """The start form's "a person on another device": this player's name and side, and what
    play by links changes in the game."""
    first = kind.game.players[0]
    return h("fieldset", None, h("legend", None, _("A person on another device")),
             h("label", {"class": "field"}, h("span", None, _("Your name")),
               _name_input(first, names[first], _("Your name (optional)"), kind.game.name_max)),
             h("fieldset", {"class": "choice-row"}, h("legend", None, _("Your side")),
               *(_radio("side", value, side, label) for value, label in sides),
               _radio("side", "random", side, _("Random"))),
             [h("p", {"class": "hint ruling"}, words) for words in rulings_words(kind)])


def games_card(games: list[ListedModel], title: str, pasted: str) -> El:
    """This device's games by links, its turn first; and a link to open."""
    items = []
    for game in games:
        state = (_("finished") if game["over"] else _("your turn") if game["yours"] else
                 _("waiting for {name}").format(name=game["opponent"]))
        turn = _("turn {n}").format(n=game["turn"]) if game["turn"] is not None else _("setting up")
        items.append(h("li", {"class": ["remote-game", "yours" if game["yours"] else None]},
                       h("button", {"type": "button", "class": "remote-open", "data-action": "remote-open",
                                    "data-arg": game["game_id"],
                                    "data-key": f"remote-open:{game['game_id']}"},
                         h("span", {"class": "remote-name"}, _("{title} against {name}").format(
                             title=title, name=game["opponent"])),
                         h("span", {"class": "remote-state"}, state, " · ", turn, " · ",
                           when_text(game["when"]))),
                       _button(_("Remove"), "remote-forget", game["game_id"], cls="small quiet")
                       if game["over"] else None))
    return h("section", {"class": "card remote-games", "aria-labelledby": "remote-games-title"},
             h("h2", {"id": "remote-games-title"}, _("Games by link")),
             h("ul", {"class": "remote-list"}, items) if items else None,
             open_panel(pasted, None))
