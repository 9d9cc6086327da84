"""Spoons for learning programs (see :mod:`parlour.ai.spaces`).

``pass C`` is the card's number, ``grab`` 64. A view is one flat vector (docs/ai.md lists it slice by slice):
the seat's hand over the 52 cards (a plane for one copy, a plane for a second: two decks above six players), the
four cards laid down with the first spoon, then per seat from the seat itself on: still in, letters, cards in
hand, cards waiting face down in front of it, cards passed this round, has a spoon, laid the first spoon, is the
pile-holder, is the dealer; then the stock, the discard pile, the spoons left, the phase, the window's seconds,
whether the seat may act, and the round. The cards in another hand or waiting in a queue are only counted: the
view never shows them (nor the seat's own queue, face down until it picks them up).

>>> import parlour
>>> game = parlour.load("spoons", players=3)
>>> vector = encode(game, game.new(seed=1).view(0))
>>> observation_shape(game), sum(vector[:52]), vector[3 * 52 + 1]    # four cards in hand; no letter yet
((193,), 4.0, 0.0)
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.cards import BY_CODE

#: Entries per seat: still in, letters, hand, queue, passed, has a spoon, laid, holder, dealer.
PER_SEAT = 9
PHASES = ("countdown", "passing", "grab", "over")
#: Scales: cards in a hand (four, and the one being decided about), a queue, passes in a round, two decks.
HAND, QUEUE, PASSES, DECKS = 5, 10, 200, 104


def action_count(game: Any) -> int:
    return 65


def observation_shape(game: Any) -> tuple[int, ...]:
    return (3 * 52 + PER_SEAT * game.players + 3 + len(PHASES) + 3,)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    n = game.players
    seat = view["seat"] or 0
    hand, second, laid = [0.0] * 52, [0.0] * 52, [0.0] * 52
    for code in view["hand"]:
        plane = second if hand[BY_CODE[code]] else hand
        plane[BY_CODE[code]] = 1.0
    for code in (view["laid"] or {}).get("cards", ()):
        laid[BY_CODE[code]] = 1.0
    out = hand + second + laid
    word = len(view["word"])
    for k in range(n):
        s = (seat + k) % n
        out += [1.0 if s in view["alive"] else 0.0, min(view["letters"][s] / word, 1.0),
                min(view["hands"][s] / HAND, 1.0), min(view["queues"][s] / QUEUE, 1.0),
                min(view["passed"][s] / PASSES, 1.0), 1.0 if s in view["grabbed"] else 0.0,
                1.0 if view["laid"] and view["laid"]["seat"] == s else 0.0,
                1.0 if view["holder"] == s else 0.0, 1.0 if view["dealer"] == s else 0.0]
    out += [min(view["stock"] / DECKS, 1.0), min(view["discard"] / DECKS, 1.0), max(view["spoons"] - len(view["grabbed"]), 0) / max(n - 1, 1)]  # the spoons still in the middle
    out += [1.0 if view["phase"] == p else 0.0 for p in PHASES]
    window = max(view["options"]["countdown"], view["options"]["grab_seconds"], 1)
    out += [min((view["deadline"] or 0.0) / window, 1.0), 1.0 if view["seat"] in view["to_act"] else 0.0,
            min((view["round"] - 1) / (n * word), 1.0)]
    return out
