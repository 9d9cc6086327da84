"""The greedy Giacomotto bot: sensible single moves, no peeking at the state, and a wide margin over random."""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.bots import available, make, play_match
from parlour.core.cards import CODES, Card, deck
from parlour.core.rng import Rng
from parlour.games.giacomotto import bot as bot_module
from parlour.games.giacomotto.actions import Move, capture, trail
from parlour.games.giacomotto.bot import GreedyBot
from parlour.games.giacomotto.captures import VALUE, can_capture, captures_for
from parlour.games.giacomotto.state import card_points


def mask(codes: str) -> int:
    m = 0
    for code in codes.split():
        m |= 1 << Card.parse(code)
    return m


def position(hand: str, table: str, taken: str = "", players: int = 2, stock: int = 24,
             last_capturer: int | None = None) -> tuple[dict[str, Any], list[Move]]:
    """Seat 0's view and legal plays, built by hand: ``taken`` was captured earlier this pack by seat 1."""
    log: list[dict[str, Any]] = [{"type": "pack", "pack": 1, "dealer": players - 1, "table": []}]
    if taken:
        first, *rest = taken.split()
        log.append({"type": "capture", "seat": 1, "action": f"capture {first} {'+'.join(rest)}", "card": first,
                    "cards": rest, "tabla": False})
    held = hand.split()
    view = {
        "game": "giacomotto", "players": players, "seat": 0, "to_act": [0], "pack": 1, "deal": 1,
        "dealer": players - 1, "options": {"target": 101, "forced_capture": False, "last_card_tabla": True},
        "sides": [[0, 2], [1, 3]] if players == 4 else [[0], [1]],
        "hand": held, "hands": [len(held)] + [len(held)] * (players - 1), "table": table.split(),
        "stock": stock, "piles": [0, len(taken.split())], "tablas": [0, 0], "last_capturer": last_capturer,
        "capture": None, "log": log,
    }
    table_mask = mask(table)
    legal = [capture(c) for c in map(Card.parse, held) if can_capture(c, table_mask)]
    legal += [trail(Card.parse(c)) for c in held]
    return view, legal


def whole(bot: GreedyBot, action: Move) -> str:
    """The bot's first step, and for a capture the cards it plans to take, written as one capture."""
    if action.verb != "capture":
        return str(action)
    card, takes = bot.plan
    assert card == action.card
    return str(capture(card, sum(1 << c for c in takes)))


def choose(hand: str, table: str, seed: int = 0, **kw: Any) -> str:
    view, legal = position(hand, table, **kw)
    game = parlour.load("giacomotto", players=view["players"])
    bot = GreedyBot(game, 0, seed)
    action = bot.choose(view, legal)
    assert action in legal
    return whole(bot, action)


def test_it_is_registered_for_giacomotto():
    game = parlour.load("giacomotto")
    assert available(game)[:2] == ["pimc", "greedy"] and available(game)[-1] == "random"  # the search first
    assert isinstance(make("greedy", game, 1, seed=3), GreedyBot)


# --- single moves -----------------------------------------------------------------------------------------------

def test_takes_the_capture_worth_most_points():
    # 10♠ takes the 10♦ (2 + 1 points); 7♥ would take 5+2 for nothing and leave the 10♦ to the next player.
    assert choose("10S 7H KC 4D 8C 9D", "10D 5C 2S") == "capture 10S 10D"


def test_takes_every_group_it_can():
    # Q takes 8+5 and 7+6 together, rather than one of the pairs.
    assert choose("QH 2D 3D 4D KS 9C", "8C 5D 6S 7H") == "capture QH 8C+5D 7H+6S"


def test_counts_the_two_of_clubs():
    # 2♣ is 1 point: 2♠ takes it rather than 3♠ taking the 3♥ (no points, and a king would clear J+2).
    assert choose("2S 3S 8D 9D 4C 6H", "2C 3H JD") == "capture 2S 2C"


def test_prefers_a_tabla():
    # 9♠ clears 4+5 and 9 (a tabla, and the next player can only trail); K♥ takes 5+9 with a point but leaves the 4.
    assert choose("9S KH 2C 3D 7S 8S", "5C 4D 9H") == "capture 9S 9H 5C+4D"


