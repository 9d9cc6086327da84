"""Monte Carlo tree search with light play-outs: the Go bot that needs nothing but Python.

Each simulation walks down a tree of moves (UCT, with RAVE: a move's value also learns from every play-out in
which it was played later), adds one node, then plays the game out at random to the end and counts it by area.
Play-outs are *light*: any legal point at random, except a player's own eyes (which would kill its groups)
and a simple ko; a player with nothing left passes. Two passes end them.

Play-outs from a finished position also estimate who owns each point at the end; the bot marks dead the chains
that mostly end up in the other side's hands.

>>> from .board import Board
>>> import random
>>> b = Board(9)
>>> margin, owner, _ = playout(b.clone(), 1, random.Random(3), 7.5, 0)
>>> owner[0] | owner[1] == b.geo.full      # a play-out fills the board: every point ends up owned
True
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from functools import cache

from .board import Board
from .points import BLACK, WHITE

PASS = -1
#: How strongly RAVE values count for a move with few visits of its own (higher: longer).
RAVE_K = 600.0
EXPLORATION = 0.25


@cache
def _diagonals(size: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for p in range(size * size):
        row, col = divmod(p, size)
        out.append(tuple((row + dr) * size + col + dc for dr in (-1, 1) for dc in (-1, 1)
                         if 0 <= row + dr < size and 0 <= col + dc < size))
    return tuple(out)


def is_eye(board: Board, p: int, colour: int) -> bool:
    """``p`` is an eye of ``colour``: every neighbour is its stone and enough diagonals are too.

    (Two enemy diagonals, one on the edge, make it false: the opponent can break it.)
    """
    geo = board.geo
    own = board.masks[colour]
    around = geo.around[p]
    if around & own != around:
        return False
    enemy = board.colour
    bad = sum(1 for q in _diagonals(geo.size)[p] if enemy[q] == 3 - colour)
    return bad == 0 if len(geo.neighbours[p]) < 4 else bad < 2


def area(board: Board) -> tuple[int, int]:
    """Who owns each point of a played-out board: stones, and empty points touching only one colour."""
    geo = board.geo
    empty, black, white = board.masks
    near_black, near_white = geo.spread(black), geo.spread(white)
    return black | empty & near_black & ~near_white, white | empty & near_white & ~near_black


def playout(board: Board, colour: int, rnd: random.Random, komi: float, moves_before: int,
            limit: int | None = None) -> tuple[float, tuple[int, int], list[int]]:
    """Play ``board`` out at random from ``colour`` to move. Returns Black's margin (komi taken off), the points
    each side owns at the end, and the moves played (``point << 1 | colour - 1``) for RAVE.

    ``board`` is changed: pass a copy. Its history of positions is not kept up (play-outs use simple ko).
    """
    geo = board.geo
    size = geo.size
    limit = limit or 3 * geo.points
    around, masks, colours = geo.around, board.masks, board.colour
    heads, stones, libs = board.head, board.stones, board.libs
    diagonals = _diagonals(size)
    list_points = geo.list_points
    randrange = rnd.randrange
    played: list[int] = []
    passes = 0
    ko = -1
    for _ in range(limit):
        empties = list_points(masks[0])
        enemy = 3 - colour
        own = masks[colour]
        chosen = -1
        while empties:
            i = randrange(len(empties))
            p = empties[i]
            empties[i] = empties[-1]
            empties.pop()
            if p == ko:
                continue
            near = around[p]
            if near & own == near:  # maybe an own eye
                bad = 0
                for q in diagonals[p]:
                    if colours[q] == enemy:
                        bad += 1
                if bad == 0 or bad < 2 and len(geo.neighbours[p]) == 4:
                    continue
            if not near & masks[0] and board.result_hash(p, colour) is None:
                continue  # suicide
            chosen = p
            break
        if chosen < 0:
            passes += 1
            if passes == 2:
                break
            ko = -1
        else:
            passes = 0
            taken = board._put(chosen, colour)
            ko = -1
            if taken == 1:
                h = heads[chosen]
                lib = libs[h]
                if stones[h] == 1 << chosen and lib & (lib - 1) == 0:
                    ko = lib.bit_length() - 1
            played.append(chosen << 1 | colour - 1)
        colour = 3 - colour
    black, white = area(board)
    return black.bit_count() - white.bit_count() - komi, (black, white), played


@dataclass(eq=False)
class Node:
    """A position in the tree, reached by ``move`` (a point or PASS) of ``colour``."""

    move: int
    colour: int
    parent: "Node | None"
    untried: list[int] = field(default_factory=list)
    children: list["Node"] = field(default_factory=list)
    visits: int = 0
    wins: float = 0.0
    rave_visits: int = 0
    rave_wins: float = 0.0

    def value(self, log_parent: float) -> float:
        n, r = self.visits, self.rave_visits
        mean = self.wins / n if n else 0.5
        rave = self.rave_wins / r if r else 0.5
        beta = math.sqrt(RAVE_K / (3 * n + RAVE_K)) if r else 0.0
        return (1 - beta) * mean + beta * rave + EXPLORATION * math.sqrt(log_parent / (n + 1))


def candidates(board: Board, colour: int) -> list[int]:
    """The moves worth trying: every legal point but the player's own eyes, and passing."""
    moves = [p for p in board.legal_points(colour) if not is_eye(board, p, colour)]
    moves.append(PASS)
    return moves


