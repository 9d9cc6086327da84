"""A look lasts its window (issue 23): a 7 or 8's peek and a 9 or 10's spy end the looker's turn, but she keeps
looking until she says she is done (``ready``) or the look's window closes. The rules still let the next player's
draw close the window (records replay as they were), so the table holds that draw while a person looks: a bot
waits, a person is told why (``tests/server/test_looks_wait.py``). These are the rules."""

from __future__ import annotations

from parlour.games.kaboo import Kaboo

from memory.helpers import layout, ready_all, seats, stack

A_CARDS, B_CARDS = "5S 6S 7S 8S", "5H 9H 10H JH"


def start(*layouts: str, players: int = 2, stock: str = "", **options):
    game = Kaboo(players=players, **options)
    state = game.new(seed=5, deck=stack(game, *layouts, stock=stock))
    ready_all(state)
    return state, seats(state)


def legal(state, seat) -> list[str]:
    return [str(m) for m in state.legal(seat)]


def test_after_a_peek_the_looker_stays_in_the_window_until_she_is_done():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="7D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, "peek 0")
    state.apply(b, "pass")
    state.apply(a, "pass")
    # her turn is over, but she is still looking: the card shows, and she may say she is done
    assert state.turn == b and state.looking == (a,) and a in state.to_act and "ready" in legal(state, a)
    assert layout(state, a, a)[0] == "5S" and layout(state, b, a)[0] == "##"
    assert state.view(b)["looking"] == [[a, a, 0]] and state.deadline == 5.0
    state.apply(a, "ready")
    assert layout(state, a, a)[0] == "##" and state.looking == () and state.deadline is None
    assert state.to_act == (b,) and legal(state, b) == ["draw", "knock"]


def test_a_spy_is_held_the_same_way_and_closes_at_the_windows_end():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="9D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, f"spy {b}.1")
    assert state.looking == (a,) and layout(state, a, b)[1] == "9H"
    state.timeout()
    assert state.looking == () and layout(state, a, b)[1] == "##" and "ready" not in legal(state, a)


def test_the_next_players_draw_still_closes_a_look_by_the_rules():
    """Records made before looks were held have the next player draw during a look: it stays legal, and the
    table (not the rules) makes it wait."""
    state, (a, b) = start(A_CARDS, B_CARDS, stock="7D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, "peek 0")
    state.apply(b, "draw")
    assert state.looking == () and layout(state, a, a)[0] == "##" and state.legal(a) == []


def test_a_looker_who_is_done_still_may_snap():
    state, (a, b) = start(A_CARDS, B_CARDS, stock="7D 3C")
    state.apply(a, "draw")
    state.apply(a, "discard")
    state.apply(a, "peek 2")  # her 7♠ lies in slot 2: a 7 is on the pile
    state.apply(a, "ready")
    assert f"snap {a}.2" in legal(state, a)
    state.apply(a, f"snap {a}.2")
    assert state.layouts[a][2] == -1
