"""A tiny element tree: what the renderers build, in pure Python.

:mod:`mortar.web.dom` turns it into real DOM nodes with ``document.createElement``,
``setAttribute`` and ``textContent`` — never HTML parsing — so names and imported records are
always shown as text. Being plain Python, the tree can be inspected in CPython tests, and
written as HTML text by the build (:mod:`mortar.table.html_text`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Union

# An attribute as kept: text, a number, ``True`` (present, empty), or ``style``'s CSS custom
# properties (set through the CSSOM, never written as an attribute).
AttrValue = str | int | float | Mapping[str, str]
# An attribute as :func:`h` takes it: also None or False (left out), and ``class`` as a list of
# class names (None or False among them left out).
Attr = AttrValue | None | Sequence[str | bool | None]
# A child as :func:`h` takes it: an element, text, a number (as text), None or False (nothing),
# or any iterable of children (flattened).
Child = Union["El", str, int, float, None, Iterable["Child"]]


class El:
    __slots__ = ("tag", "attrs", "children")

    def __init__(self, tag: str, attrs: dict[str, AttrValue], children: list[El | str]) -> None:
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


def _flatten(children: Iterable[Child], out: list[El | str]) -> None:
    for c in children:
        if c is None or c is False:
            continue
        if isinstance(c, El | str):
            out.append(c)
        elif isinstance(c, int | float):
            out.append(str(c))
        else:
            _flatten(c, out)


def h(tag: str, attrs: Mapping[str, Attr] | None = None, *children: Child) -> El:
    """``h("button", {"data-action": "skip"}, "Don't fire")``. Attribute values: str/int,
    ``True`` (present, empty) or ``None``/``False`` (left out). ``class`` may be a list;
    ``style`` a dict of CSS custom properties (set through the CSSOM: a Content-Security-Policy
    without 'unsafe-inline' forbids style attributes)."""
    clean: dict[str, AttrValue] = {}
    for k, v in (attrs or {}).items():
        if v is None or v is False:
            continue
        if isinstance(v, Sequence) and not isinstance(v, str):  # a class list
            v = " ".join(x for x in v if isinstance(x, str) and x)
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

