"""The rules pages teach the notation the game takes: every move written in them (`play NH`, `discard 8C 9C`)
is read by ``game.parse``, and each rank their card lists name (K Q N J 1 2 3 4, K Q N J 10 9 8 7) makes a card
the game knows, in every language's page (they once wrote the cavalier "C", which the game refuses)."""

from __future__ import annotations

import re
from importlib import resources

import pytest

import parlour
from parlour.core.errors import IllegalAction
from parlour.core.i18n import LANGUAGES

GAME = parlour.load("tarok")
#: A move as the pages write it: a verb the game knows, in backticks.
MOVE = re.compile(r"`((?:bid|pass|contract|call|talon|forfeit|discard|announce|kontra|rekontra|play|lead)\b[^`]*)`")
RANKS = re.compile(r"\b(K Q \S+ J (?:1 2 3 4|10 9 8 7))\b")


def page(lang: str) -> str:
    name = "RULES.md" if lang == "en" else f"RULES.{lang}.md"
    return resources.files("parlour.games.tarok").joinpath(name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_move_the_rules_write_is_one_the_game_reads(lang: str) -> None:
    moves = MOVE.findall(page(lang))
    assert "play NH" in moves and len(moves) >= 10
    for text in moves:
        assert str(GAME.parse(text)) == text


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_rank_the_rules_list_makes_a_card_the_game_knows(lang: str) -> None:
    lists = RANKS.findall(page(lang))
    assert len(lists) == 2, lists  # the red suits' ranks, the black suits'
    for ranks, suit in zip(lists, "HS"):
        for rank in ranks.split():
            assert str(GAME.parse(f"play {rank}{suit}")) == f"play {rank}{suit}"


def test_the_cavalier_is_n_and_c_is_refused_with_the_reason() -> None:
    with pytest.raises(IllegalAction, match="K Q N J"):
        GAME.parse("play CC")
