"""The move and fire geometry a :class:`~.belief.Belief` draws from, as tables over states
(``position + POSITIONS × type code``) filled lazily and shared by every belief of one player's
half with the same squares blocked: the ends of one move, the ends a piece could fire from, the
ends a style weights, and the squares a piece could fire at next turn.
"""

from __future__ import annotations

from ..moves import reachable_ends, target_masks
from ..rules import PieceType
from . import geometry as geo
from .styles import Style

POSITIONS = geo.POSITIONS  # 864
CODE = {PieceType.HM: 0, PieceType.LH: 1}  # a state is position + POSITIONS * code
KIND_OF_CODE = (PieceType.HM, PieceType.LH)


class Moves:
    """The move and fire geometry of one player's half with some squares blocked, as tables
    over states, filled lazily and shared by every belief of that (player, blocked)."""

    __slots__ = ("player", "blocked", "_ends", "_fire", "_styled", "_aimed", "masks")

    def __init__(self, player: str, blocked: int) -> None:
        self.player, self.blocked = player, blocked
        self._ends: dict[int, tuple[int, ...]] = {}
        self._fire: dict[tuple[int, int], tuple[int, ...]] = {}
        self._styled: dict[Style, dict[int, tuple[tuple[int, ...], list[float]]]] = {}
        self._aimed: dict[Style, dict[int, float]] = {}
        # state -> bitmask of the squares it may fire at
        self.masks = (*target_masks(player, PieceType.HM.shortest),
                      *target_masks(player, PieceType.LH.shortest))

    def ends(self, state: int) -> tuple[int, ...]:
        """End states of one move from ``state`` (same type)."""
        found = self._ends.get(state)
        if found is None:
            base = state - state % POSITIONS
            found = tuple(base + e for e in reachable_ends(self.player, state % POSITIONS, self.blocked))
            self._ends[state] = found
        return found

    def fire(self, state: int, target: int) -> tuple[int, ...]:
        """Ends of ``state`` from which its piece could fire at ``target``."""
        key = (state, target)
        found = self._fire.get(key)
        if found is None:
            masks = self.masks
            found = self._fire[key] = tuple(e for e in self.ends(state) if masks[e] >> target & 1)
        return found

    def styled(self, style: Style) -> dict[int, tuple[tuple[int, ...], list[float]]]:
        """Per state (filled lazily by :func:`weighted_ends`): its ends and their cumulative weights
        under ``style``."""
        found = self._styled.get(style)
        if found is None:
            found = self._styled[style] = {}
        return found

    def aimed(self, style: Style) -> dict[int, float]:
        """Per state (filled lazily): the total aim weight under ``style`` of the places its
        piece could fire from next (its ends and where it stands)."""
        found = self._aimed.get(style)
        if found is None:
            found = self._aimed[style] = {}
        return found


_MOVES: dict[tuple[str, int], Moves] = {}


def moves_of(player: str, blocked: int) -> Moves:
    key = (player, blocked)
    found = _MOVES.get(key)
    if found is None:
        if len(_MOVES) > 48:
            _MOVES.clear()
        found = _MOVES[key] = Moves(player, blocked)
    return found


def square_of(state: int) -> int:
    return (state % POSITIONS) >> 3


def weighted_ends(table: Moves, kind: Style, found: dict[int, tuple[tuple[int, ...], list[float]]],
                  state: int, rows: tuple[int, ...]) -> tuple[tuple[int, ...], list[float]]:
    """The ends of ``state`` and their cumulative weights under style ``kind`` (``found``:
    its cache in ``table``)."""
    known = found.get(state)
    if known is None:
        ends = table.ends(state)
        step = kind.moves[rows[square_of(state)]]
        acc, cumulative = 0.0, []
        for e in ends:
            acc += step[rows[square_of(e)]]
            cumulative.append(acc)
        known = found[state] = (ends, cumulative)
    return known


REACH_SHARE = 0.5  # a styled reach counts the ends weighted at least this share of the likeliest
REACH_BATCH = 100  # guesses between two yields of Belief.reaching (a few ms in CPython, cold)
_STYLED_REACH: dict[tuple[str, int, Style], dict[int, int]] = {}


def styled_reach(player: str, blocked: int, kind: Style) -> dict[int, int]:
    """The cache of :func:`likely_reach` for one player, blocked squares and style."""
    key = (player, blocked, kind)
    found = _STYLED_REACH.get(key)
    if found is None:
        if len(_STYLED_REACH) > 32:
            _STYLED_REACH.clear()
        found = _STYLED_REACH[key] = {}
    return found


def likely_reach(table: Moves, kind: Style, state: int, rows: tuple[int, ...]) -> int:
    """The squares a piece in ``state`` could fire at next turn, standing or after one of the
    moves ``kind`` makes likely (weighted at least ``REACH_SHARE`` of its likeliest end)."""
    masks = table.masks
    mask = masks[state]
    ends = table.ends(state)
    if ends:
        step = kind.moves[rows[square_of(state)]]
        top = max(step[rows[square_of(e)]] for e in ends)
        for e in ends:
            if step[rows[square_of(e)]] >= REACH_SHARE * top:
                mask |= masks[e]
    return mask


_REACH: dict[tuple[str, PieceType, int], list[int]] = {}


def reach_masks_of(player: str, kind: PieceType, blocked: int) -> list[int]:
    """Per position index: the squares a ``kind`` there could fire at next turn, standing or
    after one move, as a bitmask."""
    key = (player, kind, blocked)
    found = _REACH.get(key)
    if found is None:
        if len(_REACH) > 32:
            _REACH.clear()
        found = _REACH[key] = [sum(1 << s for s in squares) for squares in geo.reach(player, kind, blocked)]
    return found
