"""Mortar Hunt played by links (issue 31): each device holds only its own pieces, sends what
RULINGS R12 makes public, and commits to everything else, so that no lie goes uncaught.

What a device's link carries, step by step:

* its placement: ``{"placed": C}``, a commitment to its three positions and types (R3);
* a turn: ``{"shot": "G3" | null, "commit": C}``, the target or no shot (public: R7, R8) and a
  commitment to the mover's whole hidden state after its move (positions, facings, types with
  the secret loadout, which pieces live) -- every turn, since it changes every turn; a sacrifice:
  ``{"sacrifice": "C4", "commit": C}`` (its square is public: R9); ``{"resign": true}``;
* the answer to the other's last shot, first in its next link: ``{"answer": "hit" | "miss"}``
  (the shooter learns the result one link later, before its own next move). A hit that destroys
  the last piece ends the game on the defender's device at once, and its link carries the end;
* at the end, its openings: ``{"openings": {"secret", "setup", "pieces", "turns"}}``: the device's
  secret (every salt follows from it, :mod:`mortar.kit.commitment`), its placement and every turn
  it played in the record's notation.

A device checks at once what is public: an obligation to shoot (R8, from the skips), a target in
its own half (R6), a square shot twice (R11), a sacrifice when none is due, a hit on a wreck.
Whether a move was legal, whether the firing piece could reach its target, whether a sacrifice
was forced (R9) and whether a move crossed a crater (R11) are hidden when played and checked at
the end, when :func:`verifying` replays the whole game with both devices' secrets and checks
every commitment, hidden move, shot and answer. A lie loses the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from ...kit import commitment
from ...kit.commitment import EncodingError
from ...kit.link import LinkCode, Message
from ...kit.protocol import IllegalActionError, Refusal
from ...kit.records import RecordError, names_refusal
from ...kit.remote import Lie, LieCode, Rejection, RemoteRuling, Verification, Verified
from ...kit.steps import Steps
from .actions import Action, Move, Played, RefusalCode, Resign, Sacrifice, Setup, Shot, Turn
from .notation import NotationError, Position, Square
from .record import Record, action_from_json, action_json
from .rules import (
    MAX_SKIPS,
    NAME_MAX,
    OBSTACLE_ROW,
    PLAYERS,
    EndReason,
    Loadout,
    Options,
    Outcome,
    PerPlayer,
    Phase,
    PieceType,
    Player,
    Variant,
    half_rows,
)
from .seat import OwnPiece, Seat, SeenAction, seen
from .state import State

C = RefusalCode
TURNS_PER_STEP = 8  # turns replayed between two yields when the end is verified


class HuntLie(Enum):
    """Mortar Hunt's lies, beside the kit's (:class:`mortar.kit.remote.LieCode`)."""

    FALSE_MISS = "false miss"  # a miss answered where a piece stood
    FALSE_HIT = "false hit"  # a hit answered where none stood
    ILLEGAL_HIDDEN_MOVE = "illegal hidden move"  # R5, R8, R11
    OUT_OF_REACH = "out of reach"  # a shot the firing piece could not make (R6)
    SKIPPED_SACRIFICE = "skipped sacrifice"  # a turn played where a sacrifice was due (R9)
    SACRIFICE_NOT_DUE = "sacrifice not due"  # R9
    CHANGED_SETUP = "changed setup"  # a placement or loadout opened other than committed
    ILLEGAL_SETUP = "illegal setup"  # R1, R3
    OTHER_TURN = "other turn"  # a turn opened other than the one the link said (its target)


def context(game_id: str, player: str, number: int) -> str:
    """What commitment ``number`` of ``player`` is for: 0 the placement, then each own turn."""
    return f"{game_id}/mortar-hunt/{player}/{number}"


def hidden_facts(positions: Sequence[int], types: Sequence[PieceType], alive: Sequence[bool]) -> bytes:
    """A side's whole hidden state as the bytes its commitments cover: ``C3/N:HM:1 …``."""
    pieces = zip(positions, types, alive)
    return " ".join(f"{Position.at(p)}:{t.name}:{int(a)}" for p, t, a in pieces).encode()


