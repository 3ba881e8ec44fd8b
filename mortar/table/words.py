"""Words the table and the games draw, marked for translation where they are written.

``_("text")`` and ``ngettext(one, many, n)`` mark a string for the catalogues; until a language
is chosen they give the English source back. Nothing of a game's logic goes through here: only
text that is drawn."""

from __future__ import annotations

from collections.abc import Callable


def _english_plural(one: str, many: str, n: int) -> str:
    return one if n == 1 else many


_translate: Callable[[str], str] = str
_plural: Callable[[str, str, int], str] = _english_plural


def _(text: str) -> str:
    return _translate(text)


def ngettext(one: str, many: str, n: int) -> str:
    return _plural(one, many, n)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
