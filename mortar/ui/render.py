"""Screens as element trees, built from :meth:`mortar.ui.flow.Flow.model` only (pure Python).

Every control carries ``data-action`` (the intent) and ``data-arg``; one delegated listener per
event type dispatches them (:mod:`mortar.ui.events`). ``data-key`` names a control across
re-renders so keyboard focus can be put back where it was.
"""

from __future__ import annotations

from typing import Any

from .board import render_board, screen_direction
from .html import El, h
from .padview import SHAPE_SYMBOL, render_pad
from .scene import SHAPES, TYPE_WORD, facing_word, position_text, report_text

RULES_URL = "./static/rules.html"
COMPASS_SLOTS = [7, 0, 1, 6, None, 2, 5, 4, 3]  # on-screen directions, row by row
ARROWS = "↑↗→↘↓↙←↖"
STEP_LABELS = {"forward": "Forward", "back": "Back", "left": "Turn left", "right": "Turn right"}
STEP_SYMBOLS = {"forward": "↑", "back": "↓", "left": "↺", "right": "↻"}
FACINGS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def render(model: dict[str, Any]) -> El:
    screen = model["screen"]
    body = SCREENS[screen](model)
    return h("div", {"class": ["screen", f"screen-{screen}"], "data-screen": screen},
             _notice(model), body)


# --- small parts ---------------------------------------------------------------------------


def button(label: Any, action: str, arg: str | None = None, *, cls: Any = None,
           disabled: bool = False, pressed: bool | None = None, aria_label: str | None = None,
           autofocus: bool = False, describedby: str | None = None, arm: bool = False) -> El:
    """A button for an intent. ``arm``: it ignores presses until it has been on screen for a
    moment (set by the event layer), so a double tap on the previous screen's button cannot
    reveal the next player's board or skip a shot's result."""
    key = f"{action}:{arg}" if arg is not None else action
    return h("button", {
        "type": "button", "class": cls, "data-action": action, "data-arg": arg, "data-key": key,
        "disabled": disabled, "aria-pressed": None if pressed is None else str(pressed).lower(),
        "aria-label": aria_label, "data-autofocus": autofocus, "aria-describedby": describedby,
        "data-arm": arm,
    }, label)


def _title(text: str) -> El:
    """The screen's heading: focused when a new screen appears (keyboard and screen readers
    start there)."""
    return h("h2", {"tabindex": "-1", "class": "screen-title"}, text)


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
             button("Board", "tab", "board", pressed=tab == "board", cls="tab"),
             button("Pad", "tab", "pad", pressed=tab == "pad", cls="tab"))


# --- start -----------------------------------------------------------------------------------


def _radio(name: str, value: str, current: str, label: Any, hint: str | None = None) -> El:
    return h("label", {"class": "choice"},
             h("input", {"type": "radio", "name": name, "value": value, "checked": value == current,
                         "data-action": "field", "data-arg": name, "data-key": f"field:{name}:{value}"}),
             h("span", {"class": "choice-text"}, h("span", None, label),
               h("small", None, hint) if hint else None))


