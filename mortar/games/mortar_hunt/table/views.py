"""The Mortar Hunt player's own screens: placement and a turn, as element trees built from the
models of :mod:`.placement` and :mod:`.turn` (pure Python). Every rule word and number comes in the model."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ....table.hints import DEST, TARGET, Hint, points_of
from ....table.html import El, h
from ....table.render import Frame, button, confirm_bar
from ....table.render import tabs as table_tabs
from ....table.render import title as _title
from ....table.words import _, capital, ngettext
from .boardview import board_view
from .padview import render_pad
from .parts import compass, piece_badge
from .scene import position_text, report_text, type_word

# What its hints point at (mortar/table/hints.py), beside the board's marks
AIM = ".sq.aim"  # the target aimed at
STEP = ".step-btn:enabled"  # a step of the move that may be taken
FACING = ".compass-btn:enabled"  # a facing that may be picked
PIECE_BUTTON = ".piece-btn:enabled"  # a piece picked by its button

if TYPE_CHECKING:
    from .models import PieceModel, PlacedModel, PlacementModel, RadarModel, TurnModel

    # What a piece's button says: its state in words, the button's second line, whether it is enabled.
    PieceInfo = Callable[[PieceModel], tuple[str, str, bool]]

PAD_TAB = (("pad", _("Pad")),)  # narrow screens: the pad beside the board's tab
STEP_LABELS = {"forward": _("Forward"), "back": _("Back"), "left": _("Turn left"), "right": _("Turn right")}
STEP_SYMBOLS = {"forward": "↑", "back": "↓", "left": "↺", "right": "↻"}


def _piece_name(p: PieceModel | PlacedModel) -> str:
    return _("{piece} {n}").format(piece=type_word(p["type"]), n=p["number"])


def _short(position: str | None) -> str:
    """``C3/NE`` → ``C3 · NE``: the piece buttons' second line (the full words are in the label)."""
    return position.replace("/", " · ") if position else "—"


def render_placement(model: PlacementModel, frame: Frame) -> El:
    player, name = model["player"], model["name"]
    rows = model["rows"]
    pieces = model["pieces"]
    selected = pieces[model["selected"] - 1]
    board = board_view(model["board"], player, label=_(
        "{name}'s board: your half, rows {rows}, is at the bottom").format(name=name, rows=rows))
    piece_buttons = []
    for p in pieces:
        where = position_text(f"{p['square']}/{p['facing']}") if p["square"] else _("not placed yet")
        short = _short(f"{p['square']}/{p['facing']}") if p["square"] else _("to place")
        piece_buttons.append(button(
            [piece_badge(p["number"], player, p["type"]),
             h("span", {"class": "piece-text"}, piece_word(p["number"]), " ",
               h("small", None, short), sr_only(f", {type_word(p['type'])}, {where}"))],
            "select", str(p["number"]), cls="piece-btn", pressed=p["selected"], shortcut=str(p["number"])))
    n = selected["number"]
    unplaced = [p["number"] for p in pieces if not p["square"]]
    if not selected["square"]:
        hint = _("Pick a square in rows {rows} for piece {n}. Pick a placed piece twice to turn "
                 "it.").format(rows=rows, n=n)
    else:
        hint = _("Piece {n} is on {square}: turn it with the arrows, or pick another square to move "
                 "it.").format(n=n, square=selected["square"])
    error = model["error"]
    message = model["message"] or (error if error and not model["incomplete"] else None)
    if not unplaced and not message and selected["square"] and model["can_confirm"]:
        hint = _("All three are placed: confirm, or turn or move piece {n}.").format(n=n)
    type_part = None
    if model["secret"]:
        type_part = h("div", {"class": "types", "role": "group",
                              "aria-label": _("Type of piece {n}").format(n=n)},
                      [button(_("{piece} · range {range}").format(piece=capital(type_word(t["name"])),
                                                                 range=t["range"]), "piece-type",
                              t["name"], cls="type-btn small", pressed=selected["type"] == t["name"])
                       for t in model["types"]])
    controls = h("section", {"class": "controls placement-controls", "aria-label": _("Placement")},
                 compass(player, current=selected["facing"], allowed=None, action="facing",
                         center=piece_badge(n, player, selected["type"]),
                         label=_("Facing of piece {n}").format(n=n)),
                 h("div", {"class": "edit-side"},
                   type_part,
                   button(_("Remove piece {n}").format(n=n), "remove", cls="small",
                          disabled=not selected["square"]),
                   button(_("Confirm placement"), "confirm-placement", cls="primary confirm",
                          disabled=not model["can_confirm"], describedby="placement-reason")))
    return h("div", {"class": "turn-layout placement-layout"},
             h("header", {"class": "bar"},
               _title(_("{name}: place your pieces").format(name=name)),
               h("p", {"class": "hint sub"}, _("Rows {rows}.").format(rows=rows) if frame.computer
                 else _("Rows {rows}. {name} must not look.").format(rows=rows, name=model["other"]))),
             h("div", {"class": "pieces-col"},
               h("div", {"class": "piece-list", "role": "group", "aria-label": _("Your pieces")},
                 piece_buttons)),
             h("div", {"class": "board-col"}, board),
             h("p", {"class": ["say", "error" if message else None], "data-say": True,
                     "id": "placement-reason"}, message or hint),
             controls)


