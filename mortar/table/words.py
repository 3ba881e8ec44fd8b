"""Words the table and the games draw, marked for translation where they are written.

``_("text")`` and ``ngettext(one, many, n)`` mark a string for the catalogues (locale/, see
tools/i18n.py); until a language is installed they give the English source back. Nothing of a
game's logic goes through here: only text that is drawn. Install the language before the modules
that draw are imported: some keep translated words in module constants."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


def _english_plural(one: str, many: str, n: int) -> str:
    return one if n == 1 else many


_translate: Callable[[str], str] = str
_plural: Callable[[str, str, int], str] = _english_plural


class Catalogue(Protocol):
    """What :func:`install` needs of a language (a ``gettext.GNUTranslations`` is one)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str: ...


def install(catalogue: Catalogue | None) -> None:
    """Draw every later word in ``catalogue``'s language (English again with ``None``)."""
    global _translate, _plural
    _translate = catalogue.gettext if catalogue is not None else str
    _plural = catalogue.ngettext if catalogue is not None else _english_plural


_rules_page = "rules.html"


def set_rules_page(name: str) -> None:
    """The file name of a game's rules page in the page's language (``rules.de.html``: chosen by
    static/boot.js, ``window.boxRulesPage``); ``rules.html`` is English."""
    global _rules_page
    _rules_page = name if name.startswith("rules.") and name.endswith(".html") and "/" not in name \
        else "rules.html"


def rules_url(url: str) -> str:
    """A game's rules page (``kind.rules_url``, English) in the page's language."""
    return url.removesuffix("rules.html") + _rules_page if url.endswith("/rules.html") else url


def _(text: str) -> str:
    return _translate(text)


def game_title(title: str) -> str:
    """A game's title in the page's language: a word of the catalogue, marked where the picker
    shows it (index.html), as static/boot.js draws it there."""
    return _translate(title)


def ngettext(one: str, many: str, n: int) -> str:
    return _plural(one, many, n)


def N_(text: str) -> str:  # noqa: N802 - gettext's name for it
    """Marks ``text`` for the catalogues without translating it (:func:`marked` translates it
    where it is drawn)."""
    return text


def marked(text: str) -> str:
    """The translation of a string marked elsewhere with :func:`N_` (``_`` takes literals only:
    tools/i18n.py reads them)."""
    return _translate(text)


def in_context(text: str) -> str:
    """``in_context(N_("context|text"))`` (GLib's ``Q_``): a word that reads alike in English in
    two places but not in every language (a piece's name and its short mark on a tile, both
    "Spy" in English) has a msgid of its own. The translation, or the text after the bar where
    there is none."""
    words = _translate(text)
    return text.partition("|")[2] if words == text else words


def capital(text: str) -> str:
    """``text`` with a capital first letter (the rest as it is: German nouns keep theirs)."""
    return text[:1].upper() + text[1:]


def unbroken(text: str) -> str:
    """``text`` kept on one line: its spaces made no-break (a side such as "Hráč A" in a
    heading's parenthesis must not break inside it, in any language)."""
    return text.replace(" ", "\u00a0")


def refused(tried: object, reason: str) -> str:
    """A tap refused, said the same way in every game of the box: what was tried, as the board
    names it (a square ``d4``, a move ``b2–d4``), then why, in the game's words (its rule's
    sentence): ``b2–d4: A Hopper jumps in a straight line.``"""
    return _("{tried}: {reason}").format(tried=tried, reason=reason)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop."""
    text = capital(text.strip())
    if not text:
        return text
    return text if text.endswith((".", "!", "?")) else text + "."