def test_trails_a_card_whose_match_is_mostly_gone_onto_an_empty_table():
    # Any lone card can be taken for a tabla: the 7 is safest, three of the four sevens are in the hand.
    assert choose("7C 7D 7H 5D 3S 4H", "").startswith("trail 7")


def test_trails_a_card_seen_taken_rather_than_one_still_out():
    # Three nines were captured this pack: a lone 9 on the table is very likely safe, a lone 5 is not.
    assert choose("9C 5D", "", taken="9D 9H 9S") == "trail 9C"


def test_does_not_leave_a_table_clearable_in_one_move():
    # Nothing captures. 6 + 2, 3, 4, 5 or 8 is taken whole by an 8, 9, 10, ace (11) or king; 6 + 9 = 15 is not.
    assert choose("2D 3H 4S 5C 8D 9H", "6C") == "trail 9H"


def test_does_not_give_away_points_when_trailing():
    # Two equally safe trails: the 5 costs nothing, the king is a point left on the table.
    assert choose("5H KD", "", taken="5C 5D 5S KC KH KS") == "trail 5H"


def test_in_the_four_player_game_it_still_avoids_an_easy_tabla():
    assert choose("2D 3H 4S 5C 8D 9H", "6C", players=4) == "trail 9H"


def test_on_the_last_play_it_captures_to_win_the_sweep():
    # The pack's last card: taking the 3 makes this seat the last capturer, who sweeps the 10♦ and the king.
    view, legal = position("3H", "10D KS 3C", stock=0, last_capturer=1)
    view["hands"] = [1, 0]
    bot = GreedyBot(parlour.load("giacomotto"), 0, 0)
    assert whole(bot, bot.choose(view, legal)) == "capture 3H 3C"


def test_it_takes_its_capture_step_by_step_and_a_fresh_bot_at_each_step_finishes_it_alike():
    # On a server every step is asked of a new bot: it must finish the capture as the one that planned it.
    game = parlour.load("giacomotto")
    top = "8C 5D 6S 7H  QH 2D 3D 4D KS 9C".split()
    stacked = top + [str(c) for c in deck() if str(c) not in top]
    for fresh in (False, True):
        state = game.new(seed=5, deck=stacked)
        seat = state.to_act[0]
        bot = GreedyBot(game, seat, 0)
        steps = []
        while state.to_act == (seat,):
            if fresh:
                bot = GreedyBot(game, seat, len(steps))
            steps.append(str(state.apply(seat, bot.choose(state.view(seat), state.legal(seat)))))
        assert steps[0] == "capture QH" and steps[-1] == "done" and len(steps) == 6
        assert state.events[-1]["tabla"] and sorted(map(sorted, state.events[-1]["groups"])) == [["5D", "8C"], ["6S", "7H"]]


def test_a_fresh_bot_asked_mid_capture_finishes_it_the_best_way():
    # J (12) has taken the 10: A+A (10+1+1) or the 2 completes it. Only 10+2 leaves A+A (1+11), a second group and a
    # tabla; a bot asked now (it did not plan this capture) must take the 2, and then the aces.
    game = parlour.load("giacomotto")
    top = "10C AH AD 2H  JS 3C 4C 5C 6C 7C".split()
    stacked = top + [str(c) for c in deck() if str(c) not in top]
    state = game.new(seed=5, deck=stacked)
    seat = state.to_act[0]
    for step in ("capture JS", "take 10C"):
        state.apply(seat, step)
    assert sorted(map(str, state.legal(seat))) == ["take 2H", "take AD", "take AH"]
    while state.to_act == (seat,):
        state.apply(seat, GreedyBot(game, seat, len(state.events)).choose(state.view(seat), state.legal(seat)))
    assert state.events[-1]["groups"] == [["10C", "2H"], ["AD", "AH"]] and state.events[-1]["tabla"]


def test_its_estimate_of_the_next_take_agrees_with_the_engine_captures():
    rng = Rng(5)
    first_of_value = {}
    for c in range(52):
        first_of_value.setdefault(VALUE[c], c)
    for _ in range(300):
        deck = list(range(52))
        rng.shuffle(deck)
        table = 0
        for c in deck[:rng.below(9)]:
            table |= 1 << c
        for tabla_counts in (True, False):
            takes = bot_module.best_takes(table, tabla_counts)
            for value, card in first_of_value.items():
                own = card_points(1 << card)
                engine = max((bot_module.capture_worth(card, m, table, tabla_counts) - own
                              for m in captures_for(card, table)), default=0.0)
                assert takes.get(value, 0.0) == pytest.approx(engine), (CODES[card], bin(table))


