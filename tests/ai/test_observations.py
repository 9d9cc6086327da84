"""The numeric observations of the games that gained one for issue 30: known positions slice by slice, nothing
hidden leaking, a stable shape over a whole match, and the environments' Box."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

import parlour
from parlour.ai.aec import ParlourEnv
from parlour.ai.spaces import codec_for


def planes(game, view) -> np.ndarray:
    """The tensor of ``view`` in its shape (a bot view, as the environment encodes: see parlour.ai.aec)."""
    codec = codec_for(game)
    return np.asarray(codec.encode(view), dtype=float).reshape(codec.shape)


def play_out(game, seed: int, steps: int = 5000):
    """Random legal moves from a new match, yielding the state before each; stops at the end or at ``steps``."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for _ in range(steps):
        if state.over:
            return
        yield state
        if not state.to_act:  # a timed window nobody acts in: its clock runs out, as the environment does
            state.timeout()
            continue
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal(seat)))
    yield state


# (game id, options) that each check below runs for; options keep a match short
SHORT = {"jieqi": {"quiet_plies": 10}, "gami": {"max_plies": 60}, "kaboo": {"rounds": 2, "jokers": True},
         "golf6": {"rounds": 2}, "crazy-nines": {"rounds": 1}, "testoasa": {"rounds": 2},
         "spoons": {"word": "S", "false_grab": True},
         "claw": {"contest": True, "caller": "rotating", "lost": 3}, "skelly": {"shots": 8},
         "giacomotto": {"target": 30}, "tarok": {"rounds": 1}, "zole": {"hands": 3},
         "tysiac": {"deal_limit": 3}}


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_the_shape_holds_over_a_whole_random_match(game_id):
    game = parlour.load(game_id, **SHORT[game_id])
    shape = codec_for(game).shape
    seen = 0
    for state in play_out(game, seed=3):
        for seat in range(game.players):
            encoded = codec_for(game).encode(state.bot_view(seat))
            assert len(encoded) == math.prod(shape)
            assert all(0.0 <= x <= 1.0 for x in encoded)
        seen += 1
    assert state.over and seen > 10


@pytest.mark.parametrize("game_id", sorted(SHORT))
def test_the_environments_observation_is_a_box_of_the_shape(game_id):
    env = ParlourEnv(game_id, **SHORT[game_id])
    env.reset(seed=1)
    agent = env.agent_selection
    space = env.observation_space(agent)["observation"]
    assert space.shape == codec_for(env.game).shape and space.dtype == np.float32
    assert space.contains(env.observe(agent)["observation"])


# other tables of the games whose tensors grew for issue 30 (other player counts, variants with more to show)
TABLES = [("giacomotto", {"players": 4, "target": 30}), ("tarok", {"players": 3, "rounds": 1}),
          ("zole", {"players": 4, "hands": 4}), ("zole", {"all_pass": "pules", "hands": 6}),
          ("zole", {"all_pass": "table", "hands": 3, "small_zole": True}),
          ("tysiac", {"barrel": True, "lines": True, "rospisat": True, "deal_limit": 4}),
          ("go", {"size": 9, "scoring": "territory", "handicap": 3}),
          ("rengo", {"size": 9, "players": 5, "all_pass": True}), ("rengo", {"size": 9, "players": 4, "pair_go": True})]


@pytest.mark.parametrize("game_id, options", TABLES)
def test_the_shape_holds_on_other_tables(game_id, options):
    """As above, every seat's tensor at every step; Go's random moves never resign, so that a game is played."""
    game = parlour.load(game_id, **options)
    codec = codec_for(game)
    rng = random.Random(2)
    state, steps = game.new(seed=2), 0
    while not state.over:
        for seat in range(game.players):
            encoded = codec.encode(state.view(seat))
            assert len(encoded) == math.prod(codec.shape) and all(0.0 <= x <= 1.0 for x in encoded)
        seat = state.to_act[0]
        state.apply(seat, rng.choice([a for a in state.legal(seat) if str(a) != "resign"]))
        steps += 1
    assert steps > 30


def test_every_game_has_a_numeric_observation():
    for game_id in parlour.games():
        assert codec_for(parlour.load(game_id)).shape, game_id


# --- Jieqi -------------------------------------------------------------------------------------------------

def test_jieqi_a_stacked_position_plane_by_plane():
    from parlour.games.jieqi.board import square
    game = parlour.load("jieqi", games=2)
    # Red: a covered chariot on a1 and its general on e1; Black: a general on d10 and a face-up horse on b8
    state = game.new(seed=1, deck="3k5/9/1n7/9/9/9/9/9/9/R~3K4 w - - 7 1")
    p = planes(game, state.view(0)).reshape(37, 90)
    assert p[7].sum() == 1 and p[7][square("a1")] == 1      # covered, and only that: not a chariot
    assert p[0:7].sum() == 1 and p[0][square("e1")] == 1    # Red's general
    assert p[8].sum() == 1 and p[8][square("d10")] == 1     # Black's general
    assert p[11].sum() == 1 and p[11][square("b8")] == 1    # Black's horse
    assert p[15].sum() == 0
    assert (p[16] == 1).all() and (p[17] == 1).all() and p[18:21].sum() == 0  # Red's seat, Red to move
    assert p[21][0] == pytest.approx(7 / 120) and p[22][0] == 0
    assert [p[i][0] for i in range(23, 29)] == [1, 1, 1, 1, 1, 1]  # nothing of Red's seen yet
    assert p[35:37].sum() == 0
    state.apply(0, "move a1a2")  # it turns up: a chariot
    p = planes(game, state.view(1)).reshape(37, 90)
    assert p[4][square("a2")] == 1 and p[7].sum() == 0
    assert p[16].sum() == 0 and p[17].sum() == 0            # Black's seat, Black to move
    assert p[18][square("a1")] == 1 and p[19][square("a2")] == 1
    assert p[21][0] == 0 and p[22][0] == 1 / 400
    assert p[26][0] == 1 / 2                                  # one of Red's two chariots is seen


