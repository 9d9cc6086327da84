"""The fixed action space for learning programs: the memory games' (:mod:`parlour.games.memory.ai`)."""

from parlour.games.memory.ai import action_count, action_index

__all__ = ["action_count", "action_index"]
