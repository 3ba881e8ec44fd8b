"""Mortar Hunt by links, the end verified (:mod:`mortar.games.mortar_hunt.links`): the whole
game replayed with both devices' secrets."""


from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ....kit import commitment
from ....kit.commitment import EncodingError
from ....kit.link import Message
from ....kit.protocol import IllegalActionError
from ....kit.records import RecordError
from ....kit.remote.verdicts import Lie, LieCode, Verification, Verified, caught
from ....kit.secretlinks import awaiting_openings
from ....kit.steps import Steps
from ..actions import Action, RefusalCode, Resign, Sacrifice, Setup, Turn
from ..notation import NotationError
from ..record import Record, action_from_json
from ..rules import (
    PLAYERS,
    Options,
    Player,
)
from ..state import State
from . import HuntLie, context, hidden_facts, unpack_turns

C = RefusalCode
TURNS_PER_STEP = 8  # turns replayed between two yields when the end is verified


@dataclass
class _Side:
    """What one side's links said, gathered from the chain."""

    placed: bytes | None = None
    said: list[Mapping[str, Any]] = field(default_factory=list)  # its turns' public steps
    answers: list[bool] = field(default_factory=list)  # its answers to the other's shots: hit?
    openings: Mapping[str, Any] | None = None


def verifying(options: Options, names: Mapping[str, str | None],
              messages: Sequence[Message]) -> Steps[Verification]:
    """Both devices' secrets opened and the whole game replayed (the package's docstring)."""
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
    waiting = awaiting_openings(PLAYERS, [p for p in PLAYERS if sides[p].openings is not None])
    if waiting is not None:
        return waiting
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
    return caught(lie, PLAYERS)


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
