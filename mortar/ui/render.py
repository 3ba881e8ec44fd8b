"""Screens as element trees, built from :meth:`mortar.ui.table.Table.model` only (pure Python).

Every control carries ``data-action`` (the intent) and ``data-arg``; one delegated listener per
event type dispatches them (:mod:`mortar.ui.events`). ``data-key`` names a control across
re-renders so keyboard focus can be put back where it was.
"""

from __future__ import annotations

from typing import Any

from ..games.mortar_hunt.notation import Facing
from ..games.mortar_hunt.rules import NAME_MAX, SUGGESTED_TURN_LIMIT, TURN_LIMIT_MAX, PieceType
from .board import render_board, screen_direction
from .html import El, h
from .padview import SHAPE_SYMBOL, render_pad
from .scene import SHAPES, TYPE_WORD, facing_word

RULES_URL = "./static/rules.html"
COMPASS_SLOTS = [7, 0, 1, 6, None, 2, 5, 4, 3]  # on-screen directions, row by row
ARROWS = "↑↗→↘↓↙←↖"
FACINGS = [f.name for f in Facing]


def render(model: dict[str, Any]) -> El:
    screen = model["screen"]
    body = SCREENS[screen](model)
    return h("div", {"class": ["screen", f"screen-{screen}"], "data-screen": screen},
             _notice(model), _unsaved(model), body)


# --- small parts ---------------------------------------------------------------------------


def button(label: Any, action: str, arg: str | None = None, *, cls: Any = None,
           disabled: bool = False, pressed: bool | None = None, aria_label: str | None = None,
           autofocus: bool = False, describedby: str | None = None, arm: bool | str = False,
           aria_keyshortcuts: str | None = None) -> El:
    """A button for an intent. ``arm``: it ignores presses until it has been on screen for a
    moment (set by the event layer), so a double tap on the previous screen's button cannot
    reveal the next player's board or skip a shot's result; ``arm="long"``: it settles longer
    than any double tap lasts (the curtain's reveal)."""
    key = f"{action}:{arg}" if arg is not None else action
    return h("button", {
        "type": "button", "class": cls, "data-action": action, "data-arg": arg, "data-key": key,
        "disabled": disabled, "aria-pressed": None if pressed is None else str(pressed).lower(),
        "aria-label": aria_label, "data-autofocus": autofocus, "aria-describedby": describedby,
        "data-arm": arm, "aria-keyshortcuts": aria_keyshortcuts,
    }, label)


def _title(text: str) -> El:
    """The screen's heading: focused when a new screen appears (keyboard and screen readers
    start there)."""
    return h("h2", {"tabindex": "-1", "class": "screen-title"}, text)


def _unsaved(model: dict) -> El | None:
    """Said on every screen while the last save failed: the page never claims what it did not do."""
    if not model.get("save_failed"):
        return None
    return h("p", {"class": "unsaved", "role": "alert"},
             "This device could not save the game (its storage is full): a reload would lose it.")


def _notice(model: dict) -> El | None:
    if not model.get("notice"):
        return None
    return h("div", {"class": "notice", "role": "alert"},
             h("p", None, model["notice"]),
             button("OK", "dismiss", cls="small"))


def piece_badge(number: int, player: str, type_name: str | None = None) -> El:
    shape = SHAPES[number]
    return h("span", {"class": ["badge", shape, f"own-{player.lower()}",
                                "lh" if type_name == "LH" else None], "aria-hidden": "true"},
             h("span", {"class": "num"}, str(number)))


def _piece_name(p: dict) -> str:
    return f"{TYPE_WORD[p['type']]} {p['number']}"


def compass(orientation: str, *, current: str | None, allowed: list[str] | None,
            action: str, center: Any = None, label: str) -> El:
    """Eight facing buttons laid out as they point on this player's screen."""
    by_dir = {screen_direction(f, orientation): f for f in FACINGS}
    cells = []
    for slot in COMPASS_SLOTS:
        if slot is None:
            cells.append(h("span", {"class": "compass-center", "aria-hidden": "true"}, center))
            continue
        facing = by_dir[slot]
        enabled = allowed is None or facing in allowed
        cells.append(button(
            [h("span", {"class": "arrow-glyph", "aria-hidden": "true"}, ARROWS[slot]),
             h("span", {"class": "compass-letter", "aria-hidden": "true"}, facing)],
            action, facing, cls="compass-btn", disabled=not enabled,
            pressed=facing == current, aria_label=f"Face {facing_word(facing)}"))
    return h("div", {"class": "compass", "role": "group", "aria-label": label}, cells)


