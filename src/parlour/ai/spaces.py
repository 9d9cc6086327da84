"""Each game's fixed action space and numeric observation, from its folder's ``ai.py`` (or a fallback).

A game describes itself for learning programs in ``games/<pkg>/ai.py``, plain Python without numpy:

* ``action_count(game) -> int`` (optional: without it, the legal-index fallback below, as for a game without
  ``ai.py``): the size of its fixed action space;
* ``action_index(game, action) -> int`` (optional; default ``int(action)``): where an action sits in that space
  (actions that only differ in what no seat chooses, such as the Claw's call number, share an index);
* ``action_steps(game, action) -> tuple[int, ...]`` (optional): for a game whose actions are too many to number
  one by one, an action chosen in several steps (a Tarok discard: its cards one by one, lowest first), each step an
  index of the space, or None for an action the space cannot name (a Kaboo slot beyond its room: left out of the
  mask). Steps of one decision never make one legal action a prefix of another; ``MOST_STEPS`` says how many an
  action may take at most;
* ``any_action(game, index) -> Action`` (optional): for a game whose every index is legal whenever the seat may act
  (a Skelly flick: a grid of angles and powers), the action an index names; the mask is then all ones;
* ``observation_shape(game) -> tuple`` and ``encode(game, view) -> list[float]`` (optional): a numeric encoding
  of a view (values in [0, 1]) where one is natural (cards by place, stones on a board), flattened in C order.

An environment of a game with ``action_steps`` keeps the steps chosen so far (``chosen``) and plays the action
when its last step is taken; until then the mask offers only steps that lead on to a legal action:

>>> import parlour
>>> tarok = codec_for(parlour.load("tarok"))
>>> from parlour.games.tarok.actions import parse
>>> legal = [parse("discard 7C 8C"), parse("discard 7C 9C"), parse("discard KH 9C")]
>>> tarok.steps(legal[0], legal), sorted(tarok.choices(legal)) == sorted({tarok.steps(a, legal)[0] for a in legal})
((142, 143), True)
>>> [str(tarok.action(i, legal, chosen=(142,))) for i in tarok.mask(legal, chosen=(142,))]
['discard 7C 8C', 'discard 7C 9C']
>>> tarok.action(142, legal) is None    # a first card: more steps to come
True

A game without ``ai.py`` still has a fixed action space: the index of an action in the legal list, up to
:data:`FALLBACK_ACTIONS` (a learning program then only knows "the i-th legal action").

>>> import parlour
>>> codec = codec_for(parlour.load("giacomotto"))
>>> codec.size
256
>>> state = parlour.load("giacomotto").new(seed=1)
>>> legal = state.legal(state.to_act[0])
>>> codec.action(codec.index(legal[0], legal), legal) == legal[0]
True
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Mapping, Sequence

from parlour.core.errors import IllegalAction
from parlour.core.game import Action, Game

#: The fallback action space: an action is its index in the legal list.
FALLBACK_ACTIONS = 1024


class Codec:
    """A game's fixed action space (``size``), its actions' indices, and its numeric observation if any."""

    def __init__(self, game: Game, module: ModuleType | None) -> None:
        self.game = game
        self.module = module
        # a game whose actions are not a small set (Skelly's flicks) may give an observation but no action space
        self._by_legal = module is None or not hasattr(module, "action_count")
        if self._by_legal:
            self.size = FALLBACK_ACTIONS
        else:
            self.size = int(module.action_count(game))
        self._index = getattr(module, "action_index", None)
        self._steps = None if self._by_legal else getattr(module, "action_steps", None)
        self._any = None if self._by_legal else getattr(module, "any_action", None)
        #: The most steps an action takes (``MOST_STEPS`` in the game's ``ai.py``; 1 without ``action_steps``).
        self.most_steps = int(getattr(module, "MOST_STEPS", 1)) if self._steps is not None else 1
        self.shape: tuple[int, ...] | None = tuple(module.observation_shape(game)) \
            if module is not None and hasattr(module, "encode") else None

    @property
    def by_legal_index(self) -> bool:
        """Whether this is the fallback: an action is its place in the legal list."""
        return self._by_legal

    @property
    def open_space(self) -> bool:
        """Whether every index is legal whenever the seat may act (``any_action``: Skelly's grid of flicks)."""
        return self._any is not None

    @property
    def multistep(self) -> bool:
        """Whether some actions are chosen in several steps (``action_steps``; see the module docstring)."""
        return self._steps is not None

    def index(self, action: Action, legal: Sequence[Action]) -> int:
        """Where ``action`` sits in the space (for an action of several steps: its first step)."""
        if self._by_legal:
            return list(legal).index(action)
        i = self._index(self.game, action) if self._index else int(action)
        if not 0 <= i < self.size:
            raise ValueError(f"{self.game.id}: action {action} falls outside its action space (index {i} of "
                             f"{self.size})")
        return i

    def steps(self, action: Action, legal: Sequence[Action]) -> tuple[int, ...]:
        """The indices that choose ``action``, one per step (one for most games)."""
        if self._steps is None:
            return (self.index(action, legal),)
        named = self._steps(self.game, action)
        if named is None:
            raise ValueError(f"{self.game.id}: action {action} is beyond what its action space can name")
        steps = tuple(named)
        if not all(0 <= i < self.size for i in steps):
            raise ValueError(f"{self.game.id}: action {action} falls outside its action space (steps {steps} of "
                             f"{self.size})")
        return steps

    def names(self, action: Action) -> bool:
        """Whether the space can name ``action`` (every action but, in Kaboo, one on a slot beyond its room)."""
        return self._steps is None or self._steps(self.game, action) is not None

    def choices(self, legal: Sequence[Action], chosen: Sequence[int] = ()) -> dict[int, Action | None]:
        """The next steps after ``chosen``, each with the legal action it completes (None where more steps
        follow), for the legal actions whose steps begin with ``chosen``."""
        out: dict[int, Action | None] = {}
        depth = len(chosen)
        prefix = tuple(chosen)
        for a in legal:
            named = self._steps(self.game, a) if self._steps is not None else (self.index(a, legal),)
            if named is None:  # beyond what the space can name (a Kaboo slot past its room)
                continue
            steps = tuple(named)
            if len(steps) > depth and steps[:depth] == prefix:
                out[steps[depth]] = a if len(steps) == depth + 1 else out.get(steps[depth])
        return out

    def mask(self, legal: Sequence[Action], chosen: Sequence[int] = ()) -> list[int]:
        """The indices of the legal actions (of their next steps after ``chosen`` in a game of several steps)."""
        if self._any is not None:
            return list(range(self.size)) if legal else []
        if self._steps is not None:
            return list(self.choices(legal, chosen))
        if self._by_legal:
            if len(legal) > self.size:
                raise ValueError(f"{self.game.id}: {len(legal)} legal actions, more than its {self.size}")
            return list(range(len(legal)))
        return [self.index(a, legal) for a in legal]

    def action(self, index: int, legal: Sequence[Action], chosen: Sequence[int] = ()) -> Action | None:
        """The legal action at ``index`` (after the steps ``chosen``); None if it is a step with more to come;
        :class:`IllegalAction` naming the legal ones if it is neither."""
        if self._any is not None:
            if legal and 0 <= index < self.size:
                return self._any(self.game, index)
        elif self._steps is not None:
            options = self.choices(legal, chosen)
            if index in options:
                return options[index]
        elif self._by_legal:
            if 0 <= index < len(legal):
                return legal[index]
        else:
            for a in legal:
                if self.index(a, legal) == index:
                    return a
        if chosen:
            raise IllegalAction(f"action {index} does not follow the steps {', '.join(map(str, chosen))} chosen so "
                                f"far; the next steps are {', '.join(map(str, self.mask(legal, chosen))) or 'none'}")
        raise IllegalAction(f"action {index} is not legal now; the legal ones are "
                            f"{', '.join(f'{self.index(a, legal)} ({a})' for a in legal) or 'none'}")

    def encode(self, view: Mapping[str, Any]) -> list[float] | None:
        if self.shape is None:
            return None
        return self.module.encode(self.game, view)  # type: ignore[union-attr]


def codec_for(game: Game) -> Codec:
    """The game's codec, from its folder's ``ai.py`` (or the fallback). Cached per game."""
    cached = getattr(game, "_ai_codec", None)
    if cached is not None:
        return cached
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module: ModuleType | None = importlib.import_module(f"{package}.ai")
    except ModuleNotFoundError as e:
        if e.name != f"{package}.ai":
            raise
        module = None
    codec = Codec(game, module)
    game._ai_codec = codec  # type: ignore[attr-defined]
    return codec