# --- a turn ----------------------------------------------------------------------------------


def _facts(model: TurnModel) -> El:
    me, other = model["player"], "B" if model["player"] == "A" else "A"
    score = model["score"]
    facts = [
        h("li", None, _("Score: you {mine}, {name} {theirs}").format(
            mine=score[me], name=model["other"], theirs=score[other])),
        h("li", None, ngettext("{name} has {n} piece left", "{name} has {n} pieces left",
                               model["enemy_alive"]).format(name=model["other"], n=model["enemy_alive"])
          + (f" ({type_word(model['enemy_type'])})" if model["enemy_type"] else "")),
        h("li", None, _("Turns without a shot: {n} of {most}").format(n=model["skips"],
                                                                      most=model["max_skips"])),
    ]
    if model["turn_limit"]:
        facts.append(h("li", None, _("Turn limit: {n}").format(n=model["turn_limit"])))
    if model["variant"] == "craters":
        facts.append(h("li", None, _("Craters variant")))
    return h("ul", {"class": "facts"}, facts)


def _warnings(model: TurnModel) -> El | None:
    """What the player must know before acting, always in view (the other facts are in the
    Pad tab on a phone)."""
    out = []
    if model["stage"] == "result":
        return None
    if model["must_shoot"]:
        out.append(h("li", {"class": "must"}, warn_icon(), must_fire(model["max_skips"])))
    if model.get("last_turn"):
        out.append(h("li", {"class": "must"}, warn_icon(),
                     _("Last turn: the game ends after turn {n}.").format(n=model["turn_limit"])))
    return h("ul", {"class": "warnings"}, out) if out else None


def must_fire(skips: int) -> str:
    return ngettext("You must fire this turn: no shot in your last turn.",
                    "You must fire this turn: no shot in your last {n} turns.", skips).format(n=skips)


def piece_word(n: int) -> El:
    return h("strong", None, _("Piece {n}").format(n=n))


def warn_icon() -> El:
    return h("span", {"class": "warn-icon", "aria-hidden": "true"}, "!")


def _radar_lines(radar: RadarModel | None) -> El | None:
    if not radar or not radar.get("lines"):
        return None
    return h("section", {"class": "radar-notes", "aria-label": _("Radar")},
             h("h3", None, _("Radar")),
             h("ul", None, [h("li", None, line) for line in radar["lines"]]))


def sr_only(text: str) -> El:
    """Words for screen readers only (part of a control's name after what it shows)."""
    return h("span", {"class": "sr-only"}, text)


def say(text: str | None, *, error: bool = False) -> El:
    """The line under the board: what to do now, or why a tap did nothing (always the same
    place and height, so that nothing moves when it changes)."""
    return h("p", {"class": ["say", "error" if error else None], "data-say": True,
                   "data-points": points_of(text)}, text)