def _status(text: str | None, *, error: bool = False, id_: str | None = None) -> El | None:
    if not text:
        return None
    return h("p", {"class": ["status-line", "error" if error else None], "id": id_}, text)


def _tabs(model: dict) -> El:
    tab = model["tab"]
    return h("div", {"class": "tabs", "role": "group", "aria-label": "Show"},
             button("Board", "tab", "board", pressed=tab == "board", cls="tab small"),
             button("Pad", "tab", "pad", pressed=tab == "pad", cls="tab small"))


# --- start -----------------------------------------------------------------------------------


def _radio(name: str, value: str, current: str, label: Any, hint: str | None = None) -> El:
    return h("label", {"class": "choice"},
             h("input", {"type": "radio", "name": name, "value": value, "checked": value == current,
                         "data-action": "field", "data-arg": name, "data-key": f"field:{name}:{value}"}),
             h("span", {"class": "choice-text"}, h("span", None, label),
               h("small", None, hint) if hint else None))


def _reach(kind: PieceType) -> str:
    return f"Each shell lands {kind.shortest} to {kind.longest} squares ahead."


def _name_input(player: str, value: str, placeholder: str | None = None) -> El:
    return h("input", {"type": "text", "name": f"name-{player}", "value": value,
                       "maxlength": str(NAME_MAX), "autocomplete": "off", "spellcheck": "false",
                       "placeholder": placeholder or f"Player {player}", "data-action": "field",
                       "data-arg": f"name-{player}", "data-key": f"field:name-{player}"})


LEVEL_WORDS = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


def _computer_fields(form: dict) -> El:
    return h("fieldset", None, h("legend", None, "Against the computer"),
             h("label", {"class": "field"}, h("span", None, "Your name"),
               _name_input("A", form["names"]["A"], "You")),
             h("div", {"class": "choice-row", "role": "group", "aria-label": "Level"},
               *(_radio("level", lv, form["level"], LEVEL_WORDS.get(lv, lv)) for lv in form["levels"])),
             h("div", {"class": "choice-row", "role": "group", "aria-label": "Your side"},
               _radio("side", "first", form["side"], "I play first"),
               _radio("side", "second", form["side"], "I play second"),
               _radio("side", "random", form["side"], "Random")))


