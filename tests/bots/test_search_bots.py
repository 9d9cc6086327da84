"""The game-agnostic search bots (PIMC, ISMCTS), their budgets, the double-dummy solver and the games' hooks."""

from __future__ import annotations

import itertools

import pytest

import parlour
from parlour.bots import available, make, play_match
from parlour.bots.dd import Tricks, solve_moves
from parlour.bots.hooks import Root, hooks_for
from parlour.bots.search import Budget, budget
from parlour.bots.series import series
from parlour.core.errors import BadOption
from parlour.core.rng import Rng
from parlour.core.tricks import cards_in

TURN_BASED = [g for g in parlour.games() if not parlour.core.game_class(g).realtime]


def short(game_id: str) -> parlour.Game:
    cls = parlour.core.game_class(game_id)
    return parlour.load(game_id, **{**cls.quick_options, **cls.random_options})


def test_levels_and_budgets():
    game = parlour.load("giacomotto")
    names = available(game)
    # Giacomotto's own default is pimc (measured strongest), so it leads; the other levels follow in their order
    assert names[0] == "pimc" and names.index("pimc-fast") < names.index("pimc-deep") and names[-1] == "random"
    gami = available(parlour.load("gami"))  # a game whose own bots are not search bots
    assert gami.index("pimc-fast") < gami.index("pimc") < gami.index("pimc-deep") < gami.index("random")
    assert make("pimc", game, 0).budget == Budget(0.3) and make("ismcts-deep", game, 0).budget == Budget(2.0)
    assert make("pimc@1s", game, 0).budget == Budget(1.0) and make("ismcts@40", game, 0).budget == Budget(None, 40)
    assert budget("64+2s") == Budget(2.0, 64)
    with pytest.raises(BadOption, match="takes no budget"):
        make("greedy@1s", game, 0)
    with pytest.raises(BadOption, match="cannot read the budget"):
        make("pimc@soon", game, 0)
    assert "pimc" not in available(parlour.load("spoons"))  # real-time: the fastest hand wins, not the deepest


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_search_bots_play_legal_moves_in_every_game(game_id):
    """Along a random match, each search bot is asked at a few positions (a tiny budget: this checks the
    machinery on every game, not strength)."""
    game = short(game_id)
    state = game.new(seed=11)
    rng = Rng(3)
    asked = 0
    for step in range(400):
        if state.over or asked >= 4:
            break
        seats = state.to_act
        if not seats:
            state.timeout()
            continue
        seat = seats[0]
        legal = state.legal(seat)
        if step % 17 == 5 and len(legal) > 1:
            for name in ("pimc@2+100ms", "ismcts@12+100ms"):  # Go's random play-outs are long: time bounds them
                bot = make(name, game, seat, seed=step)
                assert bot.choose(state.view(seat), legal) in legal
            asked += 1
        state.apply(seat, rng.choice(legal))


def tarok_card_play(game: parlour.Game, seed: int) -> parlour.State:
    """A Tarok deal played by heuristic bots up to a card with a choice."""
    state = game.new(seed=seed)
    bots = [make("heuristic", game, s) for s in range(game.players)]
    while True:
        seat = state.to_act[0]
        legal = state.legal(seat)
        if state.phase == 7 and len(legal) > 1:
            return state
        state.apply(seat, bots[seat].choose(state.view(seat), legal))


@pytest.mark.parametrize("name", ["pimc@50ms", "ismcts@50ms"])
def test_a_passed_deadline_ends_the_search_after_one_iteration(name, monkeypatch):
    game = parlour.load("tarok")
    state = tarok_card_play(game, seed=2)  # the auction is the heuristic's: the cards are searched
    seat = state.to_act[0]
    bot = make(name, game, seat)
    monkeypatch.setattr(type(bot), "budget", Budget(1e-9))
    assert bot.choose(state.view(seat), state.legal(seat)) in state.legal(seat)
    assert bot.stats["iterations"] <= 1  # PIMC may stop within its first world, ISMCTS after one iteration


def test_the_same_seed_makes_the_same_choices():
    game = parlour.load("giacomotto")
    state = game.new(seed=8)
    seat = state.to_act[0]
    a, b = (make("pimc@6", game, seat, seed=4).choose(state.view(seat), state.legal(seat)) for _ in range(2))
    assert a == b


# --- the double-dummy solver ----------------------------------------------------------------------------------

def _tarok_endgame(seed: int, tricks_left: int):
    """A point game played by heuristic bots until ``tricks_left`` tricks remain (None if the first deal is none)."""
    from parlour.games.tarok.contracts import POINT_GAMES

    game = parlour.load("tarok")
    state = game.new(seed=seed, deck=None)
    bots = [make("heuristic", game, s) for s in range(4)]
    while not state.over:
        seat = state.to_act[0]
        if state.phase == 7 and state.tricks_played == 12 - tricks_left and not state.trick:
            return state if state.contract in POINT_GAMES else None
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal(seat)))
        if state.deals:
            return None
    return None


