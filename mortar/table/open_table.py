"""What the screens of the open games share: games whose play hides nothing, where a player
passes only when nothing else is legal, may offer or accept a draw and may resign (the kit's
common actions).

A game's turn draft subclasses :class:`OpenDraft`, which answers the common intents (offer a
draw with the next move, accept one, resign after asking, pass when there is no move) and
leaves the game's own taps to the game (:class:`mortar.table.path_draft.PathDraft`: a piece and
where it goes); its screen uses :func:`header` and :func:`footer` (:mod:`.open_board`: a board of
discs and the screens around it), its words :func:`played_text` and :func:`end_text`.
Everything here asks the seat; nothing names a game or knows a rule beyond the common actions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from typing import Generic, Protocol, TypedDict, TypeVar

from ..kit.common import AcceptDraw, OfferDraw, Pass, Resign
from ..kit.protocol import Refusal
from ..kit.turns import Played
from .drafts import CHANGED, UNCHANGED, Chosen, Context, Play, PlayModel, Reply, Result
from .hints import Hint
from .html import El, h
from .render import Frame, button, confirm_bar, status, title
from .words import _

COMMON_INTENTS = frozenset({"offer-draw", "accept-draw", "resign", "resign-confirm", "resign-cancel",
                            "pass", "cancel"})
# The colours are the players' sides (K0), in the page's words.
SIDES = {"Red": _("Red"), "White": _("White")}


class OpenSeat(Protocol):
    """What the shared draft asks of a player's seat (the kit's open games' seats answer it)."""

    @property
    def player(self) -> str: ...
    @property
    def offer(self) -> bool: ...  # the opponent offered a draw this seat may accept now
    @property
    def acting(self) -> bool: ...  # this seat's player is to act now

    @property
    def last(self) -> Played[object] | None: ...  # the last action of play
    @property
    def declined(self) -> bool: ...  # the other moved on instead of accepting this seat's offer

    def legal_actions(self) -> Sequence[object]: ...
    def refusal(self, action: object) -> Refusal | None: ...


SeatT = TypeVar("SeatT", bound=OpenSeat)


class MoveWords(Protocol):
    """An open game's words for a played turn and for a refused one (in its ``views`` module)."""

    # Why the rules refuse an action, by its code, for the game's own codes (K0's are
    # :data:`K0_REFUSED`): the engine's reason is English, for logs and the command line.
    REFUSED: dict[Enum, str]

    def moved_text(self, effect: object, who: str) -> str:
        """What the game's action did (its ``effect``), said of ``who`` played it (:func:`played_text`
        adds the turn and K0's own actions): ``Ann jumped a1–c1–c3.``"""
        ...


# --- a turn: the common intents ----------------------------------------------------------------

class OpenCommon(TypedDict):
    """What :func:`header` and :func:`footer` draw (:meth:`OpenDraft.common_model`)."""

    name: str
    other: str
    names: dict[str, str]
    titled: dict[str, str]  # each name with its side where the name does not say it
    turn: int
    acting: bool
    offered: bool
    declined: bool
    offering: bool
    resign_asked: bool
    must_pass: bool
    message: str | None


class OpenModel(PlayModel, OpenCommon):
    """An open game's turn model: the common part, the game's colours, what to do, the last move."""

    colours: dict[str, str]
    hint: str | None
    last_text: str | None


