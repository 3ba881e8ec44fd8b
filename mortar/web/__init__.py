"""The browser layer: the only code of the box that imports ``js``, ``pyscript`` or ``pyodide``.
It loads the game being played, draws the table's screens into the page and sends it the
player's taps, keys and files."""
