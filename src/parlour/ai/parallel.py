"""Every game as a PettingZoo ``ParallelEnv``: every seat that may act now acts in the same step.

Agents are ``seat_0 .. seat_{n-1}``, all live until the match ends. At each step the *active* agents are the seats
of ``state.to_act`` (``infos[agent]["active"]``): one in a turn-based position, several in a timed window (a Kaboo
snap, the Claw's call, the Spoons race). A team choosing as one (Rengo's count, ``state.together``) is one active
agent, the seat the game names first, as a table lets one of them think for all.

Observations are the AEC environment's (:mod:`parlour.ai.aec`: ``view``, ``action_mask``, ``observation``, and
``chosen`` where an action may take several steps: a step with more to come plays nothing, and the agent stays
active with its next steps offered) with one more index at the end of the action space,
:attr:`ParallelParlourEnv.wait` (``Discrete(n + 1)``):

* for a seat that may not act now it is the only legal index (a no-op: an agent left out of ``actions`` gets it);
* for an active seat it is legal only while a timed window is open (``state.deadline``): it means "not now". A
  step in which every active seat waits is the window running out: ``state.timeout()`` is applied. Without a
  deadline (a turn, Spoons' passing) someone must act, so waiting is not offered and the match cannot stall.

How simultaneous actions are resolved, so that no seat has priority by its number: each action is read against
the legal list its agent observed, then they are applied one by one in an order drawn afresh each step from the
environment's generator (seeded by ``reset(seed=...)``). That is a race in which each tie is broken at random: in
Spoons the seat left without a spoon, in a Kaboo window the seat whose right snap wins, in the Claw the first right
claim, each equally likely among the seats that tried. As a real-time table does with an action made against an
older version of the table, an action is taken if it is still legal when its turn comes, and otherwise dropped:
``infos[agent]["dropped"]`` says so (a pass sent after the first spoon went, a snap of a card already snapped).
An index that was not legal when observed raises :class:`~parlour.core.errors.IllegalAction` before anything
changes. ``env.record`` is the match as a :class:`~parlour.core.record.Record` (``timeout`` entries included); it
replays on the engine to the same state.

>>> env = ParallelParlourEnv("kaboo", players=2, rounds=1)
>>> obs, infos = env.reset(seed=2)
>>> sorted(a for a in env.agents if infos[a]["active"])  # both seats peek at their cards at once
['seat_0', 'seat_1']
>>> obs, rewards, terminations, truncations, infos = env.step({a: env.wait for a in env.agents})
>>> env.record.actions[-1]["action"]  # everyone waited: the peek window ran out
'timeout'
"""

from __future__ import annotations

import string
from typing import Any

from parlour.core.errors import IllegalAction
from parlour.core.game import State
from parlour.core.record import TIMEOUT, Record
from parlour.core.registry import load

from .aec import REWARDS, VIEW_CHARS, ParlourEnv, close_windows
from .arena import need
from .spaces import codec_for

_pettingzoo_env = need("pettingzoo.utils.env")
_spaces = need("gymnasium.spaces")
np = need("numpy")