def test_jieqi_what_a_covered_piece_is_never_shows():
    game = parlour.load("jieqi")
    for seat in (0, 1):
        a = game.new(seed=1, deck="3k5/9/9/9/9/9/9/9/9/R~3K4 w")
        b = game.new(seed=1, deck="3k5/9/9/9/9/9/9/9/9/C~3K4 w")
        assert (planes(game, a.view(seat)) == planes(game, b.view(seat))).all()
    # a whole start: every covered piece dealt differently by another seed, the same tensor for both seats
    assert all((planes(game, game.new(seed=1).view(s)) == planes(game, game.new(seed=2).view(s))).all()
               for s in (0, 1))


def test_jieqi_a_covered_piece_taken_is_told_to_the_capturer_only():
    game = parlour.load("jieqi")
    states = [game.new(seed=1, deck=f"r2k5/9/9/9/9/9/9/9/9/{p}~3K4 b") for p in "RC"]
    for state in states:
        state.apply(1, "move a10a1")  # Black's chariot takes the covered piece on a1
    red = [planes(game, s.view(0)) for s in states]
    black = [planes(game, s.view(1)) for s in states]
    assert (red[0] == red[1]).all()  # Red never learns what its piece was
    assert (black[0] != black[1]).any()  # Black was told: a chariot or a cannon fewer in Red's unseen pool
    assert black[0][26, 0, 0] == 1 / 2 and black[1][27, 0, 0] == 1 / 2


# --- Gami --------------------------------------------------------------------------------------------------

def test_gami_a_stacked_deal_plane_by_plane():
    from parlour.games.gami.cards import BY_CODE, CODES
    game = parlour.load("gami")
    state = game.new(seed=1, deck=list(CODES))  # seat 1 plays first: the clubs and AD; seat 0: 2D..8D AH 2H
    p = planes(game, state.view(1))
    assert [CODES[i] for i in np.flatnonzero(p[0])] == "AC 2C 3C 4C 5C 6C 7C 8C AD".split()
    assert [CODES[i] for i in np.flatnonzero(p[1])] == "2D 3D 4D 5D 6D 7D 8D AH 2H".split()
    assert [CODES[i] for i in np.flatnonzero(p[2])] == "3H 4H 5H 6H 7H 8H".split()
    assert (p[3] == 1).all() and (p[4] == 0).all() and (p[5] == 1 / 3).all() and p[6:].sum() == 0
    state.apply(1, "exchange 4C 4H")
    p = planes(game, state.view(0))
    assert p[1][BY_CODE["4H"]] == 1 and p[1][BY_CODE["4C"]] == 0 and p[2][BY_CODE["4C"]] == 1
    assert (p[3] == 1).all() and (p[4] == 1 / 200).all()


def test_gami_hides_nothing_so_the_seats_see_it_mirrored():
    """Every card is face up: seat 1's tensor is seat 0's with the two hands and the two scores swapped."""
    game = parlour.load("gami")
    for state in play_out(game, seed=4, steps=30):
        a, b = planes(game, state.view(0)), planes(game, state.view(1))
        assert (a[[1, 0, 2, 4, 5, 7, 6]] == b[[0, 1, 2, 4, 5, 6, 7]]).all()
        assert a[3][0] + b[3][0] == (0 if state.over else 1)  # one of them is to move


# --- the memory games: Kaboo, Golf, Crazy Nines, Testoasa ---------------------------------------------------

def memory_slices(game, vector):
    """The memory games' vector cut as docs/ai.md lists it (parlour.games.memory.ai)."""
    from parlour.games.memory import ai as m
    extra = 4 if game.id == "kaboo" else 0  # Kaboo's penalty slots (parlour.games.kaboo.ai.PENALTY_SLOTS)
    n, per_seat = game.players, m.slots(game, extra) * m.SLOT + 1
    seats, rest = vector[:n * per_seat], list(vector[n * per_seat:])
    out = {"seats": [seats[k * per_seat:(k + 1) * per_seat] for k in range(n)]}
    for name, size in (("drawn", m.CARDS), ("held", 1), ("top", m.CARDS), ("pile", m.CARDS), ("stock", 1),
                       ("phase", len(m.PHASES)), ("turn", n), ("closer", n), ("dealer", n), ("ready", n),
                       ("flips", n), ("scores", n), ("to_act", 1), ("window", 1), ("round", 1),
                       ("snap", len(m.SNAP_RANKS)), ("claimed", 1), ("snappers", n), ("power", len(m.POWERS))):
        out[name], rest = rest[:size], rest[size:]
    assert not rest
    return out


def slot_of(seat_entries, i):
    from parlour.games.memory.ai import CARDS, SLOT
    from parlour.core.cards import CODES
    entry = seat_entries[i * SLOT:(i + 1) * SLOT]
    return [CODES[c] for c in range(CARDS) if entry[c]], list(entry[CARDS:])


def test_kaboo_a_stacked_deal_peeked_cards_are_remembered():
    from parlour.core.cards import CODES
    game = parlour.load("kaboo", players=2)
    state = game.new(seed=1, deck=list(CODES[:52]))  # seat 0 first: 2C 3C | 4C 5C; seat 1: 6C 7C | 8C 9C
    v = memory_slices(game, planes(game, state.bot_view(0)))
    mine, theirs = v["seats"]
    assert slot_of(mine, 0) == ([], [1, 0, 0, 0]) and slot_of(mine, 2) == (["4C"], [1, 0, 1, 0])
    assert slot_of(mine, 3) == (["5C"], [1, 0, 1, 0]) and slot_of(mine, 4) == ([], [0, 0, 0, 0])  # a penalty slot
    assert all(slot_of(theirs, i) == ([], [1, 0, 0, 0]) for i in range(4))
    assert mine[-1] == 4 / 8  # four cards in room for eight
    assert v["phase"] == [1, 0, 0, 0, 0, 0, 0, 0, 0] and v["window"] == [1.0] and v["to_act"] == [1]
    assert v["stock"] == [44 / 162] and sum(v["top"]) == sum(v["pile"]) == sum(v["drawn"]) == 0
    assert v["dealer"] == [0, 1] and v["scores"] == [0.5, 0.5] and v["round"] == [0]
    state.apply(0, "ready")
    state.apply(1, "ready")  # the peek is over: the view shows ## again, the seat still knows its near cards
    assert state.view(0)["layouts"][0][2] == "##"
    v = memory_slices(game, planes(game, state.bot_view(0)))
    assert slot_of(v["seats"][0], 2) == (["4C"], [1, 0, 1, 0]) and v["window"] == [0]
    assert v["phase"][2] == 1 and v["turn"] == [1, 0]
    state.apply(0, "draw")  # the 10C: seat 0 sees what it holds, seat 1 only that a card is held
    v0 = memory_slices(game, planes(game, state.bot_view(0)))
    v1 = memory_slices(game, planes(game, state.bot_view(1)))
    assert CODES[int(np.argmax(v0["drawn"]))] == "10C" and v0["held"] == [1]
    assert sum(v1["drawn"]) == 0 and v1["held"] == [1] and v1["turn"] == [0, 1]
    state.apply(0, "discard")
    v1 = memory_slices(game, planes(game, state.bot_view(1)))
    assert CODES[int(np.argmax(v1["top"]))] == "10C" and v1["pile"][CODES.index("10C")] == 1 / 3


