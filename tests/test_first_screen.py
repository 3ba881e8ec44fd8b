"""A game's first screen before Python (issue 32, mortar/table/first_screen.py): the screens the
build draws are the ones Python draws for the same start, in every game and every language; the
page's way of picking among them (static/shell.js: the template whose switches hold, the values
chosen so far put into its controls) shows what Python draws after the same choices; what a
person did before Python was ready is done on the table, and nothing of it is lost.

The screens in every language are drawn in a fresh interpreter (this file run as a script), as
the build draws them (tools/prerender.py): a language must be installed before the modules that
keep translated words in constants are imported."""

from __future__ import annotations

import html.parser
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mortar import games
from mortar.table.early import Early, apply
from mortar.table.first_screen import page, start_screen, switches, variants
from mortar.table.html import El, h
from mortar.table.html_text import to_html
from mortar.table.render import render, saved_card_unread
from mortar.table.saves import MemoryStorage

HERE = Path(__file__).resolve().parent
TEMPLATE = re.compile(r'<template data-(when|part)="([^"]*)">(.*?)</template>', re.S)


# --- the page's way of choosing, in Python: what static/shell.js does to the templates ------------


class _Tree(html.parser.HTMLParser):
    """HTML text (as :func:`to_html` writes it) back into an element tree."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.top = El("top", {}, [])
        self.open = [self.top]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        el = El(tag, {k: v or "" for k, v in attrs}, [])
        self.open[-1].children.append(el)
        if tag not in ("input", "br", "img", "hr", "meta", "link"):
            self.open.append(el)

    def handle_endtag(self, tag: str) -> None:
        assert self.open[-1].tag == tag, (self.open[-1].tag, tag)
        self.open.pop()

    def handle_data(self, data: str) -> None:
        self.open[-1].children.append(data)


_PARSED: dict[str, El] = {}


def parsed(text: str) -> El:
    if text not in _PARSED:
        tree = _Tree()
        tree.feed(text)
        tree.close()
        (el,) = tree.top.children
        assert isinstance(el, El)
        _PARSED[text] = el
    return _copy(_PARSED[text])


def _copy(el: El) -> El:
    return El(el.tag, dict(el.attrs), [c if isinstance(c, str) else _copy(c) for c in el.children])


def canonical(node: El | str) -> str:
    """HTML of ``node`` with its attributes in order (the page sets a control's state where the
    renderer writes it in its place) and True written as ``""`` (as HTML text has it)."""
    if isinstance(node, str):
        return to_html(node)
    attrs = "".join(f' {k}="{"" if v is True else v}"' for k, v in sorted(node.attrs.items()))
    return f"<{node.tag}{attrs}>" + "".join(canonical(c) for c in node.children) + f"</{node.tag}>"


def templates(text: str) -> tuple[dict[frozenset[str], str], dict[str, str]]:
    """The file's screens by the switches that hold, and its parts by name."""
    screens: dict[frozenset[str], str] = {}
    parts: dict[str, str] = {}
    for kind, key, inner in TEMPLATE.findall(text):
        if kind == "part":
            parts[key] = inner
        else:
            screens[frozenset(key.split("&")) - {""}] = inner
    return screens, parts


def shown_by_page(text: str, chosen: list[tuple[str, str]]) -> El:
    """The screen static/shell.js shows after ``chosen`` (field, value): the default screen, then at
    each choice the screen whose switches hold, with every value chosen so far put into it."""
    screens, _parts = templates(text)
    every = set().union(*screens)
    values: dict[str, str] = {}
    screen = parsed(screens[frozenset()])

    def holding(node: El) -> frozenset[str]:
        out = set()
        for when in every:
            name, _, value = when.partition("=")
            for el in node.walk():
                control = el.attrs.get("data-arg") == name and el.attrs.get("data-action") == "field"
                on = el.attrs.get("type") != "radio" or "checked" in el.attrs
                if control and on and el.attrs.get("value") == value:
                    out.add(when)
        return frozenset(out)

    def put(node: El) -> None:
        for el in node.walk():
            name = el.attrs.get("data-arg")
            if el.attrs.get("data-action") != "field" or name not in values:
                continue
            if el.attrs.get("type") == "radio":
                el.attrs.pop("checked", None)
                if el.attrs.get("value") == values[name]:
                    el.attrs["checked"] = ""
            else:
                el.attrs["value"] = values[name]

    for name, value in chosen:
        values[name] = value
        put(screen)
        now = holding(screen)
        screen = parsed(screens[now])
        put(screen)
    return screen


# --- the page's table, as mortar/web/main.py seats it ---------------------------------------------


# (The box's modules imported where used: the languages' run imports them afresh for each.)


