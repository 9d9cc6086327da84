"""The door for AI research: every game as a PettingZoo environment, a Gymnasium wrapper, and the arena.

* :func:`parlour.ai.env` — a PettingZoo AEC environment for any game (:mod:`parlour.ai.aec`);
* :func:`parlour.ai.parallel_env` — a PettingZoo ParallelEnv for any game: every seat that may act acts in the
  same step, ties resolved in a random order (:mod:`parlour.ai.parallel`);
* :class:`parlour.ai.SeatEnv` — one seat of a game as a Gymnasium environment, the other seats played by bots
  (:mod:`parlour.ai.gym`);
* :func:`parlour.ai.vector_env` — many copies of a ``SeatEnv`` as a Gymnasium vector environment (sync or async,
  :mod:`parlour.ai.vector`);
* :mod:`parlour.ai.openspiel` — every game as an OpenSpiel game (``pyspiel.load_game("python_parlour_gami")``
  once it is imported; it needs the ``open_spiel`` package);
* :mod:`parlour.ai.arena` — many seat-rotated duplicate matches between bots, rated with openskill
  (``parlour arena``).

These need the optional ``ai`` extra (``pip install 'parlour[ai]'``: PettingZoo, Gymnasium, openskill,
matplotlib, Ray); the games and bots do not.
"""

from __future__ import annotations

from typing import Any


def env(game_id: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment of ``game_id`` (see :mod:`parlour.ai.env`)."""
    from .aec import ParlourEnv

    return ParlourEnv(game_id, players=players, **options)


def parallel_env(game_id: str, players: int | None = None, **options: Any) -> Any:
    """A PettingZoo ParallelEnv of ``game_id`` (see :mod:`parlour.ai.parallel`)."""
    from .parallel import ParallelParlourEnv

    return ParallelParlourEnv(game_id, players=players, **options)


def __getattr__(name: str) -> Any:
    if name == "SeatEnv":
        from .gym import SeatEnv

        return SeatEnv
    if name == "vector_env":
        from .vector import vector_env

        return vector_env
    if name == "ParallelParlourEnv":
        from .parallel import ParallelParlourEnv

        return ParallelParlourEnv
    if name == "ParlourEnv":
        from .aec import ParlourEnv

        return ParlourEnv
    raise AttributeError(name)


__all__ = ["ParallelParlourEnv", "ParlourEnv", "SeatEnv", "env", "parallel_env", "vector_env"]
