"""The games as OpenSpiel games: random play through pyspiel, MCTS against random play, outcome-sampling MCCFR.

Everything goes through OpenSpiel (``parlour.ai.openspiel.register()``, ``pyspiel.load_game``), each game with
the short-match parameters of :func:`parlour.ai.openspiel.short_params`:

* random play: for ``--seconds`` per game, matches played with a uniformly random legal action at each decision
  and chance outcomes drawn by their probabilities; actions (chance outcomes included) and matches per second;
* MCTS: ``open_spiel.python.algorithms.mcts.MCTSBot`` (``--sims`` simulations a move, one random roll-out each)
  against uniform random play, ``--matches`` matches per game with the seats alternating: its wins, and its time
  per move;
* MCCFR: ``--iterations`` of outcome sampling on a Giacomotto match to 11: iterations per second and the
  information states met;
* exploitability (exact, OpenSpiel's ``exploitability``) on a Gami small enough for it (stopped after 2 exchanges,
  dealt by one chance node over 4 seeds): of uniform play, after ``--cfr`` iterations of CFR and after
  ``--iterations`` of outcome-sampling MCCFR (numpy's generator seeded 1).

Rates are on the wall clock, with the reference workload timed between pieces (× baseline, bench/README.md).

    python -m bench openspiel --seconds 2 --mcts go,gami,jieqi --matches 4 --sims 20 --iterations 100 --cfr 20

>>> rates = random_play("gami", 0.05, np.random.default_rng(0))
>>> rates["actions"] > 0 and rates["matches"] >= 1
True
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from bench import REFERENCE_DOC, Baseline


def _load(game_id: str, **params: Any) -> Any:
    import pyspiel

    from parlour.ai import openspiel

    openspiel.register()
    return pyspiel.load_game(openspiel.short_name(game_id), {**openspiel.short_params(game_id), **params})


def _chance(state: Any, rng: np.random.Generator) -> int:
    outcomes, probs = zip(*state.chance_outcomes())
    return int(outcomes[rng.choice(len(outcomes), p=np.asarray(probs) / sum(probs))])


def random_play(game_id: str, seconds: float, rng: np.random.Generator) -> dict[str, float]:
    """Random matches for at least ``seconds`` (whole matches): actions and matches per second, wall clock."""
    game = _load(game_id)
    actions = matches = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_chance(state, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
            actions += 1
        matches += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"actions": actions / elapsed, "matches": matches / elapsed, "seconds": elapsed}


def mcts_series(game_id: str, matches: int, sims: int) -> dict[str, Any]:
    """MCTS against random play, seats alternating: wins and the time per MCTS move."""
    from open_spiel.python.algorithms import mcts

    game = _load(game_id)
    wins = moves = 0
    thinking = 0.0
    for match in range(matches):
        rng = np.random.RandomState(match)
        bot = mcts.MCTSBot(game, 2, sims, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        me = match % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == me:
                t = time.perf_counter()
                state.apply_action(bot.step(state))
                thinking += time.perf_counter() - t
                moves += 1
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        wins += state.returns()[me] > 0
    return {"matches": matches, "wins": wins, "moves": moves, "ms_per_move": 1000 * thinking / max(moves, 1)}


def mccfr(iterations: int) -> dict[str, float]:
    """Outcome-sampling MCCFR on Giacomotto to 11: iterations per second and information states met."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(_load("giacomotto", target=11))
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    elapsed = time.perf_counter() - start
    return {"iterations": iterations, "per_s": iterations / elapsed, "infostates": len(solver._infostates)}


#: The Gami small enough for an exact exploitability (tests/ai/test_openspiel.py plays it too).
TINY_GAMI = {"max_plies": 2, "seeds": 4, "deals": 0}


def tiny_exploitability(cfr_iterations: int, mccfr_iterations: int) -> dict[str, float]:
    """Exploitability on the tiny Gami: of uniform play, of CFR's and of outcome-sampling MCCFR's average policy."""
    import pyspiel
    from open_spiel.python.algorithms import cfr, exploitability, outcome_sampling_mccfr
    from open_spiel.python.policy import UniformRandomPolicy

    from parlour.ai import openspiel

    game = pyspiel.load_game(openspiel.short_name("gami"), TINY_GAMI)
    out = {"uniform": exploitability.exploitability(game, UniformRandomPolicy(game))}
    start = time.perf_counter()
    solver = cfr.CFRSolver(game)
    for _ in range(cfr_iterations):
        solver.evaluate_and_update_policy()
    out["cfr"], out["cfr_seconds"] = exploitability.exploitability(game, solver.average_policy()), \
        time.perf_counter() - start
    np.random.seed(1)  # OpenSpiel's MCCFR samples from numpy's global generator
    start = time.perf_counter()
    sampler = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(mccfr_iterations):
        sampler.iteration()
    out["mccfr"], out["mccfr_seconds"] = exploitability.exploitability(game, sampler.average_policy()), \
        time.perf_counter() - start
    return out


