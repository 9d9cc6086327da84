"""A small neural policy over a game's numeric observation and fixed action space, and the bot that plays it.

:class:`Policy` is a two-layer network in numpy: the observation (``codec_for(game).encode``, flattened), one
hidden layer of ``tanh`` units, one logit per action of the game's action space; illegal actions are masked out
before the softmax. It is what :mod:`parlour.ai.reinforce` trains, and what ``policy:FILE`` names as a bot
wherever a bot is named (``parlour arena``, ``parlour play``, the series), from a file :meth:`Policy.save` wrote.

>>> import numpy as np, parlour
>>> from parlour.ai.spaces import codec_for
>>> game = parlour.load("giacomotto")
>>> policy = Policy.fresh(game, hidden=16, seed=1)
>>> state = game.new(seed=3)
>>> seat = state.to_act[0]
>>> obs, mask = policy.inputs(state.bot_view(seat), state.legal(seat))
>>> p = policy.probabilities(obs, mask)
>>> bool(abs(p.sum() - 1) < 1e-9 and (p[mask == 0] == 0).all())
True
>>> bot = PolicyBot(game, seat, policy=policy)
>>> bot.choose(state.bot_view(seat), state.legal(seat)) in state.legal(seat)
True

The network sees only the seat's bot view (the view, plus in the memory games what the seat has seen), as every
bot does. A file names its game and observation size, so a policy is never loaded for a game it was not made for.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

import numpy as np

from parlour.core.bot import Bot
from parlour.core.errors import BadOption
from parlour.core.game import Action, Game

from .spaces import codec_for

#: The arrays of a policy, in the order :meth:`Policy.gradients` returns their gradients.
PARAMETERS = ("w1", "b1", "w2", "b2")


class Policy:
    """``logits = tanh(obs @ w1 + b1) @ w2 + b2``, masked to the legal actions (see the module docstring)."""

    def __init__(self, game_id: str, params: Mapping[str, np.ndarray], players: int | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        self.game_id = game_id
        self.params = {name: np.asarray(params[name], dtype=np.float64) for name in PARAMETERS}
        self.players = players
        self.options = dict(options or {})

    @classmethod
    def fresh(cls, game: Game, hidden: int = 64, seed: int = 0) -> "Policy":
        """Untrained weights for ``game``: small random ones in, zero out (every legal action equally likely)."""
        codec = codec_for(game)
        if codec.shape is None:
            raise BadOption(f"{game.id} has no numeric observation: a policy needs one (see docs/ai.md)")
        if codec.by_legal_index:
            raise BadOption(f"{game.id} has no fixed action space (an action is only 'the i-th legal one'): a policy "
                            "needs one")
        inputs = _inputs_size(codec)
        rng = np.random.default_rng(seed)
        params = {"w1": rng.normal(0.0, 1.0 / np.sqrt(inputs), (inputs, hidden)), "b1": np.zeros(hidden),
                  "w2": np.zeros((hidden, codec.size)), "b2": np.zeros(codec.size)}
        return cls(game.id, params, game.players, dict(game.options))

    @property
    def inputs_size(self) -> int:
        return self.params["w1"].shape[0]

    @property
    def actions(self) -> int:
        return self.params["w2"].shape[1]

    def inputs(self, view: Mapping[str, Any], legal: Sequence[Action], game: Game | None = None,
               chosen: Sequence[int] = ()) -> tuple[np.ndarray, np.ndarray]:
        """The input vector and the 0/1 mask of the legal actions, from a seat's bot view (and in a game of
        several steps a move, the steps ``chosen`` so far: they follow the observation in the input)."""
        codec = codec_for(game) if game is not None else self._codec()
        return self._with_steps(codec, np.asarray(codec.encode(view), dtype=np.float64), legal, chosen)

    def _with_steps(self, codec: Any, obs: np.ndarray, legal: Sequence[Action], chosen: Sequence[int]
                    ) -> tuple[np.ndarray, np.ndarray]:
        """The input from an encoded view and the steps ``chosen``, and the mask of the next steps."""
        if codec.multistep:
            taken = np.zeros(codec.size)
            taken[list(chosen)] = 1.0
            obs = np.concatenate([obs, taken])
        mask = np.zeros(self.actions, dtype=np.int8)
        mask[codec.mask(legal, chosen)] = 1
        return obs, mask

    def forward(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Hidden activations and action probabilities for a batch (or one) of observations and masks."""
        p = self.params
        hidden = np.tanh(obs @ p["w1"] + p["b1"])
        logits = hidden @ p["w2"] + p["b2"]
        logits = np.where(mask > 0, logits, -np.inf)
        logits = logits - logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return hidden, e / e.sum(axis=-1, keepdims=True)

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return self.forward(obs, mask)[1]

    def gradients(self, obs: np.ndarray, mask: np.ndarray, actions: np.ndarray, weights: np.ndarray,
                  entropy: float = 0.0) -> dict[str, np.ndarray]:
        """The gradient of ``sum(weights * log p(action)) + entropy * sum(H(p))`` over a batch, per parameter.

        REINFORCE ascends it with ``weights`` the returns less a baseline; the entropy term keeps the policy from
        collapsing onto one move too early.
        """
        p = self.params
        hidden, probs = self.forward(obs, mask)
        n = len(actions)
        # d log p(a) / d logits = onehot(a) - p;  d H / d logits = -p * (log p + H), zero where masked out
        dlogits = -probs * weights[:, None]
        dlogits[np.arange(n), actions] += weights
        if entropy:
            logp = np.log(np.where(probs > 0, probs, 1.0))
            h = -(probs * logp).sum(axis=1, keepdims=True)
            dlogits += entropy * (-probs * (logp + h))
        dhidden = (dlogits @ p["w2"].T) * (1.0 - hidden**2)
        return {"w1": obs.T @ dhidden, "b1": dhidden.sum(axis=0), "w2": hidden.T @ dlogits, "b2": dlogits.sum(axis=0)}

    def choose(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """An action index: sampled from the policy with ``rng``, else the most likely one."""
        probs = self.probabilities(obs, mask)
        if rng is None:
            return int(np.argmax(probs))
        return int(rng.choice(len(probs), p=probs))

    def save(self, path: str | Path) -> None:
        """Write the policy to an ``.npz`` file (numpy's, no pickles), with its game and options."""
        import json

        with open(path, "wb") as f:  # a file object: numpy would add ".npz" to a name without it
            np.savez(f, game=np.array(self.game_id), players=np.array(self.players or 0),
                     options=np.array(json.dumps(self.options)), **self.params)

    @classmethod
    def load(cls, path: str | Path, game: Game | None = None) -> "Policy":
        """A policy from a file :meth:`save` wrote; with ``game``, checked to fit it (its id and observation)."""
        import json

        try:
            with np.load(path, allow_pickle=False) as data:
                policy = cls(str(data["game"]), {name: data[name] for name in PARAMETERS},
                             int(data["players"]) or None, json.loads(str(data["options"])))
        except FileNotFoundError:
            raise BadOption(f"no policy file {str(path)!r}") from None
        except (OSError, ValueError, KeyError) as e:
            raise BadOption(f"{str(path)!r} is not a policy file written by parlour.ai.policy ({e})") from None
        if game is not None:
            policy.check(game)
        return policy

    def check(self, game: Game) -> None:
        """Raise :class:`BadOption` unless this policy was made for ``game``'s id, observation and actions."""
        if self.game_id != game.id:
            raise BadOption(f"this policy plays {self.game_id}, not {game.id}")
        codec = codec_for(game)
        size = _inputs_size(codec) if codec.shape else 0
        if (size, codec.size) != (self.inputs_size, self.actions):
            raise BadOption(f"this policy was trained on {self.inputs_size} inputs and {self.actions} actions; "
                            f"{game.id} now has {size} and {codec.size} (its observation changed): train it again")

    def _codec(self) -> Any:
        import parlour

        return codec_for(parlour.load(self.game_id, self.players, **self.options))


class PolicyBot(Bot):
    """Plays a trained :class:`Policy`: the most likely legal action for what its seat sees."""

    name = "policy"
    description = "a trained neural policy (parlour.ai.policy)"

    def __init__(self, game: Game, seat: int, seed: int = 0, policy: Policy | None = None) -> None:
        super().__init__(game, seat, seed)
        if policy is None:
            raise BadOption("a policy bot needs a policy: name it policy:FILE")
        policy.check(game)
        self.policy = policy
        self.codec = codec_for(game)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        chosen: list[int] = []
        seen = np.asarray(self.codec.encode(view), dtype=np.float64)  # the view, encoded once for every step
        while True:  # one step for most games; a Tarok discard card by card
            obs, mask = self.policy._with_steps(self.codec, seen, legal, chosen)
            index = self.policy.choose(obs, mask)
            action = self.codec.action(index, legal, chosen)
            if action is not None:
                return action
            chosen.append(index)


def flat(obs: Mapping[str, Any]) -> np.ndarray:
    """A policy's input from an environment's observation: the numeric observation, flattened, then the steps
    chosen so far in a game of several steps a move (``obs["chosen"]``)."""
    x = np.asarray(obs["observation"], dtype=np.float64).reshape(-1)
    return np.concatenate([x, obs["chosen"]]) if "chosen" in obs else x


def _inputs_size(codec: Any) -> int:
    return int(np.prod(codec.shape)) + (codec.size if codec.multistep else 0)


def policy_bot_class(path: str, game: Game) -> type[Bot]:
    """The bot class of ``policy:PATH``: :class:`PolicyBot` bound to the policy in that file (read once while the
    file is unchanged: an arena makes a bot per match)."""
    try:
        stamp = Path(path).stat().st_mtime_ns
    except OSError:
        stamp = None
    policy = _read(path, stamp)
    policy.check(game)

    class Loaded(PolicyBot):
        name = f"policy:{path}"

        def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
            super().__init__(game, seat, seed, policy=policy)

    return Loaded


@lru_cache(maxsize=8)
def _read(path: str, stamp: int | None) -> Policy:
    return Policy.load(path)


__all__ = ["PARAMETERS", "Policy", "PolicyBot", "flat", "policy_bot_class"]
