"""Mortar Hunt at the table: the :class:`mortar.ui.table.GameKind` the browser game plugs in.

Everything Mortar-specific that the game-agnostic table needs: the start form's options
(variant, turn limit, loadout), the record text of saves and exports, the drafts of
:mod:`mortar.ui.turn` (built from a seat), the computer player (:class:`mortar.bot.Bot`, given a
seat), the radar, and the review of a finished or imported game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ..games.mortar_hunt.actions import Resign, Setup
from ..games.mortar_hunt.game import Game
from ..games.mortar_hunt.moves import warm_up
from ..games.mortar_hunt.record import (
    NewerFormatError,
    Record,
    RecordError,
    RecordIllegalError,
    UnknownLevelError,
    from_data,
    infer_loadout,
    parse,
)
from ..games.mortar_hunt.rules import (
    COMPUTER_LEVELS,
    PLAYERS,
    SUGGESTED_TURN_LIMIT,
    TURN_LIMIT_MAX,
    Loadout,
    Options,
    Phase,
    Variant,
    names_refusal,
)
from ..games.mortar_hunt.view import report_of
from ..kit.jsontext import JSONTextError, loads
from . import scene
from .kind import SaveError, TableFacts
from .review import Review
from .turn import PlacementDraft, TurnDraft

VERSION = 2  # of the save payload around the record: 2 holds the record as compact JSON data
READS = (1, 2)  # 1 held it as the record's text (pretty-printed, inside a string: twice the size)


class Hunt:
    app = "mortar-hunt"
    players = tuple(str(p) for p in PLAYERS)
    levels = COMPUTER_LEVELS

    # --- the start form ------------------------------------------------------------------

    def fields(self) -> dict[str, str]:
        return {"variant": Variant.CLASSIC.value, "limit": "off", "custom_limit": "20",
                "loadout": Loadout.ALL_HM.value}

    def set_field(self, fields: dict[str, str], name: str, value: str) -> bool:
        if name == "variant" and value in {v.value for v in Variant}:
            fields["variant"] = value
        elif name == "limit" and value in ("off", "suggested", str(SUGGESTED_TURN_LIMIT), "custom"):
            value = "suggested" if value == str(SUGGESTED_TURN_LIMIT) else value
            fields["limit"] = value
        elif name == "custom-limit":
            fields["custom_limit"] = value[:6]
        elif name == "loadout" and value in {lo.value for lo in Loadout}:
            fields["loadout"] = value
        else:
            return False
        return True

    def _options(self, fields: dict[str, str]) -> Options:
        limit: int | None = None
        if fields["limit"] == "suggested":
            limit = SUGGESTED_TURN_LIMIT
        elif fields["limit"] == "custom":
            text = fields["custom_limit"].strip()
            if not text.isdigit() or not 1 <= int(text) <= TURN_LIMIT_MAX:
                raise ValueError(f"The turn limit must be a whole number from 1 to {TURN_LIMIT_MAX}.")
            limit = int(text)
        return Options(Variant(fields["variant"]), limit, Loadout(fields["loadout"]))

    def new(self, fields: dict[str, str], names: dict[str, str | None]) -> Game:
        return Game(self._options(fields), names)

    def names_refusal(self, names: dict[str, str | None]) -> str | None:
        return names_refusal(names)

    def rematch(self, game: Game) -> Game:
        # the other player moves first this time: seats and names swap with the colours
        a, b = game.name("A"), game.name("B")
        return Game(game.options, {"A": b, "B": a})

    # --- the game as it stands -------------------------------------------------------------

    def to_play(self, game: Game) -> str | None:
        return None if game.to_play is None else str(game.to_play)

    def stage(self, game: Game) -> str:
        return "placement" if game.phase is Phase.SETUP else "turn"

    def turn(self, game: Game) -> int | None:
        return game.turn if game.phase is Phase.PLAY else None

    def name(self, game: Game, player: str) -> str:
        return game.name(player) or f"Player {player}"

    def _names(self, game: Game) -> dict[str, str]:
        return {str(p): self.name(game, p) for p in PLAYERS}

    def draft(self, game: Game, player: str) -> PlacementDraft | TurnDraft:
        seat = game.seat(player)
        if game.phase is Phase.SETUP:
            return PlacementDraft(seat, self._names(game))
        return TurnDraft(seat, self._names(game))

    def report(self, game: Game, player: str) -> str | None:
        report = report_of(game.seat(player).last_enemy_action)
        if report is None or game.phase is not Phase.PLAY:
            return None
        if report.get("lost"):
            report["lost_type"] = game.seat(player).piece(report["lost"]).type.name
        other = self.name(game, "B" if player == "A" else "A")
        return f"Turn {report['turn']}: " + scene.report_text(report, other)

    def apply(self, game: Game, player: str, action: Any, draft: Any) -> dict[str, Any]:
        if isinstance(action, Setup):
            game.place(action)
            return {"turn": 0, "started": game.phase is Phase.PLAY, "next": True}
        played = game.apply(action)
        if isinstance(draft, TurnDraft):
            draft.played(game.seat(player))
        text = scene.seen_result_text(game.seat(player).log[-1]) if draft is not None else None
        return {"turn": played.turn, "ended": game.outcome is not None, "text": text,
                "next": isinstance(action, Resign)}

    def choose(self, game: Game, player: str, level: str, seed: int) -> Any:
        from ..games.mortar_hunt.bot import Bot  # imported on first use: the page starts faster without it

        return Bot(level, seed).choose(game.seat(player))

    def warm_up(self) -> Iterator[None]:
        """Idle-time work that makes the computer's first decision quick (see moves.warm_up)."""
        for player in PLAYERS:
            yield from warm_up(player)

    def outcome(self, game: Game) -> dict[str, Any] | None:
        return None if game.outcome is None else game.outcome.as_dict()

    def started(self, game: Game) -> dict[str, Any] | None:
        options = game.options
        return {"variant": options.variant.value, "turn_limit": options.turn_limit}

    def radar(self, game: Game, player: str) -> dict[str, Any] | None:
        """The radar for the acting player, from that player's seat only (RULINGS R14)."""
        if game.phase is not Phase.PLAY:
            return None
        from ..games.mortar_hunt.bot import radar as radar_of  # (on first use, as for the computer)
        from ..games.mortar_hunt.bot import word as radar_word

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

    def save(self, game: Game, table: TableFacts) -> str:
        record = Record.from_game(game)
        record.computer = dict(table.computer)
        record.radar = table.radar
        data = {"app": self.app, "version": VERSION, "loadout": game.options.loadout.value,
                "record": record.to_json(results=False)}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    def load(self, text: str) -> tuple[Game, TableFacts]:
        return load_save(text)

    def review(self, text: str | bytes | None, game: Game | None = None,
               table: TableFacts | None = None) -> Review:
        if game is not None:
            record = Record.from_game(game)
            if table is not None:  # the game just played: who was the computer
                record.computer, record.radar = dict(table.computer), table.radar
            return Review(record, game.options.loadout, "game")
        try:
            record = parse(text or "")
            loadout = infer_loadout(record.pieces) if len(record.setup) == 2 else Loadout.SECRET
            return Review(record, loadout, "import")
        except RecordIllegalError as e:
            raise ValueError(f"That record breaks a rule, so it cannot be replayed: {e}.") from None
        except (RecordError, ValueError) as e:
            raise ValueError(f"That file is not a Mortar Hunt record: {e}.") from None


