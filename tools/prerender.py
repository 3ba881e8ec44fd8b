"""Each game's first screen before Python, in each language: ``py/start/<game>.<lang>.html``.

    python tools/prerender.py [OUT]     # write them all (default py/start), stale or not

The build (tools/serve.py's archives, so also tools/dist.py) calls :func:`build`, which writes
them when a source or a catalogue is newer. Each file is the table's own start screen
(:mod:`mortar.table.first_screen`) drawn by CPython with the language's catalogue installed,
as the page installs it before anything that draws is imported: some modules keep translated
words in constants, so every language is drawn in modules imported afresh, in an interpreter of
its own (the build's own modules are never touched).
"""

from __future__ import annotations

import gettext
import io
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import i18n  # noqa: E402

FOLDER = "start"  # under py/


def languages() -> tuple[str, ...]:
    return ("en", *i18n.LANGUAGES)


def file_name(game: str, lang: str) -> str:
    return f"{game}.{lang}.html"


def install(lang: str, root: Path = ROOT) -> None:
    """Draw in ``lang`` from now on, as mortar/web/language.py does in the page: its catalogue
    and its rules pages (English where a language has none: static/boot.js RULES)."""
    from mortar.table import words

    rules = "rules.html" if lang == "en" or lang not in i18n.rules_languages(root) \
        else f"rules.{lang}.html"
    words.set_rules_page(rules)
    if lang == "en":
        words.install(None)
        return
    header, entries = i18n.catalogue(lang, root)
    words.install(gettext.GNUTranslations(io.BytesIO(i18n.mo_bytes(header, entries))))


def fresh() -> None:
    """Forget every module of the box, so that the next import draws in the language installed
    after it (call before :func:`install`)."""
    for name in [n for n in sys.modules if n == "mortar" or n.startswith("mortar.")]:
        del sys.modules[name]


def pages(lang: str, root: Path = ROOT) -> dict[str, str]:
    """Every seated game's first screen in ``lang`` (modules imported afresh): name -> text."""
    fresh()
    install(lang, root)
    from mortar import games
    from mortar.table import first_screen

    return {e.name: first_screen.page(games.table(e.name)) for e in games.entries() if e.seated}


def write(out: Path, root: Path = ROOT) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in languages():
        for game, text in pages(lang, root).items():
            path = out / file_name(game, lang)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
            written.append(path)
    return written


def sources(root: Path) -> list[Path]:
    return [*(p for p in (root / "mortar").rglob("*.py") if "__pycache__" not in p.parts),
            *(root / i18n.LOCALE).glob("*.po"), Path(__file__), Path(i18n.__file__)]


def expected(root: Path, out: Path) -> dict[str, Path]:
    """The files of every game in every language: ``start/<file>`` -> path. The games are the
    registry's seated ones, read from their packages' folders (nothing of the box imported)."""
    from serve import game_packages

    return {f"{FOLDER}/{file_name(game, lang)}": out / file_name(game, lang)
            for game in game_packages(root) for lang in languages()}


def build(root: Path, out: Path) -> dict[str, Path]:
    """Write ``out/<game>.<lang>.html`` for every game and language when any is missing or older
    than a source, in an interpreter of its own; their paths by name (``start/<file>``)."""
    files = expected(root, out)
    newest = max(p.stat().st_mtime for p in sources(root))
    if all(p.exists() and p.stat().st_mtime >= newest for p in files.values()):
        return files
    subprocess.run([sys.executable, __file__, str(out)], cwd=root, check=True)
    missing = [name for name, p in files.items() if not p.exists()]
    if missing:
        raise SystemExit(f"tools/prerender.py did not write {missing}")
    return files


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    out = Path(argv[0]) if argv else ROOT / "py" / FOLDER
    for path in write(out):
        print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
