"""Every parlour game as an OpenSpiel game (parlour.ai.openspiel): OpenSpiel's own checks and algorithms on them."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import parlour

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

from parlour.ai import openspiel  # noqa: E402  (needs pyspiel)
from parlour.ai.aec import close_windows  # noqa: E402

openspiel.register()

REGISTERED = parlour.games()


def load(game_id: str, **params) -> "pyspiel.Game":
    return pyspiel.load_game(openspiel.short_name(game_id), {**openspiel.short_params(game_id), **params})


def deal(state, rng: random.Random):
    """Sample the chance nodes until a player is to act (OpenSpiel's outcomes and probabilities)."""
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probs)[0])
    return state


def test_register_is_idempotent_and_names_every_game():
    assert openspiel.register() == openspiel.register() == [openspiel.short_name(g) for g in REGISTERED]
    assert "python_parlour_skelly" in pyspiel.registered_names()
    assert "python_parlour_crazy_nines" in pyspiel.registered_names()


@pytest.mark.parametrize("game_id", REGISTERED)
def test_openspiel_random_simulation(game_id):
    """OpenSpiel's own random-simulation test: legal actions, chance, returns, clone, serialize round trips."""
    pyspiel.random_sim_test(load(game_id), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id, params", [
    ("golf6", {"deals": 2}), ("giacomotto", {"reward": "points"}), ("golf6", {"reward": "points"}),
    ("golf6", {"players": 9}), ("giacomotto", {"players": 4}), ("zole", {"players": 4, "hands": 4}),
    ("tarok", {"players": 3}), ("claw", {"players": 8}), ("testoasa", {"players": 8}), ("spoons", {"players": 10}),
    ("rengo", {"players": 16}), ("crazy-nines", {})])
def test_variants_simulate_and_sum_to_zero(game_id, params):
    """Every round's deck by chance nodes (``deals``), match points as returns, the fewest and most seats (golf's
    three decks at nine): OpenSpiel's checks pass, and the returns sum to zero (the utility declared) with the
    winners' the highest."""
    game = load(game_id, **params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    rng = random.Random(3)
    state = deal(game.new_initial_state(), rng)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_chance_node():
            deal(state, rng)
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9
    assert set(state.state.winners) == {s for s, r in enumerate(returns) if r == max(returns)}


@pytest.mark.parametrize("game_id", ["giacomotto", "crazy-nines", "jieqi", "gami"])
def test_chance_outcomes_are_a_distribution_and_the_deal_is_the_stacked_one(game_id):
    """Each chance node's probabilities sum to 1 (a card held twice in a two-deck game is twice as likely), and
    the match dealt by the chance nodes is ``game.new(seed=..., deck=...)`` of the cards (or pieces) they chose."""
    game = load(game_id)
    state = game.new_initial_state()
    rng = random.Random(11)
    doubled = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert len({o for o, _ in outcomes}) == len(outcomes)
        doubled += len(set(p for _, p in outcomes)) > 1
        state.apply_action(rng.choice([o for o, _ in outcomes]))
    # two of each card in crazy nines' 104; Jieqi's five soldiers, two of each other piece a side hides
    assert (doubled > 0) == (game_id in ("crazy-nines", "jieqi"))
    seed, *drawn = state.history()
    dealer = game.dealer
    if game_id == "jieqi":
        deck = dealer.fen(drawn)
        assert deck.count("~") == 30
    else:
        deck = [dealer.text(d) for d in drawn]
        assert sorted(deck) == sorted(str(c) for zone in state.state.zones().values() for c in zone)
    again = game.parlour.new(seed=seed, deck=deck)
    for seat in (None, *range(game.num_players())):
        assert again.view(seat) == state.state.view(seat)
    if game_id == "jieqi":
        assert again.hidden == state.state.hidden and sum(1 for k in again.hidden if k) == 30


def test_information_states_hide_what_a_seat_does_not_see():
    """Two deals that differ only in a card of seat 1's hand and a card deep in the stock: seat 0's
    information-state and observation strings and tensors are the same, seat 1's are not; the public observation
    is the spectator's view, the same for both."""
    game = load("giacomotto", seeds=1)
    first = deal(game.new_initial_state(), random.Random(5))
    parlour_state = first.state
    other_hand = parlour_state.zones()["hand 1"]
    drawn = list(first.history())
    cards = [game.dealer.text(d) for d in drawn]
    i, j = cards.index(str(other_hand[0])), len(cards) - 1  # the stock's bottom card is dealt last
    drawn[i], drawn[j] = drawn[j], drawn[i]
    second = game.new_initial_state()
    for d in drawn:
        second.apply_action(d)
    assert second.state.zones()["hand 1"] != parlour_state.zones()["hand 1"]
    public = make_observation(game, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))  # the spectator's
    for a, b in [(first, second)] + [(first.child(act), second.child(act)) for act in first.legal_actions()[:1]
                                     if first.current_player() == 0]:
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.observation_string(0) == b.observation_string(0)
        assert a.information_state_tensor(0) == b.information_state_tensor(0)
        assert a.observation_tensor(0) == b.observation_tensor(0)
        assert a.information_state_string(1) != b.information_state_string(1)
        assert a.observation_tensor(1) != b.observation_tensor(1)
        assert str(other_hand[0]) not in a.information_state_string(0)
        assert public.string_from(a, 0) == public.string_from(b, 0) == json.dumps(
            a.state.view(None), sort_keys=True, separators=(",", ":"))


