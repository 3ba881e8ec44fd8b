"""Mortar Hunt at the table: the :class:`mortar.table.kind.GameKind` it plugs in.

Everything of Mortar Hunt that the game-free table needs: the start form's options (variant,
turn limit, loadout) and the radar aid as field specs, the save's text around the record, the
drafts of :mod:`.drafts` (built from a seat), the computer player (:class:`..bot.Computer`, given a
seat), the radar, the review of a finished or imported game, and its screens' drawing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from ....kit.jsontext import JSONTextError, loads
from ....kit.replay import Replay
from ....kit.steps import Steps, finish
from ....table.html import El
from ....table.kind import Applied, Choice, FieldSpec, PublicField, SaveError, Stage, TableFacts
from ....table.words import _, ngettext
from ..actions import Resign, Setup
from ..moves import warm_up
from ..record import (
    NewerFormatError,
    Record,
    RecordError,
    RecordIllegalError,
    UnknownLevelError,
    infer_loadout,
    reading,
    reading_data,
)
from ..rules import (
    COMPUTER_LEVELS,
    NAME_MAX,
    PLAYERS,
    SUGGESTED_TURN_LIMIT,
    TURN_LIMIT_MAX,
    EndReason,
    Loadout,
    Options,
    Phase,
    PieceType,
    Variant,
    names_refusal,
)
from ..seat import Seat
from ..state import State
from ..view import report_of
from . import scene
from .parts import SYMBOLS, render_review
from .placement import PlacementDraft
from .review import Review, pads_of
from .turn import TurnDraft
from .views import render_play

VERSION = 2  # of the save payload around the record: 2 holds the record as compact JSON data
READS = (1, 2)  # 1 held it as the record's text (pretty-printed, inside a string: twice the size)


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


class MortarHuntKind:
    name = "mortar-hunt"
    title = "Mortar Hunt"
    players = tuple(str(p) for p in PLAYERS)
    default_names = {str(p): _("Player {p}").format(p=p) for p in PLAYERS}
    name_max = NAME_MAX
    levels = COMPUTER_LEVELS
    curtain = True
    fields = FIELDS
    aid = RADAR
    intents = PlacementDraft.intents | TurnDraft.intents | Review.intents
    public = {"game-started": {"variant": PublicField(tuple(v.value for v in Variant)),
                               "turn_limit": PublicField(count=True, nullable=True)},
              "game-over": {"score": PublicField(per_player=True, required=True),
                            "reason": PublicField(tuple(r.value for r in EndReason))}}
    rules_url = "./mortar/games/mortar_hunt/static/rules.html"
    symbols = SYMBOLS
    about = _("Mortar Hunt by Predrag and Dragan Lazović. This browser version plays by their rules; "
              "it runs entirely on this device.")

    # --- a new game ----------------------------------------------------------------------

    def _options(self, values: Mapping[str, str]) -> Options:
        limit: int | None = None
        if values["limit"] == "suggested":
            limit = SUGGESTED_TURN_LIMIT
        elif values["limit"] == "custom":
            text = values["custom-limit"].strip()
            if not text.isdigit() or not 1 <= int(text) <= TURN_LIMIT_MAX:
                raise ValueError(_("The turn limit must be a whole number from 1 to {high}.").format(
                    high=TURN_LIMIT_MAX))
            limit = int(text)
        return Options(Variant(values["variant"]), limit, Loadout(values["loadout"]))

    def new(self, values: Mapping[str, str], names: Mapping[str, str | None]) -> State:
        return State(self._options(values), dict(names))

    def names_refusal(self, names: Mapping[str, str | None]) -> str | None:
        return names_refusal(names)

    def rematch(self, game: State) -> State:
        # the other player moves first this time: seats and names swap with the colours
        a, b = game.name("A"), game.name("B")
        return State(game.options, {"A": b, "B": a})

    # --- the game as it stands -------------------------------------------------------------

    def to_play(self, game: State) -> str | None:
        return None if game.to_play is None else str(game.to_play)

    def hidden(self, game: State) -> bool:
        return True  # each side's pieces are hidden from the other all game long (R12)

    def stage(self, game: State) -> Stage:
        return Stage.SETUP if game.phase is Phase.SETUP else Stage.PLAY

    def turn(self, game: State) -> int | None:
        return game.turn if game.phase is Phase.PLAY else None

    def player_name(self, game: State, player: str) -> str:
        return game.name(player) or self.default_names[player]

    def _names(self, game: State) -> dict[str, str]:
        return {str(p): self.player_name(game, p) for p in PLAYERS}

    def seat(self, game: State, player: str) -> Seat:
        return game.seat(player)

    def draft(self, game: State, player: str, facts: TableFacts) -> PlacementDraft | TurnDraft:
        seat = game.seat(player)
        if game.phase is Phase.SETUP:
            return PlacementDraft(seat, self._names(game))
        return TurnDraft(seat, self._names(game), quick=not facts.confirm)

    def report(self, game: State, player: str) -> str | None:
        report = report_of(game.seat(player).last_enemy_action)
        if report is None or game.phase is not Phase.PLAY:
            return None
        if report.get("lost"):
            report["lost_type"] = game.seat(player).piece(report["lost"]).type.name
        other = self.player_name(game, "B" if player == "A" else "A")
        return _("Turn {n}:").format(n=report["turn"]) + " " + scene.report_text(report, other)

    def apply(self, game: State, player: str, action: Any, draft: Any) -> Applied:
        if isinstance(action, Setup):
            game.place(action)
            return {"turn": 0, "started": game.phase is Phase.PLAY, "next": True}
        played = game.play_turn(action)
        if isinstance(draft, TurnDraft):
            draft.played(game.seat(player))
        text = scene.seen_result_text(game.seat(player).log[-1]) if draft is not None else None
        return {"turn": played.turn, "ended": game.outcome is not None, "text": text,
                "next": isinstance(action, Resign)}

    def computer(self, level: str, seed: int) -> Any:
        from ..computer import Computer  # imported on first use: the page starts faster without it

        return Computer(level, seed)

    def warm_up(self) -> Iterator[None]:
        """Idle-time work that makes the computer's first decision quick (see moves.warm_up)."""
        for player in PLAYERS:
            yield from warm_up(player)

    def outcome(self, game: State) -> dict[str, Any] | None:
        return None if game.outcome is None else game.outcome.as_dict()

    def started(self, game: State) -> dict[str, Any]:
        options = game.options
        return {"variant": options.variant.value, "turn_limit": options.turn_limit}

    def aid_model(self, game: State, player: str) -> dict[str, Any] | None:
        """The radar for the acting player, from that player's seat only (RULINGS R14)."""
        if game.phase is not Phase.PLAY:
            return None
        from ..computer import radar as radar_of  # (on first use, as for the computer)
        from ..computer import word as radar_word

        r = radar_of(game.seat(player))
        heat = {str(sq): round(p, 3) for sq, p in r.heat.items() if p >= 0.02}
        last = None
        if r.last_shot is not None:
            last = {"at": str(r.last_shot.at), "turn": r.last_shot.turn,
                    "squares": [str(s) for s in r.last_shot.squares], "text": r.last_shot.text()}
        return {"heat": heat, "words": {sq: radar_word(p) for sq, p in heat.items()},
                "last_shot": last,
                "exposure": [{"piece": e.piece, "square": str(e.square), "level": e.level,
                              "reason": e.reason} for e in r.exposure],
                "lines": list(r.lines())}

    # --- saves and records -------------------------------------------------------------

    def save(self, game: State, facts: TableFacts) -> str:
        record = Record.from_game(game)
        record.computer = dict(facts.computer)
        record.radar = facts.aid
        data = {"app": self.name, "version": VERSION, "loadout": game.options.loadout.value,
                "record": record.to_json(results=False)}
        if facts.confirm:
            data["confirm"] = True  # every step confirmed with a button (older pages ignore it)
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def loading(self, text: str) -> Steps[tuple[State, TableFacts]]:
        return loading_save(text)

    def review(self, state: State, facts: TableFacts) -> Review:
        record = Record.from_game(state)
        record.computer, record.radar = dict(facts.computer), facts.aid  # who was the computer
        return Review(record, state.options.loadout, "game")

    def reviewing(self, text: str | bytes) -> Steps[Review]:
        try:
            record = yield from reading(text)
            loadout = infer_loadout(record.pieces) if len(record.setup) == 2 else Loadout.SECRET
            record.loadout = loadout
            replay = yield from Replay.reading(record)
            pads = {}
            for player, pad in pads_of(replay.final):
                pads[player] = pad
                yield
            return Review(record, loadout, "import", replay, pads)
        except RecordIllegalError as e:
            raise ValueError(f"That record breaks a rule, so it cannot be replayed: {e}.") from None
        except (RecordError, ValueError) as e:
            raise ValueError(f"That file is not a Mortar Hunt record: {e}.") from None

    # --- drawing ------------------------------------------------------------------------

    def render_play(self, model: Mapping[str, Any]) -> El:
        return render_play(dict(model))

    def render_review(self, model: Mapping[str, Any]) -> El:
        return render_review(dict(model))


