"""Tysiąc in the terminal: ``parlour play tysiac`` through a whole hand, in words and card symbols."""

from __future__ import annotations

import re

from click.testing import CliRunner

from parlour.cli import main

RAW = re.compile(r"[\[{]['\"]|\bNone\b|\bnull\b|\bTrue\b|\bFalse\b|'\w+': ")


def test_parlour_play_tysiac_through_a_whole_hand(tmp_path):
    # You at seat 0 against two expert bots, always taking the first move offered, until a hand is scored.
    result = CliRunner().invoke(main, ["play", "tysiac", "--seed", "5", "-o", "barrel=true",
                                       "--record", str(tmp_path / "r.json")], input="1\n" * 30 + "q\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Auction" in out and "Your hand" in out and "Prikup" in out and "Trumps" in out
    assert re.search(r"Hand 1: .* (made|lost) \d+ with \d+ points", out), out[-3000:]
    assert "house rules: the barrel" in out
    assert not [line for line in out.splitlines() if RAW.search(line)]
