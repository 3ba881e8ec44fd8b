"""Why an action is refused (RULINGS R4–R8, R12), in plain words with a code, for any input.

Each check lives here once and is asked by both the state (the whole truth) and a seat (one
player's knowledge) through the few facts they both have: a :class:`Situation`. Whether a move
or an attack is legal is decided by :class:`.plays.LegalPlays` alone; the words here only
explain a play it does not hold, so they can never refuse a legal one.
"""

from __future__ import annotations

from typing import Protocol

from mortar.kit.common import AcceptDraw, OfferDraw, Resign
from mortar.kit.grid import quote
from mortar.kit.protocol import Refusal

from .actions import Attack, Move, Play, RefusalCode, Setup
from .board import FORBIDDEN, HOME_ROWS, Player, Square, home_rows_text, home_squares
from .pieces import Piece
from .plays import Forces, LegalPlays, line_between
from .rules import Outcome, Phase

C = RefusalCode


class Situation(Protocol):
    """What legality asks of a state or a seat, for the player it answers for."""

    @property
    def phase(self) -> Phase: ...
    @property
    def to_play(self) -> Player | None: ...
    @property
    def outcome(self) -> Outcome | None: ...

    def forces(self) -> Forces:
        """The answering player's forces."""
        ...

    def legal_plays(self) -> LegalPlays:
        """The answering player's legal plays (when that player is to act in play)."""
        ...

    def own_piece_at(self, square: Square) -> Piece | None:
        """What the answering player's piece on ``square`` is, or None."""
        ...

    def may_accept_draw(self) -> bool:
        """The opponent's last action offered a draw (R12.4)."""
        ...


def game_over(outcome: Outcome) -> Refusal:
    result = "a draw" if outcome.winner is None else f"{outcome.winner} won"
    return Refusal(C.GAME_OVER, f"the game is over ({result})")


def refusal(situation: Situation, action: object, player: Player | None = None) -> Refusal | None:
    """Why ``player`` (default: the player to act) may not take ``action`` now, or None when
    they may."""
    malformed = form_refusal(action)
    if malformed is not None:
        return malformed
    if situation.outcome is not None:
        return game_over(situation.outcome)
    to_play = situation.to_play
    player = player or to_play
    assert player is not None and to_play is not None  # only an outcome ends the turns
    if player is not to_play:
        doing = "set up" if situation.phase is Phase.SETUP else "play"
        return Refusal(C.NOT_YOUR_TURN, f"it is {to_play}'s turn to {doing}, not {player}'s")
    if isinstance(action, Setup):
        if situation.phase is not Phase.SETUP:
            return Refusal(C.SET_UP_ALREADY, f"{player} has set up already")
        return setup_refusal(player, action)
    if situation.phase is Phase.SETUP:
        return Refusal(C.SETTING_UP, f"{player} sets up first: the armies are not set up yet")
    if isinstance(action, Resign):
        return None
    if isinstance(action, AcceptDraw):
        if situation.may_accept_draw():
            return None
        return Refusal(C.NO_DRAW_OFFER, f"{player.opponent} has not offered a draw with their last action")
    if isinstance(action, OfferDraw):
        action = action.action
        if not isinstance(action, Move | Attack):
            return Refusal(C.OFFER_WITHOUT_PLAY, "a draw is offered together with a move or an attack")
    assert isinstance(action, Move | Attack)
    if action in situation.legal_plays():
        return None
    return play_refusal(situation, action)


def form_refusal(action: object) -> Refusal | None:
    """Why ``action`` is not even shaped like an action, so that no input can crash the rules."""
    if isinstance(action, Move | Attack):
        if type(action.start) is Square and type(action.end) is Square:
            return None
        return Refusal(C.MALFORMED, f"{_described(action)} does not name two squares of this board")
    if isinstance(action, Setup):
        if isinstance(action.pieces, tuple) and all(
                isinstance(pair, tuple) and len(pair) == 2 and type(pair[0]) is Square
                and isinstance(pair[1], Piece) for pair in action.pieces):
            return None
        return Refusal(C.MALFORMED, "a setup is a list of squares, each with a piece")
    if isinstance(action, OfferDraw):
        inner = action.action  # an offer within an offer is refused as such, without looking deeper
        return None if isinstance(inner, OfferDraw) else form_refusal(inner)
    if isinstance(action, Resign | AcceptDraw):
        return None
    return Refusal(C.MALFORMED, f"{_described(action)} is not an action (a setup, a move, an attack, "
                                "accepting a draw or resigning)")


