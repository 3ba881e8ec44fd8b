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


# --- the rules pages (mortar/games/<game>/static/rules.<lang>.html) ---------------------------
# Parametrized over the languages with a rules page for at least one game (i18n.rules_languages):
# a language's pages land together, and from then on every game must have one. Serbian
# Cyrillic's are made from Serbian Latin's (`python tools/i18n.py rules`).
RULES_LANGUAGES = i18n.rules_languages()
RULES_GAMES = [f.parent.name for f in i18n.rules_folders()]


def rules_text(game: str, lang: str) -> str:
    return i18n.rules_page(ROOT / i18n.GAMES / game / "static", lang).read_text(encoding="utf-8")


def test_the_rules_languages_are_the_pages_languages():
    boot = (ROOT / "static" / "boot.js").read_text(encoding="utf-8")
    listed = re.search(r"var RULES = \[(.*?)\];", boot, re.S)
    assert listed is not None
    assert sorted(re.findall(r'"([\w-]+)"', listed.group(1))) == sorted(RULES_LANGUAGES)
    assert {"de", "cs"} <= set(RULES_LANGUAGES)
    assert ("sr" in RULES_LANGUAGES) == ("sr-Latn" in RULES_LANGUAGES)


@pytest.mark.parametrize("lang", RULES_LANGUAGES)
@pytest.mark.parametrize("game", RULES_GAMES)
def test_every_game_has_its_rules_in_the_language(game, lang):
    page = i18n.rules_page(ROOT / i18n.GAMES / game / "static", lang)
    assert page.exists(), f"{page.relative_to(ROOT)} is missing"
    text = page.read_text(encoding="utf-8")
    assert f'<html lang="{lang}">' in text


@pytest.mark.parametrize("lang", RULES_LANGUAGES)
@pytest.mark.parametrize("game", RULES_GAMES)
def test_a_translated_rules_page_has_the_english_ones_outline(game, lang):
    """The same elements in the same order with the same ids, classes and other attributes
    (aria-label, alt and title aside: words), hence the same pictures; a picture's labels that
    are not words (a1, C3/NE, 5) the same too."""
    english = i18n.outline(rules_text(game, "en"))
    translated = i18n.outline(rules_text(game, lang))
    for i, (a, b) in enumerate(zip(english, translated, strict=False)):
        assert a == b, f"item {i}: {a} in English, {b} in {lang}"
    assert len(english) == len(translated)


@pytest.mark.parametrize("game", RULES_GAMES)
def test_a_translated_rules_page_is_translated(game):
    """Its title and first heading are not the English ones (a page copied, not translated)."""
    def heads(text: str) -> list[str]:
        return re.findall(r"<(?:title|h1|h2)>(.*?)</", text, re.S)
    english = heads(rules_text(game, "en"))
    for lang in RULES_LANGUAGES:
        assert not set(heads(rules_text(game, lang))) & set(english) - {""}, lang


@pytest.mark.parametrize("game", RULES_GAMES)
def test_the_cyrillic_rules_page_is_made_from_the_latin_one(game):
    folder = ROOT / i18n.GAMES / game / "static"
    latin, cyrillic = i18n.rules_page(folder, "sr-Latn"), i18n.rules_page(folder, "sr")
    assert latin.exists() == cyrillic.exists(), "run `python tools/i18n.py rules`"
    if latin.exists():
        assert cyrillic.read_text(encoding="utf-8") == \
            i18n.cyrillic_page(latin.read_text(encoding="utf-8")), "run `python tools/i18n.py rules`"


def test_the_cyrillic_page_keeps_markup_pictures_and_notation(tmp_path):
    latin = ('<html lang="sr-Latn"><title>Pravila</title><p class="lj" id="nj">Ljubav &amp; C3/NE '
             '<b>džep</b> a1</p><svg aria-label="Polje I"><text x="1">I</text>'
             '<text>polje</text></svg><!-- njiva --></html>')
    assert i18n.cyrillic_page(latin) == (
        '<html lang="sr"><title>Правила</title><p class="lj" id="nj">Љубав &amp; C3/NE '
        '<b>џеп</b> a1</p><svg aria-label="Поље И"><text x="1">I</text>'
        '<text>поље</text></svg><!-- njiva --></html>')
    folder = tmp_path / i18n.GAMES / "g" / "static"
    folder.mkdir(parents=True)
    (folder / "rules.html").write_text("<p>x</p>")
    (folder / "rules.sr-Latn.html").write_text(latin)
    assert i18n.rules(tmp_path) == [folder / "rules.sr.html"]
    assert i18n.rules(tmp_path) == []  # up to date
    assert i18n.rules_languages(tmp_path) == ["sr-Latn", "sr"]


