"""What the tests see of the page: a screen of the table as its renderer is given it (the game's
own model merged in: its draft's, or a review's step), drawn with Mortar Hunt's plug-in, and
the embed filter of Mortar Hunt's messages."""

from __future__ import annotations

from typing import Any

from mortar.games.mortar_hunt.table import KIND
from mortar.games.mortar_hunt.table.review import review_model
from mortar.table.html import El
from mortar.table.render import render as render_screen
from mortar.web.embed import Publisher

message = Publisher(KIND.game.name, KIND.game.players, KIND.public).message


class Flat(dict):  # type: ignore[type-arg]
    """A screen with the game's own part merged in, that still knows the screen it came from."""

    screen: dict[str, Any]


def render(model: Any, kind: Any = KIND) -> El:
    return render_screen(getattr(model, "screen", model), kind)


def flat(model: dict[str, Any]) -> Flat:
    """The screen with the game's own part (a draft's model, or a review's step) merged in."""
    own = {k: v for k, v in model.items() if k not in ("draft", "model", "review", "watch")}
    part: dict[str, Any] = dict(model.get("model") or {})
    if model.get("watch") is not None:
        part = dict(model["watch"].model())
    review = model.get("review")
    if review is not None:
        frame, at = review.frame(), review.at()
        part = {"source": frame.source, "step": frame.step, "total": frame.total,
                "outcome_text": frame.outcome_text, "step_text": review.kind.step_text(at),
                "names": dict(review.names), "moment": frame.moment,
                "effects": [frame.fanfare] if frame.fanfare else []}
        if review.kind.game.name == KIND.game.name:  # Mortar Hunt's own part of the review
            part = {**review_model(at), **part, "names": review_model(at)["names"]}
    out = Flat({**own, **part})
    out.screen = model
    return out


def context(kind: Any, names: dict[str, str | None], near: str | None = None, **more: Any) -> Any:
    """What the table tells a draft (:class:`mortar.table.drafts.Context`), for a draft made by
    a test: the names given, whose side is at the bottom (the first player's by default)."""
    from mortar.table.drafts import Context
    from mortar.table.names import Names

    return Context(Names(names, kind.sides), near or kind.game.players[0], **more)
