"""The way out when the trimmed standard library lacks a module: fetch the full one and retry.

`make dist` ships a python_stdlib.zip holding only the modules the game, Pyodide and PyScript
import (tools/stdlib_trim.py), with ``stdlib-trimmed.txt`` inside naming the modules left out,
and the full library beside it. main.py installs ``FullLibraryFinder`` before anything else
imports: the first import of a left-out module fetches the full library (synchronously: an
import cannot wait), after which that import and every later one of a left-out module succeed.
Each such miss is reported once on the console and in ``<html data-stdlib-fallback>`` (the e2e
tests fail on it: the list should have had it).

Offline, the synchronous request fails (Chromium does not pass synchronous requests to the
service worker): that import fails, and the page reloads once (every confirmed action is
saved); at the next start ``install`` first takes the full library from the service worker's
cache (an asynchronous fetch, which it does serve), so the same import then succeeds.

Loaded by path from main.py (not as ``mortar.web.fallback``, which would import the mortar
package first), so it imports nothing but the interpreter's own start-up modules.
"""

from __future__ import annotations

import codecs
import sys
import zipimport
from collections.abc import Callable, Sequence

TYPE_CHECKING = False  # (mypy reads it as typing's; typing itself is not imported at start-up)
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

# Written by tools/pyc.mjs into the trimmed zip: the left-out modules, separated by spaces.
INDEX = "stdlib-trimmed.txt"
# The full library, relative to the page (tools/dist.py ships it there).
FULL_LIBRARY = "static/vendor/pyodide/python_stdlib_full.zip"
WARNING = "The box: {name} is not in the trimmed standard library; loaded it from the full one"
# sessionStorage: "needed" (reloaded to fetch the full library first), "failed" (no more reloads)
RELOAD_FLAG = "box-full-stdlib"
ARCHIVE = "/tmp/python_stdlib_full.zip"


class FullLibraryFinder:
    """A meta path finder for the left-out modules: their specs come from the full library,
    which ``fetch`` returns (bytes of the zip) the first time one is asked for."""

    def __init__(self, missing: frozenset[str], fetch: Callable[[], bytes], archive: str,
                 report: Callable[[str], None] = lambda name: None,
                 on_failure: Callable[[], None] = lambda: None) -> None:
        self.missing = missing
        self.fetch = fetch
        self.archive = archive  # where the fetched zip is written
        self.report = report
        self.on_failure = on_failure
        self.loaded = False
        self.fetching = False  # an import while fetching is not ours to answer
        self.failed: str | None = None
        self.misses: list[str] = []

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in self.missing or self.failed is not None or self.fetching:
            return None
        if not self.loaded:
            self.fetching = True
            try:
                data = self.fetch()
                with open(self.archive, "wb") as f:
                    f.write(data)
            except Exception as exc:  # offline: the import fails as it would (on_failure may reload)
                self.failed = f"{type(exc).__name__}: {exc}"
                self.on_failure()
                return None
            finally:
                self.fetching = False
            self.loaded = True
        parent, _, _ = fullname.rpartition(".")
        where = self.archive + ("/" + parent.replace(".", "/") if parent else "")
        spec = zipimport.zipimporter(where).find_spec(fullname, target)
        if spec is not None and fullname not in self.misses:
            self.misses.append(fullname)
            self.report(fullname)
        return spec


def left_out(stdlib_zip: str) -> frozenset[str]:
    """The names in the trimmed zip's index (empty for a full library: nothing to do)."""
    try:
        data = zipimport.zipimporter(stdlib_zip).get_data(INDEX)
    except OSError:
        return frozenset()
    return frozenset(data.decode("utf-8").split())


def insert(finder: FullLibraryFinder) -> None:
    """Right after the path finder (Pyodide's own finders behind it raise for package names)."""
    from importlib.machinery import PathFinder

    at = next((i + 1 for i, f in enumerate(sys.meta_path) if f is PathFinder), len(sys.meta_path))
    sys.meta_path.insert(at, finder)


def fetch_sync(url: str) -> bytes:
    """GET ``url`` as bytes with a synchronous XMLHttpRequest (binary through the x-user-defined
    charset: byte b arrives as U+0000+b or U+F700+b, so the low byte of each UTF-16 unit; the
    codec function itself, as the codec registry would import encodings.utf_16_le, left out)."""
    from js import XMLHttpRequest

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise OSError(f"HTTP {request.status} for {url}")
    text: str = request.responseText
    return codecs.utf_16_le_encode(text)[0][::2]


async def fetch_async(url: str) -> bytes:
    """GET ``url`` as bytes with fetch() (which the service worker answers from its cache)."""
    import js

    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"HTTP {response.status} for {url}")
    data: bytes = (await response.arrayBuffer()).to_bytes()
    return data


async def install() -> FullLibraryFinder | None:
    """In the browser: install the finder if the standard library on sys.path is trimmed (and,
    after a reload for a miss the synchronous request could not serve, fetch the library first)."""
    import js

    stdlib = next((p for p in sys.path if p.endswith(".zip")), None)
    missing = left_out(stdlib) if stdlib else frozenset()
    if not missing:
        return None
    url = js.URL.new(FULL_LIBRARY, js.document.baseURI).href
    try:  # a third-party or sandboxed frame has no storage: then no reload either
        storage = js.sessionStorage
        flag = storage.getItem(RELOAD_FLAG)
    except Exception:
        storage, flag = None, None

    def report(name: str) -> None:
        js.console.warn(WARNING.format(name=name))
        root = js.document.documentElement
        seen = root.getAttribute("data-stdlib-fallback")
        root.setAttribute("data-stdlib-fallback", f"{seen} {name}" if seen else name)

    def reload_for_it() -> None:
        if storage is not None and storage.getItem(RELOAD_FLAG) != "failed":
            js.console.warn("The box: the full standard library could not be fetched; reloading")
            storage.setItem(RELOAD_FLAG, "needed")
            js.location.reload()

    finder = FullLibraryFinder(missing, lambda: fetch_sync(url), ARCHIVE, report, reload_for_it)
    if flag == "needed":
        try:
            data = await fetch_async(url)
            with open(ARCHIVE, "wb") as f:
                f.write(data)
            finder.loaded = True
            storage.removeItem(RELOAD_FLAG)
        except Exception as exc:  # no way to the full library: imports fail as they would
            finder.failed = f"{type(exc).__name__}: {exc}"
            storage.setItem(RELOAD_FLAG, "failed")
    insert(finder)
    return finder
