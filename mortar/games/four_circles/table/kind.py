"""Four Circles at the table: the :class:`mortar.table.kind.GameKind` it plugs in, on the open
table's shared kind (:class:`mortar.table.open_kind.OpenKind`: saves, records, the common ends).
What is its own: the turn draft in two parts on a board that moves and grows, its words and
drawing. It has no options beside who starts (RECORD.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from ....kit.turns import Player
from ....table.kind import TableFacts
from ....table.open_kind import OpenKind, first_field, public_end
from ....table.words import _
from ..actions import Options, Termination
from ..game import GAME
from ..state import State
from . import texts, views
from .review import Review
from .texts import COLOUR, OWN_ENDS
from .turn import TurnDraft

NAMES = {p.value: COLOUR[p] for p in Player}


class FourCirclesKind(OpenKind):
    game = GAME
    screens = views
    words = texts
    review_type = Review
    title = "Four Circles"
    default_names = NAMES  # (the colours, in words)
    own_ends = OWN_ENDS
    fields = (first_field(("Red", "White"), NAMES),)
    intents = TurnDraft.intents | Review.intents
    public = public_end(Termination)
    rules_url = "./mortar/games/four_circles/static/rules.html"
    about = _("Four Circles (Vier Kreise) by Steffen Mühlhäuser, from KARO. This browser version plays by "
              "its rules and runs entirely on this device.")

    def options(self, values: Mapping[str, str], first: str) -> Options:
        return Options(first=Player(first))

    def draft(self, state: State, player: str, facts: TableFacts) -> TurnDraft:
        return TurnDraft(state.seat(player), self.names_of(state), facts.near(player, self.players),
                         self.last_played(state))



KIND = FourCirclesKind()