def test_expected_take_is_nothing_on_an_empty_table_and_everything_when_sure():
    table = mask("9C")
    assert bot_module.expected_best(0, mask("9D 9H"), 6) == 0.0
    # The only unseen card is the 9♦ and the next player holds it: it takes the 9♣, a tabla.
    assert bot_module.expected_best(table, mask("9D"), 1) == pytest.approx(1 + 2 * bot_module.CARD_WEIGHT)
    assert bot_module.expected_best(table, mask("9D 2S"), 1) == pytest.approx((1 + 2 * bot_module.CARD_WEIGHT) / 2)


# --- fairness and determinism -----------------------------------------------------------------------------------

def test_sees_only_a_copy_of_its_view_and_plays_legally():
    game = parlour.load("giacomotto", players=4)
    state = game.new(seed=21)
    bots = [make("greedy", game, s, seed=s) for s in range(4)]
    for _ in range(60):
        seat = state.to_act[0]
        view = state.view(seat)
        frozen = copy.deepcopy(view)
        given = copy.deepcopy(view)
        action = bots[seat].choose(given, state.legal(seat))
        assert action in state.legal(seat)
        assert given == frozen, "the bot changed the view it was shown"
        state.apply(seat, action)


def test_imports_nothing_of_the_state_but_the_point_count():
    tree = ast.parse(Path(bot_module.__file__).read_text(encoding="utf-8"))
    imported: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imported.setdefault(("." * node.level) + (node.module or ""), set()).update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            imported.setdefault("import", set()).update(a.name for a in node.names)
    assert imported.get(".state", set()) <= {"card_points", "HAND"}
    assert "import" not in imported or imported["import"] <= {"math"}
    allowed = {"__future__", "functools", "math", "typing", "parlour.core.bot", "parlour.core.cards", "parlour.core.game",
               ".captures", ".state"}
    assert set(imported) - {"import"} <= allowed
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert not names & {"GiacomottoState", "determinize", "hands_of", "stock_cards", "piles"}


def test_same_seeds_same_match():
    game = parlour.load("giacomotto")
    runs = []
    for _ in range(2):
        bots = [make("greedy", game, s, seed=9 + s) for s in range(2)]
        _, record = play_match(game, bots, seed=77)
        runs.append([(a["seat"], a["action"]) for a in record.actions])
    assert runs[0] == runs[1]


# --- the measured series ----------------------------------------------------------------------------------------

def series(players: int, matches: int) -> tuple[int, float, float]:
    """Greedy against random over fixed seeds, greedy sitting on side 0 and side 1 in turn.

    Returns the matches greedy won and each side's average points per pack (greedy's first).
    """
    game = parlour.load("giacomotto", players=players)
    wins, ours, theirs, packs = 0, 0, 0, 0
    for i in range(matches):
        side = i % 2
        greedy = {s for s in range(players) if s % 2 == side}
        bots = [make("greedy" if s in greedy else "random", game, s, seed=100 + 10 * i + s) for s in range(players)]
        state, _ = play_match(game, bots, seed=1000 + i, record=False)
        wins += bool(set(state.winners) & greedy)
        for row in state.sheet.to_dict()["rows"]:
            ours += row["points"][side]
            theirs += row["points"][1 - side]
            packs += 1
    return wins, ours / packs, theirs / packs


@pytest.mark.parametrize("players, matches", [(2, 40), (4, 20)])
def test_beats_random_by_a_wide_margin(players, matches):
    wins, ours, theirs = series(players, matches)
    assert wins >= 0.85 * matches, f"greedy won {wins} of {matches}"
    assert ours >= 2 * theirs, f"points per pack: greedy {ours:.2f}, random {theirs:.2f}"


if __name__ == "__main__":  # python tests/games/giacomotto/test_bot.py: the series' figures
    for n, m in ((2, 40), (4, 20)):
        w, a, b = series(n, m)
        print(f"{n} players: greedy won {w}/{m} ({100 * w / m:.0f}%); points per pack greedy {a:.2f}, random {b:.2f}")