def _described(value: object) -> str:
    """A short quote of any value, even one that cannot say what it is."""
    try:
        return quote(value)
    except Exception:  # a repr that fails (or recurses too deeply) is still an input to refuse
        return f"a {type(value).__name__}"


def setup_refusal(player: Player, setup: Setup) -> Refusal | None:
    """Why ``setup`` is not a legal setup of ``player`` (R3, R4): exactly the 40 squares of the
    home rows, each with a piece, the army of R3."""
    home = home_squares(player)
    squares = [square for square, _ in setup.pieces]
    if squares != list(home):  # (a setup's pairs are in square order)
        rows, where = HOME_ROWS[player], home_rows_text(player)
        placed: set[Square] = set()
        for square in squares:
            if square.row not in rows:
                return Refusal(C.SETUP_SQUARES, f"{square} is outside {player}'s home rows ({where})")
            if square in placed:
                return Refusal(C.SETUP_SQUARES, f"{square} is given two pieces")
            placed.add(square)
        missing = next(square for square in home if square not in placed)
        return Refusal(C.SETUP_SQUARES, f"{missing} is left empty: a setup fills all 40 squares of {where}")
    counts = [0] * len(Piece)
    for _, piece in setup.pieces:
        counts[piece.order] += 1
    for piece in Piece:
        if counts[piece.order] != piece.count:
            return Refusal(C.SETUP_COUNTS, f"the setup has {piece.plural(counts[piece.order])}; "
                                           f"an army has {piece.count}")
    return None


def play_refusal(situation: Situation, play: Play) -> Refusal:
    """Why ``play``, which the legal plays do not hold, is refused. The checks on public facts
    (whose pieces stand where) come first, so that a reason naming a hidden identity (a piece
    that never moves, one that is no Scout) is given only when no public reason applies."""
    start, end, text = play.start, play.end, str(play)
    forces = situation.forces()
    if not forces.own >> start.index & 1:
        return Refusal(C.NO_OWN_PIECE, f"{text}: {start} holds no piece of yours")
    if end is start:
        return Refusal(C.NOT_A_LINE, f"{text} goes nowhere")
    if end in FORBIDDEN:
        return Refusal(C.FORBIDDEN_SQUARE, f"{text}: {end} is a forbidden square")
    line = line_between(start, end)
    if isinstance(play, Move):
        if forces.own >> end.index & 1:
            return Refusal(C.OCCUPIED, f"{text}: {end} holds a piece of yours")
        if forces.enemy >> end.index & 1:
            return Refusal(C.OCCUPIED, f"{text}: {end} holds an enemy piece (attack it: {start}x{end})")
        if line is None or (line[1] > 1 and not line[0].orthogonal):
            return Refusal(C.NOT_A_LINE, f"{text} is neither a step to a neighbouring square nor "
                                         "a straight run along a row or column")
    else:
        if not forces.enemy >> end.index & 1:
            return Refusal(C.NO_ENEMY, f"{text}: {end} holds no enemy piece")
        if line is None or not line[0].orthogonal:
            return Refusal(C.DIAGONAL_ATTACK, f"{text} attacks diagonally or out of line: "
                                              "attacks go along rows and columns only")
    blocker = _first_blocked(forces, start, end)
    if blocker is not None:
        return Refusal(C.BLOCKED, f"{text}: the line is blocked at {blocker}")
    piece = situation.own_piece_at(start)
    if piece is not None and not piece.movable:
        return Refusal(C.IMMOVABLE, f"{text}: your {piece.word} on {start} never "
                                    f"{'moves' if isinstance(play, Move) else 'attacks'}")
    if piece is not Piece.SCOUT:
        if isinstance(play, Move):
            return Refusal(C.NOT_A_SCOUT, f"{text}: only a Scout moves more than one square")
        return Refusal(C.NOT_A_SCOUT, f"{text} attacks from too far: only a Scout attacks from a distance")
    return Refusal(C.MALFORMED, f"{text} is not legal now")  # not reached: a last guard


def _first_blocked(forces: Forces, start: Square, end: Square) -> Square | None:
    line = line_between(start, end)
    if line is None:
        return None
    direction, distance = line
    taken = forces.own | forces.enemy
    for square in start.ray(direction)[:distance - 1]:
        if square in FORBIDDEN or taken >> square.index & 1:
            return square
    return None