def render_turn(model: TurnModel, frame: Frame) -> El:
    player, name = model["player"], model["name"]
    stage = model["stage"]
    radar = model.get("radar")
    board = board_view(model["board"], player, radar=radar,
                       label=_("{name}'s board: your half is at the bottom").format(name=name))
    report = None
    if model["report"] is not None and stage != "result":
        report = h("p", {"class": ["report", "hit" if model["report"].get("hit") else None]},
                   h("strong", None, _("Turn {n}:").format(n=model["report"]["turn"]), " "),
                   report_text(model["report"], model["other"]))
    controls_of = {"move": _move_controls, "fire": _fire_controls, "sacrifice": _sacrifice_controls,
                   "result": _result_controls}[stage]
    pieces, hint, controls = controls_of(model, frame)
    message = model["message"]
    line = say(message or hint, error=bool(message)) if stage != "result" else None
    footer = None
    if stage != "result":
        if model["resign_asked"]:
            footer = h("div", {"class": "confirm-box", "role": "alertdialog",
                               "aria-labelledby": "resign-q"},
                       h("p", {"id": "resign-q"}, _("Resign this game? {name} wins.").format(
                           name=model["other"])),
                       button(_("No, keep playing"), "resign-cancel", autofocus=True),
                       button(_("Yes, resign"), "resign-confirm", cls="danger"))
        else:
            footer = h("div", {"class": "footer-actions"},
                       button(_("Resign…"), "resign", cls="quiet small"),
                       button(_("Save and leave"), "menu", cls="quiet small"))
    pad = render_pad(model["pad"], title=_("Your pad ({p})").format(p=player), current_turn=model["turn"])
    turn = model["turn"]
    if stage == "result" and model["result"].get("turn"):
        turn = model["result"]["turn"]  # (the seat has moved on to the next turn)
    board_tools = None
    if radar:
        board_tools = h("div", {"class": "board-tools"},
                        button(_("Radar"), "toggle", "radar-on", cls="small radar-toggle", pressed=False,
                               aria_label=_("Radar: show where the enemy may be")))
    return h("div", {"class": ["turn-layout", f"tab-{frame.tab}", f"stage-{stage}",
                               "has-radar" if radar else None]},
             h("header", {"class": "bar"},
               h("div", {"class": "bar-row"}, _title(_("Turn {n} · {name}").format(n=turn, name=name)),
                 table_tabs(frame.tab, PAD_TAB)),
               _warnings(model)),
             report,
             h("div", {"class": "pieces-col"}, pieces),
             h("div", {"class": "board-col"}, board, board_tools),
             line,
             controls,
             # the Pad tab (beside the board on a wide screen): the facts, the pad, and what is
             # seldom done (resign, leave), out of the way of a turn's taps
             h("aside", {"class": "pad-col", "aria-label": _("Your pad"), "tabindex": "0"},
               _facts(model), _radar_lines(radar), pad, footer))


def _piece_choice(model: TurnModel, action: str, *, selected: int | None, info: PieceInfo) -> El:
    buttons = []
    for p in model["pieces"]:
        text, short, enabled = info(p)
        buttons.append(button(
            # its name is what it shows (a voice command names what it sees), then in words
            [piece_badge(p["number"], model["player"], p["type"]),
             h("span", {"class": "piece-text"}, piece_word(p["number"]), " ",
               h("small", None, short), sr_only(f", {_piece_name(p)}, {text}"))],
            action, str(p["number"]), cls="piece-btn", pressed=selected == p["number"],
            disabled=not enabled, shortcut=str(p["number"])))
    return h("div", {"class": "piece-list", "role": "group", "aria-label": _("Your pieces")}, buttons)


