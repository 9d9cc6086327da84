"""``python -m bench vs-external xiangqi`` and ``jieqi``: the Wilson interval, and very short matches (never speed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import vs_external
from bench._external_xiangqi import BOOK, fairy_stockfish, wilson

ROOT = Path(__file__).resolve().parents[3]


def test_the_wilson_interval_of_a_score():
    # the textbook values: 5 of 10, 10 of 10 and 0 of 20
    assert [round(x, 4) for x in wilson(5, 10)] == [0.2366, 0.7634]
    assert [round(x, 4) for x in wilson(10, 10)] == [0.7225, 1.0]
    assert [round(x, 4) for x in wilson(0, 20)] == [0.0, 0.1611]
    low, high = wilson(7.5, 20)  # draws are half points
    assert low < 7.5 / 20 < high


def test_the_book_openings_are_legal():
    import parlour
    from parlour.games.jieqi.actions import parse

    for _, opening in BOOK:
        state = parlour.load("jieqi", plain=True).new(seed=0)
        for text in opening.split():
            state.apply(state.to_act[0], parse(text))  # raises on an illegal move


def test_the_dispatcher_names_the_games_and_refuses_others(capsys):
    assert {"xiangqi", "jieqi"} <= set(vs_external.games())
    assert vs_external.main(["chequers"]) == 2
    assert "xiangqi" in capsys.readouterr().err


def run(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "bench", "vs-external", *args, "--json", "--quiet"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(fairy_stockfish() is None, reason="fairy-stockfish is not installed (apt-get install fairy-stockfish)")
def test_one_very_short_game_against_fairy_stockfish():
    data = run("xiangqi", "--games", "1", "--nodes", "300", "--fsf-nodes", "200", "--max-plies", "12")
    assert data["games"] == 1 and data["records"][0]["plies"] <= 12 and data["records"][0]["ours"] == "red"
    assert data["sides"]["parlour"]["nodes_budget"] == 300 and data["sides"]["fairy-stockfish"]["nodes_budget"] == 200
    assert 0 < data["sides"]["fairy-stockfish"]["nodes_mean"] and 0 < data["sides"]["parlour"]["nodes_mean"] <= 300
    low, high = data["wilson95"]
    assert low <= data["score"] <= high


def test_two_very_short_jieqi_games_against_the_old_searcher_with_the_colours_swapped():
    data = run("jieqi", "--games", "2", "--nodes", "200", "--max-plies", "10")
    assert [r["ours"] for r in data["records"]] == ["red", "black"]
    assert set(data["sides"]) == {"parlour", "parlour before issue 28"}
    assert data["wins"] + data["draws"] + data["losses"] == 2
