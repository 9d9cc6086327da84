"""Reviews per game: the time a deal's review takes on its budget, and how often its best move stands at ten times it.

For each turn-based game, ``--deals`` deals (a whole game of Go and Jieqi) are played by the game's default bots
(Go on 9x9, its tree search at ``--go-simulations`` a move, so that the games are played in reasonable time), then
seat 0's decisions in each are reviewed (:func:`parlour.bots.advice.review`) on ``--budget`` a decision: the figure
is the review's wall time per deal, with its decisions. **Stability**: for up to ``--sample`` of those decisions per
game, the same weighing is done again at ``--factor`` times the budget (another seed); the share of decisions whose
best move is the same both times is how far a review's "best" can be trusted at its budget.

    python -m bench review --deals 2 --budget 300ms --sample 6
    python -m bench review --games tarok,zole --deals 1
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import parlour
from parlour.bots import default, make
from parlour.bots.advice import _turns, _Weigher, review
from parlour.bots.hooks import hooks_for
from parlour.bots.search import Budget, budget as read_budget
from parlour.core.game import Game
from parlour.core.record import TIMEOUT, Record

BOARD = {"go": {"size": 9}, "rengo": {"size": 9}}


def played(game: Game, seed: int, deals: int, go_simulations: int) -> Record:
    """A record of ``deals`` deals (or the whole match, if shorter) played by the game's default bots."""
    state = game.new(seed=seed)
    rec = Record.start(game, seed)
    bots = {}
    for s in range(game.players):
        bot = make(default(game), game, s, seed=seed * 16 + s)
        if hasattr(type(bot), "simulations") and game.id in BOARD:  # Go's tree search, quicker
            bot.simulations, bot.seconds = go_simulations, 60.0
        bots[s] = bot
    while not state.over and len(state.sheet.rows) < deals:
        if not state.to_act:
            state.timeout()
            rec.add(None, TIMEOUT, 0)
            continue
        s = state.to_act[0]
        rec.add(s, state.apply(s, bots[s].choose(state.bot_view(s), state.legal(s))), 0)
    return rec


def stability(game: Game, rec: Record, spec: Budget, factor: int, sample: int) -> tuple[int, int]:
    """How many of up to ``sample`` decisions of seat 0 keep their best move at ``factor`` times the budget."""
    turns = _turns(game, rec, 0, None)[:sample]
    wanted = {t.index for t in turns}
    big = Budget(None if spec.seconds is None else spec.seconds * factor,
                 None if spec.iterations is None else spec.iterations * factor)
    hooks = hooks_for(game)
    state = game.new(seed=rec.seed, deck=rec.deck)
    small_memory: dict[str, Any] = {}
    large_memory: dict[str, Any] = {}
    small, large = _Weigher(game, 0, spec, 1, small_memory), _Weigher(game, 0, big, 2, large_memory)
    same = 0
    for i, entry in enumerate(rec.actions):
        view = state.bot_view(0)
        for memory, weigher in ((small_memory, small), (large_memory, large)):
            hooks.observe(memory, view)
            weigher.see(view)
        if i in wanted:
            legal = state.legal(0)
            a = small.weigh(view, legal)[2]
            b = large.weigh(view, legal)[2]
            same += str(a) == str(b)
        if entry["seat"] is None:
            if entry["action"] == TIMEOUT:
                state.timeout()
        else:
            state.apply(entry["seat"], entry["action"])
    return same, len(turns)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench review", description=__doc__.splitlines()[0])
    parser.add_argument("--games", help="comma-separated game ids (default: every turn-based game)")
    parser.add_argument("--deals", type=int, default=2, help="deals played and reviewed per game (default 2)")
    parser.add_argument("--budget", default="300ms", help="the review's budget a decision (default 300ms)")
    parser.add_argument("--factor", type=int, default=10, help="the stability check's budget, times the budget")
    parser.add_argument("--sample", type=int, default=6, help="decisions per game checked for stability")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--go-simulations", type=int, default=400, help="Go's tree search a move, in play")
    args = parser.parse_args(argv)
    ids = args.games.split(",") if args.games else [g for g in parlour.games()
                                                    if not parlour.core.game_class(g).realtime]
    spec = read_budget(args.budget)
    print(f"review budget {spec} a decision; stability: the best move again at {args.factor}x on up to "
          f"{args.sample} decisions a game")
    print(f"{'game':<12} {'deals':>5} {'decisions/deal':>14} {'s/deal':>8} {'ms/decision':>11} {'stable':>8}")
    for gid in ids:
        game = parlour.load(gid, **BOARD.get(gid, {}))
        rec = played(game, args.seed, args.deals, args.go_simulations)
        start = time.perf_counter()
        decisions = 0
        deals = 0
        for deal in range(args.deals):
            found = review(game, rec.to_dict(), 0, deal=deal, budget=args.budget, seed=deal)
            if not found and deal > 0:
                break
            decisions += len(found)
            deals += 1
        seconds = time.perf_counter() - start
        same, checked = stability(game, rec, spec, args.factor, args.sample)
        rows = max(1, deals)
        per = f"{1000 * seconds / decisions:.0f}" if decisions else "-"
        print(f"{gid:<12} {deals:>5} {decisions / rows:>14.1f} {seconds / rows:>8.1f} {per:>11} "
              f"{same}/{checked:<6}", flush=True)
    return 0
