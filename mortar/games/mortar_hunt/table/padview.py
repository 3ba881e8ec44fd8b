"""A player's pad (RULINGS R13) as a table, in the rulebook's layout for A or for B."""

from __future__ import annotations

from ....table.html import El, h
from ....table.words import _, ngettext
from ..pad import PadData
from .scene import SHAPES

# A pad is drawn its last turns at most: a game of thousands of turns stays quick to draw, and
# the turns above are counted in a line of their own.
PAD_TURNS = 100
HEADINGS = {"TURN": _("Turn"), "SHOOTING": _("Shooting"), "OPPONENT'S SHOT": _("Opponent's shot")}
SHAPE_SYMBOL = {"triangle": "▲", "circle": "●", "square": "■"}


def _cell(text: str) -> list[El | str]:
    """A hit is circled on paper; here ``(C3)`` keeps its brackets in the text (copy, screen
    readers, the pad check) and is drawn circled with the brackets shrunk away."""
    if text.startswith("(") and ")" in text:
        inner, rest = text[1:].split(")", 1)
        return [h("span", {"class": "hit"}, h("span", {"class": "paren"}, "("), inner,
                  h("span", {"class": "paren"}, ")")), rest]
    if text.endswith("*"):
        return [text[:-1], h("span", {"class": "fired"}, "*")]
    return [text]


def render_pad(pad: PadData, *, title: str, current_turn: int | None = None) -> El:
    header = pad["header"]
    head_cells = []
    for col in header:
        if col in ("1", "2", "3"):
            shape = SHAPES[int(col)]
            head_cells.append(h("th", {"scope": "col", "class": "piece-col",
                                      "aria-label": _("piece {n}").format(n=col)},
                                h("span", {"class": f"shape {shape}", "aria-hidden": "true"},
                                  SHAPE_SYMBOL[shape]), col))
        else:
            head_cells.append(h("th", {"scope": "col", "class": "text-col"}, HEADINGS.get(col, col)))
    body = []
    if pad.get("earlier"):
        body.append(h("tr", {"class": "earlier"},
                      h("td", {"colspan": str(len(header))},
                        ngettext("{n} earlier turn is not shown", "{n} earlier turns are not shown",
                                 pad["earlier"]).format(n=pad["earlier"]))))
    for row in pad["rows"]:
        cells = []
        for i, text in enumerate(row):
            if i == 0:
                label = _("Initial") if text == "INITIAL POSITION" else text  # the rulebook's first row
                cells.append(h("th", {"scope": "row"}, label))
            else:
                cells.append(h("td", None, _cell(text)))
        current = current_turn is not None and row[0] == str(current_turn)
        body.append(h("tr", {"class": "current" if current else None}, cells))
    # (a pad wider than its column scrolls sideways, the keyboard's too: a long heading in a
    # language, a narrow screen)
    return h("div", {"class": ["pad", f"pad-{pad['player'].lower()}"], "role": "region", "aria-label": title,
                     "tabindex": "0"},
             h("table", None,
               h("caption", None, title),
               h("thead", None, h("tr", None, head_cells)),
               h("tbody", None, body)))
