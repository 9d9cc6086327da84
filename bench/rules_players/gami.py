"""A rule-based Gami player written from the rules alone (see the package's independence rule).

Every card is open, so a good player reads the position a few exchanges ahead. This one carries its own small
model of the rules (the exchanges, the GAMIs, the two ways to lose), built from ``RULES.md`` alone, and looks three
exchanges ahead (its move, the reply, its next move) with alpha-beta, judging the positions at the horizon as a
player does:

* cards held: each card more than the opponent is worth most (two cards left loses);
* threats: the table cards each side could pick up for a GAMI (the side to move cashes its threat at once);
* mobility: the exchanges each side has (none at its turn loses), and danger when it falls to one or two.

After a GAMI it takes the opponent's card that hurts him most: it searches every take at the first exchange and,
deeper, the few takes its quick ordering ranks highest (the cards of his threats and of his exchanges).
"""

from __future__ import annotations

from typing import Any

from parlour.core.bot import Bot
from parlour.core.game import Action

RANKS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8}
NAMES = {v: k for k, v in RANKS.items()}
RUNS = ((1, 2, 3), (3, 4, 5), (5, 6, 7), (7, 8, 1))
SUITS = "CDH"
WIN = 10_000
DEPTH = 3
DEEP_TAKES = 3

Card = tuple[int, str]  # (rank 1..8, suit)


def parse(text: str) -> Card:
    return RANKS[text[:-1]], text[-1]


def name(card: Card) -> str:
    return NAMES[card[0]] + card[1]


def black(suit: str) -> bool:
    return suit == "C"


def may_exchange(give: Card, take: Card) -> bool:
    """The rules' two exchanges: neighbours in a suit (8 and ace too), or an even rank into the other colour."""
    (r1, s1), (r2, s2) = give, take
    if s1 == s2:
        return (r1 - r2) % 8 in (1, 7)
    return r1 == r2 and r1 % 2 == 0 and black(s1) != black(s2)


def makes_gami(picked: Card, rest: frozenset[Card]) -> bool:
    """Whether ``picked`` makes a GAMI with two cards of ``rest`` (the hand without the card given)."""
    r, s = picked
    for run in RUNS:
        if r in run and all((x, s) in rest for x in run if x != r):
            return True
    return r % 2 == 0 and all((r, t) in rest for t in SUITS if t != s)


def exchanges(hand: frozenset[Card], table: frozenset[Card]) -> list[tuple[Card, Card, bool]]:
    """Every exchange (give, take, makes a GAMI) of ``hand`` with ``table``."""
    out = []
    for g in hand:
        for t in table:
            if may_exchange(g, t):
                out.append((g, t, makes_gami(t, hand - {g})))
    return out


def threats(hand: frozenset[Card], table: frozenset[Card]) -> int:
    """The table cards this hand could pick up for a GAMI."""
    return len({t for g, t, gami in exchanges(hand, table) if gami})


def evaluate(mine: frozenset[Card], theirs: frozenset[Card], table: frozenset[Card]) -> float:
    """The position for the side to move (holding ``mine``), at the horizon."""
    my_moves = exchanges(mine, table)
    if len(mine) <= 2 or not my_moves:
        return -WIN
    if len(theirs) <= 2:
        return WIN
    their_moves = exchanges(theirs, table)
    value = 100.0 * (len(mine) - len(theirs))
    my_threats = len({t for _, t, gami in my_moves if gami})
    their_threats = len({t for _, t, gami in their_moves if gami})
    value += 60.0 * (my_threats > 0) + 10.0 * my_threats - 25.0 * their_threats
    value += 3.0 * (min(len(my_moves), 8) - min(len(their_moves), 8))
    if len(their_moves) <= 2:
        value += 15.0 * (3 - len(their_moves))
    if len(my_moves) <= 2:
        value -= 10.0 * (3 - len(my_moves))
    return value


def take_order(theirs: frozenset[Card], mine_after: frozenset[Card], table: frozenset[Card]) -> list[Card]:
    """The opponent's cards, the most hurtful to take first: those his GAMIs and exchanges need."""
    def hurt(card: Card) -> float:
        rest = theirs - {card}
        gain = 3.0 * makes_gami_potential(card, mine_after)
        return -(threats(rest, table) * 10 + len(exchanges(rest, table))) + gain
    return sorted(theirs, key=hurt, reverse=True)


def makes_gami_potential(card: Card, hand: frozenset[Card]) -> int:
    """How many GAMIs the card would half-complete for me (a card towards my own next GAMI)."""
    r, s = card
    count = sum(1 for run in RUNS if r in run and any((x, s) in hand for x in run if x != r))
    if r % 2 == 0:
        count += sum(1 for t in SUITS if t != s and (r, t) in hand)
    return count


class GamiPlayer(Bot):
    """Gami by a three-exchange alpha-beta over its own model of the rules, with a player's judgement."""

    name = "rules"
    description = "rule-based Gami: looks three exchanges ahead, counts cards, threats and exchanges"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        mine = frozenset(map(parse, view["hand"]))
        theirs = frozenset(map(parse, view["hands"][1 - self.seat]))
        table = frozenset(map(parse, view["table"]))
        best_value = -float("inf")
        scored = []
        for action in legal:
            words = str(action).split()
            give, take = parse(words[1]), parse(words[2])
            grab = parse(words[4]) if len(words) >= 5 else None
            value = -self._search(*self._after(mine, theirs, table, give, take, grab), DEPTH - 1,
                                  -float("inf"), float("inf"))
            scored.append((value, action))
            best_value = max(best_value, value)
        ties = [a for v, a in scored if v == best_value]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    @staticmethod
    def _after(mine: frozenset[Card], theirs: frozenset[Card], table: frozenset[Card], give: Card, take: Card,
               grab: Card | None) -> tuple[frozenset[Card], frozenset[Card], frozenset[Card]]:
        """The position after the exchange, from the opponent's side (his hand, mine, the table)."""
        new_mine = (mine - {give}) | {take}
        new_theirs = theirs
        if grab is not None:
            new_mine, new_theirs = new_mine | {grab}, theirs - {grab}
        return new_theirs, new_mine, (table - {take}) | {give}

    def _search(self, mine: frozenset[Card], theirs: frozenset[Card], table: frozenset[Card], depth: int,
                alpha: float, beta: float) -> float:
        if len(theirs) <= 2:
            return WIN + depth  # I just lost my third-last card: the opponent won (sooner is better)
        if len(mine) <= 2:
            return -WIN - depth
        moves = exchanges(mine, table)
        if not moves:
            return -WIN - depth
        if depth == 0:
            return evaluate(mine, theirs, table)
        moves.sort(key=lambda m: not m[2])  # GAMIs first: they cut the search soonest
        value = -float("inf")
        for give, take, gami in moves:
            grabs: list[Card | None] = [None]
            if gami:
                after = (mine - {give}) | {take}
                grabs = take_order(theirs, after, (table - {take}) | {give})[:DEEP_TAKES]
            for grab in grabs:
                v = -self._search(*self._after(mine, theirs, table, give, take, grab), depth - 1, -beta, -alpha)
                if v > value:
                    value = v
                if value > alpha:
                    alpha = value
                if alpha >= beta:
                    return value
        return value
