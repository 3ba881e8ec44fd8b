"""Build the deployable site: ``make dist`` -> ``dist/``, one self-contained static folder.

    python tools/dist.py [--out dist] [--no-brotli] [--no-compress]
    python tools/dist.py serve [--port 8001] [--prefix /games/mortar/] [--csp] [DIR]

The folder holds exactly what the box loads (index.html, pyscript.toml, main.py, the Python
archives py/core.zip and py/games/<game>.zip, each game's assets in mortar/games/<game>/static/,
static/ with the vendored Pyodide files and the PyScript chunks the page uses), the web app
manifest and icons, and ``sw.js`` at its root: the service worker, with this release's version
and the SHA-256 of every file written into it (a game's files cached when it is played).
Every URL in the site is relative, so the folder works at a site root or under any sub-path, on
any static host.

The standard library is trimmed to what the game, Pyodide and PyScript import
(tools/stdlib-keep.txt, made by tools/stdlib_trim.py; 0.7 MB as brotli instead of 3.3 MB); the
full library ships beside it as ``python_stdlib_full.zip``, fetched only if a module is ever
missing (mortar/web/fallback.py). The Python the game imports at start (the standard library
modules listed in tools/stdlib-startup.txt, and the py/ archives) is compiled to bytecode by the
vendored Pyodide itself (tools/pyc.mjs, needs Node): the start-up no longer compiles Python
(about 1 s of CPU less). ``pyodide-lock.json`` ships without its package list (the game loads
no package; 22 kB less on the way to interactive).

Precompressed copies (``name.br``, ``name.gz``) sit next to the files that shrink by 10 % or
more, for hosts that serve them (nginx ``gzip_static``/``brotli_static``, Caddy
``file_server { precompressed }``, ``serve`` below). Hosts that do not just ignore them.
Brotli comes from Node's zlib (quality 11; the wasm takes ~20 s, so results are cached in
build/precompressed/ by content hash).

``serve`` is a plain static server for a dist folder that also answers ``Accept-Encoding``
with the precompressed copies, as a production host would; ``--csp`` adds the
Content-Security-Policy header of README.md. ``make bench-web`` and the e2e tests use it.
"""

from __future__ import annotations

import argparse
import fnmatch
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402  (MIME types, the archives' builder, prefix-aware handler)

DEFAULT_OUT = ROOT / "dist"
CACHE_DIR = ROOT / "build" / "precompressed"

TOP_FILES = ["index.html", "pyscript.toml", "main.py"]  # + the py/ archives, built fresh
# The vendored PyScript files the page loads (checked in dev by e2e/test_shell.py): the
# loader, its styles, the core chunk, the TOML parser and the error plugin. The other chunks
# (editor, terminal, py-game...) are plugins pyscript.toml turns off; they stay out of dist.
PYSCRIPT_FILES = ["core.js", "core.css", "LICENSE", "core-*.js", "toml-*.js", "error-*.js"]
# static/ files that are not part of the site as such.
STATIC_EXCLUDE = ["vendor", "sw.js"]

# .zip: the Python zips are built with STORED entries so that one brotli stream compresses
# across modules (a zip of deflated entries does not shrink: MAX_RATIO drops its copies).
COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".wasm", ".toml", ".py", ".svg", ".mo",
                ".webmanifest", ".txt", ".map", ".zip"}
# Python archives shipped compiled to bytecode by the vendored Pyodide (tools/pyc.mjs): at every
# start Pyodide otherwise compiles each module it imports from source (over a second of CPU for
# the standard library). The box's archives ship bytecode only (PYC_ARCHIVE, below).
# The standard library: trimmed to tools/stdlib-keep.txt (tools/stdlib_trim.py); of those, the
# modules the game has imported once it is ready (tools/stdlib-startup.txt, written by
# `python tools/bench_web.py --record-stdlib`) compiled, sourceless and without docstrings;
# the rest as source (bytecode is bigger than source, and they are rarely imported).
STDLIB_LIST = ROOT / "tools" / "stdlib-startup.txt"
KEEP_LIST = ROOT / "tools" / "stdlib-keep.txt"
STDLIB = "static/vendor/pyodide/python_stdlib.zip"
FULL_STDLIB = "static/vendor/pyodide/python_stdlib_full.zip"  # as Pyodide ships it
LOCK = "static/vendor/pyodide/pyodide-lock.json"
PYC_ZIPS = {STDLIB: ("--trim", STDLIB_LIST, KEEP_LIST)}
# py/core.zip, py/games/*.zip: bytecode only. The sources beside it were a third of a game's
# first-visit Python (Mortar Hunt's 285 kB as brotli with them, 203 kB without) and the box
# must stay within 4.0 MB to interactive; a traceback keeps each frame's file, line and
# function (the sources are the repository's at the build's commit). The classes' docstrings
# stay in the bytecode: without one, each dataclass works out its signature for __doc__ at
# import (inspect), which costs more start-up than the few kB they weigh as brotli; the modules'
# and the functions' are left out (nothing in a page reads them: 12-20 kB less per archive).
PYC_ARCHIVE = ("--sourceless", "--stored", "--no-debug-ranges", "--class-docstrings")
MIN_COMPRESS = 1024  # bytes; smaller files gain nothing worth a second request path
MAX_RATIO = 0.9  # keep a compressed copy only when it is at most 90 % of the original

