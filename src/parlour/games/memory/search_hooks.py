"""Search hooks the memory games share: worlds that respect what the seat remembers.

A memory game's view shows a face-down card only while it is shown (the peek, a power's look); a bot is shown
the seat's ``bot_view``, whose ``memory`` lists every face-down card the seat has seen where it now lies.
:class:`MemoryHooks` deals worlds (``determinize``) in which each of those cards lies there. Decisions whose
worth is the information they bring (which card to peek at, spy on, or look at), which a search over worlds
cannot value, are the expert bot's (:mod:`parlour.games.memory.bot`); so are the snaps (it snaps only what it
remembers) and the gives.

A game's own ``search_hooks.py`` subclasses it with a play-out policy (see ``games/kaboo/search_hooks.py``).
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.bots.hooks import SearchHooks
from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng

from .actions import GIVE, LOOK, PASS, PEEK, READY, SKIP, SNAP, SPY, STAY, Move
from .bot import ExpertBot
from .state import HIDDEN

#: Decisions left to the expert: their worth is what they show.
EXPERT_KINDS = frozenset({READY, PEEK, SPY, LOOK, SNAP, PASS, GIVE, STAY})


class MemoryHooks(SearchHooks):
    def determinize(self, view: Mapping[str, Any], rng: Rng, memory: Mapping[str, Any]) -> State:
        remembered = view.get("memory")
        if not remembered:
            return self.game.determinize(view, rng)
        layouts = [list(row) for row in view["layouts"]]
        for owner, slot, code in remembered:
            if layouts[owner][slot] == HIDDEN:
                layouts[owner][slot] = code
        return self.game.determinize({**view, "layouts": layouts}, rng)

    def decide(self, view: Mapping[str, Any], legal: list[Action], memory: dict[str, Any]) -> Action | None:
        if len(legal) == 1:
            return legal[0]
        kinds = {Move(a).kind for a in legal}
        if kinds & EXPERT_KINDS and not kinds - EXPERT_KINDS - {SKIP}:
            expert = memory.get("expert") or memory.setdefault("expert", ExpertBot(self.game, view["seat"]))
            return expert.choose(dict(view), legal)
        return None

    def moves(self, state: State, seat: int) -> list[Action]:
        legal = state.legal(seat)
        return [a for a in legal if Move(a).kind not in EXPERT_KINDS] or legal



def hooks(game: Game) -> MemoryHooks:
    return MemoryHooks(game)
