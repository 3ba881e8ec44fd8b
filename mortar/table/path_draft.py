"""A move of an open game by taps on a board of discs: tap one of your pieces, and the squares it
may go to are marked (the seat's, never worked out here); a tap on one chooses the move that
ends there, which is confirmed as every move of the box is (a second tap there, or its button).
In a game whose moves chain (a jump chain), the piece is drawn where it landed and the next
landings are marked: a tap on one lengthens the move, a tap on an earlier landing takes the
chain back to it, a tap on its start drops the move.

A game's turn draft subclasses :class:`PathDraft` and adds its words and what it asks its seat
(whose piece stands where, the landings of a path, the move a path makes); the common actions
(a draw offer, resigning, the pass) are the open table's (:class:`.open_table.OpenDraft`). On
the kit's squares, :class:`.squares_draft.SquaresDraft` reads the squares and the pieces itself.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import ClassVar, Generic, TypeVar

from ..kit.grid import NotationError
from .drafts import CHANGED, UNCHANGED, Context, Reply
from .effects import Flip
from .hints import CHOICE, Hint
from .kind import Taps
from .open_board import BoardModel, DiscModel, drawn
from .open_table import COMMON_INTENTS, SIDES, OpenDraft, SeatT, path_words
from .words import _, refused

Sq = TypeVar("Sq", bound=Hashable)


def path_taps(*squares: object) -> Taps:
    """The taps that play a move of these squares, in order, and confirm it (its button)."""
    return (*(("square", str(sq)) for sq in squares), ("confirm", None))


class PathDraft(OpenDraft[SeatT], Generic[SeatT, Sq]):
    """The player's move being built: ``path`` is the piece's square, then the landings chosen
    (one, where moves do not chain: another may be chosen instead)."""

    intents = COMMON_INTENTS | {"square"}
    chains: ClassVar[bool] = False  # a landing is where the piece stands now, and it may go on

    def __init__(self, seat: SeatT, context: Context) -> None:
        super().__init__(seat, context)
        self.path: list[Sq] = []

    # --- what the game adds ----------------------------------------------------------------

    def square(self, name: str) -> Sq:
        """The square a tap names (NotationError when it names none)."""
        raise NotImplementedError

    def pieces(self) -> Mapping[Sq, str]:
        """Every piece on the board: its square, and the player it belongs to."""
        raise NotImplementedError

    def landings(self, path: Sequence[Sq]) -> Sequence[Sq]:
        """Where the piece of ``path`` (its square, the landings so far) may land next: the seat's."""
        raise NotImplementedError

    def move(self, path: Sequence[Sq]) -> object:
        """The game's action that ``path`` makes."""
        raise NotImplementedError

    def label(self, path: Sequence[Sq]) -> str:
        """The move of ``path`` on its button ("Step b1–b2")."""
        raise NotImplementedError

    def stuck(self, sq: Sq) -> str:
        """Why the player's piece on ``sq`` cannot move, in words."""
        raise NotImplementedError

    def not_yours(self, sq: Sq) -> str:
        """The words for a tap on the other's piece on ``sq`` (whose it is, which to pick)."""
        return _("That is {other}'s piece. Pick one of your own ({colour}).").format(
            other=self.other, colour=SIDES[self.player])

    def going_on(self, at: Sq) -> str:
        """(Moves that chain) The words for a tap that is no landing while the piece is on ``at``."""
        return Hint(_("The piece is on {square}: tap a marked square to jump on, or confirm the "
                      "move.").format(square=at), CHOICE)

    def board(self, marks: Mapping[Sq, Sequence[str]]) -> BoardModel:
        """The board the player sees, with ``marks`` (and the piece drawn :attr:`moved`)."""
        raise NotImplementedError

    def trace(self, effect: object) -> list[str]:
        """The squares the game's action visited (its start, each landing), from its ``effect``
        (what it did): the last move drawn."""
        return drawn(effect)

    def flips(self, effect: object) -> bool:
        """The game's action (its ``effect``) turned a disc over where it ended (drawn once)."""
        raise NotImplementedError

    def hint(self) -> str:
        """What to do now, asked while the player is to act and has a move (else the board is
        only looked at: no hint)."""
        raise NotImplementedError

    # --- the taps ------------------------------------------------------------------------------

    @property
    def picked(self) -> Sq | None:
        """The piece picked (its square), or None."""
        return self.path[0] if self.path else None

    @property
    def moving(self) -> bool:
        """The piece has left its square: a move of a chain is chosen, perhaps going on."""
        return self.chains and len(self.path) >= 2

    @property
    def moved(self) -> tuple[Sq, Sq] | None:
        """Where the piece is drawn moved from and to while a chain is built (the rules not asked)."""
        return (self.path[0], self.path[-1]) if self.moving else None

    def choices(self) -> Sequence[Sq]:
        """The landings the player may tap now."""
        if not self.path:
            return ()
        return self.landings(self.path if self.chains else self.path[:1])

    def _chosen(self) -> Reply[object]:
        move = self.move(self.path)
        reason = self.refused(move)
        if reason is not None:  # (a landing the chain may not stop on)
            self.message = refused(path_words(self.path), reason)
            return CHANGED
        return self.choose(move, self.label(self.path), str(self.path[-1]))

    def on_square(self, arg: str | None) -> Reply[object]:
        try:
            sq = self.square(arg or "")
        except NotationError:
            return UNCHANGED
        self.message = None
        if sq in self.choices():
            self.path = [*self.path, sq] if self.chains else [self.path[0], sq]
            return self._chosen()
        if self.moving:
            if sq == self.path[-1]:
                return self._chosen()  # the chosen move's end again: the table confirms it
            if sq in self.path[:-1]:  # back to an earlier landing (or the start: the move dropped)
                del self.path[max(1, self.path.index(sq) + 1):]
                if len(self.path) == 1:
                    self.path = []
                return self._chosen() if self.moving else CHANGED
            self.message = refused(sq, self.going_on(self.path[-1]))
            return self._chosen()  # (a tap refused changes nothing else: the chain stays chosen)
        owner = self.pieces().get(sq)
        if owner == self.player:
            if self.path[:1] == [sq]:
                self.path = []
            elif self.landings([sq]):
                self.path = [sq]
            else:
                self.path = []
                self.message = self.stuck(sq)
            return CHANGED
        if self.path:  # a square the picked piece cannot reach now: the rules say why
            reason = self.refused(self.move([self.path[0], sq]))
            self.message = None if reason is None else refused(path_words([self.path[0], sq]), reason)
        elif owner is not None:
            self.message = refused(sq, self.not_yours(sq))
        else:
            self.message = refused(sq, self.pick_first())
        # a tap refused changes nothing else: a move chosen stays chosen, its button with it
        return self._chosen() if len(self.path) >= 2 else CHANGED

    def chain_hint(self) -> str | None:
        """What to do while a chain is built (the piece has left its square): play it, or go on
        where landings are marked; None before."""
        if not self.moving:
            return None
        if not self.choices():
            return _("Tap {square} again to play this move.").format(square=self.path[-1])
        return Hint(_("On {square}: tap a marked square to jump on, or {square} again to play.").format(
            square=self.path[-1]), CHOICE)

    def pick_first(self) -> str:
        """The words for a tap on an empty square while no piece is picked."""
        return _("Pick one of your pieces first, then where it goes.")

    def drop(self) -> Reply[object]:
        if not self.path:
            return UNCHANGED
        self.path, self.message = [], None
        return CHANGED

    # --- the screen ------------------------------------------------------------------------------

    def marks(self) -> dict[Sq, list[str]]:
        """The squares marked: the piece picked and its path, where it may go (the move chosen)
        or, before a piece is picked, the pieces that can move, for a glance."""
        marks: dict[Sq, list[str]] = {}
        if self.path:
            marks[self.path[0]] = ["picked"]
            for sq in self.path[1:-1]:
                marks.setdefault(sq, []).append("path")
            if self.moving:
                marks.setdefault(self.path[-1], []).append("at")
            chosen = self.path[-1] if len(self.path) >= 2 and not self.chains else None
            for sq in self.choices():
                marks.setdefault(sq, []).append("chosen" if sq == chosen else "choice")
        elif self.seat.acting and not self.must_pass:
            for sq, owner in self.pieces().items():
                if owner == self.player and self.landings([sq]):
                    marks.setdefault(sq, []).append("movable")
        return marks

    def model(self) -> DiscModel:
        """The turn's screen: the board with the marks, the last move drawn (a disc it turned
        over turned once, when this screen first shows it), what to do now."""
        played = self.seat.last
        last = self.trace(played.effect) if played is not None else []
        flips = played is not None and last != [] and self.flips(played.effect)
        hint = self.hint() if self.seat.acting and not self.must_pass else None
        return {**self.common_model(), "kind": "turn", "player": self.player,
                "colours": {p: SIDES[p] for p in self.names}, "board": self.board(self.marks()),
                "path": [str(sq) for sq in self.path] if self.moving else [], "last": last,
                "last_text": self.last_text(), "hint": hint,
                "moment": ("move", played.turn if played else 0),
                "effects": [Flip((last[-1],))] if flips else []}
