"""RULINGS R12: each player's view holds what that player may know, and nothing else."""

import json
import random

from games import new_game, random_game, turn
from mortar.games.mortar_hunt import Loadout, Options, PieceType, Variant, player_view
from mortar.games.mortar_hunt.view import last_enemy_shot

A_START = ["C3/N", "E1/NE", "I2/NW"]
B_START = ["K9/S", "I9/S", "A8/SE"]


def test_view_shows_own_pieces_with_square_facing_type_and_state():
    game = new_game(A_START, B_START, a_types=[PieceType.HM, PieceType.LH, PieceType.HM],
                    b_types=[PieceType.LH] * 3)
    view = player_view(game, "A")
    assert [(p["position"], p["type"], p["alive"]) for p in view["pieces"]] == [
        ("C3/N", "HM", True), ("E1/NE", "LH", True), ("I2/NW", "HM", True)]
    assert view["enemy"] == {"alive": 3, "type": None, "wrecks": []}


def test_view_never_holds_an_enemy_position_facing_or_secret_type():
    game = new_game(A_START, B_START, a_types=[PieceType.HM] * 3, b_types=[PieceType.LH] * 3)
    game.apply(turn(3, "H3/N"))
    game.apply(turn(1, "K8/SW", (1, "F3")))
    text = json.dumps(player_view(game, "A"))
    for secret in ("K8", "I9", "A8", "K9", "SW", "LH"):
        assert secret not in text, secret


def test_public_loadout_is_shown_because_everyone_knows_it():
    game = new_game(A_START, B_START, loadout=Loadout.ALL_HM)
    assert player_view(game, "A")["enemy"]["type"] == "HM"


def test_shots_of_both_sides_with_hit_or_miss_but_not_the_enemy_piece():
    game = new_game(A_START, ["C8/S", "I9/S", "A8/SE"])
    game.apply(turn(3, "H3/N", (1, "C8")))
    game.apply(turn(2, "I8/S", (2, "I3")))
    view = player_view(game, "B")
    assert view["shots"] == [{"turn": 1, "by": "A", "at": "C8", "hit": True},
                             {"turn": 1, "by": "B", "at": "I3", "hit": False, "piece": 2}]
    assert view["lost"] == [{"number": 1, "how": "hit", "turn": 1, "square": "C8"}]
    assert player_view(game, "A")["enemy"]["wrecks"] == [{"square": "C8", "how": "hit", "turn": 1}]
    assert last_enemy_shot(player_view(game, "A")) == {"turn": 1, "by": "B", "at": "I3", "hit": False}
    assert player_view(game, "A")["last_enemy_turn"] == {
        "turn": 1, "shot": "I3", "hit": False, "lost": None, "sacrifice": None, "resigned": False}


def test_obligation_and_skips_are_the_players_own():
    game = new_game(A_START, B_START)
    game.play([turn(3, "H3/N"), turn(1, "K8/S"), turn(3, "H3/NE"), turn(1, "K7/S")])
    assert player_view(game, "A")["must_shoot"] is True
    assert player_view(game, "B")["must_shoot"] is False  # not B's turn
    assert player_view(game, "B")["skips"] == 2


def test_craters_are_public():
    game = new_game(A_START, B_START, Variant.CRATERS)
    game.apply(turn(3, "H3/N", (1, "C8")))
    assert player_view(game, "B")["craters"] == ["C8"]


def test_views_are_plain_json_data_for_many_random_games():
    for seed in range(40):
        game = random_game(random.Random(seed), max_actions=60)
        for player in "AB":
            view = player_view(game, player)
            assert json.loads(json.dumps(view)) == view


def test_game_over_view_has_the_outcome():
    game = new_game(A_START, B_START, turn_limit=1)
    game.play([turn(3, "H3/N"), turn(1, "K8/S")])
    assert player_view(game, "A")["outcome"] == {
        "winner": "draw", "reason": "turn limit", "score": {"A": 0, "B": 0}, "turns": 1}


def test_options_in_view():
    from mortar.games.mortar_hunt import State
    game = State(Options(Variant.CRATERS, 28, Loadout.SECRET))
    assert player_view(game, "A")["options"] == {"variant": "craters", "turn_limit": 28,
                                                 "loadout": "secret"}
    assert player_view(game, "A")["phase"] == "setup"
