"""One seat of a game as a Gymnasium environment: the other seats are played by bots.

Observations, actions and rewards are those of the PettingZoo environment (:mod:`parlour.ai.aec`) for the
learner's seat; the bots (``opponents``: one bot name for every other seat, or one per seat, by default the
game's best) play between the learner's moves, each seeing only its own view. An episode is a match.
An action that is not legal raises :class:`~parlour.core.errors.IllegalAction`, or with ``illegal="random"`` is
replaced by a random legal one (``info["illegal"]`` says so; tools that step with unmasked samples need it).

>>> from parlour.ai.gym import SeatEnv
>>> env = SeatEnv("giacomotto", seat=1, opponents="greedy", target=21)
>>> obs, info = env.reset(seed=4)
>>> obs["action_mask"].sum() > 0
np.True_
>>> done = False
>>> while not done:
...     action = int(obs["action_mask"].nonzero()[0][0])
...     obs, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> sorted(info["scores"]) == sorted(env.aec.state().scores)
True
"""

from __future__ import annotations

from typing import Any

from .aec import ParlourEnv
from .arena import need

_gym = need("gymnasium")


class SeatEnv(_gym.Env):
    """The learner plays ``seat``; bots play the others (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, seat: int = 0, opponents: str | list[str] | None = None,
                 players: int | None = None, reward: str = "deal", max_steps: int | None = None,
                 render_mode: str | None = None, illegal: str = "raise", **options: Any) -> None:
        from parlour.bots import best, make

        if illegal not in ("raise", "random"):
            raise ValueError(f"illegal is 'raise' or 'random', not {illegal!r}")
        self.illegal = illegal
        self.aec = ParlourEnv(game_id, players=players, reward=reward, max_steps=max_steps, render_mode=render_mode,
                              **options)
        game = self.aec.game
        if not 0 <= seat < game.players:
            raise ValueError(f"{game.id} has seats 0..{game.players - 1}, not {seat}")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        if opponents is None:
            opponents = best(game)
        names = [opponents] * game.players if isinstance(opponents, str) else list(opponents)
        if len(names) == game.players - 1:
            names.insert(seat, "")
        if len(names) != game.players:
            raise ValueError(f"give one bot for every other seat ({game.players - 1}), or one name for all")
        for s, name in enumerate(names):
            if s != seat:
                make(name, game, s)  # a clear error now for an unknown bot
        self.names = names
        self._make = make
        self.bots: dict[int, Any] = {}
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.render_mode = render_mode

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict[str, Any], dict]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**62))
        self.aec.reset(seed=seed)
        game = self.aec.game
        self.bots = {s: self._make(name, game, s, seed=(seed << 8 | s) & (2**63 - 1))
                     for s, name in enumerate(self.names) if s != self.seat}
        self._reward = 0.0
        return self._advance()[0], self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict]:
        self._reward = 0.0
        replaced = False
        if self.illegal == "random":
            mask = self.aec.observe(self.agent)["action_mask"]
            if not 0 <= int(action) < len(mask) or not mask[int(action)]:
                action = int(self.np_random.choice(mask.nonzero()[0]))
                replaced = True
        self.aec.step(action)
        self._reward += self.aec.rewards.get(self.agent, 0.0)
        obs, terminated, truncated = self._advance()
        return obs, self._reward, terminated, truncated, {**self._info(), "illegal": replaced}

    def _advance(self) -> tuple[dict[str, Any], bool, bool]:
        """Let the bots play until the learner may act or the match ends."""
        aec = self.aec
        while True:
            agent = aec.agent_selection
            if aec.terminations[self.agent] or aec.truncations[self.agent]:
                return aec.observe(self.agent), aec.terminations[self.agent], aec.truncations[self.agent]
            if agent == self.agent:
                return aec.observe(agent), False, False
            seat = aec.possible_agents.index(agent)
            state = aec.state()
            legal = state.legal(seat)
            action = self.bots[seat].choose(state.bot_view(seat), legal)
            aec.step(aec.codec.index(legal[legal.index(action)], legal))
            self._reward += aec.rewards.get(self.agent, 0.0)

    def _info(self) -> dict[str, Any]:
        state = self.aec.state()
        return {"scores": list(state.scores), "legal": self.aec.legal(self.agent), "illegal": False}

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


__all__ = ["SeatEnv"]
