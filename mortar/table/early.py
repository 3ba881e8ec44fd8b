"""What a person did on a game's first screen before Python was ready (issue 32): the start screen
the build drew (:mod:`.first_screen`), shown by static/shell.js, which hands over the choices made
and what was pressed; mortar/web/main.py does them on the table once it is seated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .kind import S, SeatT
    from .table import Table


@dataclass(frozen=True)
class Early:
    """What a person did on the first screen before Python was ready (static/shell.js hands it
    over): the form's fields as changed, in order, and what was pressed: "new-game" (Start),
    "resume", "import" (a record chosen to review; the web layer reads the file), or None."""

    fields: tuple[tuple[str, str], ...] = ()
    pressed: str | None = None

    @property
    def nothing(self) -> bool:
        return not self.fields and self.pressed is None


def apply(table: Table[S, SeatT], early: Early) -> None:
    """Do on the table, seated and restored, what the person did before it was: nothing done
    leaves it as restored (a saved game resumes at its curtain, as on any reload). A choice made
    on the form brings the start screen back over a resumed game with the choice in it (the
    saved game stays: Start asks before replacing it); then Start or Resume as pressed."""
    if early.nothing:
        return
    if early.pressed == "resume" and table.screen != "start":
        return  # resumed already
    if table.screen != "start":
        table.dispatch("menu")
    for name, value in early.fields:
        table.dispatch("field", name, value)
    if early.pressed == "resume":
        table.dispatch("resume")
    elif early.pressed == "new-game":
        table.dispatch("new-game")
