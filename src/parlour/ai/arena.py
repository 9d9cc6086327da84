"""An arena: bots play many seat-rotated duplicate matches of one game and are rated with openskill.

Matches come in *groups* dealt from one seed: a lineup of bots (one per seat) plays the group's deal once per
seat rotation, so every bot of the lineup sits in every seat for the same cards and the luck of the deal
cancels out. Lineups go round all the ways of choosing the table's seats from the bots (with fewer bots than
seats, the bots take turns around the table). Each finished match updates the bots' ratings (openskill's
Plackett-Luce model, each bot ranked by its match score; a bot in several seats by their mean), in match order.

Everything lands in one folder: ``results.jsonl`` (the arena's settings, then one line per match), each match's
record under ``records/`` (``parlour replay`` and ``parlour verify`` read them), ``ratings.png`` (the ratings
over the matches) and ``ratings.json``. An interrupted arena started again on the same folder plays only the
matches that are missing; a larger ``matches`` extends it.

>>> [m.lineup for m in schedule(["a", "b", "c"], players=2, matches=4, seed=0)]
[('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a')]
>>> [(m.index, m.seed, m.lineup) for m in schedule(["x", "y"], players=4, matches=4, seed=9)]
[(0, 9, ('x', 'y', 'x', 'y')), (1, 9, ('y', 'x', 'y', 'x')), (2, 9, ('x', 'y', 'x', 'y')), (3, 9, ('y', 'x', 'y', 'x'))]
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from parlour.core.errors import ParlourError

RESULTS = "results.jsonl"
EXTRA = "ai"
#: The normal quantile of a two-sided 95% interval: the table's ``μ ± 95%`` and the plot's band are μ ± Z95·σ.
Z95 = 1.96


class MissingExtra(ParlourError):
    """A library of the optional ``ai`` extra is not installed."""


def need(module: str) -> Any:
    """Import a library of the ``ai`` extra, or say how to install it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtra(f"this needs {module.split('.')[0]!r}, which comes with parlour's {EXTRA!r} extra: "
                           f"pip install 'parlour[{EXTRA}]'") from None


@dataclass(frozen=True)
class Match:
    """One match of the arena: its number, the seed of its group's deal, and the bot in each seat."""

    index: int
    seed: int
    lineup: tuple[str, ...]

    @property
    def group(self) -> int:
        return self.index // len(self.lineup)


def schedule(bots: list[str], players: int, matches: int, seed: int) -> list[Match]:
    """The arena's first ``matches`` matches (the schedule of a longer arena starts the same way)."""
    k = len(bots)
    combos = list(combinations(range(k), players)) if k >= players else []
    out = []
    g = 0
    while len(out) < matches:
        if combos:
            base = tuple(bots[i] for i in combos[g % len(combos)])
        else:
            base = tuple(bots[(g + i) % k] for i in range(players))
        for r in range(players):
            if len(out) == matches:
                break
            out.append(Match(len(out), seed + g, tuple(base[(s + r) % players] for s in range(players))))
        g += 1
    return out


def bot_seed(match_seed: int, index: int, seat: int) -> int:
    """Each bot's seed: from its match and seat, so that every match replays from the results."""
    return (match_seed * 1_000_003 + index) << 8 | seat


def play(game_id: str, players: int, options: dict[str, Any], match: Match) -> dict[str, Any]:
    """Play one match; its result and record as JSON-ready data (this runs in a worker process or on Ray)."""
    import parlour
    from parlour.bots import make, play_match

    game = parlour.load(game_id, players=players, **options)
    start = time.perf_counter()
    bots = [make(name, game, s, seed=bot_seed(match.seed, match.index, s)) for s, name in enumerate(match.lineup)]
    state, record = play_match(game, bots, seed=match.seed)
    return {"index": match.index, "seed": match.seed, "lineup": list(match.lineup), "scores": list(state.scores),
            "winners": list(state.winners), "deals": getattr(state, "deals", 0) or 1,
            "seconds": round(time.perf_counter() - start, 3), "pid": os.getpid(),
            "record": record.to_dict() if record else None}


# --- ratings ------------------------------------------------------------------------------------------------------

@dataclass
class Standing:
    """A bot's rating and record so far."""

    name: str
    mu: float
    sigma: float
    matches: int = 0
    wins: float = 0.0
    #: Per group of matches dealt from one seed: the bot's points per deal less its table's mean.
    groups: dict[int, list[float]] = field(default_factory=dict)
    history: list[tuple[int, float, float]] = field(default_factory=list)

    def edge(self) -> tuple[float, float]:
        """Mean match points per deal against the table, and the half-width of its 95% confidence interval."""
        per_group = [statistics.mean(v) for v in self.groups.values()]
        if not per_group:
            return 0.0, float("nan")
        mean = statistics.mean(per_group)
        if len(per_group) < 2:
            return mean, float("nan")
        return mean, Z95 * statistics.stdev(per_group) / math.sqrt(len(per_group))


