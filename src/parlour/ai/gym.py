"""One seat of a game as a Gymnasium environment: the other seats are played by bots.

Observations, actions and rewards are those of the PettingZoo environment (:mod:`parlour.ai.aec`) for the
learner's seat; the bots (``opponents``: one bot name for every other seat, or one per seat, by default the
game's best) play between the learner's moves, each seeing only its own view. An episode is a match.

An action that is not legal now (its ``action_mask`` entry is 0, or it is outside the action space) is handled as
``illegal`` says; ``info["illegal"]`` is True after any of them:

* ``"penalty"`` (the default): nothing is played and nothing changes; the step returns the same observation, the
  reward ``illegal_reward`` (-1.0 unless given) and ``terminated=False``. Tools that step with unmasked samples
  (Gymnasium's ``check_env``, a plain PPO) work, and learn to avoid illegal actions from the reward.
* ``"terminate"``: the episode ends at once (``terminated=True``) with the reward ``illegal_reward``, as
  PettingZoo's ``TerminateIllegalWrapper`` does for its classic games; call ``reset()`` next.
* ``"random"``: a random legal action (from the generator ``reset(seed=...)`` seeded) is played instead.
* ``"raise"``: :class:`~parlour.core.errors.IllegalAction`, naming the legal actions (for masked agents, where an
  illegal action is a bug).

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

An illegal action, by default, changes nothing and costs a point:

>>> env = SeatEnv("giacomotto", opponents="random", target=21)
>>> obs, info = env.reset(seed=4)
>>> illegal = int((obs["action_mask"] == 0).nonzero()[0][0])
>>> again, reward, terminated, truncated, info = env.step(illegal)
>>> reward, terminated, info["illegal"], again["view"] == obs["view"]
(-1.0, False, True, True)
"""

from __future__ import annotations

from typing import Any

from .aec import ParlourEnv
from .arena import need

_gym = need("gymnasium")

#: What ``SeatEnv(illegal=...)`` does with an action that is not legal (see the module docstring).
ILLEGAL = ("penalty", "terminate", "random", "raise")


class SeatEnv(_gym.Env):
    """The learner plays ``seat``; bots play the others (see the module docstring).

    ``opponents``: a bot name for every other seat, or one per seat (default: the game's best); ``reward``:
    ``"deal"`` or ``"match"`` (:mod:`parlour.ai.aec`); ``max_steps``: truncate the match after that many actions
    of all seats; ``illegal``: what an illegal action does, one of :data:`ILLEGAL` — ``"penalty"`` (default:
    nothing changes, reward ``illegal_reward``), ``"terminate"`` (the episode ends, reward ``illegal_reward``),
    ``"random"`` (a random legal action instead) or ``"raise"`` (:class:`~parlour.core.errors.IllegalAction`);
    any other keyword is a variant option of the game.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game_id: str, seat: int = 0, opponents: str | list[str] | None = None,
                 players: int | None = None, reward: str = "deal", max_steps: int | None = None,
                 render_mode: str | None = None, illegal: str = "penalty", illegal_reward: float = -1.0,
                 **options: Any) -> None:
        from parlour.bots import best, make

        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(map(repr, ILLEGAL))}, not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
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
        index = int(action)
        legal = self.aec.state().legal(self.seat)
        # the mask's ones, without building the view
        indices = self.aec.codec.mask(legal, self.aec.chosen) if legal else []
        if self.illegal != "raise" and index not in indices:
            if self.illegal in ("penalty", "terminate"):  # nothing played: the same observation, afresh
                ended = self.illegal == "terminate"
                info = {**self._info(), "illegal": True}
                return self.aec.observe(self.agent), self.illegal_reward, ended, False, info
            index = int(self.np_random.choice(sorted(indices)))  # "random"
        self.aec.step(index)  # with "raise", an illegal index raises IllegalAction here, before anything changes
        self._reward += self.aec.rewards.get(self.agent, 0.0)
        obs, terminated, truncated = self._advance()
        return obs, self._reward, terminated, truncated, {**self._info(), "illegal": index != int(action)}

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
            aec.play(self.bots[seat].choose(state.bot_view(seat), state.legal(seat)))
            self._reward += aec.rewards.get(self.agent, 0.0)

    def _info(self) -> dict[str, Any]:
        state = self.aec.state()
        return {"scores": list(state.scores), "legal": self.aec.legal(self.agent), "illegal": False}

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


__all__ = ["SeatEnv"]
