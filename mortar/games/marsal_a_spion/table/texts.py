"""The words Maršál a Špión says at the table: the pieces' names and short marks, what an action
did as one player may know it, and how a game ended. Every string goes through ``_()``.

Nothing here reads a state: the callers pass what the speaker may know (a seat's log entry, the
identities it learned, its own setup), so a text can hold no more than the seat holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from ....table.words import N_, _, in_context, ngettext
from ..actions import Attack, Move, Refusal, RefusalCode
from ..board import Player, Square
from ..pieces import Clash, Piece
from ..rules import Outcome, Termination
from ..seat import SeenAction

# A piece's name, and the short mark drawn on it above its rank (R3: the ranks only order the
# pieces; a number on a square is the quickest way to read them, a mark tells the kind).
NAME: dict[Piece, str] = {
    Piece.MARSHAL: _("Marshal"), Piece.GENERAL: _("General"), Piece.CAPTAIN: _("Captain"),
    Piece.CADET: _("Cadet"), Piece.CORPORAL: _("Corporal"), Piece.RIFLEMAN: _("Rifleman"),
    Piece.SCOUT: _("Scout"), Piece.MINER: _("Miner"), Piece.SPY: _("Spy"),
    Piece.MINEFIELD: _("Minefield"), Piece.FLAG: _("Flag"),
}
MARK: dict[Piece, str] = {
    Piece.MARSHAL: _("Mar"), Piece.GENERAL: _("Gen"), Piece.CAPTAIN: _("Cpt"),
    Piece.CADET: _("Cdt"), Piece.CORPORAL: _("Cpl"), Piece.RIFLEMAN: _("Rfl"),
    Piece.SCOUT: _("Sct"), Piece.MINER: _("Min"), Piece.SPY: in_context(N_("mark|Spy")),
    Piece.MINEFIELD: _("Mine"), Piece.FLAG: in_context(N_("mark|Flag")),
}
ARMY: dict[Player, str] = {Player.RED: _("Red"), Player.BLUE: _("Blue")}

# The rules' refusals (legality.py) by their code, in words: the engine's own reasons are
# English, for records and the command line. ``{piece}``: the player's own piece tried.
REFUSED: dict[Enum, str] = {
    RefusalCode.MALFORMED: _("That is not a move of this game."),
    RefusalCode.GAME_OVER: _("The game is over."),
    RefusalCode.NOT_YOUR_TURN: _("It is not your turn."),
    RefusalCode.SETTING_UP: _("The pieces are still being set up: play has not begun."),
    RefusalCode.SET_UP_ALREADY: _("Your army is set up already."),
    RefusalCode.SETUP_SQUARES: _("An army fills its four home rows, one piece on each square."),
    RefusalCode.SETUP_COUNTS: _("An army has the pieces the rules give it, no more and no fewer."),
    RefusalCode.NO_OWN_PIECE: _("No piece of yours stands there."),
    RefusalCode.IMMOVABLE: _("Your {piece} never moves."),
    RefusalCode.FORBIDDEN_SQUARE: _("No piece enters a forbidden square."),
    RefusalCode.OCCUPIED: _("A piece of yours stands there."),
    RefusalCode.NOT_A_LINE: _("A piece moves along a row or a column, never diagonally."),
    RefusalCode.NOT_A_SCOUT: _("Only a Scout goes further than the next square."),
    RefusalCode.BLOCKED: _("A piece or a forbidden square stands in the way."),
    RefusalCode.DIAGONAL_ATTACK: _("Attacks go across or up and down, never diagonally."),
    RefusalCode.NO_ENEMY: _("No enemy piece stands there."),
    RefusalCode.NO_DRAW_OFFER: _("No draw was offered: there is none to accept."),
    RefusalCode.OFFER_WITHOUT_PLAY: _("A draw is offered with a move or an attack."),
}


def refusal_text(refusal: Refusal, piece: Piece | None = None) -> str:
    """Why the rules refuse an action, in the page's words, from its code (``piece``: the own
    piece tried, which a reason may name)."""
    return REFUSED[refusal.code].format(piece=NAME[piece] if piece is not None else _("piece"))


def plural(piece: Piece, count: int) -> str:
    """``3 Cadets``."""
    return ngettext("{n} {piece}", "{n} {pieces}", count).format(
        n=count, piece=NAME[piece], pieces=PLURAL[piece])


PLURAL: dict[Piece, str] = {
    Piece.MARSHAL: _("Marshals"), Piece.GENERAL: _("Generals"), Piece.CAPTAIN: _("Captains"),
    Piece.CADET: _("Cadets"), Piece.CORPORAL: _("Corporals"), Piece.RIFLEMAN: _("Riflemen"),
    Piece.SCOUT: _("Scouts"), Piece.MINER: _("Miners"), Piece.SPY: _("Spies"),
    Piece.MINEFIELD: _("Minefields"), Piece.FLAG: _("Flags"),
}


def rank_text(piece: Piece) -> str:
    """What the badge shows: the rank for a piece that moves, nothing for a minefield or flag."""
    return str(piece.rank) if piece.movable else ""


def squares(action: Move | Attack) -> tuple[str, str]:
    return str(action.start), str(action.end)


def ran(action: Move | Attack) -> bool:
    """Two or more squares in a line: only a Scout does that (R7), and everyone sees it."""
    return max(abs(action.end.column - action.start.column), abs(action.end.row - action.start.row)) > 1


# --- what an action did, told to the player who took it -----------------------------------


def own_result(seen: SeenAction, mine: Piece) -> str:
    """The acting player's own action, with the face its attack showed (R9)."""
    action = seen.action
    if isinstance(action, Move):
        a, b = squares(action)
        return _("Your {piece} moved from {a} to {b}.").format(piece=NAME[mine], a=a, b=b)
    if not isinstance(action, Attack):
        return ""
    a, b = squares(action)
    defender = seen.learned
    assert defender is not None  # the attacker's side is shown the defender (R9)
    head = _("Your {piece} attacked {b} from {a}: a {defender}.").format(
        piece=NAME[mine], a=a, b=b, defender=NAME[defender])
    return f"{head} {_clash_for_attacker(seen.clash, mine, defender)}"