# Content-Security-Policy that the page needs (README.md "Content-Security-Policy"; tested
# by e2e/test_csp.py). 'wasm-unsafe-eval' lets Pyodide compile its WebAssembly; nothing else
# is relaxed: no 'unsafe-eval', no 'unsafe-inline', no other origin.
CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
])

SW_BUILD_LINE = re.compile(r"^const BUILD = .*;.*$", re.M)
META_BUILD = '<meta name="mortar-build" content="{version}">'


@dataclass
class Dist:
    out: Path
    version: str
    files: dict[str, str]  # path -> sha256 hex (every file of the release but sw.js)
    compressed: dict[str, dict[str, int]] = field(default_factory=dict)  # path -> {enc: bytes}

    @property
    def cache_name(self) -> str:
        return "mortar-hunt-" + self.version

    def size(self, path: str) -> int:
        return (self.out / path).stat().st_size


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _sources(root: Path) -> dict[str, Path]:
    """dist path -> source file, for every file of the release except index.html and sw.js."""
    files: dict[str, Path] = {}
    for name in TOP_FILES[1:]:
        files[name] = root / name
    for name, archive in serve.build_archives(root).items():
        files[f"{serve.ARCHIVES}/{name}"] = archive
    # each game's own assets (stylesheet, rules page, icon), beside its package's modules
    for folder in serve.game_packages(root).values():
        for p in sorted((folder / "static").glob("*")):
            if p.is_file() and not p.name.startswith("."):
                files[p.relative_to(root).as_posix()] = p
    static = root / "static"
    for p in sorted(static.rglob("*")):
        rel = p.relative_to(static)
        if not p.is_file() or rel.parts[0] in STATIC_EXCLUDE or "__pycache__" in rel.parts:
            continue
        if p.name.startswith(".") or p.suffix in (".gz", ".br"):
            continue
        files[f"static/{rel.as_posix()}"] = p
    vendor = static / "vendor"
    pyodide = vendor / "pyodide"
    if not (pyodide / "pyodide.mjs").exists():
        raise SystemExit("static/vendor is missing: run `make vendor` first")
    for p in sorted(pyodide.iterdir()):
        if p.is_file() and not p.name.startswith("."):
            files[f"static/vendor/pyodide/{p.name}"] = p
    files[FULL_STDLIB] = pyodide / "python_stdlib.zip"
    for p in sorted((vendor / "pyscript").iterdir()):
        if any(fnmatch.fnmatch(p.name, pat) for pat in PYSCRIPT_FILES):
            files[f"static/vendor/pyscript/{p.name}"] = p
    return files


PICKER_ICON = re.compile(r"mortar/games/[^/]+/static/icon\.svg")  # the picker's card of a game
# under py/: a game's (its archive, its links archive), a language's, or both (a first screen)
LAZY_FOLDERS = ("games", "links", "lang", serve.prerender.FOLDER)


def is_lazy(path: str) -> bool:
    """A file of one game (its archive and links archive, its assets), of one language (its
    catalogues) or of both (a game's first screen in a language): the service worker caches it
    when that game or language is used, not at install (RELEASE in static/sw.js). The games'
    icons are the box's: the picker shows them all, and every page holds the picker (hidden on
    a game's page)."""
    return (path.startswith(tuple(f"{serve.ARCHIVES}/{folder}/" for folder in LAZY_FOLDERS))
            or path.startswith("mortar/games/")) and not PICKER_ICON.fullmatch(path)


