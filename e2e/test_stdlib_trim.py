"""The trimmed standard library (issue 11). Every e2e page runs on it (e2e/conftest.py fails a
test whose page had to fetch a left-out module); here: the list is current, and a module
missing anyway is fetched from the full library, once, and the game plays on."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

import pytest

from conftest import RECORD_STDLIB
from ui_driver import Driver

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import dist  # noqa: E402
import stdlib_trim  # noqa: E402

A_SETUP = ["C2/N", "E2/N", "G2/N"]
B_SETUP = ["C7/S", "E7/S", "G7/S"]


def test_keep_list_is_current():
    """What mortar/ imports, transitively through Pyodide's 3.14 sources, plus the measured
    modules: exactly tools/stdlib-keep.txt (the unit test skips this without the zip)."""
    lib = stdlib_trim.Stdlib(stdlib_trim.stdlib_zip())
    reached = stdlib_trim.closure(stdlib_trim.mortar_imports(lib), lib)
    keep = set(stdlib_trim.read_list(stdlib_trim.KEEP))
    assert reached <= keep, f"{sorted(reached - keep)}: run python tools/stdlib_trim.py"
    assert stdlib_trim.KEEP.read_text() == stdlib_trim.keep_text(stdlib_trim.keep_set(lib))


def test_the_trimmed_library_holds_the_list_and_names_the_rest():
    with zipfile.ZipFile(dist.trimmed_stdlib(log=lambda *a: None)) as z:
        names = set(z.namelist())
        index = set(z.read("stdlib-trimmed.txt").decode().split())
    keep = stdlib_trim.read_list(stdlib_trim.KEEP)
    lib = stdlib_trim.Stdlib(stdlib_trim.stdlib_zip())
    for module in keep:
        entry = lib.entries[module]
        assert entry in names or entry + "c" in names, module
    assert index == set(lib.entries) - set(keep)
    assert "json/__init__.pyc" in names and "json/__init__.py" not in names  # compiled
    assert "tomllib/__init__.py" not in names and "tomllib" in index  # left out


# Python run in the game's page after it is ready: modules the trimmed library left out (a
# module, and a module of a package that it keeps), as a new feature of the game would import.
IMPORTS_LEFT_OUT = """
import js
import tomllib
import json.tool
js.document.documentElement.setAttribute("data-e2e-toml", str(tomllib.loads("a = 3")["a"]))
js.document.documentElement.setAttribute("data-e2e-tool", json.tool.__name__)
"""


@pytest.mark.skipif(bool(RECORD_STDLIB), reason="recording: the pages get the full library, and"
                    " this test's imports are not the game's")
def test_a_missing_module_is_fetched_from_the_full_library_and_the_game_plays_on(open_game):
    full_gets = []
    g = open_game(before_goto=lambda context, page: page.on(
        "request", lambda r: "python_stdlib_full.zip" in r.url and full_gets.append(r.url)))
    g.allow_stdlib_fallback = True
    page = g.page
    assert page.get_attribute("html", "data-stdlib-fallback") is None and full_gets == []
    page.evaluate("""(code) => {
        const s = document.createElement("script");
        s.type = "py";
        s.textContent = code;
        document.body.append(s);
    }""", IMPORTS_LEFT_OUT)
    page.wait_for_selector("html[data-e2e-tool]", state="attached", timeout=30_000)
    assert page.get_attribute("html", "data-e2e-toml") == "3"
    assert page.get_attribute("html", "data-e2e-tool") == "json.tool"
    # tomllib's own modules come with its package (found through its __path__ in the full
    # library); what it imports from elsewhere (datetime) is reported too
    missed = page.get_attribute("html", "data-stdlib-fallback").split()
    assert missed[0] == "tomllib" and "json.tool" in missed and "tomllib._parser" not in missed
    assert len(full_gets) == 1  # fetched once, for all of them
    assert len(g.log.stdlib_fallback) == len(missed)
    assert "tomllib is not in the trimmed standard library" in g.log.stdlib_fallback[0]
    d = Driver(page, name="fallback")
    d.new_game("Alice", "Bob")
    d.place("Alice", A_SETUP)
    d.check_curtain()
    d.place("Bob", B_SETUP)
    d.check_curtain()
    d.reveal("Alice")
    d.wait_screen("turn")
    d.move_by_steps("C2", ["forward"])
    assert "Hit!" in d.fire_at("C7")
    assert g.log.console_errors == [] and g.log.page_errors == []
    assert page.locator("#boot-error").is_hidden()
    g.close()