class ParallelParlourEnv(_pettingzoo_env.ParallelEnv):
    """A PettingZoo ParallelEnv of one parlour game (see the module docstring); options as :class:`ParlourEnv`."""

    def __init__(self, game_id: str, players: int | None = None, reward: str = "deal", max_steps: int | None = None,
                 **options: Any) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        self.game = load(game_id, players=players, **options)
        self.codec = codec_for(self.game)
        self.reward_kind = reward
        self.max_steps = max_steps
        #: The index "no action now": the only legal one of a seat not to act, a wait in a timed window.
        self.wait = self.codec.size
        self.possible_agents = [f"seat_{s}" for s in range(self.game.players)]
        self.agents: list[str] = []
        self.metadata = {"name": f"parlour_{self.game.id.replace('-', '_')}_parallel_v0", "render_modes": []}
        parts = {"action_mask": _spaces.Box(0, 1, (self.wait + 1,), dtype=np.int8),
                 "view": _spaces.Text(VIEW_CHARS, charset=string.printable)}
        if self.codec.shape is not None:
            parts["observation"] = _spaces.Box(0.0, 1.0, self.codec.shape, dtype=np.float32)
        if self.codec.multistep:
            parts["chosen"] = _spaces.Box(0, 1, (self.codec.size,), dtype=np.int8)
        self._observation_spaces = {a: _spaces.Dict(parts) for a in self.possible_agents}
        self._action_spaces = {a: _spaces.Discrete(self.wait + 1) for a in self.possible_agents}
        self.state_: State | None = None
        #: Per agent, the steps taken toward an action of several steps.
        self.chosen_by: dict[str, list[int]] = {}
        self.record: Record | None = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> Any:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self._action_spaces[agent]

    def state(self) -> Any:  # the whole match, for centralised training
        return self.state_

    def active(self) -> list[str]:
        """The agents that may act now (see the module docstring: a team choosing as one counts once)."""
        state = self.state_
        if state is None or not self.agents:
            return []
        together = set(state.together[1:])
        return [self.possible_agents[s] for s in state.to_act if s not in together]

    def legal(self, agent: str) -> list[str]:
        """The agent's legal actions as text, in the order of their indices (as :meth:`ParlourEnv.legal`)."""
        return ParlourEnv.legal(self, agent)  # type: ignore[arg-type]

    def action_index(self, agent: str, text: str) -> int:
        """The index of the action written ``text`` for ``agent`` now (raises if it is not legal)."""
        return ParlourEnv.action_index(self, agent, text)  # type: ignore[arg-type]

    # --- the parallel cycle -------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            match_seed = seed
        else:
            match_seed = int(self._rng.integers(0, 2**62))
        self.state_ = self.game.new(seed=match_seed)
        self.record = Record.start(self.game, match_seed)
        self.agents = list(self.possible_agents)
        self.steps = 0
        self._scores = self.state_.scores
        self.chosen_by = {}
        self._close_windows()
        return self._observations(), self._infos(set())

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        state = self.state_
        assert state is not None and self.agents, "call reset() first (the match is over)"
        active = self.active()
        timed = state.deadline is not None
        chosen: dict[int, Any] = {}
        partial: dict[str, list[int]] = {}
        for agent in self.agents:  # every index is checked before anything is played
            index = actions.get(agent, self.wait)
            index = self.wait if index is None else int(index)
            seat = self.possible_agents.index(agent)
            if index == self.wait:
                if agent in active and not timed:
                    raise IllegalAction(f"{agent} is to act and no timed window is open: waiting is not legal now")
                continue
            if agent not in active:
                raise IllegalAction(f"{agent} may not act now: its only legal index is {self.wait} (no action)")
            steps = self._steps_of(agent)
            action = self.codec.action(index, state.legal(seat), steps)
            if action is None:  # a step with more to come: nothing played for this agent yet
                partial[agent] = [*steps, index]
            else:
                chosen[seat] = action
        for agent in partial.keys() | {self.possible_agents[s] for s in chosen}:
            self.chosen_by.pop(agent, None)
        self.chosen_by.update(partial)
        rows = len(state.sheet.rows)
        dropped: set[str] = set()
        if chosen:
            order = list(chosen)
            self._rng.shuffle(order)  # who comes first in this step's race: drawn, not the seat number
            for seat in order:
                try:
                    played = state.apply(seat, chosen[seat])
                except IllegalAction:  # the actions before it made it late (the card is gone, the window closed)
                    dropped.add(self.possible_agents[seat])
                    continue
                self.record.add(seat, played, t=self.steps)  # type: ignore[union-attr]
                if state.over:
                    dropped |= {self.possible_agents[s] for s in order[order.index(seat) + 1:]}
                    break
        elif not partial:  # every active seat waited: the window runs out
            state.timeout()
            self.record.add(None, TIMEOUT, t=self.steps)  # type: ignore[union-attr]
        if partial and not chosen:  # only steps were taken: nothing changed in the game
            return self._observations(), {a: 0.0 for a in self.agents}, {a: False for a in self.agents}, \
                {a: False for a in self.agents}, self._infos(set())
        self.steps += 1
        self._close_windows()
        rewards = self._rewards(rows)
        over = state.over
        truncated = not over and self.max_steps is not None and self.steps >= self.max_steps
        terminations = {a: over for a in self.agents}
        truncations = {a: truncated for a in self.agents}
        observations, infos = self._observations(), self._infos(dropped)
        if over or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def close(self) -> None:
        self.state_ = None

    # --- helpers ------------------------------------------------------------------------------------------------

    def _close_windows(self) -> None:
        """Close timed windows nobody may act in (as the AEC environment does), each written in the record."""
        assert self.state_ is not None
        close_windows(self.state_, lambda: self.record.add(None, TIMEOUT, t=self.steps))  # type: ignore[union-attr]

    def _steps_of(self, agent: str) -> list[int]:
        """The steps ``agent`` has taken toward an action of several steps, while they still lead somewhere (a
        window that closed or a table that changed under them voids them)."""
        steps = self.chosen_by.get(agent)
        if not steps:
            return []
        seat = self.possible_agents.index(agent)
        if agent not in self.active() or not self.codec.choices(self.state_.legal(seat), steps):  # type: ignore
            del self.chosen_by[agent]
            return []
        return steps

    def _observations(self) -> dict[str, dict[str, Any]]:
        active = set(self.active())
        timed = self.state_.deadline is not None  # type: ignore[union-attr]
        out = {}
        for agent in self.agents:
            obs = ParlourEnv.observe(self, agent)  # type: ignore[arg-type]  # the same view, mask and encoding
            mask = np.zeros(self.wait + 1, dtype=np.int8)
            if agent in active:
                mask[:self.wait] = obs["action_mask"]
                mask[self.wait] = timed
            else:
                mask[self.wait] = 1
            obs["action_mask"] = mask
            out[agent] = obs
        return out

    def _infos(self, dropped: set[str]) -> dict[str, dict[str, Any]]:
        active = set(self.active())
        return {a: {"active": a in active, "dropped": a in dropped} for a in self.agents}

    def _rewards(self, rows: int) -> dict[str, float]:
        state = self.state_
        assert state is not None
        rewards = {a: 0.0 for a in self.agents}
        if self.reward_kind == "deal" and len(state.sheet.rows) > rows:
            scores = state.scores
            gains = ParlourEnv._relative(self, [now - b for now, b in zip(scores, self._scores)])  # type: ignore
            self._scores = scores
            rewards = {a: float(r) for a, r in zip(self.possible_agents, gains)}
        if state.over and self.reward_kind == "match":
            won = set(state.winners)
            rewards = {a: 1.0 if s in won else -1.0 for s, a in enumerate(self.possible_agents)}
        return rewards


__all__ = ["ParallelParlourEnv"]
