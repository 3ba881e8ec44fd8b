"""The games of the box, one package each, and the registry that imports a game only when it
is asked for (a page loads only the game being played)."""
