"""Maršál a Špión by links, the end verified (:mod:`mortar.games.marsal_a_spion.links`): both
armies opened and the whole game replayed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mortar.kit import commitment
from mortar.kit.commitment import EncodingError, MerkleTree
from mortar.kit.common import OfferDraw
from mortar.kit.link import Message
from mortar.kit.records import RecordError
from mortar.kit.remote.verdicts import Lie, LieCode, Verification, Verified, caught
from mortar.kit.secretlinks import awaiting_openings
from mortar.kit.steps import Steps

from ..actions import Attack, RefusalCode
from ..board import PLAYERS, Player, Square
from ..pieces import Clash
from ..record import Record, read_action_object, read_setup
from ..rules import Options, Termination
from ..state import State
from . import MarsalLie, leaves, opened, wrong_outcome

ACTIONS_PER_STEP = 40  # actions replayed between two yields when the end is verified (a slow phone: 50 ms)


@dataclass
class _Play:
    """One action of play as the links told it: the sender's action, and for an attack the
    defender's reveal (None where the attacker had seen the defender) and the attacker's outcome."""

    player: Player
    data: Mapping[str, Any]
    reveal: Any = None
    outcome: Mapping[str, Any] | None = None
    pat_after: Player | None = None  # the next player then claimed PAT


def _gather(messages: Sequence[Message]) -> tuple[dict[Player, bytes], dict[Player, Any], list[_Play]]:
    """The roots, the openings and the plays the links tell, in order; ValueError (with the
    sender) for a step that is none of the game's."""
    roots: dict[Player, bytes] = {}
    openings: dict[Player, Any] = {}
    plays: list[_Play] = []
    attack: _Play | None = None  # the last attack, until its outcome
    for message in messages:
        sender = Player(message.sender)
        for step in message.steps:
            keys = set(step)
            if keys == {"placed"}:
                roots[sender] = commitment.from_text(step["placed"], commitment.DIGEST_BYTES)
            elif keys == {"openings"}:
                openings[sender] = step["openings"]
            elif keys == {"reveal"}:
                if attack is None or attack.player is sender:
                    raise ValueError(f"{sender} opened a piece nobody attacked")
                attack.reveal = step["reveal"]
            elif "outcome" in keys:
                if attack is None or attack.player is not sender:
                    raise ValueError(f"{sender} sent an outcome of no attack")
                attack.outcome, attack = step, None
            elif keys == {"end"}:
                if not plays or step["end"] != "pat":
                    raise ValueError(f"{sender} claimed an end out of turn")
                plays[-1].pat_after = sender
            else:
                plays.append(_Play(sender, step))
                if "attack" in step:
                    attack = plays[-1]
    return roots, openings, plays


