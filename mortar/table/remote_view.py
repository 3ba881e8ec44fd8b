"""A game by links on the start screen, and the typed models of its own screens (pure Python):
this device's games by links (its turn first) and the field to open a link, "a person on another
device" on the start form, and the words of what play by links changes in a game. The screens
only a game by links shows (the waiting, join and ended screens, the link to send as a QR code)
are :mod:`.remote_screens`', in play by links' archive (mortar/web/links_archive.py); the kit's
side of play by links is imported where a game by links is drawn, never at this module's top.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from .html import Attr, El, h
from .words import _

if TYPE_CHECKING:
    from ..kit.gamelinks import GameLinks
    from ..kit.remote import RemoteRuling
    from .kind import GameKind, S, SeatT
    from .models import ListedModel
    from .remote_seat import Listed


# --- models ------------------------------------------------------------------------------------


def _rulings(kind: GameKind[S, SeatT]) -> tuple[RemoteRuling, ...]:
    links: Callable[[], GameLinks] | None = getattr(kind.game, "links", None)  # (GameDef.links)
    return links().rulings if links is not None else ()


def rulings_words(kind: GameKind[S, SeatT]) -> list[str]:
    """What play by links changes in the game, in words (the start form and the join screen)."""
    words = kind.remote_rulings
    return [str(words[r.code.value]) for r in _rulings(kind) if r.code.value in words]


def listed_model(game: Listed, sides: Mapping[str, str], players: tuple[str, str]) -> ListedModel:
    from ..kit.remote import Status

    other = next(p for p in players if p != game.side)
    return {"game_id": game.game_id, "opponent": game.opponent or sides[other], "turn": game.turn,
            "yours": game.yours, "over": game.status not in (Status.YOUR_TURN, Status.WAITING),
            "status": game.status.value, "when": game.when}


# --- drawing -------------------------------------------------------------------------------------


def action_button(label: str, action: str, arg: str | None = None, *, cls: Attr = None,
            autofocus: bool = False) -> El:
    """A button for an intent, as :func:`mortar.table.render.button` draws one (which draws
    these screens: no import back)."""
    key = f"{action}:{arg}" if arg is not None else action
    return h("button", {"type": "button", "class": cls, "data-action": action, "data-arg": arg,
                        "data-key": key, "data-autofocus": autofocus}, label)


def name_input(player: str, value: str, placeholder: str, longest: int) -> El:
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
               action_button(_("Open"), "open-link")),
             action_button(_("Scan a QR code"), "scan", cls="scan"))


def remote_fields(names: Mapping[str, str], side: str, sides: list[tuple[str, str]],
                  kind: GameKind[S, SeatT]) -> El:
    """The start form's "a person on another device": this player's name and side, and what
    play by links changes in the game."""
    first = kind.game.players[0]
    return h("fieldset", None, h("legend", None, _("A person on another device")),
             h("label", {"class": "field"}, h("span", None, _("Your name")),
               name_input(first, names[first], _("Your name (optional)"), kind.game.name_max)),
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
                       action_button(_("Remove"), "remote-forget", game["game_id"], cls="small quiet")
                       if game["over"] else None))
    return h("section", {"class": "card remote-games", "aria-labelledby": "remote-games-title"},
             h("h2", {"id": "remote-games-title"}, _("Games by link")),
             h("ul", {"class": "remote-list"}, items) if items else None,
             open_panel(pasted, None))
