"""The box as a whole: the registry imports a game only when asked, every game of it answers to
the kit's protocol, and the picker of index.html lists exactly the games that are seated."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mortar import games

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.cpython_only  # a fresh interpreter
def test_the_registry_imports_no_game_until_one_is_asked_for():
    code = ("import sys, mortar.games as g; e = g.entries(); "
            "print(sorted(m for m in sys.modules if m.startswith('mortar.games.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("entry", games.entries(), ids=lambda e: e.name)
def test_each_game_answers_to_the_kit_and_reads_its_own_records(entry):
    game = games.load(entry.name)
    assert game.name == entry.name and game.title == entry.title
    assert game.record_format.startswith(entry.name + "/")
    assert games.by_format(game.record_format) is game
    state = game.new()
    record = game.record(state)
    assert game.verdict(game.parse_record(__import__("json").loads(record.save()))).status == "ok"
    assert len(game.levels) >= 2


class _Cards(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, str]] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and "game-card" in (a.get("class") or ""):
            self.cards.append({**a, "text": ""})
        elif self.cards and tag == "span" and a.get("class") in ("game-name", "game-blurb"):
            self._in = a["class"]

    def handle_data(self, data):
        if self._in:
            self.cards[-1][self._in] = self.cards[-1].get(self._in, "") + data

    def handle_endtag(self, tag):
        self._in = None


@pytest.mark.cpython_only  # index.html is not in the Pyodide test runner's file system
def test_the_picker_lists_exactly_the_seated_games_and_their_assets_exist():
    parser = _Cards()
    parser.feed((ROOT / "index.html").read_text())
    seated = [e for e in games.entries() if e.seated]
    assert [c["data-game"] for c in parser.cards] == [e.name for e in seated]
    for card, entry in zip(parser.cards, seated):
        assert card["href"] == f"./?game={entry.name}"
        assert card["data-title"] == entry.title == card["game-name"].strip()
        assert " ".join(card["game-blurb"].split()) == entry.blurb
        folder = entry.package.replace(".", "/")
        assert card["data-package"] == folder.rsplit("/", 1)[1]
        for asset in ("game.css", "rules.html", "icon.svg"):
            assert (ROOT / folder / "static" / asset).exists(), (entry.name, asset)
        assert (ROOT / folder / "table" / "__init__.py").exists()
        assert re.fullmatch(r"[a-z][a-z-]*", entry.name)
