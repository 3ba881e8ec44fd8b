"""The standard library `make dist` ships: only what the game can import (issue 11).

    python tools/stdlib_trim.py            # rewrite tools/stdlib-keep.txt (fast, no browser)
    python tools/stdlib_trim.py --record   # first re-measure tools/stdlib-measured.txt: the whole
                                           # e2e suite on the full library, recording the modules
    python tools/stdlib_trim.py --check    # exit 1 when tools/stdlib-keep.txt is out of date

Pyodide's ``python_stdlib.zip`` holds ~600 modules; the game, Pyodide and PyScript import ~150.
The shipped (trimmed) library holds the union of

* **measured**: every standard-library module a page of the game had loaded when an e2e test
  closed it (the whole suite: every screen, error paths and the error panel's traceback,
  import/export, review, ...; ``E2E_RECORD_STDLIB`` in e2e/conftest.py), run on the *full*
  library so that nothing is hidden by the current list; written to tools/stdlib-measured.txt;
* **static**: every module that mortar/**/*.py imports (anywhere in a file: a function's import
  runs when the function does), every codec it names (``.decode("utf-8-sig")`` imports
  ``encodings.utf_8_sig``) and, transitively, every module those import at module level
  (Pyodide's own 3.14 sources from the zip; imports inside stdlib functions run only for the
  function, which the measurement covers for the ones the game calls);

closed again under module-level imports, plus each package's parents. The result,
tools/stdlib-keep.txt, is what tools/dist.py keeps; tests (tests/test_stdlib_keep.py and
e2e/test_stdlib_trim.py) fail when mortar/ imports a module the list lacks. A module missing
anyway is fetched from the full library on the first miss (mortar/web/fallback.py).
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
MEASURED = TOOLS / "stdlib-measured.txt"
KEEP = TOOLS / "stdlib-keep.txt"
# The library as Pyodide ships it (sources of CPython 3.14 + Pyodide's own packages).
STDLIB_ZIPS = (ROOT / "node_modules" / "pyodide" / "python_stdlib.zip",
               ROOT / "static" / "vendor" / "pyodide" / "python_stdlib.zip")


def stdlib_zip() -> Path:
    for path in STDLIB_ZIPS:
        if path.exists():
            return path
    raise FileNotFoundError("Pyodide's python_stdlib.zip is missing: run `make vendor`")


class Stdlib:
    """The modules of a python_stdlib.zip: dotted name -> entry (``x/__init__.py`` or ``x.py``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[str, str] = {}
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                if not name.endswith(".py"):
                    continue
                parts = name[:-3].split("/")
                if parts[-1] == "__init__":
                    parts.pop()
                if parts:  # (not all are identifiers: _sysconfigdata__emscripten_wasm32-emscripten)
                    self.entries[".".join(parts)] = name
        self._sources: dict[str, str] = {}

    def __contains__(self, name: str) -> bool:
        return name in self.entries

    def is_package(self, name: str) -> bool:
        return self.entries[name].endswith("/__init__.py")

    def source(self, name: str) -> str:
        if name not in self._sources:
            with zipfile.ZipFile(self.path) as z:
                self._sources[name] = z.read(self.entries[name]).decode("utf-8")
        return self._sources[name]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


# Branches that never run in the browser: scripts' main blocks, other platforms.
_NEVER = re.compile(r"^(__name__ == '__main__'|(\w+\.)?platform == '(win32|darwin|cygwin|ios)'"
                    r"|(\w+\.)?name == 'nt'|\w+\.platform\.startswith\('win'\))$")


def _never(test: ast.expr) -> bool:
    return _is_type_checking(test) or bool(_NEVER.match(ast.unparse(test)))


def _import_nodes(tree: ast.AST, module_level: bool,
                  lib: Stdlib | None = None) -> Iterable[ast.Import | ast.ImportFrom]:
    """Import statements; ``module_level``: only those run when the module is imported: not in
    function bodies, not under ``if TYPE_CHECKING:``, ``if __name__ == "__main__":`` or a test
    for another platform, and not in ``except ImportError:`` after a ``try:`` that imports only
    modules built into the interpreter (not in ``lib``: ``_abc``, ``_thread``...)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
            continue
        if module_level:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(node, ast.If) and _never(node.test):
                stack.extend(node.orelse)
                continue
            if isinstance(node, ast.Try) and lib is not None and _builtin_only(node.body, lib):
                stack.extend(node.body + node.orelse + node.finalbody)
                stack.extend(h for h in node.handlers if not _catches_import_error(h))
                continue
        stack.extend(ast.iter_child_nodes(node))


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError")
               for n in names)


def _builtin_only(body: list[ast.stmt], lib: Stdlib) -> bool:
    """The statements import something, and nothing of it comes from the library's zip."""
    modules = []
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Import):
                modules += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    return False
                modules.append(node.module or "")
    return bool(modules) and not any(m.split(".")[0] in lib for m in modules)


_BLOCK = re.compile(r"^(\s*)(?:(?:async\s+)?def\s|if\s+(?:typing\.)?TYPE_CHECKING\s*:)")
_IMPORT = re.compile(r"^\s*(?:import|from)\s")


def _import_nodes_text(source: str, module_level: bool) -> Iterable[ast.Import | ast.ImportFrom]:
    """Like _import_nodes for a file this CPython cannot parse (3.14 syntax such as nested
    f-string quotes): import statements found line by line, each parsed on its own."""
    lines = source.splitlines()
    blocks: list[int] = []  # indents of enclosing defs / TYPE_CHECKING blocks
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        while blocks and indent <= blocks[-1]:
            blocks.pop()
        block = _BLOCK.match(line)
        if block:
            blocks.append(len(block.group(1)))
            continue
        if not _IMPORT.match(line) or (module_level and blocks):
            continue
        statement = line.strip()
        while i < len(lines) and (statement.count("(") > statement.count(")")
                                  or statement.endswith("\\")):
            statement = statement.rstrip("\\") + " " + lines[i].strip()
            i += 1
        try:
            tree = ast.parse(statement.split(";")[0])
        except SyntaxError:  # a line of prose in a docstring
            continue
        yield from (n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom)))