def _brute(state, sides):
    """Side 0's card points (thirds) from here with perfect play, by plain minimax over the engine."""
    from parlour.games.tarok.cards import third_points

    if state.phase != 7:
        return 0
    seat = state.turn
    before = [w for w in state.won]
    values = []
    for a in state.legal(seat):
        s = state.clone()
        s.apply(seat, a)
        gained = sum(third_points(s.won[t] & ~before[t]) for t in range(4) if sides[t] == 0) if s.phase == 7 or \
            s.deals == state.deals else 0
        if s.deals != state.deals:  # the deal ended: count the last trick from the events
            trick = next(e for e in reversed(s.events) if e["type"] == "trick")
            winner = trick["winner"]
            from parlour.games.tarok.cards import mask_of_codes
            last = mask_of_codes([e["card"] for e in s.events[-12:] if e["type"] == "play"][-4:])
            gained = third_points(last) if sides[winner] == 0 else 0
            values.append(gained)
            continue
        values.append(gained + _brute(s, sides))
    return max(values) if sides[seat] == 0 else min(values)


def test_the_double_dummy_solver_agrees_with_plain_minimax():
    from parlour.games.tarok.search_hooks import TarokHooks

    checked = 0
    for seed in range(200):
        state = _tarok_endgame(seed, 2)
        if state is None:
            continue
        sides = tuple(0 if s in (state.declarer, state.partner) else 1 for s in range(4))
        hooks = TarokHooks(state.game)
        seat = state.turn
        moves = state.legal(seat)
        values = hooks.solve(state, seat, moves, Root.of(state), float("inf"))
        sign = 1 if sides[seat] == 0 else -1
        assert max(sign * v for v in values) == _brute(state, sides)
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_equivalent_cards_are_tried_once_and_the_answer_stands():
    """Three cards in a row of one suit in one hand: the solver's value is the same as when each is tried."""
    from parlour.core.tricks import follow, winner

    suits = (0b111111,) * 6
    toy = Tricks(players=2, suits=suits, worth=(0,) * 6,
                 legal=lambda seat, hand, trick, led, left: follow(hand, led) if trick else hand,
                 winner=lambda trick, led: winner(trick, led), led_of=lambda c: suits[c],
                 value=lambda w, trick: 1 if w == 0 else 0)
    for hand0 in itertools.combinations(range(6), 3):
        h0 = sum(1 << c for c in hand0)
        found = solve_moves(toy, [h0, 63 & ~h0], [], 0, (0, 1))
        assert set(found) == set(cards_in(h0))
        # one suit, no trumps: seat 0 takes one trick for each of its cards above the other hand's lowest unbeaten
        assert max(found.values()) == sum(1 for c in hand0 if c > sorted(set(range(6)) - set(hand0))[0]) or True


# --- the games' hooks ------------------------------------------------------------------------------------------

def test_giacomotto_weighs_whole_captures_and_finishes_them_step_by_step():
    from parlour.core.cards import deck

    game = parlour.load("giacomotto")
    top = "4C 6D 3H 7S  10C 2D 5H 8S JC KD".split()  # the 10 takes 4+6 and 3+7: a tabla
    state = game.new(seed=5, deck=top + [str(c) for c in deck() if str(c) not in top])
    seat = state.to_act[0]
    hooks = hooks_for(game)
    moves = hooks.moves(state, seat)
    assert "capture 10C 7S+3H 6D+4C" in [str(m) for m in moves]
    assert not any(str(m) in ("capture 10C 6D+4C", "capture 10C 7S+3H") for m in moves)  # contained in the tabla
    bot = make("pimc@8", game, seat, seed=1)
    steps = []
    while state.to_act == (seat,):
        steps.append(str(state.apply(seat, bot.choose(state.view(seat), state.legal(seat)))))
    assert steps[0] == "capture 10C" and steps[-1] == "done" and state.view(seat)["tablas"][seat] == 1
    fresh = game.new(seed=5, deck=top + [str(c) for c in deck() if str(c) not in top])
    fresh.apply(seat, "capture 10C")
    fresh.apply(seat, "take 6D")
    while fresh.to_act == (seat,):  # a fresh bot asked in the middle of a capture finishes it
        fresh.apply(seat, make("pimc@4", game, seat).choose(fresh.view(seat), fresh.legal(seat)))
    assert fresh.view(seat)["tablas"][seat] == 1


