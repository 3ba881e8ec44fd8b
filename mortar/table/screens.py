"""The screen the table shows, as typed data (:mod:`.models`): what :meth:`Table.model` gives and
:mod:`.render` draws. The curtain's model holds the name of the player to act and the turn, and
nothing else; a play screen is its player's draft, built from that player's seat alone."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..kit.protocol import AnyState
from .drafts import Draft, PlayModel
from .models import (
    CurtainScreen,
    FormModel,
    PlayScreen,
    ReadingScreen,
    ReviewScreen,
    Screen,
    StartScreen,
    ThinkingScreen,
)
from .remote_view import end_model, join_model, listed_model, waiting_model

if TYPE_CHECKING:
    from .table import Table


def screen_of(table: Table[AnyState, object]) -> Screen:
    base: Screen = {"screen": table.screen, "announce": table.announce, "notice": table.notice,
                    "tab": table.tab, "save_failed": table.save_failed}
    build = BUILDERS.get(table.screen, _play)
    return build(table, base)


def _start(table: Table[AnyState, object], base: Screen) -> StartScreen:
    f = table.form
    form: FormModel = {"names": dict(f.names), "values": dict(f.values), "opponent": str(f.opponent),
                       "level": f.level, "levels": list(table.kind.game.levels), "side": str(f.side),
                       "aid": f.aid, "seating": str(f.seating), "open": not table.curtain,
                       "confirm": f.confirm, "error": f.error, "confirm_replace": f.confirm_replace}
    players = table.kind.game.players
    games = [listed_model(g, table.kind.sides, players) for g in table.remote_games()] \
        if table.link_base is not None else []
    return {**base, "form": form, "saved": table.saved_summary(), "links": table.link_base is not None,
            "remote_games": games, "pasted": table.pasted}


def _whose(table: Table[AnyState, object]) -> tuple[str, str, str, int | None]:
    """(player to act, their name with their side, the stage, the turn)."""
    player = table.to_play()
    assert player is not None and table.playing is not None
    return player, table.names.titled(player), table.stage().value, table.kind.turn(table.playing.state)


def _curtain(table: Table[AnyState, object], base: Screen) -> CurtainScreen:
    player, _name, stage, turn = _whose(table)
    other = next(p for p in table.kind.game.players if p != player)
    return {**base, "player": player, "name": table.names[player], "other": table.names[other],
            "stage": stage, "turn": turn}


def _thinking(table: Table[AnyState, object], base: Screen) -> ThinkingScreen:
    player, name, stage, turn = _whose(table)
    return {**base, "player": player, "name": name, "stage": stage, "turn": turn,
            "watch": _watch(table) if table.screen == "thinking" else None}


def _watch(table: Table[AnyState, object]) -> Draft[object, object, PlayModel] | None:
    """The person's own screen while the computer plays, when the game hides nothing now: their
    draft from their seat (they cannot act on it), or None."""
    playing = table.playing
    assert playing is not None
    person = next((p for p in table.kind.game.players if p not in playing.facts.computer), None)
    if person is None or table.kind.hidden(playing.state):
        return None
    return table.make_draft(person)


def _reading(table: Table[AnyState, object], base: Screen) -> ReadingScreen:
    return {**base, "what": table.reading_what}


def _play(table: Table[AnyState, object], base: Screen) -> PlayScreen:
    draft, facts = table.draft, table.facts
    assert draft is not None and (table.playing is not None or table.remote is not None)
    model = draft.model()
    # the play screen is named by the game's draft ("placement", "turn")
    return {**base, "screen": model["kind"], "player": draft.player, "draft": draft, "model": model,
            "computer": bool(facts.computer), "auto_next": table.goes_on_by_itself,
            "chosen": table.chosen, "quick": not facts.confirm, "shown": table.shown}


def _review(table: Table[AnyState, object], base: Screen) -> ReviewScreen:
    assert table.review is not None
    remote = table.remote is not None and table.screen == "over"
    return {**base, "review": table.review, "can_rematch": table.screen == "over" and not remote,
            "remote_end": end_model(table) if remote else None}


def _waiting(table: Table[AnyState, object], base: Screen) -> Screen:
    """A person on another device is to act: the link to send (a game by links)."""
    return waiting_model(table, base) if table.remote is not None else _thinking(table, base)


BUILDERS: dict[str, Callable[[Table[AnyState, object], Screen], Screen]] = {
    "start": _start, "curtain": _curtain, "thinking": _thinking, "waiting": _waiting,
    "reading": _reading, "over": _review, "review": _review, "ended": waiting_model, "join": join_model,
}
