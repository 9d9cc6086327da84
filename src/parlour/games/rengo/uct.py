"""Tree search the way the Monte Carlo Go programs of 2007-2012 do it, on the play-out board of ``fastboard``.

* **Priors** (Gelly and Silver 2007; the values are Michi's): a new node's children start with virtual visits and
  wins from what the point is: a capture, a save of an own chain in atari, a 3×3 pattern, a point near the last
  move, a first or third line in an empty area, a self-atari (negative).
* **RAVE/AMAF**: each child also counts the simulations in which its colour played its point first anywhere later;
  a child is chosen by ``(1 - β) · winrate + β · AMAF winrate`` with ``β = ñ / (ñ + n + n ñ / RAVE_EQUIV)``
  (Silver's schedule), no further exploration term: the priors explore.
* A leaf is expanded once it has been visited :data:`EXPAND_VISITS` times; play-outs use the board's policy.

The root's moves are the game's own legal points (positional superko included), never an own eye; deeper in the
tree only the simple ko is known. The result of a play-out is Black's area less White's less komi.

>>> from .board import Board
>>> t = Tree(Board(9), 1, 7.0, seed=1)
>>> t.run(200, 10.0)
200
>>> best = t.best_moves()[0]
>>> 0 <= best[0] < 81 and best[1] > 0
True
"""

from __future__ import annotations

import time

try:
    import cython
except ImportError:  # plain Python without Cython: the same code, untyped
    from parlour.core import cyshim as cython

from .fastboard import FastBoard

PASS = -1
EXPAND_VISITS = 8
RAVE_EQUIV = 3500.0
PRIOR_EVEN = 10  # a child starts at 5 wins of 10 (even)
PRIOR_SELFATARI = 10  # as losses
PRIOR_CAPTURE_ONE = 15
PRIOR_CAPTURE_MANY = 30
PRIOR_PAT3 = 10
PRIOR_NEAR = (0, 24, 22, 8)  # by distance from the last move (|dr| + |dc| ≤ 3; Michi counts it in its graph)
PRIOR_EMPTYAREA = 10
# The same as C constants for the compiled methods (module names are Python objects there).
_PASS = cython.declare(cython.int, PASS)
_EXPAND_VISITS = cython.declare(cython.int, EXPAND_VISITS)
_RAVE_EQUIV = cython.declare(cython.double, RAVE_EQUIV)
_EVEN = cython.declare(cython.double, PRIOR_EVEN)
_SELFATARI = cython.declare(cython.double, PRIOR_SELFATARI)
_CAPTURE_ONE = cython.declare(cython.double, PRIOR_CAPTURE_ONE)
_CAPTURE_MANY = cython.declare(cython.double, PRIOR_CAPTURE_MANY)
_PAT3 = cython.declare(cython.double, PRIOR_PAT3)
_NEAR1 = cython.declare(cython.double, PRIOR_NEAR[1])
_NEAR2 = cython.declare(cython.double, PRIOR_NEAR[2])
_NEAR3 = cython.declare(cython.double, PRIOR_NEAR[3])
_EMPTYAREA = cython.declare(cython.double, PRIOR_EMPTYAREA)


@cython.cclass
class Node:
    """A move (a padded point, or PASS) of ``colour``, with its visits and wins, counted for ``colour``."""

    def __init__(self, move: int, colour: int) -> None:
        self.move = move
        self.colour = colour
        self.n = 0
        self.v = 0.0
        self.w = 0.0
        self.av = 0.0
        self.aw = 0.0
        self.children = None

    @cython.locals(beta=cython.double, q=cython.double, r=cython.double)
    def urgency(self) -> float:
        """The value the parent picks its child by: winrate blended with the AMAF winrate."""
        q = self.w / self.v if self.v > 0 else 0.5
        if self.av <= 0:
            return q
        r = self.aw / self.av
        beta = self.av / (self.av + self.v + self.v * self.av / _RAVE_EQUIV)
        return (1 - beta) * q + beta * r


