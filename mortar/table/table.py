"""The table: what any two-player game of the box needs on one device, and no rule of any game.

The start form (:mod:`.start`), the hand-over curtain between two people (for games with hidden
information), the turn model (a tap chooses, a second tap or the button confirms: :mod:`.drafts`),
the computer's turns (run in slices, from its seat alone), saving and resuming (:mod:`.savefile`),
import and export, the review after the game (:mod:`.review`), rematch and the embed's events.
The game plugs in through :class:`~mortar.table.kind.GameKind`.

Screens: ``start`` → ``curtain`` (two people, hidden information) → the game's draft (its own
screen) → … → ``over`` (review, export, rematch); ``review`` shows an imported record;
``thinking`` while the computer decides; ``waiting`` for a person on another device; ``reading``
while a long record or save is read. The curtain's model holds the name of the player to act and
the turn number, nothing else; a play screen is built from that player's seat only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, cast

from ..kit.jsontext import JSONValue
from ..kit.protocol import AnyState
from ..kit.steps import Slices, Steps
from .drafts import Changed, Context, Play, Unchanged
from .keeper import UNSAVED
from .kind import GameKind, Opponent, S, SaveError, SeatT, TableFacts
from .reading import Reading
from .remote import RemoteTable
from .saving import Saving
from .screens import screen_of
from .seats import SeatKind, thinking
from .start import StartForm
from .starting import Starting
from .table_state import AnyDraft
from .words import _

if TYPE_CHECKING:
    from .models import Screen

__all__ = ["GameKind", "SaveError", "StartForm", "Table", "TableFacts", "UNSAVED"]


class Table(Starting[S, SeatT], Saving[S, SeatT], Reading[S, SeatT], RemoteTable[S, SeatT],
            Generic[S, SeatT]):
    """One device: two people, a person and the computer, or a person and a person on another
    device (by links: :mod:`.remote`). Call :meth:`dispatch` with intents; draw :meth:`model`.
    ``think_budget``: seconds of the computer's thinking per ``think`` intent (None: all of it),
    so that no task blocks the page for long. ``titles``: the box's games by name (an imported
    record of another game is named). ``link_base``: the address links by links point at (None:
    the start form offers no game by links). What is at the table: :class:`.table_state.TableState`;
    its parts: :mod:`.starting`, :mod:`.saving`, :mod:`.reading`, :mod:`.remote`; here, the turns."""

    # --- intents -----------------------------------------------------------------------

    def dispatch(self, action: str, arg: str | None = None, value: str | None = None) -> bool:
        """Handle one intent. False when it does not apply to the current screen (a stale
        click after the screen changed): nothing happens then."""
        self.announce = ""
        handler: Callable[[str | None, str | None], bool] | None = getattr(
            self, "on_" + action.replace("-", "_"), None)
        if handler is not None:
            return handler(arg, value)
        if self.screen == "play" and self.draft is not None and action in self.draft.intents:
            return self._draft_intent(action, arg)
        if self.review is not None and action in self.review.intents:
            return self.screen in ("over", "review") and self.review.handle(action, arg)
        return False  # a stale click: the screen it was meant for is gone

    # --- whose turn: the curtain, a person's draft, the computer ------------------------

    def _next(self) -> None:
        """After an action (or on resume): the game over screen, the computer's turn, or the
        next person — behind the curtain when two people share the device and the game hides
        something from that player now (never by links: each device shows its player's own)."""
        assert self.playing is not None or self.remote is not None
        self._drop_draft()
        self._thinker = None
        self.tab = "board"
        player = self.to_play()
        if player is None:
            self._show_over()
            return
        seat = self.seat_at(player)
        if seat.kind is SeatKind.COMPUTER:
            self.screen = "thinking"  # (the person's own action said first, if it was just played)
            self.announce = " ".join(w for w in (self.announce, _("The computer is thinking.")) if w)
        elif seat.kind is SeatKind.REMOTE:
            self.screen = "waiting"
        elif self.remote is not None or self.facts.computer or not self.kind.hidden(self._state()):
            self._open_draft(player)  # no curtain before the computer, nor when nothing is hidden
        else:
            self.screen = "curtain"
            self.announce = _("Pass the device to {name}.").format(name=self.names[player])

    def _drop_draft(self) -> None:
        self.draft, self.chosen, self.shown = None, None, False

    def on_reveal(self, arg: str | None, value: str | None) -> bool:
        player = self.to_play()
        if self.screen != "curtain" or player is None:
            return False
        self._open_draft(player)
        return True

    def context(self, player: str) -> Context:
        if self.remote is not None:
            return self.remote_context()
        facts = self.facts
        assert self.playing is not None
        return Context(self.names, facts.near(player, self.kind.game.players),
                       self.kind.turn(self.playing.state), frozenset(facts.computer), facts.aid,
                       not facts.confirm, dict(self.kept))

    def make_draft(self, player: str) -> AnyDraft:
        seat = self.remote.game.seat() if self.remote is not None else self._state().seat(player)
        draft = self.kind.draft(seat, self.context(player))
        return cast(AnyDraft, draft)

    def _open_draft(self, player: str) -> None:
        self.draft = self.make_draft(player)
        self.chosen, self.shown = None, False
        self.screen = "play"
        if self.draft.report:
            self.announce = self.draft.report

    def on_think(self, arg: str | None, value: str | None) -> bool:
        """The computer thinks (the event layer sends this after drawing "thinking", and again
        while it is still thinking); once decided, it plays its turn."""
        player = self.to_play()
        seat = self.seat_at(player) if player is not None else None
        if self.screen != "thinking" or seat is None or seat.kind is not SeatKind.COMPUTER:
            return False
        assert player is not None and seat.level is not None and self.playing is not None
        if self.slot.stale():
            return self._follow_saved()
        if self._thinker is None:
            self._thinker = Slices(self._deciding(seat.level, player), self.clock)
        if not self._thinker.run(self.think_budget):
            return True  # still thinking: the event layer asks again after a breath
        action, self._thinker = self._thinker.result, None
        self._play(player, action)
        if self.screen != "start":  # (a conflicting save sends the table elsewhere)
            self._next()
        return True

    def _deciding(self, level: str, player: str) -> Steps[object]:
        """The computer's decision in slices, from its seat alone. Making the computer (its code
        loads on first use) and its seat (a long game's log) take a slice each too."""
        computer = self.kind.game.computer(level, self.rng.randrange(1 << 30))
        yield
        seat = self._state().seat(player)
        yield
        return (yield from thinking(computer, seat))

    @property
    def thinking(self) -> bool:
        """The computer has begun a decision it has not finished."""
        return self._thinker is not None

    def _draft_intent(self, intent: str, arg: str | None) -> bool:
        draft = self.draft
        assert draft is not None
        if self.shown:
            return False  # its action is played: only "end-turn" goes on
        reply = draft.handle(intent, arg)
        if isinstance(reply, Unchanged):
            return False
        if isinstance(reply, Changed):
            self.chosen = None
            return True
        if isinstance(reply, Play):
            return self._play_draft(reply.action)
        chosen = self.chosen
        if (chosen is not None and chosen.action == reply.action and intent == "square"
                and arg == chosen.at and reply.at == chosen.at and not self.facts.confirm):
            return self._play_draft(reply.action)  # the second tap on the chosen target
        if reply == chosen:  # still the one chosen (a tap refused beside it): said once, kept
            return True
        self.chosen = reply
        self.announce = reply.label
        return True

    def on_confirm(self, arg: str | None, value: str | None) -> bool:
        """The chosen action's button: it is played."""
        if self.screen != "play" or self.chosen is None or self.shown:
            return False
        return self._play_draft(self.chosen.action)

    def on_cancel(self, arg: str | None, value: str | None) -> bool:
        """The chosen action dropped, or what the draft was building, or the question about the
        saved game closed: it is kept (Escape)."""
        if self.screen == "start" and self.form.confirm_replace:
            return self.on_new_game("keep", None)
        if self.screen != "play" or self.draft is None or self.shown:
            return False
        had = self.chosen is not None
        self.chosen = None
        if "cancel" in self.draft.intents:
            return isinstance(self.draft.handle("cancel", None), Changed) or had
        return had

    def _play_draft(self, action: object) -> bool:
        draft = self.draft
        player = self.to_play()
        assert draft is not None and player is not None
        self.chosen = None
        if not self._play(player, action):
            return True
        if self.remote is not None:  # by links its result comes with the other's link
            self._next()
            return True
        result = draft.played(self._state().seat(draft.player))
        if result.words:
            self.announce = result.words
        self.shown = result.shows and self.screen == "play"
        if not self.shown and self.screen == "play":
            self._next()
        return True

    def _play(self, player: str, action: object) -> bool:
        """Play ``action`` of ``player`` and save it. False when nothing was played: the game
        went on in another tab (the table now follows it)."""
        if self.remote is not None:
            return self.play_remote(action)
        assert self.playing is not None
        if self.slot.stale():  # the game went on in another tab: this action must not count
            self._follow_saved()
            return False
        state = self._state()
        turn = self.kind.turn(self.playing.state)
        ended = state.outcome is not None
        state.apply(action)
        if not self._save():
            return False
        if turn is not None:  # a numbered turn (a setup is not one)
            self.notify("turn-ended", {"turn": turn, "player": player})
        elif self.kind.turn(self.playing.state) is not None:
            self._notify_started()
        if state.outcome is not None and not ended:
            self.notify("game-over", self._ended())
        return True

    def _notify_started(self) -> None:
        assert self.playing is not None
        opponent = Opponent.COMPUTER if self.facts.computer else Opponent.PERSON
        self.notify("game-started", {**self.kind.embed(self.playing.state, "game-started"),
                                     "opponent": opponent.value})

    def _ended(self) -> dict[str, JSONValue]:
        assert self.playing is not None
        outcome = self._state().outcome
        assert outcome is not None
        winner = "draw" if outcome.winner is None else str(outcome.winner)
        return {"winner": winner, "turns": outcome.turns,
                **self.kind.embed(self.playing.state, "game-over")}

    def on_end_turn(self, arg: str | None, value: str | None) -> bool:
        if self.screen != "play" or not self.shown:
            return False
        self._next()
        return True

    # --- the screen ----------------------------------------------------------------------

    def model(self) -> Screen:
        """The current screen as typed data (see :mod:`mortar.table.screens`, :mod:`.render`)."""
        return screen_of(cast("Table[AnyState, object]", self))

    @property
    def goes_on_by_itself(self) -> bool:
        """A person's turn is played and shown, and the computer plays next: unless the person
        asked to confirm every step, the computer starts after a visible beat (the event layer
        sends "end-turn"; the person may tap on at once)."""
        player = self.to_play()
        return (self.screen == "play" and self.shown and player is not None and not self.facts.confirm
                and self.seat_at(player).kind is SeatKind.COMPUTER)
