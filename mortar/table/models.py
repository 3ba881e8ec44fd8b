"""The table's screens as typed data: what :meth:`mortar.table.table.Table.model` gives and the
renderers draw. A game's own screens are its draft (and its model) and the review, inside.

For the type checker only (imported under ``TYPE_CHECKING``): the page never loads it."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

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
    remote_games: list[ListedModel]  # this device's games by links
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
    remote_end: EndModel | None  # a game by links: its verdict and last link


# --- a game by links (:mod:`.remote_view` builds and draws them) ---------------------------------


class LinkModel(TypedDict):
    link: str | None  # the whole address to send (None: nothing to send)
    whole: bool  # it is the whole game (a lost link, a new phone)
    other: str  # the other player's name in words


class WaitingScreen(Screen):
    """``waiting``: this device's link is out; ``ended``: the game is over here, not verified
    yet or a lie caught."""

    title: str  # the game's
    turn: int | None
    invitation: bool  # the link is the invitation (nothing else is sent yet)
    verdict: str | None  # ended: the end in words
    outcome: str | None
    send: LinkModel
    pasted: str
    reviewed: bool  # ended: the verified game can be reviewed (its last link shown again here)


class JoinScreen(Screen):
    title: str
    inviter: str  # the inviter's name in words
    inviter_side: str
    side: str  # the joiner's player
    your_side: str
    options: list[tuple[str, str]]  # the game's options: (legend, the choice in words)
    rulings: list[str]
    name: str
    name_max: int
    error: str | None


class ListedModel(TypedDict):
    game_id: str
    opponent: str
    turn: int | None
    yours: bool
    over: bool
    status: str
    when: float | None


class EndModel(TypedDict):
    verdict: str
    send: LinkModel
