"""Information-set Monte Carlo tree search (single observer; Cowling, Powley & Whitehouse, 2012).

One tree of the moves made from the bot's information set, grown over many iterations. Each iteration deals a
new world consistent with the view (``hooks.determinize``), walks down the tree choosing, among the moves legal
in that world, by UCB1 with availability counts (a move is only compared in the worlds where it could be made),
adds one new node, plays the deal out with the game's policy and credits each node with the value of the line
to the seat that made its move. Unlike :mod:`parlour.bots.pimc` it never plans on cards it could not see.
The move played is the root's most visited.

Values are in match points, whose scale differs from game to game, so the exploration term is scaled by the
spread of the values seen so far in this search.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("giacomotto")
>>> state = game.new(seed=4)
>>> seat = state.to_act[0]
>>> bot = make("ismcts@50", game, seat, seed=1)
>>> bot.choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
>>> bot.stats["iterations"]
50
"""

from __future__ import annotations

import math
import time
from typing import Any

from parlour.core.game import Action

from .hooks import Root
from .search import SearchBot, levels

#: UCB1's exploration constant, in units of the spread of the values seen.
EXPLORATION = 0.7


class Node:
    """A move in the tree: the seat that made it, its visits, total value (to that seat), availability."""

    __slots__ = ("seat", "visits", "total", "available", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[int, Node] = {}  # by _key(seat, move)


class ISMCTSBot(SearchBot):
    """Grows one tree over the bot's information set, each iteration in a new world consistent with its view."""

    name = "ismcts"
    description = "searches a tree of moves over many deals of the unseen cards (information-set MCTS)"
    ways = {"cards": description,
            "pieces": "searches a tree of moves over many guesses of the covered pieces (information-set MCTS)",
            None: "searches a tree of moves, playing each line out to its end (Monte Carlo tree search)"}

    def search(self, view: dict[str, Any], legal: list[Action], deadline: float) -> Action:
        hooks, rng, me = self.hooks, self.rng, self.seat
        limit = self.budget.iterations
        root_node = Node(-1)
        iterations = 0
        low, high = math.inf, -math.inf
        root: Root | None = None
        root_moves: list[Action] = []
        while True:
            world = hooks.determinize(view, rng, self.memory)
            if root is None:
                root = Root.of(world, hooks.mark(world))
                root_moves = hooks.order(world, me, hooks.moves(world, me))
            node, path = root_node, [root_node]
            # selection and expansion
            while not hooks.finished(world, root):
                seats = world.to_act
                if not seats:
                    world.timeout()
                    continue
                seat = seats[0]
                moves = root_moves if node is root_node else hooks.order(world, seat, hooks.moves(world, seat))
                children = node.children
                untried = [m for m in moves if _key(seat, m) not in children]
                if untried:
                    move = untried[0]
                    child = children[_key(seat, move)] = Node(seat)
                    for m in moves:
                        c = children.get(_key(seat, m))
                        if c is not None:
                            c.available += 1
                    hooks.play(world, seat, move)
                    path.append(child)
                    break
                spread = (high - low) if high > low else 1.0
                best, best_score = moves[0], -math.inf
                for m in moves:
                    c = children[_key(seat, m)]
                    c.available += 1
                    score = c.total / c.visits + EXPLORATION * spread * math.sqrt(math.log(c.available) / c.visits)
                    if score > best_score:
                        best, best_score = m, score
                hooks.play(world, seat, best)
                node = children[_key(seat, best)]
                path.append(node)
            # play-out, then every node on the path is credited to the seat that made its move
            hooks.rollout(world, root, rng)
            values = hooks.values(world, root)
            for n in path[1:]:
                v = values[n.seat]
                n.visits += 1
                n.total += v
                low, high = min(low, v), max(high, v)
            root_node.visits += 1
            iterations += 1
            if (limit is not None and iterations >= limit) or time.perf_counter() > deadline:
                break
        self.stats["iterations"] = iterations
        return max(root_moves, key=lambda m: (c.visits, c.total / c.visits)
                   if (c := root_node.children.get(_key(me, m))) else (0, -math.inf))


def _key(seat: int, move: Action) -> int:
    """A child's key: the move and the seat that made it (several seats may act at once)."""
    return int(move) << 6 | seat


ISMCTS_LEVELS = levels(ISMCTSBot)