def load_save(text: str) -> tuple[Game, TableFacts]:
    """Replay a saved payload; :class:`SaveError` says in plain words why it cannot be used,
    quoting nothing of either player's hidden positions."""
    try:
        data = loads(text)  # linear, depth-checked: no saved text can hang or crash the page
    except JSONTextError:
        raise SaveError("The saved game is damaged (not valid JSON).") from None
    if not isinstance(data, dict) or data.get("app") != Hunt.app:
        raise SaveError("The saved data does not belong to this game.")
    version = data.get("version")
    whole = isinstance(version, int) and not isinstance(version, bool)  # (true is no version 1)
    if whole and version > VERSION:
        raise SaveError("The saved game comes from a newer version of Mortar Hunt.")
    if not whole or version not in READS:
        raise SaveError("The saved game has an unknown format.")
    try:
        loadout = Loadout(data.get("loadout"))
    except ValueError:
        raise SaveError("The saved game names an unknown set of pieces.") from None
    record_data = data.get("record")
    if not isinstance(record_data, str if version == 1 else dict):
        raise SaveError("The saved game has no record in it.")
    try:
        record = parse(record_data) if isinstance(record_data, str) else from_data(record_data)
        too_long = record.turn_limit is not None and record.turn_limit > TURN_LIMIT_MAX
        game = None if too_long else record.replay(loadout)
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
    return game, TableFacts(dict(record.computer), record.radar)