def _clash_for_attacker(clash: Clash | None, mine: Piece, defender: Piece) -> str:
    if clash is Clash.FLAG_CAPTURED:
        return _("You captured the flag!")
    if clash is Clash.ATTACKER_WINS:
        return _("It is removed; your {piece} takes its square.").format(piece=NAME[mine])
    if clash is Clash.BOTH_REMOVED:
        return _("Equal ranks: both are removed.")
    if defender is Piece.MINEFIELD:
        return _("Your {piece} is lost on the minefield, which stays.").format(piece=NAME[mine])
    return _("Your {piece} is removed; the {defender} stays.").format(
        piece=NAME[mine], defender=NAME[defender])


# --- what an enemy action did, told to the other player (the curtain's news) ---------------


def enemy_action(seen: SeenAction, other: str, own_setup: Mapping[Square, Piece]) -> str:
    """The opponent's action as this player may know it (R13): where it went; for an attack on
    one of this player's pieces, which piece (their own), the outcome, and the attacker only
    when it was removed."""
    action = seen.action
    if isinstance(action, Move):
        a, b = squares(action)
        if ran(action):
            text = _("{other}'s Scout ran from {a} to {b}.").format(other=other, a=a, b=b)
        else:
            text = _("{other} moved a piece from {a} to {b}.").format(other=other, a=a, b=b)
    elif isinstance(action, Attack):
        a, b = squares(action)
        mine = own_setup.get(seen.defender_handle) if seen.defender_handle is not None else None
        yours = NAME[mine] if mine is not None else _("piece")
        text = _defended(seen, other, yours, a, b)
    else:
        return ""
    if seen.offer_draw:
        text += " " + _("{other} offers a draw.").format(other=other)
    return text


