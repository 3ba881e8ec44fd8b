"""Browser entry point (placeholder): mark the page ready and hide the loading bar.

The UI engineer replaces start()'s body; keep the contract: when the UI is usable,
set ``<html data-ready="1">`` (the e2e tests and the shell wait for it).
"""


def start() -> None:
    from js import document  # only importable under Pyodide

    progress = document.getElementById("boot")
    if progress is not None:
        progress.hidden = True
    document.documentElement.setAttribute("data-ready", "1")
