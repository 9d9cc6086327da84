"""The lobby speaks of a board game in its own words: a stranger choosing Go, Rengo, Jieqi or Skelly, and each bot
for a seat in turn, reads what that bot does without a card word (no search bot "deals the unseen cards" of Go),
and the table made shows its commitment to the seed without a shuffle. Gami's cards are all face up: no bot there
deals unseen ones either."""

from __future__ import annotations

import re

import pytest
from browser import open_page

CARD_WORDS = re.compile(r"\b(deal|deals|dealt|shuffle|shuffled|hand|hands|trick|tricks|cards?)\b", re.I)
BOARD_GAMES = ["go", "rengo", "jieqi", "skelly"]


@pytest.mark.parametrize("game", BOARD_GAMES + ["gami"])
def test_each_bot_is_described_in_the_games_words(parlour_server, browser, game):
    lobby = open_page(browser, parlour_server + "/?lang=en")
    lobby.click(f".game-choice[data-game='{game}']")
    levels = lobby.eval_on_selector_all("#seat-1 option", "(os) => os.map((o) => o.value).filter((v) => v.startsWith('bot:'))")
    assert any("pimc" in v for v in levels) and any("ismcts" in v for v in levels)
    said = {}
    for level in levels:
        lobby.select_option("#seat-1", level)
        said[level] = lobby.locator("#about-1").inner_text()
    assert all(said.values())
    if game == "gami":  # a card game, but nothing is hidden
        assert not [t for t in said.values() if "unseen" in t], said
    else:
        assert not [t for t in said.values() if CARD_WORDS.search(t)], said
    if game == "jieqi":  # what is hidden there: the covered pieces
        assert "guesses the covered pieces many ways" in said["bot:pimc"]
    elif game == "go":
        assert said["bot:pimc"] == "plays each move out many times and takes the best; 300 ms a move"
    lobby.click("#create")
    created = lobby.locator("#created")
    created.locator("h2").wait_for()
    assert "Commitment to the seed" in created.inner_text() and not CARD_WORDS.search(created.inner_text())
    assert lobby.errors == []  # type: ignore[attr-defined]
