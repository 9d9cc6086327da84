"""Every game as a PettingZoo AEC environment (PettingZoo's own api_test) and one seat as a Gymnasium one."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

import parlour
from parlour.ai.aec import ParlourEnv
from parlour.ai.gym import SeatEnv
from parlour.ai.spaces import codec_for
from parlour.core.errors import IllegalAction

pettingzoo_test = pytest.importorskip("pettingzoo.test")


def short(game_id: str) -> dict:
    cls = parlour.core.game_class(game_id)
    return {**cls.quick_options, **cls.random_options}


@pytest.mark.parametrize("game_id", parlour.games())
def test_pettingzoo_api(game_id):
    env = parlour.ai.env(game_id, **short(game_id))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice on space types: our observation is a dict with the view's text
        pettingzoo_test.api_test(env, num_cycles=60)


@pytest.mark.parametrize("game_id", parlour.games())
def test_a_whole_match_by_the_mask(game_id):
    """Random legal indices play a match to its end; each seat's rewards add up to its share of the points."""
    env = ParlourEnv(game_id, **short(game_id))
    env.reset(seed=5)
    rng = np.random.default_rng(1)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(50_000):
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        view = json.loads(obs["view"])
        assert view["seat"] == env.possible_agents.index(agent)
        legal = np.flatnonzero(obs["action_mask"])
        texts = env.legal(agent)
        assert len(legal) > 0 and texts
        if not env.chosen:  # each listed action (its first step) is offered by the mask
            assert {env.action_index(agent, t) for t in texts} <= set(legal)
        if not (env.codec.multistep or env.codec.open_space):  # one index per action, and back
            assert len(legal) == len(texts)
        env.step(int(rng.choice(legal)))
    state = env.state()
    assert state.over and not env.agents
    n = len(state.scores)
    expected = [s - (sum(state.scores) - s) / (n - 1) for s in state.scores]
    if state.game.lowest_wins:
        expected = [-e for e in expected]
    assert [round(total[a], 6) for a in env.possible_agents] == [round(e, 6) for e in expected]


def test_numeric_observations_follow_the_view():
    env = ParlourEnv("giacomotto")
    env.reset(seed=2)
    agent = env.agent_selection
    obs = env.observe(agent)
    assert obs["observation"].shape == (20, 52) and obs["observation"].dtype == np.float32
    assert obs["observation"][0].sum() == len(env.view(agent)["hand"])
    assert obs["observation"][1].sum() == len(env.view(agent)["table"])


def test_actions_by_text_and_clear_errors():
    env = ParlourEnv("tarok")
    env.reset(seed=1)
    agent = env.agent_selection
    texts = env.legal(agent)
    assert "pass" in texts and texts == sorted(texts, key=lambda t: env.action_index(agent, t))
    index = env.action_index(agent, env.legal(agent)[-1])
    assert env.observe(agent)["action_mask"][index] == 1
    with pytest.raises(IllegalAction, match="not legal now"):
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0]))
    assert env.agent_selection == agent  # nothing changed


def _discard_phase(game, seed: int):
    from parlour.bots import make

    state = game.new(seed=seed)
    while state.phase != 4:  # the discard phase of some deal
        seat = state.to_act[0]
        state.apply(seat, make("heuristic", game, seat).choose(state.view(seat), state.legal(seat)))
    return state


def test_a_tarok_discard_is_chosen_card_by_card_and_every_path_ends_in_a_legal_discard():
    game = parlour.load("tarok")
    codec = codec_for(game)
    assert codec.size == 180 and codec.multistep
    state = _discard_phase(game, 3)
    legal = list(state.legal(state.to_act[0]))

    def walk(chosen):  # every sequence of offered steps, to the actions they end in
        for index, action in codec.choices(legal, chosen).items():
            assert 0 <= index < codec.size
            if action is None:
                yield from walk((*chosen, index))
            else:
                assert codec.action(index, legal, chosen) == action
                yield (*chosen, index), action

    paths = dict(walk(()))
    assert sorted(paths.values()) == sorted(legal)  # each discard reached once, by its own steps
    assert all(codec.steps(a, legal) == path for path, a in paths.items())
    with pytest.raises(IllegalAction, match="does not follow the steps"):
        codec.action(codec.size - 1, legal, next(iter(paths))[:1])


def test_the_environments_take_a_discard_in_steps_and_show_them():
    game = parlour.load("tarok")
    env = ParlourEnv("tarok")
    env.reset(seed=3)
    from parlour.bots import make

    while env.state().phase != 4:
        seat = env.state().to_act[0]
        state = env.state()
        env.play(make("heuristic", game, seat).choose(state.view(seat), state.legal(seat)))
    agent = env.agent_selection
    legal = env.state().legal(int(agent[-1]))
    target = max(legal, key=lambda a: len(env.codec.steps(a, legal)))
    steps = env.codec.steps(target, legal)
    played = env.steps
    for i, index in enumerate(steps):
        obs = env.observe(agent)
        assert obs["chosen"].sum() == i and all(obs["chosen"][s] for s in steps[:i])
        assert obs["action_mask"][index] == 1 and env.action_index(agent, str(target)) == index
        env.step(index)
        if i < len(steps) - 1:  # a step: nothing played, the same seat still choosing
            assert env.agent_selection == agent and env.state().phase == 4 and env.steps == played
    assert env.state().phase != 4 and env.steps == played + 1  # the last step laid the cards away
    assert env.observe(agent)["chosen"].sum() == 0 and env.observe(agent)["action_mask"][steps[0]] == 0


