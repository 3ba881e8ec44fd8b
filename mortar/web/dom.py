"""Element trees (:mod:`mortar.table.html`) to real DOM nodes — browser only.

Only ``createElement`` (``createElementNS`` inside ``<svg>``), ``setAttribute``, ``textContent``
and ``createTextNode``: text is never parsed as HTML, so a name like ``<img src=x onerror=...>``
shows up as those characters.
"""

from __future__ import annotations

from js import document

from ..table.html import El
from .page import JsObject

SVG_NS = "http://www.w3.org/2000/svg"


def build(node: El | str, svg: bool = False) -> JsObject:
    """The DOM node of ``node``; ``svg``: inside an ``<svg>`` (its elements need the SVG
    namespace, or a ``<use>`` of the pieces' symbols draws nothing)."""
    if isinstance(node, str):
        return document.createTextNode(node)
    svg = svg or node.tag == "svg"
    el = document.createElementNS(SVG_NS, node.tag) if svg else document.createElement(node.tag)
    for key, value in node.attrs.items():
        if key == "style":  # custom properties through the CSSOM (CSP forbids style attributes)
            for name, css in value.items():
                el.style.setProperty(name, css)
        else:
            el.setAttribute(key, "" if value is True else str(value))
    children = node.children
    if len(children) == 1 and isinstance(children[0], str):
        el.textContent = children[0]
    else:
        for child in children:
            el.appendChild(build(child, svg))
    return el


def replace_children(root: JsObject, node: El) -> None:
    root.replaceChildren(build(node))


def css_escape(value: str) -> str:
    """A value as a CSS selector's attribute value may hold it (a square's name, ``(2,-1)``)."""
    return "".join(c if c.isalnum() or c in ":-_/" else "\\" + c for c in value)
