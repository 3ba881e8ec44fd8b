"""The page's language: the catalogue static/boot.js chose and started fetching
(``window.boxCatalogue``, a compiled ``py/lang/<lang>.mo``), installed for
:mod:`mortar.table.words` before the modules that draw are imported (some keep their words in
constants). English is the source: nothing is fetched or imported for it."""

from __future__ import annotations

from ..table import words


async def install_language() -> str:
    """Install the language ``<html lang>`` names and return it; English, and ``<html lang>``
    set back, if its catalogue cannot be had."""
    import js

    root = js.document.documentElement
    lang = str(root.getAttribute("lang") or "en")
    words.set_rules_page(str(getattr(js.window, "boxRulesPage", None) or "rules.html"))
    if lang == "en":
        return lang
    try:
        import gettext
        import io

        pending = getattr(js.window, "boxCatalogue", None)
        response = await (pending if pending is not None else js.fetch(f"./py/lang/{lang}.mo"))
        if not response.ok:
            raise RuntimeError(f"HTTP {response.status}")
        data = (await response.arrayBuffer()).to_bytes()
        words.install(gettext.GNUTranslations(io.BytesIO(data)))
    except Exception as exc:  # the page still plays, in English
        js.console.warn(f"language {lang}: its catalogue could not be loaded ({exc}); English instead")
        root.setAttribute("lang", "en")
        return "en"
    return lang