def render_start(model: dict) -> El:
    form = model["form"]
    saved = model["saved"]
    names = form["names"]
    custom = form["limit"] == "custom"
    saved_part = None
    if saved is not None:
        if saved["ok"]:
            a, b = (saved["names"][p] or f"Player {p}" for p in "AB")
            what = ("finished" if saved["over"] else
                    "placing pieces" if saved["phase"] == "setup" else f"turn {saved['turn']}")
            label = "Review the last game" if saved["over"] else "Resume the saved game"
            saved_part = h("section", {"class": "card saved"},
                           h("h2", None, "Saved game"),
                           h("p", None, f"{a} against {b}, {what}."),
                           button(label, "resume", cls="primary"))
        else:
            saved_part = h("section", {"class": "card saved"},
                           h("p", None, "A saved game is here but cannot be resumed. It is kept "
                             "as it is until you start a new game."),
                           button("Export it as it is", "export", "saved"))
    confirm = None
    if form["confirm_replace"]:
        confirm = h("div", {"class": "confirm", "role": "alert"},
                    h("p", None, "Starting a new game replaces the saved game. It cannot be undone."),
                    h("div", {"class": "actions"},
                      button("Replace the saved game", "new-game", "replace", cls="danger",
                             autofocus=True),
                      button("Keep it", "new-game", "keep"),
                      None if saved is None or saved["ok"] else
                      button("Export it first", "export", "saved")))
    return h("div", {"class": "start"},
             saved_part,
             h("form", {"class": "card start-form", "data-action": "new-game", "novalidate": True,
                        "aria-labelledby": "new-game-title"},
               h("h2", {"id": "new-game-title"}, "New game"),
               h("p", {"class": "hint"}, "Two players, one device: you pass it between turns."),
               h("fieldset", None, h("legend", None, "Players"),
                 *(h("label", {"class": "field"},
                     h("span", None, f"Player {p}", h("small", None, hint)),
                     h("input", {"type": "text", "name": f"name-{p}", "value": names[p],
                                 "maxlength": "40", "autocomplete": "off", "spellcheck": "false",
                                 "placeholder": f"Player {p}", "data-action": "field",
                                 "data-arg": f"name-{p}", "data-key": f"field:name-{p}"}))
                   for p, hint in (("A", " · plays first, rows 1–4"), ("B", " · rows 6–9")))),
               h("fieldset", None, h("legend", None, "Variant"),
                 _radio("variant", "classic", form["variant"], "Classic"),
                 _radio("variant", "craters", form["variant"], "Craters",
                        "Every shot leaves a crater: no piece may cross it, no square is shot twice.")),
               h("fieldset", None, h("legend", None, "Turn limit"),
                 _radio("limit", "off", form["limit"], "None", "Play until one side is wiped out."),
                 _radio("limit", "28", form["limit"], "28 turns", "One page of the paper pad."),
                 _radio("limit", "custom", form["limit"], "Custom"),
                 h("label", {"class": "field custom-limit"},
                   h("span", None, "Turns"),
                   h("input", {"type": "number", "name": "custom-limit", "min": "1", "max": "999",
                               "inputmode": "numeric", "value": form["custom_limit"],
                               "data-action": "field", "data-arg": "custom-limit",
                               "data-key": "field:custom-limit"})) if custom else None),
               h("fieldset", None, h("legend", None, "Pieces"),
                 _radio("loadout", "HM", form["loadout"], "All heavy mortars",
                        "Each shell lands 3 to 5 squares ahead."),
                 _radio("loadout", "LH", form["loadout"], "All light howitzers",
                        "Each shell lands 5 to 7 squares ahead."),
                 _radio("loadout", "secret", form["loadout"], "Secret loadout",
                        "Each player picks each piece's type; the other never learns it.")),
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
                      arm=True),
               _status("This device could not save the game: a reload would lose it."
                       if model.get("save_failed") else None, error=True),
               button("Back to the start screen", "menu", cls="quiet")))


# --- placement -------------------------------------------------------------------------------


def render_placement(model: dict) -> El:
    player, name = model["player"], model["name"]
    rows = "1–4" if player == "A" else "6–9"
    pieces = model["pieces"]
    selected = pieces[model["selected"] - 1]
    board = render_board(model["board"], player, label=f"{name}'s board: your half, rows {rows}, "
                         "is at the bottom")
    piece_buttons = []
    for p in pieces:
        where = position_text(f"{p['square']}/{p['facing']}") if p["square"] else "not placed yet"
        piece_buttons.append(button(
            [piece_badge(p["number"], player, p["type"]),
             h("span", {"class": "piece-text"},
               h("strong", None, f"Piece {p['number']}"),
               h("small", None, f"{TYPE_WORD[p['type']]} · {where}"))],
            "select", str(p["number"]), cls="piece-btn", pressed=p["selected"],
            aria_label=f"Piece {p['number']}, {TYPE_WORD[p['type']]}, {where}"))
    n = selected["number"]
    if selected["square"]:
        hint = (f"Piece {n} is on {selected['square']}. Set its facing, tap another square to move "
                "it there, or pick the next piece.")
    else:
        hint = f"Tap a square in your half (rows {rows}) to put piece {n} there."
    type_part = None
    if model["secret"]:
        type_part = h("div", {"class": "types", "role": "group", "aria-label": f"Type of piece {n}"},
                      button("Heavy mortar · range 3–5", "piece-type", "HM", cls="type-btn",
                             pressed=selected["type"] == "HM"),
                      button("Light howitzer · range 5–7", "piece-type", "LH", cls="type-btn",
                             pressed=selected["type"] == "LH"))
    error = model["error"]
    controls = h("section", {"class": "controls placement-controls", "aria-label": "Placement"},
                 h("div", {"class": "piece-list", "role": "group", "aria-label": "Your pieces"},
                   piece_buttons),
                 h("div", {"class": "piece-edit"},
                   h("p", {"class": "hint"}, hint),
                   h("p", {"class": "compass-caption"}, f"Facing of piece {n}:"),
                   h("div", {"class": "edit-row"},
                     compass(player, current=selected["facing"], allowed=None, action="facing",
                             center=piece_badge(n, player, selected["type"]),
                             label=f"Facing of piece {n}"),
                     h("div", {"class": "edit-side"},
                       type_part,
                       button(f"Remove piece {n}", "remove", cls="quiet",
                              disabled=not selected["square"]))),
                   ),
                 _status(model["message"], error=True),
                 _status(error, error=not model["incomplete"], id_="placement-reason") if error else
                 _status("Ready: all three pieces are placed.", id_="placement-reason"),
                 button("Confirm placement", "confirm-placement", cls="primary big",
                        disabled=not model["can_confirm"], describedby="placement-reason"))
    return h("div", {"class": "turn-layout"},
             h("header", {"class": "bar"},
               _title(f"{name} ({player}): place your pieces"),
               h("p", {"class": "hint"}, f"Three pieces on your half, rows {rows}. "
                 f"{model['other']} must not look.")),
             h("div", {"class": "play"},
               h("div", {"class": "board-col"}, board),
               h("div", {"class": "side-col"}, controls)))


