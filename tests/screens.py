"""What the tests see of the page: a screen of the table as its renderer is given it (the game's
own model merged in, as :func:`mortar.table.render.render` hands it to the game), drawn with
Mortar Hunt's plug-in, and the embed filter of Mortar Hunt's messages."""

from __future__ import annotations

from typing import Any

from mortar.games.mortar_hunt.table import KIND
from mortar.table.html import El
from mortar.table.render import render as render_screen
from mortar.web.embed import Publisher

message = Publisher(KIND.name, KIND.players, KIND.public).message


class Flat(dict):  # type: ignore[type-arg]
    """A screen with the game's own part merged in, that still knows the screen it came from."""

    screen: dict[str, Any]


def render(model: Any, kind: Any = KIND) -> El:
    return render_screen(getattr(model, "screen", model), kind)


def flat(model: dict[str, Any]) -> Flat:
    """The screen with the game's own part (a draft's or a review's model) merged in."""
    own = {k: v for k, v in model.items() if k not in ("draft", "review")}
    out = Flat({**own, **model.get("draft", {}), **model.get("review", {})})
    out.screen = model
    return out