def measure(games: list[str], seconds: float, mcts_games: list[str], matches: int, sims: int,
            iterations: int, cfr_iterations: int = 20) -> dict[str, Any]:
    baseline = Baseline()
    baseline.sample(0.0, force=True)
    rng = np.random.default_rng(1)
    play = {}
    for g in games:
        play[g] = random_play(g, seconds, rng)
        baseline.sample(0.0, force=True)
    searched = {}
    for g in mcts_games:
        searched[g] = mcts_series(g, matches, sims)
        baseline.sample(0.0, force=True)
    solved = mccfr(iterations) if iterations else None
    baseline.sample(0.0, force=True)
    tiny = tiny_exploitability(cfr_iterations, iterations)
    baseline.sample(0.0, force=True)
    return {"benchmark": "openspiel", "python": platform.python_version(), "clock": "wall", "seconds": seconds,
            "random_play": {g: {**r, "x_baseline": r["actions"] * baseline.per_op} for g, r in play.items()},
            "mcts": {"sims": sims, "results": searched}, "mccfr": solved,
            "exploitability": {"game": TINY_GAMI, "cfr_iterations": cfr_iterations,
                               "mccfr_iterations": iterations, **tiny},
            "baseline": {"workload": REFERENCE_DOC, "ops_per_s": 1 / baseline.per_op}}


def main(argv: list[str]) -> int:
    from parlour.core.registry import games as all_games

    p = argparse.ArgumentParser(prog="python -m bench openspiel", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default="", help="comma-separated games to play at random (default: every one)")
    p.add_argument("--seconds", type=float, default=2.0, help="seconds of random play per game (default 2)")
    p.add_argument("--mcts", default="go,gami,jieqi", help="games for MCTS against random ('' for none)")
    p.add_argument("--matches", type=int, default=4, help="MCTS matches per game (default 4)")
    p.add_argument("--sims", type=int, default=20, help="MCTS simulations a move (default 20)")
    p.add_argument("--iterations", type=int, default=100, help="MCCFR iterations (default 100; 0: none)")
    p.add_argument("--cfr", type=int, default=20, help="CFR iterations on the tiny Gami (default 20)")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    args = p.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or all_games()
    mcts_games = [g for g in args.mcts.split(",") if g]
    data = measure(games, args.seconds, mcts_games, args.matches, args.sims, args.iterations, args.cfr)
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 100)
    t = Table(title=f"random play through pyspiel, {args.seconds:g} s a game (short matches), wall clock",
              caption=f"× baseline = actions/s ÷ reference ops/s. Baseline: {REFERENCE_DOC}. "
                      f"Python {data['python']}.", caption_justify="left")
    for col in ("game", "actions/s", "matches/s", "× baseline"):
        t.add_column(col, justify="left" if col == "game" else "right")
    for g, r in data["random_play"].items():
        t.add_row(g, f"{r['actions']:,.0f}", f"{r['matches']:,.2f}", f"{r['x_baseline']:.3f}")
    out.print(t)
    for g, r in data["mcts"]["results"].items():
        out.print(f"MCTS ({args.sims} simulations) against random, {g}: won {r['wins']} of {r['matches']}, "
                  f"{r['ms_per_move']:.0f} ms a move over {r['moves']} moves")
    if data["mccfr"]:
        m = data["mccfr"]
        out.print(f"outcome-sampling MCCFR, giacomotto to 11: {m['iterations']} iterations, {m['per_s']:.1f} a "
                  f"second, {m['infostates']:,} information states")
    e = data["exploitability"]
    out.print(f"exploitability, gami {TINY_GAMI}: uniform {e['uniform']:.4f}; CFR after {args.cfr} iterations "
              f"{e['cfr']:.4f} ({e['cfr_seconds']:.1f} s); outcome-sampling MCCFR after {args.iterations} "
              f"{e['mccfr']:.4f} ({e['mccfr_seconds']:.1f} s)")
    return 0
