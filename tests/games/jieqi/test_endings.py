"""How games and matches end: perpetual check loses, other threefold repetition draws, the no-progress count,
and matches of several games with the seats changing colours."""

from __future__ import annotations

from .helpers import fen_of, load, play, setup

MATE_IN_ONE = "3k5/R8/9/9/9/p8/9/9/9/4K3R w - - 0 1"  # i1i10 mates


def test_perpetual_check_loses_on_the_third_repetition():
    state = setup(fen_of({"d1": "K", "h10": "R", "e9": "k"}))
    play(state, "h10h9", "e9e10", "h9h10", "e10e9", "h10h9", "e9e10", "h9h10")
    assert not state.over
    play(state, "e10e9")  # the starting position for the third time; Red checked with every move
    assert state.result == {"winner": 1, "side": "black", "reason": "perpetual check"}
    assert state.scores == (0, 2)


def test_other_repetition_draws():
    state = setup(fen_of({"d1": "K", "a1": "R", "e9": "k"}))
    play(state, "a1a2", "e9e10", "a2a1", "e10e9", "a1a2", "e9e10", "a2a1")
    assert not state.over
    play(state, "e10e9")
    assert state.result == {"winner": None, "side": None, "reason": "repetition"}
    assert state.scores == (1, 1) and state.winners == (0, 1)


def test_a_reveal_or_a_capture_starts_the_no_progress_count_again():
    state = setup(fen_of({"d1": "K", "a1": "R", "e9": "k", "a10": "a~", "i3": "p"}).replace(" 0 1", " 7 1"),
                  quiet_plies=10)
    play(state, "a1a2")
    assert state.view(0)["quiet"] == 8
    play(state, "a10a9")  # a reveal
    assert state.view(0)["quiet"] == 0
    play(state, "a2a3", "i3h3", "a3a4")
    assert state.view(0)["quiet"] == 3
    play(state, "h3h2", "a4a9")  # a capture
    assert state.view(0)["quiet"] == 0 and not state.over


def test_no_capture_and_no_reveal_for_quiet_plies_draws():
    state = setup(fen_of({"d1": "K", "a1": "R", "e10": "k"}), quiet_plies=10)
    play(state, "a1a2", "e10e9", "a2a3", "e9e8", "a3a4", "e8e9", "a4a5", "e9e10", "a5a6")
    assert not state.over and state.view(0)["quiet"] == 9
    play(state, "e10e9")
    assert state.result == {"winner": None, "side": None, "reason": "quiet plies"}


def test_a_mate_on_the_last_quiet_ply_still_wins():
    fen = MATE_IN_ONE.replace(" 0 1", " 9 1")  # nine plies since the last capture or reveal
    assert play(setup(fen, quiet_plies=10), "i1i10").result["reason"] == "checkmate"
    assert play(setup(fen, quiet_plies=10), "i1i2").result["reason"] == "quiet plies"


def test_a_match_of_several_games_changes_colours_and_counts_two_for_a_win():
    state = load(games=2).new(seed=4, deck=[MATE_IN_ONE, MATE_IN_ONE])
    play(state, "i1i10")
    assert not state.over and state.scores == (2, 0)
    view = state.view(1)
    assert view["number"] == 2 and view["red"] == 1 and view["colour"] == "red" and state.to_act == (1,)
    # the pieces missing from the position count as taken, and with nothing covered left everyone knows them
    mate = MATE_IN_ONE.replace("4K3R", "4K3R[N2C2B2A2P5r2n2c2b2a2p4]")
    assert view["log"][0] == {"type": "game", "game": 2, "red": 1, "fen": mate}
    # how the first game ended stays in view: its mating move and the result
    assert [e["type"] for e in view["previous"]] == ["move", "result"]
    assert view["previous"][0]["action"] == "move i1i10" and view["previous"][1]["reason"] == "checkmate"
    assert load(games=2).new(seed=4).view(0)["previous"] == []  # the first game follows none
    play(state, "i1i10")
    assert state.over and state.scores == (2, 2) and state.winners == (0, 1)
    assert [row[0] for row in state.sheet.rows] == ["game 1", "game 2"]
    state.audit()


def test_unstacked_games_of_a_match_start_shuffled_anew():
    state = load(games=2).new(seed=4, deck=[MATE_IN_ONE])
    play(state, "i1i10")
    assert state.view(0)["fen"].startswith("xxxxkxxxx/") and state.number == 2
    assert any(state.hidden)