# --- a turn ----------------------------------------------------------------------------------


def _facts(model: dict) -> El:
    me, other = model["player"], "B" if model["player"] == "A" else "A"
    score = model["score"]
    facts = [
        h("li", None, f"Score: you {score[me]}, {model['other']} {score[other]}"),
        h("li", None, f"{model['other']} has {model['enemy_alive']} piece"
          f"{'s' if model['enemy_alive'] != 1 else ''} left"
          + (f" ({TYPE_WORD[model['enemy_type']]}s)" if model["enemy_type"] else "")),
    ]
    if model["must_shoot"]:
        facts.append(h("li", {"class": "must"},
                       h("span", {"aria-hidden": "true"}, "⚠ "),
                       "You must fire this turn (no shot in your last two turns)"))
    else:
        facts.append(h("li", None, f"Turns without a shot: {model['skips']} of 2"))
    if model["turn_limit"]:
        facts.append(h("li", None, f"Turn limit: {model['turn_limit']}"))
    if model["variant"] == "craters":
        facts.append(h("li", None, "Craters variant"))
    return h("ul", {"class": "facts"}, facts)


def render_turn(model: dict) -> El:
    player, name = model["player"], model["name"]
    stage = model["stage"]
    board = render_board(model["board"], player,
                         label=f"{name}'s board: your half is at the bottom")
    report = None
    if model["report"] is not None and stage != "result":
        report = h("p", {"class": ["report", "hit" if model["report"].get("hit") else None]},
                   h("strong", None, f"Turn {model['report']['turn']}: "),
                   report_text(model["report"], model["other"]))
    controls = {"move": _move_controls, "fire": _fire_controls, "sacrifice": _sacrifice_controls,
                "result": _result_controls}[stage](model)
    footer = None
    if stage != "result":
        if model["resign_asked"]:
            footer = h("div", {"class": "confirm-box", "role": "alertdialog",
                               "aria-labelledby": "resign-q"},
                       h("p", {"id": "resign-q"}, f"Resign this game? {model['other']} wins."),
                       button("Yes, resign", "resign-confirm", cls="danger", autofocus=True),
                       button("No, keep playing", "resign-cancel"))
        else:
            footer = h("div", {"class": "footer-actions"},
                       button("Resign…", "resign", cls="quiet"),
                       button("Leave (the game is saved)", "menu", cls="quiet"))
    pad = render_pad(model["pad"], title=f"{name}'s pad ({player})", current_turn=model["turn"])
    return h("div", {"class": ["turn-layout", f"tab-{model['tab']}"]},
             h("header", {"class": "bar"},
               _title(f"Turn {model['turn']} · {name} ({player})"),
               _facts(model)),
             report,
             _tabs(model),
             h("div", {"class": "play"},
               h("div", {"class": "board-col"}, board),
               h("div", {"class": "side-col"}, controls),
               h("aside", {"class": "pad-col", "aria-label": "Your pad"}, pad)),
             footer)


def _piece_choice(model: dict, action: str, *, selected: int | None, info) -> El:
    buttons = []
    for p in model["pieces"]:
        text, enabled = info(p)
        buttons.append(button(
            [piece_badge(p["number"], model["player"], p["type"]),
             h("span", {"class": "piece-text"}, h("strong", None, _piece_name(p).capitalize()),
               h("small", None, text))],
            action, str(p["number"]), cls="piece-btn", pressed=selected == p["number"],
            disabled=not enabled, aria_label=f"{_piece_name(p).capitalize()}, {text}"))
    return h("div", {"class": "piece-list", "role": "group", "aria-label": "Your pieces"}, buttons)


