"""Browser UI of Mortar Hunt (runs under PyScript/Pyodide; placeholder until the UI lands)."""
