"""The catalogues (locale/, tools/i18n.py): every marked string of the sources in the template
and in every language, none stale, well formed, the same placeholders in a translation as in its
source, CLDR's plural forms; what the build compiles is what Python's gettext reads."""

from __future__ import annotations

import gettext
import io
import re
import sys

import pytest

from mortar.table import words
from tools.imports import ROOT

pytestmark = pytest.mark.cpython_only

sys.path.insert(0, str(ROOT / "tools"))
import i18n  # noqa: E402

TEMPLATE = ROOT / i18n.LOCALE / i18n.TEMPLATE
# The plural form gettext must pick for 1, 2, 5 and 21 (CLDR: "1 tah, 2 tahy, 5 tahů, 21 tahů";
# Serbian "21 potez" takes the form of 1).
FORMS = {"cs": [0, 1, 2, 2], "sk": [0, 1, 2, 2], "sr-Latn": [0, 1, 2, 0], "sr": [0, 1, 2, 0],
         "de": [0, 1, 1, 1]}


def po(lang: str) -> tuple[str, list[i18n.Entry]]:
    path = ROOT / i18n.LOCALE / f"{lang}.po"
    return i18n.parse_po(path.read_text(encoding="utf-8"), path.name)


def test_the_template_holds_every_marked_string_of_the_sources():
    _header, entries = i18n.parse_po(TEMPLATE.read_text(encoding="utf-8"), TEMPLATE.name)
    have = {e.key for e in entries}
    source = {e.key for e in i18n.extract()}
    assert source - have == set(), "run `python tools/i18n.py update`"
    assert have - source == set(), "stale strings: run `python tools/i18n.py update`"


@pytest.mark.parametrize("lang", list(i18n.PLURALS))
def test_each_catalogue_has_the_templates_strings_and_none_stale(lang):
    header, entries = po(lang)
    live = [e.key for e in entries if not e.obsolete]
    assert len(live) == len(set(live)), "a string twice"
    assert set(live) == {e.key for e in i18n.extract()}, "run `python tools/i18n.py update`"
    assert f"Plural-Forms: {i18n.PLURALS[lang]}" in header
    assert f"Language: {lang}\n" in header
    for e in entries:
        assert len(e.msgstr) == (1 if e.plural is None else i18n.nplurals(header)), e.msgid


def placeholders(text: str) -> set[str]:
    return set(i18n.PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", list(i18n.PLURALS))
def test_translations_keep_the_placeholders_of_their_source(lang):
    for e in po(lang)[1]:
        if e.obsolete:
            continue
        for i, text in enumerate(e.msgstr):
            if not text:
                continue
            if e.plural is None:
                assert placeholders(text) == placeholders(e.msgid), (e.msgid, text)
            else:  # a form for one may leave the count out ("one move"), never add a name; a
                # name the two English forms spell apart ("{piece}", "{pieces}") may serve any form
                named = (placeholders(e.msgid) & placeholders(e.plural)) - {"{n}"}
                source = placeholders(e.msgid) | placeholders(e.plural)
                assert named <= placeholders(text) <= source, (e.msgid, i, text)


def test_a_malformed_catalogue_is_refused():
    good = 'msgid ""\nmsgstr "Language: cs\\n"\n\nmsgid "a"\nmsgstr "b"\n'
    assert i18n.parse_po(good)[1][0].msgstr == ["b"]
    for bad in [good + 'msgid "c"\n', good.replace('"b"', '"b'), good.replace('"b"', '"\\q"'),
                good + 'msgid "c"\nmsgid_plural "d"\nmsgstr "e"\n', good + 'msgstr "x"\n',
                'msgid "a"\nmsgstr "b"\n', good.replace("msgstr", "msgtxt", 2)]:
        with pytest.raises(i18n.PoError):
            i18n.parse_po(bad)


def test_only_literal_strings_are_marked(tmp_path):
    (tmp_path / "mortar").mkdir()
    (tmp_path / "mortar" / "x.py").write_text("_(name)\n")
    for name in i18n.BOOT_SOURCES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    with pytest.raises(i18n.PoError, match="not a literal"):
        i18n.extract(tmp_path)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plurals_follow_cldr_through_gettext(lang):
    header, entries = i18n.catalogue(lang)
    forms = i18n.nplurals(header)
    probe = i18n.Entry("{n} probe", "{n} probes", [f"form {i}" for i in range(forms)])
    catalogue = gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(header, [*entries, probe])))
    got = [catalogue.ngettext("{n} probe", "{n} probes", n) for n in (1, 2, 5, 21)]
    assert got == [f"form {i}" for i in FORMS[lang]]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_compiled_catalogue_gives_each_translation(lang):
    header, entries = i18n.catalogue(lang)
    catalogue = gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(header, entries)))
    for e in entries:
        if e.translated and e.plural is None:
            assert catalogue.gettext(e.msgid) == e.msgstr[0]
        elif not e.translated and e.plural is None:
            assert catalogue.gettext(e.msgid) == e.msgid  # English where a string is not translated


def test_serbian_cyrillic_is_the_latin_catalogue_letter_for_letter():
    latin = "Ljubav, njiva, džep, Đorđe: {winner} pobeđuje"
    assert i18n.cyrillic(latin) == "Љубав, њива, џеп, Ђорђе: {winner} побеђује"
    # notation stays as the games write it; Serbian words of one letter are words
    assert i18n.cyrillic("Pravilo FC6: sa a1 na B2, raspored A, B ili C, 4 MB") == \
        "Правило FC6: са a1 на B2, распоред A, B или C, 4 MB"
    assert i18n.cyrillic("U redu. I tako") == "У реду. И тако"
    header, entries = i18n.catalogue("sr")
    assert "Language: sr\n" in header
    for e in entries:
        for text in e.msgstr:
            assert not re.search(r"[a-zčćđšž]{2}", i18n.PLACEHOLDER.sub("", text)), text


def test_installed_catalogues_translate_the_marked_words():
    header = i18n.header_for("de")
    probes = [i18n.Entry("Easy", None, ["Leicht"]),
              i18n.Entry("{n} move", "{n} moves", ["ein Zug", "{n} Züge"])]
    words.install(gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(header, probes))))
    try:
        assert words._("Easy") == "Leicht"
        assert words._("no such string") == "no such string"
        assert [words.ngettext("{n} move", "{n} moves", n) for n in (1, 3)] == ["ein Zug", "{n} Züge"]
    finally:
        words.install(None)
    assert words._("Easy") == "Easy"


def test_the_page_offers_every_language_of_the_catalogues():
    boot = (ROOT / "static" / "boot.js").read_text(encoding="utf-8")
    names = re.search(r"var NAMES = \{(.*?)\};", boot, re.S)
    assert names is not None
    codes = set(re.findall(r'"?([\w-]+)"?\s*:', names.group(1)))
    assert codes == {"en", *i18n.LANGUAGES}
