"""Hopper and Sneaker at the table: the plug-in it adds to the open games' shared kind
(:class:`mortar.table.open_kind.OpenKind`): the Hopper count and the secret setup (HS3) as start
form options, the curtain while a secret arrangement is made, its drafts, words and drawing."""

from __future__ import annotations

from collections.abc import Mapping

from ....kit.jsontext import JSONValue
from ....kit.turns import Player
from ....table.drafts import Context, Draft
from ....table.kind import Choice, FieldSpec, PublicField, Taps
from ....table.open_kind import OpenKind, first_field, public_end
from ....table.words import _
from ..actions import HOPPERS_DEFAULT, Move, Options, Setup, Termination
from ..game import GAME
from ..state import Seat, State
from . import views
from .arrange import ArrangeDraft, default_faces
from .turn import TurnDraft
from .views import ArrangeModel, TurnModel


class HopperAndSneakerKind(OpenKind[State, Seat, Options, TurnModel | ArrangeModel]):
    game = GAME
    views = views
    fields = (
        first_field(),
        FieldSpec("hoppers", _("Hoppers each (0–6, the rest Sneakers)"), str(HOPPERS_DEFAULT),
                  low=0, high=6),
        FieldSpec("setup", _("Arranging the pieces"), "open", (
            Choice("open", _("In the open"), _("Whoever starts arranges first; the other sees it, "
                                               "then arranges.")),
            Choice("secret", _("In secret"), _("Each arranges behind the curtain; both are revealed "
                                               "together."))),
                  shown_when=None),
    )
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

    def draft(self, seat: Seat, context: Context) -> Draft[object, Seat, TurnModel | ArrangeModel]:
        if seat.position.setting_up and seat.to_play is seat.player:
            return ArrangeDraft(seat, context)
        return TurnDraft(seat, context)

    def move_taps(self, action: object, seat: Seat) -> Taps:
        if isinstance(action, Move):
            return super().move_taps(action, seat)
        assert isinstance(action, Setup)
        faces, taps = default_faces(seat.player, seat.position.hoppers), []  # from the default, swaps
        wanted = dict(action.pieces)
        for sq in faces:
            if faces[sq] is not wanted[sq]:
                other = next(s for s, f in faces.items() if f is wanted[sq] and wanted[s] is not f)
                faces[sq], faces[other] = faces[other], faces[sq]
                taps += [("square", str(sq)), ("square", str(other))]
        return (*taps, ("confirm-setup", None))

    def form_of(self, record: Mapping[str, JSONValue]) -> dict[str, str]:
        options = record.get("options")
        secret = isinstance(options, dict) and options.get("secret_setup") is True
        return {**super().form_of(record), "setup": "secret" if secret else "open"}


KIND = HopperAndSneakerKind()
