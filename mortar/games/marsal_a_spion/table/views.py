"""The Maršál a Špión player's own screens, as element trees built from the models of
:mod:`.setup` and :mod:`.turn` (pure Python): setting up, and a turn with its result. The whole
turn is on one screen: the last enemy action, the board, the trays, the action and its button."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ....table.hints import DEST_OR_TARGET, MOVABLE, Hint, points_of
from ....table.html import El, h
from ....table.kind import ReviewStep
from ....table.render import Frame, button, confirm_bar, heard, status, title
from ....table.words import _, ngettext
from ..actions import Attack, Move
from ..board import PLAYERS, Player, Square
from ..pieces import PIECES, Piece
from ..state import State
from .parts import board_view, face, piece_name, trays
from .scene import open_board
from .texts import NAME

if TYPE_CHECKING:
    from .models import ResultModel, SetupModel, TrayModel, TurnModel


def render_play(model: SetupModel | TurnModel, frame: Frame) -> El:
    if model["kind"] == "setup":
        return render_setup(cast("SetupModel", model), frame)
    return render_turn(cast("TurnModel", model), frame)


def _leave() -> El:
    return button(_("Save and leave"), "menu", cls="quiet small")


# --- setting up -----------------------------------------------------------------------------------


def _tray_buttons(model: SetupModel) -> El:
    buttons = []
    for item in model["tray"]:
        piece = Piece.parse(item["id"])
        left = item["left"]
        drawn = face(item["id"], model["player"], classes=("mini",))
        # its name starts with what it shows, word by word in every language ("Mar 9 1"), then
        # says it in words: WCAG 2.5.3
        shown = f"{' '.join(drawn.text().split())} {left}"
        buttons.append(button(
            [drawn, " ", h("span", {"class": "tray-left", "aria-hidden": "true"}, str(left))],
            "tray", item["id"], cls=["tray-btn", "empty" if not left else None],
            pressed=model["pick"] == item["id"], disabled=not left,
            aria_label=_("{shown}: {piece}, {n} left").format(shown=shown, n=left, piece=NAME[piece])))
    return h("div", {"class": "tray-pick", "role": "group", "aria-label": _("Pieces left to place")}, buttons)


def _setup_line(model: SetupModel) -> El:
    hint = _setup_hint(model)
    return h("p", {"class": "hint", "data-points": points_of(hint)}, heard(model["done"]), hint)


def _setup_hint(model: SetupModel) -> str:
    if model["held"] and model["held_piece"]:
        return _("Tap another square to swap your {piece} on {square} with it.").format(
            piece=piece_name(model["held_piece"]), square=model["held"])
    if model["complete"]:
        return _("All your pieces stand. Tap two of them to swap them, then confirm.")
    # (a square is empty: the tray offers a kind, picked by the player or the next one left)
    pick = model["pick"]
    assert pick is not None, "a setup with a square empty picks a kind"
    left = next(t["left"] for t in model["tray"] if t["id"] == pick)
    return ngettext("Tap an empty square for your {piece} (the last one).",
                    "Tap empty squares for your {piece} ({n} left).", left).format(
        piece=piece_name(pick), n=left)


def render_setup(model: SetupModel, frame: Frame) -> El:
    name = model["name"]
    placed, total = model["placed"], model["total"]
    # (a piece held: the way back to the tray stands where the filling does, nothing else moves)
    quick = [button(_("Back to the tray"), "to-tray", cls="small") if model["held"] else
             button(_("Shuffle all") if model["complete"] else _("Fill at random"), "fill",
                    cls="small primary-soft")]
    if model["last"]:
        quick.append(button(_("My last setup"), "preset", "last", cls="small"))
    quick += [button(p["label"], "preset", p["key"], cls="small",
                     aria_label=_("{label}: {hint}").format(label=p["label"], hint=p["hint"]))
              for p in model["presets"]]
    count = ngettext("{n} of {total} piece placed.", "{n} of {total} pieces placed.", total).format(
        n=placed, total=total)
    who = "" if frame.computer else " " + _("{other} must not look.").format(other=model["other"])
    return h("div", {"class": ["turn-layout", "mas", "mas-setup"]},
             h("header", {"class": "bar"},
               title(_("{name}: set up your army").format(name=name)),
               h("p", {"class": "hint sub"},
                 _("Rows {rows}: your front row is at the top.").format(rows=model["rows"]) + who)),
             h("div", {"class": "board-col"}, board_view(model["board"])),
             h("div", {"class": "tray-col"}, _tray_buttons(model)),
             h("section", {"class": "controls setup-controls", "aria-label": _("Setting up")},
               h("div", {"class": "say", "data-say": True},
                 status(model["message"], error=True) if model["message"] else
                 _setup_line(model)),
               h("div", {"class": "quick", "role": "group", "aria-label": _("Whole setups")}, quick),
               # (the count and the way back to none placed: one line, beside each other)
               h("div", {"class": "row count-row"},
                 h("div", {"data-say": True}, status(count, id_="setup-reason")),
                 button(_("Clear"), "clear", cls="small quiet", disabled=not placed)),
               button(_("Confirm setup"), "confirm-setup", cls="primary big confirm",
                      disabled=not model["complete"], describedby="setup-reason")),
             h("div", {"class": "footer-actions"}, _leave()))


# --- a turn ----------------------------------------------------------------------------------------


def _move_controls(model: TurnModel, frame: Frame) -> El:
    pending = model["pending"]
    parts: list[El] = []
    if model["may_accept"]:
        parts.append(h("div", {"class": "draw-offer", "role": "group", "aria-label": _("Draw offer")},
                       h("p", None, _("{other} offers a draw; a move declines it.").format(
                           other=model["other"])),
                       button(_("Accept the draw…"), "accept-draw", cls="small")))
    if pending is not None:
        hint = pending["text"] + ". " + (_("Tap {square} again to play it.").format(square=pending["end"])
                                         if frame.quick else _("Play it with its button."))
    elif model["picked"] and model["picked_piece"]:
        hint = Hint(ngettext("Your {piece} on {square}: tap the marked square.",
                             "Your {piece} on {square}: tap one of the {n} marked squares.",
                             model["choices"]).format(piece=piece_name(model["picked_piece"]),
                                                      square=model["picked"], n=model["choices"]),
                    DEST_OR_TARGET)
    else:
        hint = Hint(_("Tap one of your pieces, then where it goes."), MOVABLE)
    # one line of fixed height: what to do now, or why a tap did nothing (nothing moves)
    parts.append(h("div", {"class": "say", "data-say": True},
                   status(model["message"], error=True) if model["message"] else
                   h("p", {"class": "hint", "id": "move-hint", "data-points": points_of(hint)}, hint)))
    limit = model["limit"]
    quiet = (_("Turns without an attack: {n} of {limit}.").format(n=model["inactivity"], limit=limit)
             if limit else _("Turns without an attack: {n}.").format(n=model["inactivity"]))
    # (while the other's offer stands, accepting it is how to agree: no offer of one's own)
    parts.append(confirm_bar(frame, idle=h(
        "div", {"class": "row offer-row"},
        None if model["may_accept"] else
        button(_("Offer a draw"), "offer-draw", cls="small offer", pressed=model["offer"],
               aria_label=_("Offer a draw with this move")),
        h("span", {"class": "quiet-count"}, quiet))))
    return h("section", {"class": "controls move-controls", "aria-label": _("Your move")}, parts)


def _clash(result: ResultModel, model: TurnModel) -> El | None:
    """The attacker's moment (R9): their own piece against the defender's face, turned over."""
    if not result["attack"] or result["defender"] is None:
        return None
    other_army = "Blue" if model["player"] == "Red" else "Red"
    return h("div", {"class": ["clash", f"clash-{(result['outcome'] or '').replace(' ', '-')}"],
                     "aria-hidden": "true"},
             face(result["mine"], model["player"], classes=("big", "mine")),
             h("span", {"class": "vs"}, "×"),
             h("span", {"class": "flip"},
               face(None, other_army, classes=("big", "flip-back")),
               face(result["defender"], other_army, classes=("big", "flip-face"))))


def _result_controls(model: TurnModel, frame: Frame) -> El:
    result = model["result"]
    over = result is None or result["over"]
    next_label = (_("See the final result") if over else
                  _("Let the computer play") if frame.computer else
                  _("Hide my board and pass to {other}").format(other=model["other"]))
    text = result["text"] if result is not None else ""
    outcome = (result["outcome"] if result is not None else None) or "move"
    return h("section", {"class": "controls result-controls", "aria-label": _("Result")},
             h("div", {"class": "outcome-row"},
               _clash(result, model) if result is not None else None,
               h("p", {"class": ["result", f"result-{outcome.replace(' ', '-')}"]}, text)),
             h("p", {"class": "hint wordy"},
               _("This turn is played; it cannot be taken back, but this device could not save "
                 "it.") if frame.save_failed else
               _("This turn is played and saved; it cannot be taken back.")),
             button(next_label, "end-turn", cls="primary big confirm", autofocus=True, arm=True))


def _footer(model: TurnModel) -> El | None:
    if model["stage"] == "result":
        return None
    if model["resign_asked"]:
        return h("div", {"class": "confirm-box", "role": "alertdialog", "aria-labelledby": "resign-q"},
                 h("p", {"id": "resign-q"},
                   _("Resign this game? {other} wins.").format(other=model["other"])),
                 button(_("No, keep playing"), "resign-cancel", autofocus=True),
                 button(_("Yes, resign"), "resign-confirm", cls="danger"))
    if model["accept_asked"]:
        return h("div", {"class": "confirm-box", "role": "alertdialog", "aria-labelledby": "accept-q"},
                 h("p", {"id": "accept-q"}, _("Agree to a draw? The game ends now.")),
                 button(_("No, play on"), "accept-cancel", autofocus=True),
                 button(_("Yes, a draw"), "accept-confirm", cls="primary"))
    return h("div", {"class": "footer-actions"},
             button(_("Resign…"), "resign", cls="quiet small"), _leave())


def render_turn(model: TurnModel, frame: Frame) -> El:
    name, stage = model["name"], model["stage"]
    report = model["report"]
    news = None
    if report is not None:
        news = h("p", {"class": ["report", "attack" if report["attack"] else None]},
                 h("strong", None, _("Turn {n}:").format(n=report["turn"]) + " "), report["text"])
    # (while resigning or a draw is asked, the question under the board is what to answer:
    # the move's controls stand back, and a tap on the board takes up the move again)
    asked = model["resign_asked"] or model["accept_asked"]
    controls = (_result_controls(model, frame) if stage == "result" else None if asked else
                _move_controls(model, frame))
    return h("div", {"class": ["turn-layout", "mas", "mas-turn", f"stage-{stage}"]},
             h("header", {"class": "bar"},
               title(_("Turn {n} · {name}").format(n=model["turn"], name=name))),
             news,
             h("div", {"class": "board-col"}, board_view(model["board"])),
             h("div", {"class": "trays-col"}, trays(model["trays"])),
             controls,
             _footer(model))


# --- the review's body ------------------------------------------------------------------------------


def render_review(step: ReviewStep[State], frame: Frame) -> El:
    """Both armies face up on one board, this step's action marked; both trays beside it (in
    the Pad tab on a phone)."""
    state, names = step.state, step.names
    marks: dict[str, list[str]] = {}
    entry = step.entry
    action = getattr(entry, "action", None)
    if isinstance(action, Move | Attack) and getattr(entry, "piece", None) is not None:
        marks = {str(action.start): ["last-from"], str(action.end): ["last-to"]}
        if isinstance(action, Attack):
            marks[str(action.end)].append("last-hit")
    pieces: dict[Square, tuple[Player, Piece]] = {
        square: (player, piece) for player in PLAYERS for square, piece in state.pieces(player).items()}
    label = _("The board at this step, both armies face up: {red} (Red) at the bottom, {blue} "
              "(Blue) at the top").format(red=names[Player.RED], blue=names[Player.BLUE])
    gone_trays: list[TrayModel] = []
    for army in PLAYERS:
        gone = [r.piece for r in state.tray if r.player is army]
        counts = [(p.id, n) for p in PIECES if (n := gone.count(p))]
        gone_trays.append({"army": str(army), "title": _("{name}'s losses").format(name=names[army]),
                           "pieces": counts, "count": len(gone)})
    return h("div", {"class": "review-body mas-review"},
             h("div", {"class": "board-col mas"}, board_view(open_board(pieces, marks, label))),
             h("aside", {"class": "pad-col mas", "aria-label": _("Removed pieces")}, trays(gone_trays)))
