"""K0, what the three open KARO games share (mortar.kit.turns), on a toy game that adds the
least a game can: a counter that each player moves up or down by one; a player listed as
``stuck`` has no move; reaching ``goal`` wins for the mover."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, replace
from enum import Enum

import pytest

from mortar.kit.common import AcceptDraw, OfferDraw, Pass, Resign
from mortar.kit.protocol import IllegalActionError, Refusal
from mortar.kit.turns import (
    Ending,
    Outcome,
    Player,
    Position,
    RandomComputer,
    TurnOptions,
    TurnSeat,
    TurnState,
)

RED, WHITE = Player.RED, Player.WHITE


class Code(Enum):
    GAME_OVER = "game over"
    NOT_YOUR_TURN = "not your turn"
    MALFORMED = "malformed"
    NO_OFFER = "no offer"
    MUST_MOVE = "must move"
    SETTING_UP = "setting up"
    STUCK = "stuck"


class End(Ending):
    GOAL = "goal"
    DOUBLE_PASS = "double-pass"
    REPETITION = "repetition"
    AGREED = "agreed"
    RESIGN = "resign"


@dataclass(frozen=True)
class Counter(Position[int, str]):
    value: int
    to_play: Player
    stuck: frozenset[Player] = frozenset()
    goal: int = 99
    unset: tuple[Player, ...] = ()  # players still to set up (a setup is the action 0)

    codes = Code
    endings = End

    @property
    def setting_up(self) -> bool:
        return bool(self.unset)

    def key(self) -> Hashable:
        return self.value

    def actions(self) -> list[int]:
        if self.unset:
            return [0]
        return [] if self.to_play in self.stuck else [1, -1]

    def refusal(self, action: object) -> Refusal | None:
        if type(action) is not int or action not in self.actions() + [1, -1]:
            return Refusal(Code.MALFORMED, f"{action!r} is not a step")
        if action not in self.actions():
            return Refusal(Code.STUCK, "stuck")
        return None

    def play(self, action: int) -> tuple[Counter, str]:
        if self.unset:
            rest = self.unset[1:]
            return replace(self, unset=rest, to_play=rest[0] if rest else self.to_play.opponent), "set"
        return replace(self, value=self.value + action, to_play=self.to_play.opponent), f"{action:+d}"

    def passed(self) -> Counter:
        return replace(self, to_play=self.to_play.opponent)

    def winner(self, mover: Player) -> tuple[Player, Ending] | None:
        return (mover, End.GOAL) if self.value == self.goal else None


@dataclass(frozen=True)
class Options(TurnOptions):
    pass


class State(TurnState[Counter, int, str, Options]):
    def seat(self, player: str) -> TurnSeat[Counter, Options]:
        return TurnSeat(*self.seat_of(player))


def game(**position) -> State:
    position.setdefault("value", 0)
    position.setdefault("to_play", RED)
    return State.from_position(Counter(**position), Options())


def kinds(actions) -> list:
    # Resign(), Pass() and AcceptDraw() are empty NamedTuples, all equal to (): compare types.
    return [a if isinstance(a, int) else type(a).__name__ for a in actions]


def test_players_alternate_from_the_starting_player_and_turns_count_every_action():
    state = game(to_play=WHITE)
    assert state.to_play is WHITE
    state.apply(1)
    assert state.to_play is RED
    state.apply(1)
    assert state.turns == 2 and [p.player for p in state.history] == [WHITE, RED]
    assert [p.turn for p in state.history] == [1, 2]
    assert state.history[0].effect == "+1"


def test_legal_actions_list_the_own_moves_and_resigning_is_legal_unlisted():
    state = game()
    assert kinds(state.legal_actions()) == [1, -1]
    assert state.refusal(Resign()) is None


def test_the_pass_is_legal_exactly_when_there_is_no_own_move():
    state = game(stuck=frozenset({WHITE}))
    refusal = state.refusal(Pass())
    assert refusal is not None and refusal.code is Code.MUST_MOVE
    state.apply(1)
    assert kinds(state.legal_actions()) == ["Pass"]
    played = state.apply(Pass())
    assert isinstance(played.action, Pass) and played.effect is None
    assert state.to_play is RED and state.position.value == 1


def test_two_passes_in_a_row_draw():
    state = game(stuck=frozenset({RED, WHITE}))
    state.apply(Pass())
    assert state.outcome is None
    state.apply(Pass())
    assert state.outcome == Outcome(None, End.DOUBLE_PASS, 2)
    assert str(state.outcome) == "draw (two passes) after 2 turns"


def test_a_pass_between_moves_is_no_double_pass():
    state = game(stuck=frozenset({WHITE}))
    for _ in range(3):
        state.apply(1)
        state.apply(Pass())
    assert state.outcome is None


def test_the_third_occurrence_of_a_position_draws_and_the_start_counts_once():
    state = game()  # value 0, Red to move: the first occurrence
    state.apply(1)
    state.apply(-1)
    assert state.outcome is None and state.occurrences() == 2
    state.apply(1)
    assert state.outcome is None and state.occurrences() == 2  # value 1, White to move
    state.apply(-1)
    assert state.outcome == Outcome(None, End.REPETITION, 4)


def test_repetition_counts_the_player_to_move():
    # Value 1 occurs with White to move, then with Red to move, then with White again: only
    # the same player to move makes a repetition.
    state = game(stuck=frozenset({RED}))
    state.apply(Pass())  # 0, White
    state.apply(1)  # 1, Red
    state.apply(Pass())  # 1, White
    state.apply(-1)  # 0, Red: the second time
    assert state.outcome is None and state.occurrences() == 2


def test_a_win_is_checked_before_repetition():
    state = game(goal=1)
    state.apply(1)
    assert state.outcome == Outcome(RED, End.GOAL, 1)
    assert str(state.outcome) == "Red wins (goal) after 1 turn"


def test_a_draw_offer_rides_on_a_move_and_may_be_accepted_right_after():
    state = game()
    played = state.apply(OfferDraw(1))
    assert played.offered_draw and played.action == 1
    assert kinds(state.legal_actions()) == [1, -1, "AcceptDraw"]
    assert state.seat(WHITE).offer and not state.seat(RED).offer
    state.apply(AcceptDraw())
    assert state.outcome == Outcome(None, End.AGREED, 2)


def test_an_offer_lapses_when_the_opponent_plays_on():
    state = game()
    state.apply(OfferDraw(1))
    state.apply(1)
    refusal = state.refusal(AcceptDraw())
    assert refusal is not None and refusal.code is Code.NO_OFFER
    assert kinds(state.legal_actions()) == [1, -1]


@pytest.mark.parametrize("carried", [Pass(), Resign(), AcceptDraw(), OfferDraw(1)])
def test_only_a_move_carries_an_offer(carried):
    refusal = game(stuck=frozenset({RED})).refusal(OfferDraw(carried))
    assert refusal is not None and refusal.code is Code.MALFORMED


def test_an_illegal_move_with_an_offer_is_refused_as_the_move():
    refusal = game().refusal(OfferDraw(5))
    assert refusal is not None and refusal.message == "5 is not a step"


def test_resigning_hands_the_win_to_the_opponent():
    state = game()
    state.apply(1)
    state.apply(Resign())
    assert state.outcome == Outcome(RED, End.RESIGN, 2)
    assert state.outcome.result == "Red"
    assert str(state.outcome) == "Red wins (resignation) after 2 turns"


def test_nothing_is_legal_once_the_game_is_over():
    state = game()
    state.apply(Resign())
    assert state.legal_actions() == [] and state.to_play is None
    for action in (1, Pass(), Resign(), AcceptDraw()):
        refusal = state.refusal(action)
        assert refusal is not None and refusal.code is Code.GAME_OVER
        assert "Red won" in refusal.message or "White won" in refusal.message
    with pytest.raises(IllegalActionError) as caught:
        state.apply(1)
    assert caught.value.refusal.code is Code.GAME_OVER


def test_an_illegal_action_changes_nothing():
    state = game()
    state.apply(OfferDraw(1))
    before = (state.position, list(state.history), state.offer, state.occurrences())
    with pytest.raises(IllegalActionError):
        state.apply(7)
    assert (state.position, state.history, state.offer, state.occurrences()) == before


def test_setups_are_no_turns_and_the_position_after_them_is_the_first_occurrence():
    state = State(Counter(0, RED, unset=(RED, WHITE)), Options())
    assert kinds(state.legal_actions()) == [0]
    for action in (Pass(), Resign(), AcceptDraw(), OfferDraw(0)):
        refusal = state.refusal(action)
        assert refusal is not None and refusal.code is Code.SETTING_UP
    state.apply(0)
    assert state.to_play is WHITE and state.occurrences() == 0
    played = state.apply(0)
    assert played.turn == 0 and state.history == [] and [p.effect for p in state.setups] == ["set", "set"]
    assert state.to_play is RED and state.occurrences() == 1


def test_the_copy_is_independent():
    state = game()
    state.apply(1)
    other = state.copy()
    other.apply(1)
    assert state.turns == 1 and other.turns == 2 and state.occurrences() == 1


def test_a_seat_answers_as_the_state_and_refuses_out_of_turn():
    state = game()
    state.apply(OfferDraw(1))
    white, red = state.seat(WHITE), state.seat(RED)
    assert kinds(white.legal_actions()) == kinds(state.legal_actions())
    assert red.legal_actions() == []
    refusal = red.refusal(1)
    assert refusal is not None and refusal.code is Code.NOT_YOUR_TURN
    assert white.refusal(AcceptDraw()) is None and white.refusal(9) == state.refusal(9)
    assert hash(white) == hash(state.seat(WHITE)) and white == state.seat(WHITE)
    with pytest.raises(IllegalActionError):
        red.random_action(random.Random(1))


def test_random_actions_are_plays_never_resigning_or_draws():
    rng = random.Random(3)
    state = game(stuck=frozenset({WHITE}))
    state.apply(OfferDraw(1))
    assert isinstance(state.random_action(rng), Pass)
    assert isinstance(state.seat(WHITE).random_action(rng), Pass)
    computer = RandomComputer("easy", 7)
    assert isinstance(computer.choose(state.seat(WHITE)), Pass)


def test_a_game_must_name_the_turn_codes_and_the_common_ends():
    class Short(Enum):
        GAME_OVER = 1

    with pytest.raises(TypeError, match="lacks the turn codes"):
        type("Broken", (Counter,), {"codes": Short})

    class Ends(Ending):
        WON = "won"

    with pytest.raises(TypeError, match="lacks the ends"):
        type("Broken", (Counter,), {"endings": Ends})


def test_options_name_the_first_player_and_keep_the_table_keys_out_of_comparisons():
    assert Options(first="White").first is WHITE  # type: ignore[arg-type]
    assert Options(extra={"computer": {"Red": "easy"}}) == Options()
    assert hash(Options(extra={"a": [1]})) == hash(Options())
    with pytest.raises(ValueError):
        Options(first="Blue")  # type: ignore[arg-type]
