"""Enlightenment at the table: the plug-in it adds to the open games' shared kind
(:class:`mortar.table.open_kind.OpenKind`): the start layout of EN3 as an option, its turn draft
with jump chains, its words and drawing."""

from __future__ import annotations

from collections.abc import Mapping

from ....kit.turns import Player
from ....table.kind import Choice, FieldSpec, PublicField
from ....table.open_kind import OpenKind, first_field, public_end
from ....table.words import _
from ..actions import Options, Termination
from ..board import Layout
from ..game import GAME
from ..state import Seat, State
from . import views
from .turn import TurnDraft
from .views import TurnModel


class EnlightenmentKind(OpenKind[State, Seat, Options, TurnModel]):
    game = GAME
    views = views
    turn_draft = TurnDraft
    fields = (
        first_field(),
        FieldSpec("start", _("Start layout"), Layout.A.value, (
            Choice(Layout.A.value, _("A: back rows"), _("Each player's back row and the three edge squares "
                                                       "nearest it; the middle row's edge squares split.")),
            Choice(Layout.B.value, _("B: alternating"), _("Red and White by turns round the edge, Red on a1 "
                                                         "(Red holds the four corners).")),
            Choice(Layout.C.value, _("C: half rings"), _("Each player holds one half of the edge."))),
            hint=_("The booklet's sketch is lost: A is our reading.")),
    )
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


KIND = EnlightenmentKind()
