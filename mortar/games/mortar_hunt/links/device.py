"""Mortar Hunt by links, one device's side (:mod:`mortar.games.mortar_hunt.links`): what it
knows of the game, the steps its player's actions make, and the other device's steps checked as
they come."""


from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ....kit import commitment
from ....kit.commitment import EncodingError
from ....kit.link import LinkCode
from ....kit.protocol import IllegalActionError, Refusal
from ....kit.remote.verdicts import Lie, Rejection, illegal
from ....kit.secretlinks import SecretKnowledge
from ..actions import Action, Played, RefusalCode, Resign, Sacrifice, Setup, Turn
from ..notation import NotationError, Position, Square
from ..record import action_json
from ..rules import (
    MAX_SKIPS,
    NAME_MAX,
    OBSTACLE_ROW,
    PLAYERS,
    EndReason,
    Options,
    Outcome,
    PerPlayer,
    Phase,
    PieceType,
    Player,
    Variant,
    half_rows,
)
from ..seat import OwnPiece, Seat, SeenAction, seen
from . import HuntLie, context, hidden_facts, pack_turns

C = RefusalCode


class HuntKnowledge(SecretKnowledge[Player]):
    """What one device knows of a game of Mortar Hunt by links: its own pieces whole, and of the
    enemy only what R12 makes public (the package's docstring). Its seat is the one the whole game gives its
    player whenever that player is to act."""

    name_longest = NAME_MAX
    kept = "its pieces are there"

    def __init__(self, options: Options, names: Mapping[str, str | None], side: str, secret: bytes,
                 game_id: str) -> None:
        super().__init__(PLAYERS, names, Player(side), secret, game_id)
        self.options = options
        self.enemy = self.side.opponent
        self.placed = {p: False for p in PLAYERS}
        self.setup: Setup | None = None
        self.positions = [0, 0, 0]
        self.alive = [True, True, True]
        self.types: tuple[PieceType, ...] = (PieceType.HM,) * 3
        self.skips = 0
        self.fired = 0  # squares this side shot at (a mask)
        self.enemy_skips = 0
        self.enemy_fired = 0
        self.enemy_live = 3
        self.enemy_wrecks: set[int] = set()  # squares of enemy pieces known destroyed
        self.actions = 0  # player-turns taken by both
        self.turns: list[Action] = []  # this side's own, in order: what it opens at the end
        self.log: list[SeenAction] = []
        self.pending: int | None = None  # the log entry of an own shot whose answer is to come
        self.outcome: Outcome | None = None

    def copy(self) -> HuntKnowledge:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.names, other.placed = dict(self.names), dict(self.placed)
        other.positions, other.alive = list(self.positions), list(self.alive)
        other.enemy_wrecks, other.turns, other.log = set(self.enemy_wrecks), list(self.turns), list(self.log)
        other.outbox = list(self.outbox)
        return other

    # --- the game as this device knows it -------------------------------------------------

    @property
    def acting(self) -> str | None:
        if self.over:
            return None
        return self._to_play()

    def _to_play(self) -> Player:
        if not self.placed[Player.A]:
            return Player.A
        if not self.placed[Player.B]:
            return Player.B
        return PLAYERS[self.actions % 2]

    @property
    def settled(self) -> bool:
        return self.over and self.outcome is not None and self.theirs is not None

    def seat(self) -> Seat:
        n, over = self.actions, self.outcome is not None
        phase = Phase.OVER if over else Phase.SETUP if not self.placed[Player.B] else Phase.PLAY
        turn = (n + 1) // 2 if over or not self.placed[Player.B] else n // 2 + 1
        pieces: tuple[OwnPiece, ...] = ()
        if self.placed[self.side]:
            pieces = tuple(OwnPiece(i + 1, Position.at(self.positions[i]), self.types[i], self.alive[i])
                           for i in range(3))
        craters: frozenset[Square] = frozenset()
        if self.options.variant is Variant.CRATERS:
            mask = self.fired | self.enemy_fired
            craters = frozenset(Square.at(i) for i in range(mask.bit_length()) if mask >> i & 1)
        return Seat(self.side, self.options, PerPlayer(self.names[Player.A], self.names[Player.B]), phase,
                    turn, None if over else self._to_play(), pieces, tuple(self.log), craters, self.skips,
                    self.enemy_skips, self.enemy_live, self.outcome)

    # --- this device's player ---------------------------------------------------------------

    def play(self, action: Any) -> None:
        seat = self.seat()
        refusal = seat.setup_refusal(action) if isinstance(action, Setup) else seat.refusal(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        self.apply_own(action)

    def apply_own(self, action: Any) -> None:
        """An own action applied (legal: :meth:`play` has asked the seat) and its step queued."""
        if isinstance(action, Setup):
            self.setup = action
            self.positions = [p.index for p in action.positions]
            self.types = tuple(action.types)
            self.placed[self.side] = True
            self.outbox.append({"placed": self._commit(0)})
            return
        turn = self.actions // 2 + 1
        self.actions += 1
        self.turns.append(action)
        if isinstance(action, Resign):
            self.log.append(seen(Played(self.side, turn, action), self.side))
            self.outbox.append({"resign": True})
            self._end(self.enemy, EndReason.RESIGNED)
            return
        if isinstance(action, Sacrifice):
            i = action.piece - 1
            square = Square.at(self.positions[i] >> 3)
            self.alive[i] = False
            self.log.append(seen(Played(self.side, turn, action, sacrificed=square), self.side))
            self.outbox.append({"sacrifice": str(square), "commit": self._commit(len(self.turns))})
        else:
            assert isinstance(action, Turn)
            move, shot = action.move, action.shot
            moved_from = Position.at(self.positions[move.piece - 1])
            self.positions[move.piece - 1] = move.to.index
            if shot is None:
                self.skips += 1
            else:
                self.skips = 0
                self.fired |= 1 << shot.at.index
                self.pending = len(self.log)
            self.log.append(seen(Played(self.side, turn, action, moved_from=moved_from), self.side))
            self.outbox.append({"shot": None if shot is None else str(shot.at),
                                "commit": self._commit(len(self.turns))})
        self._settle()

    def _commit(self, number: int) -> str:
        where = context(self.game_id, self.side, number)
        facts = hidden_facts(self.positions, self.types, self.alive)
        return commitment.to_text(commitment.digest(where, commitment.salt(self.secret, where), facts))

    def _live(self) -> dict[Player, int]:
        return {self.side: self.alive.count(True), self.enemy: self.enemy_live}

    def _settle(self) -> None:
        """R10 after an action or an answer: a side with no live piece, then the turn limit. At
        the turn limit with an own shot unanswered the game is over, its score still to come."""
        if self.outcome is not None:
            return
        live = self._live()
        for p in PLAYERS:
            if live[p] == 0:
                self._end(p.opponent, EndReason.DESTROYED)
                return
        limit = self.options.turn_limit
        if limit is not None and self.actions >= 2 * limit:
            if self.pending is None:
                score = _score(live)
                self._end(Player.A if score.a > score.b else Player.B if score.b > score.a else None,
                          EndReason.TURN_LIMIT)
            else:
                self._over()

    def _end(self, winner: Player | None, reason: EndReason) -> None:
        self.outcome = Outcome(winner, reason, _score(self._live()), (self.actions + 1) // 2)
        self._over()

    def _over(self) -> None:
        if not self.over:  # the end: this device's openings go with its next link
            self.over = True
            self.outbox.append(self.openings())

    def openings(self) -> dict[str, Any]:
        """This device's secrets, to open every commitment it made."""
        assert self.setup is not None
        placed = action_json(self.setup)
        return {"openings": {"secret": commitment.to_text(self.secret), "setup": placed["setup"],
                             "pieces": placed["pieces"], "turns": pack_turns(self.turns)}}

    # --- the other device's -------------------------------------------------------------------

    def receive(self, sender: str, steps: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]:
        drew: list[Any] = []
        steps = list(steps)
        if self.pending is not None:
            if not steps or set(steps[0]) != {"answer"}:
                raise Rejection(LinkCode.MALFORMED, f"{sender}'s device did not answer the shot at "
                                                    f"{self.log[self.pending].shot}")
            drew.append(self._answer(sender, steps.pop(0)["answer"]))
        for step in steps:
            if "openings" in step:
                if set(step) != {"openings"} or not isinstance(step["openings"], dict) or not self.over:
                    raise Rejection(LinkCode.MALFORMED, f"{sender}'s device opened its secrets before the "
                                                        "end")
                self.theirs = step["openings"]
            elif self.over or self._to_play() is not self.enemy:
                raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a turn out of turn")
            else:
                entry = self._enemy_step(sender, step)
                if entry is not None:
                    drew.append(entry)
        return tuple(drew)

    def _answer(self, sender: str, answer: Any) -> SeenAction:
        if answer not in ("hit", "miss"):
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device answered neither hit nor miss")
        entry = self.log[self.pending]  # type: ignore[index]
        assert entry.shot is not None
        hit = answer == "hit"
        if hit and entry.shot.index in self.enemy_wrecks:
            lie = Lie(HuntLie.FALSE_HIT, sender, entry.turn,
                      f"{sender}'s device said {entry.shot} was a hit at turn {entry.turn}, but only a wreck "
                      "stood there", {"square": str(entry.shot)})
            raise Rejection(LinkCode.LIE, lie.message, lie=lie)
        if hit:
            self.enemy_live -= 1
            self.enemy_wrecks.add(entry.shot.index)
        self.log[self.pending] = entry = replace(entry, hit=hit)  # type: ignore[index]
        self.pending = None
        self._settle()  # (after the turn limit's last shot: now the score)
        return entry

    def _enemy_step(self, sender: str, step: Mapping[str, Any]) -> SeenAction | None:
        enemy = self.enemy
        if set(step) == {"placed"}:
            if self.placed[enemy]:
                raise Rejection(LinkCode.MALFORMED, f"{sender}'s device placed its pieces twice")
            _digest(sender, step["placed"])
            self.placed[enemy] = True
            return None
        if not (self.placed[Player.A] and self.placed[Player.B]):
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device played before both placed their pieces")
        turn = self.actions // 2 + 1
        if step == {"resign": True}:
            entry = SeenAction(enemy, turn, resigned=True)
            self._enemy_done(entry)
            self._end(self.side, EndReason.RESIGNED)
            return entry
        if set(step) == {"sacrifice", "commit"}:
            _digest(sender, step["commit"])
            square = _square(sender, step["sacrifice"])
            if self.enemy_skips < MAX_SKIPS:
                raise illegal(sender, turn, Refusal(C.NO_SACRIFICE, "a sacrifice is allowed only when a "
                                                     f"player must shoot and cannot; {enemy} need not shoot "
                                                     "this turn"), HuntLie.SACRIFICE_NOT_DUE)
            if square.row not in half_rows(enemy) or square.index in self.enemy_wrecks:
                gone = Refusal(C.PIECE_DESTROYED, f"{enemy} has no live piece on {square}")
                raise illegal(sender, turn, gone)
            self.enemy_live -= 1
            self.enemy_wrecks.add(square.index)
            entry = SeenAction(enemy, turn, sacrificed=square)
            self._enemy_done(entry)
            self._settle()
            return entry
        if set(step) != {"shot", "commit"}:
            raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a step Mortar Hunt does not know")
        _digest(sender, step["commit"])
        if step["shot"] is None:
            if self.enemy_skips >= MAX_SKIPS:
                due = Refusal(C.MUST_SHOOT, f"{enemy} must shoot this turn ({enemy} did not shoot in "
                                            "the last two turns)")
                raise illegal(sender, turn, due)
            self.enemy_skips += 1
            entry = SeenAction(enemy, turn)
            self._enemy_done(entry)
            self._settle()
            return entry
        square = _square(sender, step["shot"])
        refusal = _target_refusal(self.options, enemy, square, self.enemy_fired)
        if refusal is not None:
            raise illegal(sender, turn, refusal)
        self.enemy_skips = 0
        self.enemy_fired |= 1 << square.index
        destroyed = None
        for j in range(3):
            if self.alive[j] and self.positions[j] >> 3 == square.index:
                self.alive[j] = False
                destroyed = j + 1
        entry = SeenAction(enemy, turn, square, destroyed is not None, lost=destroyed)
        self.outbox.append({"answer": "miss" if destroyed is None else "hit"})
        self._enemy_done(entry)
        self._settle()
        return entry

    def _enemy_done(self, entry: SeenAction) -> None:
        self.actions += 1
        self.log.append(entry)


def _score(live: Mapping[Player, int]) -> PerPlayer[int]:
    return PerPlayer(3 - live[Player.B], 3 - live[Player.A])


def _digest(sender: str, text: Any) -> bytes:
    try:
        return commitment.from_text(text, commitment.DIGEST_BYTES)
    except EncodingError:
        raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent a damaged commitment") from None


def _square(sender: str, text: Any) -> Square:
    try:
        square: Square = Square.parse(text)
    except (NotationError, TypeError, ValueError):
        raise Rejection(LinkCode.MALFORMED, f"{sender}'s device sent no square") from None
    return square


def _target_refusal(options: Options, shooter: Player, square: Square, fired: int) -> Refusal | None:
    """Why ``square`` may not be a target of ``shooter``'s whatever fired it: what everyone sees
    (R1, R6, R11)."""
    if square.row == OBSTACLE_ROW:
        return Refusal(C.OBSTACLE, f"the shot at {square} lands on the obstacle row")
    if square.row in half_rows(shooter):
        return Refusal(C.OWN_HALF_TARGET, f"the shot at {square} lands in {shooter}'s own half")
    if options.variant is Variant.CRATERS and fired >> square.index & 1:
        return Refusal(C.SHOT_TWICE, f"{square} has been shot at already (craters: once per square)")
    return None

