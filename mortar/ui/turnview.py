"""The Mortar Hunt player's own screens: placement and a turn, as element trees built from the
models of :mod:`mortar.ui.turnmodel` (pure Python). Every rule word and number comes in the model."""

from __future__ import annotations

from typing import Any

from .board import render_board
from .html import El, h
from .padview import render_pad
from .render import _status, _tabs, _title, button, compass, piece_badge
from .scene import TYPE_WORD, position_text, report_text

STEP_LABELS = {"forward": "Forward", "back": "Back", "left": "Turn left", "right": "Turn right"}
STEP_SYMBOLS = {"forward": "↑", "back": "↓", "left": "↺", "right": "↻"}


def _piece_name(p: dict) -> str:
    return f"{TYPE_WORD[p['type']]} {p['number']}"


def render_placement(model: dict) -> El:
    player, name = model["player"], model["name"]
    rows = model["rows"]
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
                      [button(f"{t['word'].capitalize()} · range {t['range']}", "piece-type",
                              t["name"], cls="type-btn", pressed=selected["type"] == t["name"])
                       for t in model["types"]])
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
        facts.append(h("li", None, f"Turns without a shot: {model['skips']} of {model['max_skips']}"))
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
             _status("This is your last piece: sacrificing it loses the game." if sac["last"]
                     else None, error=True),
             _status(model["message"], error=True),
             button(f"Sacrifice piece {n}" if n else "Sacrifice", "sacrifice", cls="danger big",
                    disabled=n is None))


def _result_controls(model: dict) -> El:
    result = model["result"]
    kind = result["kind"]
    cls = ["result", "hit" if result.get("hit") else "miss" if kind == "shot" else None]
    symbol = "◉ " if result.get("hit") else "○ " if kind == "shot" else ""
    next_label = ("See the final result" if result["over"] else
                  "Let the computer play" if model.get("computer") else
                  f"Hide my board and pass to {model['other']}")
    return h("section", {"class": "controls result-controls", "aria-label": "Result"},
             h("p", {"class": cls}, h("span", {"aria-hidden": "true"}, symbol), result["text"]),
             h("p", {"class": "hint"}, "This turn is played and saved; it cannot be taken back."),
             button(next_label, "end-turn", cls="primary big", autofocus=True, arm=True))