def ratings(results: Iterable[dict[str, Any]], bots: list[str], lowest_wins: bool) -> dict[str, Standing]:
    """Every bot's standing after ``results`` (taken in match order)."""
    models = need("openskill.models")
    model = models.PlackettLuce()
    state = {name: model.rating(name=name) for name in bots}
    table = {name: Standing(name, state[name].mu, state[name].sigma) for name in bots}
    for r in sorted(results, key=lambda r: r["index"]):
        seats: dict[str, list[int]] = {}
        for s, name in enumerate(r["lineup"]):
            seats.setdefault(name, []).append(s)
        names = list(seats)
        scores = r["scores"]
        mean_score = {name: sum(scores[s] for s in seats[name]) / len(seats[name]) for name in names}
        n = len(scores)
        won = set(r["winners"])
        for name in names:
            st = table[name]
            st.matches += 1
            mine = seats[name]
            if won & set(mine):
                st.wins += 1 / len({r["lineup"][w] for w in won})
            others = [scores[s] for s in range(n) if s not in mine]
            if others:
                gain = (mean_score[name] - statistics.mean(others)) / r["deals"]
                st.groups.setdefault(r["index"] // n, []).append(-gain if lowest_wins else gain)
        if len(names) > 1:
            order = sorted(set(mean_score.values()), reverse=not lowest_wins)
            ranks = [order.index(mean_score[name]) + 1 for name in names]
            rated = model.rate([[state[name]] for name in names], ranks=ranks)
            for name, team in zip(names, rated):
                state[name] = team[0]
        for name in names:
            st = table[name]
            st.mu, st.sigma = state[name].mu, state[name].sigma
            st.history.append((r["index"], st.mu, st.sigma))
    return table


def figure(standings: dict[str, Standing], title: str) -> Any:
    """The ratings over the matches as a matplotlib figure: each bot's μ with its 95% band, μ ± 1.96σ (the
    legend gives the last μ ± 1.96σ, as the ratings table does)."""
    matplotlib = need("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    for st in sorted(standings.values(), key=lambda s: -s.mu):
        if not st.history:
            continue
        xs = [i + 1 for i, _, _ in st.history]
        mus = [m for _, m, _ in st.history]
        half = [Z95 * s for _, _, s in st.history]
        line, = ax.plot(xs, mus, label=f"{st.name} ({st.mu:.1f} ± {Z95 * st.sigma:.1f})")
        ax.fill_between(xs, [m - h for m, h in zip(mus, half)], [m + h for m, h in zip(mus, half)],
                        color=line.get_color(), alpha=0.15)
    ax.set_xlabel("match")
    ax.set_ylabel("rating: openskill μ, band 95% (μ ± 1.96σ)")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize="small", title="bot (μ ± 1.96σ)", title_fontsize="small")
    fig.tight_layout()
    return fig


def plot(standings: dict[str, Standing], path: Path, title: str) -> None:
    """:func:`figure` as a PNG at ``path``."""
    import matplotlib.pyplot as plt

    fig = figure(standings, title)
    fig.savefig(path)
    plt.close(fig)


# --- running ------------------------------------------------------------------------------------------------------

@dataclass
class Arena:
    """An arena's settings and its folder. :meth:`run` plays what is missing."""

    game: str
    bots: list[str]
    matches: int
    players: int
    options: dict[str, Any]
    seed: int
    folder: Path

    def settings(self) -> dict[str, Any]:
        return {"arena": 1, "game": self.game, "players": self.players, "options": self.options,
                "bots": self.bots, "seed": self.seed}

    def done(self) -> list[dict[str, Any]]:
        """The results already in the folder; an error if the folder holds another arena."""
        path = self.folder / RESULTS
        if not path.exists():
            return []
        lines = path.read_text(encoding="utf-8").splitlines()
        if not lines:
            return []
        try:
            head = json.loads(lines[0])
        except json.JSONDecodeError:
            raise ParlourError(f"{path} is not an arena's results file") from None
        if {k: head.get(k) for k in self.settings()} != self.settings():
            raise ParlourError(f"{path} holds another arena ({head.get('game')} with {', '.join(head.get('bots', []))}"
                               f", seed {head.get('seed')}, options {head.get('options')}): give another folder")
        out = {}
        for line in lines[1:]:
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short when the arena was stopped: that match is played again
            out[r["index"]] = r
        return [out[i] for i in sorted(out)]

    def pending(self, done: list[dict[str, Any]]) -> list[Match]:
        have = {r["index"] for r in done}
        return [m for m in schedule(self.bots, self.players, self.matches, self.seed) if m.index not in have]

    def run(self, workers: int = 1, ray_address: str | None = None,
            progress: Callable[[int, int, dict[str, Any] | None], None] | None = None) -> list[dict[str, Any]]:
        """Play the missing matches (in worker processes, or on a Ray cluster) and return every result."""
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / "records").mkdir(exist_ok=True)
        done = self.done()
        todo = self.pending(done)
        results = {r["index"]: r for r in done}
        path = self.folder / RESULTS
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        if not text.strip():
            path.write_text(json.dumps(self.settings()) + "\n", encoding="utf-8")
        elif not text.endswith("\n"):  # a line cut short: end it, so that the next result starts a line of its own
            with path.open("a", encoding="utf-8") as out:
                out.write("\n")
        if progress:
            progress(len(results), self.matches, None)
        with path.open("a", encoding="utf-8") as out:
            for result in self._play(todo, workers, ray_address):
                record = result.pop("record", None)
                if record is not None:
                    name = f"{result['index']:05d}.json"
                    (self.folder / "records" / name).write_text(json.dumps(record, indent=1), encoding="utf-8")
                    result["record"] = f"records/{name}"
                out.write(json.dumps(result) + "\n")
                out.flush()
                results[result["index"]] = result
                if progress:
                    progress(len(results), self.matches, result)
        return [results[i] for i in sorted(results) if i < self.matches]

    def _play(self, todo: list[Match], workers: int, ray_address: str | None) -> Iterator[dict[str, Any]]:
        args = (self.game, self.players, self.options)
        if ray_address:
            yield from _on_ray(ray_address, args, todo, workers)
        elif workers <= 1:
            for m in todo:
                yield play(*args, m)
        else:
            from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
            import multiprocessing

            with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
                queue = iter(todo)
                running = {pool.submit(play, *args, m) for m in _take(queue, 2 * workers)}
                try:
                    while running:
                        finished, running = wait(running, return_when=FIRST_COMPLETED)
                        for f in finished:
                            yield f.result()
                            running |= {pool.submit(play, *args, m) for m in _take(queue, 1)}
                except BaseException:
                    for f in running:
                        f.cancel()
                    raise

    def standings(self, results: list[dict[str, Any]]) -> dict[str, Standing]:
        import parlour

        return ratings(results, self.bots, parlour.load(self.game, players=self.players, **self.options).lowest_wins)

    def write_ratings(self, standings: dict[str, Standing]) -> Path:
        """``ratings.json`` and ``ratings.png`` in the folder; returns the picture's path."""
        data = {name: {"mu": st.mu, "sigma": st.sigma, "matches": st.matches, "wins": st.wins,
                       "edge": st.edge()[0], "edge_95": st.edge()[1]} for name, st in standings.items()}
        (self.folder / "ratings.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
        picture = self.folder / "ratings.png"
        plot(standings, picture, f"{self.game}: {', '.join(self.bots)}")
        return picture


def _take(queue: Iterator[Match], n: int) -> list[Match]:
    out = []
    for m in queue:
        out.append(m)
        if len(out) == n:
            break
    return out


def _on_ray(address: str, args: tuple, todo: list[Match], workers: int) -> Iterator[dict[str, Any]]:
    """Spread the matches over a Ray cluster (parlour must be importable on its nodes)."""
    ray = need("ray")
    # a checkout run with PYTHONPATH (not installed) takes it along to the workers of a cluster on this machine
    env = {"env_vars": {"PYTHONPATH": os.environ["PYTHONPATH"]}} if os.environ.get("PYTHONPATH") else None
    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False, runtime_env=env)
    remote = ray.remote(num_cpus=1)(play)
    queue = iter(todo)
    limit = max(workers, int(ray.cluster_resources().get("CPU", 1))) * 2
    running = [remote.remote(*args, m) for m in _take(queue, limit)]
    try:
        while running:
            finished, running = ray.wait(running, num_returns=1)
            for ref in finished:
                yield ray.get(ref)
                running += [remote.remote(*args, m) for m in _take(queue, 1)]
    finally:
        for ref in running:
            ray.cancel(ref)
        ray.shutdown()


__all__ = ["Arena", "Match", "MissingExtra", "Standing", "Z95", "figure", "play", "plot", "ratings",
           "schedule"]