def render_start(model: dict) -> El:
    form = model["form"]
    saved = model["saved"]
    names = form["names"]
    custom = form["limit"] == "custom"
    computer = form["opponent"] == "computer"
    saved_part = None
    if saved is not None:
        if saved["ok"]:
            a, b = (saved["names"][p] or f"Player {p}" for p in "AB")
            what = ("finished" if saved["over"] else
                    "placing pieces" if saved["phase"] == "placement" else f"turn {saved['turn']}")
            label = "Review the last game" if saved["over"] else "Resume the saved game"
            saved_part = h("section", {"class": "card saved"},
                           h("h2", None, "Saved game"),
                           h("p", None, f"{a} against {b}, {what}."),
                           button(label, "resume", cls="primary"))
        elif saved.get("lost"):
            saved_part = h("section", {"class": "card saved"},
                           h("p", None, "The last game could not be saved on this device (its "
                             "storage was full), so it cannot be resumed."))
        else:
            saved_part = h("section", {"class": "card saved"},
                           h("p", None, "A saved game is here but cannot be resumed. It is kept "
                             "as it is until you start a new game."),
                           h("p", {"class": "hint"}, "Its file holds both players' hidden pieces: "
                             "do not let a player of that game open it."),
                           button("Export it as it is", "export", "saved"))
    confirm = None
    if form["confirm_replace"]:
        confirm = h("div", {"class": "confirm", "role": "alert"},
                    h("p", None, "Starting a new game replaces the saved game. It cannot be undone."),
                    h("div", {"class": "actions"},
                      button("Replace the saved game", "new-game", "replace", cls="danger",
                             autofocus=True),
                      button("Keep it", "new-game", "keep"),
                      None if saved is None or saved["ok"] or saved.get("lost") else
                      button("Export it first", "export", "saved")))
    return h("div", {"class": "start"},
             saved_part,
             h("form", {"class": "card start-form", "data-action": "new-game", "novalidate": True,
                        "aria-labelledby": "new-game-title"},
               h("h2", {"id": "new-game-title"}, "New game"),
               h("p", {"class": "hint"},
                 "A friend on this device (you pass it between turns), or the computer."),
               h("fieldset", None, h("legend", None, "Opponent"),
                 _radio("opponent", "person", form["opponent"], "Two people",
                        "One device, passed between you behind a curtain."),
                 _radio("opponent", "computer", form["opponent"], "The computer",
                        "It knows only what a player in its seat would know.")),
               _computer_fields(form) if computer else
               h("fieldset", None, h("legend", None, "Players"),
                 *(h("label", {"class": "field"},
                     h("span", None, f"Player {p}", h("small", None, hint)),
                     _name_input(p, names[p]))
                   for p, hint in (("A", " · plays first"), ("B", " · plays second")))),
               h("fieldset", None, h("legend", None, "Variant"),
                 _radio("variant", "classic", form["variant"], "Classic"),
                 _radio("variant", "craters", form["variant"], "Craters",
                        "Every shot leaves a crater: no piece may cross it, no square is shot twice.")),
               h("fieldset", None, h("legend", None, "Turn limit"),
                 _radio("limit", "off", form["limit"], "None", "Play until one side is wiped out."),
                 _radio("limit", "suggested", form["limit"], f"{SUGGESTED_TURN_LIMIT} turns",
                        "One page of the paper pad."),
                 _radio("limit", "custom", form["limit"], "Custom"),
                 h("label", {"class": "field custom-limit"},
                   h("span", None, "Turns"),
                   h("input", {"type": "number", "name": "custom-limit", "min": "1",
                               "max": str(TURN_LIMIT_MAX),
                               "inputmode": "numeric", "value": form["custom_limit"],
                               "data-action": "field", "data-arg": "custom-limit",
                               "data-key": "field:custom-limit"})) if custom else None),
               h("fieldset", None, h("legend", None, "Pieces"),
                 _radio("loadout", "HM", form["loadout"], "All heavy mortars", _reach(PieceType.HM)),
                 _radio("loadout", "LH", form["loadout"], "All light howitzers", _reach(PieceType.LH)),
                 _radio("loadout", "secret", form["loadout"], "Secret loadout",
                        "Each player picks each piece's type; the other never learns it.")),
               h("fieldset", None, h("legend", None, "Aid"),
                 _radio("radar", "off", "on" if form["radar"] else "off", "No radar"),
                 _radio("radar", "on", "on" if form["radar"] else "off", "Radar allowed",
                        "On your own turn, a map of where the enemy may be, worked out only from "
                        "what you know. Both players see that it is allowed.")),
               _status(form["error"], error=True),
               confirm or h("button", {"type": "submit", "class": "primary big", "data-key": "start"},
                            "Start the game")),
             h("section", {"class": "card more"},
               h("a", {"class": "button", "href": RULES_URL}, "How to play"),
               h("label", {"class": "button file"},
                 "Review a game record…",
                 h("input", {"type": "file", "accept": ".json,application/json",
                             "data-action": "import", "data-key": "import", "class": "file-input"}))),
             h("p", {"class": "about"},
               "Mortar Hunt by Predrag and Dragan Lazović. "
               "This browser version plays by their rules; it runs entirely on this device."))


# --- curtain ---------------------------------------------------------------------------------


def render_curtain(model: dict) -> El:
    name, other = model["name"], model["other"]
    kicker = "Placing the pieces" if model["stage"] == "placement" else f"Turn {model['turn']}"
    return h("div", {"class": "curtain", "role": "dialog", "aria-modal": "true",
                     "aria-labelledby": "curtain-title"},
             h("div", {"class": "curtain-box"},
               h("p", {"class": "kicker"}, kicker),
               h("h2", {"id": "curtain-title"}, f"Pass the device to {name}"),
               h("p", None, f"{other}, please look away. {name}, reveal your board when only "
                 "you can see the screen."),
               button(f"I am {name} — show my board", "reveal", cls="primary big", autofocus=True,
                      arm="long"),
               button("Back to the start screen", "menu", cls="quiet")))


# --- placement -------------------------------------------------------------------------------


# --- game over and review --------------------------------------------------------------------


