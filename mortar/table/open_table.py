"""What the screens of the open games share: games whose play hides nothing, played with
two-sided discs (a plain side and a side marked with a circle), where a player passes only when
nothing else is legal, may offer or accept a draw and may resign (the kit's common actions).

A game's turn draft subclasses :class:`OpenDraft`, which answers the common intents (offer a
draw with the next move, accept one, resign after asking, pass when there is no move) and
leaves the game's own taps to the game; its screen uses :func:`header` and :func:`footer`, its
board the :data:`DISCS` drawn by :func:`disc`. Everything here asks the seat; nothing names a
game or knows a rule beyond the common actions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from ..kit.common import AcceptDraw, OfferDraw, Pass, Resign
from .board import Token
from .html import El, h
from .render import button, status, title
from .words import _

COMMON_INTENTS = frozenset({"offer-draw", "accept-draw", "resign", "resign-confirm", "resign-cancel",
                            "pass"})


class OpenSeat(Protocol):
    """What the shared draft asks of a player's seat (the kit's open games' seats answer it)."""

    @property
    def player(self) -> str: ...
    @property
    def offer(self) -> bool: ...  # the opponent offered a draw this seat may accept now
    @property
    def acting(self) -> bool: ...  # this seat's player is to act now

    def legal_actions(self) -> list[Any]: ...
    def refusal(self, action: object) -> Any: ...  # a Refusal (``message``) or None


# --- the pieces: two-sided discs -------------------------------------------------------------

def _circle(cls: str, r: str, **more: str) -> El:
    return h("circle", {"class": cls, "cx": "16", "cy": "16", "r": r, **more})


# The two faces of a disc, drawn in its owner's colour (``currentColor``, set by its tone): the
# plain side a smooth disc, the marked side the same disc with a circle cut into it. The mark
# is a shape, not a colour: a glance, a grey screen and colour blindness all tell them apart.
DISCS = h("svg", {"class": "piece-defs", "width": "0", "height": "0", "aria-hidden": "true",
                  "focusable": "false"},
          h("symbol", {"id": "disc-plain", "viewBox": "0 0 32 32"},
            _circle("disc-edge", "13.5"), _circle("disc-face", "12")),
          h("symbol", {"id": "disc-marked", "viewBox": "0 0 32 32"},
            _circle("disc-edge", "13.5"), _circle("disc-face", "12"),
            _circle("disc-mark", "7", **{"stroke-width": "3.2"}), _circle("disc-dot", "1.8")))


def disc(tone: str, marked: bool, *classes: str) -> Token:
    """A disc of ``tone`` ("red", "white": its colour) showing its marked or plain side."""
    return Token(classes=("disc", f"tone-{tone}", "marked" if marked else "plain", *classes),
                 symbol="disc-marked" if marked else "disc-plain")


# --- a turn: the common intents ----------------------------------------------------------------

class OpenDraft:
    """A person's turn at an open game, built from their seat: the game adds its own intents
    (``on_<intent>`` methods returning True, False or its own action) and its model; the
    common ones are answered here. The game's own action goes back through :meth:`play`, which
    adds a draw offer when the player asked for one."""

    intents: frozenset[str] = COMMON_INTENTS
    finished = False  # an open game goes straight on to the next player (nothing to read first)

    def __init__(self, seat: OpenSeat, names: Mapping[str, str]) -> None:
        self.seat = seat
        self.player = str(seat.player)
        self.names = dict(names)
        self.message: str | None = None
        self.offering = False  # the player's next move carries a draw offer
        self.resign_asked = False

    @property
    def name(self) -> str:
        return self.names[self.player]

    @property
    def other(self) -> str:
        return next(name for p, name in self.names.items() if p != self.player)

    @property
    def must_pass(self) -> bool:
        """No action of the player's own is legal: passing is (K0's automatic pass, one tap)."""
        return self.seat.acting and Pass() in self.seat.legal_actions()

    def handle(self, intent: str, arg: str | None) -> Any:
        handler: Callable[[str | None], Any] | None = getattr(self, "on_" + intent.replace("-", "_"), None)
        if handler is None or intent not in self.intents:
            raise ValueError(f"unknown intent {intent!r}")
        if not self.seat.acting:
            return False  # (a tap on a board that is only looked at)
        return handler(arg)

    def play(self, action: Any) -> Any:
        """The game's own action as played: with the draw offer, when the player made one."""
        return OfferDraw(action) if self.offering else action

    def refused(self, action: object) -> str | None:
        """Why the seat refuses ``action``, in its words, or None."""
        refusal = self.seat.refusal(action)
        return None if refusal is None else _sentence(str(refusal.message))

    def on_offer_draw(self, arg: str | None) -> bool:
        self.offering = not self.offering if arg is None else arg == "on"
        self.message = None
        return True

    def on_accept_draw(self, arg: str | None) -> Any:
        if self.refused(AcceptDraw()) is not None:
            return False
        return AcceptDraw()

    def on_pass(self, arg: str | None) -> Any:
        refused = self.refused(Pass())
        if refused is not None:
            self.message = refused
            return True
        return Pass()

    def on_resign(self, arg: str | None) -> bool:
        self.resign_asked = True
        return True

    def on_resign_cancel(self, arg: str | None) -> bool:
        self.resign_asked = False
        return True

    def on_resign_confirm(self, arg: str | None) -> Any:
        return Resign() if self.resign_asked else False

    def common_model(self) -> dict[str, Any]:
        """What :func:`header` and :func:`footer` draw."""
        return {"player": self.player, "name": self.name, "other": self.other, "names": dict(self.names),
                "acting": self.seat.acting, "offered": self.seat.acting and self.seat.offer,
                "offering": self.offering, "resign_asked": self.resign_asked,
                "must_pass": self.must_pass, "message": self.message}


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


