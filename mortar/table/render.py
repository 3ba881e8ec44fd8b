"""The table's screens as element trees (pure Python), built from :meth:`Table.model` only: the
start form (drawn from the game's field specs), the curtain, the computer's turn, the frame of
the review; the game draws its own screens and the body of its review.

Every control carries ``data-action`` (the intent) and ``data-arg``; one delegated listener per
event type dispatches them (:mod:`mortar.web.events`). ``data-key`` names a control across
re-renders so keyboard focus can be put back where it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from . import remote_view, words
from .drafts import Chosen
from .hints import points_of
from .html import Attr, Child, El, h
from .words import _, game_title, ngettext

if TYPE_CHECKING:
    from .kind import FieldSpec, GameKind, S, SeatT
    from .models import (
        CurtainScreen,
        EndModel,
        FormModel,
        PlayScreen,
        ReadingScreen,
        ReviewScreen,
        SavedSummary,
        Screen,
        StartScreen,
        ThinkingScreen,
    )
    from .review import Review


@dataclass(frozen=True)
class Frame:
    """What the table tells a game's screen it is drawn in: the screen's name, the tab shown on
    a narrow screen, whether the computer plays at this table, a failed save, whether the
    computer goes on by itself after a beat, the action chosen and awaiting its confirmation,
    whether a second tap confirms it (``quick``), whether the played action's result is shown,
    and the words while another acts (the screen is then only looked at)."""

    screen: str
    tab: str = "board"
    computer: bool = False
    save_failed: bool = False
    auto_next: bool = False
    chosen: Chosen[object] | None = None
    quick: bool = True
    shown: bool = False
    waiting: str | None = None


def render(model: Screen, kind: GameKind[S, SeatT]) -> El:
    screen = model["screen"]
    frame = FRAMES.get(screen)
    if frame is not None:
        body = frame(model, kind)
    else:  # the game's own screen: its draft, with what the table knows around it
        play = cast("PlayScreen", model)
        body = kind.render_play(play["model"], Frame(
            screen, model["tab"], play["computer"], model["save_failed"], play["auto_next"],
            play["chosen"], play["quick"], play["shown"]))
    return h("div", {"class": ["screen", f"screen-{screen}"], "data-screen": screen},
             notice(model), unsaved(model), body)


# --- small parts ---------------------------------------------------------------------------


def button(label: Child, action: str, arg: str | None = None, *, cls: Attr = None,
           disabled: bool = False, pressed: bool | None = None, aria_label: str | None = None,
           autofocus: bool = False, describedby: str | None = None, arm: bool | str = False,
           shortcut: str | None = None) -> El:
    """A button for an intent. ``arm``: it ignores presses until it has been on screen for a
    moment (set by the event layer), so a double tap on the previous screen's button cannot
    reveal the next player's board or skip a shot's result; ``arm="long"``: it settles longer
    than any double tap lasts (the curtain's reveal). ``shortcut``: a key that presses it while
    it is enabled (not while typing)."""
    key = f"{action}:{arg}" if arg is not None else action
    return h("button", {
        "type": "button", "class": cls, "data-action": action, "data-arg": arg, "data-key": key,
        "disabled": disabled, "aria-pressed": None if pressed is None else str(pressed).lower(),
        "aria-label": aria_label, "data-autofocus": autofocus, "aria-describedby": describedby,
        "data-arm": arm, "data-shortcut": shortcut and shortcut.lower(),
        "aria-keyshortcuts": shortcut and shortcut.upper(),
    }, label)


def confirm_bar(frame: Frame, *, idle: El | None = None) -> El:
    """Where a turn's chosen action is confirmed, on every game's screen: its button ("Move
    b2–b4") and one to drop it (as Escape does). While nothing is chosen the row holds ``idle``
    (the game's other controls: offer a draw, hold fire…) and keeps its height, so that no
    control moves between two taps."""
    chosen = frame.chosen
    if chosen is None or frame.waiting or frame.shown:
        return h("div", {"class": "confirm-bar"}, idle)
    return h("div", {"class": "confirm-bar chosen", "role": "group", "aria-label": _("Your choice")},
             button(chosen.label, "confirm", cls="primary confirm"),
             button(_("Cancel"), "cancel", cls="quiet small"))


def title(text: str) -> El:
    """The screen's heading: focused when a new screen appears (keyboard and screen readers
    start there)."""
    return h("h2", {"tabindex": "-1", "class": "screen-title"}, text)


def status(text: str | None, *, error: bool = False, id_: str | None = None,
           done: str | None = None) -> El | None:
    """A line of words; ``done``: what the last press did, read first and only to the ear
    (a swap: the board shows it)."""
    if not text:
        return None
    return h("p", {"class": ["status-line", "error" if error else None], "id": id_,
                   "data-points": points_of(text)}, heard(done), text)


def heard(words: str | None) -> El | None:
    """Words for the ear alone, before what a line shows."""
    return h("span", {"class": "sr-only"}, words + " ") if words else None


def tabs(tab: str, own: tuple[tuple[str, str], ...]) -> El:
    """The tabs of a narrow screen (``tab``: the one shown): the board and the game's own
    (Mortar Hunt's pad)."""
    return h("div", {"class": "tabs", "role": "group", "aria-label": _("Show")},
             button(_("Board"), "tab", "board", pressed=tab == "board", cls="tab small"),
             [button(words, "tab", name, pressed=tab == name, cls="tab small") for name, words in own])


def notice(model: Screen) -> El | None:
    if not model.get("notice"):
        return None
    return h("div", {"class": "notice", "role": "alert"},
             h("p", None, model["notice"]),
             button(_("OK"), "dismiss", cls="small"))


def unsaved(model: Screen) -> El | None:
    """Said on every screen while the last save failed: the page never claims what it did not do."""
    if not model.get("save_failed"):
        return None
    return h("p", {"class": "unsaved", "role": "alert"},
             _("This device could not save the game (its storage is full): a reload would lose it."))


def file_input(label: str, *, small: bool = False) -> El:
    return h("label", {"class": ["button", "file", "small" if small else None]}, label,
             h("input", {"type": "file", "accept": ".json,application/json", "data-action": "import",
                         "data-key": "import", "class": "file-input"}))


# --- start -----------------------------------------------------------------------------------


def radio(name: str, value: str, current: str, label: Child, hint: str | None = None) -> El:
    return h("label", {"class": "choice"},
             h("input", {"type": "radio", "name": name, "value": value, "checked": value == current,
                         "data-action": "field", "data-arg": name, "data-key": f"field:{name}:{value}"}),
             h("span", {"class": "choice-text"}, h("span", None, label),
               h("small", None, hint) if hint else None))


def name_input(player: str, value: str, placeholder: str, longest: int) -> El:
    return h("input", {"type": "text", "name": f"name-{player}", "value": value,
                       "maxlength": str(longest), "autocomplete": "off", "spellcheck": "false",
                       "placeholder": placeholder, "data-action": "field",
                       "data-arg": f"name-{player}", "data-key": f"field:name-{player}"})


def field(spec: FieldSpec, values: Mapping[str, str]) -> El | None:
    """One of the game's options, as its spec says."""
    if spec.shown_when is not None and values.get(spec.shown_when[0]) != spec.shown_when[1]:
        return None
    current = values.get(spec.name, spec.default)
    if spec.choices:
        return h("fieldset", None, h("legend", None, spec.legend),
                 h("p", {"class": "hint"}, spec.hint) if spec.hint else None,
                 [radio(spec.name, c.value, current, c.label, c.hint) for c in spec.choices])
    return h("label", {"class": ["field", f"field-{spec.name}"]},
             h("span", None, spec.legend),
             h("input", {"type": "number", "name": spec.name, "inputmode": "numeric",
                         "min": None if spec.low is None else str(spec.low),
                         "max": None if spec.high is None else str(spec.high),
                         "value": current, "data-action": "field", "data-arg": spec.name,
                         "data-key": f"field:{spec.name}"}))


LEVEL_WORDS = {"easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard")}


def level_word(level: str) -> str:
    return LEVEL_WORDS.get(level, level)


def _computer_fields(form: FormModel, kind: GameKind[S, SeatT]) -> El:
    first = kind.game.players[0]
    return h("fieldset", None, h("legend", None, _("Against the computer")),
             h("label", {"class": "field"}, h("span", None, _("Your name")),
               name_input(first, form["names"][first], _("Your name (optional)"), kind.game.name_max)),
             h("fieldset", {"class": "choice-row"}, h("legend", None, _("Level")),
               *(radio("level", lv, form["level"], level_word(lv)) for lv in form["levels"])),
             h("fieldset", {"class": "choice-row"}, h("legend", None, _("Your side")),
               *(radio("side", side, form["side"], label) for side, label in _sides(form, kind)),
               radio("side", "random", form["side"], _("Random"))))


def _sides(form: FormModel, kind: GameKind[S, SeatT]) -> list[tuple[str, str]]:
    """The person's side against the computer, in words: who moves first, or (an open game,
    whose first player is its own option) which colour."""
    if form["open"]:
        return [(side, _("I play {side}").format(side=kind.sides[p]))
                for side, p in zip(("first", "second"), kind.game.players)]
    return [("first", _("I play first")), ("second", _("I play second"))]


def _players_fields(form: FormModel, kind: GameKind[S, SeatT]) -> El:
    first, second = kind.game.players
    hints: dict[str, str | None] = {first: _(" · plays first"), second: _(" · plays second")}
    if form["open"]:  # (who starts an open game is its own option: drawn at random, or chosen)
        hints = {first: None, second: None}
    players = h("fieldset", None, h("legend", None, _("Players")),
                *(h("label", {"class": "field"},
                    h("span", None, kind.sides[p], h("small", None, hints[p]) if hints[p] else None),
                    name_input(p, form["names"][p], kind.sides[p], kind.game.name_max))
                  for p in kind.game.players))
    if not form["open"]:
        return players
    # Nothing is hidden: no curtain, but the board must face whoever looks at it.
    seating = h("fieldset", None, h("legend", None, _("How you sit")),
                radio("seating", "passing", form["seating"], _("Passing the device"),
                      _("The board turns to the player to move.")),
                radio("seating", "across", form["seating"], _("Sitting across"),
                      _("The device lies between you and the board stays still, {first} at the "
                        "bottom.").format(first=kind.sides[first])))
    return h("div", {"class": "players-fields"}, players, seating)


def _saved_card(saved: SavedSummary | None, kind: GameKind[S, SeatT]) -> El | None:
    if saved is None:
        return None
    if saved["ok"]:
        a, b = (saved["names"][p] for p in kind.game.players)
        what = (_("finished") if saved["over"] else
                _("setting up") if saved["stage"] == "setup" else
                _("turn {n}").format(n=saved["turn"]))
        label = _("Review the last game") if saved["over"] else _("Resume the saved game")
        return h("section", {"class": "card saved"},
                 h("h2", None, _("Saved game")),
                 h("p", None, _("{a} against {b}, {what}.").format(a=a, b=b, what=what)),
                 button(label, "resume", cls="primary"))
    if saved.get("lost"):
        return h("section", {"class": "card saved"},
                 h("p", None, _("The last game could not be saved on this device (its storage was "
                                "full), so it cannot be resumed.")))
    return h("section", {"class": "card saved"},
             h("p", None, _("A saved game is here but cannot be resumed. It is kept as it is until "
                            "you start a new game.")),
             h("p", {"class": "hint"}, _("Its file holds both players' hidden pieces: do not let a "
                                         "player of that game open it.")),
             button(_("Export it as it is"), "export", "saved"))


def saved_card_unread() -> El:
    """The saved card of the first screen drawn before Python starts (:mod:`.first_screen`): a
    game is saved, but whose and how far is known only once it is read."""
    return h("section", {"class": "card saved"},
             h("h2", None, _("Saved game")),
             button(_("Resume the saved game"), "resume", cls="primary"))


def _replace_question(saved: SavedSummary | None) -> El:
    """Asked when "Start" is pressed while a game is saved: one tap must never lose it. A
    finished game is only replaced as the last game to review (it can be exported first)."""
    finished = bool(saved and saved.get("ok") and saved.get("over"))
    unreadable = saved is not None and not saved.get("ok") and not saved.get("lost")
    words = (_("Starting a new game replaces the finished game: export its record first to keep it.")
             if finished else
             _("Starting a new game replaces the saved game. It cannot be undone."))
    return h("div", {"class": "confirm", "role": "alert"},
             h("p", None, words),
             h("div", {"class": "actions"},
               button(_("Start the new game") if finished else _("Replace the saved game"),
                      "new-game", "replace", cls="primary" if finished else "danger", autofocus=finished),
               button(_("Review it first"), "resume") if finished else None,
               # (a game not finished: the focus starts on keeping it, as on "No, keep playing")
               button(_("Keep the saved game"), "new-game", "keep", autofocus=not finished),
               button(_("Export it first"), "export", "saved") if unreadable else None))


def render_start(model: Screen, kind: GameKind[S, SeatT]) -> El:
    start = cast("StartScreen", model)
    form, saved = start["form"], start["saved"]
    computer = form["opponent"] == "computer"
    remote = form["opponent"] == "remote" and start["links"]
    confirm = _replace_question(saved) if form["confirm_replace"] else None
    aid = None
    if kind.aid is not None:
        aid = field(kind.aid, {kind.aid.name: "on" if form["aid"] else "off"})
    games = (remote_view.games_card(start["remote_games"], game_title(kind.game.title), start["pasted"])
             if start["links"] else None)
    return h("div", {"class": "start"},
             _saved_card(saved, kind), games,
             h("form", {"class": "card start-form", "data-action": "new-game", "novalidate": True,
                        "aria-labelledby": "new-game-title"},
               h("h2", {"id": "new-game-title", "class": "screen-title", "tabindex": "-1"}, _("New game")),
               h("p", {"class": "hint"},
                 _("A friend on this device (you pass it between turns), or the computer.")
                 if kind.curtain else _("A friend on this device, or the computer.")),
               h("fieldset", None, h("legend", None, _("Opponent")),
                 radio("opponent", "person", form["opponent"], _("Two people"),
                       _("One device, passed between you behind a curtain.") if kind.curtain else
                       _("One device, shared between you: nothing is hidden.")),
                 radio("opponent", "computer", form["opponent"], _("The computer"),
                       _("It knows only what a player in its seat would know.") if kind.curtain else
                       None),
                 radio("opponent", "remote", form["opponent"], _("A person on another device"),
                       _("Each on their own device: each turn travels in a link you send the other.")) \
                 if start["links"] else None),
               remote_view.remote_fields(form["names"], form["side"], _sides(form, kind), kind) if remote else
               _computer_fields(form, kind) if computer else _players_fields(form, kind),
               [field(spec, form["values"]) for spec in kind.fields],
               aid,
               h("fieldset", None, h("legend", None, _("Confirmations")),
                 radio("confirm", "off", "on" if form["confirm"] else "off", _("Quick"),
                       _("Choose twice to confirm; the computer plays on by itself.")),
                 radio("confirm", "on", "on" if form["confirm"] else "off", _("Confirm every step"),
                       _("A button confirms each step, and the computer waits for you."))),
               status(form["error"], error=True),
               confirm or h("button", {"type": "submit", "class": "primary big", "data-key": "start"},
                            _("Make the invitation") if remote else _("Start the game"))),
             h("section", {"class": "card more"},
               h("a", {"class": "button", "href": words.rules_url(kind.rules_url), "data-rules": True},
                 _("How to play")),
               file_input(_("Review a game record…"))),
             h("p", {"class": "about"}, kind.about))


# --- the curtain, the computer's turn, a remote player -----------------------------------


def stage_words(stage: str, turn: int | None) -> str:
    return _("Setting up") if stage == "setup" else _("Turn {n}").format(n=turn)


def render_curtain(model: Screen, kind: GameKind[S, SeatT]) -> El:
    curtain = cast("CurtainScreen", model)
    name, other = curtain["name"], curtain["other"]
    return h("div", {"class": "curtain", "role": "dialog", "aria-modal": "true",
                     "aria-labelledby": "curtain-title"},
             h("div", {"class": "curtain-box"},
               h("p", {"class": "kicker"}, stage_words(curtain["stage"], curtain["turn"])),
               h("h2", {"id": "curtain-title"}, _("Pass the device to {name}").format(name=name)),
               h("p", None, _("{other}, please look away. {name}, reveal your board when only you can "
                              "see the screen.").format(other=other, name=name)),
               button(_("I am {name} — show my board").format(name=name), "reveal", cls="primary big",
                      autofocus=True, arm="long"),
               button(_("Back to the start screen"), "menu", cls="quiet")))


def render_thinking(model: Screen, kind: GameKind[S, SeatT]) -> El:
    thinking = cast("ThinkingScreen", model)
    what = (_("The computer sets up its pieces…") if thinking["stage"] == "setup" else
            _("The computer plays turn {n}…").format(n=thinking["turn"]))
    watch = thinking.get("watch")
    if watch:  # nothing hidden: the person's board stays in view, saying whose turn it is
        return h("div", {"class": "thinking-open", "aria-busy": "true"},
                 kind.render_play(watch.model(), Frame("thinking", model["tab"], True, model["save_failed"],
                                                       waiting=what)))
    return h("div", {"class": "thinking", "role": "status", "aria-busy": "true"},
             h("div", {"class": "curtain-box"},
               h("p", {"class": "kicker"}, _("The computer's turn")),
               h("h2", {"class": "screen-title", "tabindex": "-1"}, what),
               h("div", {"class": "spinner", "aria-hidden": "true"})))


def render_reading(model: Screen, kind: GameKind[S, SeatT]) -> El:
    reading = cast("ReadingScreen", model)
    title = (_("Opening the saved game…") if reading["what"] == "save" else
             _("Verifying the game…") if reading["what"] == "verify" else _("Reading the record…"))
    return h("div", {"class": "thinking", "role": "status", "aria-busy": "true"},
             h("div", {"class": "curtain-box"},
               h("h2", {"class": "screen-title", "tabindex": "-1"}, title),
               h("div", {"class": "spinner", "aria-hidden": "true"}),
               button(_("Back to the start screen"), "menu", cls="quiet")))


def render_waiting(model: Screen, kind: GameKind[S, SeatT]) -> El:
    if "send" in model:  # a game by links: the link to send, and where the other's is opened
        from .remote_screens import render_waiting_screen  # (play by links' archive)

        return render_waiting_screen(model, kind)
    waiting = cast("ThinkingScreen", model)
    return h("div", {"class": "thinking", "role": "status"},
             h("div", {"class": "curtain-box"},
               h("h2", {"class": "screen-title", "tabindex": "-1"},
                 _("Waiting for {name}…").format(name=waiting["name"])),
               button(_("Back to the start screen"), "menu", cls="quiet")))


# --- game over and review ------------------------------------------------------------------


def render_review(model: Screen, kind: GameKind[S, SeatT]) -> El:
    """The frame of a finished or imported game: the title and outcome, the step controls, the
    exports; the game draws the board (and its tabs' parts) in between."""
    screen = cast("ReviewScreen", model)
    review = cast("Review[S, SeatT]", screen["review"])
    frame = review.frame()
    over = model["screen"] == "over"
    step, total = frame.step, frame.total
    at = review.at()
    where = kind.step_text(at)
    replay = h("section", {"class": "controls replay", "aria-label": _("Replay")},
               h("div", {"class": "row replay-row"},
                 button("|◀", "replay", "first", disabled=step == 0, aria_label=_("To the start")),
                 button("◀", "replay", "prev", disabled=step == 0, aria_label=_("Step back")),
                 h("span", {"class": "replay-pos"}, f"{step} / {total}"),
                 button("▶", "replay", "next", disabled=step == total, aria_label=_("Step forward")),
                 button("▶|", "replay", "last", disabled=step == total, aria_label=_("To the end")),
                 button(_("Play"), "autoplay", cls="autoplay", pressed=False,
                        aria_label=_("Play the game through"))),
               h("p", {"class": "replay-text", "data-say": True}, where))
    actions = [button(_("Export (JSON)"), "export", cls="small"),
               button(_("Copy"), "export", "copy", cls="small"),
               button(_("Share…"), "export", "share", cls="small share"),
               file_input(_("Open a record…"), small=True)]
    if screen["can_rematch"]:
        actions.append(button(_("Rematch"), "rematch", cls="primary small"))
    actions.append(button(_("New game"), "menu", cls="small") if over else
                   button(_("Close"), "close-review", cls="small"))
    body = kind.review(at, Frame(model["screen"], model["tab"]))
    remote_end = _end_panel(screen.get("remote_end"))
    return h("div", {"class": ["review", "turn-layout", "review-layout", f"tab-{model['tab']}",
                               "aid-on" if frame.aid else None]},
             h("header", {"class": "bar"},
               h("div", {"class": "bar-row"}, title(_("Game over") if over else _("Game record")),
                 tabs(model["tab"], kind.tabs) if kind.tabs else None),
               h("p", {"class": "outcome"}, frame.outcome_text)),
             remote_end, body, replay,
             h("div", {"class": "footer-actions actions", "role": "group",
                       "aria-label": _("The game's record, and what next")}, actions))


def turns_text(n: int) -> str:
    return ngettext("{n} turn", "{n} turns", n).format(n=n)


def _end_panel(end: EndModel | None) -> El | None:
    """A verified game by links' end beside its review (:mod:`.remote_screens`, in play by links'
    archive: imported when there is one)."""
    if end is None:
        return None
    from .remote_screens import end_panel

    return end_panel(end)


def render_ended(model: Screen, kind: GameKind[S, SeatT]) -> El:
    from .remote_screens import render_ended  # (play by links' archive)

    return render_ended(model, kind)


def render_join(model: Screen, kind: GameKind[S, SeatT]) -> El:
    from .remote_screens import render_join  # (play by links' archive)

    return render_join(model, kind)


FRAMES: dict[str, Callable[[Screen, GameKind[S, SeatT]], El]] = {
    "start": render_start,
    "curtain": render_curtain,
    "thinking": render_thinking,
    "waiting": render_waiting,
    "reading": render_reading,
    "over": render_review,
    "review": render_review,
    "ended": render_ended,
    "join": render_join,
}
