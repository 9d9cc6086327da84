"""Stacked Tysiąc deals for the rule tests: hands by position from the first bidder, simple drivers."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.tysiac.cards import CODES

#: Filler order: low cards first, the nines and the marriage cards last, so that filling never makes a marriage
#: or four nines by accident.
FILL = [c for c in CODES if c[0] not in "9KQ"] + [c for c in CODES if c[0] == "9"] + \
       [c for c in CODES if c[0] in "KQ"]


def stack(*hands: str, prikup: str = "") -> list[str]:
    """24 codes: ``prikup`` (filled up to 3), then the hands of positions 0, 1, 2 (0 bids first; filled up to 7)."""
    used = (" ".join(hands) + " " + prikup).split()
    assert len(used) == len(set(used)), f"a card is used twice: {used}"
    pool = [c for c in FILL if c not in used]
    p = prikup.split()
    while len(p) < 3:
        p.append(pool.pop(0))
    full = [h.split() for h in list(hands) + [""] * (3 - len(hands))]
    while any(len(cards) < 7 for cards in full):
        for cards in full:
            if len(cards) < 7:
                cards.append(pool.pop(0))
    deck = p + [c for cards in full for c in cards]
    assert sorted(deck) == sorted(CODES)
    return deck


def new(*hands: str, prikup: str = "", seed: int = 1, deals: list[list[str]] | None = None, **options: Any):
    """A match whose first deal is stacked (and ``deals`` after it); returns the state."""
    game = parlour.load("tysiac", **options)
    return game.new(seed=seed, deck=[stack(*hands, prikup=prikup)] + (deals or []))


def seat(state, position: int) -> int:
    """The seat ``position`` places after the dealer's left (0 bids first, 2 is the dealer)."""
    return (state.forehand + position) % 3


def act(state, position: int, *texts: str) -> None:
    """Apply actions for the seat at ``position``, checking it is that seat's turn."""
    for text in texts:
        s = seat(state, position)
        assert state.to_act == (s,), f"expected position {position} (seat {s}) to act, not {state.to_act}"
        state.apply(s, text)


def legal(state, position: int) -> list[str]:
    return [str(a) for a in state.legal(seat(state, position))]


def win_auction(state, position: int = 0, bid: int = 100) -> None:
    """``position`` wins the auction with ``bid``, everybody else passing."""
    if position == 0:
        act(state, 0, f"bid {bid}")
        act(state, 1, "pass")
        act(state, 2, "pass")
    else:
        act(state, 0, "bid 100")
        for p in range(1, 3):
            act(state, p, f"bid {bid}" if p == position else "pass")
        if position == 1:
            act(state, 0, "pass")


def exchange(state, to_next: str, to_last: str, contract: int | None = None) -> None:
    """The declarer gives ``to_next`` to the opponent after him and ``to_last`` to the other, then keeps his bid
    (or raises it to ``contract``)."""
    d = state.declarer
    state.apply(d, f"give {to_next} to {(d + 1) % 3}")
    state.apply(d, f"give {to_last} to {(d + 2) % 3}")
    state.apply(d, f"contract {contract or state.contract}")


def exchange_any(state) -> None:
    """The declarer gives the first cards it may and keeps its bid."""
    d = state.declarer
    for _ in range(2):
        state.apply(d, str(state.legal(d)[0]))
    state.apply(d, f"contract {state.contract}")


def marriages_first(options: list[str]) -> str:
    """A simple policy for ``play_out``: declare a marriage when possible, else the first legal action."""
    return next((a for a in options if a.startswith("marry")), options[0])


VALUE = {"9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
MARRIAGE_VALUE = {"H": 100, "D": 80, "C": 60, "S": 40}


def recount(state) -> list[int]:
    """Each seat's points in the last hand played, counted here from its play and trick events."""
    end = max(i for i, e in enumerate(state.events) if e["type"] == "score")
    begin = max(i for i, e in enumerate(state.events[:end]) if e["type"] == "deal")
    points, trick = [0, 0, 0], []
    for e in state.events[begin:end]:
        if e["type"] == "play":
            trick.append(e["card"])
            if "marriage" in e:
                points[e["seat"]] += MARRIAGE_VALUE[e["card"][-1]]
        elif e["type"] == "trick":
            points[e["winner"]] += sum(VALUE[c[:-1]] for c in trick)
            trick = []
    return points


def play(state, *cards: str) -> None:
    """Play cards in turn order (``marry QH`` or ``play QH``; a bare code is a play)."""
    for c in cards:
        state.apply(state.to_act[0], c if " " in c else f"play {c}")


def play_out(state, choose=lambda options: options[0]) -> None:
    """Play the current hand to its end, each seat taking ``choose(legal texts)``."""
    deal = state.deal_no
    while not state.over and state.deal_no == deal:
        s = state.to_act[0]
        state.apply(s, choose([str(a) for a in state.legal(s)]))


def drive(state, plan: dict[int, list[str]]) -> None:
    """Play the current hand to its end: the seat at position ``p`` plays ``plan[p]`` in order (a bare code is a
    play), then its first legal action."""
    deal = state.deal_no
    todo = {p: list(cards) for p, cards in plan.items()}
    while not state.over and state.deal_no == deal:
        s = state.to_act[0]
        queue = todo.get((s - state.forehand) % 3)
        text = queue.pop(0) if queue else str(state.legal(s)[0])
        state.apply(s, text if " " in text else f"play {text}")


def last_row(state):
    label, points, detail = state.sheet.rows[-1]
    return list(points), detail


def set_scores(state, totals: list[int], barrel: list[int] | None = None, lines=None, ps=None) -> None:
    """Put the match at ``totals`` (by seat) before the current hand: a row on the sheet and the standings."""
    state.sheet.add("carried", [t - s for t, s in zip(totals, state.sheet.totals)])
    state.standing.totals = list(totals)
    if barrel is not None:
        state.standing.barrel = list(barrel)
    if lines is not None:
        state.standing.lines = list(lines)
    if ps is not None:
        state.standing.ps = list(ps)
