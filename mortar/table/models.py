"""The table's screens as typed data: what :meth:`mortar.table.table.Table.model` gives and the
renderers draw. A game's own screens are its draft (and its model) and the review, inside."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from ..kit.protocol import AnyState
from .drafts import Chosen, Draft, PlayModel

if TYPE_CHECKING:
    from .review import Review


class Screen(TypedDict):
    """What every screen carries beside its own part."""

    screen: str  # "start", "curtain", "thinking", "waiting", "reading", "over", "review", or a draft's kind
    announce: str  # for the live region after this render
    notice: str | None  # shown once (a bad save, a bad import…)
    tab: str  # narrow screens: "board" or "pad"
    save_failed: bool  # said on every screen until a write succeeds


class SavedSummary(TypedDict, total=False):
    ok: bool
    lost: bool  # the last game could not be saved (a tombstone)
    names: dict[str, str]
    over: bool
    turn: int | None
    stage: str
    computer: bool


class FormModel(TypedDict):
    names: dict[str, str]
    values: dict[str, str]  # the game's own fields
    opponent: str
    level: str
    levels: list[str]
    side: str
    aid: bool
    seating: str  # two people at an open game: "passing" or "across"
    open: bool  # the game hides nothing in play: the form asks how two people sit
    confirm: bool
    error: str | None
    confirm_replace: bool


class StartScreen(Screen):
    form: FormModel
    saved: SavedSummary | None
    links: bool  # a game by links may be started here (the page knows its address)
    remote_games: list[Any]  # this device's games by links (remote_view.ListedModel)
    pasted: str  # a link typed in the list's field, not yet opened


class CurtainScreen(Screen):
    player: str
    name: str
    other: str
    stage: str
    turn: int | None


class ThinkingScreen(Screen):
    player: str
    name: str
    stage: str
    turn: int | None
    # while nothing is hidden: the waiting person's own screen (their draft, nothing to do on
    # it), so that the board stays in view while the computer plays
    watch: Draft[object, object, PlayModel] | None


class ReadingScreen(Screen):
    what: str  # "record" (an import) or "save" (a saved game being resumed)


class PlayScreen(Screen):
    player: str
    draft: Draft[object, object, PlayModel]
    model: PlayModel  # the draft's model, as drawn now
    computer: bool
    auto_next: bool  # the computer plays next by itself after a beat (Table.goes_on_by_itself)
    chosen: Chosen[object] | None  # the action chosen, awaiting its confirmation
    quick: bool  # a second tap on the chosen target confirms it (else only the button)
    shown: bool  # the played action's result is shown: "end-turn" goes on


class ReviewScreen(Screen):
    review: Review[AnyState, object]  # (its frame and the game's step drawn by the renderer)
    can_rematch: bool
    remote_end: Any  # a game by links: its verdict and last link (remote_view.EndModel), or None
