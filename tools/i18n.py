"""The box's catalogues: extract the marked strings, update the .po files, compile them.

    python tools/i18n.py update     # locale/box.pot from the sources; every locale/<lang>.po merged
    python tools/i18n.py stats      # translated strings per language and per part of the box
    python tools/i18n.py rules      # each game's rules.sr.html (Cyrillic) from its rules.sr-Latn.html

Strings are marked in Python with ``_("…")``, ``ngettext("…", "…", n)`` and ``N_("…")`` (marked,
translated where drawn: mortar/table/words.py),
in static/*.js with ``t("…")``, and in index.html on elements carrying ``data-t`` (their text,
when they have no child element, and their aria-label, alt, title and data-title). English is
the source and has no catalogue. ``locale/<lang>.po`` is one language (``sr-Latn.po`` is Serbian
in Latin script; Serbian Cyrillic, ``sr``, is transliterated from it by the build, as Serbian
Latin maps to Cyrillic letter for letter). The build (tools/serve.py, tools/dist.py) writes
``py/lang/<lang>.mo`` for Python's gettext and ``py/lang/<lang>.json``, the strings of the page
drawn before Python starts (static/boot.js), for each language.
"""

from __future__ import annotations

import ast
import html.parser
import json
import re
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = "locale"
TEMPLATE = "box.pot"
# CLDR's cardinal plurals as gettext expressions (Czech and Slovak "many" is for fractions only).
PLURALS = {
    "cs": "nplurals=3; plural=(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2);",
    "sk": "nplurals=3; plural=(n==1 ? 0 : n>=2 && n<=4 ? 1 : 2);",
    "sr-Latn": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
               "n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2);",
    "de": "nplurals=2; plural=(n != 1);",
}
DERIVED = {"sr": "sr-Latn"}  # a language built from another's catalogue (transliterated)
LANGUAGES = (*PLURALS, *DERIVED)
BOOT_SOURCES = ("index.html", "static/boot.js", "static/shell.js")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_JS_MARK = re.compile(r"""\b(?:t|N_)\(\s*"((?:[^"\\]|\\.)*)"\s*\)""")
_ATTRS = ("aria-label", "alt", "title", "data-title")


class PoError(ValueError):
    pass


@dataclass
class Entry:
    msgid: str
    plural: str | None = None
    msgstr: list[str] = field(default_factory=lambda: [""])
    refs: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.msgid, self.plural)

    @property
    def translated(self) -> bool:
        return all(self.msgstr)


# --- extraction -----------------------------------------------------------------------------

def _python_strings(path: Path, root: Path) -> list[Entry]:
    out = []
    ref = path.relative_to(root).as_posix()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_", "ngettext")):
            continue
        count = 2 if node.func.id == "ngettext" else 1
        args = node.args[:count]
        if len(args) < count or not all(isinstance(a, ast.Constant) and isinstance(a.value, str)
                                        for a in args):
            raise PoError(f"{ref}:{node.lineno}: {node.func.id}() of something not a literal string")
        texts = [a.value for a in args if isinstance(a, ast.Constant)]
        out.append(Entry(texts[0], texts[1] if count == 2 else None,
                         ["", ""] if count == 2 else [""], [ref]))
    return out


