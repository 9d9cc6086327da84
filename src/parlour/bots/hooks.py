"""What a search bot asks of a game, with answers that work for any game: the per-game hooks.

The search bots (:mod:`parlour.bots.pimc`, :mod:`parlour.bots.ismcts`) know a game only through its contract
(``determinize``, ``legal``, ``apply``, ``clone``, the score sheet) and through a :class:`SearchHooks` object.
The defaults here need nothing more than the contract: worlds from ``game.determinize(view, rng)``, random
play-outs to the end of the current deal, and the deal's match points as the value. A game makes its bots
strong by adding ``search_hooks.py`` to its folder with a function ``hooks(game) -> SearchHooks`` that
returns a subclass overriding what it knows better: a determinizer that reads more from the play (voids,
must-beat failures, peeks remembered), a fast play-out policy, move ordering, an exact solver for a
world whose cards are all known (a double-dummy solver for trick-taking), whole turns as single moves.

>>> import parlour
>>> game = parlour.load("crazy-nines")
>>> hooks = hooks_for(game)
>>> type(hooks).__name__
'SearchHooks'
>>> state = game.new(seed=2)
>>> root = Root.of(state)
>>> seat = state.to_act[0]
>>> world = hooks.determinize(state.view(seat), Rng(1), {})
>>> hooks.rollout(world, root, Rng(3))
>>> hooks.finished(world, root)
True
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Mapping

from parlour.core.game import Action, Game, State
from parlour.core.rng import Rng

__all__ = ["Root", "SearchHooks", "hooks_for"]


@dataclass(frozen=True)
class Root:
    """What a search remembers of the position it started from: the score sheet's rows and totals then."""

    rows: int
    scores: tuple[int, ...]
    players: int
    #: Whatever else the game's hooks note of the root (:meth:`SearchHooks.mark`), e.g. which deal it is.
    mark: Any = None

    @classmethod
    def of(cls, state: State, mark: Any = None) -> "Root":
        return cls(len(state.sheet.rows), tuple(state.scores), state.game.players, mark)


class SearchHooks:
    """The game-agnostic answers; subclass and override per game (see the module docstring)."""

    #: A play-out stops after this many actions and is valued as it stands (board games that never end
    #: by random play; a card game's deal ends long before).
    rollout_limit = 400

    def __init__(self, game: Game) -> None:
        self.game = game
        self.lowest_wins = game.lowest_wins

    # --- what the seat knows ----------------------------------------------------------------------------------

    def observe(self, memory: dict[str, Any], view: Mapping[str, Any]) -> None:
        """Note what ``view`` shows that later views may not (a card peeked at): ``memory`` is the bot's own,
        kept from one decision to the next while the same bot plays the seat."""

    def determinize(self, view: Mapping[str, Any], rng: Rng, memory: Mapping[str, Any]) -> State:
        """A full state consistent with ``view`` (and what ``memory`` holds)."""
        return self.game.determinize(view, rng)

    def decide(self, view: Mapping[str, Any], legal: list[Action], memory: dict[str, Any]) -> Action | None:
        """An action to play without searching (a forced or obvious step), or ``None`` to search."""
        return legal[0] if len(legal) == 1 else None

    def continuing(self, view: Mapping[str, Any]) -> bool:
        """Whether the seat is inside a whole move it began (a capture's later steps): advice groups such steps
        with the one that began the move (:mod:`parlour.bots.advice`)."""
        return False

    # --- moves ------------------------------------------------------------------------------------------------

    def moves(self, state: State, seat: int) -> list[Action]:
        """The moves a search weighs for ``seat``: its legal actions, or whole turns where a turn takes several
        actions (each must be accepted by ``state.apply``)."""
        return state.legal(seat)

    def step(self, view: Mapping[str, Any], legal: list[Action], move: Action, memory: dict[str, Any]) -> Action:
        """The action of ``legal`` that plays ``move`` (the first step of a whole turn, remembering the rest)."""
        return move

    def order(self, state: State, seat: int, moves: list[Action]) -> list[Action]:
        """``moves`` best first, as far as the game can tell cheaply (searches try them in this order)."""
        return moves

    def play(self, state: State, seat: int, action: Action) -> None:
        """Apply a move the hooks produced (a game may skip the checks on its hot path)."""
        state.apply(seat, action)

    def policy(self, state: State, seat: int, rng: Rng) -> Action:
        """The move a play-out makes for ``seat``: uniformly random by default."""
        return rng.choice(self.moves(state, seat))

    # --- where a search stops, and what it is worth -------------------------------------------------------------

    def mark(self, state: State) -> Any:
        """What :class:`Root` keeps of the position a search starts from, for :meth:`finished` and :meth:`values`."""
        return None

    def finished(self, state: State, root: Root) -> bool:
        """Whether a search line has reached its horizon: the end of the deal it started in, or of the match."""
        return state.over or len(state.sheet.rows) > root.rows

    def values(self, state: State, root: Root) -> list[float]:
        """What the line is worth to each seat: the match points it gained since the root less the others'
        mean (negated where the lowest total wins). A game adds an estimate for a line cut off mid-deal."""
        now = state.scores
        n = root.players
        gains = [now[s] - root.scores[s] for s in range(n)]
        total = sum(gains)
        out = [g - (total - g) / (n - 1) for g in gains] if n > 1 else gains
        return [-v for v in out] if self.lowest_wins else out

    def rollout(self, state: State, root: Root, rng: Rng) -> None:
        """Play ``state`` on to the horizon with :meth:`policy` (at most :attr:`rollout_limit` actions)."""
        for _ in range(self.rollout_limit):
            if self.finished(state, root):
                return
            seats = state.to_act
            if not seats:
                state.timeout()
                continue
            seat = seats[0]
            self.play(state, seat, self.policy(state, seat, rng))

    def solve(self, state: State, seat: int, moves: list[Action], root: Root, deadline: float) -> list[float] | None:
        """Exact values of ``moves`` for ``seat`` in a world whose cards are all known (a double-dummy solve), or
        ``None`` where the game has no solver for this position: then each move is played out."""
        return None


def hooks_for(game: Game) -> SearchHooks:
    """The game's own hooks (``search_hooks.hooks(game)`` in its folder), else the defaults. Cached per game."""
    cached = getattr(game, "_search_hooks", None)
    if cached is not None:
        return cached
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.search_hooks")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.search_hooks":
            raise
        hooks = SearchHooks(game)
    else:
        hooks = module.hooks(game)
    game._search_hooks = hooks  # type: ignore[attr-defined]
    return hooks
