"""A tiny element tree: what the renderers build, in pure Python.

:mod:`mortar.web.dom` turns it into real DOM nodes with ``document.createElement``,
``setAttribute`` and ``textContent`` — never HTML parsing — so names and imported records are
always shown as text. Being plain Python, the tree can be inspected in CPython tests, and
written as HTML text (:func:`to_html`) for the first screen the build draws before Python starts
(:mod:`mortar.table.first_screen`).
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


# Elements without an end tag.
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})
# Elements the HTML parser will not nest as written (it closes the outer one first, or drops the
# inner one): a tree holding one inside its ``outer`` would not parse back into itself.
CLOSES_P = frozenset({"address", "article", "aside", "blockquote", "details", "dialog", "div", "dl",
                      "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
                      "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre",
                      "section", "table", "ul"})
NOT_NESTED = {"a": frozenset({"a"}), "button": frozenset({"button"}), "form": frozenset({"form"}),
              "p": CLOSES_P, "label": frozenset({"label"})}


def _escape(text: str, quote: bool) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace('"', "&quot;") if quote else text


def to_html(node: El | str) -> str:
    """``node`` as HTML text that the browser's parser makes into the very tree
    :func:`mortar.web.dom.build` makes of it: text and attribute values escaped, no whitespace
    added. ValueError for what HTML text cannot carry as built: a ``style`` (set through the
    CSSOM, which a Content-Security-Policy without 'unsafe-inline' requires), or elements the
    parser would not nest as written (a ``<div>`` in a ``<p>``)."""
    out: list[str] = []
    _write(node, out, ())
    return "".join(out)


def _write(node: El | str, out: list[str], within: tuple[str, ...]) -> None:
    if isinstance(node, str):
        out.append(_escape(node, False))
        return
    tag = node.tag
    for outer in within:
        if tag in NOT_NESTED.get(outer, ()):
            raise ValueError(f"<{tag}> inside <{outer}> would not parse back as built")
    out.append("<" + tag)
    for key, value in node.attrs.items():
        if key == "style":
            raise ValueError(f"<{tag} style=...>: styles are set through the CSSOM, not in HTML text")
        out.append(f' {key}=""' if value is True else f' {key}="{_escape(str(value), True)}"')
    out.append(">")
    if tag in VOID:
        if node.children:
            raise ValueError(f"<{tag}> cannot hold children")
        return
    inner = (*within, tag) if tag in NOT_NESTED else within
    for child in node.children:
        _write(child, out, inner)
    out.append(f"</{tag}>")
