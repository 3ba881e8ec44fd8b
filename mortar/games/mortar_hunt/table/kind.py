"""Mortar Hunt at the table: its plug-in. The start form's options (variant, turn limit,
loadout) and the radar aid as field specs, the drafts of :mod:`.placement` and :mod:`.turn`
(built from a seat), its words and drawing, the review's step, and its saves of before (the
loadout kept beside the record, which does not say it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, cast

from ....kit.jsontext import JSONTextError, JSONValue, loads
from ....table.drafts import Context, PlayModel
from ....table.html import El
from ....table.kind import Choice, FieldSpec, KindBase, PublicField, ReviewStep, SaveError, Taps
from ....table.names import Names
from ....table.render import Frame
from ....table.savefile import legacy_names
from ....table.words import _, ngettext
from ..actions import Move, Resign, Sacrifice, Setup, Turn
from ..game import GAME
from ..moves import warm_up
from ..record import Record, infer_loadout
from ..rules import (
    PLAYERS,
    SUGGESTED_TURN_LIMIT,
    TURN_LIMIT_MAX,
    EndReason,
    Loadout,
    Options,
    Phase,
    PieceType,
    Variant,
)
from ..seat import Seat
from ..state import State
from . import scene
from .parts import SYMBOLS, render_review
from .placement import PlacementDraft
from .review import review_model, step_text
from .turn import TurnDraft
from .views import render_play

if TYPE_CHECKING:
    from ....kit.remote import Lie  # (the links archive: mortar/web/links_archive.py)
    from .models import PlacementModel, TurnModel


def _reach(kind: PieceType) -> str:
    return _("Each shell lands {low} to {high} squares ahead.").format(low=kind.shortest, high=kind.longest)


FIELDS = (
    FieldSpec("variant", _("Variant"), Variant.CLASSIC.value, (
        Choice("classic", _("Classic")),
        Choice("craters", _("Craters"), _("Every shot leaves a crater: no piece may cross it, no square "
                                           "is shot twice.")))),
    FieldSpec("limit", _("Turn limit"), "off", (
        Choice("off", _("None"), _("Play until one side is wiped out.")),
        Choice("suggested",
               ngettext("{n} turn", "{n} turns", SUGGESTED_TURN_LIMIT).format(n=SUGGESTED_TURN_LIMIT),
               _("One page of the paper pad.")),
        Choice("custom", _("Custom")))),
    FieldSpec("custom-limit", _("Turns"), "20", low=1, high=TURN_LIMIT_MAX, shown_when=("limit", "custom")),
    FieldSpec("loadout", _("Pieces"), Loadout.ALL_HM.value, (
        Choice("HM", _("All heavy mortars"), _reach(PieceType.HM)),
        Choice("LH", _("All light howitzers"), _reach(PieceType.LH)),
        Choice("secret", _("Secret loadout"), _("Each player picks each piece's type; the other never "
                                                 "learns it.")))),
)
RADAR = FieldSpec("aid", _("Aid"), "off", (
    Choice("off", _("No radar")),
    Choice("on", _("Radar allowed"), _("On your own turn, a map of where the enemy may be, worked out "
                                        "only from what you know. Both players see that it is allowed.")),
))


class MortarHuntKind(KindBase[State, Seat]):
    game = GAME
    sides = {str(p): _("Player {p}").format(p=p) for p in PLAYERS}
    curtain = True
    fields = FIELDS
    aid = RADAR
    tabs = (("pad", _("Pad")),)
    public = {"game-started": {"variant": PublicField(tuple(v.value for v in Variant)),
                               "turn_limit": PublicField(count=True, nullable=True)},
              "game-over": {"score": PublicField(per_player=True, required=True),
                            "reason": PublicField(tuple(r.value for r in EndReason))}}
    rules_url = "./mortar/games/mortar_hunt/static/rules.html"
    symbols = SYMBOLS
    about = _("Mortar Hunt by Predrag and Dragan Lazović. This browser version plays by their rules; "
              "it runs entirely on this device.")

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> State:
        limit: int | None = None
        if values.get("limit") == "suggested":
            limit = SUGGESTED_TURN_LIMIT
        elif values.get("limit") == "custom":
            text = values.get("custom-limit", "").strip()
            if not text.isdigit() or not 1 <= int(text) <= TURN_LIMIT_MAX:
                raise ValueError(_("The turn limit must be a whole number from 1 to {high}.").format(
                    high=TURN_LIMIT_MAX))
            limit = int(text)
        return State(Options(Variant(values.get("variant", "classic")), limit,
                             Loadout(values.get("loadout", Loadout.ALL_HM.value))), dict(names))

    def hidden(self, state: State) -> bool:
        return True  # each side's pieces are hidden from the other all game long (R12)

    def turn(self, state: State) -> int | None:
        return state.turn if state.phase is not Phase.SETUP else None

    def draft(self, seat: Seat, context: Context) -> PlacementDraft | TurnDraft:
        return PlacementDraft(seat, context) if seat.phase is Phase.SETUP else TurnDraft(seat, context)

    def render_play(self, model: PlayModel, frame: Frame) -> El:
        return render_play(cast("PlacementModel | TurnModel", model), frame)  # (its drafts' models)

    def outcome_text(self, state: State, names: Names) -> str:
        return scene.outcome_text(state, {p: names[p] for p in names})

    def embed(self, state: State, event: str) -> Mapping[str, JSONValue]:
        if event == "game-started":
            return {"variant": state.options.variant.value, "turn_limit": state.options.turn_limit}
        outcome = state.outcome
        if outcome is None:
            return {}
        info = outcome.as_dict()
        return {"score": info["score"], "reason": info["reason"]}

    def review(self, step: ReviewStep[State], frame: Frame) -> El:
        return render_review(review_model(step))

    def step_text(self, step: ReviewStep[State]) -> str:
        return step_text(step)

    def replaying(self, record: Record, form: Mapping[str, str]) -> Iterator[State]:  # type: ignore[override]
        """The loadout is the start form's (a record does not say a secret one). A turn limit the
        start form does not offer is refused (the page could not show the game)."""
        if record.turn_limit is not None and record.turn_limit > TURN_LIMIT_MAX:
            raise SaveError(_("The saved game has a turn limit of more than {high} turns, which this page "
                              "does not offer.").format(high=TURN_LIMIT_MAX))
        loadout = form.get("loadout")
        record.loadout = (Loadout(loadout) if loadout in {lo.value for lo in Loadout} else
                          infer_loadout(record.pieces) if len(record.setup) == 2 else Loadout.SECRET)
        return record.replaying()

    def warm_up(self) -> Iterator[None]:
        """Idle-time work that makes the computer's first decision quick (see moves.warm_up)."""
        for player in PLAYERS:
            yield from warm_up(player)

    def taps(self, action: object, seat: Seat) -> Taps:
        if isinstance(action, Setup):
            taps: list[tuple[str, str | None]] = []
            for n, (position, kind) in enumerate(zip(action.positions, action.types), 1):
                # its facing and type first: a piece put down hands the selection to the next
                taps += [("select", str(n)), ("facing", position.facing.name)]
                if seat.options.fixed_type() is None:
                    taps.append(("piece-type", kind.name))
                taps.append(("square", str(position.square)))
            return (*taps, ("confirm-placement", None))
        if isinstance(action, Sacrifice):
            return (("select", str(action.piece)), ("sacrifice", None))
        if isinstance(action, Resign):
            return (("resign", None), ("resign-confirm", None))
        if isinstance(action, Turn):
            move: Move = action.move
            taps = [("select", str(move.piece)), ("square", str(move.to.square)),
                    ("facing", move.to.facing.name), ("confirm-move", None)]
            if action.shot is None:
                return (*taps, ("skip", None))
            return (*taps, ("select", str(action.shot.piece)), ("square", str(action.shot.at)),
                    ("confirm", None))
        return ()

    # --- by links ---------------------------------------------------------------------------

    def seat_turn(self, seat: Seat) -> int | None:
        return seat.turn if seat.phase is not Phase.SETUP else None

    def invitation_form(self, options: Mapping[str, JSONValue]) -> dict[str, str]:
        limit = options.get("turn_limit")
        return {"variant": str(options.get("variant", Variant.CLASSIC.value)),
                "loadout": str(options.get("loadout", Loadout.ALL_HM.value)),
                "limit": ("off" if limit is None else "suggested" if limit == SUGGESTED_TURN_LIMIT
                          else "custom"),
                "custom-limit": str(limit if limit is not None else 20)}

    def lie_text(self, lie: Lie, names: Names) -> str | None:
        from ..links import HuntLie  # (a game by links: the links archive is here)

        who, n, square = names[lie.player], lie.turn, lie.data.get("square", "?")
        words = {
            HuntLie.FALSE_MISS: _("{name}'s device said {square} was a miss at turn {n}, but a piece "
                                  "stood there."),
            HuntLie.FALSE_HIT: _("{name}'s device said {square} was a hit at turn {n}, but no piece "
                                 "stood there."),
            HuntLie.ILLEGAL_HIDDEN_MOVE: _("{name}'s device made an illegal move at turn {n}."),
            HuntLie.OUT_OF_REACH: _("{name}'s device fired at {square} at turn {n} with a piece that could "
                                    "not reach it."),
            HuntLie.SKIPPED_SACRIFICE: _("{name}'s device played a turn at turn {n}, but it had to sacrifice "
                                         "a piece."),
            HuntLie.SACRIFICE_NOT_DUE: _("{name}'s device sacrificed a piece at turn {n}, but none was "
                                         "due."),
            HuntLie.CHANGED_SETUP: _("{name}'s device opened a placement other than the one it committed "
                                     "to."),
            HuntLie.ILLEGAL_SETUP: _("{name}'s device placed its pieces illegally."),
            HuntLie.OTHER_TURN: _("{name}'s device opened another turn than the one its link said at turn "
                                  "{n}."),
        }.get(lie.code)  # type: ignore[call-overload]
        return None if words is None else words.format(name=who, n=n, square=square)

    def upgrade(self, data: dict[str, object]) -> dict[str, object]:
        """A save of a page before version 3: version 2 held the record as data, version 1 as its
        text; both kept the loadout and "every step confirmed" beside it, the computer's seats
        and the radar inside."""
        version, record = data.get("version"), data.get("record")
        loadout = data.get("loadout")
        if loadout not in {lo.value for lo in Loadout}:
            raise SaveError(_("The saved game names an unknown set of pieces."))
        if version == 1 and isinstance(record, str):
            try:
                record = loads(record)
            except JSONTextError:
                raise SaveError(_("The saved game is damaged (not valid JSON).")) from None
        if version not in (1, 2) or not isinstance(record, dict):
            raise SaveError(_("The saved game is damaged (it is not a whole game record)."))
        players = record.get("players")
        computer: dict[str, str] = {}
        if isinstance(players, dict):
            computer = {p: e["computer"] for p, e in players.items()
                        if isinstance(e, dict) and isinstance(e.get("computer"), str)}
            names = legacy_names(players, computer)
            record = {**record, "players": {p: {k: v for k, v in e.items() if k != "name"} |
                                            ({"name": names[p]} if names.get(p) else {})
                                            for p, e in players.items() if isinstance(e, dict)}}
        limit = record.get("turn_limit")
        form = {"variant": str(record.get("variant", "classic")), "loadout": str(loadout),
                "limit": ("off" if limit is None else "suggested" if limit == SUGGESTED_TURN_LIMIT
                          else "custom"),
                "custom-limit": str(limit)}
        return {"app": data["app"], "version": 3, "record": record, "form": form,
                "table": {"computer": computer, "aid": record.get("radar") is True,
                          "confirm": data.get("confirm") is True}}


KIND = MortarHuntKind()
