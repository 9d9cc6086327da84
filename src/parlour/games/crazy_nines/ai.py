"""The fixed action space and numeric observation for learning programs: the memory games'
(:mod:`parlour.games.memory.ai`)."""

from parlour.games.memory.ai import MOST_STEPS, action_count, action_index, action_steps, encode, observation_shape

__all__ = ["MOST_STEPS", "action_count", "action_index", "action_steps", "encode", "observation_shape"]
