"""What a screen in another language may not show (issue 24, issue 28): English left over (the
source strings' phrases the language translates, and a default name in English: "You", "Red"),
or in Serbian Cyrillic a Latin word. Used by ``test_languages.py`` and by the layout walk in
German and Serbian Cyrillic (``walk.py``)."""

from __future__ import annotations

import functools
import gettext
import io
import re

import i18n  # tools/i18n.py (conftest puts tools/ on the path)

# long names (the headers' and the facts' words must fit), in the language's script
NAMES = {"en": ("Alexandra", "Maximilian"), "de": ("Alexandra", "Maximilian"),
         "sr": ("Александра", "Максимилијан")}
LATIN_WORD = re.compile(r"\b[A-Za-z]{4,}\b")  # notation (a1, C2, FC6) is shorter
LATIN_NAMES = {"KARO", "JSON"}  # the KARO games' box, a name as published; a file's format
# The words a screen names a player by when no name is given: drawn in the page's language.
DEFAULT_NAMES = ("You", "Computer", "Red", "White", "Blue", "Player A", "Player B")
# the page's visible words; the language list names each language in its own (Deutsch, English)
VISIBLE_TEXT = """() => {
  let text = document.body.innerText;
  for (const option of document.querySelectorAll("select[data-lang-select] option"))
    text = text.split(option.textContent).join(" ");
  return text;
}"""


@functools.cache
def catalogue(lang: str) -> gettext.GNUTranslations:
    """The language's catalogue as the build compiles it (tools/i18n.py)."""
    return gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(*i18n.catalogue(lang))))


@functools.cache
def english_phrases(lang: str) -> tuple[str, ...]:
    """Pieces of the source strings (between placeholders) of three words or more that the
    language translates: none may be seen on a screen in it."""
    phrases = set()
    for entry in i18n.catalogue(lang)[1]:
        if not entry.translated or entry.msgstr[0] == entry.msgid:
            continue
        for piece in i18n.PLACEHOLDER.split(entry.msgid):
            piece = piece.strip(" .,:;!?()—–-…")
            if len(piece.split()) >= 3:
                phrases.add(piece)
    return tuple(sorted(phrases))


def english_left(page, lang: str, english: tuple[str, ...] = ()) -> list[str]:
    """What the screen shown says that is not in ``lang``: the words of ``english``, a
    translated phrase, a default name the language translates, a Latin word in Cyrillic."""
    text = page.evaluate(VISIBLE_TEXT)
    own = catalogue(lang)
    words = [*english, *(n for n in DEFAULT_NAMES if own.gettext(n) != n)]
    found = [f"English left: {w!r}" for w in words if re.search(rf"\b{re.escape(w)}\b", text)]
    found += [f"English left: {p!r}" for p in english_phrases(lang) if p in text]
    if lang == "sr":
        latin = sorted(set(LATIN_WORD.findall(text)) - LATIN_NAMES)
        if latin:
            found.append(f"Latin words in Cyrillic: {latin}")
    return found