@dataclass
class Search:
    """One search from a position (its board, history of positions included, and the colour to move)."""

    board: Board
    colour: int
    komi: float
    rnd: random.Random
    passes: int = 0
    #: False: passing is not among the moves tried at the root (it would stop play into a lost count).
    may_pass: bool = True
    simulations: int = 0

    def __post_init__(self) -> None:
        moves = candidates(self.board, self.colour)
        if not self.may_pass:
            moves.remove(PASS)
        self.root = Node(PASS, 3 - self.colour, None, moves)
        self.rnd.shuffle(self.root.untried)

    def run(self, simulations: int, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        for i in range(simulations):
            self.simulate()
            if i % 16 == 15 and time.monotonic() > deadline:
                break

    def simulate(self) -> None:
        board = self.board.clone()
        node = self.root
        colour = self.colour
        passes = self.passes
        path = [node]
        # down the tree
        while not node.untried and node.children and passes < 2:
            log_n = math.log(node.visits + 1)
            node = max(node.children, key=lambda c: c.value(log_n))
            passes = passes + 1 if node.move == PASS else 0
            if node.move != PASS:
                board.play(node.move, colour)
            colour = 3 - colour
            path.append(node)
        # add a node
        if node.untried and passes < 2:
            move = node.untried.pop()
            passes = passes + 1 if move == PASS else 0
            if move != PASS:
                board.play(move, colour)
            child = Node(move, colour, node)
            colour = 3 - colour
            if passes < 2:
                child.untried = candidates(board, colour)
                self.rnd.shuffle(child.untried)
            node.children.append(child)
            node = child
            path.append(node)
        # play out
        if passes < 2:
            margin, _, played = playout(board, colour, self.rnd, self.komi, 0)
        else:
            black, white = area(board)
            margin, played = black.bit_count() - white.bit_count() - self.komi, []
        black_won = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
        # back up, with RAVE: the moves each colour played later in the simulation
        first: dict[int, int] = {}
        for code in reversed(played):
            first[code >> 1] = code & 1
        for n in reversed(path):
            n.visits += 1
            n.wins += black_won if n.colour == BLACK else 1.0 - black_won
            for c in n.children:
                if c.move != PASS and first.get(c.move) == c.colour - 1:
                    c.rave_visits += 1
                    c.rave_wins += black_won if c.colour == BLACK else 1.0 - black_won
            if n.move != PASS:
                first[n.move] = n.colour - 1
        self.simulations += 1

    def best(self) -> Node | None:
        return max(self.root.children, key=lambda c: c.visits, default=None)


def dead_chains(board: Board, colour_to_move: int, komi: float, rnd: random.Random, playouts: int) -> int:
    """The mask of the stones that play-outs from here mostly give to the other side."""
    counts = [[0] * board.geo.points, [0] * board.geo.points]
    for _ in range(playouts):
        _, owned, _ = playout(board.clone(), colour_to_move, rnd, komi, 0)
        for side in (0, 1):
            for p in board.geo.list_points(owned[side]):
                counts[side][p] += 1
    dead = 0
    for colour in (BLACK, WHITE):
        for p in board.geo.list_points(board.masks[colour]):
            if counts[2 - colour][p] * 2 > playouts:  # the other side owned it in most play-outs
                dead |= 1 << p
    # whole chains: a chain is dead when most of its stones are
    out = 0
    seen = 0
    for p in board.geo.list_points(board.masks[BLACK] | board.masks[WHITE]):
        if seen >> p & 1:
            continue
        chain = board.chain(p)
        seen |= chain
        if (chain & dead).bit_count() * 2 > chain.bit_count():
            out |= chain
    return out

