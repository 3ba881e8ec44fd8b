"""A tiny element tree: what the renderers build, in pure Python.

:mod:`mortar.web.dom` turns it into real DOM nodes with ``document.createElement``,
``setAttribute`` and ``textContent`` — never HTML parsing — so names and imported records are
always shown as text. Being plain Python, the tree can be inspected in CPython tests, and
written as HTML text by the build (:mod:`mortar.table.html_text`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


class El:
    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, attrs: dict[str, Any], children: list[El | str]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children = children

    def walk(self) -> Iterator[El]:
        yield self
        for c in self.children:
            if isinstance(c, El):
                yield from c.walk()

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def find(self, **attrs: str) -> list[El]:
        """Elements whose attributes equal ``attrs`` (``class_`` for class, ``data_x`` for
        ``data-x``)."""
        want = {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()}
        return [e for e in self.walk() if all(e.attrs.get(k) == v for k, v in want.items())]

    def __repr__(self) -> str:  # for test failures
        return f"<{self.tag} {self.attrs}>"


def _flatten(children: Iterable[Any], out: list[El | str]) -> None:
    for c in children:
        if c is None or c is False:
            continue
        if isinstance(c, El | str):
            out.append(c)
        elif isinstance(c, int | float):
            out.append(str(c))
        else:
            _flatten(c, out)


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> El:
    """``h("button", {"data-action": "skip"}, "Don't fire")``. Attribute values: str/int,
    ``True`` (present, empty) or ``None``/``False`` (left out). ``class`` may be a list;
    ``style`` a dict of CSS custom properties (set through the CSSOM: a Content-Security-Policy
    without 'unsafe-inline' forbids style attributes)."""
    clean: dict[str, Any] = {}
    for k, v in (attrs or {}).items():
        if v is None or v is False:
            continue
        if k == "class" and not isinstance(v, str):
            v = " ".join(x for x in v if x)
            if not v:
                continue
        clean[k] = v
    out: list[El | str] = []
    _flatten(children, out)
    return El(tag, clean, out)


def all_text(node: El) -> str:
    """Every piece of text and every attribute value in the tree (for privacy tests)."""
    parts: list[str] = []
    for e in node.walk():
        for v in e.attrs.values():
            if isinstance(v, dict):
                parts.extend(f"{k}: {x}" for k, x in v.items())
            else:
                parts.append(str(v))
        parts.extend(c for c in e.children if isinstance(c, str))
    return "\n".join(parts)

