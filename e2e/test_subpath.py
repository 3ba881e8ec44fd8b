"""The deployable build (`make dist`): one self-contained folder that works under any sub-path
of any plain static server (issue 4, "Deploy anywhere")."""

# ruff: noqa: F811  (pytest fixtures imported from distsite are redefined as arguments)

from __future__ import annotations

import gzip
import json
import re
import zipfile

from distsite import (  # noqa: F401  (fixtures)
    GAME,
    SUBPATH,
    dist,
    dist_build,
    driver,
    play_setup_and_turn,
    serve_dir,
    wait_ready,
    watch,
)


def test_dist_folder_is_complete_and_relative(dist_build):
    out = dist_build.out
    files = dist_build.files
    # exactly the files the game loads, plus the manifest, icons and rules
    for path in ("index.html", "pyscript.toml", "main.py", "py/core.zip", "py/games/mortar-hunt.zip",
                 "static/boot.js", "static/box.css", "static/vendor/pyodide/pyodide.asm.wasm",
                 "static/vendor/pyscript/core.js", "static/manifest.webmanifest",
                 "static/icons/icon-512.png", "mortar/games/mortar_hunt/static/rules.html",
                 "mortar/games/mortar_hunt/static/game.css"):
        assert path in files, path
    assert not any("codemirror" in p or "xterm" in p or "py-editor" in p for p in files)
    assert not (out / "static" / "sw.js").exists() and (out / "sw.js").exists()
    # every URL in the HTML is relative (the build refuses otherwise)
    index = (out / "index.html").read_text()
    assert f'<meta name="mortar-build" content="{dist_build.version}">' in index
    assert not re.search(r"""(src|href)=["'](/|https?:)""", index)
    toml = (out / "pyscript.toml").read_text()
    assert 'interpreter = "./' in toml
    # the service worker knows this release: its version and every file with its hash
    sw = (out / "sw.js").read_text()
    build = json.loads(re.search(r"^const BUILD = (.*);$", sw, re.M).group(1))
    assert build["version"] == dist_build.version
    assert set(build["files"]) == set(files)
    assert all(files[p].startswith(h) for p, h in build["files"].items())
    # a game's files are cached when it is played; the box's at once
    # (and a language's: its catalogues, and the games' rules pages and first screens in it)
    assert set(build["lazy"]) == {p for p in files
                                  if p.startswith(("py/games/", "py/lang/", "py/start/", "mortar/games/"))
                                  and not p.endswith("/static/icon.svg")}  # (the picker's: the box's)
    assert "mortar/games/mortar_hunt/static/rules.de.html" in build["lazy"]
    assert "py/core.zip" not in build["lazy"] and "py/games/mortar-hunt.zip" in build["lazy"]
    # the Python imported at start is compiled (tools/pyc.mjs): the stdlib modules of
    # tools/stdlib-startup.txt without their sources, the game's package with them; the
    # standard library is trimmed to tools/stdlib-keep.txt, the full one beside it
    with zipfile.ZipFile(out / "static/vendor/pyodide/python_stdlib.zip") as z:
        names = set(z.namelist())
        left_out = z.read("stdlib-trimmed.txt").decode().split()
    assert "json/__init__.pyc" in names and "json/__init__.py" not in names
    assert "tomllib/__init__.py" not in names and "tomllib" in left_out  # not imported by the game
    with zipfile.ZipFile(out / "static/vendor/pyodide/python_stdlib_full.zip") as z:
        assert "tomllib/__init__.py" in z.namelist()
    lock = json.loads((out / "static/vendor/pyodide/pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"].startswith("3.")
    with zipfile.ZipFile(out / "py/games/mortar-hunt.zip") as z:
        names = set(z.namelist())
    assert "mortar/games/mortar_hunt/game.pyc" in names and "mortar/table/table.pyc" not in names
    # bytecode only
    assert not any(n.endswith(".py") for n in names)
    with zipfile.ZipFile(out / "py/core.zip") as z:
        names = set(z.namelist())
    assert "mortar/table/table.pyc" in names and not any("mortar_hunt" in n for n in names)
    assert "mortar/kit/cli.pyc" not in names  # the command line never ships in a page
    # precompressed copies are the same bytes
    wasm = "static/vendor/pyodide/pyodide.asm.wasm"
    assert "gzip" in dist_build.compressed[wasm]
    assert gzip.decompress((out / (wasm + ".gz")).read_bytes()) == (out / wasm).read_bytes()


def test_absolute_or_missing_urls_are_refused():
    present = {"index.html", "static/app.css"}
    html = '<link href="./static/app.css"><script src="/static/x.js"></script><a href="./nope.html">'
    problems = dist.check_relative(html, "index.html", "", present)
    assert len(problems) == 2
    assert "not a relative URL" in problems[0] and "not in the build" in problems[1]
    assert dist.check_relative('<a href="https://example.org/">', "x", "", present)


def test_precompressed_files_follow_accept_encoding(dist_build, serve_dir):
    import urllib.request

    site = serve_dir(dist_build.out, SUBPATH)
    url = site.url + "static/vendor/pyodide/pyodide.asm.mjs"
    plain = urllib.request.urlopen(url).read()
    req = urllib.request.Request(url, headers={"Accept-Encoding": "br;q=0, gzip"})
    with urllib.request.urlopen(req) as resp:
        assert resp.headers["Content-Encoding"] == "gzip"
        assert resp.headers["Content-Type"].startswith("text/javascript")
        assert resp.headers["Vary"] == "Accept-Encoding"
        assert gzip.decompress(resp.read()) == plain
    with urllib.request.urlopen(site.url + "static/manifest.webmanifest") as resp:
        assert resp.headers["Content-Type"] == "application/manifest+json"


def test_plays_a_turn_under_a_sub_path_of_a_plain_static_server(browser, dist_build, serve_dir):
    site = serve_dir(dist_build.out, SUBPATH, plain=True)  # tools/serve.py: no compression
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log = watch(page, site.origin)
    page.goto(site.url + GAME, wait_until="domcontentloaded")
    wait_ready(page)
    result = play_setup_and_turn(driver(page))
    assert result
    # every request stayed inside the sub-path
    assert log.requests and all(u.startswith(site.url) for u in log.requests), log.requests
    log.assert_clean()
    # the rules page, and back to the game
    page.goto(site.url + "mortar/games/mortar_hunt/static/rules.html")
    page.get_by_role("link", name="Back to the game").click()
    page.wait_for_url(site.url + GAME)
    wait_ready(page)
    log.assert_clean()
    context.close()
