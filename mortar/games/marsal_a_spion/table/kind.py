"""Maršál a Špión at the table: its plug-in. The start form's options (the inactivity limit, the
memory and deduction aids of R14) as field specs, the drafts built from a seat (:mod:`.setup`,
:mod:`.turn`), its words and drawing, and the setups this device offers each person from their
earlier games (R4's "saved setups": what the game keeps on the device).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from mortar.kit.common import AcceptDraw, OfferDraw, Resign

from ....kit.jsontext import JSONValue
from ....table.drafts import Context, PlayModel
from ....table.html import El
from ....table.kind import Choice, FieldSpec, KindBase, PublicField, ReviewStep, SaveError, TableFacts, Taps
from ....table.names import Names
from ....table.render import Frame
from ....table.savefile import legacy_names
from ....table.words import _, ngettext
from ..actions import Attack, Move, Setup
from ..board import PLAYERS
from ..game import GAME
from ..rules import INACTIVITY_LIMIT, Options, Phase, Termination
from ..seat import Seat
from ..state import State
from . import views
from .layouts import Layout, layout_of, offered_layouts, person, placement_of
from .parts import SYMBOLS
from .setup import SetupDraft
from .texts import ARMY, outcome_text, players_turn, review_step
from .turn import TurnDraft

if TYPE_CHECKING:
    from ....kit.remote import Lie  # (the links archive: mortar/web/links_archive.py)
    from .models import SetupModel, TurnModel

LIMIT_MAX = 1000  # the longest inactivity limit the start form takes
KEPT = "setups"  # what the game keeps on a device: each person's last setup


def _on_off(name: str, legend: str, default: str, on: str, off: str) -> FieldSpec:
    return FieldSpec(name, legend, default, (Choice("on", on), Choice("off", off)))


FIELDS = (
    FieldSpec("limit", _("Inactivity limit"), "standard", (
        Choice("standard", ngettext("{n} turn", "{n} turns", INACTIVITY_LIMIT).format(n=INACTIVITY_LIMIT),
               ngettext("A draw after {n} turn without an attack.",
                        "A draw after {n} turns in a row without an attack.",
                        INACTIVITY_LIMIT).format(n=INACTIVITY_LIMIT)),
        Choice("off", _("None"), _("Play until a flag falls, a draw is agreed or nobody can move.")),
        Choice("custom", _("Custom")))),
    FieldSpec("custom-limit", _("Turns without an attack"), str(INACTIVITY_LIMIT), low=1, high=LIMIT_MAX,
              shown_when=("limit", "custom")),
    _on_off("memory", _("Memory aid"), "on",
            _("On: enemy pieces you have seen keep their rank on your board"),
            _("Off: remember them yourself")),
    _on_off("deduction", _("Deduction aid"), "off",
            _("On: enemy pieces that moved, ran like a Scout or beat one of yours are marked"),
            _("Off: work it out yourself")),
)


class MarsalASpionKind(KindBase[State, Seat]):
    game = GAME
    sides = {str(p): ARMY[p] for p in PLAYERS}
    curtain = True
    fields = FIELDS
    public = {"game-started": {"inactivity_limit": PublicField(count=True, nullable=True)},
              "game-over": {"reason": PublicField(tuple(t.value for t in Termination))}}
    rules_url = "./mortar/games/marsal_a_spion/static/rules.html"
    symbols = SYMBOLS
    tabs = (("pad", _("Pad")),)
    about = _("Maršál a Špión, the Czechoslovak game of hidden ranks. This browser version plays "
              "by the box's reading of its rules; it runs entirely on this device.")

    def __init__(self) -> None:
        self.rng = random.Random()  # "fill at random"

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> State:
        limit: int | None = INACTIVITY_LIMIT
        if values.get("limit") == "off":
            limit = None
        elif values.get("limit") == "custom":
            text = values.get("custom-limit", "").strip()
            if not text.isdigit() or not 1 <= int(text) <= LIMIT_MAX:
                raise ValueError(_("The inactivity limit must be a whole number from 1 to {high}.").format(
                    high=LIMIT_MAX))
            limit = int(text)
        options = Options(limit, memory_aid=values.get("memory", "on") == "on",
                          deduction_aid=values.get("deduction", "off") == "on")
        return GAME.new(options, names)

    def hidden(self, state: State) -> bool:
        return True  # both armies, all game long

    def turn(self, state: State) -> int | None:
        return players_turn(state.turn) if state.phase is not Phase.SETUP else None

    def draft(self, seat: Seat, context: Context) -> SetupDraft | TurnDraft:
        if seat.phase is Phase.SETUP:
            setups = context.kept.get(KEPT)
            last = setups.get(person(seat.player, context.names.given.get(str(seat.player))), None) \
                if isinstance(setups, dict) else None
            return SetupDraft(seat, context, last if isinstance(last, str) else None, self.rng)
        return TurnDraft(seat, context)

    def render_play(self, model: PlayModel, frame: Frame) -> El:
        return views.render_play(cast("SetupModel | TurnModel", model), frame)  # (its drafts' models)

    def outcome_text(self, state: State, names: Names) -> str:
        if state.outcome is None:
            to_play = state.to_play
            return (_("In progress: {name} to play, turn {n}.").format(name=names[str(to_play)],
                                                                       n=players_turn(state.turn))
                    if to_play is not None and state.setups.keys() == set(PLAYERS) else
                    _("In progress: the armies are being set up."))
        return outcome_text(state.outcome, names, stuck=PLAYERS[state.turns & 1],
                            limit=state.options.inactivity_limit)

    def embed(self, state: State, event: str) -> Mapping[str, JSONValue]:
        if event == "game-started":
            return {"inactivity_limit": state.options.inactivity_limit}
        return {"reason": state.outcome.reason.value} if state.outcome is not None else {}

    def review(self, step: ReviewStep[State], frame: Frame) -> El:
        return views.render_review(step, frame)

    def step_text(self, step: ReviewStep[State]) -> str:
        entry, names = step.entry, step.names
        if entry is None:
            return _("Start: the armies as set up.") if step.state.setups else _("Start.")
        action = entry.action  # type: ignore[attr-defined]
        who = names[str(entry.player)]  # type: ignore[attr-defined]
        if isinstance(action, Setup):
            return _("{who} sets up.").format(who=who)
        if isinstance(action, Move | Attack) and entry.piece is not None:  # type: ignore[attr-defined]
            text = review_step(entry.player, action, entry.piece, entry.defender, entry.clash,  # type: ignore[attr-defined]
                               names)
            if entry.offer_draw:  # type: ignore[attr-defined]
                text += " " + _("{who} offers a draw.").format(who=who)
            return text
        return self.outcome_text(step.state, names)

    def keep(self, state: State, facts: TableFacts, kept: Mapping[str, JSONValue]) -> Mapping[str, JSONValue]:
        """The setups the people of this game used: never the computer's, and between two people
        only once the game is over (R13: until then a setup is its player's secret, and a new
        game started under that player's name must not bring it back to the screen)."""
        setups: dict[str, Layout] = offered_layouts(kept.get(KEPT))
        if facts.computer or state.outcome is not None:
            for player, setup in state.setups.items():
                if str(player) not in facts.computer:
                    key = person(player, state.names[player])
                    setups.pop(key, None)
                    setups[key] = layout_of(player, setup.placement())  # the most recent last
        return {**kept, KEPT: dict(list(setups.items())[-8:])}

    def taps(self, action: object, seat: Seat) -> Taps:
        if isinstance(action, Setup):
            return _setup_taps(action, seat)
        offer = (("offer-draw", None),) if isinstance(action, OfferDraw) else ()
        action = action.action if isinstance(action, OfferDraw) else action
        if isinstance(action, Move | Attack):
            return (*offer, ("square", str(action.start)), ("square", str(action.end)), ("confirm", None))
        if isinstance(action, Resign):
            return (("resign", None), ("resign-confirm", None))
        if isinstance(action, AcceptDraw):
            return (("accept-draw", None), ("accept-confirm", None))
        return ()

    def upgrade(self, data: dict[str, object]) -> dict[str, object]:
        """A save of a page before version 3 (version 1: the computer's seats and the setups
        offered beside the record)."""
        computer = data.get("computer")
        if not isinstance(computer, dict) or not all(
                p in self.game.players and level in self.game.levels for p, level in computer.items()):
            raise SaveError(_("The saved game names a computer level this version does not have."))
        record = data.get("record")
        if data.get("version") != 1 or not isinstance(record, dict):
            raise SaveError(_("The saved game is damaged (it is not a whole game record)."))
        players = record.get("players")
        if isinstance(players, dict):
            names = legacy_names(players, {str(p): str(lv) for p, lv in computer.items()})
            record = {**record, "players": {p: {"name": n} for p, n in names.items() if n}}
        options = record.get("options")
        form = self.invitation_form(options if isinstance(options, dict) else {})
        return {"app": data["app"], "version": 3, "record": record,
                "table": {"computer": computer, "confirm": data.get("confirm") is True}, "form": form,
                "kept": {KEPT: offered_layouts(data.get("offered"))}}


    # --- by links ---------------------------------------------------------------------------

    # (keyed by RemoteRulingCode.NO_HOPE_BY_AGREEMENT's value: ..links is in the links archive, not
    # imported while the table is seated; tests/test_archives.py checks each key is a ruling's code)
    remote_rulings = {"no hope by agreement": _(
        "Played by links, the game has no automatic no-hope draw: it would need both armies' hidden "
        "pieces at once. When neither side can move, it is a draw at once all the same; a game nobody "
        "can win ends by an agreed draw or the inactivity limit.")}

    def seat_turn(self, seat: Seat) -> int | None:
        return players_turn(seat.turn) if seat.phase is not Phase.SETUP else None

    def invitation_form(self, options: Mapping[str, JSONValue]) -> dict[str, str]:
        limit = options.get("inactivity_limit", INACTIVITY_LIMIT)
        return {"limit": "off" if limit is None else "standard" if limit == INACTIVITY_LIMIT else "custom",
                "custom-limit": str(limit), "memory": "on" if options.get("memory_aid", True) else "off",
                "deduction": "on" if options.get("deduction_aid") else "off"}

    def lie_text(self, lie: Lie, names: Names) -> str | None:
        from ..links import MarsalLie  # (a game by links: the links archive is here)

        who = names[lie.player]
        if lie.code is MarsalLie.WRONG_OUTCOME:
            return _("{name}'s device told the outcome of its attack {attack} at turn {n} falsely: the "
                     "rules give another.").format(name=who, attack=lie.data.get("attack", "?"), n=lie.turn)
        if lie.code is MarsalLie.ILLEGAL_HIDDEN_MOVE:
            return _("{name}'s device made an illegal move at turn {n} with a piece you could not "
                     "see.").format(name=who, n=lie.turn)
        if lie.code is MarsalLie.CHANGED_SETUP:
            return _("{name}'s device opened an army other than the one it set up.").format(name=who)
        if lie.code is MarsalLie.ILLEGAL_SETUP:
            return _("{name}'s device set up an army the rules refuse.").format(name=who)
        return None


def _setup_taps(setup: Setup, seat: Seat) -> Taps:
    """A whole setup put down square by square: each kind from the tray, then its squares."""
    taps: list[tuple[str, str | None]] = []
    for square, piece in sorted(setup.placement().items(), key=lambda sp: (sp[1].id, sp[0].index)):
        taps += [("tray", piece.id), ("square", str(square))]
    return (*taps, ("confirm-setup", None))


KIND = MarsalASpionKind()

__all__ = ["KIND", "MarsalASpionKind", "placement_of"]