# --- drawing -------------------------------------------------------------------------------------

def whose_turn(model: Mapping[str, Any], colour: Mapping[str, str]) -> str:
    """Whose turn it is, in words: the player's own, or the one being waited for."""
    if model.get("waiting"):
        return str(model["waiting"])
    if not model["acting"]:
        other = next(p for p in model["names"] if p != model["player"])
        return _("{name} ({colour}) is to move.").format(name=model["names"][other], colour=colour[other])
    return _("Your move, {name} ({colour}).").format(name=model["name"], colour=colour[model["player"]])


def header(model: Mapping[str, Any], heading: str, hint: str | None, facts: Sequence[El | str] = (),
           tabs: El | None = None) -> El:
    """The top of an open game's screen: the heading (a turn, a setup), the game's facts, the
    reason a tap was refused or else what to do (``hint``), and a pending draw offer."""
    offer = None
    if model.get("offered"):
        offer = h("p", {"class": "status-line offer", "role": "status"},
                  _("{other} offers a draw.").format(other=model["other"]), " ",
                  button(_("Accept the draw"), "accept-draw", cls="small"),
                  h("span", {"class": "hint"}, _(" or move to decline.")))
    line = (status(model["message"], error=True) if model.get("message") else
            None if model.get("resign_asked") else  # (the question under the board is what now)
            status(hint) if hint else None)
    if model.get("offering") and not model.get("message"):
        line = status(_("Your move will offer {other} a draw.").format(other=model["other"]))
    return h("header", {"class": "bar"},
             h("div", {"class": "bar-row"}, title(heading), tabs),
             h("ul", {"class": "facts"}, [h("li", None, f) for f in facts]) if facts else None,
             h("div", {"class": "turn-words", "aria-live": "polite"}, line), offer)


def footer(model: Mapping[str, Any]) -> El | None:
    """The common actions under an open game's board: pass when nothing else is legal, offer a
    draw with the next move, resign (asked first), leave."""
    leave = button(_("Save and leave"), "menu", cls="quiet small")
    if not model["acting"]:
        return h("div", {"class": "footer-actions"}, leave)
    if model["resign_asked"]:
        question = _("Resign this game? {other} wins.").format(other=model["other"])
        return h("div", {"class": "confirm-box", "role": "alertdialog", "aria-labelledby": "resign-q"},
                 h("p", {"id": "resign-q"}, question),
                 button(_("Yes, resign"), "resign-confirm", cls="danger", autofocus=True),
                 button(_("No, keep playing"), "resign-cancel"))
    passing = None
    if model["must_pass"]:
        passing = h("div", {"class": "must-pass"},
                    h("p", {"class": "status-line warn", "id": "pass-why"},
                      _("None of your pieces can move: you pass this turn.")),
                    button(_("Pass"), "pass", cls="primary big confirm", autofocus=True,
                           describedby="pass-why"))
    return h("div", {"class": "open-footer"}, passing,
             h("div", {"class": "footer-actions"},
               # (no offer of one's own while the other's stands: accepting it is the answer)
               None if model["must_pass"] or model.get("offered") else
               button(_("Offer a draw"), "offer-draw", "off" if model["offering"] else "on",
                      cls="small offer-toggle", pressed=model["offering"],
                      aria_label=_("Offer a draw with my next move")),
               button(_("Resign…"), "resign", cls="quiet small"), leave))


# --- the end, in words ---------------------------------------------------------------------------

def k0_words(action: object, who: str) -> str | None:
    """A turn K0 gives every open game, in words (a pass, a resignation, a draw accepted); None
    for a game's own move."""
    if isinstance(action, Pass):
        return _("{who} could not move and passed.").format(who=who)
    if isinstance(action, Resign):
        return _("{who} resigned.").format(who=who)
    if isinstance(action, AcceptDraw):
        return _("{who} accepted the draw.").format(who=who)
    return None


def end_text(end: str, winner: str | None, names: Mapping[str, str], own: Mapping[str, str]) -> str:
    """How a game ended: ``end`` is the record's word for it, ``winner`` a player or None for a
    draw, ``own`` the game's words for its own wins ("{winner} wins: …")."""
    loser = next((n for p, n in names.items() if p != winner), "") if winner else ""
    won = names.get(winner, "") if winner else ""
    if end in own:
        return own[end].format(winner=won, loser=loser)
    words = {
        "double-pass": _("A draw: neither player could move, twice in a row."),
        "repetition": _("A draw: the same position came up for the third time."),
        "agreed": _("A draw, agreed."),
        "resign": _("{loser} resigned: {winner} wins.").format(loser=loser, winner=won),
    }
    return words.get(end, _("The game is over."))
