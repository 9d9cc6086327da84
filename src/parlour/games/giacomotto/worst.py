"""The costliest Giacomotto positions we know how to reach, for ``bench/worst.py`` and the tests.

A turn costs most on a crowded table: the more table cards, the more groups a high card can take. The table
grows only when players trail, which they may always do (unless ``forced_capture``), so the worst positions are
built by trailing: the small cards (A-7, the most ways to make a sum) all go to the table, and the player to act
holds the kings and queens. The worst of all is a pack in which nobody captured: 51 cards on the table and the
last card, a king, still to play.

>>> import parlour
>>> state = crowded(parlour.load("giacomotto"), 28)
>>> view = state.view(state.to_act[0])
>>> len(view["table"]), view["hand"]
(28, ['QC', 'KC', 'QD', 'KD', 'KH', 'KS'])
>>> [name for name, _ in worst_positions(parlour.load("giacomotto"))][:2]
['16 small cards on the table, kings in hand', '16 small cards on the table, a king taking its first card']
"""

from __future__ import annotations

from typing import Iterator

from parlour.core.cards import Card
from parlour.core.game import Game

from .captures import VALUE
from .state import GiacomottoState

SMALL = [r + s for r in ("A", "2", "3", "4", "5", "6", "7") for s in "CDHS"]
BIG = [r + s for r in ("K", "Q", "J", "10", "9", "8") for s in "CDHS"]
HAND, TABLE = 6, 4


def crowded(game: Game, on_table: int, seed: int = 0) -> GiacomottoState:
    """Pack 1 with ``on_table`` small cards on the table (4..28): everybody trailed its small cards, and the
    player to act holds only high cards, kings first."""
    n = game.players
    trails = on_table - TABLE
    if not 0 <= trails <= len(SMALL) - TABLE:
        raise ValueError(f"the table can hold 4 to {len(SMALL)} small cards, not {on_table}")
    # How many cards each (deal, seat) plays before the moment: those are small, the rest high.
    deals = 48 // (HAND * n)
    smalls = [[0] * n for _ in range(deals)]
    for k in range(trails):
        smalls[k // (HAND * n)][k % n] += 1
    deck, small = SMALL[:TABLE], SMALL[TABLE:]
    hands = {}
    for d in range(deals):
        for position in range(n):
            count = smalls[d][position]
            hands[d, position], small = small[:count], small[count:]
    moment = (trails // (HAND * n), trails % n)
    rest = BIG + small  # the seat to act at the moment gets the first high cards; the others what is left
    for slot in sorted(hands, key=lambda slot: slot != moment):
        missing = HAND - len(hands[slot])
        hands[slot], rest = hands[slot] + rest[:missing], rest[missing:]
    for d in range(deals):
        for position in range(n):
            deck += hands[d, position]
    state = game.new(seed=seed, deck=deck)
    for _ in range(trails):
        seat = state.to_act[0]
        state.apply(seat, f"trail {_lowest(state.view(seat)['hand'])}")
    return state


def nobody_captured(game: Game, seed: int = 0) -> GiacomottoState:
    """The pack's last card, a king, to play onto the 51 cards of a pack in which everybody trailed."""
    ranks = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    deck = [r + s for r in ranks for s in "CDHS"]
    state = game.new(seed=seed, deck=deck)
    while len(state.view(None)["table"]) < 51:
        seat = state.to_act[0]
        state.apply(seat, f"trail {_lowest(state.view(seat)['hand'])}")
    return state


def worst_positions(game: Game) -> Iterator[tuple[str, GiacomottoState]]:
    """Named positions, each the start of its costliest turn and the steps of a capture inside it."""
    for on_table in (16, 20, 24, 28):
        state = crowded(game, on_table)
        yield f"{on_table} small cards on the table, kings in hand", state
        yield f"{on_table} small cards on the table, a king taking its first card", _capturing(state)
    last = nobody_captured(game)
    yield "51 cards on the table (nobody captured), the last card a king", last
    yield "51 cards on the table, the last king taking its first card", _capturing(last)


def _capturing(state: GiacomottoState) -> GiacomottoState:
    """After ``capture`` with the king in hand and one ``take`` of the smallest card that can join."""
    s = state.clone()
    seat = s.to_act[0]
    king = next(c for c in s.view(seat)["hand"] if c.startswith("K"))
    s.apply(seat, f"capture {king}")
    takes = [a for a in s.legal(seat) if str(a).startswith("take")]
    s.apply(seat, min(takes, key=lambda a: VALUE[a.card]))
    return s


def _lowest(hand: list[str]) -> str:
    return min(hand, key=lambda c: (VALUE[Card.parse(c)], c))


def _all() -> list[str]:
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    return [r + s for s in "CDHS" for r in ranks]
