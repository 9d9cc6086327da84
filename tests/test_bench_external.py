"""The outside opponents' adapters (``bench/_tablic.py``) and the ``vs-external`` dispatcher.

tablic itself is not installed here (it is a checkout the user names), so a stand-in player with its interface
plays: it is told the game exactly as tablic's own engine tells its players, and these tests check that it
is (its hand and the table at every move, each deal and each card played, in tablic's numbering of the seats),
and that what it answers is played in Giacomotto's steps.
"""

from __future__ import annotations

import doctest
import enum
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import parlour
from parlour.core.bot import RandomBot

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import _stats, _tablic  # noqa: E402

Boja = enum.Enum("Boja", "HERC PIK KARO TREF")
Znak = enum.Enum("Znak", "A BR2 BR3 BR4 BR5 BR6 BR7 BR8 BR9 BR10 J Q K")


@dataclass(frozen=True)
class Karta:
    boja: Boja
    znak: Znak

    Boja = Boja
    Znak = Znak


class StandIn:
    """tablic's player interface: captures a card of its played card's rank when it can, else trails."""

    def __init__(self, i: int, maxDubina: int, maxT: float) -> None:
        self.i = i
        self.told: list[tuple] = []

    def saznajBrojIgraca(self, n: int, imena: list[str]) -> None:
        self.told.append(("players", n))

    def saznajNovoDijeljenje(self, ruka: set, stol: set) -> None:
        self.hand, self.table = set(ruka), set(stol)
        self.told.append(("deal", len(ruka), len(stol)))

    def vidiPotez(self, i: int, ruka: set, stol: set, karta: Karta, skupljeno: set) -> None:
        assert stol == self.table, "the table before the card is the one the player has followed"
        if i == self.i:
            assert karta in ruka and ruka == self.hand, "its own card is told with the hand that held it"
            self.hand.discard(karta)
        else:
            assert ruka == self.hand, "another's card is told with the player's own hand"
        assert skupljeno <= stol
        self.table = (self.table - skupljeno) | (set() if skupljeno else {karta})
        self.told.append(("move", i))

    def odigraj(self, ruka: set, stol: set) -> tuple[Karta, set]:
        assert ruka == self.hand and stol == self.table
        for card in sorted(ruka, key=str):
            same = [t for t in stol if t.znak == card.znak]
            if same:
                return card, {same[0]}
        return min(ruka, key=str), set()


@pytest.fixture
def stand_in(monkeypatch):
    monkeypatch.setattr(_tablic, "_karta", Karta)
    return StandIn


def test_the_player_is_told_every_deal_and_card_and_its_answers_are_played(stand_in):
    game = parlour.load("giacomotto", players=2)
    for seed, seat in ((1, 0), (2, 1)):
        theirs = _tablic.TablicBot(game, seat, stand_in)
        other = RandomBot(game, 1 - seat, seed)
        state = game.new(seed=seed)
        captures = packs = 0
        players: list[StandIn] = []
        while not state.over:
            s = state.to_act[0]
            if s == seat and state.view(s)["capture"] is None and theirs.player not in players:
                players.append(theirs.player) if theirs.player else None
            action = (theirs if s == seat else other).choose(state.view(s), state.legal(s))
            assert action in state.legal(s)
            captures += s == seat and action.verb == "capture"
            state.apply(s, action)
            packs = state.pack
        assert captures > 0
        players = [p for p in players if p is not None]
        assert len(players) >= packs - 1  # a player for each pack it played in (a new one every pack)
        for p in players[:-1]:  # every finished pack: 4 deals of 6, and 48 cards played in turn
            deals = [t for t in p.told if t[0] == "deal"]
            moves = [t[1] for t in p.told if t[0] == "move"]
            assert p.told[0] == ("players", 2) and [d[1] for d in deals] == [6] * 4
            # it is told all that happened before each of its decisions: up to its own last card but one,
            # or the other's last but one (the pack's last cards need no decision of its own after them)
            assert len(moves) in (46, 47) and moves == [k % 2 for k in range(len(moves))]
        first = players[0]
        assert first.i == (seat - (state.events[0]["dealer"] + 1)) % 2


def test_a_capture_of_several_groups_is_taken_group_by_group(stand_in):
    """tablic answers with the set of cards it takes; the steps take them group by group, an ace last in its
    group (so that it may count 1: K takes 10+3+A as 10 + 3 + 1)."""
    game = parlour.load("giacomotto", players=2)
    bot = _tablic.TablicBot(game, 0, stand_in)
    taken = {"8C", "6D", "10S", "3H", "AC"}  # K (14) takes 8+6 and 10+3+A
    bot.player = type("Answer", (), {"odigraj": lambda self, ruka, stol: (
        _tablic.from_code("KH"), {_tablic.from_code(c) for c in taken})})()
    bot.hand, bot.table = {"KH"}, taken | {"9S"}
    steps = [str(a) for a in bot.plan({"hand": ["KH"], "table": sorted(bot.table), "capture": None})]
    assert steps[0] == "capture KH" and steps[-1] == "done"
    takes = [step.split()[1] for step in steps[1:-1]]
    assert set(takes) == taken and len(takes) == len(taken)
    groups = ([takes[:2], takes[2:]] if {takes[0], takes[1]} == {"8C", "6D"} else [takes[:3], takes[3:]])
    assert sorted(map(sorted, groups)) == [["10S", "3H", "AC"], ["6D", "8C"]]
    three = next(g for g in groups if len(g) == 3)
    assert three[-1] == "AC"


def test_a_move_the_engine_cannot_split_is_refused_loudly(stand_in):
    game = parlour.load("giacomotto", players=2)
    bot = _tablic.TablicBot(game, 0, stand_in)
    bot.player = type("Answer", (), {"odigraj": lambda self, ruka, stol: (_tablic.from_code("KH"),
                                                                           {_tablic.from_code("5C")})})()
    bot.hand, bot.table = {"KH"}, {"5C"}
    with pytest.raises(AssertionError, match="cannot split"):
        bot.plan({"hand": ["KH"], "table": ["5C"], "capture": None})


def test_tablic_seats_only_two_players(stand_in):
    with pytest.raises(ValueError, match="2-player"):
        _tablic.TablicBot(parlour.load("giacomotto", players=4), 0, stand_in)


def test_a_folder_that_is_not_tablic_is_named(tmp_path):
    with pytest.raises(_tablic.MissingTablic, match="no minimax_igrac.py"):
        _tablic.load(tmp_path)
    r = subprocess.run([sys.executable, "-m", "bench", "vs-external", "giacomotto", "--tablic", str(tmp_path)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "not a checkout of DavorPenzar/tablic" in r.stderr


def test_vs_external_lists_its_games_and_refuses_others():
    r = subprocess.run([sys.executable, "-m", "bench", "vs-external", "--help"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0 and "giacomotto" in r.stdout.splitlines()[-1]
    r = subprocess.run([sys.executable, "-m", "bench", "vs-external", "chess"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 2 and "giacomotto" in r.stderr


def test_doctests_of_the_shared_pieces():
    for module in (_stats, _tablic):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
