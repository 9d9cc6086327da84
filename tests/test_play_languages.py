"""``parlour play --lang``: what the terminal says in the player's language, typed at in a pty as a person does.

A refusal comes from the engine as an English text with its template (``IllegalAction``'s ``message``); the
terminal says it in the player's language, with the game's catalogue.
"""

from __future__ import annotations

import re

import pytest

import parlour
from parlour.core.errors import IllegalAction
from parlour.core.i18n import LANGUAGES, game_translator, using
from pty_play import Terminal

LANGS = [lang for lang in LANGUAGES if lang != "en"]
MOVE = re.compile(r"[(（]1(?:-\d+)?[^)）]*[)）]\s*[:：]")  # "Your move (1-9, text, q):", in any language


def flat(text: str) -> str:
    """Text as words, whatever the terminal's line breaks and the panels' borders."""
    return " ".join(text.replace("│", " ").split())


def refusal(game_id: str, seed: int, seat: int, text: str, lang: str) -> tuple[str, str]:
    """What the engine says to ``text`` at the start of a match: in English, and in ``lang``."""
    game = parlour.load(game_id)
    with pytest.raises(IllegalAction) as refused:
        game.new(seed=seed).apply(seat, text)
    with using(lang):
        return str(refused.value), game_translator(type(game)).message(refused.value.message)


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_is_said_in_the_players_language(lang, tmp_path):
    state = parlour.load("giacomotto").new(seed=3)
    missing = next(c for c in ("AS", "KH", "2C", "7D", "QS") if c not in state.view(0)["hand"])
    english_read, said_read = refusal("giacomotto", 3, 0, "foo bar", lang)
    english_held, said_held = refusal("giacomotto", 3, 0, f"trail {missing}", lang)
    assert said_read != english_read and said_held != english_held  # there is a translation to show
    with Terminal("play", "giacomotto", "--lang", lang, "--seats", "human,greedy", "--seed", "3",
                  "--record", str(tmp_path / "r.json"), cwd=tmp_path) as term:
        term.expect(MOVE)
        term.send("foo bar")
        screen = flat(term.expect(MOVE))
        assert flat(said_read) in screen and flat(english_read) not in screen
        term.send(f"trail {missing}")
        screen = flat(term.expect(MOVE))
        assert flat(said_held) in screen and flat(english_held) not in screen
        term.send("q")
        status, _ = term.finish()
    assert status == 0


def test_a_game_whose_refusal_names_a_phase_says_the_phase_in_the_players_words(tmp_path):
    # Tarok's auction: a card played while bidding is refused, naming the phase (Slovenian: licitacija).
    state = parlour.load("tarok").new(seed=5)
    card = state.view(0)["hand"][0]
    _, said = refusal("tarok", 5, 0, f"play {card}", "sl")
    assert "licitacija" in said
    with Terminal("play", "tarok", "--lang", "sl", "--seats", "human,heuristic,heuristic,heuristic", "--seed", "5",
                  "--record", str(tmp_path / "r.json"), cwd=tmp_path) as term:
        term.expect(MOVE)
        term.send(f"play {card}")
        screen = flat(term.expect(MOVE))
        assert flat(said) in screen and "is not legal in the" not in screen
        term.send("q")
        term.finish()


@pytest.mark.parametrize("game_id, seats, words", [
    ("giacomotto", "human,greedy", {"trail": "Odvrzi", "capture": "Poberi s"}),
    ("zole", "human,search,search", {"pass": "Naprej", "take": "Vzemi talon", "zole": "Zole", "play": "Igraj"}),
    ("tarok", "human,heuristic,heuristic,heuristic", {"pass": "Naprej", "bid": "Licitiraj"}),
    ("kaboo", "human,expert", {"ready": "Pripravljen", "peek": "Poglej", "draw": "Vleci", "knock": "Potrkaj"}),
])
def test_the_moves_offered_are_in_the_players_words_beside_the_text_to_type(game_id, seats, words, tmp_path):
    with Terminal("play", game_id, "--lang", "sl", "--seats", seats, "--seed", "4",
                  "--record", str(tmp_path / "r.json"), cwd=tmp_path) as term:
        screen = flat(term.expect(MOVE).split("Tvoje poteze")[-1])
        term.send("1")  # a move's number still plays it
        term.expect(MOVE)
        term.send("q")
        status, _ = term.finish()
    assert status == 0
    offered = re.findall(r"\d+ (.+?) \(([a-z][^)]*)\)", screen)
    assert offered, screen
    for said, text in offered:
        verb = text.split()[0]
        if verb in words:
            assert said.startswith(words[verb]), (said, text)
    assert {t.split()[0] for _, t in offered} & set(words)


def test_a_bad_command_line_is_refused_in_the_players_language(tmp_path):
    with Terminal("play", "giacomotto", "--lang", "pl", "--seats", "human,robot", cwd=tmp_path) as term:
        status, out = term.finish()
    assert status == 2
    assert "miejsce 1 to 'robot'; miejsce to human albo bot:" in flat(out), out
    assert list(tmp_path.iterdir()) == []
