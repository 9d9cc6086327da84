"""The ParallelEnv: PettingZoo's parallel_api_test for every game, races resolved without priority by seat, and
the environment's record replaying on the engine."""

from __future__ import annotations

import warnings
from collections import Counter

import numpy as np
import pytest

import parlour
import parlour.ai
from parlour.core.cards import CODES
from parlour.core.errors import IllegalAction
from parlour.games.memory.actions import KNOCK, SNAP
from parlour.games.memory.rules import rank_of

parallel_test = pytest.importorskip("pettingzoo.test")


def short(game_id: str) -> dict:
    cls = parlour.core.game_class(game_id)
    return {**cls.quick_options, **cls.random_options}


@pytest.mark.parametrize("game_id", parlour.games())
def test_parallel_api(game_id):
    env = parlour.ai.parallel_env(game_id, **short(game_id))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice on space types, as in the AEC test
        parallel_test.parallel_api_test(env, num_cycles=40)


def random_match(game_id: str, seed: int, steps: int = 3000, **options) -> parlour.ai.ParallelParlourEnv:
    """Every agent samples its mask (waits included) until the match ends or ``steps`` run out."""
    env = parlour.ai.parallel_env(game_id, **{**short(game_id), **options})
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    env.total = dict.fromkeys(env.agents, 0.0)
    for _ in range(steps):
        if not env.agents:
            break
        for agent in env.agents:  # a seat not to act has only the no-op; an active one its legal actions
            mask = obs[agent]["action_mask"]
            assert infos[agent]["active"] == (not (mask[env.wait] and mask.sum() == 1))
        obs, rewards, _, _, infos = env.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                                              for a in env.agents})
        for agent, reward in rewards.items():
            env.total[agent] += reward
    return env


@pytest.mark.parametrize("game_id", parlour.games())
def test_the_record_replays_to_the_same_match(game_id):
    """Random agents (waits included) play a whole match; the engine replays its record to the same state."""
    env = random_match(game_id, seed=3, steps=50_000)
    assert env.state().over
    record = parlour.core.record.Record.from_json(env.record.to_json())
    replayed = record.replay()
    state = env.state()
    assert replayed.view(None) == state.view(None) and replayed.events == state.events
    n = len(state.scores)  # the per-deal rewards add up to each seat's points less the others' mean
    expected = [(s - (sum(state.scores) - s) / (n - 1)) * (-1 if state.game.lowest_wins else 1) for s in state.scores]
    assert [env.total[a] for a in env.possible_agents] == pytest.approx(expected)


def test_a_turn_based_game_has_one_active_agent_a_step():
    env = parlour.ai.parallel_env("giacomotto", target=11)
    obs, infos = env.reset(seed=1)
    for _ in range(60):
        active = [a for a in env.agents if infos[a]["active"]]
        assert len(active) == 1 and obs[active[0]]["action_mask"][env.wait] == 0  # no waiting on a turn
        action = int(np.flatnonzero(obs[active[0]]["action_mask"])[0])
        obs, _, _, _, infos = env.step({active[0]: action})


def test_match_rewards_and_truncation():
    env = random_match("kaboo", seed=4, reward="match")
    state = env.state()
    assert state.over and all(env.total[f"seat_{s}"] == (1.0 if s in state.winners else -1.0)
                              for s in range(state.game.players))
    env = parlour.ai.parallel_env("giacomotto", max_steps=5)
    obs, infos = env.reset(seed=1)
    for _ in range(5):
        active = env.active()[0]
        obs, _, terminations, truncations, _ = env.step({active: int(np.flatnonzero(obs[active]["action_mask"])[0])})
    assert all(truncations.values()) and not any(terminations.values()) and env.agents == []


def test_illegal_indices_change_nothing():
    env = parlour.ai.parallel_env("giacomotto", target=11)
    obs, infos = env.reset(seed=1)
    active = next(a for a in env.agents if infos[a]["active"])
    idle = next(a for a in env.agents if not infos[a]["active"])
    before = env.state().view(None)
    with pytest.raises(IllegalAction, match="waiting is not legal"):
        env.step({})
    with pytest.raises(IllegalAction, match="may not act now"):
        env.step({active: int(np.flatnonzero(obs[active]["action_mask"])[0]), idle: 0})
    assert env.state().view(None) == before and env.record.actions == []


# --- races: the same step, no priority by seat --------------------------------------------------------------------

SEEDS = 300


def even(wins: int, races: int, p: float = 0.5) -> bool:
    """Whether a seat won its fair share ``p`` of ``races`` (each won with chance ``p``): within 4.5 standard
    deviations of the binomial (sqrt(races p (1 - p))), which fails one time in about 150,000 by chance; a
    resolution by seat number gives one seat every race, far outside it (300 races, p = 1/2: 150 ± 39)."""
    return abs(wins - races * p) <= 4.5 * (races * p * (1 - p)) ** 0.5