def _move_controls(model: dict) -> El:
    move = model["move"]

    def info(p):
        if not p["alive"]:
            return "destroyed", False
        if not p["movable"]:
            return f"{position_text(p['position'])} · cannot move", False
        return position_text(p["position"]), True

    parts: list[Any] = [h("h3", None, h("span", {"class": "step-no"}, "1"), "Move one piece"),
                        _piece_choice(model, "select", selected=move["piece"], info=info)]
    if move["piece"] is None:
        parts.append(h("p", {"class": "hint"}, "Tap the piece to move, here or on the board."))
    else:
        nxt = move["next"]
        steps_text = ", ".join(STEP_LABELS[s].lower() for s in move["steps"]) or "none yet"
        step_buttons = []
        for step in ("left", "forward", "right", "back"):
            to = nxt[step]
            step_buttons.append(button(
                [h("span", {"class": "step-symbol", "aria-hidden": "true"}, STEP_SYMBOLS[step]),
                 h("span", None, STEP_LABELS[step]),
                 h("small", None, to if to else "—")],
                "step", step, cls=["step-btn", f"step-{step}"], disabled=to is None,
                aria_label=STEP_LABELS[step] + (f", to {position_text(to)}" if to else ", not possible")))
        parts.append(h("div", {"class": "builder"},
                       h("p", {"class": "hint"},
                         f"From {position_text(move['start'])}. Steps: {steps_text}."
                         + (f" Ends on {position_text(move['end'])}." if move["end"] else "")),
                       h("div", {"class": "step-grid", "role": "group", "aria-label": "Steps"},
                         step_buttons),
                       h("div", {"class": "row"},
                         button("Undo step", "undo-step", disabled=not move["steps"]),
                         button("Start over", "clear-move",
                                disabled=not (move["steps"] or move["dest"]))),
                       h("p", {"class": "hint"},
                         "Or tap a highlighted square on the board, then pick the facing.")))
        if move["dest"]:
            parts.append(h("div", {"class": "dest-facing"},
                           h("p", None, f"Facing at {move['dest']}:"),
                           compass(model["player"], current=move["dest_facing"],
                                   allowed=move["facings"], action="facing",
                                   center=h("span", None, move["dest"]),
                                   label=f"Facing at the end of the move on {move['dest']}")))
    parts.append(_status(model["message"], error=True))
    error = move["error"]
    if error and move.get("end"):
        parts.append(_status(error, error=True, id_="move-reason"))
    parts.append(button("Confirm move", "confirm-move", cls="primary big", disabled=bool(error),
                        describedby="move-reason" if error and move.get("end") else None))
    return h("section", {"class": "controls move-controls", "aria-label": "Move"}, parts)


def _fire_controls(model: dict) -> El:
    fire = model["fire"]

    def info(p):
        if not p["alive"]:
            return "destroyed", False
        count = len(p["targets"])
        if not count:
            return f"{position_text(p['position'])} · no target", False
        return f"{position_text(p['position'])} · {count} target{'s' if count != 1 else ''}", True

    mv = fire["move"]
    parts: list[Any] = [
        h("h3", None, h("span", {"class": "step-no"}, "2"), "Fire, or hold fire"),
        h("p", {"class": "hint"}, f"Piece {mv['piece']} moves to {position_text(mv['to'])}. ",
          button("Change the move", "change-move", cls="quiet small")),
    ]
    if fire["any_target"]:
        parts.append(_piece_choice(model, "select", selected=fire["piece"], info=info))
        chosen = next((p for p in model["pieces"] if p["number"] == fire["piece"]), None)
        if chosen is not None and chosen["targets"]:
            parts.append(h("div", {"class": "targets", "role": "group",
                                   "aria-label": f"Targets of {_piece_name(chosen)}"},
                           [button(t, "square", t, cls="target-btn", pressed=t == fire["target"],
                                   aria_label=f"Target {t}") for t in chosen["targets"]]))
            parts.append(h("p", {"class": "hint"}, "Tap a target here or on the board."))
    else:
        parts.append(h("p", {"class": "hint"}, "None of your pieces has a target from where they stand."))
    parts.append(_status(model["message"], error=True))
    fire_label = f"Fire at {fire['target']}" if fire["target"] else "Fire"
    parts.append(h("div", {"class": "row"},
                   button(fire_label, "fire", cls="primary big", disabled=fire["target"] is None),
                   button("Don't fire", "skip", cls="big", disabled=not fire["can_skip"],
                          describedby="skip-reason" if not fire["can_skip"] else None)))
    if not fire["can_skip"]:
        parts.append(_status(fire["skip_error"], error=True, id_="skip-reason"))
    return h("section", {"class": "controls fire-controls", "aria-label": "Fire"}, parts)