def test_golf_a_stacked_deal_flips_show_to_everyone():
    from parlour.core.cards import CODES
    game = parlour.load("golf6", players=2)
    state = game.new(seed=1, deck=list(CODES[:52]))  # seat 0 first: 2C..7C; seat 1: 8C..KC; the AC discarded
    v = memory_slices(game, planes(game, state.bot_view(1)))
    assert v["phase"][1] == 1 and CODES[int(np.argmax(v["top"]))] == "AC" and v["stock"] == [39 / 162]
    state.apply(0, "flip 0")
    state.apply(0, "flip 3")
    for seat, k in ((0, 0), (1, 1)):  # seat 0's layout is entry 0 for itself, entry 1 for seat 1
        layout = memory_slices(game, planes(game, state.bot_view(seat)))["seats"][k]
        assert slot_of(layout, 0) == (["2C"], [1, 1, 1, 0]) and slot_of(layout, 3) == (["5C"], [1, 1, 1, 0])
        assert slot_of(layout, 1) == ([], [1, 0, 0, 0])
    v = memory_slices(game, planes(game, state.bot_view(1)))
    assert v["flips"] == [0, 1] and v["ready"] == [0, 1] and v["to_act"] == [1]


@pytest.mark.parametrize("game_id", ["kaboo", "golf6", "crazy-nines", "testoasa"])
def test_memory_games_another_seats_face_down_cards_never_show(game_id):
    """Two deals that differ only in one of seat 1's face-down cards (one it peeks at, where the game has a peek)
    and the stock's bottom card give seat 0 one tensor, through the peek and the first turns; seat 1's differ
    where it peeked."""
    from parlour.core.cards import CODES
    game = parlour.load(game_id, players=2)
    rules = game.state_class.rules
    size, peeked = rules.size, (rules.peek_slots or (0,))[0]
    first = game.new(seed=1).view(0)["first"]
    deck = list(CODES[:52] if game_id != "crazy-nines" else CODES[:52] * 2)
    other = list(deck)
    place = size * (1 - first) + peeked  # seat 1's slot in the deal order
    other[place], other[-1] = other[-1], other[place]  # that card changed with the stock's bottom card
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=other)
    for _ in range(6):
        assert (planes(game, a.bot_view(0)) == planes(game, b.bot_view(0))).all()
        if a.over or not a.to_act:
            break
        seat = a.to_act[0]
        # plain moves only: a power that looks at seat 1's cards would (rightly) tell seat 0 what lies there
        move = next(m for m in a.legal(seat) if str(m) in ("ready", "draw", "discard", "skip", "pass", "stay")
                    or str(m).startswith("flip ") and (seat == 0 or str(m) != f"flip {peeked}"))
        a.apply(seat, move)
        b.apply(seat, str(move))
    if rules.peek_slots:  # seat 1 peeked at that card and remembers it
        assert (planes(game, a.bot_view(1)) != planes(game, b.bot_view(1))).any()


def test_the_kaboo_environment_encodes_what_the_seat_remembers():
    env = ParlourEnv("kaboo", players=2)
    env.reset(seed=1)
    for _ in range(2):  # both ready: the peek window closes and the view shows ## again
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    view = env.view("seat_0")
    assert view["phase"] == "turn" and all(c == "##" for c in view["layouts"][0])
    assert json.loads(env.observe("seat_0")["view"]) == json.loads(json.dumps(view))  # the text: the view, no memory
    seat0 = memory_slices(env.game, env.observe("seat_0")["observation"])["seats"][0]
    remembered = env.state().bot_view(0)["memory"]
    assert sorted(slot for owner, slot, _ in remembered if owner == 0) == [2, 3]
    for owner, slot, code in remembered:
        assert slot_of(seat0, slot)[0] == [code]


# --- Spoons ------------------------------------------------------------------------------------------------

def spoons_slices(game, vector):
    from parlour.games.spoons.ai import PER_SEAT
    n = game.players
    v = list(vector)
    seats = v[156:156 + PER_SEAT * n]
    rest = v[156 + PER_SEAT * n:]
    return {"hand": v[:52], "second": v[52:104], "laid": v[104:156],
            "seats": [seats[k * PER_SEAT:(k + 1) * PER_SEAT] for k in range(n)],
            "stock": rest[0], "discard": rest[1], "spoons": rest[2], "phase": rest[3:7], "window": rest[7],
            "to_act": rest[8], "round": rest[9]}