_URL_ATTR = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""", re.I)


def check_relative(html: str, where: str, base: str, present: set[str]) -> list[str]:
    """Problems with the URLs of an HTML file: absolute, other origins, or missing in dist."""
    problems = []
    for url in _URL_ATTR.findall(html):
        if url.startswith(("#", "data:", "mailto:")):
            continue
        if re.match(r"^[a-z][a-z0-9+.-]*:|^//|^/", url, re.I):
            problems.append(f"{where}: {url!r} is not a relative URL")
            continue
        target = os.path.normpath(os.path.join(base, url.split("#")[0].split("?")[0]))
        target = "index.html" if target in (".", "") else target.replace(os.sep, "/")
        if target.endswith("/"):
            target += "index.html"
        if target not in present:
            problems.append(f"{where}: {url!r} -> {target} is not in the build")
    return problems


def _node_brotli(jobs: list[tuple[Path, Path]]) -> None:
    """Brotli-compress each (src, dst) with Node's zlib at quality 11."""
    if not jobs:
        return
    script = r"""
const z = require("zlib"), fs = require("fs");
for (const [src, dst] of JSON.parse(process.argv[1])) {
  const b = fs.readFileSync(src);
  const out = z.brotliCompressSync(b, { params: {
    [z.constants.BROTLI_PARAM_QUALITY]: 11,
    [z.constants.BROTLI_PARAM_SIZE_HINT]: b.length,
    [z.constants.BROTLI_PARAM_MODE]: /\.(wasm|zip)$/.test(src) ? z.constants.BROTLI_MODE_GENERIC
                                                               : z.constants.BROTLI_MODE_TEXT,
  } });
  fs.writeFileSync(dst + ".tmp", out);
  fs.renameSync(dst + ".tmp", dst);
}
"""
    node = os.environ.get("NODE", "node")
    subprocess.run([node, "-e", script, json.dumps([[str(s), str(d)] for s, d in jobs])], check=True)


def _gzip(data: bytes) -> bytes:
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9, mtime=0, filename="") as f:
        f.write(data)
    return buf.getvalue()


def _precompress(out: Path, paths: list[str], brotli: bool, log) -> dict[str, dict[str, int]]:
    result: dict[str, dict[str, int]] = {}
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    todo_br: list[tuple[Path, Path]] = []
    wanted: list[tuple[str, Path]] = []
    for path in paths:
        src = out / path
        if src.suffix not in COMPRESSIBLE or src.stat().st_size < MIN_COMPRESS:
            continue
        data = src.read_bytes()
        gz = _gzip(data)
        if len(gz) <= MAX_RATIO * len(data):
            (out / (path + ".gz")).write_bytes(gz)
            result.setdefault(path, {})["gzip"] = len(gz)
        if brotli:
            cached = CACHE_DIR / (_sha256(data) + ".br")
            if not cached.exists():
                todo_br.append((src, cached))
            wanted.append((path, cached))
    if todo_br:
        log(f"brotli: compressing {len(todo_br)} files (cached in {CACHE_DIR.relative_to(ROOT)})...")
        _node_brotli(todo_br)
    for path, cached in wanted:
        size = cached.stat().st_size
        if size <= MAX_RATIO * (out / path).stat().st_size:
            shutil.copyfile(cached, out / (path + ".br"))
            result.setdefault(path, {})["br"] = size
    return result


def _compile_zip(zip_path: Path, args: tuple[str | Path, ...], log, out: Path | None = None) -> bool:
    """Replace a zip of Python by its compiled form (tools/pyc.mjs with ``args``: options, then
    lists of modules), cached by content in build/pyc/; or write it to ``out``. On any failure
    the zip stays as it is."""
    cache = ROOT / "build" / "pyc"
    cache.mkdir(parents=True, exist_ok=True)
    options = [a for a in args if isinstance(a, str)]
    lists = [a for a in args if isinstance(a, Path)]
    for path in lists:
        if not path.exists():
            log(f"pyc: {path} missing; {zip_path.name} ships as it is")
            return False
    pyodide = ROOT / "node_modules" / "pyodide" / "package.json"  # the compiler's version
    key = _sha256(" ".join(options).encode() + zip_path.read_bytes()
                  + b"".join(p.read_bytes() for p in lists)
                  + (pyodide.read_bytes() if pyodide.exists() else b"")
                  + (ROOT / "tools" / "pyc.mjs").read_bytes())
    cached = cache / f"{key}.zip"
    if not cached.exists():
        node = os.environ.get("NODE", "node")
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")  # (test workers may compile it at once)
        try:
            command = [node, str(ROOT / "tools" / "pyc.mjs"), *options, str(zip_path), str(tmp)]
            run = subprocess.run(command + [str(p) for p in lists],
                                 capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            log(f"pyc: {zip_path.name} not compiled ({exc}); it ships as it is")
            return False
        if run.returncode != 0 or not tmp.exists():
            log(f"pyc: {zip_path.name} not compiled ({(run.stdout + run.stderr).strip()[-300:]});"
                " it ships as it is")
            return False
        os.replace(tmp, cached)
        log(f"{zip_path.name}: {run.stdout.strip()}")
    # Whole or not at all: another process may be serving ``out`` (the e2e workers' dev sites
    # each write the trimmed standard library, and serve it, while the others start).
    target = out or zip_path
    partial = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    shutil.copyfile(cached, partial)
    os.replace(partial, target)
    return True


def trimmed_stdlib(log=print) -> Path:
    """The trimmed standard library as `make dist` ships it (build/pyc/; the e2e tests' dev
    server serves it too)."""
    source = ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    out = ROOT / "build" / "python_stdlib-trimmed.zip"
    if not _compile_zip(source, PYC_ZIPS[STDLIB], log, out=out):
        raise SystemExit("could not build the trimmed standard library (tools/pyc.mjs)")
    return out


def _lock_without_packages(path: Path) -> None:
    """pyodide-lock.json keeps its ``info`` (Pyodide checks the ABI) and lists no package."""
    lock = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")),
                    encoding="utf-8")


