"""Tarok deals per second with random card play, ours beside OpenSpiel's tarok in the same run, as a ratio.

Three kinds of deals, each played by both engines in every repeat (the runs alternate, so that drift hits both):

* ``mix``: a realistic share of every kind of contract, 20 deals in a cycle (:data:`MIX`): Klop 4, Three 4,
  Two 3, One 3 (the king call, the talon and the discards), Solo three, Solo two, Solo one (the talon and the
  discards), Beggar, Solo without, Open beggar 1 each;
* ``klop``: every deal a Klop (everybody passes, forehand chooses Klop);
* ``random``: every decision uniformly random among the legal actions, in both engines: each plays the
  contracts its own random auction comes to, and ours also makes (at random) the announcements and kontras
  OpenSpiel's tarok does not have, so that its deals have more decisions than OpenSpiel's.

In ``mix`` and ``klop`` the contract of each deal is forced by one bidding policy, the same in both engines: bid the deal's contract
whenever it is a legal bid, else pass; a seat left alone with the bid confirms that contract (no raise);
forehand, when all others passed, takes the contract if it may (Klop, Three), else Klop. Everything else is
uniformly random among the legal actions in both engines: the king called, the talon group taken, the cards
laid away, every card played. Our engine has more to decide, which it pays for: nobody announces a bonus or a
kontra (every seat passes the announcements), a Solo stays a Solo (no Colour valat), the called king found in
the talon is never forfeited. A few deals of ours cannot have the forced contract (a compulsory Klop after a
player's total came back to 0, a redeal after a hand without taroks, where only Solo without and higher may be
bid): OpenSpiel then plays the contract that ours played, deal by deal, so both play the same contracts.

Ours runs through the public contract (``state.to_act``, ``state.legal``, ``state.apply``), its deals one
after another through whole matches of the default game (a deal's shuffle and deal is timed in the deal before
it); OpenSpiel's through its Python API (``legal_actions``, ``apply_action``, ``current_game_phase``), a new
state dealt at its chance node for each deal; both score every deal (OpenSpiel's ``returns()``).

Each run is timed on the process's CPU clock by default (``--clock cpu``): on a shared machine a process waits
for a core a good part of the wall time, and that wait is not the code's. ``--clock wall`` times wall time.
The figure is the ratio parlour ÷ OpenSpiel deals/s of each repeat (both timed in the same repeat): its median,
and the lowest and highest of the repeats.

    python -m bench tarok --deals 2000 --repeat 5

>>> import random
>>> deals = OurDeals(parlour.load("tarok"), random.Random(1), MIX)
>>> [(deals(), deals.contract()) for _ in range(3)]          # actions and contract of each deal
[(52, 'klop'), (59, 'three'), (61, 'two')]
>>> deals = OurDeals(parlour.load("tarok"), random.Random(1), RANDOM)
>>> [(deals(), deals.contract()) for _ in range(3)]          # random auctions mostly end high
[(21, 'valat without'), (18, 'colour valat without'), (21, 'valat without')]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import time
from typing import Any, Callable

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import parlour
from parlour.core.game import Game, State

from bench import REFERENCE_DOC, Baseline

#: The contracts of 20 deals in a row, in the order they are played (the mix's cycle).
MIX: tuple[str, ...] = (
    "klop", "three", "two", "one", "solo three", "klop", "three", "two", "one", "beggar",
    "klop", "three", "two", "one", "solo two", "klop", "three", "solo without", "solo one", "open beggar")
KLOP: tuple[str, ...] = ("klop",)
#: No contract forced: every decision uniformly random (see the module's docstring).
RANDOM: tuple[str, ...] = ()
MIXES = {"mix": MIX, "klop": KLOP, "random": RANDOM}
#: OpenSpiel's bidding actions are ours + 1 (0 is its pass); its contracts are in our order.
_NAMES = ("klop", "three", "two", "one", "solo three", "solo two", "solo one", "beggar", "solo without",
          "open beggar", "colour valat without", "valat without", "colour valat")
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


class OurDeals:
    """Our deals one after another through whole matches; calling it plays the next deal to its score.

    Returns the actions applied. Match ``m`` is seeded ``m``; the ``i``-th deal's contract is forced to
    ``schedule[i % len]`` (an empty schedule: every action uniformly random); :meth:`contract` reads the one
    played from the public log (outside any timing).
    """

    def __init__(self, game: Game, rng: random.Random, schedule: tuple[str, ...]) -> None:
        from parlour.games.tarok.actions import PASS_MOVE, PLAY, TALON, parse

        self.game, self.rng, self.schedule = game, rng, schedule
        self.matches = self.deals = 0
        self.state: State | None = None
        self.pass_move, self.play, self.talon = PASS_MOVE, PLAY, TALON
        self.wanted = {name: (parse(f"bid {name}"), parse(f"contract {name}")) for name in set(schedule)}

    def __call__(self) -> int:
        state, choice = self.state, self.rng.choice
        if state is None or state.over:  # a new match deals its first deal: timed with this one
            state = self.state = self.game.new(seed=self.matches)
            self.matches += 1
        rows = state.sheet.rows
        done = len(rows)
        actions = 0
        if not self.schedule:  # uniformly random
            self.deals += 1
            while len(rows) == done:
                seat = state.to_act[0]
                state.apply(seat, choice(state.legal(seat)))
                actions += 1
            return actions
        bid, keep = self.wanted[self.schedule[self.deals % len(self.schedule)]]
        self.deals += 1
        pass_move, play, talon = self.pass_move, self.play, self.talon
        while len(rows) == done:
            seat = state.to_act[0]
            legal = state.legal(seat)
            first = legal[0]
            if first.kind == play:
                action = choice(legal)
            elif bid in legal:
                action = bid
            elif keep in legal:  # the contract confirmed, or a Solo kept (no Colour valat)
                action = keep
            elif pass_move in legal:  # the auction, the announcements
                action = pass_move
            elif first.kind == talon:  # a talon group at random, never the forfeit
                action = choice([a for a in legal if a.kind == talon])
            else:  # forehand's choice when all passed (Klop first), the king called, the cards laid away
                action = first if first.kind == bid.kind else choice(legal)
            state.apply(seat, action)
            actions += 1
        return actions

    def contract(self) -> str:
        """The contract of the deal just played: the last ``declarer`` event before its ``score``."""
        assert self.state is not None
        scored = False
        for e in reversed(self.state.events):
            scored = scored or e["type"] == "score"
            if scored and e["type"] == "declarer":
                return e["contract"]
        raise AssertionError("no deal was scored")


class TheirDeals:
    """OpenSpiel's deals: calling it with a contract plays one deal forced to it (``None``: every action
    uniformly random); returns the actions."""

    def __init__(self, game: Any, rng: random.Random, phases: Any) -> None:
        self.game, self.rng, self.bidding = game, rng, phases.BIDDING

    def __call__(self, contract: str | None) -> int:
        choice = self.rng.choice
        state = self.game.new_initial_state()
        state.apply_action(0)  # the dealing chance node
        actions = 1
        if contract is None:
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                actions += 1
            state.returns()
            return actions
        want, bidding = _NAMES.index(contract) + 1, self.bidding
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.current_game_phase() == bidding:
                action = want if want in legal else 0 if legal[0] == 0 else legal[0]
            else:
                action = choice(legal)
            state.apply_action(action)
            actions += 1
        state.returns()
        return actions


class _Stub:
    """A state that does nothing: the cost of the loop itself (see :func:`floor`)."""

    def __init__(self, moves: list) -> None:
        self.turn, self.moves = 0, moves

    @property
    def to_act(self) -> tuple[int, ...]:
        return ((0,), (1,), (2,), (3,))[self.turn]

    def legal(self, seat: int) -> list:
        return list(self.moves)

    def apply(self, seat: int, action: Any) -> Any:
        self.turn = (seat + 1) & 3
        return action


def floor(actions: int = 500_000) -> float:
    """CPU microseconds an action of :class:`OurDeals`'s loop costs when the engine does nothing: ``to_act``,
    ``legal`` (12 card plays), the policy's check of the first action's kind, a random choice, ``apply``."""
    from parlour.games.tarok.actions import PLAY, PLAYS

    state, choice, play = _Stub(list(PLAYS[:12])), random.Random(1).choice, PLAY
    start = time.process_time()
    for _ in range(actions):
        seat = state.to_act[0]
        legal = state.legal(seat)
        if legal[0].kind == play:
            state.apply(seat, choice(legal))
    return (time.process_time() - start) / actions * 1e6


def timed(play: Callable[[int], int], deals: int, clock: Callable[[], float], tick: Callable[[int], None],
          after: Callable[[], None] = lambda: None) -> tuple[float, float, int]:
    """Seconds for ``deals`` deals (``play(i)`` plays deal ``i``; ``after()``, untimed, follows each), seconds
    per reference op sampled between them on the same clock, and actions applied."""
    gc.collect()
    baseline = Baseline(clock=clock)
    baseline.sample(0.0, force=True)
    elapsed, actions = 0.0, 0
    for i in range(deals):
        start = clock()
        actions += play(i)
        elapsed += clock() - start
        after()
        baseline.sample(elapsed)
        if i % 50 == 49:
            tick(50)
    baseline.sample(elapsed, force=True)
    tick(deals % 50)
    return elapsed, baseline.per_op, actions


def spread(values: list[float]) -> dict[str, float]:
    """The median of per-repeat figures, and the lowest and highest."""
    return {"median": statistics.median(values), "low": min(values), "high": max(values)}


def measure(mixes: list[str], deals: int, repeat: int, clock: str, quiet: bool) -> dict[str, Any]:
    import pyspiel

    ours = parlour.load("tarok", players=4)
    theirs = pyspiel.load_game("tarok", {"players": 4, "rng_seed": 1})
    tick_clock = CLOCKS[clock]
    runs: dict[str, dict[str, list[tuple[float, float, int]]]] = {m: {"parlour": [], "openspiel": []} for m in mixes}
    played: dict[str, dict[str, int]] = {}
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=quiet) as progress:
        task = progress.add_task("tarok", total=deals * repeat * 2 * len(mixes))
        advance = lambda k: progress.advance(task, k)  # noqa: E731
        for r in range(repeat):
            for mix in mixes:
                progress.update(task, description=f"{mix}: parlour {r + 1}/{repeat}")
                mine = OurDeals(ours, random.Random(r), MIXES[mix])
                contracts: list[str] = []
                runs[mix]["parlour"].append(timed(lambda i: mine(), deals, tick_clock, advance,
                                                  lambda: contracts.append(mine.contract())))
                progress.update(task, description=f"{mix}: OpenSpiel {r + 1}/{repeat}")
                other = TheirDeals(theirs, random.Random(r), pyspiel.TarokGamePhase)
                forced = bool(MIXES[mix])
                runs[mix]["openspiel"].append(timed(lambda i: other(contracts[i] if forced else None), deals,
                                                    tick_clock, advance))
                if r == 0:
                    played[mix] = {c: contracts.count(c) for c in _NAMES if c in contracts}
    results = {}
    for mix in mixes:
        rates = {name: [deals / seconds for seconds, _, _ in rs] for name, rs in runs[mix].items()}
        results[mix] = {
            "contracts": played[mix],
            "deals_per_s": {name: spread(v) for name, v in rates.items()},
            "deals_x_baseline": {name: spread([x * op for x, (_, op, _) in zip(v, runs[mix][name])])
                                 for name, v in rates.items()},
            "actions_per_deal": {name: rs[0][2] / deals for name, rs in runs[mix].items()},
            "ratio_parlour_to_openspiel": spread([a / b for a, b in zip(rates["parlour"], rates["openspiel"])]),
            "ratios": [a / b for a, b in zip(rates["parlour"], rates["openspiel"])],
        }
    ops = [1 / op for mix in mixes for rs in runs[mix].values() for _, op, _ in rs]
    return {"benchmark": "tarok", "python": platform.python_version(), "deals": deals, "repeat": repeat,
            "clock": clock, "baseline": {"workload": REFERENCE_DOC, "ops_per_s": spread(ops)}, "mixes": results}


def table(data: dict[str, Any]) -> Table:
    t = Table(title=f"Tarok, 4 players, {data['deals']} deals per engine, mix and repeat, random card play: "
                    f"median (lowest–highest) of {data['repeat']} repeats, {data['clock']} clock",
              caption=f"ratio = parlour ÷ OpenSpiel deals/s in the same repeat. × baseline = deals/s ÷ reference "
                      f"ops/s ({REFERENCE_DOC}). Python {data['python']}.", caption_justify="left")
    for col in ("mix", "engine", "deals/s", "× baseline", "actions/deal"):
        t.add_column(col, justify="left" if col in ("mix", "engine") else "right")
    for mix, m in data["mixes"].items():
        for name in ("parlour", "openspiel"):
            d, x = m["deals_per_s"][name], m["deals_x_baseline"][name]
            t.add_row(mix, name, f"{d['median']:,.0f} ({d['low']:,.0f}–{d['high']:,.0f})",
                      f"{x['median']:.3f} ({x['low']:.3f}–{x['high']:.3f})", f"{m['actions_per_deal'][name]:.1f}")
        ratio = m["ratio_parlour_to_openspiel"]
        t.add_row(mix, "ratio", f"{ratio['median']:.2f} ({ratio['low']:.2f}–{ratio['high']:.2f})", "", "",
                  end_section=True)
    return t


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m bench tarok", description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=2000, help="deals per engine, mix and repeat (default 2000)")
    p.add_argument("--repeat", type=int, default=5, help="runs per engine and mix (default 5); the median reported")
    p.add_argument("--mix", choices=[*MIXES, "both", "all"], default="all",
                   help="mix: every kind of contract (see MIX); klop: Klop alone; random: every decision at random; "
                        "both: mix and klop (what 'all' was before random); all (default)")
    p.add_argument("--clock", choices=list(CLOCKS), default="cpu",
                   help="cpu: the process's CPU time (default); wall: wall time")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--floor", action="store_true",
                   help="only time the loop around an engine that does nothing (CPU µs an action), and stop")
    args = p.parse_args(argv)
    if args.floor:
        print(f"the loop alone: {statistics.median(floor() for _ in range(args.repeat)):.3f} µs an action (CPU, "
              f"median of {args.repeat}); a Klop deal has 52 actions")
        return 0
    if args.deals < 1 or args.repeat < 1:
        p.error("--deals and --repeat must be 1 or more")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        p.error("OpenSpiel is not installed: pip install open-spiel (it is in the test extra)")
    mixes = list(MIXES) if args.mix == "all" else ["mix", "klop"] if args.mix == "both" else [args.mix]
    data = measure(mixes, args.deals, args.repeat, args.clock, args.quiet)
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    out = Console()
    if not out.is_terminal:
        out.width = max(out.width, 110)
    out.print(table(data))
    for mix, m in data["mixes"].items():
        played = ", ".join(f"{name} {count}" for name, count in m["contracts"].items())
        out.print(f"{mix}: contracts played in the first repeat: {played}", highlight=False)
    return 0
