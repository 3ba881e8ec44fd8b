"""A game's first screen before Python starts (issue 32): the start screen, drawn at build time by
the table's own renderer in each language (tools/prerender.py writes ``py/start/<game>.<lang>.html``),
shown by static/shell.js at once (what a person does on it before Python is ready is done on the
table once it is seated: :mod:`.early`). Only the build draws it: no page imports this module.

The page shows HTML without running Python, so it cannot redraw the form when a choice changes
which controls it has (the computer's level and side instead of the players' names; a number
shown only with "Custom"). Those choices are the *switches*; the file holds the form drawn for
every combination of them (a ``<template data-when="opponent=computer&limit=custom">``, the
switches that hold), and static/shell.js shows the one whose switches hold, with the values
chosen so far put into its controls: it picks among screens Python drew and draws nothing. The
saved card is one part more (``<template data-part="saved">``): before Python the page knows
only that a game is saved, not whose or at what turn.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

from .html import El
from .html_text import to_html
from .kind import FieldSpec, Opponent
from .remote import plays_by_links
from .render import render, saved_card_unread
from .saves import MemoryStorage
from .table import Table

if TYPE_CHECKING:
    from .kind import GameKind, S, SeatT

Switch = tuple[str, str]  # (field, value): the start form shows other controls while it holds


def switches(kind: GameKind[S, SeatT]) -> tuple[Switch, ...]:
    """The choices the start form's controls depend on: playing the computer or a person on
    another device, and each value another option is shown with (:attr:`FieldSpec.shown_when`)."""
    specs = (*kind.fields, *((kind.aid,) if kind.aid is not None else ()))
    shown = [spec.shown_when for spec in specs if spec.shown_when is not None]
    remote = (("opponent", Opponent.REMOTE.value),) if plays_by_links(kind.game) else ()
    return (("opponent", Opponent.COMPUTER.value), *remote, *dict.fromkeys(shown))


def seated(kind: GameKind[S, SeatT]) -> Table[S, SeatT]:
    """The table as the page seats the game on a device with nothing saved (mortar/web/main.py):
    its first screen is the start form. A page of its own offers play by links (a frame that
    does not is drawn over by Python as it starts); the form names no address."""
    table = Table(kind, MemoryStorage(), link_base="./")
    table.restore()
    return table


def _other(spec: FieldSpec | None, value: str) -> str:
    """A value of ``spec`` other than ``value`` (a switch that must not hold)."""
    choices = [c.value for c in spec.choices] if spec is not None else []
    return next((c for c in choices if c != value), "")


@dataclass(frozen=True)
class Variant:
    """The start form with ``holding`` switches on (the others off), reached by ``choices``."""

    holding: tuple[Switch, ...]
    choices: tuple[tuple[str, str], ...]

    @property
    def when(self) -> str:
        """The template's ``data-when``: the switches that hold, as a query string."""
        return "&".join(f"{f}={v}" for f, v in self.holding)


def variants(kind: GameKind[S, SeatT]) -> Iterator[Variant]:
    """Every combination of the switches, the start form's defaults first."""
    table = seated(kind)
    specs = {spec.name: spec for spec in kind.fields}
    if kind.aid is not None:
        specs[kind.aid.name] = kind.aid
    model = table.model()
    assert model["screen"] == "start"
    defaults = {"opponent": table.form.opponent.value, **table.form.values}
    all_switches = switches(kind)
    for on in product((False, True), repeat=len(all_switches)):
        held = [name for (name, _value), holds in zip(all_switches, on) if holds]
        if len(held) != len(set(held)):
            continue  # (one field holds one value: the computer or a person on another device)
        choices: list[tuple[str, str]] = []
        for (name, value), holds in zip(all_switches, on):
            if holds and defaults.get(name) != value:
                choices.append((name, value))
            elif not holds and defaults.get(name) == value:
                choices.append((name, "person" if name == "opponent" else _other(specs.get(name), value)))
        yield Variant(tuple(s for s, holds in zip(all_switches, on) if holds), tuple(choices))


def start_screen(kind: GameKind[S, SeatT], choices: Sequence[tuple[str, str]] = ()) -> El:
    """The start screen as the page draws it after ``choices`` (field, value) on the form."""
    table = seated(kind)
    for name, value in choices:
        if not table.dispatch("field", name, value):
            raise ValueError(f"{kind.game.name}: the start form refuses {name}={value!r}")
    return render(table.model(), kind)


def page(kind: GameKind[S, SeatT]) -> str:
    """The first screen's file: the start screen of every variant, then the saved card as it is
    drawn before the save is read."""
    parts = [f'<template data-when="{v.when}">{to_html(start_screen(kind, v.choices))}</template>\n'
             for v in variants(kind)]
    parts.append(f'<template data-part="saved">{to_html(saved_card_unread())}</template>\n')
    return "".join(parts)