def seated_as_the_page(kind: Any, storage: Any = None) -> Any:
    from mortar import games
    from mortar.table.saves import MemoryStorage
    from mortar.table.table import Table

    # (a page of its own: it offers play by links, mortar/web/links.py's link_base)
    table = Table(kind, storage if storage is not None else MemoryStorage(), think_budget=0.04,
                  titles={e.name: e.title for e in games.entries()},
                  link_base="https://example.org/games/?game=" + kind.game.name)
    table.restore()
    return table


def drawn(kind: Any, chosen: list[tuple[str, str]]) -> El:
    """What Python draws after the person's ``chosen`` on the start form (a radio's change draws
    the screen again, as mortar/web/events.py does)."""
    from mortar.table.render import render

    table = seated_as_the_page(kind)
    for name, value in chosen:
        table.dispatch("field", name, value)
    return render(table.model(), kind)


def choices_on(kind: Any, screen: El) -> list[tuple[str, str]]:
    """Every choice a person can make on ``screen``: each radio's value, a name or a number typed."""
    out = []
    for el in screen.walk():
        if el.attrs.get("data-action") != "field":
            continue
        name = el.attrs["data-arg"]
        if el.attrs.get("type") == "radio":
            out.append((name, el.attrs["value"]))
        elif el.attrs.get("type") == "number":
            out.append((name, "7"))
        else:
            out.append((name, "Ann <b>&"))
    return out


def compare(lang: str) -> dict[str, Any]:
    """In the installed language: each game's file against what Python draws, screen by screen
    (exactly), and the page's choosing against Python's drawing after each choice on each
    screen (every control, as seen)."""
    from mortar import games
    from mortar.table.first_screen import page, variants
    from mortar.table.render import saved_card_unread

    out: dict[str, Any] = {"lang": lang, "screens": 0, "choices": 0, "differ": []}
    for entry in games.entries():
        if not entry.seated:
            continue
        kind = games.table(entry.name)
        text = page(kind)
        screens, parts = templates(text)
        for variant in variants(kind):
            want = to_html(drawn(kind, list(variant.choices)))
            out["screens"] += 1
            if screens.get(frozenset(variant.when.split("&")) - {""}) != want:
                out["differ"].append(f"{entry.name} {lang} [{variant.when}]: the file's screen")
            for choice in choices_on(kind, parsed(want)):
                chosen = [*variant.choices, choice]
                out["choices"] += 1
                if canonical(shown_by_page(text, chosen)) != canonical(drawn(kind, chosen)):
                    out["differ"].append(f"{entry.name} {lang} [{variant.when}] then {choice}")
        if parts.get("saved") != to_html(saved_card_unread()):
            out["differ"].append(f"{entry.name} {lang}: the saved card")
    return out


def every_language() -> list[dict[str, Any]]:
    sys.path.insert(0, str(HERE.parent / "tools"))
    import prerender

    results = []
    for lang in prerender.languages():
        prerender.fresh()
        prerender.install(lang)
        results.append(compare(lang))
    return results


@pytest.mark.cpython_only
def test_the_first_screen_is_what_python_draws_in_every_game_and_language():
    run = subprocess.run([sys.executable, __file__], capture_output=True, text=True, timeout=300,
                         cwd=HERE.parent, env={**os.environ, "PYTHONPATH": str(HERE.parent)})
    assert run.returncode == 0, run.stderr[-3000:]
    results = json.loads(run.stdout)
    assert [r["lang"] for r in results] == ["en", "cs", "sk", "sr-Latn", "de", "sr"]
    for r in results:  # 2 screens a game at least (two people, the computer), every choice on each
        assert r["screens"] >= 2 * len(games.entries()) and r["choices"] > 10 * r["screens"], r
    assert [d for r in results for d in r["differ"]] == []


# --- the check itself --------------------------------------------------------------------------


def test_the_check_sees_a_screen_the_page_would_not_show():
    kind = games.table("mortar-hunt")
    text = page(kind)
    chosen = [("name-A", "Ann"), ("opponent", "computer")]
    assert canonical(shown_by_page(text, chosen)) == canonical(drawn(kind, chosen))
    # the two people's form where the computer's should be
    swapped = (text.replace('data-when="opponent=computer"', 'data-when="-"')
               .replace('data-when=""', 'data-when="opponent=computer"')
               .replace('data-when="-"', 'data-when=""'))
    assert canonical(shown_by_page(swapped, chosen)) != canonical(drawn(kind, chosen))
    # a value put into another control
    assert canonical(shown_by_page(text, [("name-A", "Ann")])) != canonical(drawn(kind, [("name-B", "Ann")]))


def test_every_game_has_the_computer_switch_and_its_own():
    assert switches(games.table("mortar-hunt")) == (("opponent", "computer"), ("opponent", "remote"),
                                                    ("limit", "custom"))
    assert switches(games.table("four-circles")) == (("opponent", "computer"), ("opponent", "remote"))
    assert [v.when for v in variants(games.table("marsal-a-spion"))] == [
        "", "limit=custom", "opponent=remote", "opponent=remote&limit=custom", "opponent=computer",
        "opponent=computer&limit=custom"]


