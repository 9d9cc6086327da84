"""The rules for players (``parlour rules gami``) and the notes for developers agree with the game."""

from __future__ import annotations

import re

import parlour


def test_the_rules_name_every_variant_with_its_default():
    game = parlour.load("gami")
    text = game.rules()
    for option in game.options_spec:
        assert re.search(rf"^\| `{option.name}` \| {option.default} \|", text, re.M), option.name
    assert "9 cards" in text and "6 go on the table" in text and "A 2 3 · 3 4 5 · 5 6 7 · 7 8 A" in text


def test_the_notes_state_every_ruling_the_actions_and_the_bots():
    game = parlour.load("gami")
    text = game.notes()
    for q in range(1, 10):
        assert f"**Q{q}**" in text
    examples = re.findall(r"`(exchange [^`]+)`", text + game.rules())
    assert examples
    for example in examples:
        assert str(game.parse(example)) == example
    for name in game.bots:
        assert f"| `{name}` |" in text
    assert "deck=" in text
