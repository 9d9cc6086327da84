"""The rules shown by ``parlour rules gami`` agree with the game: options, rulings, actions and bots."""

from __future__ import annotations

import re

import parlour


def test_the_rules_name_every_option_with_its_default():
    game = parlour.load("gami")
    text = game.rules()
    for option in game.options_spec:
        assert re.search(rf"^\| `{option.name}` \| {option.default} \|", text, re.M), option.name


def test_the_rules_state_every_ruling_the_actions_and_the_bots():
    game = parlour.load("gami")
    text = game.rules()
    for q in range(1, 10):
        assert f"**Q{q}**" in text
    for example in re.findall(r"`(exchange [^`]+)`", text):
        assert str(game.parse(example)) == example
    for name in game.bots:
        assert f"| `{name}` |" in text
    assert "deck=" in text and "9 cards" in text and "6 go on the table" in text
