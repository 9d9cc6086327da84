"""Gami at the command line: ``parlour analyse gami`` and a whole deal of ``parlour play gami`` in words."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner

from parlour.cli import main

RAW = re.compile(r"[\[{]['\"]|\bNone\b|\bnull\b|\bTrue\b|\bFalse\b|'\w+': ")


def test_analyse_shows_the_evaluation_and_the_best_line():
    result = CliRunner().invoke(main, ["analyse", "gami", "--seed", "12", "--time", "0.3"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Seat 1 plays first" in out and "Analysis" in out
    best = re.search(r"Best move (exchange \w\w \w\w(?: take \w\w)?)\s+evaluation (.+?cards for seat 1|seat \d wins)",
                      out)
    assert best, out


def test_analyse_after_moves_and_its_errors():
    runner = CliRunner()
    after = runner.invoke(main, ["analyse", "gami", "--seed", "12", "--time", "0.1", "-m", "exchange 8H AH take 4D"])
    assert after.exit_code == 0 and "Seat 0" in after.output and "after exchange 8H AH take 4D" in after.output
    bad = runner.invoke(main, ["analyse", "gami", "--seed", "12", "-m", "exchange 8H 2H"])
    assert bad.exit_code == 2 and "move 1 ('exchange 8H 2H') is not legal" in bad.output
    none = runner.invoke(main, ["analyse", "giacomotto", "--seed", "1"])
    assert none.exit_code == 2 and "giacomotto has no analysis" in none.output and "gami" in none.output


def test_parlour_play_gami_through_a_whole_deal_in_words(tmp_path):
    path = tmp_path / "r.json"
    result = CliRunner().invoke(main, ["play", "gami", "--seed", "3", "--seats", "human,greedy", "--record",
                                       str(path)], input="1\n" * 100 + "q\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your moves" in out and "Table" in out and "Deal 1:" in out and "Match over" in out
    assert not [line for line in out.splitlines() if RAW.search(line)]
    record = json.loads(path.read_text())
    assert record["game"] == "gami" and record["actions"]
