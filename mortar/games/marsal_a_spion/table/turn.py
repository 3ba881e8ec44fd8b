"""A Maršál a Špión turn on the player's own screen, from their seat only.

Tap one of your pieces: the squares it may move to and the enemy pieces it may attack are
marked (the seat's legal plays; a Scout's runs and distance attacks are one tap on the end
square). Tap one of them, then play it, with a draw offer if you like; or accept the
opponent's offer, or resign. Once the table has played the action, :meth:`TurnDraft.played`
shows its result from the seat after it: an attack shows the defender's face (R9).

Intents return False when they do not apply (a stale click), True when the draft changed, or
the finished action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mortar.kit.common import AcceptDraw, OfferDraw, Resign

from ....table.words import _, sentence
from ..actions import Attack, Move, Play, Removed
from ..board import Player, Square
from ..pieces import PIECES, Piece
from ..seat import Seat, SeenAction
from .models import PendingModel, ReportModel, ResultModel, TrayModel
from .scene import seat_board
from .texts import ARMY, NAME, enemy_action, own_result

Action = Move | Attack | OfferDraw | AcceptDraw | Resign
Reply = bool | Action


def last_enemy_action(seat: Seat) -> SeenAction | None:
    """The opponent's action just before this player's turn (the curtain's news), if any."""
    if seat.log and seat.log[-1].player is seat.opponent:
        return seat.log[-1]
    return None


def report_of(seat: Seat, other: str) -> ReportModel | None:
    """The last enemy move or attack as this player may know it (R13), with where it went."""
    seen = last_enemy_action(seat)
    if seen is None or not isinstance(seen.action, Move | Attack):
        return None
    own_setup = seat.own_setup.placement() if seat.own_setup is not None else {}
    return {"turn": seen.turn, "text": enemy_action(seen, other, own_setup),
            "start": str(seen.action.start), "end": str(seen.action.end),
            "attack": isinstance(seen.action, Attack)}


def trays(seat: Seat, names: Mapping[Player, str]) -> list[TrayModel]:
    """Both armies' removed pieces (R9: public, identities shown), the player's own first."""
    out: list[TrayModel] = []
    for army in (seat.player, seat.opponent):
        gone: list[Removed] = [r for r in seat.tray if r.player is army]
        counts = [(p.id, n) for p in PIECES if (n := sum(1 for r in gone if r.piece is p))]
        title = (_("Your losses") if army is seat.player else
                 _("{name}'s losses").format(name=names[army]))
        out.append({"army": str(army), "title": title, "pieces": counts, "count": len(gone)})
    return out


class TurnDraft:
    intents = frozenset({"square", "cancel", "play", "offer-draw", "accept-draw", "accept-cancel",
                         "accept-confirm", "resign", "resign-cancel", "resign-confirm"})

    def __init__(self, seat: Seat, names: Mapping[Player, str]) -> None:
        self.seat = seat
        self.player = seat.player
        self.names = names
        self.stage = "move"
        self.report = report_of(seat, names[seat.opponent])
        self.plays: dict[Square, list[Play]] = {}
        for play in seat.legal_plays():
            self.plays.setdefault(play.start, []).append(play)
        self.picked: Square | None = None
        self.aim: Play | None = None
        self.offer = False
        self.resign_asked = False
        self.accept_asked = False
        self.message: str | None = None
        self.result: SeenAction | None = None

    def handle(self, intent: str, arg: str | None) -> Reply:
        handler: Callable[[str | None], Reply] = getattr(self, "on_" + intent.replace("-", "_"))
        if self.stage == "result":
            return False  # the turn is played: only the table's "end-turn" goes on
        return handler(arg)

    @property
    def finished(self) -> bool:
        return self.stage == "result"

    def played(self, seat: Seat) -> None:
        """The table played this turn's action: show its result from the seat after it."""
        self.seat = seat
        self.stage = "result"
        self.picked = self.aim = None
        self.resign_asked = self.accept_asked = False
        self.message = None
        self.result = seat.log[-1] if seat.log else None

    def _mine(self, square: Square) -> Piece | None:
        return self.seat.own_piece_at(square)

    # --- picking --------------------------------------------------------------------------

    def on_square(self, arg: str | None) -> Reply:
        try:
            square = Square.parse(arg or "")
        except ValueError:
            return False
        self.message = None
        self.resign_asked = self.accept_asked = False
        mine = self._mine(square)
        if mine is not None:
            if square is self.picked:  # a second tap puts it down
                self.picked = self.aim = None
            elif square in self.plays:
                self.picked, self.aim = square, None
            else:
                self.message = (_("Your {piece} never moves.") if not mine.movable else
                                _("Your {piece} on {square} has nowhere to go.")).format(
                                    piece=NAME[mine], square=square)
            return True
        if self.picked is None:
            self.message = _("First tap one of your pieces.")
            return True
        play = next((p for p in self.plays[self.picked] if p.end is square), None)
        if play is None:
            piece = self._mine(self.picked)
            assert piece is not None
            self.message = _("Your {piece} on {start} cannot reach {square}: tap a marked "
                             "square.").format(piece=NAME[piece], start=self.picked, square=square)
            return True
        self.aim = play
        return True

    def on_cancel(self, arg: str | None) -> Reply:
        self.picked = self.aim = None
        self.message = None
        return True

    def on_offer_draw(self, arg: str | None) -> Reply:
        self.offer = not self.offer
        return True

    # --- playing ----------------------------------------------------------------------------

    def _finish(self, action: Action) -> Reply:
        refusal = self.seat.refusal(action)
        if refusal is not None:
            self.message = sentence(refusal.message)
            return True
        return action

    def on_play(self, arg: str | None) -> Reply:
        if self.aim is None:
            self.message = _("First pick a piece and where it goes.")
            return True
        return self._finish(OfferDraw(self.aim) if self.offer else self.aim)

    def on_accept_draw(self, arg: str | None) -> Reply:
        if not self.seat.may_accept_draw():
            return False
        self.accept_asked, self.resign_asked = True, False
        return True

    def on_accept_cancel(self, arg: str | None) -> Reply:
        self.accept_asked = False
        return True

    def on_accept_confirm(self, arg: str | None) -> Reply:
        if not self.accept_asked:
            return False
        return self._finish(AcceptDraw())

    def on_resign(self, arg: str | None) -> Reply:
        self.resign_asked, self.accept_asked = True, False
        return True

    def on_resign_cancel(self, arg: str | None) -> Reply:
        self.resign_asked = False
        return True

    def on_resign_confirm(self, arg: str | None) -> Reply:
        if not self.resign_asked:
            return False
        return self._finish(Resign())

    # --- the screen model ---------------------------------------------------------------------

    def _pending(self) -> PendingModel | None:
        play = self.aim
        if play is None:
            return None
        piece = self._mine(play.start)
        assert piece is not None
        a, b = str(play.start), str(play.end)
        if isinstance(play, Attack):
            text = _("Attack {b} with your {piece} from {a}").format(piece=NAME[piece], a=a, b=b)
        else:
            text = _("Move your {piece} from {a} to {b}").format(piece=NAME[piece], a=a, b=b)
        return {"attack": isinstance(play, Attack), "start": a, "end": b, "text": text}

    def _played(self) -> tuple[SeenAction, Piece] | None:
        """The own move or attack just played, and which piece made it."""
        seen = self.result
        if seen is None or not isinstance(seen.action, Move | Attack) or seen.handle is None:
            return None
        own_setup = self.seat.own_setup
        assert own_setup is not None
        return seen, own_setup.placement()[seen.handle]

    def result_text(self) -> str | None:
        """The result in words (the live region's, as the screen's)."""
        played = self._played()
        return own_result(*played) if played is not None else None

    def _result(self) -> ResultModel | None:
        played = self._played()
        if played is None:
            return None
        seen, mine = played
        return {"turn": seen.turn, "attack": isinstance(seen.action, Attack), "mine": mine.id,
                "defender": seen.learned.id if seen.learned is not None else None,
                "outcome": str(seen.clash) if seen.clash is not None else None,
                "text": own_result(seen, mine), "over": self.seat.outcome is not None}

    def _marks(self) -> dict[str, list[str]]:
        marks: dict[str, list[str]] = {}

        def add(square: Square | str, mark: str) -> None:
            marks.setdefault(str(square), []).append(mark)

        if self.stage == "result":
            if self.result is not None and isinstance(self.result.action, Move | Attack):
                add(self.result.action.start, "done-from")
                add(self.result.action.end, "done-to")
            return marks
        if self.report is not None:
            add(self.report["start"], "last-from")
            add(self.report["end"], "last-to")
            if self.report["attack"]:
                add(self.report["end"], "last-hit")
        for square in self.plays:
            add(square, "movable")
        if self.picked is not None:
            add(self.picked, "sel")
            for play in self.plays[self.picked]:
                add(play.end, "target" if isinstance(play, Attack) else "dest")
        if self.aim is not None:
            add(self.aim.end, "aim")
        return marks

    def model(self, aid: Any = None) -> dict[str, Any]:
        seat = self.seat
        name, other = self.names[self.player], self.names[seat.opponent]
        label = _("{name}'s board ({army}): your army is at the bottom").format(
            name=name, army=ARMY[self.player])
        result = self._result() if self.stage == "result" else None
        picked = self._mine(self.picked) if self.picked is not None else None
        turn = result["turn"] if result is not None else seat.turn
        return {
            "kind": "turn", "player": str(self.player), "name": name, "other": other,
            "army": ARMY[self.player], "turn": turn, "stage": self.stage,
            "report": self.report if self.stage == "move" else None,
            "board": seat_board(seat, self._marks(), label),
            "picked": str(self.picked) if self.picked is not None else None,
            "picked_piece": picked.id if picked is not None else None,
            "choices": len(self.plays.get(self.picked, ())) if self.picked is not None else 0,
            "pending": self._pending() if self.stage == "move" else None,
            "offer": self.offer, "may_accept": self.stage == "move" and seat.may_accept_draw(),
            "accept_asked": self.accept_asked, "resign_asked": self.resign_asked,
            "trays": trays(seat, self.names),
            "inactivity": seat.inactivity, "limit": seat.options.inactivity_limit,
            "message": self.message, "result": result,
            "moment": ("result" if result is not None else "turn", name, turn), "effects": [],
        }