def mcts_bot(game, simulations: int, seed: int):
    from open_spiel.python.algorithms import mcts

    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(game, 2, simulations, mcts.RandomRolloutEvaluator(1, rng), random_state=rng), rng


@pytest.mark.parametrize("game_id", ["go", "gami"])
def test_mcts_beats_random(game_id):
    """OpenSpiel's MCTS (20 simulations a move, random roll-outs) against uniform random play, seats alternating:
    it wins at least 3 matches of 4 (4 of 4 when measured; Go is 9x9, Gami's match one game)."""
    game = load(game_id)
    wins = 0
    for match in range(4):
        bot, rng = mcts_bot(game, 20, match)
        me = match % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == me:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        wins += state.returns()[me] > 0
    assert wins >= 3


def test_mcts_searches_jieqi():
    """MCTS on Jieqi (it searches the true state, covered pieces included: a test of the plumbing, not a fair
    bot): each of its first moves is legal and comes from a search that ran every simulation."""
    game = load("jieqi")
    bot, rng = mcts_bot(game, 8, 1)
    state = deal(game.new_initial_state(), random.Random(2))
    for _ in range(3):
        root = bot.mcts_search(state)
        # the first simulation evaluates the root itself, each later one goes down through a child
        assert root.explore_count == 8 and sum(c.explore_count for c in root.children) == 7
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        if not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_outcome_sampling_mccfr_gives_a_policy():
    """Outcome-sampling MCCFR on a short Giacomotto match (to 11). No parlour game is small enough for full CFR or
    an exact exploitability (the smallest deck has 24 cards), so this checks that OpenSpiel's solver runs on it and
    that its average policy is a policy: a distribution over the legal actions at every information state it
    learnt, and at every state met following it."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = load("giacomotto", target=11)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(10):
        solver.iteration()
    assert len(solver._infostates) > 100
    regretted = weighed = 0
    for regrets, average in solver._infostates.values():  # OpenSpiel's table: regrets, average-policy weights
        assert len(regrets) == len(average) and min(average) > 0  # both start at 1e-6 each
        regretted += max(regrets) - min(regrets) > 1e-9
        weighed += sum(average) > len(average) * 1e-6 + 1e-9
    assert regretted > 0 and weighed > 0
    policy = solver.average_policy()
    rng = np.random.default_rng(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        probs = policy.action_probabilities(state)
        assert sorted(probs) == state.legal_actions()
        assert min(probs.values()) >= 0 and abs(sum(probs.values()) - 1) < 1e-9
        actions, weights = zip(*probs.items())
        state.apply_action(int(rng.choice(actions, p=weights)))


@pytest.mark.parametrize("game_id", ["claw", "kaboo"])
def test_waiting_lets_a_timed_window_close(game_id):
    """In an open timed window each seat that may act may instead wait; the next one then chooses, and once all
    have waited the window closes as the clock would close it (``state.timeout()``)."""
    game = load(game_id)
    rng = random.Random(7)
    state = deal(game.new_initial_state(), rng)
    for _ in range(2000):
        if state.state.deadline is not None and len(state.state.to_act) > 1:
            break
        legal = [a for a in state.legal_actions() if a != game.wait]
        state.apply_action(rng.choice(legal))
        deal(state, rng)
    else:
        pytest.fail("no timed window that several seats may act in")
    before = state.state.view(None)
    closed = state.state.clone()
    closed.timeout()
    close_windows(closed)  # and any window that then opens with nobody to act, as the OpenSpiel state does
    seats = state.state.to_act
    asked = []
    for _ in seats:
        assert game.wait in state.legal_actions() and state.action_to_string(game.wait) == "wait"
        asked.append(state.current_player())
        state.apply_action(game.wait)
    assert sorted(asked) == sorted(seats)
    assert state.state.view(None) == closed.view(None) != before


def test_a_pickled_state_reads_back_in_another_process(tmp_path):
    """A state is pickled with its game's name and actions; a process that imports parlour.ai.openspiel (which
    registers the games) reads it back, the same match; ``serialize_game_and_state`` round-trips too."""
    import pickle
    import subprocess
    import sys

    game = load("giacomotto")
    state = deal(game.new_initial_state(), random.Random(9))
    rng = random.Random(9)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.history() == state.history() and str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)
    path = tmp_path / "state.pickle"
    path.write_bytes(pickle.dumps(state))
    code = ("import pickle, sys; import parlour.ai.openspiel; "
            "s = pickle.loads(open(sys.argv[1], 'rb').read()); print(s.history()); print(s)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"{state.history()}\n{state}\n"


def test_jieqi_information_states_hide_the_covered_pieces():
    """Two Jieqi deals that differ in which of two covered points holds which piece: neither seat can tell them
    apart (no one sees a covered piece), though the states differ."""
    game = load("jieqi", seeds=1)
    first = deal(game.new_initial_state(), random.Random(3))
    drawn = list(first.history())
    j = next(j for j in range(1, 15) if drawn[j] != drawn[0])  # two of Red's points holding different kinds
    drawn[0], drawn[j] = drawn[j], drawn[0]
    second = game.new_initial_state()
    for d in drawn:
        second.apply_action(d)
    assert first.state.hidden != second.state.hidden
    for seat in (0, 1):
        assert first.information_state_string(seat) == second.information_state_string(seat)
        assert first.information_state_tensor(seat) == second.information_state_tensor(seat)


def test_the_seed_alone_may_deal():
    """``deals=0``: one chance node over ``seeds`` seeds deals everything (the stand-in for a game that cannot take
    a stacked deck); each seed is one deal, the parlour game's own from that seed."""
    game = load("giacomotto", deals=0, seeds=16)
    assert game.max_chance_outcomes() == 16
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(s, 1 / 16) for s in range(16)]
    state.apply_action(5)
    assert not state.is_chance_node()
    assert state.state.view(None) == game.parlour.new(seed=5).view(None)


