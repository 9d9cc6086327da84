"""``parlour arena``: seat-rotated duplicate matches, ratings, plot, records, resuming, and a Ray cluster."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner

import parlour
from parlour.ai.arena import Arena, figure, ratings, schedule
from parlour.cli import main
from parlour.cli.progress_lines import ProgressLines
from parlour.core.record import Record

SHORT = ["-o", "target=11"]  # a Giacomotto match of one pack or two


def test_the_schedule_rotates_every_lineup_through_every_seat_on_one_deal():
    matches = schedule(["a", "b", "c", "d"], players=3, matches=12, seed=5)
    groups = [matches[i:i + 3] for i in range(0, 12, 3)]
    assert {frozenset(g[0].lineup) for g in groups} == {frozenset(c) for c in ("abc", "abd", "acd", "bcd")}
    for g in groups:
        assert len({m.seed for m in g}) == 1
        for seat in range(3):
            assert {m.lineup[seat] for m in g} == set(g[0].lineup)
    assert schedule(["a", "b", "c", "d"], 3, 7, 5) == matches[:7]  # a longer arena starts the same way


def test_ratings_rank_the_winner_up_and_share_ties():
    results = [{"index": 0, "lineup": ["a", "b"], "scores": [10, 3], "winners": [0], "deals": 1},
               {"index": 1, "lineup": ["b", "a"], "scores": [5, 5], "winners": [0, 1], "deals": 1}]
    table = ratings(results, ["a", "b"], lowest_wins=False)
    assert table["a"].mu > 25 > table["b"].mu and table["a"].wins == 1.5 and table["b"].wins == 0.5
    low = ratings(results[:1], ["a", "b"], lowest_wins=True)  # golf: 3 points beat 10
    assert low["b"].mu > low["a"].mu


def test_an_arena_plays_rates_plots_and_resumes(tmp_path):
    folder = tmp_path / "arena"
    run = CliRunner().invoke(main, ["arena", "giacomotto", "--bots", "greedy,random", "--matches", "4",
                                    "--workers", "1", "--out", str(folder), *SHORT])
    assert run.exit_code == 0, run.output
    assert "greedy" in run.output and "±" in run.output and "Ratings after 4 matches" in run.output
    # the output is no terminal here: progress comes as plain lines (the first, and the last when all are done)
    assert "giacomotto arena: 0/4 matches\n" in run.output and "giacomotto arena: 4/4 matches (100%)" in run.output
    lines = (folder / "results.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["bots"] == ["greedy", "random"] and len(lines) == 5
    first = json.loads(lines[1])
    replayed = Record.load(str(folder / first["record"])).verify()
    assert list(replayed.scores) == first["scores"]
    assert (folder / "ratings.png").read_bytes()[:4] == b"\x89PNG"
    rated = json.loads((folder / "ratings.json").read_text())
    assert rated["greedy"]["mu"] > rated["random"]["mu"]
    # stopped half way through a line: the cut line is played again, nothing else
    (folder / "results.jsonl").write_text("\n".join(lines[:4]) + "\n" + lines[4][:20])
    again = CliRunner().invoke(main, ["arena", "giacomotto", "--bots", "greedy,random", "--matches", "6",
                                      "--workers", "2", "--out", str(folder), *SHORT])
    assert again.exit_code == 0, again.output
    done = Arena("giacomotto", ["greedy", "random"], 6, 2, dict(parlour.load("giacomotto", target=11).options), 0,
                 folder).done()
    assert [r["index"] for r in done] == list(range(6))
    assert [r["scores"] for r in done[:3]] == [json.loads(x)["scores"] for x in lines[1:4]]
    other = CliRunner().invoke(main, ["arena", "giacomotto", "--bots", "greedy,pimc-fast", "--matches", "2",
                                      "--out", str(folder), *SHORT])
    assert other.exit_code != 0 and "holds another arena" in other.output


def test_the_plots_band_is_the_95_percent_its_legend_names():
    results = [{"index": i, "lineup": ["a", "b"][::1 - 2 * (i % 2)], "scores": [10, 3], "winners": [0], "deals": 1}
               for i in range(6)]
    standings = ratings(results, ["a", "b"], lowest_wins=False)
    fig = figure(standings, "t")
    ax = fig.axes[0]
    for st, band, text in zip(sorted(standings.values(), key=lambda s: -s.mu), ax.collections,
                              ax.get_legend().get_texts()):
        ys = band.get_paths()[0].vertices[:, 1]
        mu, sigma = st.history[-1][1], st.history[-1][2]
        assert min(ys) == pytest.approx(min(m - 1.96 * s for _, m, s in st.history))
        assert max(ys) == pytest.approx(max(m + 1.96 * s for _, m, s in st.history))
        assert text.get_text() == f"{st.name} ({mu:.1f} ± {1.96 * sigma:.1f})"
    assert "1.96σ" in ax.get_legend().get_title().get_text() and "95%" in ax.get_ylabel()


def test_progress_lines_every_few_seconds_and_at_the_end():
    now = [0.0]
    out: list[str] = []
    lines = ProgressLines(out.append, "zole arena", "matches", seconds=10, clock=lambda: now[0])
    lines.update(20, 100)  # resumed with 20 done: the time left is reckoned from this run's pace
    for done in range(21, 101):
        now[0] += 1.0
        lines.update(done, 100)
    assert out[0] == "zole arena: 20/100 matches"
    assert out[1] == "zole arena: 30/100 matches (30%), 10s, about 1m10s left"
    assert len(out) == 9 and out[-1] == "zole arena: 100/100 matches (100%), 1m20s"


def test_clear_errors():
    runner = CliRunner()
    assert "no bot 'nobody'" in runner.invoke(main, ["arena", "giacomotto", "--bots", "greedy,nobody"]).output
    assert "two bots or more" in runner.invoke(main, ["arena", "giacomotto", "--bots", "greedy"]).output


#: The Ray test's driver, run in a process of its own: it starts a local Ray instance (whose processes die with
#: it), runs ``parlour arena --ray ADDRESS`` in another process, and shuts Ray down.
RAY_DRIVER = """
import subprocess, sys
import ray
ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
try:
    cli = subprocess.Popen([sys.executable, "-c", "from parlour.cli import main; main()", *sys.argv[1:],
                            "--ray", ray.get_runtime_context().gcs_address])
    print("arena pid", cli.pid, flush=True)
    cli.wait()