def build(out: Path | str = DEFAULT_OUT, *, root: Path = ROOT, compress: bool = True,
          brotli: bool = True, pyc: bool = True, salt: str = "", log=print) -> Dist:
    """Build the site into ``out`` (replaced as a whole) and return what was built.

    ``salt`` changes the version without changing the game (tests use it to make a "new
    release" of the same sources).
    """
    out = Path(out).resolve()
    sources = _sources(root)
    tmp = out.with_name(out.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)

    hashes: dict[str, str] = {}
    for path, src in sources.items():
        dst = tmp / path
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
    if pyc:
        for zip_path, args in PYC_ZIPS.items():
            _compile_zip(tmp / zip_path, args, log)
        for path in sources:
            if path.startswith(f"{serve.ARCHIVES}/") and path.endswith(".zip"):
                _compile_zip(tmp / path, PYC_ARCHIVE, log)
    _lock_without_packages(tmp / LOCK)
    for path in sources:
        hashes[path] = _sha256((tmp / path).read_bytes())

    index_src = (root / "index.html").read_text(encoding="utf-8")
    digest = hashlib.sha256(salt.encode())
    digest.update(_sha256(index_src.encode()).encode())
    for path in sorted(hashes):
        digest.update(f"{path}\0{hashes[path]}\n".encode())
    version = digest.hexdigest()[:12]

    # index.html: the build marker that makes boot.js register the service worker.
    meta = META_BUILD.format(version=version)
    index, n = re.subn(r"(<meta charset=[^>]*>)", r"\1\n    " + meta, index_src, count=1, flags=re.I)
    if n != 1:
        raise SystemExit("index.html has no <meta charset>: cannot add the build marker")
    (tmp / "index.html").write_text(index, encoding="utf-8")
    hashes["index.html"] = _sha256(index.encode())

    problems = check_relative(index, "index.html", "", set(hashes))
    drawn_into_page = f"{serve.ARCHIVES}/{serve.prerender.FOLDER}/"  # its URLs are the page's
    for path in hashes:
        if path.endswith(".html") and path != "index.html":
            html = (tmp / path).read_text(encoding="utf-8")
            base = "" if path.startswith(drawn_into_page) else os.path.dirname(path)
            problems += check_relative(html, path, base, set(hashes))
    if problems:
        shutil.rmtree(tmp)
        raise SystemExit("dist: broken or absolute URLs:\n  " + "\n  ".join(problems))

    # sw.js at the root (scope = the whole folder), with the release's file list.
    sw_src = (root / "static" / "sw.js").read_text(encoding="utf-8")
    build_json = json.dumps(
        {"version": version, "files": {p: hashes[p][:16] for p in sorted(hashes)},
         "lazy": sorted(p for p in hashes if is_lazy(p))},
        separators=(",", ":"),
    )
    sw, n = SW_BUILD_LINE.subn(lambda m: f"const BUILD = {build_json};", sw_src, count=1)
    if n != 1:
        raise SystemExit("static/sw.js has no `const BUILD = ...;` line")
    (tmp / "sw.js").write_text(sw, encoding="utf-8")

    compressed: dict[str, dict[str, int]] = {}
    if compress:
        compressed = _precompress(tmp, sorted([*hashes, "sw.js"]), brotli, log)

    if out.exists():
        shutil.rmtree(out)
    os.replace(tmp, out)
    return Dist(out=out, version=version, files=hashes, compressed=compressed)


# --- a static server that serves precompressed files ---------------------------------------

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def _accepted(header: str) -> set[str]:
    accepted = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        if name and not re.search(r"q\s*=\s*0(\.0*)?\s*$", params):
            accepted.add(name.strip().lower())
    return accepted


