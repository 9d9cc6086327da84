"""The benchmark dispatcher and the play-outs benchmark: output shape and counts (never speed)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.bots import play_match
from parlour.core.bot import RandomBot

ROOT = Path(__file__).resolve().parent.parent


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)


def replayed_actions(game_id: str, players: int, seed: int) -> int:
    """Actions of one match played independently of the benchmark, by its documented seeding of the bots."""
    game = parlour.load(game_id, players=players)
    bots = [RandomBot(game, seat, seed << 8 | seat) for seat in range(players)]
    state, record = play_match(game, bots, seed=seed)
    assert state.over
    return sum(1 for a in record.actions if a["seat"] is not None)


def test_dispatcher_lists_the_benchmarks():
    for args in ((), ("--help",)):
        done = bench(*args)
        assert done.returncode == 0, done.stderr
        assert "usage: python -m bench NAME" in done.stdout
        assert re.search(r"^  playouts +Random play-outs", done.stdout, re.MULTILINE)


def test_dispatcher_refuses_an_unknown_benchmark():
    done = bench("nosuch")
    assert done.returncode == 2
    assert "no benchmark 'nosuch'; the benchmarks are: " in done.stderr
    assert "playouts" in done.stderr


def test_playouts_json_shape_and_counts():
    done = bench("playouts", "giacomotto", "--seeds", "0-1", "--players", "2", "--repeat", "1", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["benchmark"] == "playouts"
    assert data["seeds"] == "0-1" and data["repeat"] == 1
    assert data["baseline"]["ops_per_s"]["best"] > 0
    assert [(r["game"], r["players"], r["mode"]) for r in data["results"]] == [
        ("giacomotto", 2, "engine"), ("giacomotto", 2, "bots")]
    expected = [replayed_actions("giacomotto", 2, seed) for seed in (0, 1)]
    for r in data["results"]:
        assert r["times"] == {"engine": "legal+apply", "bots": "view+legal+apply"}[r["mode"]]
        assert r["matches"] == 2 and r["timeouts"] == 0
        assert r["actions"] == expected
        assert r["decisions"] == sum(expected)
        assert r["actions_per_match"] == sum(expected) / 2
        assert len(r["runs"]) == 1
        for key in ("matches_per_s", "decisions_per_s", "matches_x_baseline", "decisions_x_baseline"):
            assert set(r[key]) == {"best", "median"}
            assert r[key]["best"] >= r[key]["median"] > 0


def test_playouts_in_process_repeats_play_the_same_matches():
    done = bench("playouts", "giacomotto", "--seeds", "3,5", "--repeat", "2", "--mode", "engine", "--in-process",
                 "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    [result] = json.loads(done.stdout)["results"]
    assert result["mode"] == "engine" and len(result["runs"]) == 2
    assert result["actions"] == [replayed_actions("giacomotto", 2, seed) for seed in (3, 5)]


def test_playouts_every_game_by_default():
    done = bench("playouts", "--seeds", "0", "--repeat", "1", "--mode", "engine", "--in-process", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    assert [r["game"] for r in json.loads(done.stdout)["results"]] == parlour.games()


def test_playouts_bad_input_says_what_is_allowed():
    done = bench("playouts", "giacomotto", "--seeds", "9-2")
    assert done.returncode == 2
    assert "seed range '9-2' runs backwards: write LOW-HIGH, e.g. 0-199" in done.stderr
    done = bench("playouts", "giacomotto", "--players", "3", "--seeds", "0")
    assert done.returncode == 2
    assert "giacomotto is played by 2, 4 players, not 3" in done.stderr
    done = bench("playouts", "nosuchgame", "--seeds", "0")
    assert done.returncode == 2
    assert "unknown game 'nosuchgame'" in done.stderr


def test_bench_doctests(monkeypatch):
    import doctest
    import importlib

    monkeypatch.syspath_prepend(str(ROOT))
    for name in ("bench", "bench.openspiel", "bench.playouts", "bench.tarok", "bench.vector"):
        result = doctest.testmod(importlib.import_module(name))
        assert result.attempted > 0 and result.failed == 0, name


def test_playouts_names_a_seed_that_played_differently(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))
    from bench.playouts import Measure, RunResult, _check_same

    game = parlour.load("giacomotto")
    earlier = Measure(game, "engine", [4, 9])
    earlier.add_run(RunResult(1.0, 1e-4, [300, 410], 0))
    _check_same(game, [4, 9], earlier, [300, 410], "bots run 1")
    with pytest.raises(RuntimeError, match="seed 9: 410 actions in an earlier engine run, 411 in bots run 2"):
        _check_same(game, [4, 9], earlier, [300, 411], "bots run 2")


def test_worst_times_every_server_call_on_the_games_own_worst_positions():
    done = bench("worst", "giacomotto", "--seeds", "0", "--keep", "1", "--repeat", "1", "--actions", "2", "--json",
                 "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["benchmark"] == "worst" and data["baseline"]["ms_per_op"] > 0
    assert [(r["game"], r["players"]) for r in data["results"]] == [("giacomotto", 2), ("giacomotto", 4)]
    for r in data["results"]:
        assert set(r["calls"]) == {"legal", "view", "apply", "clone", "to_act", "deadline"}  # no timed window here
        assert r["positions"] >= 10  # giacomotto/worst.py's ten, and the play-outs' slowest and longest
        assert r["longest_legal"] == {"actions": 47, "position": "51 cards on the table, the last king taking its "
                                                                 "first card"}
        for call in r["calls"].values():
            assert call["max_ms"] >= call["p99_ms"] >= 0 and call["calls"] > 0


def test_giacomotto_bench_series_shape():
    done = bench("giacomotto", "--seeds", "0-1", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [(s["series"], s["players"], s["matches"]) for s in data["series"]] == [
        ("greedy vs random", 2, 2), ("greedy vs random", 4, 2), ("greedy vs greedy-old", 2, 2)]
    assert data["agreement"]["asked"] > 0 and 0 <= data["agreement"]["same"] <= data["agreement"]["asked"]


def test_playouts_counts_deals_and_play_outs_per_300_ms():
    done = bench("playouts", "testoasa", "--seeds", "0-1", "--repeat", "1", "--mode", "engine", "--in-process",
                 "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["clock"] == "cpu"
    [r] = data["results"]
    game = parlour.load("testoasa")
    rounds = [len(play_match(game, [RandomBot(game, s, seed << 8 | s) for s in range(4)], seed=seed)[0].sheet.rows)
              for seed in (0, 1)]
    assert r["deals_per_match"] == sum(rounds) / 2 == 9
    assert r["actions_per_deal"] == r["decisions"] / sum(rounds)
    assert r["playouts_per_300ms"]["best"] >= r["playouts_per_300ms"]["median"] > 0


def test_tarok_plays_the_same_contracts_in_both_engines():
    pytest.importorskip("pyspiel")
    done = bench("tarok", "--deals", "40", "--repeat", "2", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["clock"] == "cpu" and data["repeat"] == 2
    mix, klop = data["mixes"]["mix"], data["mixes"]["klop"]
    assert set(klop["contracts"]) == {"klop"} and sum(klop["contracts"].values()) == 40
    # 40 deals: the cycle of 20 twice (a compulsory Klop or a redeal may turn a deal into Klop)
    assert {"klop", "three", "two", "one", "solo three", "solo two", "solo one", "beggar"} <= set(mix["contracts"])
    assert sum(mix["contracts"].values()) == 40
    for m in (mix, klop):
        r = m["ratio_parlour_to_openspiel"]
        assert r["low"] <= r["median"] <= r["high"] and len(m["ratios"]) == 2
        assert m["actions_per_deal"]["parlour"] > 40 and m["actions_per_deal"]["openspiel"] > 40


def test_compare_plays_the_same_matches_with_both_checkouts():
    done = bench("compare", "giacomotto", "--base", str(ROOT / "src"), "--seeds", "0-1", "--repeat", "1", "--json",
                 "--quiet")
    assert done.returncode == 0, done.stderr
    [r] = json.loads(done.stdout)["results"]
    assert r["game"] == "giacomotto" and r["same_matches"] and len(r["ratios"]) == 1
    done = bench("compare", "--base", str(ROOT / "tests"))
    assert done.returncode == 2 and "holds no parlour package" in done.stderr


def test_vector_counts_env_steps_of_one_env_and_of_the_vectors():
    done = bench("vector", "--envs", "2", "--slices", "2", "--seconds", "0.05", "--async", "-o", "target=11",
                 "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["benchmark"] == "vector" and data["envs"] == 2 and data["slices"] == 2
    assert data["options"] == {"target": 11} and data["opponents"] == "random"
    assert set(data["steps_per_s"]) == {"one", "sync", "async"} and set(data["over_one"]) == {"sync", "async"}
    for r in data["steps_per_s"].values():
        assert 0 < r["low"] <= r["median"] <= r["high"]


def test_compare_with_a_pure_base_names_each_sides_engine():
    done = bench("compare", "zole", "--base", str(ROOT / "src"), "--pure-base", "--seeds", "0-1", "--repeat", "1",
                 "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    [r] = json.loads(done.stdout)["results"]
    assert r["same_matches"] and r["engines"]["base"] == "pure Python (PARLOUR_PURE=1 is set)"
    assert r["engines"]["this"] == str(parlour.native.engine())


def test_engines_gives_tarok_against_openspiel_for_both_engines():
    done = bench("engines", "--only", "tarok", "--quick", "--json")
    if not parlour.native.engine().compiled:
        assert done.returncode == 1 and "the compiled engine does not run here" in done.stderr
        return
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data["figures"]) == {"tarok mix", "tarok klop", "tarok random"}
    for figure in data["figures"].values():
        assert figure["compiled"] > 0 and figure["pure"] > 0
    done = bench("engines", "--only", "chess")
    assert done.returncode == 2 and "unknown part(s) chess; the parts are tarok, go, jieqi" in done.stderr