def test_cfr_and_mccfr_approach_equilibrium_on_a_tiny_gami():
    """A variant small enough for exact exploitability: Gami stopped after 2 exchanges (the player with more cards
    wins), dealt by one chance node over 4 seeds (``deals=0``). It has perfect information (Gami shows every card);
    no parlour game with hidden cards is this small. Uniform play is exploitable by 0.149; CFR (20 iterations) and
    outcome-sampling MCCFR (400, seeded) bring it down (to 0.0088 and 0.023 when measured)."""
    from open_spiel.python.algorithms import cfr, exploitability, outcome_sampling_mccfr
    from open_spiel.python.policy import UniformRandomPolicy

    game = pyspiel.load_game("python_parlour_gami", {"max_plies": 2, "seeds": 4, "deals": 0})  # bench TINY_GAMI
    uniform = exploitability.exploitability(game, UniformRandomPolicy(game))
    assert uniform > 0.1
    solver = cfr.CFRSolver(game)
    for _ in range(20):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < uniform / 10
    saved = np.random.get_state()  # OpenSpiel's MCCFR samples from numpy's global generator
    try:
        np.random.seed(1)
        sampler = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
        for _ in range(400):
            sampler.iteration()
    finally:
        np.random.set_state(saved)
    assert exploitability.exploitability(game, sampler.average_policy()) < uniform / 3