def imports_of(source: str, name: str, is_package: bool, lib: Stdlib, *,
               module_level: bool) -> set[str]:
    """The modules of ``lib`` that a module's import statements load (with their parents)."""
    found: set[str] = set()
    package = name if is_package else name.rpartition(".")[0]
    try:
        nodes = list(_import_nodes(ast.parse(source), module_level, lib))
    except SyntaxError:
        nodes = list(_import_nodes_text(source, module_level))
    for node in nodes:
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
        for target in targets:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                dotted = ".".join(parts[:i])
                if dotted in lib:
                    found.add(dotted)
    return found


def closure(roots: Iterable[str], lib: Stdlib) -> set[str]:
    """``roots`` (and their parents) and everything they import at module level, transitively."""
    todo = []
    for name in roots:
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in lib:
            continue
        seen.add(name)
        todo += imports_of(lib.source(name), name, lib.is_package(name), lib, module_level=True)
    return seen


# Codecs named in the source: the codec registry imports encodings.<name> for them (no import
# statement to see: b"...".decode("utf-8-sig") loads encodings.utf_8_sig).
_CODEC = re.compile(r"""(?:\.(?:de|en)code\(|\bencoding\s*=\s*)\s*["']([\w.:-]+)["']""")


def codec_modules(source: str, lib: Stdlib) -> set[str]:
    import encodings
    import encodings.aliases

    found = set()
    for name in _CODEC.findall(source):
        norm = encodings.normalize_encoding(name).lower()
        module = "encodings." + encodings.aliases.aliases.get(norm, norm)
        if module in lib:
            found.add(module)
    return found


def mortar_imports(lib: Stdlib, root: Path = ROOT) -> set[str]:
    """Library modules that any file of mortar/ imports, wherever the statement is, and the
    codecs it names."""
    sys.path.insert(0, str(TOOLS))
    import serve  # (tools/serve.py: which files of mortar/ the page gets)

    found: set[str] = set()
    for path in serve.page_sources(root):
        rel = path.relative_to(root).with_suffix("").parts
        is_package = rel[-1] == "__init__"
        name = ".".join(rel[:-1] if is_package else rel)
        source = path.read_text(encoding="utf-8")
        found |= imports_of(source, name, is_package, lib, module_level=False)
        found |= codec_modules(source, lib)
    return found


def read_list(path: Path) -> list[str]:
    if not path.exists():
        return []
    names = (line.split("#", 1)[0].strip() for line in path.read_text().splitlines())
    return [n for n in names if n]


def keep_set(lib: Stdlib, root: Path = ROOT) -> set[str]:
    measured = set(read_list(MEASURED)) | set(read_list(TOOLS / "stdlib-startup.txt"))
    return closure(measured | mortar_imports(lib, root), lib)


def keep_text(names: set[str]) -> str:
    return ("# The standard-library modules `make dist` ships (python_stdlib.zip, trimmed):\n"
            "# tools/stdlib-measured.txt + what mortar/ imports, closed under module-level imports.\n"
            "# Generated: python tools/stdlib_trim.py   (re-measure first: --record)\n"
            + "".join(f"{n}\n" for n in sorted(names)))


def record() -> int:
    """Run the e2e suite on the full library, recording every module the pages loaded."""
    out = MEASURED.with_suffix(".tmp")
    out.unlink(missing_ok=True)
    env = {**os.environ, "E2E_RECORD_STDLIB": str(out)}
    run = subprocess.run([sys.executable, "-m", "pytest", "e2e", "-q", "-p", "no:cacheprovider"],
                         cwd=ROOT, env=env)
    if not out.exists():
        print("stdlib_trim: no page was recorded; tools/stdlib-measured.txt unchanged", file=sys.stderr)
        return 1
    write_measured(out)
    if run.returncode != 0:
        print("stdlib_trim: some e2e tests failed: what their pages did not reach is not measured;"
              " look at the failures and record again", file=sys.stderr)
        return 1
    return 0


def write_measured(recorded: Path) -> None:
    names = sorted(set(read_list(recorded)) - {"__main__"})
    recorded.unlink()
    MEASURED.write_text(
        "# Standard-library modules loaded by the game's pages over the whole e2e suite, run on\n"
        "# the full library. Re-measure: python tools/stdlib_trim.py --record\n"
        + "".join(f"{n}\n" for n in names))
    print(f"wrote {MEASURED.relative_to(ROOT)}: {len(names)} modules")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--record", action="store_true", help="re-measure with the e2e suite first")
    ap.add_argument("--check", action="store_true", help="only check that the list is current")
    args = ap.parse_args(argv)
    if args.record and record() != 0:
        return 1  # (the measured list is written; the keep list is left for a clean run)
    lib = Stdlib(stdlib_zip())
    text = keep_text(keep_set(lib))
    if args.check:
        if KEEP.exists() and KEEP.read_text() == text:
            return 0
        print(f"{KEEP.relative_to(ROOT)} is out of date: run python tools/stdlib_trim.py",
              file=sys.stderr)
        return 1
    KEEP.write_text(text)
    print(f"wrote {KEEP.relative_to(ROOT)}: {len(read_list(KEEP))} of {len(lib.entries)} modules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
