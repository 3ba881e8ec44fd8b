# PyScript entry point (see index.html / pyscript.toml): the box's core archive is unpacked into
# the cwd; the game being played is fetched by mortar.web.main.
import importlib.util
import os.path

# First of all: a module left out of the trimmed standard library of a `make dist` build is
# fetched from the full one instead of failing (loaded by path: `import mortar...` would import
# the package, and so much of the library, before the way out is in place).
_path = "mortar/web/fallback.py"  # (a `make dist` build ships bytecode only: fallback.pyc)
_spec = importlib.util.spec_from_file_location(
    "mortar_fallback", _path if os.path.exists(_path) else _path + "c")
_fallback = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fallback)
await _fallback.install()  # noqa: F704 (top-level await: the script is `async` in index.html)

# The language before the modules that draw: some keep translated words in constants.
from mortar.web.language import install_language  # noqa: E402

await install_language()  # noqa: F704

from mortar.web.main import start  # noqa: E402

await start()  # noqa: F704