def test_a_game_without_ai_module_has_the_legal_index_space(monkeypatch):
    game = parlour.load("gami")
    monkeypatch.setattr(game, "_ai_codec", None, raising=False)
    import parlour.ai.spaces as spaces
    codec = spaces.Codec(game, None)
    state = game.new(seed=1)
    legal = state.legal(state.to_act[0])
    assert codec.by_legal_index and codec.mask(legal) == list(range(len(legal)))
    assert codec.action(len(legal) - 1, legal) == legal[-1]


@pytest.mark.parametrize("game_id", parlour.games())
def test_gymnasiums_check_env_passes_with_the_defaults(game_id):
    """check_env steps with unmasked samples; the default ``illegal="penalty"`` takes them (the game's best bots
    and options: nothing but the id given)."""
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice on space types, as in the PettingZoo test
        check_env(SeatEnv(game_id), skip_render_check=True)


def test_an_illegal_action_by_each_choice():
    def first_illegal(illegal):
        env = SeatEnv("giacomotto", opponents="random", target=21, illegal=illegal, illegal_reward=-2.5)
        obs, _ = env.reset(seed=3)
        return env, obs, int(np.flatnonzero(obs["action_mask"] == 0)[0])

    env, obs, bad = first_illegal("penalty")
    before = env.aec.state().view(0)
    again, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info["illegal"]) == (-2.5, False, False, True)
    assert again["view"] == obs["view"] and env.aec.state().view(0) == before and again is not obs
    steps = env.aec.steps
    _, _, _, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert not info["illegal"] and env.aec.steps > steps  # a legal action is played as ever
    env, obs, bad = first_illegal("penalty")
    assert env.step(env.action_space.n + 5)[1:3] == (-2.5, False)  # outside the space: the same

    env, obs, bad = first_illegal("terminate")
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info["illegal"]) == (-2.5, True, False, True)

    env, obs, bad = first_illegal("random")
    steps = env.aec.steps
    _, _, _, _, info = env.step(bad)
    assert info["illegal"] and env.aec.steps > steps  # a legal action was played instead

    env, obs, bad = first_illegal("raise")
    with pytest.raises(IllegalAction, match="not legal now"):
        env.step(bad)
    assert env.aec.observe(env.agent)["view"] == obs["view"]
    with pytest.raises(ValueError, match="'penalty', 'terminate', 'random', 'raise'"):
        SeatEnv("giacomotto", illegal="ignore")


def test_one_seat_as_a_gymnasium_environment():
    env = SeatEnv("tarok", seat=2, opponents="heuristic", rounds=1)
    obs, info = env.reset(seed=9)
    steps, total = 0, 0.0
    done = False
    while not done:
        obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        total += reward
        done = terminated or truncated
        steps += 1
    assert terminated and steps > 10
    scores = info["scores"]
    assert total == pytest.approx(scores[2] - (sum(scores) - scores[2]) / 3)
    with pytest.raises(ValueError, match="seats 0..3"):
        SeatEnv("tarok", seat=4)


def test_render_draws_the_table():
    env = ParlourEnv("giacomotto", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "Table" in text or "table" in text


@pytest.mark.parametrize("game_id", parlour.games())
def test_every_legal_action_has_its_own_index_or_steps_and_they_lead_back_to_it(game_id):
    """The mapping between actions and the action space both ways, over random play: each legal action's steps
    are its own, and following the offered steps from nothing reaches exactly the legal actions."""
    cls = parlour.core.game_class(game_id)
    game = parlour.load(game_id, **{**cls.quick_options, **cls.random_options})
    codec = codec_for(game)
    rng = np.random.default_rng(7)
    state = game.new(seed=7)
    checked = 0
    while not state.over and checked < 120:
        if not state.to_act:
            state.timeout()
            continue
        seat = state.to_act[0]
        legal = list(state.legal(seat))
        named = [a for a in legal if codec.names(a)]
        paths: dict[tuple[int, ...], object] = {}

        def walk(chosen):
            for index, action in codec.choices(named, chosen).items() if codec.multistep else \
                    ((i, codec.action(i, named)) for i in codec.mask(named)):
                assert 0 <= index < codec.size
                if action is None:
                    walk((*chosen, index))
                else:
                    paths[(*chosen, index)] = action

        walk(())
        if codec.open_space:  # Skelly: every index a flick of its own, the listed ones among them
            assert len(set(paths.values())) == codec.size and set(named) <= set(paths.values())
            assert all(codec.index(a, named) == path[0] for path, a in paths.items())
            checked += 1
            state.apply(seat, legal[int(rng.integers(len(legal)))])
            continue
        assert sorted(map(int, paths.values())) == sorted(map(int, named)), game_id
        assert all(codec.steps(a, named) == path for path, a in paths.items())
        assert len(named) == len(legal)  # nothing out of the space's reach in this play
        checked += 1
        state.apply(seat, legal[int(rng.integers(len(legal)))])
    assert checked
