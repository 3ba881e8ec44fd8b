"""The engine is pure Python: nothing outside mortar/ui/ imports the browser."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "mortar"
BROWSER = {"js", "pyscript", "pyodide", "micropip"}


def engine_modules():
    return [p for p in PACKAGE.rglob("*.py") if "ui" not in p.relative_to(PACKAGE).parts]


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_there_are_engine_modules():
    assert len(engine_modules()) >= 8


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.name)
def test_engine_module_imports_nothing_from_the_browser(path):
    assert not imported_roots(path) & BROWSER


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: p.name)
def test_engine_module_uses_no_threads_files_or_network(path):
    banned = {"threading", "socket", "urllib", "http", "subprocess", "multiprocessing", "asyncio"}
    allowed_io = {"cli.py", "__main__.py"}  # the command line reads files; the engine never does
    roots = imported_roots(path)
    assert not roots & banned
    if path.name not in allowed_io:
        assert "open(" not in path.read_text()


def test_engine_imports_no_third_party_package():
    import sys
    stdlib = set(sys.stdlib_module_names) | {"mortar"}
    for path in engine_modules():
        assert imported_roots(path) <= stdlib, path