def snap_race(seed: int) -> int | None:
    """Seats 1 and 2 snap a card of the open window's rank in the same step (each told by the engine where one
    lies); the seat whose snap won, or None if no such window came in the match. Seat 0 is the turn's owner or
    a snapper as any other; every seat plays calmly (no snap, no knock) until the race."""
    env = parlour.ai.parallel_env("kaboo", players=3, rounds=2)
    env.reset(seed=seed)
    state = env.state()
    rng = np.random.default_rng(seed)
    pending: dict[str, int] = {}
    while env.agents:
        open_window = state.window and state.snap_rank >= 0
        right = {s: [a for a in state.legal(s)
                     if a.kind == SNAP and rank_of(state.layouts[a.b][a.c]) == state.snap_rank]
                 for s in (1, 2)} if open_window else {}
        if all(right.get(s) for s in (1, 2)):
            env.step({f"seat_{s}": env.codec.index(right[s][0], state.legal(s)) for s in (1, 2)})
            return next(e["seat"] for e in reversed(state.events) if e["type"] == "snap" and e["result"] == "valid")
        actions = {}
        for agent in env.active():
            if env.chosen_by.get(agent):  # the second step of a jack or a look chosen last step
                actions[agent] = pending[agent]
                continue
            legal = state.legal(int(agent[5:]))
            calm = [a for a in legal if a.kind not in (SNAP, KNOCK)] or legal
            steps = env.codec.steps(calm[int(rng.integers(len(calm)))], legal)
            actions[agent], pending[agent] = steps[0], steps[-1]
        env.step(actions)
    return None


def test_kaboo_snap_races_have_no_priority_by_seat():
    wins = Counter(w for w in map(snap_race, range(SEEDS)) if w is not None)
    races = wins[1] + wins[2]
    assert races >= SEEDS // 2, wins
    assert even(wins[1], races), wins


def test_spoons_first_grab_race_has_no_priority_by_seat():
    """With false grabs all three seats grab as the passing starts, in the same step: the first grab is taken
    (without four of a kind it takes the round's letter), the others are dropped or grab a spoon after it."""
    first = Counter()
    for seed in range(SEEDS):
        env = parlour.ai.parallel_env("spoons", players=3, word="O", false_grab=True)
        obs, infos = env.reset(seed=seed)
        state = env.state()
        assert state.phase == "passing" and len(env.active()) == 3
        grab = {a: env.action_index(a, "grab") for a in env.agents}
        env.step(grab)
        first[next(e["seat"] for e in state.events if e["type"] == "grab")] += 1
    assert all(even(first[s], SEEDS, 1 / 3) for s in range(3)), first


def test_a_team_choosing_as_one_is_one_active_agent():
    """Rengo's count: the team's players are all in to_act, but one choice is made for the team (state.together),
    by the player the game names first."""
    env = parlour.ai.parallel_env("rengo", players=4)
    obs, infos = env.reset(seed=1)
    state = env.state()
    rng = np.random.default_rng(1)
    counted = 0
    while env.agents and counted < 3:
        if len(state.together) > 1:
            counted += 1
            assert env.active() == [f"seat_{state.together[0]}"]
            assert [a for a in env.agents if infos[a]["active"]] == env.active()
        actions = {}
        for agent in env.active():  # anything but a resignation, so that the match reaches its count
            legal = env.legal(agent)
            actions[agent] = env.action_index(agent, str(rng.choice([t for t in legal if t != "resign"] or legal)))
        obs, _, _, _, infos = env.step(actions)
    assert counted


def test_claw_claims_of_the_called_card_have_no_priority_by_seat():
    """Three seats claim the called card in the same step: one right claim takes it, the two after it are late
    (the card is gone: dropped); which one takes it is drawn, about a third each."""
    winners = Counter()
    for seed in range(SEEDS):
        env = parlour.ai.parallel_env("claw", players=3)
        env.reset(seed=seed)
        state = env.state()
        assert state.phase == "call" and len(env.active()) == 3  # the table's first pause ran out at once
        claim = f"claim {CODES[state.card]} @{state.call_no}"
        _, _, _, _, infos = env.step({a: env.action_index(a, claim) for a in env.agents})
        right = [e["seat"] for e in state.events if e["type"] == "claim" and e["result"] == "right"]
        assert len(right) == 1 and sum(info["dropped"] for info in infos.values()) == 2
        winners[right[0]] += 1
    assert all(even(winners[s], SEEDS, 1 / 3) for s in range(3)), winners


def test_a_tarok_discard_takes_steps_in_the_parallel_env_too():
    from parlour.bots import make

    env = parlour.ai.parallel_env("tarok", rounds=1)
    obs, infos = env.reset(seed=3)
    game = env.game
    while env.state().phase != 4:  # the heuristic bids and calls, through the env's indices
        state = env.state()
        seat = state.to_act[0]
        legal = state.legal(seat)
        action = make("heuristic", game, seat).choose(state.view(seat), legal)
        obs, *_ = env.step({f"seat_{seat}": env.codec.index(action, legal)})
    seat = env.state().to_act[0]
    agent, legal = f"seat_{seat}", env.state().legal(seat)
    target = max(legal, key=lambda a: len(env.codec.steps(a, legal)))
    steps = env.codec.steps(target, legal)
    assert len(steps) > 1
    recorded = len(env.record.actions)
    for i, index in enumerate(steps):
        assert obs[agent]["action_mask"][index] == 1 and obs[agent]["chosen"].sum() == i
        obs, rewards, terminations, truncations, infos = env.step({agent: index})
        if i < len(steps) - 1:  # nothing played yet: the seat still active, nothing recorded
            assert infos[agent]["active"] and env.state().phase == 4 and len(env.record.actions) == recorded
            assert not obs[agent]["action_mask"][env.wait]  # no window: a step cannot be waited away
    assert env.record.actions[-1]["action"] == str(target) and obs[agent]["chosen"].sum() == 0
