"""The review of a finished or imported game: step through it on one battlefield (R13: after the
game both pads are shown side by side, and R12 no longer applies).

One board holds both sides' pieces at each step (the board is one coordinate frame, seen from
A's side), every shot's mark, craters, and the shot of the step drawn from the piece that fired
to its target; secret loadout types are shown. With a computer seat, what the computer believed
at that step (its heat map) can be laid over the board.

The record is replayed once (:class:`mortar.kit.replay.Replay` keeps snapshots), so a step costs a
few actions whatever the record's length.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, cast

from ....table.kind import ReviewStep
from ....table.words import _
from ..actions import Played, Turn
from ..pad import SeatPads
from ..rules import PLAYERS
from ..state import State
from ..view import player_view
from . import scene
from .padview import PAD_TURNS


def review_model(step: ReviewStep[State]) -> dict[str, Any]:
    """A review's step as the review's body draws it (:func:`.parts.render_review`)."""
    game, names = step.state, step.names
    pads_now = step.cache.get("pads")
    if not isinstance(pads_now, dict):  # (read from the final seat's log once for every step)
        pads_now = step.cache["pads"] = dict(pads_of(step.final))
    pads = {}
    for p in PLAYERS:
        if p in game.setups:
            pads[str(p)] = pads_now[p].at(step.step, PAD_TURNS).to_data()
    shot = None
    played = step.entry
    if played is not None:
        action = played.action  # type: ignore[attr-defined]
        if isinstance(action, Turn) and action.shot is not None:
            origin = game.position(played.player, action.shot.piece).square  # type: ignore[attr-defined]
            shot = {"from": str(origin), "at": str(action.shot.at), "hit": bool(played.hit),  # type: ignore[attr-defined]
                    "player": str(played.player)}  # type: ignore[attr-defined]
    computer = step.computer
    believer = next(iter(computer), None) if len(game.setups) == 2 else None
    return {"names": {p: names.titled(p) for p in names}, "turn": game.turn if step.step else 0,
            "outcome": scene.outcome_info(step.final), "computer": sorted(computer),
            "board": _battlefield(game, names), "shot": shot, "pads": pads, "pieces": _pieces(game),
            "believer": believer, "belief": _belief(game, believer) if step.aid and believer else None}


def step_text(step: ReviewStep[State]) -> str:
    if step.entry is None:
        return _("Start: the pieces as placed")
    return scene.action_text(cast(Played, step.entry), dict(step.names))


def _battlefield(game: State, names: Mapping[str, str]) -> dict[str, dict[str, Any]] | None:
    """Both sides on one board: A's view (A's pieces, every shot, craters) with B's pieces
    added as they stand (after the game nothing is secret)."""
    placed = [p for p in PLAYERS if p in game.setups]
    if not placed:
        return None
    first = placed[0]
    cells = scene.turn_board(player_view(game, first), None, dict(names))
    for p in placed[1:]:
        for number in (1, 2, 3):  # (its pieces as they stand: no view, whose log is long)
            position, kind = game.position(p, number), game.piece_type(p, number).name
            alive = game.is_alive(p, number)
            square, facing = str(position.square), position.facing.name
            cell = cells[square]
            cell["tokens"].append({"owner": str(p), "number": number, "type": kind,
                                   "facing": facing, "wreck": not alive, "ghost": False,
                                   "faded": False})
            whose = _("{name}'s {piece} {n}").format(name=names[p], piece=scene.type_word(kind),
                                                     n=number)
            words = (_("{piece}, facing {facing}").format(piece=whose, facing=scene.facing_word(facing))
                     if alive else _("{piece}, destroyed").format(piece=whose))
            label = cell["label"]
            empty = label == _("{square}, empty").format(square=square) or label == square
            cell["label"] = f"{square}, {words}" if empty else f"{label}, {words}"
    for cell in cells.values():  # the wrecks are drawn as pieces here
        if "enemy-wreck" in cell["marks"]:
            cell["marks"].remove("enemy-wreck")
    return cells


def _pieces(game: State) -> dict[str, str]:
    """Each side's pieces by type (a secret loadout is revealed after the game)."""
    out = {}
    for p in PLAYERS:
        if p in game.setups:
            out[str(p)] = ", ".join(f"{n} {scene.type_word(game.piece_type(p, n).name)}"
                                    for n in (1, 2, 3))
    return out


def _belief(game: State, player: str) -> dict[str, Any] | None:
    """What the computer believed at this step: its heat map of the enemy's pieces."""
    from ..computer import heat_map

    try:
        heat = heat_map(game.seat(player))
    except Exception:  # a position the belief model cannot explain: no overlay
        return None
    return {"player": str(player),
            "heat": {str(sq): round(p, 3) for sq, p in heat.items() if p >= 0.02}}


def pads_of(final: State) -> Iterator[tuple[str, SeatPads]]:
    """Each placed side's pads, read from the final seat's log once for every step (one side at
    a time: the log of a long game takes a while to read)."""
    for p in PLAYERS:
        if p in final.setups:
            yield str(p), SeatPads(final.seat(p))