def test_an_outline_sees_a_changed_picture_or_class_but_not_words():
    page = '<p class="a">Hello</p><svg aria-label="Board"><rect x="1"/><text>A</text><text>row</text></svg>'
    same = '<p class="a">Hallo</p><svg aria-label="Brett"><rect x="1"/><text>A</text><text>Reihe</text></svg>'
    assert i18n.outline(page) == i18n.outline(same)
    for changed in (page.replace('x="1"', 'x="2"'), page.replace('class="a"', 'class="b"'),
                    page.replace(">A<", ">B<"), page.replace("<p ", "<div ").replace("</p>", "</div>")):
        assert i18n.outline(page) != i18n.outline(changed)


def test_the_start_screens_rules_link_follows_the_language():
    url = "./mortar/games/four_circles/static/rules.html"
    try:
        assert words.rules_url(url) == url
        words.set_rules_page("rules.de.html")
        assert words.rules_url(url) == "./mortar/games/four_circles/static/rules.de.html"
        words.set_rules_page("../evil.html")
        assert words.rules_url(url) == url
    finally:
        words.set_rules_page("rules.html")


def test_the_inactivity_draw_counts_the_tables_own_limit_in_czech():
    """The limit is the table's (1 to many): each count takes its own Czech form."""
    from mortar.games.marsal_a_spion.board import Player
    from mortar.games.marsal_a_spion.rules import Outcome, Termination
    from mortar.games.marsal_a_spion.table.texts import outcome_text
    header, entries = i18n.catalogue("cs")
    words.install(gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(header, entries))))
    try:
        names = {p: p.value for p in Player}
        got = [outcome_text(Outcome(None, Termination.INACTIVITY, n), names, stuck=Player.RED, limit=n)
               for n in (1, 3, 200)]
    finally:
        words.install(None)
    assert got == ["Remíza: 1 tah bez útoku.", "Remíza: 3 tahy po sobě bez útoku.",
                   "Remíza: 200 tahů po sobě bez útoku."]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_heading_never_breaks_inside_a_players_side(lang):
    """"Ann (Hráč A)" broke as "(Hráč" / "A)" in Czech: the side is one unbreakable word, alone or
    in the parenthesis, in every language."""
    from mortar.table.names import Names
    header, entries = i18n.catalogue(lang)
    words.install(gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(header, entries))))
    try:
        side = words._("Player {p}").format(p="A")
        names = Names({"A": "Ann Marie", "B": None}, {"A": side, "B": side.replace("A", "B")})
        titled, alone = names.titled("A"), names.titled("B")
    finally:
        words.install(None)
    assert " " in side
    assert titled.startswith("Ann Marie") and side.replace(" ", "\u00a0") in titled  # the name may break
    assert " " not in alone and alone == side.replace("A", "B").replace(" ", "\u00a0")


def test_every_short_mark_on_a_tile_is_short_in_every_language():
    """Maršál a Špión's marks on its tiles ("Mar", "Spy") are at most four letters in every
    language: the Serbian tray drew the names "Шпијун" and "Застава" (which shared their
    msgid with the marks) across the tiles' edges."""
    import ast
    source = (ROOT / "mortar" / "games" / "marsal_a_spion" / "table" / "texts.py").read_text(encoding="utf-8")
    mark = next(node.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name) and node.target.id == "MARK")
    msgids = {n.value for n in ast.walk(mark) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert len(msgids) == 11 and "mark|Spy" in msgids
    for lang in i18n.LANGUAGES:
        table = {e.msgid: e.msgstr[0] for e in i18n.catalogue(lang)[1] if e.plural is None}
        long = {m: table[m] for m in msgids if len(table.get(m) or m.partition("|")[2] or m) > 4}
        assert not long, (lang, long)
