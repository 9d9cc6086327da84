"""Search hooks the memory games share: a bot that remembers, and worlds that respect what it remembers.

A memory game's view shows a face-down card only while it is shown (the peek, a power's look); a player who
saw it remembers it. :class:`MemoryHooks` keeps an ``expert`` bot (:mod:`parlour.games.memory.bot`) in the
search bot's memory, shows it every view so that it remembers every card the seat has seen by its tag, and
deals worlds (``determinize``) in which each remembered card lies where the seat knows it is. Decisions whose
worth is the information they bring (which card to peek at, spy on, or look at), which a search over worlds
cannot value, are the expert's; so are the snaps (it snaps only what it remembers).

A game's own ``search_hooks.py`` subclasses it with a play-out policy (see ``games/kaboo/search_hooks.py``).
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.bots.hooks import SearchHooks
from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng

from .actions import LOOK, PASS, PEEK, READY, SKIP, SNAP, SPY, SWAP, GIVE, STAY, Move
from .bot import ExpertBot
from .state import HIDDEN

#: Decisions left to the expert: their worth is what they show.
EXPERT_KINDS = frozenset({READY, PEEK, SPY, LOOK, SNAP, PASS, GIVE, STAY})


class MemoryHooks(SearchHooks):
    def _expert(self, memory: dict[str, Any], seat: int) -> ExpertBot:
        bot = memory.get("expert")
        if bot is None:
            bot = memory["expert"] = ExpertBot(self.game, seat)
        return bot

    def observe(self, memory: dict[str, Any], view: Mapping[str, Any]) -> None:
        if view["seat"] is not None:
            self._expert(memory, view["seat"]).observe(dict(view))

    def determinize(self, view: Mapping[str, Any], rng: Rng, memory: Mapping[str, Any]) -> State:
        expert = memory.get("expert")
        if expert is None or not expert.memory:
            return self.game.determinize(view, rng)
        layouts = [[expert.memory.get(tag, code) if code == HIDDEN else code for code, tag in zip(row, tags)]
                   for row, tags in zip(view["layouts"], view["tags"])]
        try:
            return self.game.determinize({**view, "layouts": layouts}, rng)
        except ValueError:  # a remembered card that cannot be where it was remembered: forget the memory
            return self.game.determinize(view, rng)

    def decide(self, view: Mapping[str, Any], legal: list[Action], memory: dict[str, Any]) -> Action | None:
        if len(legal) == 1:
            return legal[0]
        kinds = {Move(a).kind for a in legal}
        if kinds & EXPERT_KINDS and not kinds - EXPERT_KINDS - {SKIP}:
            return self._expert(memory, view["seat"]).choose(dict(view), legal)
        return None

    def step(self, view: Mapping[str, Any], legal: list[Action], move: Action, memory: dict[str, Any]) -> Action:
        if Move(move).kind == SWAP:  # the drawn card goes face down there: remember it
            self._expert(memory, view["seat"]).pending = (Move(move).a, view["drawn"])
        return move

    def moves(self, state: State, seat: int) -> list[Action]:
        legal = state.legal(seat)
        return [a for a in legal if Move(a).kind not in EXPERT_KINDS] or legal

    def play(self, state: State, seat: int, action: Action) -> None:
        state._apply(seat, action)


def hooks(game: Game) -> MemoryHooks:
    return MemoryHooks(game)