def _move_controls(model: TurnModel, frame: Frame) -> tuple[El, str, El]:
    """The move: the facing compass (the end's facing on its square), a step forward or back,
    undo, confirm. Always the same controls in the same places, enabled or not, whatever was
    tapped: only the words under the board change."""
    move = model["move"]
    player = model["player"]

    def info(p: PieceModel) -> tuple[str, str, bool]:
        if not p["alive"]:
            return _("destroyed"), _("destroyed"), False
        if not p["movable"]:
            return f"{position_text(p['position'])} · {_('cannot move')}", _("cannot move"), False
        return position_text(p["position"]), _short(p["position"]), True

    pieces = _piece_choice(model, "select", selected=move["piece"], info=info)
    picked = move["piece"] is not None
    nxt = move["next"] or {}
    end = move["end"]
    if not picked:
        hint: str = Hint(_("Pick the piece to move, here or on the board."), PIECE_BUTTON)
    elif end is None and set(move["dests"]) <= {move["start"].split("/")[0]}:  # it can only turn
        hint = Hint(_("Piece {n} can only turn where it stands: pick a facing on the compass.").format(
            n=move["piece"]), FACING)
    elif end is None:
        hint = Hint(_("Pick a marked square for piece {n}, or step it with the buttons.").format(
            n=move["piece"]), DEST, STEP)
    elif move["error"]:
        hint = move["error"]
    elif move["quick"] and move["targets"]:
        hint = Hint(_("Piece {n} to {end}. Pick a dashed target to fire from there, or confirm the "
                      "move.").format(n=move["piece"], end=position_text(end)), TARGET)
    else:
        hint = _("Piece {n} to {end}. Confirm the move, or change it.").format(
            n=move["piece"], end=position_text(end))
    steps = []
    for step in ("forward", "back"):
        to = nxt.get(step)
        steps.append(button(
            [h("span", {"class": "step-symbol", "aria-hidden": "true"}, STEP_SYMBOLS[step]),
             h("span", {"class": "step-word"}, STEP_LABELS[step])],
            "step", step, cls=["step-btn", f"step-{step}"], disabled=to is None,
            aria_label=(_("{step}, to {end}").format(step=STEP_LABELS[step], end=position_text(to)) if to
                        else _("{step}, not possible").format(step=STEP_LABELS[step]))))
    at = move.get("at") or ""
    compass_part = compass(player, current=move.get("facing") if picked else None,
                           allowed=move["facings"] if picked else [],
                           action="facing", center=h("span", None, at),
                           label=_("Facing at the end of the move on {square}").format(square=at) if at else
                    _("Facing at the end of the move"))
    error = move["error"]
    return pieces, hint, h("section", {"class": "controls move-controls", "aria-label": _("Move")},
                           compass_part,
                           h("div", {"class": "move-side"},
                             h("div", {"class": "step-row", "role": "group", "aria-label": _("Steps")},
                               steps),
                             button(_("Undo step"), "undo-step", cls="small", disabled=not move["steps"]),
                             button(_("Confirm move"), "confirm-move", cls="primary confirm",
                                    disabled=bool(error))))


