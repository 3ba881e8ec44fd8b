"""No English is drawn that was never marked for translation: every game of the box (and the
test-only game) played through its screens in a pseudo-language that wraps each translated string
in ⟦ ⟧, and every text and label drawn, and every announcement, checked for words outside them.

The screens are drawn in a fresh interpreter (this file run as a script): the pseudo-language
must be installed before the modules that keep translated words in constants are imported."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.cpython_only

HERE = Path(__file__).resolve().parent
# Attributes a person reads or hears.
READ = ("aria-label", "aria-description", "aria-roledescription", "title", "alt", "placeholder",
        "data-say")
# What may stand outside the markers: the games' notation (squares "C3", "K9"; Mortar Hunt's
# facings "C3/NE"), the players' names the test gives, numbers and punctuation.
NOTATION = re.compile(r"\b(?:[A-Z]{1,2}\d{1,2}(?:/[NSEW]{1,2})?|[NSEW]{1,2}|Ω|Ψ)\b")


class Pseudo:
    """A catalogue that marks every string it translates."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, one: str, many: str, n: int) -> str:
        return f"⟦{one if n == 1 else many}⟧"


def bare(text: str) -> str:
    """What of ``text`` lies outside every ⟦ ⟧ and is not notation."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    return " ".join(re.findall(r"[^\W\d_]{2,}", NOTATION.sub(" ", text)))


def leftovers(tree: Any, announce: list[str]) -> set[str]:
    found = set()
    texts = [*announce]
    for el in tree.walk():
        texts += [str(v) for k, v in el.attrs.items() if k in READ and v not in (None, True, False)]
        texts += [c for c in el.children if isinstance(c, str)]
    for text in texts:
        if bare(text):
            found.add(text.strip())
    return found


def play_every_screen() -> dict[str, list[str]]:
    """Each game of the box, its screens in the pseudo-language: the start form, the curtain, a few turns, the
    resignation, the review; the bare English each drew."""
    from mortar.table import words

    words.install(Pseudo())
    sys.path.insert(0, str(HERE))
    import test_table_contract as suite

    from mortar.table.render import render

    out: dict[str, list[str]] = {}
    for case in suite.VARIANTS:
        if case.entry is suite.TEST_GAME:  # the test-only game: its words are no one's
            continue
        found: set[str] = set()

        def look(table: Any, found: set[str] = found) -> None:
            model = table.model()
            said = [model.get("announce") or "", model.get("notice") or ""]
            found.update(leftovers(render(model, table.kind), said))

        table, _ = suite.seated(case)
        look(table)
        first, second = case.kind.game.players
        table.dispatch("field", "name-" + first, "Ω")
        table.dispatch("field", "name-" + second, "Ψ")
        for name, value in case.values:
            table.dispatch("field", name, value)
        table.dispatch("new-game")
        driver = suite.Driver(case)
        for _ in range(8):
            look(table)
            if table.screen == "over":
                break
            if table.screen == "curtain":
                table.dispatch("reveal")
                look(table)
            driver.act(table)
        if table.screen != "over":
            look(table)
            if table.screen == "curtain":
                table.dispatch("reveal")
            table.dispatch("resign")
            look(table)
            if table.screen == "play":
                table.dispatch("resign-confirm")
        look(table)
        table.dispatch("replay", "first")
        look(table)
        out[case.id] = sorted(set(out.get(case.id, [])) | found)
    return out


def test_every_string_drawn_is_marked_for_translation():
    run = subprocess.run([sys.executable, __file__], capture_output=True, text=True, timeout=300,
                         cwd=HERE.parent)
    assert run.returncode == 0, run.stderr[-3000:]
    found = json.loads(run.stdout)
    assert found.keys() >= {"mortar-hunt", "marsal-a-spion", "four-circles"}
    assert {game: texts for game, texts in found.items() if texts} == {}


def test_the_check_sees_bare_english():
    assert bare("⟦Turn⟧ 3: C3/NE") == ""
    assert bare("⟦⟦Red⟧ wins⟧, Ω") == ""
    assert bare("⟦Turn⟧ 3 of 28") == "of"


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent))
    print(json.dumps(play_every_screen(), ensure_ascii=False, indent=1))