class OpenDraft(Generic[SeatT]):
    """A person's turn at an open game, built from their seat (``SeatT``: the game's): the game
    adds its own intents (``on_<intent>`` methods answering a :data:`~.drafts.Reply`; a whole
    action chosen through :meth:`choose`, which adds a draw offer when the player asked for one)
    and its model, and sets ``words`` (its words for a played turn); the common ones are
    answered here."""

    intents: frozenset[str] = COMMON_INTENTS
    words: MoveWords  # the game's: a played turn in words

    def __init__(self, seat: SeatT, context: Context) -> None:
        self.seat = seat
        self.player = str(seat.player)
        self.names = context.names
        self.near = context.near
        self.turn = context.turn or 1
        self.message: str | None = None
        self.offering = False  # the player's next move carries a draw offer
        self.resign_asked = False
        last = seat.last
        self.report = self.said(last) if last is not None and str(last.player) != self.player else None

    def said(self, played: Played[object]) -> str:
        return played_text(played, self.names, self.words.moved_text)

    @property
    def name(self) -> str:
        return self.names[self.player]

    @property
    def other(self) -> str:
        return next(self.names[p] for p in self.names if p != self.player)

    @property
    def must_pass(self) -> bool:
        """No action of the player's own is legal: passing is (K0's automatic pass, one tap)."""
        return self.seat.acting and Pass() in self.seat.legal_actions()

    def handle(self, intent: str, arg: str | None) -> Reply[object]:
        handler: Callable[[str | None], Reply[object]] | None = getattr(
            self, "on_" + intent.replace("-", "_"), None)
        if handler is None or intent not in self.intents:
            raise ValueError(f"unknown intent {intent!r}")
        if not self.seat.acting:
            return UNCHANGED  # (a tap on a board that is only looked at)
        return handler(arg)

    def choose(self, action: object, label: str, at: str | None) -> Chosen[object]:
        """The game's own action chosen, with the draw offer when the player made one."""
        return Chosen(OfferDraw(action) if self.offering else action, label, at)

    def played(self, seat: SeatT) -> Result:
        """The move said back in the live region; the next player's turn comes at once."""
        self.seat = seat
        return Result(self.said(seat.last) if seat.last is not None else None)

    def last_text(self) -> str | None:
        """The last move in words, beside the board (None before one, and after K0's own turns)."""
        last = self.seat.last
        if last is None or last.effect is None:
            return None
        return self.last_words(last.effect, self.names[last.player])

    def last_words(self, effect: object, who: str) -> str | None:
        """The game's: the last action's ``effect`` (what it did) said of ``who``."""
        raise NotImplementedError

    def refused(self, action: object) -> str | None:
        """Why the seat refuses ``action``, in the page's words, or None."""
        refusal = self.seat.refusal(action)
        return None if refusal is None else refusal_text(refusal, self.words.REFUSED)

    def on_offer_draw(self, arg: str | None) -> Reply[object]:
        self.offering = not self.offering if arg is None else arg == "on"
        self.message = None
        return CHANGED

    def on_accept_draw(self, arg: str | None) -> Reply[object]:
        if self.refused(AcceptDraw()) is not None:
            return UNCHANGED
        return Play(AcceptDraw())

    def on_pass(self, arg: str | None) -> Reply[object]:
        refused = self.refused(Pass())
        if refused is not None:
            self.message = refused
            return CHANGED
        return Play(Pass())

    def on_resign(self, arg: str | None) -> Reply[object]:
        self.resign_asked = True
        return CHANGED

    def on_resign_cancel(self, arg: str | None) -> Reply[object]:
        self.resign_asked = False
        return CHANGED

    def on_resign_confirm(self, arg: str | None) -> Reply[object]:
        return Play(Resign()) if self.resign_asked else UNCHANGED

    def on_cancel(self, arg: str | None) -> Reply[object]:
        """Escape: the question closed, else what the game was building dropped."""
        if self.resign_asked:
            self.resign_asked = False
            return CHANGED
        return self.drop()

    def drop(self) -> Reply[object]:
        """What the game's taps built so far dropped (a picked piece): the game's own."""
        return UNCHANGED

    def common_model(self) -> OpenCommon:
        """What :func:`header` and :func:`footer` draw."""
        return {"name": self.name, "other": self.other, "names": dict(self.names),
                "titled": {p: self.names.titled(p) for p in self.names},
                "turn": self.turn, "acting": self.seat.acting,
                "offered": self.seat.acting and self.seat.offer,
                "declined": self.seat.acting and self.seat.declined,
                "offering": self.offering, "resign_asked": self.resign_asked,
                "must_pass": self.must_pass, "message": self.message}


# --- drawing -------------------------------------------------------------------------------------

def turn_line(model: OpenModel, frame: Frame) -> str | None:
    """The line under the heading (which says whose turn it is): what to do now, or whom the
    screen waits for."""
    if frame.waiting:
        return frame.waiting
    if not model["acting"]:
        other = next(p for p in model["titled"] if p != model["player"])
        return _("{name} is to move.").format(name=model["titled"][other])
    return model["hint"]


def header(model: OpenCommon, frame: Frame, heading: str, hint: str | None,
           facts: Sequence[El | str] = (), tabs: El | None = None) -> El:
    """The top of an open game's turn: the heading, the game's facts, the reason a tap was
    refused or else what to do (``hint``: one line of fixed height, so that nothing moves
    between two taps), and a pending draw offer."""
    offer = None
    if model["offered"]:
        offer = h("p", {"class": "status-line offer", "role": "status"},
                  h("span", {"class": "offer-who"}, _("{other} offers a draw.").format(other=model["other"])),
                  " ", button(_("Accept the draw"), "accept-draw", cls="small"),
                  h("span", {"class": "hint"}, _(" or move to decline.")))
    if model["declined"] and not model["offering"]:
        declined = _("{other} declined your draw offer.").format(other=model["other"])
        hint = Hint(f"{declined} {hint}", *hint.points) if isinstance(hint, Hint) else (
            f"{declined} {hint}" if hint else declined)
    line = (status(model["message"], error=True) if model["message"] else
            None if model["resign_asked"] else  # (the question under the board is what now)
            status(hint) if hint else None)
    if model["offering"] and not model["message"]:
        line = status(_("Your move will offer {other} a draw.").format(other=model["other"]))
    return bar(heading, line, facts, tabs, offer)