finally:
    ray.shutdown()
sys.exit(cli.returncode)
"""
#: Seconds the whole Ray test may take (Ray's start and ten small matches; a minute or two on a loaded 2-core
#: machine): past it the test's processes are killed and it fails, rather than hang the suite.
RAY_SECONDS = 300


def test_an_arena_on_a_ray_cluster(tmp_path):
    """A local Ray instance started here; ``parlour arena --ray ADDRESS`` (another process) spreads over it."""
    pytest.importorskip("ray")
    folder = tmp_path / "ray-arena"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    args = ["arena", "giacomotto", "--bots", "greedy,random", "--matches", "4", "--out", str(folder), *SHORT]
    driver = subprocess.Popen([sys.executable, "-c", RAY_DRIVER, *args], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        out, err = driver.communicate(timeout=RAY_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(driver.pid, signal.SIGKILL)  # the driver, the arena and Ray's processes: one process group
        out, err = driver.communicate()
        pytest.fail(f"the arena on Ray did not finish in {RAY_SECONDS} s; its output ended with:\n{err[-3000:]}")
    assert driver.returncode == 0, err[-3000:]
    results = [json.loads(x) for x in (folder / "results.jsonl").read_text().splitlines()[1:]]
    assert sorted(r["index"] for r in results) == [0, 1, 2, 3]
    arena_pid = int(out.split("arena pid ", 1)[1].split()[0])
    assert all(r["pid"] not in (driver.pid, arena_pid) for r in results)  # played by Ray's workers
    assert "Ratings after 4 matches" in out
