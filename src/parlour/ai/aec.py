"""Every game as a PettingZoo AEC environment.

Agents are ``seat_0 .. seat_{n-1}``. The agent selected is a seat that may act now (where several may, as in a
Kaboo snap window, they take turns from the seat after the last to act, so that seat wins a tie; the ParallelEnv of
:mod:`parlour.ai.parallel` lets them act in one step instead); a timed window that nobody acts in is closed at once,
as ``parlour.bots.play_match`` does.

An observation is a dict:

* ``view``: the seat's view (exactly what it may know) as JSON text (``json.loads`` gives the dict; or call
  :meth:`ParlourEnv.view`);
* ``action_mask``: 1 at the indices of the legal actions (int8, the size of the action space);
* ``observation``: the game's numeric encoding of the view (float32), for games that have one
  (:mod:`parlour.ai.spaces`); of the bot view where a game gives its bots more than the view shows (the memory
  games: the face-down cards the seat has seen and may remember), never more than the seat may know;
* ``chosen``, in a game whose actions may take several steps (Tarok's discards, card by card): 1 at the indices
  of the steps the agent has taken toward its action so far (int8). A step that does not complete an action
  changes nothing in the game and leaves the same agent to act, its mask offering only the steps that lead on to
  a legal action; the last step plays the action.

The action space is ``Discrete(n)``, fixed per game and player count (:mod:`parlour.ai.spaces`). Rewards come
per deal (``reward="deal"``, the default: when a deal is scored, each seat's points less the others' mean, the
sign turned where the lowest total wins) or per match (``reward="match"``: +1 to the winners, -1 to the
others, at the end). ``max_steps`` truncates a match after that many actions.

>>> import parlour.ai
>>> env = parlour.ai.env("giacomotto", target=21)
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), int(obs["action_mask"].sum()) == len(env.view(env.agent_selection)["legal"])
(['action_mask', 'observation', 'view'], True)
>>> env.step(int(obs["action_mask"].nonzero()[0][0]))
"""

from __future__ import annotations

import json
import string
from typing import Any, Sequence

from parlour.core.errors import IllegalAction
from parlour.core.game import State
from parlour.core.registry import load

from .arena import need
from .spaces import codec_for

REWARDS = ("deal", "match")
#: Longest view text an observation holds.
VIEW_CHARS = 1 << 22

_pettingzoo = need("pettingzoo")
_spaces = need("gymnasium.spaces")
np = need("numpy")


def close_windows(state: State, timed_out: Any = None) -> None:
    """Close timed windows nobody may act in (a game clock would), so that someone is always to act;
    ``timed_out()`` is called after each (the parallel environment writes it in its record)."""
    for _ in range(10_000):
        if state.over or state.to_act:
            return
        state.timeout()
        if timed_out is not None:
            timed_out()


