"""The screens of a game by links that only a game by links shows (pure Python): the waiting
screen after a confirmed turn (the link to send, as text, to share or copy, as a QR code), the
join screen of an invitation, the end while it is not verified (or a device lied) and the panel
of a verified end, as typed data and element trees. In play by links' archive (tools/serve.py
``LINKS``, fetched with the first game by links): :mod:`.render` and :mod:`.screens` import it
where they draw one. The start screen's part of play by links is :mod:`.remote_view`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from . import qr
from .html import El, h
from .remote_view import action_button, name_input, open_panel, rulings_words
from .words import _, game_title

if TYPE_CHECKING:
    from .kind import FieldSpec, GameKind, S, SeatT
    from .models import EndModel, JoinScreen, LinkModel, Screen, WaitingScreen
    from .remote_seat import RemoteSeat
    from .table import Table


def send_model(table: Table[S, SeatT]) -> LinkModel:
    remote = table.remote
    assert remote is not None
    return {"link": table.link_to_send(), "whole": remote.whole,
            "other": table.remote_names()[remote.opponent]}


def waiting_model(table: Table[S, SeatT], base: Screen) -> WaitingScreen:
    remote = table.remote
    assert remote is not None
    game = remote.game
    over = table.screen == "ended"
    outcome = outcome_words(remote, table) if over else None
    return {**base, "title": game_title(table.kind.game.title), "turn": table.turn(),
            "invitation": len(game.chain) == 1, "verdict": table.verdict() if over else None,
            "outcome": outcome,
            "send": send_model(table), "pasted": table.pasted, "reviewed": remote.review is not None}


def outcome_words(remote: RemoteSeat, table: Table[S, SeatT]) -> str | None:
    """How the game ended as this device knows it: as its review says it once verified (with
    the rule that ended it), the winner alone before. A lie caught decides it instead, and its
    verdict names the winner."""
    outcome, verification = remote.game.outcome, remote.game.verification
    if outcome is None or verification is not None and verification.lie is not None:
        return None
    if remote.review is not None:
        return remote.review.outcome_text()
    names = table.remote_names()
    winner = outcome.winner
    if winner is None:
        return _("The game ended in a draw.")
    return _("{name} wins.").format(name=names[str(winner)])


def join_model(table: Table[S, SeatT], base: Screen) -> JoinScreen:
    joining = table.joining
    assert joining is not None
    kind, invitation = table.kind, joining.invitation
    side = next(p for p in kind.game.players if p != invitation.inviter)
    inviter = invitation.name or kind.sides[invitation.inviter]
    values = kind.invitation_form(invitation.options)
    return {**base, "title": game_title(kind.game.title), "inviter": inviter,
            "inviter_side": kind.sides[invitation.inviter], "side": side, "your_side": kind.sides[side],
            "options": options_words(kind.fields, values),
            "rulings": rulings_words(kind), "name": table.form.names.get(side, ""),
            "name_max": kind.game.name_max, "error": table.form.error}


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
               action_button(_("Share…"), "share-link", cls="primary share"),
               action_button(_("Copy the link"), "copy-link")),
             h("figure", {"class": "qr-box"}, code) if code is not None else
             h("p", {"class": "hint"}, _("This link is too long for a QR code: share or copy it.")),
             action_button(_("Send the last link instead") if send["whole"]
                           else _("Send the whole game instead"), "whole-game",
                           "off" if send["whole"] else None, cls="quiet small")
             if whole else None,
             h("p", {"class": "hint"}, _("The whole game catches up a device that lost a link."))
             if whole and not send["whole"] else None)


def render_waiting_screen(model: Screen, kind: GameKind[S, SeatT]) -> El:
    waiting = cast("WaitingScreen", model)
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
             action_button(_("Back to the start screen"), "menu", cls="quiet"))


def render_ended(model: Screen, kind: GameKind[S, SeatT]) -> El:
    """The game over on this device, not verified yet, or a lie caught."""
    ended = cast("WaitingScreen", model)
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
               action_button(_("Review the game"), "remote-review", cls="small")
               if ended["reviewed"] else None,
               action_button(_("Export the links"), "export", "links", cls="small"),
               action_button(_("New game"), "menu", cls="small")))


def end_model(table: Table[S, SeatT]) -> EndModel | None:
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
             action_button(_("Send your last link again"), "remote-resend", cls="small quiet"))


def render_join(model: Screen, kind: GameKind[S, SeatT]) -> El:
    join = cast("JoinScreen", model)
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
                 name_input(join["side"], join["name"], _("Your name (optional)"), join["name_max"])),
               h("p", {"class": "status-line error"}, join["error"]) if join["error"] else None,
               action_button(_("Join the game"), "join", cls="primary big", autofocus=True),
               action_button(_("Not now"), "join-cancel", cls="quiet")))
