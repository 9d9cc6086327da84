"""SeatEnv through Gymnasium's vector API: SyncVectorEnv and AsyncVectorEnv play what single environments play."""

from __future__ import annotations

import numpy as np
import pytest

import parlour.ai
from parlour.ai.gym import SeatEnv

pytest.importorskip("gymnasium.vector")

KW = {"opponents": "random", "target": 11}  # Giacomotto matches of a pack or two


def first_legal(masks: np.ndarray) -> np.ndarray:
    """Each row's first legal index (0 for a finished match's all-zero mask: that step resets it)."""
    return np.array([int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks])


def alone(seed: int, steps: int) -> list[float]:
    """The rewards of one SeatEnv stepped as the vector steps its copy, reset on the step after a match ends."""
    env = SeatEnv("giacomotto", **KW)
    obs, _ = env.reset(seed=seed)
    rewards, done = [], False
    for _ in range(steps):
        if done:
            obs, _ = env.reset()
            rewards.append(0.0)
            done = False
            continue
        obs, reward, terminated, truncated, _ = env.step(int(first_legal(obs["action_mask"][None])[0]))
        rewards.append(reward)
        done = terminated or truncated
    return rewards


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_vector_of_seats_plays_what_each_seat_alone_plays(mode):
    envs = parlour.ai.vector_env("giacomotto", envs=3, mode=mode, **KW)
    try:
        obs, _ = envs.reset(seed=10)
        rewards, ended = [], 0
        for _ in range(60):
            obs, reward, terminated, truncated, info = envs.step(first_legal(obs["action_mask"]))
            rewards.append(reward)
            ended += int(terminated.sum())
            assert not info["illegal"].any()
    finally:
        envs.close()
    assert ended >= 1  # matches ended and the copies went on with new ones
    got = np.array(rewards)
    for i in range(3):  # copy i is seeded 10 + i, as Gymnasium seeds a vector
        assert got[:, i].tolist() == pytest.approx(alone(10 + i, 60))


def test_clear_errors():
    with pytest.raises(ValueError, match="'sync' or 'async'"):
        parlour.ai.vector_env("giacomotto", mode="threads")
