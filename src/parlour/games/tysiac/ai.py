"""Tysiąc for learning programs (see :mod:`parlour.ai.spaces`): every action is its own int (a kind in 4 bits and
a payload below 96: a card, a bid in fives up to 400, a card and a seat for a gift); a view is ``4n + 6`` planes
over the 24 cards for ``n`` seats (3), seats counted from the seat itself (``k`` is ``k`` seats on):

* 0: the hand; 1..n: the current trick's cards by who played them; n+1..2n: the cards each seat played in earlier
  tricks this hand; 2n+1..3n: the cards of the tricks each seat won;
* 3n+1: the prikup once shown; 3n+2..4n+1: the cards given to each seat that the seat knows of (the declarer
  knows both, each opponent its own); 4n+2: the kings and queens of the marriages declared;
* 4n+3, flags per seat (entry ``f * n + k``): passed, the high bidder, the declarer, to act, the dealer,
  forehand, the trick's leader, showed four nines;
* 4n+4, numbers per seat (entry ``f * n + k``): its highest bid / 400, its points this hand (marriages
  included) / 400, cards in hand / 10, match total as 0.5 + total / 2000 (clipped), the
  marriages it declared / 280, lines / 3 and Ps / 3 (capped), 1 if it is on the barrel;
* 4n+5, entries: 0–3 the trump one-hot (spades, clubs, diamonds, hearts), 4–9 the phase one-hot (bid, give,
  contract, nines, play, over), 10 the highest bid / 400, 11 the contract / 400, 12 hands dealt / ``deal_limit``
  (0 without a limit).

>>> import parlour
>>> game = parlour.load("tysiac")
>>> state = game.new(seed=1)
>>> action_count(game), observation_shape(game), int(sum(encode(game, state.view(0))[:24]))
(1536, (18, 24), 7)
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Mapping

from parlour.core.encoding import CardPlanes

from .actions import MAX_BID
from .cards import BY_CODE, SUIT_LETTERS, SUIT_NAMES
from .views import PHASE_NAMES

#: All four marriages: 40 + 60 + 80 + 100.
MARRIAGES = 280


def action_count(game: Any) -> int:
    return 96 << 4


def observation_shape(game: Any) -> tuple[int, ...]:
    return (4 * game.players + 6, 24)


def encode(game: Any, view: Mapping[str, Any]) -> list[float]:
    n = view["players"]
    p = CardPlanes(view, BY_CODE, 24, 4 * n + 6)
    rel, planes, mark = p.rel, p.planes, p.mark
    bids = [0] * n
    for e in view["log"]:
        if e["type"] == "bid" and e["action"].startswith("bid "):
            bids[e["seat"]] = max(bids[e["seat"]], int(e["action"].split()[1]))
    mark(3 * n + 1, view["prikup"])
    for g in view["given"]:
        mark(3 * n + 2 + rel(g["to"]), [g["card"]] if g["card"] else ())
    declared = [0] * n
    for m in view["marriages"]:
        letter = SUIT_LETTERS[SUIT_NAMES.index(m["suit"])]
        mark(4 * n + 2, ["K" + letter, "Q" + letter])
        declared[m["seat"]] += m["points"]
    flags, numbers, rest = planes[4 * n + 3:4 * n + 6]
    for s in range(n):
        k = rel(s)
        for f, on in enumerate((s in view["passed"], s == view["bidder"], s == view["declarer"], s in view["to_act"],
                                s == view["dealer"], s == view["forehand"], s == view["leader"],
                                s == view["nines"])):
            flags[f * n + k] = float(on)
        for f, x in enumerate((bids[s] / MAX_BID, view["points"][s] / MAX_BID, view["hands"][s] / 10,
                               0.5 + view["scores"][s] / 2000, declared[s] / MARRIAGES, view["lines"][s] / 3,
                               view["ps"][s] / 3, view["barrel"][s] is not None)):
            numbers[f * n + k] = max(0.0, min(1.0, float(x)))
    if view["trump"]:
        rest[SUIT_NAMES.index(view["trump"])] = 1.0
    rest[4 + PHASE_NAMES.index(view["phase"])] = 1.0
    rest[10] = (view["bid"] or 0) / MAX_BID
    rest[11] = (view["contract"] or 0) / MAX_BID
    limit = view["options"]["deal_limit"]
    rest[12] = min(1.0, (view["deal"] - 1) / limit) if limit else 0.0
    return list(chain.from_iterable(planes))
