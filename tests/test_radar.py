"""The radar (RULINGS R14): deductions from one seat, with the rulebook's worked examples."""

from __future__ import annotations

from games import new_game, sq, turn
from mortar.games.mortar_hunt import Options
from mortar.games.mortar_hunt.computer import origins, radar, word
from mortar.games.mortar_hunt.rules import Loadout


def squares(text: str) -> set:
    return {sq(s) for s in text.split()}


def test_rulebook_origins():
    assert set(origins("A", sq("J7"), Options())) == squares("E2 F3 G4 J2 J3 J4")
    assert set(origins("B", sq("B1"), Options())) == squares("B6 G6")
    # the secret loadout adds the light howitzers' longer reach
    assert set(origins("B", sq("B1"), Options(loadout=Loadout.SECRET))) > squares("B6 G6")


def test_radar_of_the_rulebook_shots():
    game = new_game(["J2/N", "A1/E", "L1/W"], ["B6/S", "L9/W", "A9/E"])
    game.apply(turn(2, "A1/NE", (1, "J7")))  # A fires at J7: a miss
    seat = game.seat("B")
    shown = radar(seat)
    assert set(shown.last_shot.squares) == squares("E2 F3 G4 J2 J3 J4")
    assert shown.last_shot.at == sq("J7") and not shown.last_shot.hit
    game.apply(turn(2, "L9/SW", (1, "B1")))  # B fires at B1
    shown = radar(game.seat("A"))
    assert set(shown.last_shot.squares) == squares("B6 G6")
    assert "B1" in shown.last_shot.text()
    # A's own shot at J7 missed: nothing stood there then; B6/G6 now hold the likeliest squares
    heat = shown.heat
    assert set(heat) == game.seat("A").enemy_half
    assert max(heat, key=heat.get) in squares("B6 G6")
    assert 2.5 < sum(heat.values()) <= 3.0 + 1e-9
    assert word(heat[sq("B6")]) in ("likely", "possible")


def test_exposure_names_the_piece_that_fired():
    game = new_game(["J2/N", "A1/E", "L1/W"], ["B6/S", "L9/W", "A9/E"])
    game.apply(turn(2, "A1/NE", (1, "J7")))
    game.apply(turn(2, "L9/SW"))
    shown = radar(game.seat("A"))
    by_piece = {e.piece: e for e in shown.exposure}
    assert by_piece[1].probability > by_piece[3].probability
    assert "J7" in by_piece[1].reason and "not moved since" in by_piece[1].reason
    assert "has not fired" in by_piece[3].reason
    assert by_piece[3].level == "hidden"
    assert any(line.startswith("piece 1") for line in shown.lines())
