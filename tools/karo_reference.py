"""Reference players of the KARO games, for the duels only (never the page): what the hard level
is measured against besides its own easier levels.

* ``ab`` — an independent alpha-beta player: the kit's search (iterative deepening, the
  transposition table, killers) with an evaluation of its own per game, written from the rules
  and not from the computer's (:class:`HopperRef`, :class:`EnlightenmentRef`,
  :class:`FourCirclesRef`), on a budget of CPU time per decision (``ab:ms=150``).
* ``mcts`` — Monte Carlo tree search (UCT) whose playouts follow a policy: the greedy choice of
  a quick one-move heuristic most of the time, a random action otherwise, and any move that
  wins at once; a playout stops after a few plies and is scored by the reference evaluation
  (``mcts:ms=150,plies=8``).
* ``deep`` — the hard level with many times its node budget (``deep:x=10``): the same
  evaluation looking further.
* ``before`` — the hard level as it was before issue 33 (its evaluation and node budget), from
  an export of that tree named by ``$KARO_BEFORE`` (``git archive 5f84dad``).

A player's time is the CPU time of the process that plays it (``time.process_time``), so that a
loaded machine slows the references no more than the node-counted levels. They are not
reproducible (time decides their depth); the levels are.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import os
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mortar.kit.common import AcceptDraw, Pass
from mortar.kit.search import Level, Model, SearchComputer
from mortar.kit.turns import Player

PACKAGES = {"hopper-and-sneaker": "hopper_and_sneaker", "enlightenment": "enlightenment",
            "four-circles": "four_circles"}
RED, WHITE = Player.RED, Player.WHITE


# --- Hopper and Sneaker ------------------------------------------------------------------------

def _hopper_ref() -> Model[Any]:
    from mortar.games.hopper_and_sneaker import computer
    from mortar.games.hopper_and_sneaker.board import SQUARES, TARGET_INDEXES
    from mortar.games.hopper_and_sneaker.packed import RUNS, Packed

    rows = tuple(sq.row for sq in SQUARES)
    to_go = {RED: tuple(max(0, 7 - r) for r in rows), WHITE: tuple(max(0, r - 2) for r in rows)}
    targets = {p: sum(1 << i for i in TARGET_INDEXES[p]) for p in (RED, WHITE)}
    forward = {RED: 1, WHITE: -1}
    # the forward runs of each square: (the run's squares as (bit, rows gained))
    ahead = {p: tuple(tuple(tuple((1 << j, (rows[j] - rows[i]) * forward[p]) for j in run_indexes)
                            for run_indexes in ([j for _, j in run] for run in RUNS[i])
                            if (rows[run_indexes[0]] - rows[i]) == forward[p])
                      for i in range(len(SQUARES))) for p in (RED, WHITE)}

    class HopperRef(computer.HopperModel):
        """Rows still to go to the target rows (HS1), a piece on a target square, and the first
        forward jump a Hopper has now (the rules' packed positions, :mod:`...packed`)."""

        def side(self, position: Packed, player: Player) -> int:
            own = position.red if player is RED else position.white
            occupied = position.red | position.white
            score = 25 * (own & targets[player]).bit_count()
            dist, runs = to_go[player], ahead[player]
            while own:
                bit = own & -own
                own ^= bit
                i = bit.bit_length() - 1
                score -= 100 * dist[i]
                if position.hoppers & bit and not targets[player] & bit:
                    for run in runs[i]:
                        if occupied & run[0][0]:
                            land = next((gain for square, gain in run if not occupied & square), 0)
                            if land:
                                score += 15 * land
                                break
            return score

        def evaluate(self, position: Packed) -> int:
            me = position.to_play
            return self.side(position, me) - self.side(position, me.opponent)

        def hint(self, position: Packed, move: int) -> float:
            """The playout policy's quick worth of a move: rows gained."""
            return float((rows[move >> 5] - rows[move & 31]) * forward[position.to_play])

    return HopperRef()


# --- Enlightenment -------------------------------------------------------------------------------

def _enlightenment_ref() -> Model[Any]:
    from mortar.games.enlightenment import computer
    from mortar.games.enlightenment.computer import jumpers
    from mortar.games.enlightenment.packed import C3_BIT, EDGE, FULL, LIT_MOVE, RING, WAS_LIT, Packed

    around = [0] * 25  # each square's eight neighbours, as bits
    for i in range(25):
        for j in range(25):
            if i != j and abs(i % 5 - j % 5) <= 1 and abs(i // 5 - j // 5) <= 1:
                around[i] |= 1 << j
    to_edge = tuple(0 if (1 << i) & EDGE else 2 if (1 << i) == C3_BIT else 1 for i in range(25))
    to_centre = tuple(2 - to_edge[i] for i in range(25))

    class EnlightenmentRef(computer.EnlightenmentModel):
        """A race (EN6): about how many moves each player still needs, the fewer the better,
        and a little for enlightened pieces; on the rules' packed positions (:mod:`...packed`)."""

        def needs(self, own: int, lit: int, empty: int) -> int:
            shining, plain = own & lit, own & ~lit
            total = (shining & RING).bit_count() + 2 * (shining & C3_BIT).bit_count()
            ready = jumpers(plain, lit, empty)  # a jump over an enlightened piece now
            near = 0
            rest = plain & ~ready
            while rest:
                bit = rest & -rest
                rest ^= bit
                if around[bit.bit_length() - 1] & lit:
                    near |= bit
            total += 1 * (ready & EDGE).bit_count() + 2 * (ready & ~EDGE).bit_count() + 2 * near.bit_count()
            far = plain & ~ready & ~near
            taken = 0 if empty & C3_BIT else 1
            total += (3 + taken) * (far & EDGE).bit_count() + (2 + taken) * (far & RING).bit_count() + (
                (1 + taken) * (far & C3_BIT).bit_count())
            return total

        def evaluate(self, position: Packed) -> int:
            red, white, lit = position.red, position.white, position.lit
            empty = FULL & ~(red | white)
            mine, theirs = (red, white) if position.to_play is RED else (white, red)
            race = self.needs(theirs, lit, empty) - self.needs(mine, lit, empty)
            return 100 * race + 20 * ((mine & lit).bit_count() - (theirs & lit).bit_count()) + 50

        def hint(self, position: Packed, move: int) -> float:
            """The playout policy's quick worth: enlightening a piece, bringing one to the edge."""
            start, end = move & 31, (move >> 5) & 31
            if move & WAS_LIT:
                return 3.0 * (to_edge[start] - to_edge[end])
            if move & LIT_MOVE:
                return 10.0 - to_edge[end]
            return float(to_centre[end] - to_centre[start])

    return EnlightenmentRef()


# --- Four Circles ---------------------------------------------------------------------------------


class FourCirclesRef(Model[Any]):
    """Marked pieces, and every four cells in a line holding no opponent piece, by how many of
    one's marked pieces they hold (FC7); the computer's child and its pruning of the tile moves
    deep in the tree (a rule of the branching, not of judgement)."""

    slice_nodes = 8

    def __init__(self) -> None:
        from mortar.games.four_circles import computer
        from mortar.games.four_circles.board import LINES
        self.rules = computer.MODEL
        self.lines = LINES

    def child(self, position: Any, action: Any) -> Any:
        return self.rules.child(position, action)

    def actions(self, position: Any, ply: int) -> Sequence[Any]:
        return self.rules.actions(position, ply)

    def side(self, at: dict[Any, Any], player: Player) -> int:
        marked = [c for c, p in at.items() if p.player is player and p.marked]
        score = 20 * len(marked)
        counted = set()
        for x, y in marked:
            for dx, dy in self.lines:
                for k in range(4):
                    start = (x - k * dx, y - k * dy, dx, dy)
                    if start in counted:
                        continue
                    counted.add(start)
                    m = 0
                    for j in range(4):
                        p = at.get((start[0] + j * dx, start[1] + j * dy))
                        if p is None:
                            continue
                        if p.player is not player:
                            m = -1
                            break
                        if p.marked:
                            m += 1
                    if m > 0:
                        score += (0, 2, 20, 120)[m]
        return score

    def evaluate(self, position: Any) -> int:
        if position.to_place:
            return 0
        at, me = position.at_cell, position.to_play
        return self.side(at, me) - self.side(at, me.opponent)

    def order(self, position: Any, actions: Sequence[Any], ply: int) -> list[Any]:
        if position.to_place:
            return list(actions)
        return sorted(actions, key=lambda m: -self.hint(position, m))

    def hint(self, position: Any, action: Any) -> float:
        """The playout policy's quick worth: a jump that marks, a marked piece near its own."""
        if position.to_place:
            return 0.0
        at = position.at_cell
        piece = at[action.frm]
        jump = max(abs(action.to[0] - action.frm[0]), abs(action.to[1] - action.frm[1])) == 2
        marked = piece.marked != jump
        if not marked:
            return -1.0
        x, y = action.to
        near = sum(1 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   if (p := at.get((x + dx, y + dy))) is not None and p.player is piece.player and p.marked)
        return 1.0 + near + (1.0 if jump else 0.0)


REFERENCES: dict[str, Callable[[], Model[Any]]] = {
    "hopper-and-sneaker": _hopper_ref, "enlightenment": _enlightenment_ref, "four-circles": FourCirclesRef}


# --- Monte Carlo tree search with playouts ---------------------------------------------------------


class _Node:
    __slots__ = ("position", "key", "action", "children", "untried", "visits", "wins", "terminal")

    def __init__(self, position: Any, action: Any, terminal: float | None = None) -> None:
        self.position = position
        self.key = (position.key(), position.to_play)
        self.action = action
        self.children: list[_Node] = []
        self.untried: list[Any] | None = None
        self.visits = 0
        self.wins = 0.0  # for the player who moved into this node
        self.terminal = terminal  # the value for the player to move here


class PlayoutMCTS:
    """UCT whose leaves are scored by a short playout (:mod:`this module's docstring <karo_reference>`)."""

    def __init__(self, model: Any, seconds: float, seed: str, plies: int = 8, greedy: float = 0.75,
                 exploration: float = 0.8, scale: float = 250.0) -> None:
        self.model = model
        self.seconds = seconds
        self.rng = random.Random(seed)
        self.plies = plies
        self.greedy = greedy
        self.c = exploration
        self.scale = scale
        self.level = "mcts"
        self.iterations = 0

    def choose(self, seat: Any) -> Any:
        actions = list(seat.legal_actions())
        play = [a for a in actions if not isinstance(a, Pass | AcceptDraw)]
        if not play:
            return actions[0]
        pos = seat.position
        if pos.setting_up:
            return self.rng.choice(play)
        if len(play) == 1:
            return play[0]
        seen: frozenset[Any] = self.model.keys(seat.seen) if len(seat.seen) <= 300 else frozenset()
        end = time.process_time() + self.seconds
        prepared = self.model.prepare(pos)
        inner = {self.model.inner(pos, prepared, a): a for a in play}
        root = _Node(prepared, None)
        root.untried = list(inner)
        self.rng.shuffle(root.untried)
        self.iterations = 0
        while time.process_time() < end:
            self.iterations += 1
            node, line = root, [root]
            while True:
                if node.terminal is not None:
                    value = node.terminal
                    break
                if node.untried is None:
                    node.untried = list(self.model.actions(node.position, len(line)))
                    self.rng.shuffle(node.untried)
                if node.untried:
                    node = self._expand(node, node.untried.pop(), line, seen)
                    line.append(node)
                    value = node.terminal if node.terminal is not None else self._playout(node.position)
                    break
                if not node.children:  # no move: the pass, scored as it stands
                    value = self._expectation(self.model.evaluate(node.position.passed()))
                    value = 1.0 - value
                    break
                node = self._select(node)
                line.append(node)
            for n in reversed(line):
                n.visits += 1
                n.wins += 1.0 - value
                value = 1.0 - value
        best = max(root.children, key=lambda n: (n.visits, n.wins)) if root.children else None
        return inner[best.action] if best is not None else play[0]

    def _select(self, node: _Node) -> _Node:
        log_n = math.log(node.visits)
        return max(node.children, key=lambda ch: ch.wins / ch.visits + self.c * math.sqrt(log_n / ch.visits))

    def _expand(self, node: _Node, action: Any, line: list[_Node], seen: frozenset[Any]) -> _Node:
        model, pos = self.model, node.position
        child = model.child(pos, action)
        won = model.winner(child, pos.to_play)
        terminal = None
        if won is not None:
            terminal = 0.0 if won[0] is pos.to_play else 1.0
        else:
            key = (child.key(), child.to_play)
            if key in seen or any(n.key == key for n in line):
                terminal = 0.5
        new = _Node(child, action, terminal)
        node.children.append(new)
        return new

    def _expectation(self, score: float) -> float:
        return 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -score / self.scale))))

    def _playout(self, position: Any) -> float:
        """The value of ``position`` for its player to move, after a short playout."""
        model, rng = self.model, self.rng
        start = position.to_play
        pos = position
        for _ in range(self.plies):
            actions = model.actions(pos, 1)
            if not actions:
                pos = pos.passed()
                continue
            if rng.random() < self.greedy:
                best, best_value = [], -math.inf
                for a in actions:
                    v = model.hint(pos, a)
                    if v > best_value:
                        best, best_value = [a], v
                    elif v == best_value:
                        best.append(a)
                action = rng.choice(best)
            else:
                action = rng.choice(actions)
            mover = pos.to_play
            pos = model.child(pos, action)
            won = model.winner(pos, mover)
            if won is not None:
                return 1.0 if won[0] is start else 0.0
        value = self._expectation(model.evaluate(pos))
        return value if pos.to_play is start else 1.0 - value