def test_spoons_a_stacked_deal_slice_by_slice():
    from parlour.core.cards import BY_CODE, CODES
    game = parlour.load("spoons", players=3)
    holder = game.new(seed=1).view(0)["holder"]
    # four nines to the pile-holder; then the next seats' hands; the stock's top card the 2C
    deck = ["9C", "9D", "9H", "9S"] + [c for c in CODES[:52] if c[0] != "9"]
    state = game.new(seed=1, deck=deck)
    me = (holder + 1) % 3
    v = spoons_slices(game, planes(game, state.view(me)))
    assert [CODES[i] for i in np.flatnonzero(v["hand"])] == sorted(state.view(me)["hand"], key=BY_CODE.get)
    assert sum(v["second"]) == 0 and sum(v["laid"]) == 0
    assert v["phase"] == [1, 0, 0, 0] and v["window"] == 3 / 10 and v["spoons"] == 1.0
    assert [s[7] for s in v["seats"]] == [0, 0, 1]  # counted from the seat: the holder sits on its right
    assert all(s[0] == 1 and s[1] == 0 and s[2] == 4 / 5 for s in v["seats"])
    state.timeout()  # the countdown ends; the holder has four nines and takes the first spoon
    state.apply(holder, "grab")
    v = spoons_slices(game, planes(game, state.view(me)))
    assert sorted(CODES[i] for i in np.flatnonzero(v["laid"])) == ["9C", "9D", "9H", "9S"]
    assert v["phase"] == [0, 0, 1, 0] and v["window"] == 1.0 and v["to_act"] == 1
    assert v["seats"][2][5] == 1 and v["seats"][2][6] == 1 and v["spoons"] == 1 / 2


def test_spoons_other_hands_never_show():
    from parlour.core.cards import CODES
    game = parlour.load("spoons", players=3)
    holder = game.new(seed=1).view(0)["holder"]
    deck = list(CODES[:52])
    other = list(deck)
    other[4], other[40] = other[40], other[4]  # the next seat's first card changed with one deep in the stock
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=other)
    seat = (holder + 2) % 3  # neither the holder nor the seat whose hand changed
    assert (planes(game, a.view(seat)) == planes(game, b.view(seat))).all()
    assert (planes(game, a.view(holder)) == planes(game, b.view(holder))).all()
    assert (planes(game, a.view((holder + 1) % 3)) != planes(game, b.view((holder + 1) % 3))).any()


# --- The Claw ----------------------------------------------------------------------------------------------

def test_claw_a_stacked_call_plane_by_plane():
    from parlour.core.cards import BY_CODE, CODES
    game = parlour.load("claw", players=2)
    state = game.new(seed=1, deck=list(CODES[:52]))  # the caller calls 2C, 3C, 4C, ...
    p = planes(game, state.view(0))
    spread = {code: (x, y, a) for code, x, y, a in state.view(0)["spread"]}
    assert p.shape == (28, 52) and p[0].sum() == 52 and p[4:8].sum() == 0
    x, y, a = spread["8D"]
    assert p[1:4, BY_CODE["8D"]].tolist() == pytest.approx([x / 1000, y / 640, a / 360])
    assert p[20:24, 0].tolist() == [1, 0, 0, 0] and p[24, 0] == 0 and p[25, 0] == 1  # pause; 52 calls to come
    state.timeout()  # the 2C is called
    state.apply(1, "claim 3C @1")  # wrong: seat 1 sits out this call and the next two
    state.apply(0, "claim 2C @1")  # right: the 2C is seat 0's
    p = planes(game, state.view(1))
    assert p[4, BY_CODE["2C"]] == 1 and p[0, BY_CODE["2C"]] == 0
    assert p[8].sum() == 0 and p[9].tolist() == [1.0 if c == "2C" else 0.0 for c in CODES[:52]]  # seat 0's pile
    assert p[10, 0] > 0 and p[11, 0] == 0  # seat 1 still sits out calls; seat 0 does not


def test_claw_the_calls_to_come_never_show():
    from parlour.core.cards import CODES
    game = parlour.load("claw", players=2)
    deck = list(CODES[:52])
    other = deck[:5] + deck[5:][::-1]  # the same first five calls, the rest in another order
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=other)
    while len(a.view(0)["called"]) < 6:  # each timeout: a pause ends (a card is called) or a call is missed
        for seat in (0, 1):
            assert (planes(game, a.view(seat)) == planes(game, b.view(seat))).all()
        a.timeout()
        b.timeout()
    assert (planes(game, a.view(0)) != planes(game, b.view(0))).any()  # the sixth call differs, and shows


# --- Skelly ------------------------------------------------------------------------------------------------

def test_skelly_a_known_position_cap_by_cap():
    from parlour.games.skelly.ai import PER_CAP
    game = parlour.load("skelly", players=3)
    state = game.new(seed=1)
    shooter = state.to_act[0]
    v = np.asarray(codec_for(game).encode(state.view(shooter))).reshape(-1)
    caps = v[:3 * PER_CAP].reshape(3, PER_CAP)
    assert (caps[:, 0] == 1).all() and caps[:, 1:5].sum() == 0  # every cap in hand
    assert (caps[:, 14] == 1).all() and (caps[:, 18] == 1 / 13).all()  # each shoots for box 1
    assert caps[0, 21] == 1 and caps[1:, 21].sum() == 0 and v[-1] == 1 and v[-2] == 0
    state.apply(shooter, "flick 90 0.5")
    at = state.view(shooter)["caps"][shooter]["at"]
    v = np.asarray(codec_for(game).encode(state.view(shooter))).reshape(-1)
    mine = v[:PER_CAP]
    assert mine[1] == 1 and mine[3:5].tolist() == pytest.approx([(at[0] + 1.5) / 3, (at[1] + 1.5) / 3])
    assert v[-2] == pytest.approx(1 / state.view(0)["shot_limit"])  # one shot played


def test_skelly_hides_nothing_so_each_seat_sees_the_caps_rotated():
    from parlour.games.skelly.ai import PER_CAP
    game = parlour.load("skelly", players=3, shots=4)
    for state in play_out(game, seed=2, steps=8):
        a = np.asarray(codec_for(game).encode(state.view(0)))
        b = np.asarray(codec_for(game).encode(state.view(1)))
        caps_a, caps_b = a[:3 * PER_CAP].reshape(3, PER_CAP), b[:3 * PER_CAP].reshape(3, PER_CAP)
        assert (caps_a[[1, 2, 0]] == caps_b).all() and a[-2] == b[-2]


