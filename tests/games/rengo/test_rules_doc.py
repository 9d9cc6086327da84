"""The rules document shown by ``parlour rules rengo`` (and ``go``) agrees with the games it describes."""

from __future__ import annotations

import re

import parlour


def test_the_rules_name_every_option_with_its_default():
    for game_id in ("rengo", "go"):
        game = parlour.load(game_id)
        text = game.rules()
        for option in game.options_spec:
            value = option.default
            default = "(empty)" if value == "" else str(value).lower() if isinstance(value, bool) else value
            assert re.search(rf"^\| `{option.name}` \| {re.escape(str(default))} \|", text, re.M), option.name


def test_the_rules_state_every_ruling_and_the_notation():
    text = parlour.load("rengo").rules()
    for q in range(1, 10):
        assert f"**Q{q}**" in text
    for words in ("`play D4`", "`pass`", "`resign`", "`dead D4`", "`alive D4`", "`accept`", "`resume`",
                  "Black 1, White 1, Black 2, White 2", "positional superko", "one point per handicap stone",
                  "May we resign?"):
        assert words in text, words
    for message in parlour.load("rengo").chat_messages[:5]:
        assert message in text or message in ("It's your turn.",), message
