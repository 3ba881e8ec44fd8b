"""Enlightenment at the table: the :class:`mortar.table.kind.GameKind` it plugs in, on the open
table's shared kind (:class:`mortar.table.open_kind.OpenKind`: saves, records, the common
ends). What is its own: the start layout of EN3 as an option, its turn draft with jump chains,
its words and drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....kit.turns import Player
from ....table.kind import Choice, FieldSpec, PublicField, TableFacts
from ....table.open_kind import OpenKind, first_field, public_end
from ....table.words import _
from ..actions import Options, Termination
from ..board import Layout
from ..game import GAME
from ..state import State
from . import texts, views
from .review import Review
from .texts import COLOUR, OWN_ENDS
from .turn import TurnDraft

NAMES = {p.value: COLOUR[p] for p in Player}


class EnlightenmentKind(OpenKind):
    game = GAME
    screens = views
    words = texts
    review_type = Review
    title = "Enlightenment"
    default_names = NAMES  # (the colours, in words)
    own_ends = OWN_ENDS
    fields = (
        first_field(("Red", "White"), NAMES),
        FieldSpec("start", _("Start layout"), Layout.A.value, (
            Choice(Layout.A.value, _("A: back rows"), _("Each player's back row and the three edge squares "
                                                       "nearest it; the middle row's edge squares split.")),
            Choice(Layout.B.value, _("B: alternating"), _("Red and White by turns round the edge, Red on a1 "
                                                         "(Red holds the four corners).")),
            Choice(Layout.C.value, _("C: half rings"), _("Each player holds one half of the edge."))),
            hint=_("The booklet's sketch is lost: A is our reading.")),
    )
    intents = TurnDraft.intents | Review.intents
    public = {"game-started": {"start": PublicField(tuple(layout.value for layout in Layout))},
              **public_end(Termination)}
    rules_url = "./mortar/games/enlightenment/static/rules.html"
    about = _("Enlightenment by Steffen Mühlhäuser, from KARO. This browser version plays by its rules "
              "and runs entirely on this device.")

    def options(self, values: Mapping[str, str], first: str) -> Options:
        start = values.get("start", Layout.A.value)
        if start not in Layout.__members__.values():
            raise ValueError(_("The start layout must be A, B or C."))
        return Options(Layout(start), first=Player(first))

    def draft(self, state: State, player: str, facts: TableFacts) -> TurnDraft:
        return TurnDraft(state.seat(player), self.names_of(state), facts.near(player, self.players),
                         self.last_played(state))

    def started(self, state: State) -> dict[str, Any]:
        return {"start": state.options.start.value}



KIND = EnlightenmentKind()