def test_skelly_flicks_on_a_fixed_grid_every_index_legal_when_to_shoot():
    game = parlour.load("skelly")
    codec = codec_for(game)
    assert not codec.by_legal_index and codec.open_space and codec.size == 72 * 10 and codec.shape == (4 * 22 + 2,)
    state = game.new(seed=1)
    seat = state.to_act[0]
    legal = state.legal(seat)
    assert codec.mask(legal) == list(range(720)) and codec.mask(state.legal((seat + 1) % 4)) == []
    flick = codec.action(18 * 10 + 4, legal)  # straight up the court at power 0.5
    assert (flick.angle, flick.power) == (90.0, 0.5) and flick not in legal  # not in the listed sample: legal too
    state.apply(seat, flick)
    assert state.to_act != (seat,)


# --- Giacomotto --------------------------------------------------------------------------------------------

def giacomotto_deck():
    from parlour.core.cards import CODES
    first = "5C 6C KD AS  AC AD 2C 3C 4C 7C  8C 9C 10C JC QC KC".split()  # the table, seat 0's hand, seat 1's
    return first + [c for c in CODES[:52] if c not in first]


def test_giacomotto_mid_capture_plane_by_plane():
    from parlour.core.cards import CODES
    game = parlour.load("giacomotto", target=50)
    state = game.new(seed=1, deck=giacomotto_deck())  # seed 1: seat 1 deals, seat 0 plays first
    cards = lambda plane: sorted(CODES[i] for i in np.flatnonzero(plane))  # noqa: E731
    p = planes(game, state.view(0))
    assert p.shape == (20, 52) and cards(p[0]) == sorted("AC AD 2C 3C 4C 7C".split())
    assert cards(p[1]) == sorted("5C 6C KD AS".split()) and p[2:8].sum() == 0
    assert (p[12] == 36 / 48).all() and (p[15] == 1).all() and (p[16] == 0).all() and (p[17] == 1).all()
    assert p[18:20].sum() == 0 and p[8:12].sum() == 0 and p[13:15].sum() == 0
    state.apply(0, "capture AC")
    state.apply(0, "take 5C")  # the open group: 5 + 6 makes 11, the ace counted high
    p = planes(game, state.view(0))
    assert cards(p[2]) == ["AC"] and p[3].sum() == 0 and cards(p[4]) == ["5C"]
    assert np.flatnonzero(p[5]).tolist() == [1, 11] and "AC" not in cards(p[0])
    state.apply(0, "take 6C")  # the group is complete; the ace is now 11 only
    q = planes(game, state.view(1))  # all public: seat 1 sees the capture too, not seat 0's hand
    p = planes(game, state.view(0))
    assert cards(p[3]) == ["5C", "6C"] and p[4].sum() == 0 and np.flatnonzero(p[5]).tolist() == [11]
    assert (q[2:6] == p[2:6]).all() and cards(q[0]) == sorted("8C 9C 10C JC QC KC".split())
    assert (q[15] == 0).all() and (q[16] == 1).all() and (q[17] == 5 / 6).all()
    state.apply(0, "take AS")
    state.apply(0, "done")
    p, q = planes(game, state.view(0)), planes(game, state.view(1))
    assert cards(p[6]) == sorted("AC 5C 6C AS".split()) and p[7].sum() == 0 and cards(p[1]) == ["KD"]
    assert (q[7] == p[6]).all() and q[6].sum() == 0
    assert (p[13] == 1).all() and p[14].sum() == 0 and (q[14] == 1).all() and q[13].sum() == 0
    assert p[2:6].sum() == 0 and (p[15] == 0).all() and (q[15] == 1).all()


def test_giacomotto_scores_and_tablas_planes():
    from parlour.core.cards import CODES
    game = parlour.load("giacomotto", target=50)
    first = "5C 6C 4D 7D  AC AD 2C 3C 4C 7C  8C 9C 10C JC QC KC".split()
    state = game.new(seed=1, deck=first + [c for c in CODES[:52] if c not in first])
    for move in ("capture AC", "take 5C", "take 6C", "take 4D", "take 7D", "done"):  # 5 + 6 and 4 + 7: a sweep
        state.apply(0, move)
    assert state.view(0)["tablas"] == [1, 0]
    p, q = planes(game, state.view(0)), planes(game, state.view(1))
    assert (p[10] == 1 / 10).all() and p[11].sum() == 0 and (q[11] == 1 / 10).all() and q[10].sum() == 0
    view = next(s.view(1) for s in play_out(game, seed=1) if s.view(1)["scores"][0])  # after the first pack
    p = planes(game, view)  # seat 1: its side is entry 1
    assert (p[8] == view["scores"][1] / 50).all() and (p[9] == view["scores"][0] / 50).all() and p[9][0] > 0


def test_giacomotto_the_other_hand_never_shows():
    deck = giacomotto_deck()
    other = list(deck)
    other[10], other[-1] = other[-1], other[10]  # seat 1's 8C changed with the stock's last card
    game = parlour.load("giacomotto")
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=other)
    for move in ("capture AC", "take 5C", "take 6C", "take AS", "done"):
        assert (planes(game, a.view(0)) == planes(game, b.view(0))).all()
        a.apply(0, move)
        b.apply(0, move)
    assert (planes(game, a.view(0)) == planes(game, b.view(0))).all()
    assert (planes(game, a.view(1)) != planes(game, b.view(1))).any()


# --- Go and Rengo ------------------------------------------------------------------------------------------

KO = "E6 F6 D5 G5 E4 F4 A2 E5 B1 J9 F5".split()  # Black's F5 takes E5: a ko; A1 is suicide for White


