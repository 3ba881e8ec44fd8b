"""The radar (RULINGS R14): a player's own deductions, from that player's seat only.

Same belief model as the computer opponent (:mod:`.model`), so a human with the radar
on sees exactly what the computer would believe in the same seat.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..notation import Square
from ..rules import Options, opponent
from ..seat import OwnPiece, Seat, SeenAction
from . import geometry as geo
from .model import enemy_belief, enemy_building, exposure_building, run

LIKELY, POSSIBLE, UNLIKELY = 0.35, 0.10, 0.02  # heat-map words' thresholds


def word(probability: float) -> str:
    """A heat value in words: "likely", "possible", "unlikely" or "clear"."""
    if probability >= LIKELY:
        return "likely"
    if probability >= POSSIBLE:
        return "possible"
    if probability >= UNLIKELY:
        return "unlikely"
    return "clear"


@dataclass(frozen=True)
class ShotOrigins:
    """Where one enemy shot could have come from: the reverse of the range table (R6)."""

    turn: int
    at: Square
    hit: bool
    squares: tuple[Square, ...]  # every square a live enemy piece could have fired it from

    def text(self) -> str:
        where = ", ".join(map(str, self.squares)) or "nowhere known"
        return f"the shot at {self.at} (turn {self.turn}) came from {where}"


@dataclass(frozen=True)
class PieceExposure:
    """How well the enemy can know where one of the player's live pieces is."""

    piece: int
    square: Square
    probability: float  # the enemy's chance to hit it with a shot at its square now
    level: str  # "hidden", "suspected" or "located"
    reason: str  # a short sentence: "piece 2 (F3): located (60%): it fired at F7 in turn 12 ..."


@dataclass(frozen=True, eq=False)
class Radar:
    """What the radar shows on a player's own turn (everything from that player's seat)."""

    player: str
    heat: Mapping[Square, float]  # enemy-half square -> probability an enemy piece is there
    last_shot: ShotOrigins | None  # the enemy's latest shot, if it fired one
    exposure: tuple[PieceExposure, ...]  # the player's live pieces, by number

    def lines(self) -> tuple[str, ...]:
        """The radar as text, for screen readers: the likely squares, the last shot's origins,
        the exposure of each piece."""
        ranked = sorted(self.heat.items(), key=lambda kv: (-kv[1], kv[0].index))
        shown = [f"{sq}: {word(p)}" for sq, p in ranked if p >= POSSIBLE][:8]
        out = [("enemy pieces: " + ", ".join(shown)) if shown else "enemy pieces: no likely square"]
        if self.last_shot is not None:
            out.append(self.last_shot.text())
        out.extend(e.reason for e in self.exposure)
        return tuple(out)


def origins(player: str, at: Square, options: Options, blocked: frozenset[Square] = frozenset()
            ) -> tuple[Square, ...]:
    """Squares from which a piece of ``player`` could fire at ``at`` under the table's loadout,
    leaving out ``blocked`` squares (wrecks and craters, where no live piece can stand).
    The rulebook: ``origins("A", J7)`` is E2, F3, G4, J2, J3, J4; ``origins("B", B1)`` is B6, G6."""
    found = set()
    for kind in geo.piece_types(options):
        for position in geo.origins(str(player), kind).get(at.index, ()):
            found.add(position >> 3)
    squares = (Square.at(s) for s in sorted(found))
    return tuple(s for s in squares if s not in blocked)


def heat_map(seat: Seat) -> Mapping[Square, float]:
    """What this seat may deduce about the enemy: enemy-half square -> probability that a live
    enemy piece stands there. Also what the computer believed, given its seat at a step."""
    heat = enemy_belief(seat).heat()
    enemy = opponent(str(seat.player))
    return MappingProxyType({Square.at(s): heat[s] for s in geo.half_squares(enemy)})


def radar(seat: Seat) -> Radar:
    """The radar of ``seat`` (any phase after placement; the UI shows it on the player's turn)."""
    return run(radar_steps(seat))


def radar_steps(seat: Seat) -> Generator[None, None, Radar]:
    """:func:`radar`, sliced like :meth:`.Computer.thinking`: yields None between belief
    events and returns the radar. Its work is bounded however long the game (the belief's
    window, and a bounded look back for the pieces' last shots)."""
    player = str(seat.player)
    enemy = opponent(player)
    believed = yield from enemy_building(seat)
    heat = believed.heat()
    shown = MappingProxyType({Square.at(s): heat[s] for s in geo.half_squares(enemy)})
    last = None
    for seen in reversed(seat.log):  # the enemy fires at least every third turn (R8)
        if str(seen.player) == enemy and seen.shot is not None:
            blocked = frozenset(Square.at(s) for s in geo.half_squares(enemy) if believed.blocked >> s & 1)
            where = origins(enemy, seen.shot, seat.options, blocked)
            last = ShotOrigins(seen.turn, seen.shot, bool(seen.hit), where)
            break
    seen_heat = (yield from exposure_building(seat)).heat()
    fired = _last_shots(seat)
    since = "yet" if len(seat.log) <= LOOK_BACK else f"in the last {LOOK_BACK // 2} turns"
    pieces = tuple(_exposure(p, seen_heat[p.position.square.index], fired.get(p.number), since)
                   for p in seat.pieces if p.alive)
    return Radar(player, shown, last, pieces)


LOOK_BACK = 600  # actions the exposure's reasons look back over (300 turns)

Fired = tuple[list[SeenAction], bool]  # a piece's shots within two turns of its last, moved since


def _last_shots(seat: Seat) -> dict[int, Fired]:
    """For each own piece that fired in the look-back: its latest shots and whether it moved
    since, from one pass backwards over the seat's own actions."""
    player = str(seat.player)
    found: dict[int, Fired] = {}
    moved: set[int] = set()
    for seen in reversed(seat.log[-LOOK_BACK:]):
        action = seen.action
        if action is None or str(seen.player) != player:
            continue
        shot = getattr(action, "shot", None)
        if shot is not None:
            if shot.piece not in found:
                found[shot.piece] = ([seen], shot.piece in moved)
            elif seen.turn >= found[shot.piece][0][0].turn - 2:
                found[shot.piece][0].insert(0, seen)
        move = getattr(action, "move", None)
        if move is not None:
            moved.add(move.piece)
    return found


def _exposure(piece: OwnPiece, probability: float, fired: Fired | None, since: str) -> PieceExposure:
    level = "located" if probability >= LIKELY else "suspected" if probability >= POSSIBLE else "hidden"
    head = f"piece {piece.number} ({piece.position.square}): {level} ({probability:.0%})"
    if fired is None:
        return PieceExposure(piece.number, piece.position.square, probability, level,
                             f"{head}: it has not fired {since}")
    shots, moved = fired
    where = " and ".join(f"{s.shot} (turn {s.turn})" for s in shots)
    tail = "moved since" if moved else "not moved since"
    return PieceExposure(piece.number, piece.position.square, probability, level,
                         f"{head}: it fired at {where} and has {tail}")
