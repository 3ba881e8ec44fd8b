"""The hot-seat controller: screens, the draft of the action being built, saving and resuming.

Pure Python (no ``js``/``pyscript``), so it runs and is tested in CPython. The browser layer
(:mod:`mortar.ui.events`) turns clicks into intents — ``flow.dispatch("step", "forward")`` — and
renders :meth:`Flow.model`, a plain-data description of the screen. This module holds no rule of
the game: every legality question goes to :class:`mortar.Game`.

Screens: ``start`` → ``curtain`` → ``placement`` (A) → ``curtain`` → ``placement`` (B) →
``curtain`` → ``turn`` (stages ``move`` → ``fire`` → ``result``, or ``sacrifice``) → ``curtain``
→ … → ``over`` (replay, export, rematch). ``review`` shows an imported record.

Privacy: the model of the ``curtain`` screen holds the name of the player to act and the turn
number, nothing else; the ``turn`` and ``placement`` models are built from the acting player's
:func:`mortar.player_view` and the engine's legal-move queries for that player only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..game import Game, IllegalActionError, Move, Played, Resign, Sacrifice, Setup, Shot, Turn
from ..jsontext import JSONTextError, loads
from ..notation import Facing, NotationError, Position, Square
from ..pad import pad_for
from ..record import NewerFormatError, Record, RecordError, RecordIllegalError, parse
from ..rules import NAME_MAX, PLAYERS, Loadout, Options, PieceType, Variant, names_refusal, opponent
from ..view import player_view
from . import scene
from .saves import MemoryStorage, SaveConflict, SaveSlot, Storage, StorageUnreadable

SAVE_KEY = "mortar-hunt/save"
APP = "mortar-hunt"
VERSION = 1
TURN_LIMIT_MAX = 999
STEPS = ("forward", "back", "left", "right")
PLACEMENT_FACING = {"A": Facing.N, "B": Facing.S}  # towards the enemy half


class SaveError(ValueError):
    """Saved data that cannot be resumed. The message says why in plain words."""


# --- drafts: what is being built and not yet confirmed --------------------------------------


@dataclass
class StartForm:
    names: dict[str, str] = field(default_factory=lambda: {"A": "", "B": ""})
    variant: str = "classic"
    limit: str = "off"  # "off", "28" or "custom"
    custom_limit: str = "20"
    loadout: str = "HM"  # Loadout value
    error: str | None = None
    confirm_replace: bool = False  # "Start" was pressed while a game is saved: ask first


@dataclass
class PlacementDraft:
    player: str
    squares: list[Square | None] = field(default_factory=lambda: [None, None, None])
    facings: list[Facing] = field(default_factory=list)
    types: list[PieceType] = field(default_factory=list)
    selected: int = 1


@dataclass
class TurnDraft:
    player: str
    stage: str = "move"  # move | fire | result | sacrifice
    report: dict | None = None  # the opponent's last turn, shown first after the reveal
    piece: int | None = None  # piece whose move is being built
    steps: list[str] = field(default_factory=list)
    dest: Square | None = None  # a picked destination square (the other way to build a move)
    dest_facing: Facing | None = None
    move: Move | None = None  # the confirmed move, applied with the shot
    fire_piece: int | None = None
    target: Square | None = None
    sacrifice: int | None = None
    played: Played | None = None
    resign_asked: bool = False


@dataclass
class ReviewState:
    record: Record
    loadout: Loadout
    step: int  # actions replayed, 0 … len(actions)
    source: str  # "game" (the game just played) or "import"
    final: Game  # the whole record replayed


# --- the controller ------------------------------------------------------------------------


class Flow:
    """One device, two players. Call :meth:`dispatch` with intents; render :meth:`model`."""

    def __init__(self, storage: Storage | None = None,
                 notify: Callable[[str, dict], None] | None = None) -> None:
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.slot = SaveSlot(self.storage, SAVE_KEY)
        self.notify = notify or (lambda kind, data: None)
        self.screen = "start"
        self.form = StartForm()
        self.notice: str | None = None  # shown once on the next screen (bad save, bad import…)
        self.message: str | None = None  # feedback for the acting player (why something failed)
        self.announce = ""  # text for the live region after this render
        self.tab = "board"  # narrow screens: "board" or "pad"
        self.game: Game | None = None
        self.loadout = Loadout.ALL_HM
        self.placing: PlacementDraft | None = None
        self.draft: TurnDraft | None = None
        self.review: ReviewState | None = None

    @property
    def save_failed(self) -> bool:
        return self.slot.failed

    # --- intents -----------------------------------------------------------------------

    def dispatch(self, action: str, arg: str | None = None, value: str | None = None) -> bool:
        """Handle one intent. Returns False when it does not apply to the current screen
        (a stale click after the screen changed); nothing happens then."""
        handler = getattr(self, "on_" + action.replace("-", "_"), None)
        if handler is None:
            raise ValueError(f"unknown intent {action!r}")
        self.announce = ""
        return handler(arg, value) is not False

    # start screen

    def on_field(self, arg, value) -> bool:
        """A start-form field changed: name-A, name-B, variant, limit, custom-limit, loadout."""
        if self.screen != "start" or value is None:
            return False
        value = str(value)
        if arg in ("name-A", "name-B"):
            self.form.names[arg[-1]] = value[:NAME_MAX]
        elif arg == "variant" and value in ("classic", "craters"):
            self.form.variant = value
        elif arg == "limit" and value in ("off", "28", "custom"):
            self.form.limit = value
        elif arg == "custom-limit":
            self.form.custom_limit = value[:6]
        elif arg == "loadout" and value in {lo.value for lo in Loadout}:
            self.form.loadout = value
        else:
            return False
        self.form.error = None
        self.form.confirm_replace = False
        return True

    def _form_options(self) -> Options:
        limit: int | None = None
        if self.form.limit == "28":
            limit = 28
        elif self.form.limit == "custom":
            text = self.form.custom_limit.strip()
            if not text.isdigit() or not 1 <= int(text) <= TURN_LIMIT_MAX:
                raise ValueError(f"The turn limit must be a whole number from 1 to {TURN_LIMIT_MAX}.")
            limit = int(text)
        return Options(Variant(self.form.variant), limit, Loadout(self.form.loadout))

    def on_new_game(self, arg, value) -> bool:
        if self.screen != "start":
            return False
        try:
            options = self._form_options()
        except ValueError as e:
            self.form.error = str(e)
            return True
        if arg == "keep":
            self.form.confirm_replace = False
            return True
        names = {p: (self.form.names[p].strip() or None) for p in PLAYERS}
        refusal = names_refusal(names)
        if refusal:
            self.form.error = _sentence(refusal)
            return True
        replace = arg == "replace" and self.form.confirm_replace
        if not replace and self._saved_text() is not None:
            self.form.confirm_replace = True  # one tap must never destroy a saved game
            return True
        self.form.confirm_replace = False
        self._begin(options, names, replace=True)
        return True

    def on_rematch(self, arg, value) -> bool:
        if self.screen != "over" or self.game is None:
            return False
        game = self.game
        self._begin(game.options, {p: game.name(p) for p in PLAYERS})
        return True

    def _begin(self, options: Options, names: dict[str, str | None], *, replace: bool = False) -> None:
        game = Game(options, names)
        if not self._save(game, options.loadout, replace=replace):
            return
        self.game = game
        self.loadout = options.loadout
        self.review = None
        self.notice = None
        self._to_curtain()

    def on_resume(self, arg, value) -> bool:
        if self.screen != "start":
            return False
        try:
            game, loadout = self._load()
        except SaveError as e:
            self.notice = str(e)
            return True
        if game is None:
            self.notice = "There is no saved game."
            return True
        self.game, self.loadout = game, loadout
        self.notice = None
        if game.is_over:
            self._show_over()
        else:
            self._to_curtain()
        return True

    def on_menu(self, arg, value) -> bool:
        """Leave the game for the start screen; the saved game stays and can be resumed."""
        if self.screen == "start":
            return False
        self.screen = "start"
        self.placing = self.draft = None
        self.review = None
        self.message = None
        return True

    def on_tab(self, arg, value) -> bool:
        if arg not in ("board", "pad"):
            return False
        self.tab = arg
        return True

    def on_dismiss(self, arg, value) -> bool:
        self.notice = None
        return True

    # curtain

    def on_reveal(self, arg, value) -> bool:
        if self.screen != "curtain" or self.game is None:
            return False
        game = self.game
        player = game.to_play
        assert player is not None
        self.message = None
        self.tab = "board"
        if game.phase == "setup":
            fixed = game.options.fixed_type() or PieceType.HM
            self.placing = PlacementDraft(player, facings=[PLACEMENT_FACING[player]] * 3,
                                          types=[fixed] * 3)
            self.screen = "placement"
            return True
        view = player_view(game, player)
        report = view["last_enemy_turn"]
        if report is not None and report.get("lost"):
            report = {**report, "lost_type": game.piece_type(player, report["lost"]).name}
        self.draft = TurnDraft(player, report=report)
        if game.must_sacrifice():
            self.draft.stage = "sacrifice"
        else:
            self._autoselect_piece()
        self.screen = "turn"
        if self.draft.report:
            self.announce = scene.report_text(self.draft.report, self._name(opponent(player)))
        return True

    # placement

    def on_square(self, arg, value) -> bool:
        try:
            square = Square.parse(arg or "")
        except NotationError:
            return False
        if self.screen == "placement":
            return self._place_at(square)
        if self.screen == "turn":
            return self._turn_square(square)
        return False

    def _place_at(self, square: Square) -> bool:
        draft = self.placing
        assert draft is not None
        self.message = None
        for i, sq in enumerate(draft.squares):
            if sq is square:
                draft.selected = i + 1  # tapping a placed piece selects it
                return True
        draft.squares[draft.selected - 1] = square
        return True

    def on_select(self, arg, value) -> bool:
        """Select a piece: in placement, the piece to place/turn; in a turn, the piece to move,
        to fire or to sacrifice (by stage)."""
        try:
            n = int(arg or "")
        except ValueError:
            return False
        if n not in (1, 2, 3):
            return False
        self.message = None
        if self.screen == "placement":
            assert self.placing is not None
            self.placing.selected = n
            return True
        if self.screen != "turn" or self.draft is None or self.game is None:
            return False
        draft = self.draft
        if draft.stage == "move":
            if not self.game.is_alive(draft.player, n):
                self.message = f"Piece {n} is destroyed and cannot move."
                return True
            if draft.piece != n:
                draft.piece, draft.steps, draft.dest, draft.dest_facing = n, [], None, None
            return True
        if draft.stage == "fire":
            if not self._shots(n):
                self.message = f"Piece {n} has no target from where it stands."
                return True
            if draft.fire_piece != n:
                draft.fire_piece, draft.target = n, None
            return True
        if draft.stage == "sacrifice":
            if not self.game.is_alive(draft.player, n):
                return False
            draft.sacrifice = n
            return True
        return False

    def on_facing(self, arg, value) -> bool:
        try:
            facing = Facing.parse(arg or "")
        except NotationError:
            return False
        if self.screen == "placement":
            assert self.placing is not None
            self.placing.facings[self.placing.selected - 1] = facing
            return True
        draft = self.draft
        if self.screen != "turn" or draft is None or draft.stage != "move" or draft.dest is None:
            return False
        draft.dest_facing = facing
        self.message = None
        return True

    def on_piece_type(self, arg, value) -> bool:
        if self.screen != "placement" or arg not in ("HM", "LH"):
            return False
        assert self.placing is not None
        self.placing.types[self.placing.selected - 1] = PieceType[arg]
        return True

    def on_remove(self, arg, value) -> bool:
        if self.screen != "placement":
            return False
        assert self.placing is not None
        self.placing.squares[self.placing.selected - 1] = None
        return True

    def _setup(self) -> Setup | None:
        draft = self.placing
        if draft is None or any(sq is None for sq in draft.squares):
            return None
        positions = tuple(Position(sq, f) for sq, f in zip(draft.squares, draft.facings))  # type: ignore[arg-type]
        return Setup(draft.player, positions, tuple(draft.types))  # type: ignore[arg-type]

    def placement_error(self) -> str | None:
        """Why the placement cannot be confirmed yet (the engine's reason once all three are
        placed), or None."""
        draft = self.placing
        assert draft is not None and self.game is not None
        for i, square in enumerate(draft.squares):
            error = square and self.game.square_error(draft.player, square)
            if error:  # say so as soon as the piece is put down, not once all three are
                return f"piece {i + 1}: {error}"
        missing = [i + 1 for i, sq in enumerate(draft.squares) if sq is None]
        if missing:
            pieces = " and ".join(f"piece {n}" for n in missing)
            verb = "is" if len(missing) == 1 else "are"
            return f"Place all three pieces: {pieces} {verb} not on the board yet."
        setup = self._setup()
        assert setup is not None
        return self.game.setup_error(setup)

    def on_confirm_placement(self, arg, value) -> bool:
        if self.screen != "placement" or self.game is None:
            return False
        error = self.placement_error()
        if error:
            self.message = error
            return True
        setup = self._setup()
        assert setup is not None
        if self.slot.stale():
            return self._follow_saved()
        self.game.place(setup)
        self.placing = None
        self.message = None
        if not self._save():
            return True
        if self.game.phase == "play":
            options = self.game.options
            self.notify("game-started", {"variant": options.variant.value,
                                         "turn_limit": options.turn_limit})
        self._to_curtain()
        return True

    # a turn: building the move

    def _autoselect_piece(self) -> None:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        live = [n for n in (1, 2, 3) if game.is_alive(draft.player, n) and game.legal_moves(n)]
        draft.piece = live[0] if len(live) == 1 else None

    def _turn_square(self, square: Square) -> bool:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        self.message = None
        if draft.stage == "move":
            own = self._own_piece_at(square)
            if own is not None and own != draft.piece:
                return self.on_select(str(own), None)
            if draft.piece is None:
                self.message = "First pick the piece to move: tap one of your pieces."
                return True
            facings = self._dest_facings(square)
            if not facings:
                self.message = (f"Piece {draft.piece} cannot end its move on {square}. "
                                "Tap a highlighted square, or use the step buttons.")
                return True
            current = self._pending_end_or_none()
            draft.steps = []
            draft.dest = square
            keep = current is not None and current.square is square and current.facing in facings
            draft.dest_facing = (current.facing if keep else
                                 facings[0] if len(facings) == 1 else None)
            return True
        if draft.stage == "fire":
            pieces = [n for n in (1, 2, 3) if square in self._shots(n)]
            if not pieces:
                self.message = f"None of your pieces can fire at {square} this turn."
                return True
            if draft.fire_piece not in pieces:
                draft.fire_piece = pieces[0]
            draft.target = square
            return True
        if draft.stage == "sacrifice":
            own = self._own_piece_at(square)
            if own is not None and game.is_alive(draft.player, own):
                draft.sacrifice = own
            return True
        return False

    def _own_piece_at(self, square: Square) -> int | None:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        for n in (1, 2, 3):
            if game.position(draft.player, n).square is square:
                return n
        return None

    def _dest_facings(self, square: Square) -> list[Facing]:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None and draft.piece is not None
        return [p.facing for p in game.legal_moves(draft.piece) if p.square is square]

    def on_step(self, arg, value) -> bool:
        draft, game = self.draft, self.game
        if self.screen != "turn" or draft is None or draft.stage != "move" or arg not in STEPS:
            return False
        assert game is not None
        if draft.piece is None:
            self.message = "First pick the piece to move."
            return True
        try:
            game.step_path(draft.piece, [*draft.steps, arg])
        except IllegalActionError as e:
            self.message = _sentence(str(e))
            return True
        draft.steps.append(arg)
        draft.dest = draft.dest_facing = None
        self.message = None
        return True

    def on_undo_step(self, arg, value) -> bool:
        draft = self.draft
        if self.screen != "turn" or draft is None or draft.stage != "move":
            return False
        if draft.steps:
            draft.steps.pop()
        draft.dest = draft.dest_facing = None
        self.message = None
        return True

    def on_clear_move(self, arg, value) -> bool:
        draft = self.draft
        if self.screen != "turn" or draft is None or draft.stage != "move":
            return False
        draft.steps, draft.dest, draft.dest_facing = [], None, None
        self.message = None
        return True

    def _pending_end_or_none(self) -> Position | None:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        if draft.piece is None:
            return None
        if draft.steps:
            return game.step_path(draft.piece, draft.steps)[-1]
        if draft.dest is not None and draft.dest_facing is not None:
            return Position(draft.dest, draft.dest_facing)
        return None

    def move_error(self) -> str | None:
        """Why the move being built cannot be confirmed, or None when it can."""
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        if draft.piece is None:
            return "Pick the piece to move."
        end = self._pending_end_or_none()
        if end is None:
            if draft.dest is not None:
                return "Pick the facing the piece ends with."
            return "Build the move: use the step buttons or tap a highlighted square."
        reason = game.move_error(Move(draft.piece, end))
        return _sentence(reason) if reason else None

    def on_confirm_move(self, arg, value) -> bool:
        draft = self.draft
        if self.screen != "turn" or draft is None or draft.stage != "move":
            return False
        error = self.move_error()
        if error:
            self.message = error
            return True
        end = self._pending_end_or_none()
        assert end is not None and draft.piece is not None
        draft.move = Move(draft.piece, end)
        draft.stage = "fire"
        draft.target = None
        shooters = [n for n in (1, 2, 3) if self._shots(n)]
        draft.fire_piece = draft.piece if draft.piece in shooters else (shooters[0] if shooters else None)
        self.message = None
        return True

    def on_change_move(self, arg, value) -> bool:
        """Back from choosing the shot to building the move (nothing has been played yet)."""
        draft = self.draft
        if self.screen != "turn" or draft is None or draft.stage != "fire":
            return False
        draft.stage = "move"
        draft.move = None
        draft.fire_piece = draft.target = None
        self.message = None
        return True

    # a turn: the shot

    def _shots(self, n: int, move: Move | None = None) -> list[Square]:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        if not game.is_alive(draft.player, n):
            return []
        return game.legal_shots(n, move if move is not None else draft.move)

    def skip_error(self) -> str | None:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None and draft.move is not None
        reason = game.why_illegal(Turn(draft.move, None))
        return _sentence(reason) if reason else None

    def on_fire(self, arg, value) -> bool:
        draft, game = self.draft, self.game
        if self.screen != "turn" or draft is None or draft.stage != "fire":
            return False
        assert game is not None and draft.move is not None
        if draft.fire_piece is None or draft.target is None:
            self.message = "Pick a target first."
            return True
        return self._play(Turn(draft.move, Shot(draft.fire_piece, draft.target)))

    def on_skip(self, arg, value) -> bool:
        draft = self.draft
        if self.screen != "turn" or draft is None or draft.stage != "fire":
            return False
        assert draft.move is not None
        return self._play(Turn(draft.move, None))

    def on_sacrifice(self, arg, value) -> bool:
        draft = self.draft
        if self.screen != "turn" or draft is None or draft.stage != "sacrifice":
            return False
        if draft.sacrifice is None:
            self.message = "Pick the piece to sacrifice."
            return True
        return self._play(Sacrifice(draft.sacrifice))

    def on_resign(self, arg, value) -> bool:
        draft = self.draft
        if self.screen != "turn" or draft is None or draft.stage == "result":
            return False
        draft.resign_asked = True
        return True

    def on_resign_cancel(self, arg, value) -> bool:
        if self.draft is None or self.screen != "turn":
            return False
        self.draft.resign_asked = False
        return True

    def on_resign_confirm(self, arg, value) -> bool:
        draft = self.draft
        if self.screen != "turn" or draft is None or not draft.resign_asked:
            return False
        self._play(Resign())
        if self.game is not None and self.game.is_over:
            self._show_over()
        return True

    def _play(self, action) -> bool:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        reason = game.why_illegal(action)
        if reason:
            self.message = _sentence(reason)
            return True
        if self.slot.stale():  # the game went on in another tab: this action must not count
            return self._follow_saved()
        played = game.apply(action)
        if not self._save():
            return True
        draft.played = played
        draft.stage = "result"
        draft.resign_asked = False
        self.message = None
        self.notify("turn-ended", {"turn": played.turn, "player": played.player})
        if game.is_over:
            self.notify("game-over", game.outcome.as_dict())  # type: ignore[union-attr]
        self.announce = scene.result_text(played)
        return True

    def on_end_turn(self, arg, value) -> bool:
        draft, game = self.draft, self.game
        if self.screen != "turn" or draft is None or draft.stage != "result":
            return False
        assert game is not None
        if game.is_over:
            self._show_over()
        else:
            self._to_curtain()
        return True

    def _to_curtain(self) -> None:
        self.screen = "curtain"
        self.placing = None
        self.draft = None
        self.message = None
        self.tab = "board"
        self.announce = f"Pass the device to {self._name(self.game.to_play)}."  # type: ignore[union-attr, arg-type]

    # game over and review

    def _show_over(self) -> None:
        game = self.game
        assert game is not None
        record = Record.from_game(game)
        self.review = ReviewState(record, self.loadout, len(record.actions), "game", game)
        self.draft = None
        self.screen = "over"
        self.tab = "board"
        self.announce = scene.outcome_text(game)

    def on_replay(self, arg, value) -> bool:
        review = self.review
        if review is None or self.screen not in ("over", "review"):
            return False
        last = len(review.record.actions)
        step = {"first": 0, "prev": review.step - 1, "next": review.step + 1, "last": last}.get(arg or "")
        if step is None:
            try:
                step = int(arg or "")
            except ValueError:
                return False
        review.step = max(0, min(last, step))
        return True

    def import_text(self, text: str | bytes) -> bool:
        """Review an imported record. A bad file leaves the screen as it is, with a message."""
        try:
            record = parse(text)
            loadout = _record_loadout(record)
            final = record.replay(loadout)
        except RecordIllegalError as e:
            self.notice = f"That record breaks a rule, so it cannot be replayed: {e}."
            return True
        except (RecordError, ValueError) as e:
            self.notice = f"That file is not a Mortar Hunt record: {e}."
            return True
        self.review = ReviewState(record, loadout, len(record.actions), "import", final)
        self.notice = None
        self.screen = "review"
        self.tab = "board"
        return True

    def on_close_review(self, arg, value) -> bool:
        if self.screen != "review":
            return False
        self.review = None
        self.screen = "start"
        return True

    def export(self, what: str | None = None) -> tuple[str, str]:
        """(file name, text) of the record being reviewed, or with ``what`` "saved" the saved
        data exactly as stored (also when it cannot be resumed: the player keeps it)."""
        if what == "saved":
            text = self._saved_text()
            if text is None:
                raise ValueError("nothing is saved")
            return "mortar-hunt-saved-game.json", text
        review = self.review
        if review is None:
            raise ValueError("no game to export")
        names = [review.record.names.get(p) or p for p in PLAYERS]
        slug = "-vs-".join(_slug(n) for n in names)
        return f"mortar-hunt-{slug}.json", review.record.save()

    # --- saving ------------------------------------------------------------------------

    def _save(self, game: Game | None = None, loadout: Loadout | None = None, *,
              replace: bool = False) -> bool:
        """Save the game. False when the slot was changed elsewhere: nothing was written and the
        page now follows the stored game (the caller must not show this page's action)."""
        game = game or self.game
        if game is None:
            return True
        payload = {"app": APP, "version": VERSION, "loadout": (loadout or self.loadout).value,
                   "record": Record.from_game(game).save()}
        try:
            self.slot.write(json.dumps(payload), replace=replace)
        except SaveConflict:
            self._follow_saved()
            return False
        return True

    def _saved_text(self) -> str | None:
        try:
            return self.slot.read()
        except StorageUnreadable:
            return None

    def _load(self) -> tuple[Game | None, Loadout]:
        try:
            text = self.slot.read()
        except StorageUnreadable as e:
            raise SaveError(f"The saved game could not be read ({e}).") from None
        if text is None:
            return None, Loadout.ALL_HM
        return load_save(text)

    def on_saved_elsewhere(self, arg, value) -> bool:
        """Another tab or window wrote the saved game (the browser's ``storage`` event)."""
        if not self.slot.stale():
            return False
        if self.screen in ("start", "review"):
            self._saved_text()  # only the start screen's summary changes
            return True
        return self._follow_saved()

    def _follow_saved(self) -> bool:
        """The game went on elsewhere: drop this page's draft and continue from the stored game,
        at its curtain (never at anyone's board)."""
        self.placing = self.draft = None
        self.review = None
        self.message = None
        try:
            game, loadout = self._load()
        except SaveError as e:
            self.game = None
            self.screen = "start"
            self.notice = str(e)
            return True
        if game is None:
            self.game = None
            self.screen = "start"
            self.notice = "The saved game was removed in another tab or window."
            return True
        self.game, self.loadout = game, loadout
        self.notice = ("This game went on in another tab or window; it continues from there. "
                       "Nothing played here since was kept.")
        if game.is_over:
            self._show_over()
        else:
            self._to_curtain()
        return True

    def saved_summary(self) -> dict | None:
        """What the start screen says about the saved game, or None when there is none."""
        try:
            game, _ = self._load()
        except SaveError:
            return {"ok": False}
        if game is None:
            return None
        return {"ok": True, "names": {p: game.name(p) for p in PLAYERS}, "over": game.is_over,
                "turn": game.turn, "phase": game.phase}

    def restore(self) -> None:
        """At page load: resume the saved game at the curtain of the player to act (or its game
        over screen), or start afresh with a clear message when the save is unusable."""
        try:
            game, loadout = self._load()
        except SaveError as e:
            # Kept as it is (never deleted): the start screen offers to export it.
            self.notice = str(e)
            self.screen = "start"
            return
        if game is None:
            self.screen = "start"
            return
        self.game, self.loadout = game, loadout
        for p in PLAYERS:
            self.form.names[p] = game.name(p) or ""
        if game.is_over:
            self._show_over()
        else:
            self._to_curtain()

    # --- the screen model --------------------------------------------------------------

    def _name(self, player: str) -> str:
        name = self.game.name(player) if self.game is not None else None
        return name or f"Player {player}"

    def model(self) -> dict[str, Any]:
        """The current screen as plain data (see :mod:`mortar.ui.render`)."""
        builder = getattr(self, "_model_" + self.screen)
        out = builder()
        out["screen"] = self.screen
        out["announce"] = self.announce
        out["notice"] = self.notice
        out["tab"] = self.tab
        return out

    def _model_start(self) -> dict[str, Any]:
        f = self.form
        return {"form": {"names": dict(f.names), "variant": f.variant, "limit": f.limit,
                         "custom_limit": f.custom_limit, "loadout": f.loadout, "error": f.error,
                         "confirm_replace": f.confirm_replace},
                "saved": self.saved_summary()}

    def _model_curtain(self) -> dict[str, Any]:
        game = self.game
        assert game is not None
        player = game.to_play
        assert player is not None
        return {"player": player, "name": self._name(player),
                "other": self._name(opponent(player)),
                "stage": "placement" if game.phase == "setup" else "turn",
                "turn": game.turn if game.phase == "play" else None,
                "save_failed": self.save_failed}

    def _model_placement(self) -> dict[str, Any]:
        draft, game = self.placing, self.game
        assert draft is not None and game is not None
        player = draft.player
        pieces = []
        for i in range(3):
            sq = draft.squares[i]
            pieces.append({"number": i + 1, "square": str(sq) if sq else None,
                           "facing": draft.facings[i].name, "type": draft.types[i].name,
                           "selected": draft.selected == i + 1})
        error = self.placement_error()
        return {
            "player": player, "name": self._name(player), "other": self._name(opponent(player)),
            "pieces": pieces, "selected": draft.selected,
            "secret": game.options.fixed_type() is None,
            "error": error, "can_confirm": error is None, "message": self.message,
            "incomplete": any(sq is None for sq in draft.squares),
            "board": scene.placement_board(player, pieces),
        }

    def _model_turn(self) -> dict[str, Any]:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        player = draft.player
        view = player_view(game, player)
        out: dict[str, Any] = {
            "player": player, "name": self._name(player), "other": self._name(opponent(player)),
            "turn": view["turn"], "stage": draft.stage, "report": draft.report,
            "skips": view["skips"], "must_shoot": view["must_shoot"],
            "turn_limit": view["options"]["turn_limit"], "variant": view["options"]["variant"],
            "score": view["score"], "enemy_alive": view["enemy"]["alive"],
            "enemy_type": view["enemy"]["type"],
            "own_alive": sum(1 for p in view["pieces"] if p["alive"]),
            "message": self.message, "resign_asked": draft.resign_asked,
            "pad": pad_for(game, player).to_data(),
        }
        overlay: dict[str, Any] = {}
        pieces = [dict(p) for p in view["pieces"]]
        if draft.stage == "move":
            out["move"] = self._move_model(pieces, overlay)
        elif draft.stage == "fire":
            out["fire"] = self._fire_model(pieces, overlay)
        elif draft.stage == "sacrifice":
            out["sacrifice"] = {"pieces": [p for p in pieces if p["alive"]],
                                "selected": draft.sacrifice}
            if draft.sacrifice is not None:
                overlay["selected"] = draft.sacrifice
        elif draft.stage == "result":
            out["result"] = self._result_model(view)
        out["pieces"] = pieces
        out["board"] = scene.turn_board(view, overlay)
        return out

    def _move_model(self, pieces: list[dict], overlay: dict) -> dict[str, Any]:
        draft, game = self.draft, self.game
        assert draft is not None and game is not None
        model: dict[str, Any] = {"piece": draft.piece, "steps": list(draft.steps),
                                 "dest": str(draft.dest) if draft.dest else None,
                                 "dest_facing": draft.dest_facing.name if draft.dest_facing else None}
        for p in pieces:
            p["movable"] = p["alive"] and bool(game.legal_moves(p["number"]))
        if draft.piece is None:
            model.update(next=None, end=None, facings=[], error=self.move_error(), dests=[])
            return model
        legal = game.legal_moves(draft.piece)
        dests = sorted({str(p.square) for p in legal})
        end = self._pending_end_or_none()
        nxt = game.next_steps(draft.piece, draft.steps)
        if draft.steps and draft.steps[-1] == "back":
            nxt = dict.fromkeys(STEPS)
        facings = [f.name for f in self._dest_facings(draft.dest)] if draft.dest else []
        error = self.move_error()
        model.update(
            start=str(game.position(draft.player, draft.piece)),
            next={k: (str(v) if v else None) for k, v in nxt.items()},
            end=str(end) if end else None, facings=facings, error=error, dests=dests,
        )
        overlay["selected"] = draft.piece
        overlay["dests"] = dests
        if end is not None:
            overlay["ghost"] = (draft.piece, str(end))
        if draft.dest is not None:
            overlay["dest"] = str(draft.dest)
        return model

    def _fire_model(self, pieces: list[dict], overlay: dict) -> dict[str, Any]:
        draft = self.draft
        assert draft is not None and draft.move is not None
        move = draft.move
        shooters = []
        for p in pieces:
            if p["number"] == move.piece:
                p["square"], p["facing"], p["position"] = (str(move.to.square), move.to.facing.name,
                                                           str(move.to))
            targets = [str(s) for s in self._shots(p["number"])]
            p["targets"] = targets
            if p["alive"]:
                shooters.append(p["number"])
        skip_error = self.skip_error()
        overlay["moved"] = (move.piece, str(move.to))
        if draft.fire_piece is not None:
            overlay["selected"] = draft.fire_piece
            overlay["targets"] = [str(s) for s in self._shots(draft.fire_piece)]
        if draft.target is not None:
            overlay["aim"] = str(draft.target)
        return {"move": {"piece": move.piece, "to": str(move.to)},
                "piece": draft.fire_piece, "target": str(draft.target) if draft.target else None,
                "any_target": any(p.get("targets") for p in pieces),
                "skip_error": skip_error, "can_skip": skip_error is None}

    def _result_model(self, view: dict) -> dict[str, Any]:
        draft = self.draft
        assert draft is not None and draft.played is not None and self.game is not None
        played = draft.played
        action = played.action
        out: dict[str, Any] = {"text": scene.result_text(played), "over": self.game.is_over}
        if isinstance(action, Turn):
            out.update(kind="shot" if action.shot else "skip",
                       at=str(action.shot.at) if action.shot else None, hit=bool(played.hit))
        elif isinstance(action, Sacrifice):
            out.update(kind="sacrifice", piece=action.piece)
        else:
            out.update(kind="resign")
        return out

    def _model_over(self) -> dict[str, Any]:
        return self._review_model()

    def _model_review(self) -> dict[str, Any]:
        return self._review_model()

    def _review_model(self) -> dict[str, Any]:
        review = self.review
        assert review is not None
        record, final = review.record, review.final
        game = record.replay(review.loadout, upto=review.step)
        names = {p: record.names.get(p) or f"Player {p}" for p in PLAYERS}
        boards, pads = {}, {}
        for p in PLAYERS:
            if p in game.setups:
                boards[p] = scene.review_board(player_view(game, p), names)
                pads[p] = pad_for(game, p).to_data()
        step_text = None
        if review.step > 0:
            step_text = scene.action_text(game.history[review.step - 1], names)
        return {
            "source": review.source, "names": names,
            "outcome": scene.outcome_info(final),
            "outcome_text": scene.outcome_text(final, names),
            "step": review.step, "total": len(record.actions), "step_text": step_text,
            "turn": game.turn if review.step else 0,
            "boards": boards, "pads": pads,
            "can_rematch": review.source == "game",
        }


# --- helpers -----------------------------------------------------------------------------


def load_save(text: str) -> tuple[Game, Loadout]:
    """Replay a saved payload; :class:`SaveError` says in plain words why it cannot be used."""
    try:
        data = loads(text)  # depth-checked and linear: saved data can be anything
    except JSONTextError:
        raise SaveError("The saved game is damaged (not valid JSON).") from None
    if not isinstance(data, dict) or data.get("app") != APP:
        raise SaveError("The saved data does not belong to this game.")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError("The saved game comes from a newer version of Mortar Hunt.")
    if version != VERSION:
        raise SaveError("The saved game has an unknown format.")
    try:
        loadout = Loadout(data.get("loadout"))
    except ValueError:
        raise SaveError("The saved game names an unknown set of pieces.") from None
    record_text = data.get("record")
    if not isinstance(record_text, str):
        raise SaveError("The saved game has no record in it.")
    try:
        game = parse(record_text).replay(loadout)
    except RecordIllegalError as e:
        raise SaveError(f"The saved game breaks a rule ({e.public_message}).") from None
    except NewerFormatError:
        raise SaveError("The saved game comes from a newer version of Mortar Hunt.") from None
    except (RecordError, ValueError):
        raise SaveError("The saved game is damaged (it is not a whole game record).") from None
    return game, loadout


def _record_loadout(record: Record) -> Loadout:
    from ..record import infer_loadout

    return infer_loadout(record.pieces) if len(record.setup) == 2 else Loadout.SECRET


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")
    while "--" in out:
        out = out.replace("--", "-")
    return out[:20] or "player"
