"""Many seats of one game at once through Gymnasium's vector API (``gymnasium.vector``).

:func:`vector_env` makes ``envs`` copies of :class:`~parlour.ai.gym.SeatEnv` (the same arguments each) into a
``SyncVectorEnv`` (one process, the copies stepped in turn) or an ``AsyncVectorEnv`` (a process per copy). The
observation is the dict of :mod:`parlour.ai.aec` batched: ``action_mask`` ``(envs, n)``, ``observation``
``(envs, ...)`` where the game has one, and ``view`` a tuple of ``envs`` JSON texts. Gymnasium resets a copy whose
match ended on the step after (its default autoreset, "next step"): that step's action for it is ignored, and its
terminal observation's mask is all zeros. ``AsyncVectorEnv`` is made without shared memory: Gymnasium would keep
the view's text space (up to :data:`~parlour.ai.aec.VIEW_CHARS` characters) padded in shared memory, and copy all
of it at every step (about seven times slower than pickling the observations, measured).

>>> import numpy as np
>>> envs = vector_env("giacomotto", envs=3, opponents="random", target=21)
>>> obs, info = envs.reset(seed=1)
>>> obs["action_mask"].shape, len(obs["view"])
((3, 256), 3)
>>> actions = np.array([np.flatnonzero(mask)[0] for mask in obs["action_mask"]])
>>> obs, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, bool(info["illegal"].any())
((3,), False)
>>> envs.close()
"""

from __future__ import annotations

from functools import partial
from typing import Any

from .arena import need

MODES = ("sync", "async")


def vector_env(game_id: str, envs: int = 8, mode: str = "sync", **seat_env: Any) -> Any:
    """``envs`` copies of ``SeatEnv(game_id, **seat_env)`` as a Gymnasium vector environment (see the module).

    ``mode``: ``"sync"`` (``gymnasium.vector.SyncVectorEnv``) or ``"async"`` (``AsyncVectorEnv``, a process each).
    """
    gym_vector = need("gymnasium.vector")
    from .gym import SeatEnv

    if mode not in MODES:
        raise ValueError(f"mode is 'sync' or 'async', not {mode!r}")
    if envs < 1:
        raise ValueError(f"envs is 1 or more, not {envs}")
    make = [partial(SeatEnv, game_id, **seat_env) for _ in range(envs)]
    if mode == "sync":
        return gym_vector.SyncVectorEnv(make)
    return gym_vector.AsyncVectorEnv(make, shared_memory=False)


__all__ = ["MODES", "vector_env"]
