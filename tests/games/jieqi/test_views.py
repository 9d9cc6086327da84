"""What each seat may know: covered pieces stay covered for everyone, a captured covered piece is told to the
capturer only (or to both, as a variant), and determinization deals only what the seat has not seen."""

from __future__ import annotations

import json

from parlour.core.rng import Rng
from parlour.games.jieqi.board import BLACK, COVER_POINTS, COVERED, RED, square

from .helpers import fen_of, load, play, setup

#: Red's chariot on a5 takes the covered piece on a7, which is really a chariot; c7 hides a horse.
TAKE_COVERED = fen_of({"e1": "K", "d10": "k", "a5": "R", "a7": "r~", "c7": "n~"})


def test_a_covered_piece_taken_is_told_to_the_capturer_only():
    state = play(setup(TAKE_COVERED), "a5a7")
    move = [e for e in state.events if e["type"] == "move"][-1]
    assert move["capture"] == "x" and move["covered"] and "reveal" not in move
    capturer, owner, spectator = state.view(0), state.view(1), state.view(None)
    assert capturer["captured"]["black"][-1] == {"piece": "r", "covered": True}
    assert owner["captured"]["black"][-1] == {"piece": "x", "covered": True}
    assert spectator["captured"]["black"][-1] == {"piece": "x", "covered": True}
    assert {"type": "identity", "only": [0], "point": "a7", "piece": "r"} in capturer["log"]
    for view in (owner, spectator):
        assert not [e for e in view["log"] if e["type"] == "identity"]
        assert '"r"' not in json.dumps(view["captured"])
    # Black's 13 pieces missing from the setup were never seen: x13, and the capture makes x14 or r1 x13
    assert capturer["fen"].split()[0].endswith("r1x13]") and owner["fen"].split()[0].endswith("P5x14]")
    # what the capturer knows it counts off what Black's covered piece on c7 may be; the others cannot
    assert capturer["unseen"]["black"].get("r", 0) == 1 and owner["unseen"]["black"]["r"] == 2


def test_as_a_variant_both_players_are_told():
    state = play(setup(TAKE_COVERED, captures_shown="both"), "a5a7")
    move = [e for e in state.events if e["type"] == "move"][-1]
    assert move["capture"] == "r" and move["covered"]
    for seat in (0, 1, None):
        assert state.view(seat)["captured"]["black"][-1] == {"piece": "r", "covered": True}
        assert state.view(seat)["unseen"]["black"].get("r", 0) == 1


def test_a_captured_identity_the_seat_was_not_told_may_be_redealt_without_changing_its_view():
    state = play(setup(TAKE_COVERED), "a5a7")
    other = state.clone()
    kind, how = other.captured[BLACK][-1]
    c7 = square("c7")
    other.captured[BLACK][-1], other.hidden[c7] = (other.hidden[c7], how), kind  # a7 was the horse, c7 the chariot
    assert other.view(1) == state.view(1) and other.view(None) == state.view(None)
    assert other.view(0) != state.view(0)  # the capturer was told


def random_state(seed: int, plies: int, **options):
    state = load(**options).new(seed=seed)
    rng = Rng(seed)
    for _ in range(plies):
        if state.over:
            break
        state.apply(state.to_act[0], rng.choice(state.legal(state.to_act[0])))
    return state


def test_determinize_deals_again_only_what_the_seat_has_not_seen():
    game = load()
    state = random_state(12, 70)
    for seat in (0, 1, None):
        view = state.view(seat)
        deals = set()
        for attempt in range(6):
            d = game.determinize(json.loads(json.dumps(view)), Rng(attempt))
            assert d.view(seat) == view
            assert d.legal(d.to_act[0]) == state.legal(state.to_act[0])
            # every piece the seat has seen keeps its identity: revealed ones are on the board as they are
            for sq in range(90):
                if state.board[sq] and not state.board[sq] & COVERED:
                    assert d.board[sq] == state.board[sq]
            deals.add(tuple(d.hidden))
        assert len(deals) > 1, "the covered pieces are dealt at random"
    # what the seat was told of its captures stays as it was told
    for seat in (0, 1):
        d = game.determinize(state.view(seat), Rng(1))
        own = state.colour_of(seat) ^ BLACK
        told = [(k, how) for k, how in state.captured[own] if state.knows(seat, own, how)]
        assert [(k, how) for k, how in d.captured[own] if d.knows(seat, own, how)] == told


def test_determinize_rebuilds_the_repetition_history():
    state = setup(fen_of({"d1": "K", "h10": "R", "e9": "k"}))
    play(state, "h10h9", "e9e10", "h9h10", "e10e9", "h10h9", "e9e10", "h9h10")
    d = load().determinize(state.view(1), Rng(3))
    assert d.keys == state.keys and d.checks == state.checks
    play(d, "e10e9")
    assert d.result["reason"] == "perpetual check"


def test_only_the_seat_to_move_is_shown_its_moves():
    state = load().new(seed=2)
    assert len(state.view(0)["legal"]) == 44 and state.view(1)["legal"] == [] and state.view(None)["legal"] == []
    assert state.view(0)["to_act"] == [0] and state.view(0)["to_move"] == "red"


def test_every_covered_point_of_a_side_may_hold_any_of_its_unseen_pieces():
    state = load().new(seed=9)
    view = state.view(0)
    assert view["unseen"] == {"red": {"A": 2, "B": 2, "N": 2, "R": 2, "C": 2, "P": 5},
                              "black": {"a": 2, "b": 2, "n": 2, "r": 2, "c": 2, "p": 5}}
    assert all(state.board[sq] & COVERED for c in (RED, BLACK) for sq in COVER_POINTS[c])
