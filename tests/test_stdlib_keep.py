"""The trimmed standard library of `make dist` (issue 11): the list holds what mortar/ imports,
and a module left out anyway comes from the full library (mortar/web/fallback.py)."""

from __future__ import annotations

import ast
import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest

from mortar.web import fallback

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"


def _stdlib_trim():
    sys.path.insert(0, str(TOOLS))
    try:
        import stdlib_trim
    finally:
        sys.path.remove(str(TOOLS))
    return stdlib_trim


def _is_source(name: str) -> bool:
    """A module of Python source here (not built in, not an extension like math: those are not
    in Pyodide's zip either)."""
    spec = importlib.util.find_spec(name)
    return spec is not None and str(spec.origin).endswith(".py")


@pytest.mark.cpython_only  # tools/ is not mounted inside Pyodide
def test_every_stdlib_module_mortar_imports_is_kept():
    """Without Pyodide's zip at hand: the top-level standard-library modules of Python source
    that mortar/ imports are in the list."""
    trim = _stdlib_trim()
    keep = set(trim.read_list(trim.KEEP))
    missing = set()
    sys.path.insert(0, str(TOOLS))
    try:
        import serve  # which files of mortar/ a page gets (not the command line's)
    finally:
        sys.path.remove(str(TOOLS))
    for path in serve.page_sources(ROOT):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            tops = {n.split(".")[0] for n in names}
            missing |= {n for n in tops if n in sys.stdlib_module_names and n not in keep
                        and _is_source(n)}
    assert not missing, f"{sorted(missing)}: run python tools/stdlib_trim.py"


@pytest.mark.cpython_only
def test_keep_list_is_current_with_everything_mortar_reaches():
    """Transitively through Pyodide's own 3.14 sources: what mortar/ imports, what those import
    at module level, and so on, plus the measured list, is exactly tools/stdlib-keep.txt."""
    trim = _stdlib_trim()
    try:
        lib = trim.Stdlib(trim.stdlib_zip())
    except FileNotFoundError:
        pytest.skip("no python_stdlib.zip (make vendor); e2e/test_stdlib_trim.py checks it there")
    keep = set(trim.read_list(trim.KEEP))
    reached = trim.closure(trim.mortar_imports(lib), lib)
    assert reached <= keep, f"{sorted(reached - keep)}: run python tools/stdlib_trim.py"
    assert trim.KEEP.read_text() == trim.keep_text(trim.keep_set(lib)), (
        "tools/stdlib-keep.txt is out of date: run python tools/stdlib_trim.py")


@pytest.mark.cpython_only
def test_module_level_imports_skip_other_platforms_and_builtin_fallbacks(tmp_path):
    trim = _stdlib_trim()
    archive = tmp_path / "lib.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for name in ("a", "b", "c", "d", "e", "f", "g", "h"):
            z.writestr(f"{name}.py", "")
        z.writestr("pkg/__init__.py", "")
        z.writestr("pkg/sub.py", "")
        z.writestr("main.py", "\n".join([
            "import a",
            "from pkg import sub",
            "def f():\n    import b",
            "if sys.platform == 'win32':\n    import c\nelse:\n    import d",
            "try:\n    import _builtin_thing\nexcept ImportError:\n    import e",
            "try:\n    import f\nexcept ImportError:\n    import g",
            "if __name__ == '__main__':\n    import h",
        ]))
    lib = trim.Stdlib(archive)
    found = trim.imports_of(lib.source("main"), "main", False, lib, module_level=True)
    assert found == {"a", "pkg", "pkg.sub", "d", "f", "g"}
    everywhere = trim.imports_of(lib.source("main"), "main", False, lib, module_level=False)
    assert everywhere == {"a", "b", "c", "d", "e", "f", "g", "h", "pkg", "pkg.sub"}


@pytest.mark.cpython_only
def test_codecs_named_in_the_source_count_as_imports(tmp_path):
    trim = _stdlib_trim()
    archive = tmp_path / "lib.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for name in ("__init__", "utf_8", "utf_8_sig", "latin_1", "cp1252"):
            z.writestr(f"encodings/{name}.py", "")
    lib = trim.Stdlib(archive)
    source = 'b.decode("utf-8-sig"); open(p, encoding="Latin-1"); s.encode("UTF8"); x = "cp1252"'
    assert trim.codec_modules(source, lib) == {"encodings.utf_8_sig", "encodings.latin_1",
                                               "encodings.utf_8"}


# --- the way out: mortar/web/fallback.py -----------------------------------------------------


def _zip(path: Path, files: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


@pytest.fixture
def libraries(tmp_path):
    """A trimmed and a full library of made-up modules; the trimmed one first on sys.path."""
    full = {"mhfb_kept.py": "X = 1", "mhfb_gone.py": "from mhfb_kept import X\nY = X + 1",
            "mhfb_pkg/__init__.py": "", "mhfb_pkg/inside.py": "Z = 3",
            "mhfb_pkg/gone.py": "W = 4"}
    trimmed = {k: v for k, v in full.items() if "gone" not in k}
    trimmed[fallback.INDEX] = "mhfb_gone mhfb_pkg.gone"
    small = _zip(tmp_path / "trimmed.zip", trimmed)
    whole = _zip(tmp_path / "full.zip", full).read_bytes()
    sys.path.insert(0, str(small))
    saved = list(sys.meta_path)
    yield small, whole, tmp_path / "fetched.zip"
    sys.meta_path[:] = saved
    sys.path.remove(str(small))
    for name in [n for n in sys.modules if n.startswith("mhfb_")]:
        del sys.modules[name]


def test_a_left_out_module_comes_from_the_full_library_once(libraries):
    small, whole, archive = libraries
    fetched, reported = [], []

    def fetch():
        fetched.append(1)
        return whole

    finder = fallback.FullLibraryFinder(fallback.left_out(str(small)), fetch, str(archive),
                                        reported.append)
    fallback.insert(finder)
    import mhfb_kept  # in the trimmed library: nothing fetched

    assert mhfb_kept.X == 1 and fetched == []
    import mhfb_gone

    assert mhfb_gone.Y == 2
    from mhfb_pkg import gone, inside  # a package in the trimmed library, a module of it not

    assert (gone.W, inside.Z) == (4, 3)
    assert fetched == [1]  # fetched once
    assert reported == finder.misses == ["mhfb_gone", "mhfb_pkg.gone"]


def test_a_module_in_neither_library_still_fails_plainly(libraries):
    small, whole, archive = libraries
    finder = fallback.FullLibraryFinder(fallback.left_out(str(small)), lambda: whole, str(archive))
    fallback.insert(finder)
    with pytest.raises(ModuleNotFoundError):
        import mhfb_nowhere  # noqa: F401
    assert finder.loaded is False  # not in the index: no download for it


def test_no_network_leaves_the_import_error(libraries):
    small, whole, archive = libraries

    def offline():
        raise OSError("offline")

    finder = fallback.FullLibraryFinder(fallback.left_out(str(small)), offline, str(archive))
    fallback.insert(finder)
    with pytest.raises(ModuleNotFoundError):
        import mhfb_gone  # noqa: F401
    assert finder.failed == "OSError: offline"


def test_a_full_library_has_no_index(tmp_path):
    assert fallback.left_out(str(_zip(tmp_path / "full.zip", {"a.py": ""}))) == frozenset()
