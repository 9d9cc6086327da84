"""Kaboo in the terminal, as a person plays it (issue 23): ``parlour play kaboo`` driven through a pseudo-terminal.
A timed window closes when its time is up even if nobody types (the screen said "the window closes in 1 s" and
waited for ever); a wrong snap says which card it showed to everyone; and the next round opens with the cards of
the last one turned up and counted (they were read from the log, where the new round's view no longer has them).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

#: Two players, seat 0 (you) first: you draw the 8♣; the bot's slot 0 is the 4♠ (found with the engine).
SEED = 15
PROMPT = r"Your move \(([^)]*)\): "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def parlour_play(record: Path) -> pexpect.spawn:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "140", "LINES": "60", "PARLOUR_LANG": "en"}
    command = ["-c", "import sys; from parlour.cli import main; sys.exit(main())", "play", "kaboo", "--seed",
               str(SEED), "-s", "human,expert", "-o", "peek_seconds=1", "-o", "snap_seconds=20", "-o", "rounds=2",
               "--record", str(record)]
    return pexpect.spawn(sys.executable, command, env=env, encoding="utf-8", timeout=60, dimensions=(60, 140))


def screen(child: pexpect.spawn) -> str:
    """What the terminal showed up to the prompt just matched."""
    return ANSI.sub("", child.before)


def test_parlour_play_kaboo_closes_its_windows_and_shows_what_the_rules_show(tmp_path):
    child = parlour_play(tmp_path / "r.json")
    try:
        # the opening peek: nobody types, and its second runs out
        child.expect(PROMPT)
        assert "the window closes in 1 s" in screen(child) and "2 9♠*" in screen(child)
        child.expect("Time is up: the window has closed.")
        child.expect(PROMPT)
        assert "draw" in screen(child) and "9♠*" not in screen(child)
        child.sendline("draw")
        child.expect(PROMPT)
        child.sendline("discard")  # the 8♣: a snap window on eights
        child.expect(PROMPT)
        child.sendline("snap 1.0")  # the bot's 4♠: a wrong snap
        child.expect(PROMPT)
        assert "You snap Seat 1 (expert)'s slot 0 (4♠) — wrong card: a penalty card" in screen(child)
        child.sendline("skip")
        child.expect(PROMPT)
        child.sendline("knock")
        for _ in range(10):  # the bot's last turn (snap windows we let go), then the next round's peek
            child.expect(PROMPT)
            if "Round 1: the cards turned up" in screen(child):
                break
            child.sendline("pass")
        shown = screen(child)
        assert "Round 1: the cards turned up" in shown and "Peek" in shown, shown[-3000:]
        rows = [line for line in shown.splitlines() if "Seat 1 (expert)" in line and "(" in line]
        assert any("4♠ (4)" in line for line in rows), shown[-3000:]  # the bot's cards, each with its points
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
