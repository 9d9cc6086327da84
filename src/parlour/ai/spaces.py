"""Each game's fixed action space and numeric observation, from its folder's ``ai.py`` (or a fallback).

A game describes itself for learning programs in ``games/<pkg>/ai.py``, plain Python without numpy:

* ``action_count(game) -> int`` (optional: without it, the legal-index fallback below, as for a game without
  ``ai.py``): the size of its fixed action space;
* ``action_index(game, action) -> int`` (optional; default ``int(action)``): where an action sits in that space
  (actions that only differ in what no seat chooses, such as the Claw's call number, share an index);
* ``observation_shape(game) -> tuple`` and ``encode(game, view) -> list[float]`` (optional): a numeric encoding
  of a view (values in [0, 1]) where one is natural (cards by place, stones on a board), flattened in C order.

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
        self.shape: tuple[int, ...] | None = tuple(module.observation_shape(game)) \
            if module is not None and hasattr(module, "encode") else None

    @property
    def by_legal_index(self) -> bool:
        """Whether this is the fallback: an action is its place in the legal list."""
        return self._by_legal

    def index(self, action: Action, legal: Sequence[Action]) -> int:
        if self._by_legal:
            return list(legal).index(action)
        i = self._index(self.game, action) if self._index else int(action)
        if not 0 <= i < self.size:
            raise ValueError(f"{self.game.id}: action {action} falls outside its action space (index {i} of "
                             f"{self.size})")
        return i

    def mask(self, legal: Sequence[Action]) -> list[int]:
        """The indices of the legal actions."""
        if self._by_legal:
            if len(legal) > self.size:
                raise ValueError(f"{self.game.id}: {len(legal)} legal actions, more than its {self.size}")
            return list(range(len(legal)))
        return [self.index(a, legal) for a in legal]

    def action(self, index: int, legal: Sequence[Action]) -> Action:
        """The legal action at ``index``; :class:`IllegalAction` naming the legal ones if there is none."""
        if self._by_legal:
            if 0 <= index < len(legal):
                return legal[index]
        else:
            for a in legal:
                if self.index(a, legal) == index:
                    return a
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
