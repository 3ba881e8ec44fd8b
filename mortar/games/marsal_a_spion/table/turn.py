"""A Maršál a Špión turn on the player's own screen, from their seat only.

Tap one of your pieces: the squares it may move to and the enemy pieces it may attack are
marked (the seat's legal plays; a Scout's runs and distance attacks are one tap on the end
square). A tap on one chooses the play, confirmed as every move of the box is (a second tap
there, or its button), with a draw offer if you like; or accept the opponent's offer, or
resign. Once the table has played the action, :meth:`TurnDraft.played` shows its result from
the seat after it: an attack shows the defender's face (R9).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from mortar.kit.common import AcceptDraw, OfferDraw, Resign

from ....table.drafts import CHANGED, UNCHANGED, Chosen, Context, Reply, Result
from ....table.drafts import Play as Confirmed
from ....table.hints import DEST_OR_TARGET, Hint
from ....table.words import _, refused
from ..actions import Attack, Move, Play, RefusalCode, Removed
from ..board import Square
from ..pieces import PIECES, Piece
from ..seat import Seat, SeenAction
from .scene import seat_board
from .texts import ARMY, NAME, enemy_action, own_result, players_turn, refusal_text

if TYPE_CHECKING:
    from .models import PendingModel, ReportModel, ResultModel, TrayModel, TurnModel

Action = Move | Attack | OfferDraw | AcceptDraw | Resign


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
    return {"turn": players_turn(seen.turn), "text": enemy_action(seen, other, own_setup),
            "start": str(seen.action.start), "end": str(seen.action.end),
            "attack": isinstance(seen.action, Attack)}


def trays(seat: Seat, names: Mapping[str, str]) -> list[TrayModel]:
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
    intents = frozenset({"square", "cancel", "offer-draw", "accept-draw", "accept-cancel",
                         "accept-confirm", "resign", "resign-cancel", "resign-confirm"})

    def __init__(self, seat: Seat, context: Context) -> None:
        self.seat = seat
        self.player = seat.player
        self.names = context.names
        self.stage = "move"
        self.news = report_of(seat, self.names[seat.opponent])
        self.report = (_("Turn {n}:").format(n=self.news["turn"]) + " " + self.news["text"]
                       if self.news is not None else None)
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

    def handle(self, intent: str, arg: str | None) -> Reply[object]:
        handler: Callable[[str | None], Reply[object]] = getattr(self, "on_" + intent.replace("-", "_"))
        if self.stage == "result":
            return UNCHANGED  # the turn is played: only the table's "end-turn" goes on
        return handler(arg)

    def played(self, seat: Seat) -> Result:
        """The table played this turn's action: show its result from the seat after it."""
        self.seat = seat
        self.stage = "result"
        self.picked = self.aim = None
        self.resign_asked = self.accept_asked = False
        self.message = None
        self.result = seat.log[-1] if seat.log else None
        words = self.result_text()
        return Result(words, shows=words is not None)

    def _mine(self, square: Square) -> Piece | None:
        return self.seat.own_piece_at(square)

    # --- picking --------------------------------------------------------------------------

    def on_square(self, arg: str | None) -> Reply[object]:
        try:
            square = Square.parse(arg or "")
        except ValueError:
            return UNCHANGED
        self.message = None
        self.resign_asked = self.accept_asked = False
        mine = self._mine(square)
        if mine is not None:
            if square is self.picked:  # a second tap puts it down
                self.picked = self.aim = None
            elif square in self.plays:
                self.picked, self.aim = square, None
            else:
                self.message = refused(square, (_("Your {piece} never moves.") if not mine.movable else
                                                _("Your {piece} on {square} has nowhere to go.")).format(
                                                    piece=NAME[mine], square=square))
            return CHANGED
        if self.picked is None:
            self.message = refused(square, _("First tap one of your pieces."))
            return CHANGED
        play = next((p for p in self.plays[self.picked] if p.end is square), None)
        if play is None:
            self.message = Hint(self._unreachable(self.picked, square), DEST_OR_TARGET)
            return CHANGED
        self.aim = play
        return self._chosen()

    def _unreachable(self, start: Square, end: Square) -> str:
        """Why the piece on ``start`` cannot go to ``end``, by the rules' refusal of the attack
        there (an enemy piece stands on it) or else of the move: ``Scout E4–E7: A piece or a
        forbidden square stands in the way.``"""
        piece = self._mine(start)
        assert piece is not None
        refusal = self.seat.refusal(Attack(start, end))
        if refusal is not None and refusal.code is RefusalCode.NO_ENEMY:
            refusal = self.seat.refusal(Move(start, end))
        reason = refusal_text(refusal, piece) if refusal is not None else _("Tap a marked square.")
        return refused(_("{piece} {start}–{end}").format(piece=NAME[piece], start=start, end=end), reason)

    def on_cancel(self, arg: str | None) -> Reply[object]:
        if self.resign_asked or self.accept_asked:
            self.resign_asked = self.accept_asked = False
            return CHANGED
        if self.picked is None and self.aim is None:
            return UNCHANGED
        self.picked = self.aim = None
        self.message = None
        return CHANGED

    def on_offer_draw(self, arg: str | None) -> Reply[object]:
        self.offer = not self.offer
        return self._chosen() if self.aim is not None else CHANGED  # (the play carries it now, or not)

    def _chosen(self) -> Chosen[object]:
        """The play aimed at, to be confirmed: "Move J8–J7", "Attack E9"."""
        play = self.aim
        assert play is not None
        label = (_("Attack {end}").format(end=play.end) if isinstance(play, Attack) else
                 _("Move {start}–{end}").format(start=play.start, end=play.end))
        return Chosen(OfferDraw(play) if self.offer else play, label, str(play.end))

    # --- playing ----------------------------------------------------------------------------

    def _finish(self, action: Action) -> Reply[object]:
        refusal = self.seat.refusal(action)
        if refusal is not None:
            self.message = refusal_text(refusal)
            return CHANGED
        return Confirmed(action)

    def on_accept_draw(self, arg: str | None) -> Reply[object]:
        if not self.seat.may_accept_draw():
            return UNCHANGED
        self.accept_asked, self.resign_asked = True, False
        return CHANGED

    def on_accept_cancel(self, arg: str | None) -> Reply[object]:
        self.accept_asked = False
        return CHANGED

    def on_accept_confirm(self, arg: str | None) -> Reply[object]:
        if not self.accept_asked:
            return UNCHANGED
        return self._finish(AcceptDraw())

    def on_resign(self, arg: str | None) -> Reply[object]:
        self.resign_asked, self.accept_asked = True, False
        return CHANGED

    def on_resign_cancel(self, arg: str | None) -> Reply[object]:
        self.resign_asked = False
        return CHANGED

    def on_resign_confirm(self, arg: str | None) -> Reply[object]:
        if not self.resign_asked:
            return UNCHANGED
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
        return {"turn": players_turn(seen.turn), "attack": isinstance(seen.action, Attack), "mine": mine.id,
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
        if self.news is not None:
            add(self.news["start"], "last-from")
            add(self.news["end"], "last-to")
            if self.news["attack"]:
                add(self.news["end"], "last-hit")
        for square in self.plays:
            add(square, "movable")
        if self.picked is not None:
            add(self.picked, "sel")
            for play in self.plays[self.picked]:
                add(play.end, "target" if isinstance(play, Attack) else "dest")
        if self.aim is not None:
            add(self.aim.end, "aim")
        return marks

    def model(self) -> TurnModel:
        seat = self.seat
        name, other = self.names.titled(self.player), self.names[seat.opponent]
        label = _("{name}'s board ({army}): your army is at the bottom").format(
            name=name, army=ARMY[self.player])
        result = self._result() if self.stage == "result" else None
        picked = self._mine(self.picked) if self.picked is not None else None
        turn = result["turn"] if result is not None else players_turn(seat.turn)
        return {
            "kind": "turn", "player": str(self.player), "name": name, "other": other,
            "army": ARMY[self.player], "turn": turn, "stage": self.stage,
            "report": self.news if self.stage == "move" else None,
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
