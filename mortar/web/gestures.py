"""Presses and gestures on the page, browser only: when each pointer last went down (a hand-over
button takes only a press that began on its own screen), and on a board whose view moves (a
window on an unbounded grid, ``data-pan``) a finger's drag that pans it a square at a time and a
two-finger pinch that zooms it: the table's "pan" and "zoom" intents."""

from __future__ import annotations

from collections.abc import Callable

from .page import JsObject, absent

# A finger or the mouse dragged this far is a drag, not a tap, and pans a square at a time; two
# fingers pinch a zoom step each time their distance grows or shrinks by this much.
DRAG_PX = 12
PINCH_STEP = 1.3


class Pointers:
    """The pointers down on the page. ``run(intent, arg)``: send an intent to the table."""

    def __init__(self, run: Callable[[str, str], None]) -> None:
        self.run = run
        self.downs: dict[int, float] = {}  # pointerId -> when it last went down
        self.pointers: dict[int, tuple[float, float]] = {}  # down on a board that pans
        self.drag: dict[str, float] | None = None  # the drag's start and the squares panned so far
        self.pinch: float | None = None  # the pinch's last distance
        self.dragged = False  # the press that ends was a drag: its click is no tap

    def down(self, event: JsObject) -> None:
        downs = self.downs
        downs[event.pointerId] = event.timeStamp
        if len(downs) > 16:  # a long game makes many pointer ids (touch): keep the recent ones
            del downs[next(iter(downs))]
        board = event.target.closest(".game-board[data-pan]")
        if absent(board):
            return
        if not self.pointers:
            self.dragged = False
        self.pointers[event.pointerId] = (event.clientX, event.clientY)
        if len(self.pointers) == 1:
            square = board.querySelector(".sq")
            size = square.getBoundingClientRect().width if not absent(square) else 40.0
            self.drag = {"x": event.clientX, "y": event.clientY, "size": max(size, 8.0), "dx": 0, "dy": 0}
            self.pinch = None
        elif len(self.pointers) == 2:
            self.drag, self.pinch = None, self._spread()

    def _spread(self) -> float:
        (ax, ay), (bx, by) = list(self.pointers.values())[:2]
        distance: float = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5  # (a float ** 0.5 is typed Any)
        return max(1.0, distance)

    def move(self, event: JsObject) -> None:
        """A drag pans the board's view a square at a time, against the finger (the board
        follows it); a pinch zooms it (the table's "pan" and "zoom" intents)."""
        if event.pointerId not in self.pointers:
            return
        self.pointers[event.pointerId] = (event.clientX, event.clientY)
        if self.pinch is not None and len(self.pointers) >= 2:
            spread = self._spread()
            ratio = spread / self.pinch
            if ratio >= PINCH_STEP or ratio <= 1 / PINCH_STEP:
                self.pinch, self.dragged = spread, True
                self.run("zoom", "in" if ratio > 1 else "out")
            return
        drag = self.drag
        if drag is None:
            return
        dx, dy = event.clientX - drag["x"], event.clientY - drag["y"]
        if not self.dragged and max(abs(dx), abs(dy)) < DRAG_PX:
            return
        self.dragged = True
        cells_x, cells_y = round(-dx / drag["size"]), round(-dy / drag["size"])
        step_x, step_y = cells_x - int(drag["dx"]), cells_y - int(drag["dy"])
        if step_x or step_y:
            drag["dx"], drag["dy"] = cells_x, cells_y
            self.run("pan", f"{step_x},{step_y}")

    def up(self, event: JsObject) -> None:
        self.pointers.pop(event.pointerId, None)
        if not self.pointers:
            self.drag = self.pinch = None