def test_go_a_ko_position_plane_by_plane():
    from parlour.games.rengo.ai import point
    game = parlour.load("go", size=9, komi=6.5)
    state = game.new(seed=1)
    for move in KO:
        state.apply(state.to_act[0], f"play {move}")
    at = lambda plane: sorted(int(i) for i in np.flatnonzero(plane))  # noqa: E731
    w, b = planes(game, state.view(1)).reshape(18, 81), planes(game, state.view(0)).reshape(18, 81)
    assert w.shape == (18, 81) and at(w[2]) == [point("E5", 9)] and at(w[3]) == [point("A1", 9)]
    assert b[2:4].sum() == 0  # Black is not to play: no points barred for it
    assert at(w[0]) == sorted(point(p, 9) for p in "F6 G5 F4 J9".split()) and (w[1] == b[0]).all()
    assert at(w[4]) == at(b[4]) == [point("F5", 9)] and w[5].sum() == 0
    assert (w[6] == 1).all() and (b[6] == 0).all() and (w[7] == 0).all() and (b[7] == 1).all()
    assert (w[8] == 0).all() and w[9:11].sum() == 0 and (w[11] == 56.5 / 100).all()
    assert (b[12] == 1 / 81).all() and b[13].sum() == 0 and (w[13] == 1 / 81).all() and w[12].sum() == 0
    assert (w[14] == 1).all() and w[15].sum() == 0 and w[16:].sum() == 0
    state.apply(1, "pass")
    b = planes(game, state.view(0)).reshape(18, 81)
    assert (b[10] == 1 / 2).all() and b[4].sum() == 0 and (b[8] == 1).all()
    assert b[2].sum() == 0  # the ko is over for Black: E5 is no longer a repetition
    state.apply(0, "pass")  # two passes: the scoring phase; White marks its stone on J9 dead
    state.apply(1, "dead J9")
    view = state.view(0)
    b = planes(game, view).reshape(18, 81)
    assert view["phase"] == "scoring" and (b[9] == 1).all() and at(b[5]) == [point("J9", 9)]
    assert at(b[16]) == sorted(point(p, 9) for p in view["territory"]["black"]) and b[16].sum() > 0
    assert at(b[17]) == sorted(point(p, 9) for p in view["territory"]["white"])


def test_rengo_team_colour_and_the_partner_to_play():
    game = parlour.load("rengo", size=9)
    state = game.new(seed=1)  # Black: seats 0 and 2, White: 1 and 3; the order 0, 1, 2, 3
    state.apply(0, "play E5")
    p = {s: planes(game, state.view(s)).reshape(18, 81) for s in range(4)}
    assert all(p[s][15][0] == 1 for s in range(4))
    assert [p[s][7][0] for s in range(4)] == [1, 0, 1, 0]
    assert [p[s][14][0] for s in range(4)] == [0, 1, 1, 0]  # Black's next stone is seat 2's, White's seat 1's
    assert [p[s][6][0] for s in range(4)] == [0, 1, 0, 0]
    assert (p[0][0] == p[2][0]).all() and (p[1][1] == p[0][0]).all() and p[0][0].sum() == 1


# --- Tarok -------------------------------------------------------------------------------------------------

TAROK_HANDS = {3: "T14 T15 T16 T17 T18 T19 T20 T21 4H 3H 7S 8S", 0: "KS QS NS JS T1 T2 T3 2H 1H JH NH QH",
               1: "KH KD KC T4 T5 T6 4D 3D 2D 1D JD ND", 2: "SKIS T7 T8 T9 T10 T11 QD 9S 10S QC NC JC"}