class PrecompressedHandler(serve.Handler):
    """serve.Handler (MIME types, no-cache, URL prefix) + precompressed files + extra headers."""

    extra_headers: dict[str, str] = {}
    precompressed = True
    counts: dict[str, int] | None = None  # path -> number of GETs (tests look at it)

    def send_head(self):  # noqa: D102 - stdlib override
        if not self._strip_prefix():
            return None
        if self.counts is not None:
            key = self.path.split("?", 1)[0]
            with self._zip_lock:
                self.counts[key] = self.counts.get(key, 0) + 1
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if self.precompressed and os.path.isfile(path):
            accepted = _accepted(self.headers.get("Accept-Encoding", ""))
            for encoding, ext in ENCODINGS:
                if encoding in accepted and os.path.isfile(path + ext):
                    f = open(path + ext, "rb")  # noqa: SIM115 - closed by the caller (copyfile)
                    size = os.fstat(f.fileno()).st_size
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Encoding", encoding)
                    self.send_header("Content-Length", str(size))
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return f
        return http.server.SimpleHTTPRequestHandler.send_head(self)

    def guess_type(self, path):
        if str(path).endswith(".webmanifest"):
            return "application/manifest+json"
        return super().guess_type(path)

    def end_headers(self):
        for name, value in self.extra_headers.items():
            self.send_header(name, value)
        super().end_headers()


def make_server(root: Path | str, host: str = "127.0.0.1", port: int = 0, prefix: str = "/", *,
                headers: dict[str, str] | None = None, precompressed: bool = True,
                quiet: bool = True, counts: dict[str, int] | None = None):
    """A threading server for a dist folder (port 0 = any free port: ``server.server_port``)."""
    if not prefix.startswith("/"):
        prefix = "/" + prefix
    if not prefix.endswith("/"):
        prefix += "/"
    attrs = {"prefix": prefix, "quiet": quiet, "extra_headers": dict(headers or {}),
             "precompressed": precompressed, "counts": counts}
    handler = type("DistHandler", (PrecompressedHandler,), attrs)

    def factory(*args, **kwargs):
        return handler(*args, directory=str(root), **kwargs)

    server = http.server.ThreadingHTTPServer((host, port), factory)
    server.daemon_threads = True
    return server


def serve_in_thread(server) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="dist-http", daemon=True)
    thread.start()
    return thread


# --- command line ---------------------------------------------------------------------------


def _fmt(n: int) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.1f} kB"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        ap = argparse.ArgumentParser(prog="dist.py serve")
        ap.add_argument("root", nargs="?", default=str(DEFAULT_OUT))
        ap.add_argument("--host", default="127.0.0.1")
        ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8001")))
        ap.add_argument("--prefix", default="/")
        ap.add_argument("--csp", action="store_true", help="send the README's Content-Security-Policy")
        args = ap.parse_args(argv[1:])
        if not (Path(args.root) / "index.html").exists():
            print(f"{args.root} has no index.html: run `make dist` first", file=sys.stderr)
            return 1
        headers = {"Content-Security-Policy": CSP} if args.csp else {}
        server = make_server(args.root, args.host, args.port, args.prefix, headers=headers, quiet=False)
        return serve.run(server, args.root, args.prefix, "precompressed; ")

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    ap.add_argument("--no-compress", action="store_true", help="no .gz/.br copies")
    ap.add_argument("--no-brotli", action="store_true", help="only .gz copies (fast)")
    ap.add_argument("--no-pyc", action="store_true", help="the py/ archives without bytecode")
    args = ap.parse_args(argv)
    dist = build(args.out, compress=not args.no_compress, brotli=not args.no_brotli,
                 pyc=not args.no_pyc)
    total = sum(dist.size(p) for p in dist.files)
    print(f"built {dist.out} : release {dist.version} (cache {dist.cache_name}),"
          f" {len(dist.files)} files, {_fmt(total)}")
    if dist.compressed:
        best = sum(min([dist.size(p), *dist.compressed.get(p, {}).values()]) for p in dist.files
                   if p != FULL_STDLIB)
        print(f"  transferred with the best precompressed copy: {_fmt(best)} (and the full standard"
              f" library, {_fmt(dist.size(FULL_STDLIB))}, only if a module is ever missing)")
        for path, sizes in sorted(dist.compressed.items(), key=lambda kv: -dist.size(kv[0]))[:6]:
            enc = ", ".join(f"{k} {_fmt(v)}" for k, v in sizes.items())
            print(f"  {path}: {_fmt(dist.size(path))} -> {enc}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
