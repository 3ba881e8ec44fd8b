# PyScript entry point (see index.html / pyscript.toml): mortar.zip is unpacked into the cwd.
from mortar.ui.main import start

start()