# seed 1: seat 1 deals, seat 2 is forehand; seat 3 bids Two and calls the king of spades, which seat 0 holds
TAROK_AUCTION = [(3, "bid two"), (0, "pass"), (1, "pass"), (2, "pass"), (3, "contract two"), (3, "call king spades"),
                 (3, "talon 0"), (3, "discard 4H 3H"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")]


def tarok_deck(swap=()):
    hands = {s: h.split() for s, h in TAROK_HANDS.items()}
    for a, b in swap:  # cards changed between hands
        for h in hands.values():
            h[:] = [b if c == a else a if c == b else c for c in h]
    talon = "T12 T13 7C 8C 9C 10C".split()
    return talon + [c for r in (0, 1) for s in (2, 3, 0, 1) for c in hands[s][6 * r:6 * r + 6]]


def test_tarok_the_auction_the_call_and_a_secret_partner_plane_by_plane():
    from parlour.games.tarok.cards import CODES
    from parlour.games.tarok.contracts import NAMES
    game = parlour.load("tarok")
    base = 12  # 3n for its 4 seats: the number planes follow the card planes
    cards = lambda plane: sorted(CODES[i] for i in np.flatnonzero(plane))  # noqa: E731
    state = game.new(seed=1, deck=tarok_deck())
    steps = iter(TAROK_AUCTION)
    for seat, action in steps:
        state.apply(seat, action)
        if action == "pass" and seat == 2:
            break
    p = planes(game, state.view(1))  # seat 1: seat 3 is two seats on, seat 0 three, seat 2 one
    assert p.shape == (26, 54) and cards(p[0]) == sorted(TAROK_HANDS[1].split())
    assert p[base + 7].sum() == 0 and np.flatnonzero(p[base + 8]).tolist() == [NAMES.index("two")]
    assert np.flatnonzero(p[base + 9]).tolist() == [1]  # the contract phase: seat 3 names its game
    flags = p[base + 10]
    assert flags[0:4].tolist() == [0, 0, 0, 0] and flags[4:8].tolist() == [0, 0, 1, 0]  # declarer; high bidder
    assert flags[8:12].tolist() == [1, 1, 0, 1] and flags[16:20].tolist() == [0, 0, 1, 0]  # passed; to act
    assert flags[20:24].tolist() == [1, 0, 0, 0] and flags[24:28].tolist() == [0, 1, 0, 0]  # dealer; forehand
    for seat, action in steps:
        state.apply(seat, action)
        if action.startswith("call"):
            break
    views = {s: planes(game, state.view(s)) for s in range(4)}
    for s, p in views.items():
        assert np.flatnonzero(p[base + 7]).tolist() == [NAMES.index("two")] and cards(p[base + 6]) == ["KS"]
        assert p[base + 10][(3 - s) % 4] == 1  # the declarer
    # the partner: seat 0 knows it is, the others do not know who it is
    assert views[0][base + 10][12] == 1 and views[0][base + 13][1] == 1
    assert all(views[s][base + 10][12:16].sum() == 0 and views[s][base + 13][1] == 0 for s in (1, 2, 3))
    for seat, action in steps:  # the talon, the discard, the announcements (all pass)
        state.apply(seat, action)
    views = {s: planes(game, state.view(s)) for s in range(4)}
    assert all(cards(p[base + 1]) == ["10C", "7C", "8C", "9C"] and cards(p[base + 2]) == ["T12", "T13"]
               for p in views.values())
    assert cards(views[3][base + 3]) == ["3H", "4H"] and all(views[s][base + 3].sum() == 0 for s in (0, 1, 2))
    assert np.flatnonzero(views[1][base + 9]).tolist() == [7] and views[1][base + 10][28 + 1] == 1  # seat 2 leads
    for seat, card in ((2, "9S"), (3, "7S"), (0, "KS")):  # the called king is played: seat 0 is the partner
        state.apply(seat, f"play {card}")
    p = planes(game, state.view(1))
    assert cards(p[2]) == ["9S"] and cards(p[3]) == ["7S"] and cards(p[4]) == ["KS"] and p[1].sum() == 0
    assert p[base + 10][12:16].tolist() == [0, 0, 0, 1] and p[base + 13][1] == 1 and p[base + 13][0] == 0
    state.apply(1, "play T4")  # seat 1 has no spade: its tarok takes the trick
    view = state.view(1)
    p = planes(game, view)
    assert p[1:5].sum() == 0 and cards(p[5]) == ["T4"] and cards(p[6]) == ["9S"] and cards(p[8]) == ["KS"]
    assert cards(p[9]) == sorted("9S 7S KS T4".split()) and p[10:13].sum() == 0
    numbers = p[base + 11]
    assert numbers[0] == view["points_taken"][1] / 210 > 0 and numbers[4] == 1 / 12 and numbers[1:4].sum() == 0
    assert numbers[8:12].tolist() == pytest.approx([11 / 15] * 4)  # 12 dealt (the declarer took 2, laid 2 away)
    assert (numbers[12:16] == 0.5).all() and p[base + 13][4] == 1  # no totals yet; a normal deal


def test_tarok_who_holds_the_called_king_never_shows_before_it_is_played():
    game = parlour.load("tarok")
    a = game.new(seed=1, deck=tarok_deck())
    b = game.new(seed=1, deck=tarok_deck(swap=[("KS", "KD"), ("2H", "4D")]))  # seat 1 is the partner in b
    for seat, action in TAROK_AUCTION + [(2, "play 9S"), (3, "play 7S")]:
        for s in (2, 3):
            assert (planes(game, a.view(s)) == planes(game, b.view(s))).all()
        a.apply(seat, action)
        b.apply(seat, action)
    assert (planes(game, a.view(0)) != planes(game, b.view(0))).any()
    assert (planes(game, a.view(2)) == planes(game, b.view(2))).all()


# --- Zole --------------------------------------------------------------------------------------------------

def test_zole_the_bid_the_talon_and_the_tricks_plane_by_plane():
    from parlour.games.zole.cards import CODES
    game = parlour.load("zole")
    n = 3
    cards = lambda plane: sorted(CODES[i] for i in np.flatnonzero(plane))  # noqa: E731
    # seed 1: seat 2 deals; the talon 7D 8D; seat 0 holds the jacks and diamonds, seat 1 the queens and clubs
    state = game.new(seed=1, deck=list(CODES))
    p = planes(game, state.view(1))
    assert p.shape == (16, 26) and cards(p[0]) == sorted("QC QS QH QD AC 10C KC 9C".split())
    assert p[10:13].sum() == 0 and p[12 + 3].tolist()[4:8] == [1, 0, 0, 0]  # no bid yet; the bid phase
    assert p[13][6:9].tolist() == [0, 0, 1] and p[13][9:12].tolist() == [0, 1, 0]  # seat 0 to act; seat 2 dealt
    state.apply(0, "take")
    views = {s: planes(game, state.view(s)) for s in range(3)}
    assert cards(views[0][10]) == ["7D", "8D"] and views[1][10].sum() == 0 and views[2][10].sum() == 0
    for s, p in views.items():
        assert p[12][1 * n + (0 - s) % n] == 1 and p[12].sum() == 1  # seat 0 took, seen from each seat
        assert p[13][(0 - s) % n] == 1 and p[15][0] == 1 and p[15][5] == 1  # the Big one; a big game; discarding
    assert views[1][13][3:6].tolist() == [1, 1, 0]  # the small ones, seen from seat 1: itself and seat 2
    state.apply(0, "discard 7D 8D")
    views = {s: planes(game, state.view(s)) for s in range(3)}
    assert cards(views[0][11]) == ["7D", "8D"] and views[1][11].sum() == 0
    assert all(p[15][11] == 0 and p[15][12] == 1 and p[15][6] == 1 for p in views.values())
    assert views[1][13][12 + 2] == 1  # seat 0 leads
    for s, card in ((0, "JC"), (1, "QC")):
        state.apply(s, f"play {card}")
    p = planes(game, state.view(2))
    assert cards(p[2]) == ["JC"] and cards(p[3]) == ["QC"] and p[1].sum() == 0
    state.apply(2, "play AS")  # no trump: the QC takes the trick
    view = state.view(2)
    p = planes(game, view)
    assert p[1:4].sum() == 0 and cards(p[4]) == ["AS"] and cards(p[5]) == ["JC"] and cards(p[6]) == ["QC"]
    assert cards(p[9]) == ["AS", "JC", "QC"] and p[7:9].sum() == 0  # seat 1 (two seats on from seat 2) won it
    assert p[14][2] == view["won_points"][1] / 120 == 16 / 120 and p[14][3 + 2] == 1 / 8
    assert p[14][6:9].tolist() == [7 / 10] * 3 and (p[14][9:12] == 0.5).all()


def test_zole_the_talon_and_other_hands_never_show():
    from parlour.games.zole.cards import CODES
    game = parlour.load("zole")
    deck = list(CODES)
    other = list(deck)
    other[0], other[-1] = other[-1], other[0]  # the talon's 7D changed with seat 2's 9H
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=other)
    for seat, action in ((0, "take"), (0, "discard 8D 9D"), (0, "play JC"), (1, "play QC")):
        assert (planes(game, a.view(1)) == planes(game, b.view(1))).all()
        a.apply(seat, action)
        b.apply(seat, action)
    assert (planes(game, a.view(1)) == planes(game, b.view(1))).all()
    assert (planes(game, a.view(0)) != planes(game, b.view(0))).any()  # the Big one saw the talon
    other = list(deck)
    other[17], other[25] = other[25], other[17]  # seat 1's 9C changed with seat 2's 9H: seat 0 sees no change
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=other)
    for seat, action in ((0, "take"), (0, "discard 8D 9D"), (0, "play JC"), (1, "play QC"), (2, "play AS")):
        a.apply(seat, action)
        b.apply(seat, action)
        assert (planes(game, a.view(0)) == planes(game, b.view(0))).all()


