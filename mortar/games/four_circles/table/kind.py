"""Four Circles at the table: the plug-in it adds to the open games' shared kind
(:class:`mortar.table.open_kind.OpenKind`): the turn draft in two parts on a board that moves
and grows, its words and drawing. It has no options beside who starts (RECORD.md)."""

from __future__ import annotations

from collections.abc import Mapping

from ....kit.turns import Player
from ....table.kind import Taps
from ....table.open_kind import OpenKind, first_field, public_end
from ....table.path_draft import path_taps
from ....table.words import _
from ..actions import Move, Options, Place, Termination
from ..game import GAME
from ..state import Seat, State
from . import views
from .turn import TurnDraft
from .views import TurnModel


class FourCirclesKind(OpenKind[State, Seat, Options, TurnModel]):
    game = GAME
    views = views
    turn_draft = TurnDraft
    fields = (first_field(),)
    public = public_end(Termination)
    rules_url = "./mortar/games/four_circles/static/rules.html"
    about = _("Four Circles (Vier Kreise) by Steffen Mühlhäuser, from KARO. This browser version plays by "
              "its rules and runs entirely on this device.")

    def options(self, values: Mapping[str, str], first: str) -> Options:
        return Options(first=Player(first))

    def move_taps(self, action: object, seat: Seat) -> Taps:
        if isinstance(action, Place):
            return path_taps(action.cell)
        assert isinstance(action, Move)
        if action.tile is None:
            return path_taps(action.frm, action.to)
        return path_taps(action.tile.frm, action.tile.to, action.frm)

KIND = FourCirclesKind()