# --- players by name ------------------------------------------------------------------------------


def _settings(text: str) -> dict[str, str]:
    return dict(item.partition("=")[::2] for item in filter(None, text.split(",")))


def level_player(name: str, spec: str, seed: str) -> Any:
    """A level of game ``name`` with changes: ``hard:nodes=8000,depth=3``, ``hard:pvs=1``,
    ``hard:history=0`` (blind to the seat's earlier positions), ``hard:model=NAME`` (a model
    variant the game's computer module names in ``VARIANTS``), ``hard:modelfile=PATH`` (the
    ``MODEL`` of a computer module kept aside, an earlier version)."""
    module = importlib.import_module(f"mortar.games.{PACKAGES[name]}.computer")
    level, _, changes = spec.partition(":")
    settings = module.LEVELS[level]
    model, history = module.MODEL, True
    fields = {f.name: f.type for f in dataclasses.fields(settings)}
    updates: dict[str, Any] = {}
    for change in filter(None, changes.split(",")):
        key, _, value = change.partition("=")
        if key == "history":
            history = value not in ("0", "no", "false")
        elif key == "model":
            model = module.VARIANTS[value]
        elif key == "modelfile":
            model = _load_file(module.__name__, value).MODEL
        elif fields.get(key) == "int":
            updates[key] = int(value)
        elif fields.get(key) in ("float", "float | None"):
            updates[key] = float(value)
        elif fields.get(key) == "bool":
            updates[key] = value not in ("0", "no", "false")
        elif key in fields:
            updates[key] = value
        else:
            raise SystemExit(f"{key!r} is no setting of a level ({', '.join(fields)}, history, model)")
    if not updates and model is module.MODEL and history:
        computer = module.computer(level, seed)  # the level as the game makes it
    else:
        changed = dataclasses.replace(settings, **updates)
        computer = SearchComputer(model, level, changed, seed, history=history)
    computer.level = spec  # the duel's label
    return computer


