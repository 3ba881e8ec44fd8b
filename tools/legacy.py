"""Earlier versions of the computer opponent, loaded from git: bench code only, for "before"
figures and duels against the old levels.

* ``legacy_bot()``: the computer before the joint belief (commit 9899fa4, ``mortar/bot/``), as
  ``mortar.games.mortar_hunt.legacy_bot`` (its ``Bot``, ``model``, ``radar``);
* ``legacy_bot(BEFORE_STYLES, "mortar/games/mortar_hunt/computer")``: the computer before issue
  34 (a belief that moves the enemy uniformly), whose hard is the league's ``hard-before``;
* ``legacy_marsal()``: Maršál a Špión's computer before issue 34 (the same commit), as
  ``mortar.games.marsal_a_spion.legacy_5f84dad``: ``old-hard`` … in tools/marsal_duel.py.

Each imports the engine of today (``mortar.games.mortar_hunt.rules``, ``.seat``, ...; Maršál a
Špión's ``.actions``, ``.rules``, ``.seat``): should
those move, this stops working, and the "before" figures stay in the commit messages and reports
that printed them."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

BEFORE = "9899fa4"
FILES = ("__init__.py", "belief.py", "geometry.py", "model.py", "player.py", "radar.py")
BEFORE_STYLES = "5f84dad"  # the branch point of issue 34
COMPUTER = ("__init__.py", "belief.py", "exchange.py", "geometry.py", "model.py", "player.py", "radar.py",
            "tracks.py")
MARSAL = ("__init__.py", "belief.py", "geometry.py", "memory.py", "player.py", "setup.py", "values.py",
          "weigh.py")
REPO = Path(__file__).resolve().parent.parent


def legacy_bot(commit: str = BEFORE, folder: str = "mortar/bot") -> ModuleType:
    """The old package, imported once. Its files are taken from git into build/legacy_bot_*/
    (kept there, so that Pyodide, which has no git, can load them too)."""
    import mortar.games.mortar_hunt  # noqa: F401  (the package its relative imports resolve in)

    name = "mortar.games.mortar_hunt." + ("legacy_bot" if commit == BEFORE else f"legacy_{commit}")
    files = FILES if commit == BEFORE else COMPUTER
    return _load(name, commit, folder, files, REPO / "build" / f"legacy_bot_{commit}")


def legacy_marsal(commit: str = BEFORE_STYLES) -> ModuleType:
    """Maršál a Špión's computer package as it was at ``commit``, imported once (from git into
    build/legacy_marsal_*/)."""
    import mortar.games.marsal_a_spion  # noqa: F401  (the package its relative imports resolve in)

    return _load(f"mortar.games.marsal_a_spion.legacy_{commit}", commit,
                 "mortar/games/marsal_a_spion/computer", MARSAL, REPO / "build" / f"legacy_marsal_{commit}")


def _load(name: str, commit: str, folder: str, files: tuple[str, ...], where: Path) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    if not (where / files[-1]).exists():
        where.mkdir(parents=True, exist_ok=True)
        for file in files:
            text = subprocess.run(["git", "-C", str(REPO), "show", f"{commit}:{folder}/{file}"],
                                  check=True, capture_output=True, text=True).stdout
            (where / file).write_text(text)
    spec = importlib.util.spec_from_file_location(name, where / "__init__.py",
                                                  submodule_search_locations=[str(where)])
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


class LegacyHard:
    """The old hard level (its own caches, its own belief)."""

    label = level = "old-hard"

    def __init__(self, seed: object) -> None:
        self.bot = legacy_bot().Bot("hard", seed)

    def choose(self, seat: object) -> object:
        return self.bot.choose(seat)


class HardBefore:
    """Hard as it was before issue 34 (its own caches, its own belief)."""

    label = level = "hard-before"

    def __init__(self, seed: object) -> None:
        self.bot = legacy_bot(BEFORE_STYLES, "mortar/games/mortar_hunt/computer").Computer("hard", seed)

    def choose(self, seat: object) -> object:
        return self.bot.choose(seat)

    def believed(self, seat: object) -> object:
        return self.bot.believed(seat)