def bar(heading: str, line: El | None, facts: Sequence[El | str] = (), tabs: El | None = None,
        offer: El | None = None) -> El:
    """The top of an open game's screen (a turn, a setup): the heading, the game's facts, a
    pending draw offer, and one line of what to do or why a tap was refused (last: what it says
    moves nothing above it)."""
    return h("header", {"class": "bar"},
             h("div", {"class": "bar-row"}, title(heading), tabs),
             h("ul", {"class": "facts"}, [h("li", None, f) for f in facts]) if facts else None,
             offer, h("div", {"class": "turn-words say", "data-say": True}, line))


def footer(model: OpenCommon, frame: Frame, *, held: El | None = None) -> El | None:
    """The common actions under an open game's board: the chosen move's confirmation, pass when
    nothing else is legal, offer a draw with the next move, resign (asked first), leave. ``held``:
    the way back from what the player holds half-built (a tile in hand), in the same row while
    it is held, so that it is on the screen wherever the board leaves room."""
    leave = button(_("Save and leave"), "menu", cls="quiet small")
    if not model["acting"] or frame.waiting:
        idle = h("div", {"class": "footer-actions"}, leave)
        return h("div", {"class": "open-footer"}, confirm_bar(frame, idle=idle))
    if model["resign_asked"]:
        question = _("Resign this game? {other} wins.").format(other=model["other"])
        return h("div", {"class": "confirm-box", "role": "alertdialog", "aria-labelledby": "resign-q",
                         "aria-modal": "true"},
                 h("p", {"id": "resign-q"}, question),
                 button(_("No, keep playing"), "resign-cancel", autofocus=True),
                 button(_("Yes, resign"), "resign-confirm", cls="danger"))
    passing = None
    if model["must_pass"]:
        passing = h("div", {"class": "must-pass"},
                    h("p", {"class": "status-line warn", "id": "pass-why"},
                      _("None of your pieces can move: you pass this turn.")),
                    button(_("Pass"), "pass", cls="primary big confirm", autofocus=True,
                           describedby="pass-why"))
    actions = h("div", {"class": "footer-actions"}, held, leave) if held is not None else h(
                "div", {"class": "footer-actions"},
                # (no offer of one's own while the other's stands: accepting it is the answer)
                None if model["must_pass"] or model["offered"] else
                button(_("Offer a draw"), "offer-draw", "off" if model["offering"] else "on",
                       cls="small offer-toggle", pressed=model["offering"],
                       aria_label=_("Offer a draw with my next move")),
                button(_("Resign…"), "resign", cls="quiet small"), leave)
    return h("div", {"class": "open-footer"}, passing, confirm_bar(frame, idle=actions))


# --- in words -----------------------------------------------------------------------------------

# K0's refusals (mortar.kit.turns), by the name of the code every open game gives them.
K0_REFUSED = {
    "GAME_OVER": _("The game is over."),
    "NOT_YOUR_TURN": _("It is not your turn."),
    "MALFORMED": _("That is not a move of this game."),
    "NO_OFFER": _("No draw was offered: there is none to accept."),
    "MUST_MOVE": _("One of your pieces can move, so you may not pass."),
    "SETTING_UP": _("The pieces are still being set up: play has not begun."),
}


def refusal_text(refusal: Refusal, own: Mapping[Enum, str]) -> str:
    """Why an action is refused, in the page's words, from its code: the game's ``own`` words
    (its ``views.REFUSED``) or K0's; never the engine's English reason."""
    return own[refusal.code] if refusal.code in own else K0_REFUSED[refusal.code.name]


def path_words(path: Iterable[object]) -> str:
    """A move's squares in the order it visits them, as written: ``a1–c1–c3``."""
    return "–".join(str(sq) for sq in path)


def played_text(played: Played[object], names: Mapping[str, str], own: Callable[[object, str], str]) -> str:
    """A played turn in words: K0's own (a pass, a resignation, a draw accepted) or the game's
    action (``own(effect, who)``: what it did, said of its player) with a draw offered, and the
    turn's number as the heading counts it, each player's first move turn 1 (none for a setup):
    ``Turn 3: Ann jumped a1–c1–c3.``"""
    who = names[played.player]
    text = _k0_words(played.action, who)
    if text is None:
        text = own(played.effect, who)
        if played.offered_draw:
            text += " " + _("{who} offers a draw.").format(who=who)
    return _("Turn {n}: {text}").format(n=(played.turn + 1) // 2, text=text) if played.turn else text


def _k0_words(action: object, who: str) -> str | None:
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