def _score(live: Mapping[Player, int]) -> PerPlayer[int]:
    return PerPlayer(3 - live[Player.B], 3 - live[Player.A])


# --- one device ------------------------------------------------------------------------------


class HuntKnowledge:
    """What one device knows of a game of Mortar Hunt by links: its own pieces whole, and of the
    enemy only what R12 makes public (the module docstring). Its seat is the one the whole game
    gives its player whenever that player is to act."""

    def __init__(self, options: Options, names: Mapping[str, str | None], side: str, secret: bytes,
                 game_id: str) -> None:
        self.options = options
        self.names: dict[Player, str | None] = {p: names.get(p) for p in PLAYERS}
        _check_names(self.names)
        self.side = Player(side)
        self.enemy = self.side.opponent
        self.secret, self.game_id = secret, game_id
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
        self.over = False
        self.theirs: Mapping[str, Any] | None = None  # the other device's openings
        self.outbox: list[dict[str, Any]] = []

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

    def name(self, side: str, name: str | None) -> None:
        names = {**self.names, Player(side): name}
        _check_names(names)
        self.names = names

    def take_outbox(self) -> list[dict[str, Any]]:
        out, self.outbox = self.outbox, []
        return out

    def adopt(self, steps: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        raise Rejection(LinkCode.OWN_SECRETS, "this player's link was made on another device: its "
                                              "pieces are there")

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
                raise _illegal(sender, turn, Refusal(C.NO_SACRIFICE, "a sacrifice is allowed only when a "
                                                     f"player must shoot and cannot; {enemy} need not shoot "
                                                     "this turn"), HuntLie.SACRIFICE_NOT_DUE)
            if square.row not in half_rows(enemy) or square.index in self.enemy_wrecks:
                gone = Refusal(C.PIECE_DESTROYED, f"{enemy} has no live piece on {square}")
                raise _illegal(sender, turn, gone, LieCode.ILLEGAL_ACTION)
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
                raise _illegal(sender, turn, due, LieCode.ILLEGAL_ACTION)
            self.enemy_skips += 1
            entry = SeenAction(enemy, turn)
            self._enemy_done(entry)
            self._settle()
            return entry
        square = _square(sender, step["shot"])
        refusal = _target_refusal(self.options, enemy, square, self.enemy_fired)
        if refusal is not None:
            raise _illegal(sender, turn, refusal, LieCode.ILLEGAL_ACTION)
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


def _check_names(names: Mapping[Player, str | None]) -> None:
    for name in names.values():
        if name is not None and len(name) > NAME_MAX:
            raise ValueError(f"a player's name has at most {NAME_MAX} characters")
    refusal = names_refusal({p.value: name for p, name in names.items()})
    if refusal:
        raise ValueError(refusal)


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


def _illegal(sender: str, turn: int, refusal: Refusal, code: Enum) -> Rejection:
    lie = Lie(code, sender, turn, f"{sender}'s device sent an illegal turn at turn {turn}: {refusal.message}",
              {"reason": refusal.message})
    return Rejection(LinkCode.ILLEGAL, lie.message, refusal=refusal, lie=lie)


# --- the end, verified -------------------------------------------------------------------------


@dataclass
class _Side:
    """What one side's links said, gathered from the chain."""

    placed: bytes | None = None
    said: list[Mapping[str, Any]] = field(default_factory=list)  # its turns' public steps
    answers: list[bool] = field(default_factory=list)  # its answers to the other's shots: hit?
    openings: Mapping[str, Any] | None = None


def verifying(options: Options, names: Mapping[str, str | None],
              messages: Sequence[Message]) -> Steps[Verification]:
    """Both devices' secrets opened and the whole game replayed (the module docstring)."""
    sides = {p: _Side() for p in PLAYERS}
    game_id = messages[0].game_id if messages else ""
    for message in messages:
        side = sides[Player(message.sender)]
        for step in message.steps:
            keys = set(step)
            try:
                if keys == {"placed"}:
                    side.placed = _bytes(step["placed"])
                elif keys == {"answer"} and step["answer"] in ("hit", "miss"):
                    side.answers.append(step["answer"] == "hit")
                elif keys == {"openings"}:
                    side.openings = step["openings"]
                elif keys in ({"shot", "commit"}, {"sacrifice", "commit"}, {"resign"}):
                    side.said.append(step)
                else:
                    raise ValueError("a step Mortar Hunt does not know")
            except (EncodingError, ValueError) as e:
                return _lie(Lie(LieCode.BAD_OPENINGS, message.sender, 0,
                                f"{message.sender}'s device sent a damaged link ({e})"))
    missing = tuple(p.value for p in PLAYERS if sides[p].openings is None)
    if len(missing) == 2:
        return Verification(Verified.PLAYING)
    if missing:
        return Verification(Verified.NOT_YET, missing=missing)
    yield
    state = State(options, {p: names.get(p) for p in PLAYERS})
    opened: dict[Player, tuple[bytes, Setup, list[Action]]] = {}
    for p in PLAYERS:
        try:
            opened[p] = _openings(p, sides[p].openings, sides[p].said)
        except (RecordError, EncodingError, NotationError, TypeError, KeyError, ValueError) as e:
            return _lie(Lie(LieCode.BAD_OPENINGS, p, 0, f"{p}'s device sent openings that are not its "
                                                         f"secrets ({e})"))
    for p in PLAYERS:
        secret, setup, turns = opened[p]
        where = context(game_id, p, 0)
        facts = hidden_facts([x.index for x in setup.positions], setup.types, (True,) * 3)
        placed = sides[p].placed
        if placed is None or not commitment.opens(placed, where, commitment.salt(secret, where), facts):
            return _lie(Lie(HuntLie.CHANGED_SETUP, p, 0,
                            f"{p}'s device opened a placement other than the one it committed to (its "
                            "squares, facings or loadout)", {"setup": " ".join(map(str, setup.positions))}))
        try:
            state.place(setup)
        except IllegalActionError as e:
            return _lie(Lie(HuntLie.ILLEGAL_SETUP, p, 0, f"{p}'s device placed its pieces illegally: {e}",
                            {"reason": str(e)}))
    done = {p: 0 for p in PLAYERS}
    answered = {p: 0 for p in PLAYERS}
    while state.outcome is None:
        p = PLAYERS[len(state.history) % 2]
        q, k = p.opponent, done[p]
        if k >= len(opened[p][2]):
            break
        action, said = opened[p][2][k], sides[p].said[k]
        turn = len(state.history) // 2 + 1
        lie = _turn_lie(state, p, turn, action, said)
        if lie is not None:
            return _lie(lie)
        played = state.play_turn(action)
        done[p] = k + 1
        if "commit" in said:
            where = context(game_id, p, k + 1)
            if not commitment.opens(_bytes(said["commit"]), where, commitment.salt(opened[p][0], where),
                                    _facts_of(state, p)):
                return _lie(Lie(LieCode.OPENING_MISMATCH, p, turn, f"{p}'s device's turn {turn} is not the "
                                                                 "turn it committed to"))
        if isinstance(action, Turn) and action.shot is not None:
            at, answers = action.shot.at, sides[q].answers
            if answered[q] >= len(answers):
                return _lie(Lie(LieCode.BAD_OPENINGS, q, turn,
                                f"{q}'s device never answered the shot at {at}"))
            said_hit = answers[answered[q]]
            answered[q] += 1
            if said_hit and not played.hit:
                return _lie(Lie(HuntLie.FALSE_HIT, q, turn, f"{q}'s device said {at} was a hit at turn "
                                                            f"{turn}, but no piece stood there",
                                {"square": str(at)}))
            if played.hit and not said_hit:
                return _lie(Lie(HuntLie.FALSE_MISS, q, turn, f"{q}'s device said {at} was a miss at turn "
                                                             f"{turn}, but a piece stood there",
                                {"square": str(at)}))
        if len(state.history) % TURNS_PER_STEP == 0:
            yield
    left = [p for p in PLAYERS if done[p] < len(opened[p][2])]
    if state.outcome is None or left:
        liar = left[0] if left else PLAYERS[len(state.history) % 2]
        return _lie(Lie(LieCode.FALSE_END, liar, len(state.history) // 2 + 1,
                        f"{liar}'s device said the game ended at turn {len(state.history) // 2 + 1}, but the "
                        "rules play on" if not left else
                        f"{liar}'s device played on after the game ended"))
    winner = state.outcome.winner
    return Verification(Verified.VERIFIED, None, Record.from_game(state),
                        None if winner is None else winner.value, state=state)


def _facts_of(state: State, p: Player) -> bytes:
    pieces = (1, 2, 3)
    return hidden_facts([state.position(p, n).index for n in pieces],
                        [state.piece_type(p, n) for n in pieces], [state.is_alive(p, n) for n in pieces])


def _lie(lie: Lie) -> Verification:
    return Verification(Verified.LIE, lie, None, Player(lie.player).opponent.value)


def _bytes(text: Any) -> bytes:
    return commitment.from_text(text, commitment.DIGEST_BYTES)


def _openings(player: Player, raw: Any,
              said: Sequence[Mapping[str, Any]]) -> tuple[bytes, Setup, list[Action]]:
    if not isinstance(raw, dict) or set(raw) != {"secret", "setup", "pieces", "turns"}:
        raise ValueError("not the openings of a placement and turns")
    secret = commitment.from_text(raw["secret"], commitment.SECRET_BYTES)
    setup = action_from_json({"setup": raw["setup"], "pieces": raw["pieces"]}, player)
    if not isinstance(setup, Setup):
        raise ValueError("not a placement")
    return secret, setup, unpack_turns(raw["turns"], said)


# A turn in the openings: two bytes (a game of a thousand turns must open in one link). The
# target of a shot is not packed: its link said it already.
_TURN, _SACRIFICE, _RESIGN = 0, 1, 2


def pack_turns(turns: Sequence[Action]) -> str:
    """Own turns as base64url, two bytes each: kind (2 bits), firing piece (2: 0 for no shot),
    piece (2), and the moved piece's end position (10: ``Position.index``)."""
    out = bytearray()
    for action in turns:
        if isinstance(action, Resign):
            value = _RESIGN << 14
        elif isinstance(action, Sacrifice):
            value = _SACRIFICE << 14 | (action.piece & 3) << 10
        else:
            assert isinstance(action, Turn)
            firer = 0 if action.shot is None else action.shot.piece & 3
            value = _TURN << 14 | firer << 12 | (action.move.piece & 3) << 10 | action.move.to.index
        out += value.to_bytes(2, "big")
    return commitment.to_text(bytes(out))


def unpack_turns(text: Any, said: Sequence[Mapping[str, Any]]) -> list[Action]:
    """The turns of :func:`pack_turns`, each shot's target taken from what its link ``said``;
    ValueError for anything that is not such turns."""
    if not isinstance(text, str) or len(text) > 4 * len(said) + 4:
        raise ValueError("not the packed turns of this game")
    data = commitment.from_text(text, len(text) * 3 // 4)
    if len(data) != 2 * len(said):
        raise ValueError(f"{len(data) // 2} turns opened for {len(said)} played")
    out: list[Action] = []
    for i, step in enumerate(said):
        value = int.from_bytes(data[2 * i:2 * i + 2], "big")
        kind, firer, piece, index = value >> 14, value >> 12 & 3, value >> 10 & 3, value & 1023
        if kind == _RESIGN:
            out.append(Resign())
        elif kind == _SACRIFICE:
            out.append(Sacrifice(piece))
        elif kind == _TURN and index < len(Position._all):
            target = step.get("shot")
            shot = Shot(firer, Square.parse(target)) if firer and isinstance(target, str) else None
            if firer and shot is None:
                shot = Shot(firer, Square.at(0))  # a shot where the link said none: found as another turn
            out.append(Turn(Move(piece, Position.at(index)), shot))
        else:
            raise ValueError("not a turn")
    return out


def _turn_lie(state: State, p: Player, turn: int, action: Action, said: Mapping[str, Any]) -> Lie | None:
    """What is wrong with ``p``'s opened ``action`` given what its link ``said`` of it, or None."""
    if isinstance(action, Resign):
        matches = said == {"resign": True}
    elif isinstance(action, Sacrifice):
        alive = action.piece in (1, 2, 3)
        square = str(state.position(p, action.piece).square) if alive else None
        matches = said.get("sacrifice") == square and "shot" not in said
    else:
        target = None if action.shot is None else str(action.shot.at)
        matches = "shot" in said and said["shot"] == target
    if not matches:
        return Lie(HuntLie.OTHER_TURN, p, turn, f"{p}'s device opened another turn than the one its link "
                                                f"said at turn {turn}")
    refusal = state.refusal(action)
    if refusal is None:
        return None
    code, what = refusal.code, refusal.message
    if code is C.MUST_SACRIFICE:
        return Lie(HuntLie.SKIPPED_SACRIFICE, p, turn, f"{p}'s device played a turn at turn {turn}, but no "
                                                       "move left a shot: a piece had to be sacrificed (R9)")
    if code is C.NO_SACRIFICE:
        return Lie(HuntLie.SACRIFICE_NOT_DUE, p, turn, f"{p}'s device sacrificed a piece at turn {turn}, but "
                                                       f"none was due: {what}")
    if isinstance(action, Turn) and state.move_refusal(action.move) is not None:
        return Lie(HuntLie.ILLEGAL_HIDDEN_MOVE, p, turn, f"{p}'s device made an illegal move at turn {turn}: "
                                                         f"{what}", {"reason": what})
    if isinstance(action, Turn) and action.shot is not None:
        return Lie(HuntLie.OUT_OF_REACH, p, turn, f"{p}'s device fired at {action.shot.at} at turn {turn} "
                                                  f"with a piece that could not reach it: {what}",
                   {"square": str(action.shot.at), "reason": what})
    return Lie(LieCode.ILLEGAL_ACTION, p, turn, f"{p}'s device sent an illegal turn at turn {turn}: {what}",
               {"reason": what})


# --- the game's part ---------------------------------------------------------------------------


class HuntLinks:
    """Mortar Hunt's part of play by links."""

    rulings: tuple[RemoteRuling, ...] = ()

    def remote_options(self, options: Any) -> Options:
        return options if options is not None else Options()

    def options_json(self, options: Options) -> dict[str, Any]:
        return {"variant": options.variant.value, "turn_limit": options.turn_limit,
                "loadout": options.loadout.value}

    def read_options(self, data: Mapping[str, Any]) -> Options:
        try:
            variant = Variant(data.get("variant", "classic"))
            loadout = Loadout(data.get("loadout", "HM"))
            return Options(variant, data.get("turn_limit"), loadout)
        except (ValueError, TypeError) as e:
            raise RecordError(f"the options are not Mortar Hunt's ({e})") from None

    def knowledge(self, options: Options, names: Mapping[str, str | None], side: str | None,
                  secret: bytes, game_id: str) -> HuntKnowledge:
        if side is None:
            raise ValueError("an onlooker of Mortar Hunt verifies the whole game at its end")
        return HuntKnowledge(options, names, side, secret, game_id)

    def verifying(self, options: Options, names: Mapping[str, str | None],
                  messages: Sequence[Message]) -> Steps[Verification]:
        return verifying(options, names, messages)
