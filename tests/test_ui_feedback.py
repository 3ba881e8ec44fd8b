"""mortar/web/feedback.py: the Python entry points of sound, vibration and motion. The effects
themselves live in static/shell.js (window.mortarFeedback); here a stand-in records the calls."""

from __future__ import annotations

import inspect
import sys
import types

import pytest

from mortar.games.mortar_hunt.notation import Square
from mortar.web import feedback


class Recorder:
    def __init__(self, fail: bool = False) -> None:
        self.calls: list[tuple] = []
        self.fail = fail
        self.muted = False

    def __getattr__(self, name):
        def method(*args):
            self.calls.append((name, *args))
            if self.fail:
                raise RuntimeError("effect failed")
            if name == "isMuted":
                return self.muted
            return None
        return method


def _install(monkeypatch, fx) -> None:
    """A stand-in ``js`` module whose window has ``mortarFeedback`` (or not, when None)."""
    window = types.SimpleNamespace() if fx is None else types.SimpleNamespace(mortarFeedback=fx)
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(window=window))


@pytest.fixture
def page(monkeypatch):
    fx = Recorder()
    _install(monkeypatch, fx)
    return fx


def test_sounds(page):
    feedback.fire()
    feedback.impact(True)
    feedback.impact(False)
    feedback.win()
    feedback.lose()
    assert page.calls == [("play", "fire"), ("play", "hit"), ("play", "miss"), ("play", "win"),
                          ("play", "lose")]


def test_motion_takes_squares_by_their_names_on_the_board(page):
    board = object()
    feedback.animate_shot(board, "C3", Square.parse("C7"))  # a game's square: its name
    feedback.animate_impact(board, "C7", True)
    feedback.shot(board, "C3", "C7", hit=False)
    feedback.shot(board, "C3", "C7")
    assert page.calls == [("flight", board, "C3", "C7"), ("impact", board, "C7", True),
                          ("shot", board, "C3", "C7", False), ("shot", board, "C3", "C7", None)]


def test_landed_is_the_impact_only(page):
    board = object()
    feedback.landed(board, "E2", hit=True)
    assert page.calls == [("play", "hit"), ("impact", board, "E2", True)]


def test_mute_switch(page):
    assert feedback.muted() is False
    page.muted = True
    assert feedback.muted() is True
    feedback.set_muted(False)
    assert page.calls[-1] == ("setMuted", False)


def test_a_failing_effect_never_reaches_the_game(monkeypatch):
    fx = Recorder(fail=True)
    _install(monkeypatch, fx)
    feedback.shot(object(), "C3", "C7", hit=True)
    feedback.win()
    assert feedback.muted() is False
    assert len(fx.calls) == 3


def test_before_the_page_script_nothing_happens(monkeypatch):
    _install(monkeypatch, None)
    feedback.fire()
    feedback.landed(object(), "C3", hit=False)
    assert feedback.muted() is False


def test_no_effect_can_be_told_which_piece_fired():
    # R12: the API never receives the firing piece, its number or its kind
    for name, fn in inspect.getmembers(feedback, inspect.isfunction):
        if fn.__module__ != feedback.__name__ or name.startswith("_"):
            continue
        params = set(inspect.signature(fn).parameters)
        assert not params & {"piece", "number", "kind", "type", "type_name", "player"}, (name, params)
