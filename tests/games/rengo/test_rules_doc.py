"""The rules document shown by ``parlour rules rengo`` (and ``go``) agrees with the games it describes."""

from __future__ import annotations

from pathlib import Path

import parlour
import parlour.games.rengo


def test_both_games_show_the_same_rules_and_the_notes_state_every_ruling():
    assert parlour.load("go").rules() == parlour.load("rengo").rules()
    notes = (Path(parlour.games.rengo.__file__).parent / "NOTES.md").read_text(encoding="utf-8")
    for q in range(1, 10):
        assert f"**Q{q}**" in notes


def test_the_rules_explain_the_notation_and_the_team_order():
    text = parlour.load("rengo").rules()
    for words in ("`play D4`", "`pass`", "`resign`", "`dead D4`", "`alive D4`", "`accept`", "`resume`",
                  "Black 1, White 1, Black 2, White 2", "positional superko", "one point per handicap stone",
                  "May we resign?"):
        assert words in text, words
    for message in parlour.load("rengo").chat_messages[:5]:
        assert message in text or message in ("It's your turn.",), message