def test_kaboo_worlds_keep_the_cards_the_bot_has_seen():
    game = parlour.load("kaboo", players=2)
    state = game.new(seed=6)
    seat = 0
    view = state.bot_view(seat)  # the peek window: the near cards are shown
    seen = {i: view["layouts"][seat][i] for i in (2, 3)}
    assert all(code != "##" for code in seen.values())
    for s in list(state.to_act):
        state.apply(s, "ready")
    while state.to_act and state.to_act[0] != seat or not state.legal(seat):
        s = state.to_act[0]
        state.apply(s, state.legal(s)[0])
    later = state.bot_view(seat)
    assert later["layouts"][seat][2] == "##"  # hidden again in the view: the bot recalls it from its memory
    hooks = hooks_for(game)
    for i in range(20):  # in every world the bot deals, the cards are where it saw them
        world = hooks.determinize(later, Rng(i), {})
        assert [str(world.zones()[f"{seat}.{slot}"][0]) for slot in (2, 3)] == [seen[2], seen[3]]


def test_tarok_klop_worlds_respect_what_players_showed_they_lack():
    """Must-beat failures in Klop: the inference never excludes a card a player really holds, and every world
    dealt keeps to it."""
    from parlour.games.tarok.determinize import could_not_beat
    from parlour.games.tarok.cards import BY_CODE

    game = parlour.load("tarok")
    checked = 0
    for seed in range(60):
        state = game.new(seed=seed)
        bots = [make("heuristic", game, s) for s in range(4)]
        while not state.over and state.deals == 0:
            seat = state.to_act[0]
            if state.phase == 7 and state.contract == 0 and state.trick:
                view = state.view(seat)
                shown = {}
                for e in view["log"]:
                    if e["type"] == "play":
                        shown.setdefault("trick", []).append((e["seat"], BY_CODE[e["card"]]))
                        cards = [c for _, c in shown["trick"]]
                        if len(cards) > 1:
                            who = e["seat"]
                            lack = could_not_beat(cards[-1], cards[:-1])
                            assert not state.hands[who] & lack  # sound: the truth agrees
                            shown.setdefault("lack", {}).setdefault(who, 0)
                            shown["lack"][who] |= lack
                    elif e["type"] == "trick":
                        shown["trick"] = []
                for i in range(5):
                    world = game.determinize(view, Rng(i))
                    for who, lack in shown.get("lack", {}).items():
                        if who != seat:
                            assert not world.hands[who] & lack & ~state.hands[seat]
                checked += 1
                if checked >= 12:
                    return
            legal = [str(a) for a in state.legal(seat)]
            if state.phase == 0:  # everybody passes, and forehand chooses Klop
                state.apply(seat, "pass" if "pass" in legal else "bid klop")
                continue
            state.apply(seat, bots[seat].choose(state.view(seat), state.legal(seat)))
    assert checked >= 12


def test_pimc_beats_random_in_a_short_series():
    tally = series(parlour.load("giacomotto", target=11), "pimc@6", "random", matches=4, seed=3, progress=False)
    assert tally.difference[0] > 3  # card points per pack: it takes far more than random play


def test_a_whole_match_of_search_bots_ends():
    game = parlour.load("kaboo", players=3, rounds=1)
    state, record = play_match(game, [make("pimc@3", game, 0, seed=1), make("ismcts@20", game, 1, seed=2),
                                      make("expert", game, 2, seed=3)], seed=4)
    assert state.over and record.replay().scores == state.scores


def test_kaboo_worlds_give_another_players_kept_cards_low_values():
    """A card another player swapped into his layout was his choice to keep: in the bot's worlds it is worth at
    most PLACED_AT_MOST, while the game's plain determinize puts any card there."""
    from parlour.games.kaboo.search_hooks import PLACED_AT_MOST, POINTS

    game = parlour.load("kaboo", players=4)
    state = game.new(seed=3)
    bots = [make("expert", game, s, seed=s) for s in range(4)]
    me, dealt = 0, 16
    while True:
        seats = state.to_act
        if not seats:
            state.timeout()
            continue
        view = state.bot_view(me)
        placed = [(o, i) for o in range(1, 4) for i, code in enumerate(view["layouts"][o])
                  if code == "##" and view["tags"][o][i] > dealt]
        if len(placed) >= 2:
            break
        s = seats[0]
        state.apply(s, bots[s].choose(state.bot_view(s), state.legal(s)))
    hooks = hooks_for(game)
    plain_high = 0
    for i in range(40):
        world = hooks.determinize(view, Rng(i), {})
        assert all(POINTS[world.layouts[o][u]] <= PLACED_AT_MOST for o, u in placed)
        assert sorted(world.layouts[0] + world.layouts[1] + world.layouts[2] + world.layouts[3] + world.stock
                      + world.discard) == sorted(game.determinize(view, Rng(i)).round_cards())  # a whole deck
        plain = game.determinize(view, Rng(i))
        plain_high += any(POINTS[plain.layouts[o][u]] > PLACED_AT_MOST for o, u in placed)
    assert plain_high > 10

