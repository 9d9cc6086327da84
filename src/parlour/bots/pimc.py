"""Determinized search (Perfect Information Monte Carlo): sample the worlds the view allows, solve each, vote.

For each decision the bot deals the cards it cannot see again and again (``hooks.determinize``: every world
agrees with its view and what play revealed), and in each world values every move it may make: exactly where
the game has a solver for a world whose cards are all known (a double-dummy alpha-beta over the remaining
tricks, :mod:`parlour.bots.dd`), else by playing the deal out with the game's play-out policy, the same
random stream for every move so that they are compared on equal terms. The move with the best total over the
worlds is played. Worlds are drawn until the time (or the number of worlds) of the bot's budget runs out.

Its known weakness (it decides as if it would see every card from the next move on) is what information-set
MCTS (:mod:`parlour.bots.ismcts`) avoids; on card games it is usually the stronger of the two for the time.

>>> import parlour
>>> from parlour.bots import make
>>> game = parlour.load("giacomotto")
>>> state = game.new(seed=4)
>>> seat = state.to_act[0]
>>> bot = make("pimc@8", game, seat, seed=1)
>>> bot.choose(state.view(seat), state.legal(seat)) in state.legal(seat)
True
>>> bot.stats["iterations"]
8
"""

from __future__ import annotations

import time
from typing import Any

from parlour.core.game import Action

from .hooks import Root
from .search import SearchBot, levels


class PIMCBot(SearchBot):
    """Samples worlds consistent with its view, values each move in each (solved or played out), votes."""

    name = "pimc"
    description = "deals the unseen cards many ways, plays each move out in every deal, and takes the best"
    ways = {"cards": description,
            "pieces": "guesses the covered pieces many ways, plays each move out in every guess, and takes the best",
            None: "plays each move out many times and takes the best"}

    def search(self, view: dict[str, Any], legal: list[Action], deadline: float) -> Action:
        moves, totals = self._totals(view, deadline)
        best = max(range(len(moves)), key=lambda i: totals[i])  # ties: the first in the hooks' order
        return moves[best]

    def weigh(self, view: dict[str, Any], legal: list[Action], deadline: float,
              moves: list[Action] | None = None) -> list[tuple[Action, float]]:
        """Every move the search weighs (``moves``, else the hooks' whole moves in their order) with its mean value
        to the seat over the worlds sampled (:attr:`stats` ``iterations``): what :meth:`search` takes the best of.

        A move may also be a tuple of steps (a whole turn a person made that the hooks do not list): it is played
        step by step in each world, and no world is solved exactly then, so that every move is valued alike.
        """
        moves, totals = self._totals(view, deadline, moves)
        worlds = max(1, int(self.stats["iterations"]))
        return [(m, t / worlds) for m, t in zip(moves, totals)]

    def _totals(self, view: dict[str, Any], deadline: float,
                given: list[Action] | None = None) -> tuple[list[Action], list[float]]:
        """The moves and their total values over the worlds drawn within the budget (their number in ``stats``)."""
        hooks, rng, seat = self.hooks, self.rng, self.seat
        limit = self.budget.iterations
        world = hooks.determinize(view, rng, self.memory)
        root = Root.of(world, hooks.mark(world))
        moves = list(given) if given is not None else hooks.order(world, seat, hooks.moves(world, seat))
        steps = any(isinstance(m, tuple) for m in moves)
        totals = [0.0] * len(moves)
        worlds = 0
        while True:
            values = None if steps else hooks.solve(world, seat, moves, root, deadline)
            if values is None:
                values = []
                seed = rng.next64()
                for move in moves:
                    if values and time.perf_counter() > deadline:
                        break
                    line = world.clone()
                    if isinstance(move, tuple):
                        for part in move:
                            line.apply(seat, part)
                    else:
                        hooks.play(line, seat, move)
                    hooks.rollout(line, root, type(rng)(seed))
                    values.append(hooks.values(line, root)[seat])
            if len(values) < len(moves):  # out of time within a world: it counts only if it is the first
                if not worlds:
                    totals = values + [float("-inf")] * (len(moves) - len(values))
                break
            for i, v in enumerate(values):
                totals[i] += v
            worlds += 1
            if (limit is not None and worlds >= limit) or time.perf_counter() > deadline:
                break
            world = hooks.determinize(view, rng, self.memory)
        self.stats["iterations"] = worlds
        return moves, totals


PIMC_LEVELS = levels(PIMCBot)
