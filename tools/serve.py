"""Plain static file server for the Mortar Hunt site (dev server and e2e test server).

The game is a static site: this only serves files, with MIME types that browsers accept for
ES modules (.mjs), WebAssembly streaming compilation (.wasm) and archives (.zip), and with
no-cache headers so a reload always picks up edited files.

    python tools/serve.py [--host 127.0.0.1] [--port 8000] [--prefix /some/sub/path/] [ROOT]
    python tools/serve.py --build-zip      # only (re)build the py/ archives from mortar/**.py

It also owns the builder of the Python archives (.py files only): ``py/core.zip`` (the kit, the
table, the web layer, the registry), which pyscript.toml unpacks into the browser's Python file
system, and ``py/games/<game>.zip``, one per game, which the page fetches only for the game being
played (mortar/web/main.py). The dev server rebuilds an archive when it is requested and a .py
file it holds is newer, so editing and reloading is enough.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import threading
import zipfile
from pathlib import Path

import i18n
import prerender
from imports import graph, loaded, modules

REPO_ROOT = Path(__file__).resolve().parent.parent

# Explicit types: the stdlib guesses from the platform's mime.types, which may lack .mjs/.wasm.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".mo": "application/octet-stream",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    "": "application/octet-stream",
}

# Fixed timestamp so that the same sources always give byte-identical zips.
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)


# Modules of the command line only (the referee CLI, duels with outside programs): never in a page.
CLI_ONLY = ("mortar/__main__.py", "mortar/kit/cli.py", "mortar/kit/duel.py")
ARCHIVES = "py"  # the Python archives the page loads: py/core.zip, py/games/<game>.zip


def mortar_sources(root: Path = REPO_ROOT) -> list[Path]:
    """The .py files of the mortar package, sorted, without caches."""
    pkg = root / "mortar"
    return sorted(p for p in pkg.rglob("*.py") if "__pycache__" not in p.parts)


def page_sources(root: Path = REPO_ROOT) -> list[Path]:
    """The .py files of the mortar package that a page may import (all but the CLI's)."""
    return [p for p in mortar_sources(root) if p.relative_to(root).as_posix() not in CLI_ONLY]


def game_packages(root: Path = REPO_ROOT) -> dict[str, Path]:
    """Each game's name (its address, as in its record format) -> its package folder."""
    games = root / "mortar" / "games"
    return {p.name.replace("_", "-"): p for p in sorted(games.iterdir())
            if (p / "__init__.py").exists()}


def archive_sources(root: Path = REPO_ROOT) -> dict[str, list[Path]]:
    """Archive path (under py/) -> its .py files, by what each can import (tools/imports.py):
    ``core.zip`` holds the web layer with every module it loads (the table's state machine and
    frames, the kit's protocol) and the registry; ``games/<game>.zip`` one game and the modules
    of the kit and the table only some games load (the turn records and the open table of the
    KARO games go into each of theirs), fetched only when that game is played. The command
    line's modules go into none."""
    g = graph(root)
    paths = {name: path for name, path in modules(root).items()
             if path.relative_to(root).as_posix() not in CLI_ONLY}
    web = [n for n in paths if n.split(".")[:2] == ["mortar", "web"]]
    core = loaded(g, [*web, "mortar.games"]) & set(paths)
    out: dict[str, list[Path]] = {"core.zip": sorted(paths[n] for n in core)}
    for name, folder in game_packages(root).items():
        package = ".".join(folder.relative_to(root).parts)
        own = [n for n in paths if n == package or n.startswith(package + ".")]
        out[f"games/{name}.zip"] = sorted(paths[n] for n in (loaded(g, own) & set(paths)) - core)
    return out


def sources_fingerprint(root: Path) -> tuple[tuple[str, int, int], ...]:
    """What the archives are built from, as (path, mtime, size) of every file: changes when a
    source or a catalogue is edited, added or removed."""
    files = [*(root / "mortar").rglob("*.py"), *(root / "locale").glob("*.po")]
    out = []
    for f in sorted(files):
        if "__pycache__" not in f.parts:
            st = f.stat()
            out.append((f.as_posix(), st.st_mtime_ns, st.st_size))
    return tuple(out)


def build_archives(root: Path = REPO_ROOT, force: bool = False) -> dict[str, Path]:
    """Write every archive under ``root/py/`` that is missing or stale, each language's
    catalogues (``lang/<lang>.mo``, ``.json``: tools/i18n.py) and each game's first screen in
    each language (``start/<game>.<lang>.html``: tools/prerender.py); their paths by name."""
    root = Path(root)
    built = {}
    for name, sources in archive_sources(root).items():
        built[name] = _build_zip(root, root / ARCHIVES / name, sources, force)
    built.update(i18n.build(root, root / ARCHIVES / "lang"))
    built.update(prerender.build(root, root / ARCHIVES / prerender.FOLDER))
    return built


def _build_zip(root: Path, out: Path, sources: list[Path], force: bool) -> Path:
    """Write ``out`` (entries ``mortar/...py``) if missing or stale (byte-identical for the same
    sources)."""
    if not sources:
        raise FileNotFoundError(f"no python files for {out.name}")
    if not force and out.exists():
        newest = max([p.stat().st_mtime for p in sources] + [p.parent.stat().st_mtime for p in sources])
        if out.stat().st_mtime >= newest:
            return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for src in sources:
            info = zipfile.ZipInfo(src.relative_to(root).as_posix(), date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, src.read_bytes())
    os.replace(tmp, out)
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with explicit MIME types, no-cache headers and an optional URL prefix."""

    extensions_map = MIME_TYPES
    prefix = "/"  # URL path under which the root directory is mounted
    rebuild_zip = False
    quiet = False
    # URL path (root-relative) -> file served instead. The full standard library's name in a
    # `make dist` build (python_stdlib_full.zip) is the vendored library itself here; the e2e
    # tests also serve the trimmed library as python_stdlib.zip (e2e/conftest.py).
    files: dict[str, Path] = {}
    _zip_lock = threading.Lock()
    _built_from: tuple[tuple[str, int, int], ...] | None = None  # the sources the archives were built from

    def _strip_prefix(self) -> bool:
        """Map a prefixed URL to a root-relative one; False if it is outside the prefix."""
        if self.prefix == "/":
            return True
        path = self.path
        if path == self.prefix.rstrip("/"):
            # /sub/path -> /sub/path/ so that relative URLs resolve inside the site
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return False
        if not path.startswith(self.prefix):
            self.send_error(404, "outside the served prefix")
            return False
        self.path = "/" + path[len(self.prefix) :]
        return True

    def send_head(self):  # noqa: D102 - stdlib override
        if not self._strip_prefix():
            return None
        path = self.path.split("?", 1)[0]
        if path in self.files:
            return self._send_file(self.files[path])
        built = (".zip", ".mo", ".json", ".html")
        if self.rebuild_zip and path.startswith(f"/{ARCHIVES}/") and path.endswith(built):
            with self._zip_lock:
                # Building the archives' import graph takes seconds: only when a source changed
                # since the last build (a stat of each file, a few milliseconds).
                root = Path(self.directory)
                seen = sources_fingerprint(root)
                if seen != Handler._built_from:
                    try:
                        build_archives(root)
                        Handler._built_from = seen
                    except Exception as exc:  # serve the old archive, but say why
                        self.log_message("archive rebuild failed: %s", exc)
        return super().send_head()

    def _send_file(self, file: Path):
        f = open(file, "rb")  # noqa: SIM115 - closed by the caller (copyfile)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(file))
        self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
        self.end_headers()
        return f

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache, no-store, must-revalidate")
        self.send_header("Pragma", "no-cache")
        self.send_header("Expires", "0")
        super().end_headers()

    def guess_type(self, path):
        ext = os.path.splitext(str(path))[1].lower()
        return MIME_TYPES.get(ext, MIME_TYPES[""])

    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    root: Path | str = REPO_ROOT,
    host: str = "127.0.0.1",
    port: int = 0,
    prefix: str = "/",
    rebuild_zip: bool = False,
    quiet: bool = False,
    files: dict[str, Path] | None = None,
) -> http.server.ThreadingHTTPServer:
    """A threading HTTP server for ``root`` (port 0 = a free port; see ``server.server_port``).
    ``files``: URL paths under the prefix (``/static/...``) served from other files."""
    root = Path(root)
    served = {"/static/vendor/pyodide/python_stdlib_full.zip":
              root / "static" / "vendor" / "pyodide" / "python_stdlib.zip", **(files or {})}
    if not prefix.startswith("/"):
        prefix = "/" + prefix
    if not prefix.endswith("/"):
        prefix += "/"
    handler = type(
        "MortarHandler",
        (Handler,),
        {"prefix": prefix, "rebuild_zip": rebuild_zip, "quiet": quiet, "files": served},
    )
    factory = functools.partial(handler, directory=str(root))
    server = http.server.ThreadingHTTPServer((host, port), factory)
    server.daemon_threads = True
    return server


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("root", nargs="?", default=str(REPO_ROOT))
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    ap.add_argument("--prefix", default="/", help="URL path to mount the site at")
    ap.add_argument("--build-zip", action="store_true", help="only build the py/ archives and exit")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    if args.build_zip:
        for name, out in build_archives(root, force=True).items():
            print(f"built {ARCHIVES}/{name} ({out.stat().st_size} bytes)")
        return 0
    server = make_server(root, args.host, args.port, args.prefix, rebuild_zip=True)
    return run(server, root, args.prefix)


def run(server, root, prefix: str, note: str = "") -> int:
    """Print the URL and serve until Ctrl-C."""
    host, port = server.server_address[:2]
    prefix = prefix if prefix.startswith("/") else "/" + prefix
    print(f"Serving {root} at http://{host}:{port}{prefix.rstrip('/')}/  ({note}Ctrl-C to stop)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