def _sacrifice_controls(model: dict) -> El:
    sac = model["sacrifice"]

    def info(p):
        return (position_text(p["position"]), True) if p["alive"] else ("destroyed", False)

    n = sac["selected"]
    return h("section", {"class": "controls sacrifice-controls", "aria-label": "Sacrifice"},
             h("h3", None, "You must sacrifice a piece"),
             h("p", None, "You must fire this turn, but no move would give any of your pieces a "
               "target. So you lose one piece of your choice; your opponent learns its square. "
               "That is your whole turn."),
             _piece_choice(model, "select", selected=n, info=info),
             _status(model["message"], error=True),
             button(f"Sacrifice piece {n}" if n else "Sacrifice", "sacrifice", cls="danger big",
                    disabled=n is None))


def _result_controls(model: dict) -> El:
    result = model["result"]
    kind = result["kind"]
    cls = ["result", "hit" if result.get("hit") else "miss" if kind == "shot" else None]
    symbol = "◉ " if result.get("hit") else "○ " if kind == "shot" else ""
    next_label = ("See the final result" if result["over"] else
                  f"Hide my board and pass to {model['other']}")
    return h("section", {"class": "controls result-controls", "aria-label": "Result"},
             h("p", {"class": cls}, h("span", {"aria-hidden": "true"}, symbol), result["text"]),
             h("p", {"class": "hint"}, "This turn is played and saved; it cannot be taken back."),
             button(next_label, "end-turn", cls="primary big", autofocus=True, arm=True))


# --- game over and review --------------------------------------------------------------------


def render_review(model: dict) -> El:
    names = model["names"]
    over = model["screen"] == "over"
    title = "Game over" if over else "Game record"
    sides = []
    for p in ("A", "B"):
        if p not in model["boards"]:
            continue
        board = render_board(model["boards"][p], p, interactive=False,
                             label=f"{names[p]}'s board ({p}) at this point")
        pad = render_pad(model["pads"][p], title=f"{names[p]}'s pad ({p})",
                         current_turn=model["turn"] or None)
        sides.append(h("section", {"class": "review-side", "data-player": p,
                                   "aria-label": f"{names[p]} ({p})"},
                       h("h3", None, f"{names[p]} ({p})"), board, pad))
    step, total = model["step"], model["total"]
    where = "Start: the pieces as placed" if step == 0 else model["step_text"]
    replay = h("div", {"class": "replay", "role": "group", "aria-label": "Replay"},
               h("div", {"class": "row replay-row"},
                 button("|◀", "replay", "first", disabled=step == 0, aria_label="To the start"),
                 button("◀", "replay", "prev", disabled=step == 0, aria_label="Step back"),
                 h("span", {"class": "replay-pos"}, f"{step} / {total}"),
                 button("▶", "replay", "next", disabled=step == total, aria_label="Step forward"),
                 button("▶|", "replay", "last", disabled=step == total, aria_label="To the end")),
               h("p", {"class": "replay-text", "aria-live": "polite"}, where))
    actions = [button("Export the record (JSON)", "export"),
               h("label", {"class": "button file"}, "Review another record…",
                 h("input", {"type": "file", "accept": ".json,application/json",
                             "data-action": "import", "data-key": "import", "class": "file-input"}))]
    if model["can_rematch"]:
        actions.append(button("Rematch", "rematch", cls="primary"))
    actions.append(button("New game", "menu") if over else button("Close", "close-review"))
    return h("div", {"class": ["review", f"tab-{model['tab']}"]},
             h("header", {"class": "bar"},
               _title(title),
               h("p", {"class": "outcome"}, model["outcome_text"]),
               h("p", {"class": "hint"}, "Both boards and both pads, for the final check. "
                 "Step through the game turn by turn.") if sides else None),
             replay,
             h("div", {"class": "review-grid"}, sides),
             h("div", {"class": "row actions"}, actions))


SCREENS = {
    "start": render_start,
    "curtain": render_curtain,
    "placement": render_placement,
    "turn": render_turn,
    "over": render_review,
    "review": render_review,
}

__all__ = ["render", "SHAPE_SYMBOL"]