def _load_file(name: str, path: str) -> Any:
    """A module from ``path`` as if it sat beside ``name`` (its relative imports work)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"{name}_{Path(path).stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def player(name: str, spec: str, seed: str) -> Any:
    """Any player of game ``name`` from its spec: ``random``, a level (with changes:
    :func:`level_player`), or a reference: ``ab[:ms=N]``, ``mcts[:ms=N,plies=N]``,
    ``deep[:x=N]`` (this module's docstring)."""
    if spec == "random":
        from mortar.kit.duel import RandomPlayer
        return RandomPlayer(seed)
    kind, _, rest = spec.partition(":")
    if kind == "before":  # the hard level as it was, from a copy of the tree ($KARO_BEFORE)
        path = Path(os.environ["KARO_BEFORE"]) / "mortar" / "games" / PACKAGES[name] / "computer.py"
        before = level_player(name, f"hard:modelfile={path},nodes={BEFORE_NODES[name]}", seed)
        before.level = spec
        return before
    if kind not in KINDS:
        return level_player(name, spec, seed)
    settings = _settings(rest)
    seconds = float(settings.get("ms", 150)) / 1000
    if kind == "ab":
        level = Level(depth=40, nodes=1 << 40, seconds=seconds)
        computer = SearchComputer(REFERENCES[name](), "ab", level, seed, clock=time.process_time)
        computer.level = spec
        return computer
    if kind == "mcts":
        mcts = PlayoutMCTS(REFERENCES[name](), seconds, seed, plies=int(settings.get("plies", 8)))
        mcts.level = spec
        return mcts
    if kind == "deep":
        module = importlib.import_module(f"mortar.games.{PACKAGES[name]}.computer")
        hard = module.LEVELS["hard"]
        level = dataclasses.replace(hard, nodes=hard.nodes * int(settings.get("x", 10)), depth=40)
        deep = SearchComputer(module.MODEL, "deep", level, seed)
        deep.level = spec
        return deep
    raise AssertionError(kind)


KINDS = ("ab", "mcts", "deep")
BEFORE_NODES = {"hopper-and-sneaker": 4000, "enlightenment": 2500, "four-circles": 600}  # (issue 33)