# --- Tysiąc ------------------------------------------------------------------------------------------------

# seed 1: seat 2 deals, seat 0 bids first; the prikup 9S JS QS, then seat 0: KS 10S AS 9C JC QC KC, seat 1: 10C AC
# 9D JD QD KD 10D, seat 2: AD 9H JH QH KH 10H AH
TYSIAC_HAND = [(0, "bid 110"), (1, "bid 115"), (2, "pass"), (0, "bid 120"), (1, "pass"), (0, "give 9S to 1"),
               (0, "give JS to 2"), (0, "contract 120"), (0, "play AS"), (1, "play 9S"), (2, "play JS"),
               (0, "marry QC")]


def test_tysiac_the_auction_the_gifts_and_a_marriage_plane_by_plane():
    from parlour.games.tysiac.cards import CODES
    game = parlour.load("tysiac")
    cards = lambda plane: sorted(CODES[i] for i in np.flatnonzero(plane))  # noqa: E731
    state = game.new(seed=1, deck=list(CODES))
    steps = iter(TYSIAC_HAND)
    for seat, action in steps:
        state.apply(seat, action)
        if action == "bid 120":
            break
    p = planes(game, state.view(1))  # seat 1: seat 2 is one seat on, seat 0 two
    assert p.shape == (18, 24) and p[10].sum() == 0  # the prikup not shown yet
    assert p[16][0:3].tolist() == [115 / 400, 0, 120 / 400]  # each seat's highest bid
    assert p[15][0:3].tolist() == [0, 1, 0] and p[15][3:6].tolist() == [0, 0, 1]  # passed; the high bidder
    assert p[15][9:12].tolist() == [1, 0, 0] and p[15][12:15].tolist() == [0, 1, 0]  # to act; the dealer
    assert p[17][4] == 1 and p[17][10] == 120 / 400 and p[17][11] == 0  # the bid phase; no contract yet
    for seat, action in steps:
        state.apply(seat, action)
        if action.startswith("contract"):
            break
    views = {s: planes(game, state.view(s)) for s in range(3)}
    assert all(cards(p[10]) == ["9S", "JS", "QS"] and p[17][11] == 120 / 400 for p in views.values())
    assert cards(views[0][11 + 1]) == ["9S"] and cards(views[0][11 + 2]) == ["JS"]  # the declarer knows both
    assert cards(views[1][11]) == ["9S"] and views[1][12:14].sum() == 0  # seat 1 knows only its own
    assert cards(views[2][11]) == ["JS"] and views[2][12:14].sum() == 0
    assert all(p[15][6 + (0 - s) % 3] == 1 for s, p in views.items())  # seat 0 declares
    for seat, action in steps:  # the first trick, then seat 0 leads the QC declaring the clubs marriage
        state.apply(seat, action)
    view = state.view(2)
    p = planes(game, view)
    assert cards(p[1 + 1]) == ["QC"] and cards(p[4 + 1]) == ["AS"] and cards(p[4 + 2]) == ["9S"]
    assert cards(p[4]) == ["JS"] and cards(p[7 + 1]) == ["9S", "AS", "JS"] and p[7].sum() + p[9].sum() == 0
    assert cards(p[14]) == ["KC", "QC"] and p[17][0:4].tolist() == [0, 1, 0, 0]  # clubs are trumps
    assert p[16][12 + 1] == 60 / 280 and p[16][3 + 1] == view["points"][0] / 400 > 60 / 400  # the AS trick and 60
    assert p[17][8] == 1 and p[15][18 + 1] == 1  # the play phase; seat 0 leads


def test_tysiac_the_prikup_and_a_face_down_gift_never_show():
    from parlour.games.tysiac.cards import CODES
    game = parlour.load("tysiac")
    deck = list(CODES)
    other = list(deck)
    other[0], other[-1] = other[-1], other[0]  # the prikup's 9S changed with seat 2's AH
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=other)
    for seat, action in TYSIAC_HAND[:4]:
        assert (planes(game, a.view(1)) == planes(game, b.view(1))).all()
        a.apply(seat, action)
        b.apply(seat, action)
    a.apply(1, "pass")
    b.apply(1, "pass")
    assert (planes(game, a.view(1)) != planes(game, b.view(1))).any()  # now the prikup is shown
    # the card seat 0 gives seat 1 face down: seat 2 never learns which it was
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=deck)
    for state, gift in ((a, "give 9S to 1"), (b, "give KS to 1")):
        for seat, action in TYSIAC_HAND[:5] + [(0, gift), (0, "give JS to 2")]:
            state.apply(seat, action)
    assert (planes(game, a.view(2)) == planes(game, b.view(2))).all()
    assert (planes(game, a.view(1)) != planes(game, b.view(1))).any()
    # seat 1's 10D changed with seat 2's 10H: the declarer's tensor is the same all through
    other = list(deck)
    other[16], other[22] = other[22], other[16]
    a, b = game.new(seed=1, deck=deck), game.new(seed=1, deck=other)
    for seat, action in TYSIAC_HAND:
        a.apply(seat, action)
        b.apply(seat, action)
        assert (planes(game, a.view(0)) == planes(game, b.view(0))).all()
    assert (planes(game, a.view(1)) != planes(game, b.view(1))).any()