def test_the_saved_card_before_the_save_is_read_has_the_real_cards_heading_and_button():
    kind = games.table("mortar-hunt")
    storage = MemoryStorage()
    first = seated_as_the_page(kind, storage)
    assert first.dispatch("new-game")
    table = seated_as_the_page(kind, storage)
    assert table.screen == "curtain"
    table.dispatch("menu")
    screen = render(table.model(), kind)
    (start,) = screen.find(class_="start")
    card = start.children[0]
    assert isinstance(card, El) and card.attrs["class"] == "card saved"
    placeholder = saved_card_unread()
    assert [to_html(c) for c in placeholder.children] == [
        to_html(c) for c in card.children if isinstance(c, El) and c.tag != "p"]


# --- HTML text of a tree -----------------------------------------------------------------------


def test_html_text_escapes_text_and_values_and_adds_nothing():
    tree = h("p", {"class": "x", "title": 'a "b" <c> & d', "hidden": True},
             "1 < 2 & <script>", h("span", None, "é"), h("input", {"value": ""}))
    assert to_html(tree) == ('<p class="x" title="a &quot;b&quot; &lt;c&gt; &amp; d" hidden="">'
                             '1 &lt; 2 &amp; &lt;script&gt;<span>é</span><input value=""></p>')
    assert canonical(parsed(to_html(tree))) == canonical(tree)


@pytest.mark.parametrize("tree", [
    h("p", None, h("span", None, h("div", None, "x"))),
    h("button", None, h("button", None)),
    h("a", {"href": "#"}, h("span", None, h("a", {"href": "#"}))),
    h("div", {"style": {"--cols": "3"}}),
    El("input", {}, ["x"]),
], ids=["div in p", "button in button", "a in a", "style", "void with children"])
def test_html_text_refuses_what_would_not_parse_back(tree):
    with pytest.raises(ValueError):
        to_html(tree)


# --- what was done before Python, done on the table -----------------------------------------------


def test_nothing_done_leaves_the_table_as_restored():
    kind = games.table("mortar-hunt")
    storage = MemoryStorage()
    assert seated_as_the_page(kind, storage).dispatch("new-game")
    table = seated_as_the_page(kind, storage)
    apply(table, Early())
    assert table.screen == "curtain"  # a saved game resumes at its curtain, as on any reload
    fresh = seated_as_the_page(kind)
    apply(fresh, Early())
    assert to_html(render(fresh.model(), kind)) == to_html(start_screen(kind))


def test_choices_and_start_made_before_python_begin_the_game_chosen():
    kind = games.table("mortar-hunt")
    table = seated_as_the_page(kind)
    table.rng = random.Random(1)
    apply(table, Early((("opponent", "computer"), ("name-A", "Ann"), ("level", "hard"),
                        ("side", "second"), ("limit", "custom"), ("custom-limit", "9")), "new-game"))
    assert table.screen != "start"
    assert table.facts.computer == {"A": "hard"} and table.playing is not None
    assert table.playing.names == {"B": "Ann", "A": None}
    assert table.playing.form["limit"] == "custom" and table.playing.form["custom-limit"] == "9"


def test_choices_made_over_a_saved_game_bring_the_start_screen_back_and_start_asks_first():
    kind = games.table("four-circles")
    storage = MemoryStorage()
    assert seated_as_the_page(kind, storage).dispatch("new-game")
    saved = storage.data["four-circles/save"]
    table = seated_as_the_page(kind, storage)
    assert table.screen != "start"
    apply(table, Early((("opponent", "computer"), ("level", "easy")), "new-game"))
    assert table.screen == "start" and table.form.confirm_replace  # one tap never loses a game
    assert table.form.opponent == "computer" and table.form.level == "easy"
    assert storage.data["four-circles/save"] == saved
    typed = seated_as_the_page(kind, storage)
    apply(typed, Early((("name-Red", "Ann"),)))
    assert typed.screen == "start" and typed.form.names["Red"] == "Ann"
    assert typed.saved_summary() is not None  # its card says what is saved


def test_resume_pressed_before_python_resumes_and_says_so_when_nothing_is_saved():
    kind = games.table("four-circles")
    storage = MemoryStorage()
    assert seated_as_the_page(kind, storage).dispatch("new-game")
    table = seated_as_the_page(kind, storage)
    screen = table.screen
    apply(table, Early((("level", "hard"),), "resume"))
    assert table.screen == screen != "start"
    empty = seated_as_the_page(kind)
    apply(empty, Early((("level", "hard"),), "resume"))
    assert empty.screen == "start" and empty.notice and empty.form.level == "hard"


if __name__ == "__main__":
    print(json.dumps(every_language(), ensure_ascii=False, indent=1))
