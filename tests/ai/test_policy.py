"""The worked example of docs/ai.md: a numpy policy, trained by REINFORCE, saved, and played as ``policy:FILE``."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

import parlour
from parlour.ai.policy import PARAMETERS, Policy
from parlour.ai.reinforce import evaluate, main as reinforce_main, train
from parlour.ai.spaces import codec_for
from parlour.bots import make, play_match
from parlour.cli import main
from parlour.core.errors import BadOption

GAME = parlour.load("giacomotto", target=1)  # one pack a match: a match is a deal


def _batch(policy: Policy, n: int, seed: int):
    """``n`` real observations and masks of Giacomotto, with a legal action each and random weights."""
    rng = np.random.default_rng(seed)
    obs, masks, actions = [], [], []
    state = GAME.new(seed=seed)
    while len(obs) < n and not state.over:
        seat = state.to_act[0]
        legal = state.legal(seat)
        x, m = policy.inputs(state.bot_view(seat), legal, GAME)
        obs.append(x)
        masks.append(m)
        actions.append(int(rng.choice(np.flatnonzero(m))))
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    return np.stack(obs), np.stack(masks), np.asarray(actions), rng.normal(size=len(actions))


def _objective(policy: Policy, obs, masks, actions, weights, entropy: float) -> float:
    probs = policy.probabilities(obs, masks)
    logp = np.log(np.where(probs > 0, probs, 1.0))
    return float((weights * logp[np.arange(len(actions)), actions]).sum() + entropy * -(probs * logp).sum())


@pytest.mark.parametrize("entropy", [0.0, 0.3])
def test_the_gradient_is_the_objectives_derivative(entropy):
    policy = Policy.fresh(GAME, hidden=6, seed=3)
    rng = np.random.default_rng(4)
    for name in PARAMETERS:  # weights out of zero too, so that every path of the gradient is exercised
        policy.params[name] += rng.normal(0, 0.3, policy.params[name].shape)
    obs, masks, actions, weights = _batch(policy, 12, seed=5)
    grads = policy.gradients(obs, masks, actions, weights, entropy=entropy)
    for name in PARAMETERS:
        flat = policy.params[name].reshape(-1)
        for i in rng.choice(flat.size, 6, replace=False):
            keep = flat[i]
            flat[i] = keep + 1e-6
            up = _objective(policy, obs, masks, actions, weights, entropy)
            flat[i] = keep - 1e-6
            down = _objective(policy, obs, masks, actions, weights, entropy)
            flat[i] = keep
            assert grads[name].reshape(-1)[i] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-7), name


def test_a_policy_never_chooses_an_illegal_action():
    policy = Policy.fresh(GAME, hidden=8, seed=1)
    policy.params["b2"][:] = np.arange(policy.actions)  # it would love the highest index, legal or not
    obs, masks, _, _ = _batch(policy, 20, seed=2)
    probs = policy.probabilities(obs, masks)
    assert (probs[masks == 0] == 0).all() and np.allclose(probs.sum(axis=1), 1)
    assert all(masks[i, policy.choose(obs[i], masks[i])] for i in range(len(obs)))


def test_training_against_random_learns_to_beat_it():
    fresh = Policy.fresh(GAME, hidden=32, seed=0)
    before = evaluate(GAME, fresh, "random", matches=60, seed=100).mean
    trained, log = train(GAME, against="random", deals=600, hidden=32, seed=0)
    after, interval, deals = evaluate(GAME, trained, "random", matches=60, seed=100)
    assert deals == 60 and 0 < interval < 10
    # a random player scores 0 a deal against random on average; the learnt policy must win clearly, and beat
    # its own untrained self (which always plays the first legal index)
    assert after > 4 and after > before + 8, (before, after, log)
    assert log[-1]["deals"] == 600


def test_a_saved_policy_plays_as_a_bot_wherever_bots_are_named(tmp_path):
    path = tmp_path / "g.npz"
    policy, _ = train(GAME, against="random", deals=20, hidden=8, seed=1)
    policy.save(path)
    loaded = Policy.load(path, GAME)
    assert all(np.array_equal(loaded.params[k], policy.params[k]) for k in PARAMETERS)
    assert (loaded.game_id, loaded.players, loaded.options) == ("giacomotto", 2, dict(GAME.options))
    bots = [make(f"policy:{path}", GAME, 0), make("random", GAME, 1, seed=2)]
    state, record = play_match(GAME, bots, seed=7)
    assert state.over and record.verify().scores == state.scores
    folder = tmp_path / "arena"
    run = CliRunner().invoke(main, ["arena", "giacomotto", "--bots", f"policy:{path},random", "--matches", "2",
                                    "--workers", "1", "--out", str(folder), "-o", "target=1"])
    assert run.exit_code == 0, run.output
    assert f"policy:{path}" in json.loads((folder / "ratings.json").read_text())


def test_the_command_trains_and_saves(tmp_path, capsys):
    out = tmp_path / "p.npz"
    assert reinforce_main(["giacomotto", "--seconds", "1", "--out", str(out), "-o", "target=1", "--hidden", "8"]) == 0
    assert "saved" in capsys.readouterr().err and Policy.load(out, GAME).inputs_size > 0
    assert reinforce_main(["giacomotto", "--seconds", "1", "-o", "sweeps=3"]) == 2
    assert "sweeps" in capsys.readouterr().err


def test_a_policy_file_is_checked_against_its_game(tmp_path):
    path = tmp_path / "g.npz"
    Policy.fresh(GAME, hidden=4).save(path)
    with pytest.raises(BadOption, match="plays giacomotto, not gami"):
        make(f"policy:{path}", parlour.load("gami"), 0)
    with pytest.raises(BadOption, match="no policy file"):
        make(f"policy:{tmp_path / 'none.npz'}", GAME, 0)
    (tmp_path / "bad.npz").write_text("not numpy")
    with pytest.raises(BadOption, match="not a policy file"):
        make(f"policy:{tmp_path / 'bad.npz'}", GAME, 0)
    other = Policy.fresh(GAME, hidden=4)
    other.params["w1"] = other.params["w1"][:-1]  # as if the game's observation had changed since
    other.save(tmp_path / "old.npz")
    with pytest.raises(BadOption, match="train it again"):
        make(f"policy:{tmp_path / 'old.npz'}", GAME, 0)
    from parlour.ai.spaces import Codec

    bare = parlour.load("gami")
    bare._ai_codec = Codec(bare, None)  # a game without ai.py: no observation, actions only "the i-th legal one"
    with pytest.raises(BadOption, match="gami has no numeric observation"):
        Policy.fresh(bare)
    from parlour.games.gami import ai as gami_ai
    from types import SimpleNamespace

    seen = parlour.load("gami")  # an observation but no action space of its own
    seen._ai_codec = Codec(seen, SimpleNamespace(observation_shape=gami_ai.observation_shape, encode=gami_ai.encode))
    with pytest.raises(BadOption, match="no fixed action space"):
        Policy.fresh(seen)



def test_a_policy_chooses_a_tarok_discard_card_by_card():
    tarok = parlour.load("tarok", rounds=1)
    policy = Policy.fresh(tarok, hidden=8, seed=2)
    assert policy.inputs_size == int(np.prod(codec_for(tarok).shape)) + 180  # the steps chosen follow the view
    from parlour.ai.policy import PolicyBot

    discards = 0
    for seed in range(4):
        bots = [PolicyBot(tarok, 0, policy=policy)] + [make("heuristic", tarok, s, seed=s) for s in (1, 2, 3)]
        state, record = play_match(tarok, bots, seed=seed)
        assert state.over and record.verify().scores == state.scores
        discards += sum(a["seat"] == 0 and a["action"].startswith("discard ") and " " in a["action"][8:]
                        for a in record.actions)
    assert discards  # at least one discard of two or three cards, chosen in steps