def verifying(options: Options, names: Mapping[str, str | None],
              messages: Sequence[Message]) -> Steps[Verification]:
    """Both armies opened and the whole game replayed (the package's docstring): every commitment, every
    reveal, every attack's outcome, every hidden move, the claimed ends."""
    game_id = messages[0].game_id if messages else ""
    try:
        roots, openings, plays = _gather(messages)
    except (ValueError, EncodingError) as e:
        return Verification(Verified.LIE, Lie(LieCode.BAD_OPENINGS, messages[-1].sender, 0,
                                              f"a device sent a damaged link ({e})"))
    waiting = awaiting_openings(PLAYERS, openings)
    if waiting is not None:
        return waiting
    yield
    state = State(options, {p: names.get(p) for p in PLAYERS})
    for p in PLAYERS:
        raw = openings[p]
        try:
            if not isinstance(raw, dict) or set(raw) != {"secret", "setup"}:
                raise ValueError("not a secret and a setup")
            secret = commitment.from_text(raw["secret"], commitment.SECRET_BYTES)
            setup = read_setup(raw["setup"], "setup")
        except (ValueError, EncodingError, RecordError) as e:
            return _lie(Lie(LieCode.BAD_OPENINGS, p, 0, f"{p}'s device sent openings that are not its "
                                                         f"army ({e})"))
        if p not in roots or MerkleTree(leaves(game_id, p, secret, setup)).root != roots[p]:
            return _lie(Lie(MarsalLie.CHANGED_SETUP, p, 0, f"{p}'s device opened an army other than the one "
                                                           "it committed to"))
        refusal = state.refusal(setup)
        if refusal is not None:
            return _lie(Lie(MarsalLie.ILLEGAL_SETUP, p, 0, f"{p}'s device set up an army the rules refuse: "
                                                           f"{refusal.message}", {"reason": refusal.message}))
        state.apply(setup)
    for number, told in enumerate(plays, 1):
        p = told.player
        try:
            action = read_action_object(dict(told.data))
        except RecordError as e:
            return _lie(Lie(LieCode.ILLEGAL_ACTION, p, number, f"{p}'s device sent no action ({e})"))
        refusal = state.refusal(action)
        if refusal is not None:
            hidden = refusal.code in (RefusalCode.IMMOVABLE, RefusalCode.NOT_A_SCOUT)
            return _lie(Lie(MarsalLie.ILLEGAL_HIDDEN_MOVE if hidden else LieCode.ILLEGAL_ACTION, p, number,
                            f"{p}'s device {'made an illegal move' if hidden else 'sent an illegal turn'} at "
                            f"turn {number}: {refusal.message}", {"reason": refusal.message}))
        play = action.action if isinstance(action, OfferDraw) else action
        if isinstance(play, Attack):
            lie = _attack_lie(state, game_id, roots, number, play, told)
            if lie is not None:
                return _lie(lie)
        played = state.apply(action)
        if isinstance(play, Attack):
            assert told.outcome is not None and played.clash is not None and played.defender is not None
            said = Clash(told.outcome["outcome"])
            if said is not played.clash:
                return _lie(wrong_outcome(p, number, play, said, played.clash, played.defender))
        pat = state.outcome is not None and state.outcome.reason is Termination.PAT
        if told.pat_after is not None and not pat:
            return _lie(Lie(LieCode.FALSE_END, told.pat_after, number + 1,
                            f"{told.pat_after}'s device said it had no legal action at turn {number + 1}, "
                            "but it had"))
        if number % ACTIONS_PER_STEP == 0:
            yield
    if state.outcome is None:
        liar = state.to_play or PLAYERS[0]
        return _lie(Lie(LieCode.FALSE_END, liar, state.turn, "the devices said the game ended, but the rules "
                                                             "play on"))
    winner = state.outcome.winner
    return Verification(Verified.VERIFIED, None, Record.from_state(state),
                        None if winner is None else winner.value, state=state)


def _attack_lie(state: State, game_id: str, roots: Mapping[Player, bytes], number: int, play: Attack,
                told: _Play) -> Lie | None:
    """What is wrong with the openings of an attack (its defender's reveal, the attacker's own),
    or None. The outcome is judged once the attack is applied."""
    p, q = told.player, told.player.opponent
    if told.outcome is None or set(told.outcome) - {"outcome", "attacker"}:
        return Lie(LieCode.BAD_OPENINGS, p, number, f"{p}'s device sent no outcome of its attack {play}")
    try:
        Clash(told.outcome["outcome"])
    except ValueError:
        return Lie(LieCode.BAD_OPENINGS, p, number, f"{p}'s device sent no outcome R9 knows")
    for who, square, raw in ((q, play.end, told.reveal), (p, play.start, told.outcome.get("attacker"))):
        if raw is None:
            continue
        found = state.piece_at(square)
        assert found is not None
        handle = _handle_at(state, square)
        try:
            piece = opened(game_id, who, roots[who], handle, raw)
        except (ValueError, EncodingError):
            piece = None
        if piece is None or piece is not found[1]:
            return Lie(LieCode.OPENING_MISMATCH, who, number, f"{who}'s device opened the piece on {square} "
                                                              "other than the one it committed to",
                       {"square": str(square)})
    return None


def _handle_at(state: State, square: Square) -> int:
    handle: int = state._cell[square.index]
    return handle


def _lie(lie: Lie) -> Verification:
    return caught(lie, PLAYERS)
