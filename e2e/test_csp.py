"""The Content-Security-Policy of README.md (tools/dist.py's CSP): the dist build served with that
header becomes ready and plays a turn with no CSP violation (issue 4, "Embed")."""

# ruff: noqa: F811  (pytest fixtures imported from distsite are redefined as arguments)

from __future__ import annotations

from distsite import (  # noqa: F401  (fixtures)
    SUBPATH,
    dist,
    dist_build,
    driver,
    play_setup_and_turn,
    serve_dir,
    wait_offline_ready,
    wait_ready,
    watch,
)


def test_the_policy_is_strict():
    policy = dict(d.split(" ", 1) for d in dist.CSP.split("; "))
    assert policy["script-src"] == "'self' 'wasm-unsafe-eval'"  # no 'unsafe-eval', no inline
    assert "'unsafe-inline'" not in dist.CSP and "'unsafe-eval'" not in dist.CSP
    assert "*" not in dist.CSP and "http" not in dist.CSP
    assert policy["default-src"] == "'self'" and policy["object-src"] == "'none'"


def test_the_game_runs_under_the_policy(browser, dist_build, serve_dir):
    site = serve_dir(dist_build.out, SUBPATH, headers={"Content-Security-Policy": dist.CSP})
    context = browser.new_context(service_workers="allow", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log = watch(page, site.origin)
    response = page.goto(site.url + "?theme=dark&compact=1", wait_until="domcontentloaded")
    assert response.headers["content-security-policy"] == dist.CSP
    wait_ready(page)
    # the policy is enforced: an inline script is refused (and reported) ...
    page.evaluate("""() => {
        const s = document.createElement("script");
        s.textContent = "window.__inline = true";
        document.head.append(s);
    }""")
    page.wait_for_function("window.__dist.violations.length > 0")
    assert page.evaluate("window.__inline") is None
    assert [v.split(" ")[0] for v in page.evaluate("window.__dist.violations")] == ["script-src-elem"]
    page.evaluate("window.__dist.violations.length = 0")
    log.console_errors.clear()  # the refused script's report
    # ... and nothing of the game breaks it: a turn, the theme and compact mode (a stylesheet
    # added by boot.js), the service worker and its cache
    play_setup_and_turn(driver(page))
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.locator(".topbar").is_hidden()
    wait_offline_ready(page)
    assert page.evaluate("window.__dist.violations") == []
    log.assert_clean()
    context.close()
