"""Hopper and Sneaker at the table: the :class:`mortar.table.kind.GameKind` it plugs in, on the
open table's shared kind (:class:`mortar.table.open_kind.OpenKind`: saves, records, the common
ends). What is its own: the Hopper count and the secret setup (HS3) as start-form options, the
curtain while a secret arrangement is made, its drafts, words and drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....kit.turns import Player
from ....table.kind import Choice, FieldSpec, PublicField, TableFacts
from ....table.open_kind import OpenKind, first_field, public_end
from ....table.words import _
from ..actions import HOPPERS_DEFAULT, Options, Termination
from ..game import GAME
from ..state import State
from . import texts, views
from .arrange import ArrangeDraft
from .review import Review
from .texts import COLOUR, OWN_ENDS
from .turn import TurnDraft

NAMES = {p.value: COLOUR[p] for p in Player}


class HopperAndSneakerKind(OpenKind):
    game = GAME
    screens = views
    words = texts
    review_type = Review
    title = "Hopper and Sneaker"
    default_names = NAMES  # (the colours, in words)
    own_ends = OWN_ENDS
    fields = (
        first_field(("Red", "White"), NAMES),
        FieldSpec("hoppers", _("Hoppers each (0–6, the rest Sneakers)"), str(HOPPERS_DEFAULT),
                  low=0, high=6),
        FieldSpec("setup", _("Arranging the pieces"), "open", (
            Choice("open", _("In the open"), _("Whoever starts arranges first; the other sees it, "
                                               "then arranges.")),
            Choice("secret", _("In secret"), _("Each arranges behind the curtain; both are revealed "
                                               "together."))),
                  shown_when=None),
    )
    intents = ArrangeDraft.intents | TurnDraft.intents | Review.intents
    public = {"game-started": {"hoppers": PublicField(count=True)}, **public_end(Termination)}
    rules_url = "./mortar/games/hopper_and_sneaker/static/rules.html"
    about = _("Hopper and Sneaker (Schleicher & Hüpfer) by Steffen Mühlhäuser, from KARO. This browser "
              "version plays by its rules and runs entirely on this device.")

    def options(self, values: Mapping[str, str], first: str) -> Options:
        text = values.get("hoppers", str(HOPPERS_DEFAULT)).strip()
        if not text.isdigit() or not 0 <= int(text) <= 6:
            raise ValueError(_("The number of Hoppers must be a whole number from 0 to 6."))
        return Options(int(text), values.get("setup") == "secret", first=Player(first))

    def hidden(self, state: State) -> bool:
        # HS3's secret setup is the only hidden information of the game: the arrangements,
        # until both are made
        return state.options.secret_setup and state.setting_up and state.outcome is None

    def draft(self, state: State, player: str, facts: TableFacts) -> ArrangeDraft | TurnDraft:
        seat = state.seat(player)
        names, near = self.names_of(state), facts.near(player, self.players)
        if state.setting_up and state.to_play == player:
            return ArrangeDraft(seat, names, near)
        return TurnDraft(seat, names, near, self.last_played(state))

    def started(self, state: State) -> dict[str, Any]:
        return {"hoppers": state.options.hoppers}



KIND = HopperAndSneakerKind()