@pytest.mark.parametrize("game_id", ["giacomotto", "golf6", "zole"])
def test_rewards_per_deal(game_id):
    """``reward="deal"``: a reward as each deal is scored, each seat's points less the others' mean; they add up to
    the returns, which are the match points so far. The game's type says so (``REWARDS``), so MCTS refuses it."""
    game = load(game_id, reward="deal")
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    rng = random.Random(4)
    state = game.new_initial_state()
    total = [0.0] * game.num_players()
    rewarded = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        rewards = state.rewards()
        assert abs(sum(rewards)) < 1e-9
        rewarded += any(rewards)
        total = [t + r for t, r in zip(total, rewards)]
        assert total == pytest.approx(state.returns())
    assert 0 < rewarded <= len(state.state.sheet.rows)
    with pytest.raises(ValueError, match="terminal rewards"):
        mcts_bot(game, 2, 0)


def test_a_tarok_discard_is_chosen_in_steps_and_only_the_declarer_knows_them():
    """Through OpenSpiel as through the environments: the discard's cards one by one, the same seat choosing, the
    steps in its own strings and tensor only; the last step plays the discard."""
    from parlour.bots import make

    game = load("tarok")
    state = deal(game.new_initial_state(), random.Random(3))
    codec = state.pgame.codec
    heuristic = {s: make("heuristic", state.pgame.parlour, s) for s in range(4)}
    while state.state.phase != 4:  # the heuristic bids, calls and takes a talon group
        assert not state.is_terminal()
        seat = state.current_player()
        legal = state.state.legal(seat)
        state.apply_action(codec.index(heuristic[seat].choose(state.state.view(seat), legal), legal))
    seat = state.current_player()
    legal = state.state.legal(seat)
    target = max(legal, key=lambda a: len(codec.steps(a, legal)))
    steps = codec.steps(target, legal)
    assert len(steps) > 1
    other = (seat + 1) % 4
    before = state.information_state_string(other)
    for i, index in enumerate(steps):
        assert index in state.legal_actions() and game.num_distinct_actions() - 1 not in state.legal_actions()
        state.apply_action(index)
        if i < len(steps) - 1:
            assert state.current_player() == seat and state.state.phase == 4
            assert json.loads(state.information_state_string(seat))["chosen"] == list(steps[:i + 1])
            tensor = np.asarray(state.information_state_tensor(seat))
            assert tensor[-codec.size:].nonzero()[0].tolist() == sorted(steps[:i + 1])
            assert state.information_state_string(other) == before  # another seat sees nothing of it
    laid = set(str(target).split()[1:])
    assert state.state.phase != 4 and not laid & set(state.state.view(seat)["hand"])  # the cards were laid away
    assert json.loads(state.information_state_string(seat))["chosen"] == []