def _defended(seen: SeenAction, other: str, yours: str, a: str, b: str) -> str:
    clash, attacker = seen.clash, seen.learned
    if clash is Clash.FLAG_CAPTURED:
        return _("{other} attacked from {a} and captured your Flag on {b}.").format(other=other, a=a, b=b)
    if clash is Clash.ATTACKER_WINS:  # the winner stays hidden (R13)
        return _("{other} attacked your {yours} on {b} from {a}: your {yours} lost and the "
                 "attacker moved onto {b}.").format(other=other, yours=yours, a=a, b=b)
    name = NAME[attacker] if attacker is not None else _("piece")
    if clash is Clash.BOTH_REMOVED:
        return _("{other}'s {name} attacked your {yours} on {b} from {a}: both were "
                 "removed.").format(other=other, name=name, yours=yours, a=a, b=b)
    return _("{other}'s {name} attacked your {yours} on {b} from {a} and lost.").format(
        other=other, name=name, yours=yours, a=a, b=b)


# --- the whole game, after it (everything is revealed, R12) --------------------------------


def review_step(player: Player, action: Move | Attack, piece: Piece, defender: Piece | None,
                clash: Clash | None, names: Mapping[str, str]) -> str:
    """One action of the review, both sides revealed."""
    who = names[player]
    a, b = squares(action)
    if isinstance(action, Move) or defender is None:
        return _("{who}: {piece} {a}–{b}.").format(who=who, piece=NAME[piece], a=a, b=b)
    outcome = {
        Clash.FLAG_CAPTURED: _("the flag is captured"),
        Clash.ATTACKER_WINS: _("the attacker wins"),
        Clash.DEFENDER_WINS: _("the defender wins"),
        Clash.BOTH_REMOVED: _("both are removed"),
    }[clash] if clash is not None else ""
    return _("{who}: {piece} {a} attacks {defender} {b}: {outcome}.").format(
        who=who, piece=NAME[piece], a=a, defender=NAME[defender], b=b, outcome=outcome)


def outcome_text(outcome: Outcome | None, names: Mapping[str, str], *, stuck: Player,
                 limit: int | None) -> str:
    """How the game ended, in words (R12). ``stuck``: the player who was to act at the end
    (PAT: the one without a legal action); ``limit``: the inactivity limit."""
    if outcome is None:
        return _("The game is not over.")
    turns = ngettext("{n} turn", "{n} turns", outcome.turns).format(n=outcome.turns)
    winner = outcome.winner
    reason = outcome.reason
    if winner is not None:
        loser = names[winner.opponent]
        if reason is Termination.RESIGNATION:
            return _("{winner} wins: {loser} resigned after {turns}.").format(
                winner=names[winner], loser=loser, turns=turns)
        return _("{winner} wins: {loser}'s flag is captured after {turns}.").format(
            winner=names[winner], loser=loser, turns=turns)
    if reason is Termination.PAT:
        return _("Draw (PAT): {player} has no legal move, after {turns}.").format(
            player=names[stuck], turns=turns)
    if reason is Termination.NO_HOPE:
        return _("Draw: neither side can ever capture the other's flag, after {turns}.").format(turns=turns)
    if reason is Termination.INACTIVITY:
        assert limit is not None  # the draw comes only from a table's limit (R12.6)
        return ngettext("Draw: {limit} turn without an attack.",
                        "Draw: {limit} turns in a row without an attack.", limit).format(limit=limit)
    return _("Draw by agreement after {turns}.").format(turns=turns)


def players_turn(number: int) -> int:
    """The number of R5's turn ``number`` (one action each, counted over both players, as the
    record and the inactivity limit count them) as the page shows it: each player's own turns
    counted, Red's first and Blue's first both turn 1, as every game of the box numbers them."""
    return (number + 1) // 2
