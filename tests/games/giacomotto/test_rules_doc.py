"""The rules for players (``parlour rules giacomotto``) and the notes for developers agree with the game."""

from __future__ import annotations

import re

from .helpers import load


def test_the_rules_name_every_option_with_its_default():
    game = load(2)
    text = game.rules()
    for option in game.options_spec:
        default = str(option.default).lower()
        assert re.search(rf"^\| `{option.name}` \| {default} \|", text, re.M), option.name


def test_the_notes_state_every_ruling_and_the_conventions():
    text = load(2).notes()
    for q in range(1, 15):
        assert f"**Q{q}**" in text
    for words in ("trail 7H", "capture KH 8C+5D 6S+7H", "deck="):
        assert words in text
    rules = load(2).rules()
    for words in ("seats 0 & 2 play against 1 & 3", "4 cards face up", "6 cards"):
        assert words in rules
