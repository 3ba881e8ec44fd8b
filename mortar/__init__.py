"""A box of two-player board games for the browser.

``mortar.kit`` is the engine kit every game is built from; ``mortar.games`` holds the games, one
package each, and the registry that imports a game only when it is played; ``mortar.table``
seats any game (the curtain, the computer's turns, saves, review); ``mortar.web`` is the browser
layer, the only code that imports the browser. ``python -m mortar`` is the command line.
"""