def _fire_controls(model: TurnModel, frame: Frame) -> tuple[El | None, str, El]:
    fire = model["fire"]

    def info(p: PieceModel) -> tuple[str, str, bool]:
        if not p["alive"]:
            return _("destroyed"), _("destroyed"), False
        count = len(p["targets"])
        if not count:
            return f"{position_text(p['position'])} · {_('no target')}", _("no target"), False
        many = ngettext("{n} target", "{n} targets", count).format(n=count)
        return f"{position_text(p['position'])} · {many}", many, True

    mv = fire["move"]
    pieces = _piece_choice(model, "select", selected=fire["piece"], info=info)
    target = fire["target"]
    quick = fire.get("quick", True)
    if not fire["any_target"]:
        hint: str = _("None of your pieces has a target from where they stand: hold fire, or change the "
                 "move.")
    elif target and quick:
        hint = Hint(_("Pick {target} again to fire, or pick another target.").format(target=target), AIM)
    elif target:
        hint = Hint(_("Fire at {target} with its button, or pick another target.").format(target=target),
                    AIM)
    else:
        hint = Hint((_("Piece {n} moves to {end}. Pick a dashed target twice to fire.") if quick else
                     _("Piece {n} moves to {end}. Pick a dashed target to aim.")).format(
            n=mv["piece"], end=position_text(mv["to"])), TARGET)
    parts: list[El] = []
    if fire["can_skip"] and model.get("last_free_skip"):
        parts.append(h("p", {"class": "status-line warn", "id": "skip-warning"}, warn_icon(),
                       _("If you do not fire now, you must fire next turn.")))
    elif not fire["can_skip"]:
        reason = (must_fire(model["max_skips"]) if model["must_shoot"] else
                  _("You must fire this turn."))
        # (the warning above the board says it already: here for the button's description only)
        parts.append(h("p", {"class": ["status-line error", "sr-only" if model["must_shoot"] else None],
                             "id": "skip-reason"}, reason))
    parts.append(confirm_bar(frame, idle=button(
        _("Don't fire"), "skip", disabled=not fire["can_skip"], shortcut="H",
        describedby=("skip-reason" if not fire["can_skip"] else
                     "skip-warning" if model.get("last_free_skip") else None))))
    parts.append(button(_("Change the move"), "change-move", cls="small"))
    return pieces, hint, h("section", {"class": "controls fire-controls", "aria-label": _("Fire")}, parts)


def _sacrifice_controls(model: TurnModel, frame: Frame) -> tuple[El, str, El]:
    sac = model["sacrifice"]

    def info(p: PieceModel) -> tuple[str, str, bool]:
        return ((position_text(p["position"]), _short(p["position"]), True) if p["alive"]
                else (_("destroyed"), _("destroyed"), False))

    n = sac["selected"]
    pieces = _piece_choice(model, "select", selected=n, info=info)
    hint = (_("This is your last piece: sacrificing it loses the game.") if sac["last"] else
            _("Pick the piece to give up: your opponent learns its square."))
    return pieces, hint, h("section", {"class": "controls sacrifice-controls", "aria-label": _("Sacrifice")},
                           h("h3", None, _("You must sacrifice a piece")),
                           h("p", {"class": "hint"}, _("You must fire this turn, but no move would give "
                             "any of your pieces a target. So you lose one piece of your choice. "
                             "That is your whole turn.")),
                           button(_("Sacrifice piece {n}").format(n=n) if n else _("Sacrifice"), "sacrifice",
                                  cls="danger big confirm", disabled=n is None))


def _result_controls(model: TurnModel, frame: Frame) -> tuple[None, str, El]:
    result = model["result"]
    kind = result["kind"]
    cls = ["result", "hit" if result.get("hit") else "miss" if kind == "shot" else None]
    next_label = (_("See the final result") if result["over"] else
                  _("Let the computer play") if frame.computer else
                  _("Hide my board and pass to {name}").format(name=model["other"]))
    mark = None
    if kind == "shot":
        mark = h("span", {"class": ["result-mark", "hit" if result.get("hit") else "miss"],
                          "aria-hidden": "true"})
    banner = None
    if result["over"] and result.get("hit") and model["enemy_alive"] == 0:
        banner = h("p", {"class": "win-banner"}, _("You win, {name}!").format(name=model["plain"]))
    saved = (_("This turn is played; it cannot be taken back, but this device could not save it.")
             if frame.save_failed else _("This turn is played and saved; it cannot be taken back."))
    if frame.auto_next:
        saved = _("This turn is played and saved. The computer plays in a moment.")
    return None, "", h("section", {"class": "controls result-controls", "aria-label": _("Result")},
                       banner,
                       h("p", {"class": cls}, mark, result["text"]),
                       h("p", {"class": "hint"}, saved),
                       button(next_label, "end-turn", cls="primary big confirm", autofocus=True, arm=True))


def render_play(model: PlacementModel | TurnModel, frame: Frame) -> El:
    """A player's own screen: placing the pieces, or a turn (``frame``: what the table says)."""
    if model["kind"] == "placement":
        return render_placement(cast("PlacementModel", model), frame)
    return render_turn(cast("TurnModel", model), frame)
