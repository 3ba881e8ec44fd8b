"""Element trees (:mod:`mortar.ui.html`) to real DOM nodes — browser only.

Only ``createElement``, ``setAttribute``, ``textContent`` and ``createTextNode``: text is never
parsed as HTML, so a name like ``<img src=x onerror=...>`` shows up as those characters.
"""

from __future__ import annotations

from js import document  # type: ignore[import-not-found]

from .html import El


def build(node: El | str):
    if isinstance(node, str):
        return document.createTextNode(node)
    el = document.createElement(node.tag)
    for key, value in node.attrs.items():
        el.setAttribute(key, "" if value is True else str(value))
    children = node.children
    if len(children) == 1 and isinstance(children[0], str):
        el.textContent = children[0]
    else:
        for child in children:
            el.appendChild(build(child))
    return el


def replace_children(root, node: El) -> None:
    root.replaceChildren(build(node))
