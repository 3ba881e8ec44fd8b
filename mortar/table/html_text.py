"""An element tree (:mod:`.html`) as HTML text, for the first screen the build draws before
Python starts (:mod:`.first_screen`). The build's only: no page imports this module (the page
makes real nodes of a tree, never parses HTML: :mod:`mortar.web.dom`), so it is in no archive.
"""

from __future__ import annotations

from .html import El

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