class _Marked(html.parser.HTMLParser):
    """The strings of index.html's elements marked ``data-t``."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.stack: list[tuple[str, bool, list[str], bool]] = []  # tag, marked, text, has child

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if self.stack:
            self.stack[-1] = (*self.stack[-1][:3], True)
        marked = "data-t" in values
        if marked:
            self.found += [v for k, v in attrs if k in _ATTRS and v]
        if tag not in ("img", "meta", "link", "input", "br", "source"):
            self.stack.append((tag, marked, [], False))

    def handle_endtag(self, tag):
        while self.stack:
            name, marked, text, child = self.stack.pop()
            if marked and not child and " ".join("".join(text).split()):
                self.found.append(" ".join("".join(text).split()))
            if name == tag:
                return

    def handle_data(self, data):
        if self.stack:
            self.stack[-1][2].append(data)


def boot_strings(root: Path = ROOT) -> list[str]:
    """The strings drawn by the page before Python starts, in order, once each."""
    found: list[str] = []
    for name in BOOT_SOURCES:
        text = (root / name).read_text(encoding="utf-8")
        if name.endswith(".html"):
            parser = _Marked()
            parser.feed(text)
            found += parser.found
        else:
            found += [json.loads(f'"{m}"') for m in _JS_MARK.findall(text)]
    return list(dict.fromkeys(found))


def extract(root: Path = ROOT) -> list[Entry]:
    """Every marked string of the box, in source order, once each (its places merged)."""
    entries: dict[tuple[str, str | None], Entry] = {}

    def add(entry: Entry) -> None:
        if entry.key in entries:
            known = entries[entry.key]
            known.refs += [r for r in entry.refs if r not in known.refs]
        else:
            entries[entry.key] = entry

    for text in boot_strings(root):
        add(Entry(text, refs=["index.html"]))
    for path in sorted((root / "mortar").rglob("*.py")):
        if "__pycache__" not in path.parts:
            for entry in _python_strings(path, root):
                add(entry)
    return list(entries.values())


# --- .po files ------------------------------------------------------------------------------

def _quote(text: str) -> str:
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
                  .replace("\t", "\\t")) + '"'


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str, where: str) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a quoted string, got {text!r}")
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c == '"':
            raise PoError(f"{where}: unescaped quote")
        if c == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise PoError(f"{where}: bad escape")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def parse_po(text: str, name: str = "po") -> tuple[str, list[Entry]]:
    """The header (msgstr of the empty msgid) and the entries of a .po file; PoError if malformed."""
    header: str | None = None
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    refs: list[str] = []
    obsolete = False
    last: str | None = None

    def finish(where: str) -> None:
        nonlocal header, fields, refs, obsolete, last
        if not fields:
            return
        if "msgid" not in fields:
            raise PoError(f"{where}: an entry without msgid")
        if fields["msgid"] == "" and not obsolete:
            if header is not None:
                raise PoError(f"{where}: a second header")
            header = fields.get("msgstr", "")
        else:
            plural = fields.get("msgid_plural")
            if plural is None:
                if "msgstr" not in fields or any(k.startswith("msgstr[") for k in fields):
                    raise PoError(f"{where}: msgid {fields['msgid']!r} needs one msgstr")
                strs = [fields["msgstr"]]
            else:
                n = sum(k.startswith("msgstr[") for k in fields)
                if n == 0 or any(f"msgstr[{i}]" not in fields for i in range(n)):
                    raise PoError(f"{where}: msgid {fields['msgid']!r} needs msgstr[0..n]")
                strs = [fields[f"msgstr[{i}]"] for i in range(n)]
            entries.append(Entry(fields["msgid"], plural, strs, refs, obsolete))
        fields, refs, obsolete, last = {}, [], False, None

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        is_obsolete = line.startswith("#~")
        if is_obsolete:
            line = line[2:].strip()
        if not line:
            finish(where)
            continue
        if line.startswith("#"):
            if fields:
                finish(where)
            if line.startswith("#:"):
                refs += line[2:].split()
            continue
        keyword, _space, rest = line.partition(" ")
        if line.startswith('"'):
            if last is None:
                raise PoError(f"{where}: a string continues nothing")
            fields[last] += _unquote(line, where)
            continue
        if not re.fullmatch(r"msgid|msgid_plural|msgstr|msgstr\[\d\]", keyword):
            raise PoError(f"{where}: unknown keyword {keyword!r}")
        if keyword == "msgid" and fields:
            finish(where)
        if keyword in fields:
            raise PoError(f"{where}: {keyword} twice")
        obsolete = obsolete or is_obsolete
        fields[keyword] = _unquote(rest.strip(), where)
        last = keyword
    finish(name)
    if header is None:
        raise PoError(f"{name}: no header")
    return header, entries


def header_for(lang: str) -> str:
    plural = PLURALS.get(lang, "nplurals=2; plural=(n != 1);")
    return (f"Language: {lang}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
            f"Content-Transfer-Encoding: 8bit\nPlural-Forms: {plural}\n")


def format_po(header: str, entries: list[Entry], title: str) -> str:
    lines = [f"# {title}", "# Written by tools/i18n.py update: edit the msgstr lines only.",
             'msgid ""', 'msgstr ""', *(_quote(x + "\n") for x in header.splitlines()), ""]
    for e in sorted(entries, key=lambda e: e.obsolete):
        mark = "#~ " if e.obsolete else ""
        if e.refs and not e.obsolete:
            lines.append("#: " + " ".join(e.refs))
        lines.append(f"{mark}msgid {_quote(e.msgid)}")
        if e.plural is None:
            lines.append(f"{mark}msgstr {_quote(e.msgstr[0])}")
        else:
            lines.append(f"{mark}msgid_plural {_quote(e.plural)}")
            lines += [f"{mark}msgstr[{i}] {_quote(s)}" for i, s in enumerate(e.msgstr)]
        lines.append("")
    return "\n".join(lines)


def nplurals(header: str) -> int:
    m = re.search(r"nplurals\s*=\s*(\d+)", header)
    return int(m.group(1)) if m else 2


def merge(template: list[Entry], old: list[Entry], forms: int) -> list[Entry]:
    """msgmerge's work: the template's entries with the old translations kept; the old entries
    the sources no longer have are kept as obsolete (``#~``)."""
    known = {e.key: e for e in old}
    out = []
    for t in template:
        was = known.pop(t.key, None)
        empty = [""] * (forms if t.plural is not None else 1)
        strs = was.msgstr if was is not None and len(was.msgstr) == len(empty) else empty
        out.append(Entry(t.msgid, t.plural, list(strs), list(t.refs)))
    out += [Entry(e.msgid, e.plural, e.msgstr, [], True) for e in known.values() if any(e.msgstr)]
    return out


def update(root: Path = ROOT) -> None:
    template = extract(root)
    folder = root / LOCALE
    folder.mkdir(exist_ok=True)
    (folder / TEMPLATE).write_text(format_po(header_for("en"), template,
                                             "The box's strings (the template)."), encoding="utf-8")
    for lang in PLURALS:
        path = folder / f"{lang}.po"
        header, old = (parse_po(path.read_text(encoding="utf-8"), path.name) if path.exists()
                       else (header_for(lang), []))
        entries = merge(template, old, nplurals(header))
        path.write_text(format_po(header, entries, f"The box in {lang}."), encoding="utf-8")


# --- Serbian Cyrillic from Latin -------------------------------------------------------------

_DIGRAPHS = {"lj": "љ", "nj": "њ", "dž": "џ", "Lj": "Љ", "Nj": "Њ", "Dž": "Џ", "LJ": "Љ", "NJ": "Њ",
             "DŽ": "Џ"}
_LETTERS = dict(zip("abcčćdđefghijklmnoprsštuvzž", "абцчћдђефгхијклмнопрсштувзж", strict=True))
_LETTERS.update({k.upper(): v.upper() for k, v in list(_LETTERS.items())})
# Board notation stays as each game writes it (a1, FC6, layouts A, B, C, MB): a word with a
# digit, capitals only, or one capital that is not a Serbian word of one letter (U, I, O, S, K).
_NOTATION = r"(?<!\w)(?:[A-Za-z]*\d[A-Za-z\d]*|[A-Z]{2,}|[A-HJL-NP-RTV-Z])(?!\w)"
_TOKEN = re.compile(r"\{[^{}]*\}|<[^<>]*>|(" + _NOTATION + ")|" + "|".join(_DIGRAPHS) + r"|.", re.S)


def cyrillic(text: str) -> str:
    """Serbian Latin in Cyrillic script; placeholders, markup and notation stay as they are."""
    return "".join(m.group() if m.group(1) or len(m.group()) > 2
                   else _DIGRAPHS.get(m.group(), _LETTERS.get(m.group(), m.group()))
                   for m in _TOKEN.finditer(text))


# --- the rules pages -------------------------------------------------------------------------
# Each game's rules page is ``mortar/games/<game>/static/rules.html`` in English and
# ``rules.<lang>.html`` in another language, the same page with its words translated (same
# elements, ids, classes and pictures: tests/test_languages.py compares their outlines). Serbian
# Cyrillic's ``rules.sr.html`` is made from ``rules.sr-Latn.html`` by ``rules`` below.

GAMES = "mortar/games"
RULES_WORDS = ("aria-label", "alt", "title")  # the attributes of a rules page that are words
_PAGE_PARTS = re.compile(r"(<!--.*?-->|<[^<>]*>|&#?\w+;)", re.S)
_WORD_ATTR = re.compile(r"(?<=\s)(" + "|".join(RULES_WORDS) + r')(=")([^"]*)(")')


def has_word(text: str) -> bool:
    """Two letters in a row, the second small: a word, not notation (a1, C3/NE, I, 12)."""
    return any(a.isalpha() and b.isalpha() and b.islower() for a, b in zip(text, text[1:]))


def rules_page(folder: Path, lang: str) -> Path:
    """A game's rules page in a language (``folder``: the game's static/ folder)."""
    return folder / ("rules.html" if lang == "en" else f"rules.{lang}.html")


def rules_folders(root: Path = ROOT) -> list[Path]:
    """The static/ folder of every game with a rules page."""
    return sorted(p.parent for p in (root / GAMES).glob("*/static/rules.html"))


def rules_languages(root: Path = ROOT) -> list[str]:
    """The languages with a rules page for at least one game (then every game must have one)."""
    return [lang for lang in LANGUAGES
            if any(rules_page(f, lang).exists() for f in rules_folders(root))]


def cyrillic_page(text: str) -> str:
    """A Serbian Latin page in Cyrillic: its text and its word attributes (aria-label, alt,
    title); never tags, other attributes, comments, entities or notation. ``<html lang>``
    becomes ``sr``."""
    out, svg = [], 0
    for i, part in enumerate(_PAGE_PARTS.split(text)):
        if i % 2 == 0:  # text; a picture's label with no word (a column's I, C3/NE) stays
            out.append(cyrillic(part) if not svg or has_word(part) else part)
        elif part.startswith("<") and not part.startswith("<!"):
            svg += 1 if re.match(r"<svg\b", part) else -1 if re.match(r"</svg\b", part) else 0
            part = _WORD_ATTR.sub(lambda m: m[1] + m[2] + cyrillic(m[3]) + m[4], part)
            if re.match(r"<html\b", part):
                part = part.replace('lang="sr-Latn"', 'lang="sr"')
            out.append(part)
        else:
            out.append(part)
    return "".join(out)


def rules(root: Path = ROOT) -> list[Path]:
    """Write every game's rules.sr.html from its rules.sr-Latn.html; the pages written."""
    written = []
    for folder in rules_folders(root):
        source = rules_page(folder, "sr-Latn")
        if not source.exists():
            continue
        target = rules_page(folder, "sr")
        text = cyrillic_page(source.read_text(encoding="utf-8"))
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written


class _Outline(html.parser.HTMLParser):
    """A page's elements in order with their attributes, less its words: what a translation
    keeps. The text of an SVG label that has no word (a1, 3, C3/NE) is kept too."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[tuple[str, ...]] = []
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        kept = tuple(f"{k}={v}" for k, v in attrs if k not in (*RULES_WORDS, "lang"))
        self.items.append(("<" + tag, *kept))
        if tag not in ("meta", "link", "br", "img", "input", "hr", "source", "wbr"):
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            while self.open.pop() != tag:
                pass
        self.items.append(("/" + tag,))

    def handle_data(self, data):
        if "svg" in self.open and data.strip() and not has_word(data):
            self.items.append(("text", data.strip()))


def outline(text: str) -> list[tuple[str, ...]]:
    parser = _Outline()
    parser.feed(text)
    parser.close()
    return parser.items


# --- compiled catalogues ----------------------------------------------------------------------

def catalogue(lang: str, root: Path = ROOT) -> tuple[str, list[Entry]]:
    """A language's header and entries, a derived language's made from its source."""
    source = DERIVED.get(lang, lang)
    path = root / LOCALE / f"{source}.po"
    header, entries = parse_po(path.read_text(encoding="utf-8"), path.name)
    entries = [e for e in entries if not e.obsolete]
    if lang in DERIVED:
        header = header.replace(f"Language: {source}", f"Language: {lang}")
        entries = [Entry(e.msgid, e.plural, [cyrillic(s) for s in e.msgstr], e.refs)
                   for e in entries]
    return header, entries


def mo_bytes(header: str, entries: list[Entry]) -> bytes:
    """GNU .mo of the translated entries (what msgfmt writes; gettext.GNUTranslations reads it)."""
    pairs = {"": header}
    for e in entries:
        if e.translated:
            key = e.msgid if e.plural is None else f"{e.msgid}\0{e.plural}"
            pairs[key] = "\0".join(e.msgstr)
    keys = sorted(pairs)
    ids = [k.encode() for k in keys]
    strs = [pairs[k].encode() for k in keys]
    start = 7 * 4 + 16 * len(keys)
    offsets, data = [], b""
    for blob in ids + strs:
        offsets.append((len(blob), start + len(data)))
        data += blob + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    table = b"".join(struct.pack("<2I", n, o) for n, o in offsets)
    return head + table + data


def boot_json(entries: list[Entry], root: Path = ROOT) -> bytes:
    wanted = set(boot_strings(root))
    table = {e.msgid: e.msgstr[0] for e in entries
             if e.plural is None and e.msgid in wanted and e.translated}
    return json.dumps(table, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def build(root: Path, out: Path) -> dict[str, Path]:
    """Write ``out/<lang>.mo`` and ``out/<lang>.json`` for every language when stale; their paths
    by name (``lang/cs.mo``)."""
    sources = [*(root / LOCALE).glob("*.po"), *(root / s for s in BOOT_SOURCES)]
    newest = max(p.stat().st_mtime for p in sources)
    built = {}
    out.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        mo, js = out / f"{lang}.mo", out / f"{lang}.json"
        if not (mo.exists() and js.exists() and min(mo.stat().st_mtime, js.stat().st_mtime) >= newest):
            header, entries = catalogue(lang, root)
            mo.write_bytes(mo_bytes(header, entries))
            js.write_bytes(boot_json(entries, root))
        built[f"lang/{lang}.mo"], built[f"lang/{lang}.json"] = mo, js
    return built


# --- how much is translated -----------------------------------------------------------------

def part_of(ref: str) -> str:
    m = re.match(r"mortar/games/([^/]+)/", ref)
    return m.group(1) if m else "table"


def stats(root: Path = ROOT) -> dict[str, dict[str, tuple[int, int]]]:
    """Per language, per part of the box (the table with the page, each game): (translated, all)."""
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for lang in PLURALS:
        counts: dict[str, tuple[int, int]] = {}
        for e in catalogue(lang, root)[1]:
            for part in {part_of(r) for r in e.refs}:
                done, total = counts.get(part, (0, 0))
                counts[part] = (done + e.translated, total + 1)
        out[lang] = counts
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
        return 0
    if argv[:1] == ["rules"]:
        for path in rules():
            print("wrote", path.relative_to(ROOT))
        return 0
    if argv[:1] == ["stats"]:
        for lang, counts in stats().items():
            print(lang, "  ".join(f"{p} {d}/{t} ({100 * d // max(t, 1)} %)"
                                  for p, (d, t) in sorted(counts.items())))
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