def render_review(model: dict) -> El:
    """One battlefield (issue 9): the board with both sides at this step and the step's shot
    drawn from the piece that fired to its target, the step controls beside it, both pads in
    the Pad tab on a phone (beside the board on a desktop)."""
    names = model["names"]
    over = model["screen"] == "over"
    title = "Game over" if over else "Game record"
    step, total = model["step"], model["total"]
    board = None
    if model["board"] is not None:
        shot = model["shot"]
        lines = None
        if shot is not None:
            # drawn by the event layer from the squares' places on screen (mortar/ui/events.py)
            lines = h("svg", {"class": ["shot-lines", "hit" if shot["hit"] else "miss",
                                        f"by-{shot['player'].lower()}"],
                              "aria-hidden": "true", "focusable": "false",
                              "data-from": shot["from"], "data-to": shot["at"]},
                      h("line", {"class": "shot-path"}),
                      h("circle", {"class": "shot-end", "r": "6"}))
        belief = model.get("belief")
        board = render_board(model["board"], "A", interactive=False, extra=lines,
                             radar={"heat": belief["heat"]} if belief else None,
                             label=f"The board at this point: {names['A']} (A) at the bottom, "
                                   f"{names['B']} (B) at the top")
    where = "Start: the pieces as placed" if step == 0 else model["step_text"]
    tools = None
    if model.get("belief"):
        who = names[model["belief"]["player"]]
        tools = h("div", {"class": "board-tools"},
                  button("What the computer believed", "radar", cls="small radar-toggle",
                         pressed=False, aria_label=f"Show what {who} believed at this step"))
    replay = h("section", {"class": "controls replay", "aria-label": "Replay"},
               h("div", {"class": "row replay-row"},
                 button("|◀", "replay", "first", disabled=step == 0, aria_label="To the start"),
                 button("◀", "replay", "prev", disabled=step == 0, aria_label="Step back"),
                 h("span", {"class": "replay-pos"}, f"{step} / {total}"),
                 button("▶", "replay", "next", disabled=step == total, aria_label="Step forward"),
                 button("▶|", "replay", "last", disabled=step == total, aria_label="To the end"),
                 button("Play", "autoplay", cls="autoplay", pressed=False,
                        aria_label="Play the game through")),
               h("p", {"class": "replay-text", "aria-live": "polite"}, where),
               h("ul", {"class": "loadouts"},
                 [h("li", None, h("span", {"class": f"who own-{p.lower()}"}, f"{names[p]} ({p})"),
                    f": {text}") for p, text in model["pieces"].items()]))
    pads = [h("section", {"class": "review-side", "data-player": p, "aria-label": f"{names[p]} ({p})"},
              h("h3", None, f"{names[p]} ({p})"),
              render_pad(model["pads"][p], title=f"{names[p]}'s pad ({p})",
                         current_turn=model["turn"] or None))
            for p in ("A", "B") if p in model["pads"]]
    actions = [button("Export the record (JSON)", "export", cls="small"),
               button("Copy the record", "export", "copy", cls="small"),
               button("Share…", "export", "share", cls="small share"),
               h("label", {"class": "button file small"}, "Review another record…",
                 h("input", {"type": "file", "accept": ".json,application/json",
                             "data-action": "import", "data-key": "import", "class": "file-input"}))]
    if model["can_rematch"]:
        actions.append(button("Rematch", "rematch", cls="primary small"))
    actions.append(button("New game", "menu", cls="small") if over else
                   button("Close", "close-review", cls="small"))
    return h("div", {"class": ["review", "turn-layout", "review-layout", f"tab-{model['tab']}",
                               "has-radar" if model.get("belief") else None]},
             h("header", {"class": "bar"},
               h("div", {"class": "bar-row"}, _title(title), _tabs(model)),
               h("p", {"class": "outcome"}, model["outcome_text"])),
             h("div", {"class": "board-col"}, board, tools) if board is not None else None,
             replay,
             h("aside", {"class": "pad-col", "aria-label": "Both pads"},
               h("div", {"class": "review-grid"}, pads)),
             h("div", {"class": "footer-actions actions"}, actions))


def render_play(model: dict) -> El:
    from .turnview import render_placement, render_turn  # (turnview imports this module)

    return render_placement(model) if model["screen"] == "placement" else render_turn(model)


def render_thinking(model: dict) -> El:
    what = "places its pieces" if model["stage"] == "placement" else f"plays turn {model['turn']}"
    return h("div", {"class": "thinking", "role": "status", "aria-busy": "true"},
             h("div", {"class": "curtain-box"},
               h("p", {"class": "kicker"}, "The computer's turn"),
               h("h2", {"class": "screen-title", "tabindex": "-1"}, f"The computer {what}…"),
               h("div", {"class": "spinner", "aria-hidden": "true"})))


SCREENS = {
    "start": render_start,
    "curtain": render_curtain,
    "placement": render_play,
    "turn": render_play,
    "thinking": render_thinking,
    "over": render_review,
    "review": render_review,
}

__all__ = ["render", "SHAPE_SYMBOL"]
