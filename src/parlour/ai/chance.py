"""A match's deal as chance outcomes, one at a time: what :mod:`parlour.ai.openspiel` makes its chance nodes of.

A dealer has ``steps`` (how many outcomes a match takes), ``size`` (how many distinct outcomes there are),
``outcomes(drawn)`` (the next node's outcomes and their probabilities, after the outcomes ``drawn``), ``text`` of
an outcome, and ``start(game, seed, drawn)``: the parlour match those outcomes deal, through ``game.new(seed,
deck=...)``. Card games choose their deck card by card (:class:`CardDeal`), Jieqi its covered pieces point by point
(:class:`JieqiDeal`); Go deals nothing (:class:`NoDeal`).

>>> import parlour
>>> game = parlour.load("tysiac")
>>> dealer = dealer_for(game, deals=1)
>>> dealer.steps, dealer.size, len(dealer.outcomes([]))
(24, 24, 24)
>>> drawn = [o for o, _ in dealer.outcomes([])][::-1]      # the 24 cards, highest index first
>>> dealer.start(game, 1, drawn).view(0) == game.new(seed=1, deck=[dealer.text(d) for d in drawn]).view(0)
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from parlour.core.game import Game, State


class CardDeal:
    """The decks of the first ``deals`` deals, one card at a time: the outcome is the card's index in ``cards``."""

    def __init__(self, game: Game, deals: int) -> None:
        fresh = game.new(seed=0)
        held = [str(c) for zone in fresh.zones().values() for c in zone]
        if game.id == "claw":  # the Claw's zones hold the worn deck on the table besides the caller's deck
            held = sorted(set(held))
        self.counts = Counter(held)
        self.cards = sorted(self.counts)
        self.per_deal = len(held)
        self.deals = deals
        self.steps = deals * self.per_deal
        self.size = len(self.cards)

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        start = len(drawn) - len(drawn) % self.per_deal
        out = Counter(self.counts)
        out.subtract(self.cards[i] for i in drawn[start:])
        left = self.per_deal - (len(drawn) - start)
        return [(i, out[c] / left) for i, c in enumerate(self.cards) if out[c] > 0]

    def text(self, outcome: int) -> str:
        return self.cards[outcome]

    def deck(self, drawn: Sequence[int]) -> Any:
        decks = [[self.cards[i] for i in drawn[k:k + self.per_deal]] for k in range(0, self.steps, self.per_deal)]
        if not decks:
            return None  # deals=0: the seed deals everything
        return decks[0] if self.deals == 1 else decks

    def start(self, game: Game, seed: int, drawn: Sequence[int]) -> State:
        return game.new(seed=seed, deck=self.deck(drawn))


class JieqiDeal:
    """Jieqi's covered pieces, Red's fifteen points then Black's in the engine's order (``COVER_POINTS``), each
    given one of its side's pieces not yet placed (the outcome is the piece's kind), as the engine's shuffle deals
    them; the first ``deals`` games of the match are dealt so."""

    def __init__(self, game: Game, deals: int) -> None:
        from parlour.games.jieqi.board import BLACK, COVER_POINTS, HIDDEN_SET, LETTERS, RED
        from parlour.games.jieqi.fen import JIEQI_START

        self.points = [(c, sq) for c in (RED, BLACK) for sq in COVER_POINTS[c]]
        self.red, self.letters, self.start_fen = RED, LETTERS, JIEQI_START
        self.counts = Counter(HIDDEN_SET)
        self.per_deal = len(self.points)
        self.deals = min(deals, game.options["games"])
        self.steps = self.deals * self.per_deal
        self.size = len(LETTERS)

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        start = len(drawn) - len(drawn) % self.per_deal
        side = (len(drawn) - start) // 15  # each side's fifteen are one shuffle
        placed = drawn[start + 15 * side:]
        out = Counter(self.counts)
        out.subtract(placed)
        left = 15 - len(placed)
        return [(k, n / left) for k, n in sorted(out.items()) if n > 0]

    def text(self, outcome: int) -> str:
        return self.letters[outcome]

    def fen(self, kinds: Sequence[int]) -> str:
        board, rest = self.start_fen.split(" ", 1)
        ranks = [list("".join("." * int(ch) if ch.isdigit() else ch for ch in row)) for row in board.split("/")]
        for (colour, sq), kind in zip(self.points, kinds):
            letter = self.letters[kind]
            ranks[9 - sq // 9][sq % 9] = (letter if colour == self.red else letter.lower()) + "~"
        rows = []
        for rank in ranks:
            row = "".join(rank)
            for n in range(9, 0, -1):
                row = row.replace("." * n, str(n))
            rows.append(row)
        return "/".join(rows) + " " + rest

    def start(self, game: Game, seed: int, drawn: Sequence[int]) -> State:
        fens = [self.fen(drawn[k:k + self.per_deal]) for k in range(0, self.steps, self.per_deal)]
        return game.new(seed=seed, deck=fens or None)


class NoDeal:
    """A game of no chance (Go): the match starts at once."""

    steps = size = 0

    def outcomes(self, drawn: Sequence[int]) -> list[tuple[int, float]]:
        raise AssertionError("no chance node")

    def text(self, outcome: int) -> str:
        raise AssertionError("no chance node")

    def start(self, game: Game, seed: int, drawn: Sequence[int]) -> State:
        return game.new(seed=seed)


def dealer_for(game: Game, deals: int) -> CardDeal | JieqiDeal | NoDeal:
    """The chance nodes of ``game``'s first ``deals`` deals."""
    if not type(game).chance:
        return NoDeal()
    if game.id == "jieqi":
        return JieqiDeal(game, deals) if not game.options["plain"] else NoDeal()
    cards = CardDeal(game, deals)
    # a game of chance that deals no cards (Skelly: only who shoots first) leaves it all to the seed's node
    return cards if cards.per_deal else NoDeal()