KIND = MortarHuntKind()


def load_save(text: str) -> tuple[State, TableFacts]:
    """Replay a saved payload; :class:`SaveError` says in plain words why it cannot be used,
    quoting nothing of either player's hidden positions."""
    return finish(loading_save(text))


def loading_save(text: str) -> Steps[tuple[State, TableFacts]]:
    """:func:`load_save` in steps."""
    try:
        data = loads(text)  # linear, depth-checked: no saved text can hang or crash the page
    except JSONTextError:
        raise SaveError("The saved game is damaged (not valid JSON).") from None
    if not isinstance(data, dict) or data.get("app") != MortarHuntKind.name:
        raise SaveError("The saved data does not belong to this game.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):  # (true is no version 1)
        raise SaveError("The saved game has an unknown format.")
    if version > VERSION:
        raise SaveError("The saved game comes from a newer version of Mortar Hunt.")
    if version not in READS:
        raise SaveError("The saved game has an unknown format.")
    try:
        loadout = Loadout(data.get("loadout"))
    except ValueError:
        raise SaveError("The saved game names an unknown set of pieces.") from None
    record_data = data.get("record")
    if not isinstance(record_data, str if version == 1 else dict):
        raise SaveError("The saved game has no record in it.")
    try:
        record = yield from (reading(record_data) if isinstance(record_data, str)
                             else reading_data(record_data))
        too_long = record.turn_limit is not None and record.turn_limit > TURN_LIMIT_MAX
        game = None if too_long else (yield from record.replaying_steps(loadout))
    except RecordIllegalError as e:
        raise SaveError(f"The saved game breaks a rule ({e.public_message}).") from None
    except NewerFormatError:
        raise SaveError("The saved game comes from a newer version of Mortar Hunt.") from None
    except UnknownLevelError:
        raise SaveError("The saved game names a computer level this version of Mortar Hunt "
                        f"does not have (it has {', '.join(COMPUTER_LEVELS)}).") from None
    except (RecordError, ValueError):
        raise SaveError("The saved game is damaged (it is not a whole game record).") from None
    if game is None:
        raise SaveError(f"The saved game has a turn limit of more than {TURN_LIMIT_MAX} turns, "
                        "which this page does not offer.")
    return game, TableFacts(dict(record.computer), record.radar,  # (aid: the radar)
                            confirm=data.get("confirm") is True)
