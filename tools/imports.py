"""The box's import graph, read from the sources (ast, nothing imported): the boundary test
(tests/test_boundaries.py) checks the architecture's arrows over it, and the archive builder
(tools/serve.py) puts in each archive exactly the modules its entry points can reach.

Imports inside functions count (they run when the function does); ``if TYPE_CHECKING:`` blocks do
not (they are for types only). Importing a module also runs its packages' ``__init__``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
Graph = dict[str, set[str]]


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path = ROOT, package: str = "mortar") -> dict[str, Path]:
    """Every module of ``package`` under ``root`` by its dotted name."""
    return {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))
            if "__pycache__" not in p.parts}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module ``name`` imports anywhere in its file, relative imports resolved; a name
    imported from a package counts as its submodule where one exists."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in _running(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) + 1 - node.level] + ([base] if base else []))
            submodules = {f"{base}.{alias.name}" for alias in node.names} & known
            found |= submodules
            if len(submodules) < len(node.names):  # names of the module itself
                found.add(base)
    return found


def _running(tree: ast.AST) -> list[ast.AST]:
    """The nodes of a module that may run: all but ``if TYPE_CHECKING:`` blocks (for types only)."""
    skipped = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
               and getattr(node.test, "id", None) == "TYPE_CHECKING" for b in node.body for n in ast.walk(b)}
    return [n for n in ast.walk(tree) if id(n) not in skipped]


def graph(root: Path = ROOT, package: str = "mortar") -> Graph:
    found = modules(root, package)
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def reach(g: Graph, start: str) -> set[str]:
    """Everything ``start`` imports, directly or through other modules of the box."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in g.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                if target in g:
                    todo.append(target)
    return seen


def loaded(g: Graph, starts: list[str]) -> set[str]:
    """The modules of the graph that importing ``starts`` loads: each one, what it reaches, and
    the packages (``__init__``) of all of them, with what those reach in turn."""
    out: set[str] = set()
    todo = list(starts)
    while todo:
        name = todo.pop()
        if name in out or name not in g:
            continue
        out.add(name)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        todo.extend(reach(g, name))
    return out
