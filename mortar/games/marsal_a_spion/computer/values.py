"""What pieces are worth to the computer, in points (a Captain 150), for its own army and the
enemy's. Worth changes with the game: the Spy is worth much only while the Marshal it hunts is on
the board, the last Miners much more than the first, a Minefield next to a likely Flag more than
one anywhere. The Flag is worth the game.
"""

from __future__ import annotations

from ..pieces import PIECES, Piece

BASE = {
    Piece.MARSHAL: 400.0, Piece.GENERAL: 260.0, Piece.CAPTAIN: 150.0, Piece.CADET: 90.0,
    Piece.CORPORAL: 60.0, Piece.RIFLEMAN: 40.0, Piece.SCOUT: 25.0, Piece.MINER: 40.0,
    Piece.SPY: 150.0, Piece.MINEFIELD: 15.0, Piece.FLAG: 0.0,
}
# What knowing an enemy piece's identity is worth (a probe that loses still shows the defender):
# where the strong pieces and the Spy stand matters most.
INSIGHT = {
    Piece.MARSHAL: 60.0, Piece.GENERAL: 40.0, Piece.CAPTAIN: 20.0, Piece.CADET: 10.0,
    Piece.CORPORAL: 6.0, Piece.RIFLEMAN: 4.0, Piece.SCOUT: 2.0, Piece.MINER: 4.0,
    Piece.SPY: 30.0, Piece.MINEFIELD: 12.0, Piece.FLAG: 0.0,
}
MINER_SCARCE = (320.0, 200.0, 150.0, 120.0, 100.0, 90.0)  # an own Miner's worth when it is the last, of two …


def worth(left: list[int], other_left: list[int], win: float, miners_matter: bool = True) -> list[float]:
    """By kind order: one side's pieces' worth, with ``left`` its pieces per kind on the board
    and ``other_left`` the other side's. A Flag is worth ``win``."""
    out = [BASE[p] for p in PIECES]
    out[Piece.FLAG.order] = win
    if other_left[Piece.MARSHAL.order] == 0:
        out[Piece.SPY.order] = 5.0  # nothing left to hunt
    miners = left[Piece.MINER.order]
    if miners_matter and other_left[Piece.MINEFIELD.order] and 0 < miners <= len(MINER_SCARCE):
        out[Piece.MINER.order] = MINER_SCARCE[miners - 1]
    return out
