"""The test-only game's walker (hidden tic-tac-toe, tests/boxgames), and how its page is served:
only in the tests, by routes of the test's own browser context. The page is the box's own
(index.html with one more game card, main.py registering the game first); the game's archive
(``py/games/hidden-tictactoe.zip``) is built here from tests/boxgames, as the box's package
``mortar.games.hidden_tictactoe`` with the kit modules it needs. Nothing is added to the site.
"""

from __future__ import annotations

import io
import zipfile

from walk import ROOT, Walk

from ui_driver import Driver

NAME, PACKAGE = "hidden-tictactoe", "hidden_tictactoe"
PATH = f"?game={NAME}"
CARD = (f'<li><a class="game-card" href="./?game={NAME}" data-game="{NAME}" data-package="{PACKAGE}" '
        'data-title="Hidden tic-tac-toe"><span class="game-text"><span class="game-name">Hidden '
        'tic-tac-toe</span></span></a></li>')
REGISTER = ("from mortar import games as _games\n"
            f"_games.register(_games.Entry({NAME!r}, 'Hidden tic-tac-toe', 'A test game.', 'the tests', "
            f"'mortar.games.{PACKAGE}'))\n")
RULES = ("<!doctype html><html lang='en'><head><title>Hidden tic-tac-toe</title></head><body>"
         "<main class='rules'><h2>How to play</h2><p>Three in a row wins; each player's first mark "
         "is hidden from the other.</p></main></body></html>")


def archive() -> bytes:
    """The game's package and the modules of the kit and the table it loads that the core
    archive does not hold: read from the import graph, as tools/serve.py builds a game's."""
    import imports  # (tools/, on the path by conftest.py)

    import serve

    own = sorted((ROOT / "tests" / "boxgames" / PACKAGE).glob("*.py"))
    paths = imports.modules(ROOT)
    needs: set[str] = set()
    for path in own:
        needs |= imports.imports_of(f"mortar.games.{PACKAGE}.{path.stem}", path, set(paths))
    core = set(serve.archive_sources(ROOT)["core.zip"])
    loads = sorted(paths[n] for n in imports.loaded(imports.graph(ROOT), sorted(needs)) if n in paths)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for path in own:
            zf.writestr(f"mortar/games/{PACKAGE}/{path.name}", path.read_bytes())
        for path in loads:
            if path not in core:
                zf.writestr(path.relative_to(ROOT).as_posix(), path.read_bytes())
    return out.getvalue()


def first_screen() -> str:
    """The game's first screen (English), as the build draws every game's (tools/prerender.py)."""
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from boxgames.hidden_tictactoe.table import KIND

    from mortar.table import first_screen

    return first_screen.page(KIND)


def prepare(context, page) -> None:
    """Routes of this context only: the page with the test game's card, main.py registering it,
    its archive and its assets."""
    index = (ROOT / "index.html").read_text().replace('<ul class="game-list">',
                                                      '<ul class="game-list">' + CARD)
    main = (ROOT / "main.py").read_text().replace("from mortar.web.main import start",
                                                  REGISTER + "from mortar.web.main import start")
    data = archive()
    html = "text/html; charset=utf-8"

    def page_route(route):
        if route.request.resource_type == "document":
            route.fulfill(status=200, content_type=html, body=index)
        else:
            route.fallback()

    context.route(f"**/{PATH}", page_route)
    context.route("**/main.py", lambda r: r.fulfill(status=200, content_type="text/plain", body=main))
    context.route(f"**/py/games/{NAME}.zip",
                  lambda r: r.fulfill(status=200, content_type="application/zip", body=data))
    first = first_screen()
    context.route(f"**/py/start/{NAME}.*.html",
                  lambda r: r.fulfill(status=200, content_type=html, body=first))
    assets = {"game.css": ("text/css", ""), "rules.html": (html, RULES),
              "icon.svg": ("image/svg+xml", "<svg xmlns='http://www.w3.org/2000/svg'/>")}
    for name, (kind, body) in assets.items():
        context.route(f"**/mortar/games/{PACKAGE}/static/{name}",
                      lambda r, kind=kind, body=body: r.fulfill(status=200, content_type=kind, body=body))


def walk_tictactoe(w: Walk) -> None:
    page = w.page
    d = Driver(page, touch=True, name=f"tictactoe-{w.size}", storage=False)
    d.wait_screen("start")
    w.screen("start", scroll=True, in_view=(d.button("Start the game"),))
    page.fill('#app input[name="name-X"]', "Alexandra")
    page.fill('#app input[name="name-O"]', "Maximilian")
    d.press_button("Start the game")
    d.wait_screen("curtain")
    w.screen("curtain")
    d.press_button("I am Alexandra — show my board")
    d.wait_screen("turn")
    w.screen("turn")
    d.tap_square("b2")  # X's first mark: hidden from O; chosen, then confirmed by a second tap
    w.screen("turn, a square chosen")
    d.tap_square("b2")
    d.wait_screen("curtain")
    d.press_button("I am Maximilian — show my board")
    d.wait_screen("turn")
    d.tap_square("a1")
    d.tap_square("a1")
    d.wait_screen("curtain")
    d.press_button("I am Alexandra — show my board")
    d.wait_screen("turn")
    d.tap_square("b2")  # X's own mark: refused, said why
    page.wait_for_selector("#app .status-line.error")
    w.screen("turn, a refused square")
    d.press_button("Resign")
    d.wait_screen("over")
    w.screen("over")
    w.rules(d.press)

    d.press_button("New game")
    d.wait_screen("start")
    d.press(page.locator('#app input[name="opponent"][value="computer"]'))
    d.press(page.locator('#app input[name="side"][value="second"]'))
    w.screen("start, against the computer", scroll=True, in_view=(d.button("Start the game"),))
    d.press_button("Start the game")
    w.screen("start, a game is saved", scroll=True, in_view=(page.locator("#app .confirm"),))
    w.hold()
    d.press(page.locator("#app .confirm button").first)
    d.wait_screen("thinking")
    w.screen("thinking")
    w.release()
    page.wait_for_selector('#app > [data-screen="turn"]', timeout=30_000)
    w.screen("turn, against the computer")
