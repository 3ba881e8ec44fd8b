"""The pieces (RULINGS R3) and how an attack is resolved (R9, R10, R11), as data.

An army has 40 pieces: 31 movable ones of nine ranks and 9 immovable ones (8 minefields and
the flag). The ranks only order the pieces; no piece shows a number.
"""

from __future__ import annotations

from enum import Enum, StrEnum

from mortar.kit.grid import NotationError, quote


class Piece(Enum):
    """A kind of piece: its id in records, rank (0: immovable, no rank), how many an army has,
    and its English name (R3). ``order`` numbers the kinds for tables."""

    MARSHAL = ("MAR", 9, 1, "Marshal")
    GENERAL = ("GEN", 8, 1, "General")
    CAPTAIN = ("CPT", 7, 2, "Captain")
    CADET = ("CDT", 6, 3, "Cadet")
    CORPORAL = ("CPL", 5, 4, "Corporal")
    RIFLEMAN = ("RFL", 4, 5, "Rifleman")
    SCOUT = ("SCT", 3, 8, "Scout")
    MINER = ("MIN", 2, 6, "Miner")
    SPY = ("SPY", 1, 1, "Spy")
    MINEFIELD = ("MF", 0, 8, "Minefield")
    FLAG = ("FLG", 0, 1, "Flag")

    def __init__(self, id_: str, rank: int, count: int, word: str) -> None:
        self.id = id_
        self.rank = rank
        self.count = count
        self.word = word
        self.movable = rank > 0  # minefields and the flag never move (R6)
        self.order = len(type(self).__members__)  # 0 … 10 in table order

    @classmethod
    def parse(cls, text: str) -> Piece:
        """The piece of a record's id, ``MAR`` … ``FLG``."""
        piece = _BY_ID.get(text) if isinstance(text, str) else None
        if piece is None:
            raise NotationError(f"{quote(text)} is not a piece id ({' '.join(_BY_ID)})")
        return piece

    def plural(self, count: int) -> str:
        return f"{count} {self.word}{'' if count == 1 else 's'}"

    def __str__(self) -> str:
        return self.id


_BY_ID = {piece.id: piece for piece in Piece}
PIECES: tuple[Piece, ...] = tuple(Piece)  # by order
ARMY: tuple[Piece, ...] = tuple(piece for piece in Piece for _ in range(piece.count))  # 40 pieces
ARMY_SIZE = len(ARMY)


class Clash(StrEnum):
    """What an attack did (R9), all of it visible to both players: which pieces left the board
    and whether the attacker moved in. The identities stay hidden (R13)."""

    ATTACKER_WINS = "attacker wins"  # the defender is removed; the attacker moves onto its square
    DEFENDER_WINS = "defender wins"  # the attacker is removed; the defender stays
    BOTH_REMOVED = "both removed"  # equal ranks
    FLAG_CAPTURED = "flag captured"  # the attacker moves onto the flag's square; the game is won


def clash(attacker: Piece, defender: Piece) -> Clash:
    """R9: the first of its cases that matches. Spy and Marshal: the Marshal is removed whichever
    of them attacks (R11)."""
    if not attacker.movable:
        raise ValueError(f"a {attacker.word} never attacks")
    if defender is Piece.FLAG:
        return Clash.FLAG_CAPTURED
    if defender is Piece.MINEFIELD:
        return Clash.ATTACKER_WINS if attacker is Piece.MINER else Clash.DEFENDER_WINS
    if {attacker, defender} == {Piece.SPY, Piece.MARSHAL}:
        return Clash.ATTACKER_WINS if attacker is Piece.SPY else Clash.DEFENDER_WINS
    if attacker.rank == defender.rank:
        return Clash.BOTH_REMOVED
    return Clash.ATTACKER_WINS if attacker.rank > defender.rank else Clash.DEFENDER_WINS


# CLASHES[attacker.order][defender.order], for the movable attackers (orders 0 … 8).
CLASHES: tuple[tuple[Clash, ...], ...] = tuple(
    tuple(clash(attacker, defender) for defender in Piece) for attacker in Piece if attacker.movable)
