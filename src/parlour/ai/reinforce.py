"""Train a :class:`~parlour.ai.policy.Policy` by REINFORCE against a bot, through :class:`parlour.ai.SeatEnv`.

The worked example of docs/ai.md: a policy gradient in numpy, on one game, against one bot in every other seat,
then rated in ``parlour arena`` against the search bots. Nothing is downloaded and no GPU is needed.

How it learns, and why:

* **Episodes are matches; credit is per deal.** The environment rewards a seat when a deal is scored (its points
  less the others' mean, ``reward="deal"``); every decision of that deal gets that deal's reward. A move in the
  first deal has nothing to do with the last deal's cards, so a whole match's return would only add noise.
* **Seats alternate** from match to match (one ``SeatEnv`` per seat), so the policy learns every seat, first hand
  and last.
* **Returns are standardised** by a running mean and deviation (the baseline), so one learning rate fits games
  whose deals are worth 2 points and games whose deals are worth 200.
* **Adam** on the batch gradient, and an **entropy** bonus that keeps the policy exploring early on.
* Legal moves only: the policy samples from the environment's ``action_mask``, so no illegal action is tried.

>>> import parlour
>>> game = parlour.load("giacomotto", target=11)
>>> policy, log = train(game, against="random", deals=6, hidden=8, seed=2, batch=3)
>>> policy.game_id, log[-1]["deals"], sorted(log[-1])
('giacomotto', 6.0, ['deals', 'mean_reward', 'seconds'])

``python -m parlour.ai.reinforce GAME --against BOT --seconds S --out FILE`` trains from the command line,
printing its progress every 10 s; ``-o name=value`` sets a variant option (the match's length: ``-o target=1``
is one pack a match in Giacomotto).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Callable, NamedTuple

import numpy as np

from parlour.core.game import Game

from .gym import SeatEnv
from .policy import PARAMETERS, Policy, flat


class Adam:
    """Adam (Kingma and Ba) for gradient *ascent* on a policy's arrays."""

    def __init__(self, params: dict[str, np.ndarray], lr: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        self.lr, self.beta1, self.beta2 = lr, beta1, beta2
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for k in PARAMETERS:
            self.m[k] = self.beta1 * self.m[k] + (1 - self.beta1) * grads[k]
            self.v[k] = self.beta2 * self.v[k] + (1 - self.beta2) * grads[k] ** 2
            m = self.m[k] / (1 - self.beta1**self.t)
            v = self.v[k] / (1 - self.beta2**self.t)
            params[k] += self.lr * m / (np.sqrt(v) + 1e-8)


class _Returns:
    """A running mean and variance of the deals' rewards (Welford), to standardise them."""

    def __init__(self) -> None:
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def add(self, x: float) -> None:
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    def scale(self, x: np.ndarray) -> np.ndarray:
        std = np.sqrt(self.m2 / self.n) if self.n > 1 else 1.0
        return (x - self.mean) / (std + 1e-6)


def train(game: Game, against: str = "random", seconds: float | None = None, deals: int | None = None,
          hidden: int = 64, lr: float = 0.01, entropy: float = 0.01, batch: int = 16, seed: int = 0,
          policy: Policy | None = None, progress: Callable[[dict[str, float]], None] | None = None,
          every: float = 10.0) -> tuple[Policy, list[dict[str, float]]]:
    """Train a policy for ``game`` against ``against`` in every other seat, for ``seconds`` or ``deals``.

    Returns the policy and a log: one entry per ``every`` seconds (and a last one) with the deals played, the
    seconds taken and the mean reward a deal since the entry before (the learner's points less the others' mean).
    ``progress`` is called with each entry as it is made. ``policy`` continues training one already made.
    """
    if seconds is None and deals is None:
        raise ValueError("say how long to train: seconds or deals")
    policy = policy or Policy.fresh(game, hidden=hidden, seed=seed)
    policy.check(game)
    rng = np.random.default_rng(seed)
    envs = [SeatEnv(game.id, seat=s, opponents=against, players=game.players, illegal="raise", **game.options)
            for s in range(game.players)]
    adam, returns = Adam(policy.params, lr), _Returns()
    buffer: list[tuple[list[np.ndarray], list[np.ndarray], list[int], float]] = []
    log: list[dict[str, float]] = []
    start = last = time.perf_counter()
    played, window = 0, []
    match = 0

    def note(now: float) -> None:
        entry = {"deals": float(played), "seconds": round(now - start, 1),
                 "mean_reward": float(np.mean(window)) if window else 0.0}
        log.append(entry)
        window.clear()
        if progress:
            progress(entry)

    while True:
        env = envs[match % game.players]
        obs, _ = env.reset(seed=int(rng.integers(2**62)))
        match += 1
        observations: list[np.ndarray] = []
        masks: list[np.ndarray] = []
        actions: list[int] = []
        done = False
        while not done:
            x = flat(obs)
            mask = obs["action_mask"]
            action = policy.choose(x, mask, rng)
            observations.append(x)
            masks.append(mask)
            actions.append(action)
            rows = len(env.aec.state().sheet.rows)
            obs, reward, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
            # a deal was scored (or the match ended) in this step: its decisions share its reward
            if done or len(env.aec.state().sheet.rows) > rows:
                if observations:
                    buffer.append((observations, masks, actions, float(reward)))
                    returns.add(float(reward))
                    window.append(float(reward))
                    played += 1
                observations, masks, actions = [], [], []
                if len(buffer) >= batch:
                    _update(policy, adam, buffer, returns, entropy)
                    buffer = []
            now = time.perf_counter()
            if now - last >= every:
                last = now
                note(now)
            if (deals is not None and played >= deals) or (seconds is not None and now - start >= seconds):
                if buffer:
                    _update(policy, adam, buffer, returns, entropy)
                if window or not log or log[-1]["deals"] != played:  # unless this very step was noted
                    note(now)
                return policy, log


def _update(policy: Policy, adam: Adam, buffer: list, returns: _Returns, entropy: float) -> None:
    obs = np.concatenate([np.stack(o) for o, _, _, _ in buffer])
    mask = np.concatenate([np.stack(m) for _, m, _, _ in buffer])
    actions = np.concatenate([np.asarray(a) for _, _, a, _ in buffer])
    rewards = np.concatenate([np.full(len(a), r) for _, _, a, r in buffer])
    weights = returns.scale(rewards) / len(actions)
    grads = policy.gradients(obs, mask, actions, weights, entropy=entropy / len(actions))
    adam.step(policy.params, grads)


class Score(NamedTuple):
    """A policy's mean reward a deal, the half-width of its 95% interval, and the deals it is over."""

    mean: float
    interval: float
    deals: int


def evaluate(game: Game, policy: Policy, against: str = "random", matches: int = 20, seed: int = 1) -> Score:
    """The policy's reward a deal (its most likely moves, no sampling) over ``matches``, seats alternated."""
    rewards: list[float] = []
    envs = [SeatEnv(game.id, seat=s, opponents=against, players=game.players, illegal="raise", **game.options)
            for s in range(game.players)]
    for i in range(matches):
        env = envs[i % game.players]
        obs, _ = env.reset(seed=seed + i)
        done = False
        while not done:
            rows = len(env.aec.state().sheet.rows)
            obs, reward, terminated, truncated, _ = env.step(policy.choose(flat(obs), obs["action_mask"]))
            done = terminated or truncated
            if len(env.aec.state().sheet.rows) > rows:
                rewards.append(reward)
    if not rewards:
        return Score(0.0, float("inf"), 0)
    half = float(1.96 * np.std(rewards, ddof=1) / np.sqrt(len(rewards))) if len(rewards) > 1 else float("inf")
    return Score(float(np.mean(rewards)), half, len(rewards))


def main(argv: list[str] | None = None) -> int:
    import parlour
    from parlour.cli.setup import parse_options
    from parlour.core.registry import game_class
    from parlour.core.errors import ParlourError

    parser = argparse.ArgumentParser(prog="python -m parlour.ai.reinforce", description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--against", default="random", help="the bot in every other seat (default: random)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to train (default: 60)")
    parser.add_argument("--out", default=None, help="where to save the policy (default: GAME.npz)")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units (default: 64)")
    parser.add_argument("--lr", type=float, default=0.01, help="Adam's learning rate (default: 0.01)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="go on training the policy already in --out")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a variant option (repeatable)")
    args = parser.parse_args(argv)
    try:
        game = parlour.load(args.game, args.players, **parse_options(game_class(args.game), args.option))
        out = args.out or f"{game.id}.npz"
        policy = Policy.load(out, game) if args.resume else None
        print(f"training a policy for {game.id} against {args.against} for {args.seconds:g} s", file=sys.stderr)
        policy, log = train(game, against=args.against, seconds=args.seconds, hidden=args.hidden, lr=args.lr,
                            seed=args.seed, policy=policy,
                            progress=lambda e: print(f"{e['seconds']:7.1f} s  {int(e['deals']):6d} deals  "
                                                     f"mean reward a deal {e['mean_reward']:+.2f}",
                                                     file=sys.stderr, flush=True))
    except (ParlourError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    policy.save(out)
    print(f"saved {out}: play it as the bot policy:{out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Adam", "Score", "evaluate", "train"]