class ParlourEnv(_pettingzoo.AECEnv):
    """A PettingZoo AEC environment of one parlour game (see the module docstring)."""

    def __init__(self, game_id: str, players: int | None = None, reward: str = "deal", max_steps: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.game = load(game_id, players=players, **options)
        self.codec = codec_for(self.game)
        self.reward_kind = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        n = self.game.players
        self.possible_agents = [f"seat_{s}" for s in range(n)]
        self.metadata = {"name": f"parlour_{self.game.id.replace('-', '_')}_v0", "render_modes": ["ansi"],
                         "is_parallelizable": False}
        parts = {"action_mask": _spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
                 "view": _spaces.Text(VIEW_CHARS, charset=string.printable)}
        if self.codec.shape is not None:
            parts["observation"] = _spaces.Box(0.0, 1.0, self.codec.shape, dtype=np.float32)
        if self.codec.multistep:
            parts["chosen"] = _spaces.Box(0, 1, (self.codec.size,), dtype=np.int8)
        self._observation_spaces = {a: _spaces.Dict(parts) for a in self.possible_agents}
        self._action_spaces = {a: _spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self.state_: State | None = None
        #: The steps the selected agent has taken toward an action of several steps (see the module docstring).
        self.chosen: list[int] = []
        self._seeds = np.random.default_rng()

    def __str__(self) -> str:
        return self.metadata["name"]

    def observation_space(self, agent: str) -> Any:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self._action_spaces[agent]

    # --- the AEC cycle -------------------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            match_seed = seed
        else:
            match_seed = int(self._seeds.integers(0, 2**62))
        self.state_ = self.game.new(seed=match_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.steps = 0
        self._scores = self.state_.scores
        self._last_seat = -1
        self.chosen = []
        self._close_windows()
        self.agent_selection = self._select()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_
        assert state is not None
        seat = self.possible_agents.index(agent)
        chosen = self.codec.action(int(action), state.legal(seat), self.chosen)
        if chosen is None:  # a step with more to come: nothing is played yet
            self.chosen.append(int(action))
            self._cumulative_rewards[agent] = 0.0
            self.rewards = {a: 0.0 for a in self.agents}
            return
        self.play(chosen)

    def play(self, chosen: Any) -> None:
        """Step with an action itself (an action object or its text) rather than its index: what the bots of
        :class:`parlour.ai.SeatEnv` play, which may lie outside the listed sample (a Skelly flick at any angle)."""
        agent = self.agent_selection
        state = self.state_
        assert state is not None
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.chosen = []
        rows = len(state.sheet.rows)
        state.apply(seat, chosen)
        self.steps += 1
        self._last_seat = seat
        self._close_windows()
        self.rewards = {a: 0.0 for a in self.agents}
        if self.reward_kind == "deal" and len(state.sheet.rows) > rows:
            scores = state.scores  # per seat (a sheet's rows may be per side)
            gains = self._relative([now - before for now, before in zip(scores, self._scores)])
            self._scores = scores
            for a, r in zip(self.possible_agents, gains):
                self.rewards[a] += r
        if state.over:
            if self.reward_kind == "match":
                won = set(state.winners)
                for s, a in enumerate(self.possible_agents):
                    self.rewards[a] = 1.0 if s in won else -1.0
            self.terminations = {a: True for a in self.agents}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        self.agent_selection = self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.state_
        assert state is not None
        seat = self.possible_agents.index(agent)
        # the memory games' bot view adds what the seat has seen and may remember (``memory``) to the view, for the
        # numeric observation; the view's text stays the view. Elsewhere the bot view is the view itself.
        if type(state).bot_view is not State.bot_view:
            known = state.bot_view(seat)
            view = {k: v for k, v in known.items() if k != "memory"}
        else:
            known = view = state.view(seat)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        legal = state.legal(seat)
        chosen = self._steps_of(agent)
        if legal:
            mask[self.codec.mask(legal, chosen)] = 1
        obs: dict[str, Any] = {"action_mask": mask,
                               "view": json.dumps(view, ensure_ascii=True, separators=(",", ":"))}
        encoded = self.codec.encode(known)
        if encoded is not None:
            obs["observation"] = np.asarray(encoded, dtype=np.float32).reshape(self.codec.shape)
        if self.codec.multistep:
            obs["chosen"] = np.zeros(self.codec.size, dtype=np.int8)
            obs["chosen"][chosen] = 1
        return obs

    def view(self, agent: str) -> dict[str, Any]:
        """The agent's view as a dict (what ``observe(agent)["view"]`` holds as text)."""
        assert self.state_ is not None
        return self.state_.view(self.possible_agents.index(agent))

    def legal(self, agent: str) -> list[str]:
        """The agent's legal actions as text, in the order of their indices."""
        assert self.state_ is not None
        legal = self.state_.legal(self.possible_agents.index(agent))
        named = [a for a in legal if self.codec.names(a)]  # all but, in Kaboo, a slot beyond the space's room
        return [str(a) for a in sorted(named, key=lambda a: self.codec.index(a, named))]

    def action_index(self, agent: str, text: str) -> int:
        """The index of the action written ``text`` for ``agent`` now (raises if it is not legal); of its next
        step, for an action of several steps (call again after each step)."""
        assert self.state_ is not None
        legal = self.state_.legal(self.possible_agents.index(agent))
        action = self.game.parse(text)
        if action not in legal:
            raise IllegalAction(f"{text!r} is not legal now; legal: {', '.join(map(str, legal))}")
        action = legal[legal.index(action)]
        if not self.codec.multistep:
            return self.codec.index(action, legal)
        steps, chosen = self.codec.steps(action, legal), self._steps_of(agent)
        if tuple(steps[:len(chosen)]) != tuple(chosen) or len(steps) <= len(chosen):
            raise IllegalAction(f"{text!r} does not follow the steps chosen so far ({', '.join(map(str, chosen))})")
        return steps[len(chosen)]

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the table as a spectator sees it, drawn as ``parlour play`` draws it."""
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        import io

        from rich.console import Console

        from parlour.cli.render import board
        from parlour.core.terminal import Seats

        console = Console(file=io.StringIO(), width=100, color_system=None, record=True)
        console.print(board(self.state_.view(None), Seats.anonymous(self.game.players)))
        return console.export_text()

    def close(self) -> None:
        self.state_ = None

    def state(self) -> Any:  # PettingZoo's global state: the whole match (for centralised training)
        return self.state_

    # --- helpers -------------------------------------------------------------------------------------------------

    def _close_windows(self) -> None:
        assert self.state_ is not None
        close_windows(self.state_)

    def _steps_of(self, agent: str) -> list[int]:
        """The steps ``agent`` has taken toward an action of several steps (only the selected agent has any)."""
        return self.chosen if agent == self.agent_selection else []

    def _select(self) -> str:
        state = self.state_
        assert state is not None
        if state.over or (self.max_steps is not None and self.steps >= self.max_steps):
            return self.agents[0] if self.agents else self.possible_agents[0]
        seats = state.to_act
        n = self.game.players
        seat = min(seats, key=lambda s: (s - self._last_seat - 1) % n)
        return self.possible_agents[seat]

    def _relative(self, row: list[float]) -> list[float]:
        return relative(row, self.game.lowest_wins)


def relative(row: Sequence[float], lowest_wins: bool) -> list[float]:
    """Each seat's points less the others' mean (the sign turned where the lowest total wins): they sum to zero.

    >>> relative([10, 4, 4], lowest_wins=False), relative([3, 1], lowest_wins=True)
    ([6.0, -3.0, -3.0], [-2.0, 2.0])
    """
    n = len(row)
    total = sum(row)
    out = [r - (total - r) / (n - 1) for r in row] if n > 1 else [float(r) for r in row]
    return [-v for v in out] if lowest_wins else out


__all__ = ["ParlourEnv"]
