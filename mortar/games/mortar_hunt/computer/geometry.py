"""The rule geometry the bot reasons with, taken from the engine's shared rule functions (never
from a game's state): where a piece may move, where it may fire, and the reverse of both.

Everything is indexed as in :mod:`mortar.games.mortar_hunt.notation`: squares 0–107, positions 0–863
(square × 8 + facing). A *state* of a tracked piece is ``position + 864 × type number`` so that
the secret loadout's unknown types ride along in the same vectors.
"""

from __future__ import annotations

from functools import cache

from ..moves import reachable_ends, shot_targets
from ..notation import Position, Square
from ..rules import HALF_MASK, Loadout, Options, PieceType

POSITIONS = len(Position._all)  # 864
TYPES = (PieceType.HM, PieceType.LH)


def piece_types(options: Options) -> tuple[PieceType, ...]:
    """The types an unseen piece may have under the table's loadout."""
    fixed = options.fixed_type()
    return TYPES if options.loadout is Loadout.SECRET or fixed is None else (fixed,)


@cache
def half_positions(player: str) -> tuple[int, ...]:
    """Position indexes on ``player``'s own half (48 squares × 8 facings)."""
    mask = HALF_MASK[player]
    return tuple(p for p in range(POSITIONS) if mask >> (p >> 3) & 1)


@cache
def half_squares(player: str) -> tuple[int, ...]:
    mask = HALF_MASK[player]
    return tuple(s for s in range(len(Square._all)) if mask >> s & 1)


@cache
def targets(player: str, kind: PieceType) -> tuple[tuple[int, ...], ...]:
    """For each position index: the squares a ``kind`` of ``player`` there may fire at."""
    return tuple(shot_targets(player, p, kind) if HALF_MASK[player] >> (p >> 3) & 1 else ()
                 for p in range(POSITIONS))


@cache
def origins(player: str, kind: PieceType) -> dict[int, tuple[int, ...]]:
    """The reverse of the range table: target square -> positions a ``kind`` could fire it from."""
    found: dict[int, list[int]] = {}
    for position, squares in enumerate(targets(player, kind)):
        for square in squares:
            found.setdefault(square, []).append(position)
    return {square: tuple(ps) for square, ps in found.items()}


_ENDS: dict[tuple[str, int], list[tuple[int, ...] | None]] = {}


def ends_table(player: str, blocked: int) -> list[tuple[int, ...] | None]:
    """Lazily filled: position index -> end positions a move may reach when the squares in
    ``blocked`` cannot be entered (R5; the engine's own move geometry)."""
    key = (player, blocked)
    table = _ENDS.get(key)
    if table is None:
        if len(_ENDS) > 64:
            _ENDS.clear()
        table = _ENDS[key] = [None] * POSITIONS
    return table


def ends(table: list[tuple[int, ...] | None], player: str, blocked: int, position: int) -> tuple[int, ...]:
    found = table[position]
    if found is None:
        found = table[position] = reachable_ends(player, position, blocked)
    return found


_REACH: dict[tuple[str, PieceType, int], list[tuple[int, ...]]] = {}


def reach(player: str, kind: PieceType, blocked: int) -> list[tuple[int, ...]]:
    """For each position index: the squares a ``kind`` there could fire at on its player's next
    turn, standing or after one move (``blocked`` squares cannot be entered)."""
    key = (player, kind, blocked)
    found = _REACH.get(key)
    if found is None:
        if len(_REACH) > 16:
            _REACH.clear()
        shots = targets(player, kind)
        table = ends_table(player, blocked)
        found = [()] * POSITIONS
        for p in half_positions(player):
            squares = set(shots[p])
            for e in ends(table, player, blocked, p):
                squares.update(shots[e])
            found[p] = tuple(sorted(squares))
        _REACH[key] = found
    return found