@cython.cclass
class Tree:
    """A search from one position of a game's :class:`.board.Board`: ``colour`` to move, ``komi`` for White.

    ``legal``: the game points the root may play (the game's legal points); None: every point the board allows.
    ``last``: the game point of the last move (for the play-outs' replies), or -1.
    """

    def __init__(self, board: object, colour: int, komi: float, seed: int = 1, legal: object = None,
                 last: int = -1, passes: int = 0) -> None:
        size = board.size
        self.size = size
        self.komi = komi
        self.colour = colour
        self.root_board = FastBoard(size, seed)
        self.root_board.load(size, list(board.colour))
        if last >= 0:
            self.root_board.last = self.root_board.padded(last)
        self.root_board.passes = passes
        self.work = FastBoard(size, seed * 7 + 1)
        self.limit = 3 * size * size
        self.simulations = 0
        self.root = Node(_PASS, 3 - colour)
        allowed = None if legal is None else {self.root_board.padded(q) for q in legal}
        self.expand(self.root, self.root_board, colour, allowed)

    @cython.locals(i=cython.int, p=cython.int, v=cython.double, w=cython.double, k=cython.int, d=cython.int,
                   r=cython.int, c=cython.int, lr=cython.int, lc=cython.int, stride=cython.int, size=cython.int,
                   dr=cython.int, dc=cython.int, line=cython.int, near=cython.int, u=cython.double, last=cython.int)
    def expand(self, node: Node, b: FastBoard, colour: int, allowed: object = None) -> None:
        """Give ``node`` its children: every legal point of ``colour`` but its own eyes (or a pass if none)."""
        children = []
        stride = b.stride
        size = b.size
        last = b.last
        lr = last // stride if last >= 0 else -100
        lc = last % stride if last >= 0 else -100
        for i in range(b.empties()):
            p = b.empty_at(i)
            if allowed is not None and p not in allowed:
                continue
            if not b.legal(p, colour) or b.is_eye(p, colour):
                continue
            child = Node(p, colour)
            v = _EVEN
            w = _EVEN * 0.5
            k = b.captures(p, colour)
            if k > 0:
                v += _CAPTURE_MANY if k > 1 else _CAPTURE_ONE
                w += _CAPTURE_MANY if k > 1 else _CAPTURE_ONE
            k = b.saves(p, colour)
            if k > 0:
                v += _CAPTURE_MANY if k > 1 else _CAPTURE_ONE
                w += _CAPTURE_MANY if k > 1 else _CAPTURE_ONE
            k = b.self_atari(p, colour)
            if k > 0:
                v += _SELFATARI
            if b.pattern(p):
                v += _PAT3
                w += _PAT3
            r = p // stride
            c = p % stride
            dr = r - lr if r >= lr else lr - r
            dc = c - lc if c >= lc else lc - c
            d = dr + dc
            if d <= 3:
                u = _NEAR1 if d == 1 else _NEAR2 if d == 2 else _NEAR3 if d == 3 else 0.0
                v += u
                w += u
            near = b.stones_near(p, 3)
            if near == 0:
                line = min(r, c, size + 1 - r, size + 1 - c)
                if line <= 2:
                    v += _EMPTYAREA
                elif line == 3:
                    v += _EMPTYAREA
                    w += _EMPTYAREA
            child.v = v
            child.w = w
            children.append(child)
        if not children:
            children.append(Node(_PASS, colour))
        node.children = children

    @cython.locals(best=Node, c=Node, u=cython.double, top=cython.double)
    def select(self, node: Node) -> Node:
        best = None
        top = -1.0
        for c in node.children:
            u = c.urgency()
            if u > top:
                top = u
                best = c
        return best

    @cython.locals(node=Node, child=Node, c=Node, b=FastBoard, colour=cython.int, score=cython.double,
                   won=cython.double, i=cython.int)
    def simulate(self) -> None:
        """One simulation: down the tree, a play-out, and the result back up (with AMAF)."""
        b = self.work
        b.copy_from(self.root_board)
        node = self.root
        colour = self.colour
        path = [node]
        while b.passes < 2:
            if node.children is None:
                if node.n < _EXPAND_VISITS:
                    break
                self.expand(node, b, colour, None)
            child = self.select(node)
            if child.move == _PASS:
                b.play_pass()
            else:
                b.play(child.move, colour)
            colour = 3 - colour
            node = child
            path.append(node)
        if b.passes < 2:
            score = b.playout(colour, self.limit) - self.komi
        else:
            score = b.area() - self.komi
        won = 1.0 if score > 0 else 0.0 if score < 0 else 0.5  # for Black
        for i in range(len(path)):
            node = path[i]
            node.n += 1
            node.v += 1
            node.w += won if node.colour == 1 else 1.0 - won
            if node.children is not None:
                for c in node.children:
                    if c.move >= 0 and b.first_colour(c.move) == c.colour:
                        c.av += 1
                        c.aw += won if c.colour == 1 else 1.0 - won
        self.simulations += 1

    @cython.locals(i=cython.int, n=cython.int)
    def run(self, simulations: int, seconds: float) -> int:
        """Simulate ``simulations`` times or until ``seconds`` (CPU time of this process) have passed."""
        deadline = time.process_time() + seconds
        n = 0
        for i in range(simulations):
            self.simulate()
            n += 1
            if i % 64 == 63 and time.process_time() > deadline:
                break
        return n

    def best_moves(self) -> list:
        """``(game point or PASS, visits, winrate for the side to move)`` of the root's children, most visited
        first."""
        out = []
        for c in sorted(self.root.children, key=lambda c: c.n, reverse=True):
            point = _PASS if c.move == _PASS else self.root_board.unpadded(c.move)
            out.append((point, c.n, (c.w / c.v) if c.v else 0.5))
        return out

    def winrate(self) -> float:
        """The root's winrate for the side to move (its real visits only count from the simulations)."""
        return 1.0 - self.root.w / self.root.v if self.root.v else 0.5


@cython.locals(i=cython.int, q=cython.int, p=cython.int, size=cython.int, b=FastBoard, root=FastBoard)
def ownership(board: object, colour: int, playouts: int, seed: int = 1, light: bool = True) -> list:
    """How often each game point ends Black's (``+1``) or White's (``-1``) over ``playouts`` play-outs from here
    (light ones by default: see :attr:`.fastboard.FastBoard.light`)."""
    size = board.size
    root = FastBoard(size, seed)
    root.load(size, list(board.colour))
    b = FastBoard(size, seed * 7 + 1)
    b.light = light
    owned = [0] * (size * size)
    for i in range(playouts):
        b.copy_from(root)
        b.playout(colour, 3 * size * size)
        for q in range(size * size):
            p = b.padded(q)
            k = b.owner(p)
            if k == 1:
                owned[q] += 1
            elif k == 2:
                owned[q] -= 1
    return owned


__all__ = ["PASS", "Node", "Tree", "ownership"]
