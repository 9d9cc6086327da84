"""A rule-based Kaboo player written from the rules alone (see the package's independence rule).

It plays as a careful person with a perfect memory of what it has seen (the bot view's ``memory``: the face-down
cards its seat saw, where they now lie):

* every card it has not seen is worth the mean of the cards it has not seen (the deck less the discard pile and the
  cards it knows); each layout's total is estimated so, its own and the others';
* a drawn card goes into the slot where it saves most (the highest known card, else an unseen one if the drawn card
  is clearly below the mean); otherwise it is discarded and its power used: a peek at an unseen own card, a spy on
  an unseen card of the player most likely to win, a jack trading its worst card for another player's best known
  (or unseen) one, a queen's look at its worst slot and another's card, traded when that is lower;
* a snap only on a card it knows to match (never a guess: a wrong snap costs a penalty card); after snapping another
  player's card it gives him its worst card;
* it knocks when its estimate is low and clearly below every other player's (the knocker who is not lowest adds 10).
"""

from __future__ import annotations

from typing import Any

from parlour.core.bot import Bot
from parlour.core.game import Action

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: What the others' unseen cards are worth to this player's guess: they have had their peeks and swaps, so a little
#: less than the mean of the deck.
OTHERS_DISCOUNT = 1.0


def value(card: str) -> int:
    """A card's points by the rules: ace 1, 2-10 as printed, J Q and black K 10, red K -1, a joker 0."""
    rank, suit = card[:-1], card[-1]
    if rank == "K":
        return -1 if suit in "HD" else 10
    if rank in ("J", "Q"):
        return 10
    if rank == "A":
        return 1
    return int(rank) if rank.isdigit() else 0


def full_deck(jokers: bool) -> list[str]:
    cards = [r + s for s in "CDHS" for r in RANKS]
    return cards + (["JK", "JK"] if jokers else [])


class KabooPlayer(Bot):
    """Kaboo by estimates from what it has seen, sure snaps, and a careful knock (independent of parlour's bots)."""

    name = "rules"
    #: The bench's match: 3 rounds (the default bot searches every turn; nine rounds would cost several minutes).
    BENCH_OPTIONS = {"rounds": 3}
    description = "rule-based Kaboo: remembers what it saw, swaps down, snaps only sure cards, knocks when lowest"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        texts = {str(a): a for a in legal}
        if len(legal) == 1:
            return legal[0]
        known = self._known(view)
        mean = self._mean(view, known)
        snap = self._snap(view, texts, known)
        if snap:
            return texts[snap]
        kinds = {t.split()[0] for t in texts}
        if "give" in kinds or "stay" in kinds:
            return texts[self._give(view, texts, known, mean)]
        if "trade" in texts or "keep" in texts:
            return texts[self._decide(view, texts, known, mean)]
        if kinds & {"peek", "spy", "jack", "look"}:
            return texts[self._power(view, texts, known, mean)]
        if "swap" in kinds or "discard" in texts:
            return texts[self._drawn(view, texts, known, mean)]
        if "knock" in texts and self._knock(view, known, mean):
            return texts["knock"]
        for t in ("draw", "ready", "pass"):
            if t in texts:
                return texts[t]
        return legal[0]

    # -- knowledge ---------------------------------------------------------------------------------------------

    def _known(self, view: dict[str, Any]) -> dict[tuple[int, int], str]:
        """The cards this seat knows by place: face up on the table or remembered."""
        known: dict[tuple[int, int], str] = {}
        for seat, layout in enumerate(view["layouts"]):
            for slot, card in enumerate(layout):
                if card is not None and card != "##":
                    known[(seat, slot)] = card
        for seat, slot, card in view.get("memory") or []:
            layout = view["layouts"][seat]
            if slot < len(layout) and layout[slot] is not None:
                known[(seat, slot)] = card
        return known

    @staticmethod
    def _mean(view: dict[str, Any], known: dict[tuple[int, int], str]) -> float:
        """The mean value of the cards this seat has not seen."""
        pool = full_deck(bool(view.get("options", {}).get("jokers")))
        for card in list(view.get("discard") or []) + list(known.values()) + [view.get("drawn")]:
            if card and card in pool:
                pool.remove(card)
        return sum(map(value, pool)) / len(pool) if pool else 5.0

    def _slots(self, view: dict[str, Any], seat: int) -> list[int]:
        return [i for i, c in enumerate(view["layouts"][seat]) if c is not None]

    def _estimate(self, view: dict[str, Any], seat: int, known: dict[tuple[int, int], str], mean: float) -> float:
        guess = mean if seat == self.seat else mean - OTHERS_DISCOUNT
        return sum(value(known[(seat, i)]) if (seat, i) in known else guess for i in self._slots(view, seat))

    def _worst(self, view: dict[str, Any], known: dict[tuple[int, int], str], mean: float) -> tuple[int | None, float]:
        """My slot with the highest (estimated) value: what a swap or a gift should get rid of."""
        best, worth = None, float("-inf")
        for i in self._slots(view, self.seat):
            v = value(known[(self.seat, i)]) if (self.seat, i) in known else mean
            if v > worth:
                best, worth = i, v
        return best, worth

    # -- decisions ---------------------------------------------------------------------------------------------

    def _snap(self, view: dict[str, Any], texts: dict[str, Action], known: dict[tuple[int, int], str]) -> str | None:
        rank = (view.get("snap") or {}).get("rank")
        if not rank:
            return None
        choices = []
        for t in texts:
            if not t.startswith("snap "):
                continue
            seat, slot = map(int, t.split()[1].split("."))
            card = known.get((seat, slot))
            if card is None or card[:-1] != rank:
                continue
            if seat == self.seat:
                if value(card) > 0:
                    choices.append((value(card), t))  # a card fewer, its points gone
            else:
                choices.append((5.0, t))  # his card out, and my worst card to him
        return max(choices)[1] if choices else None

    def _give(self, view: dict[str, Any], texts: dict[str, Action], known: dict[tuple[int, int], str],
              mean: float) -> str:
        slot, worth = self._worst(view, known, mean)
        if slot is not None and worth > 0 and f"give {slot}" in texts:
            return f"give {slot}"
        return "stay" if "stay" in texts else next(iter(texts))

    def _drawn(self, view: dict[str, Any], texts: dict[str, Action], known: dict[tuple[int, int], str],
               mean: float) -> str:
        drawn = view.get("drawn")
        v = value(drawn) if drawn else mean
        slot, worth = self._worst(view, known, mean)
        unknown = [i for i in self._slots(view, self.seat) if (self.seat, i) not in known]
        known_high = max(((value(known[(self.seat, i)]), i) for i in self._slots(view, self.seat)
                          if (self.seat, i) in known), default=None)
        if known_high and known_high[0] >= v + 2 and f"swap {known_high[1]}" in texts:
            return f"swap {known_high[1]}"
        if unknown and v <= mean - 2 and f"swap {unknown[0]}" in texts:
            return f"swap {unknown[0]}"
        if known_high and known_high[0] > v and v <= 2 and f"swap {known_high[1]}" in texts:
            return f"swap {known_high[1]}"
        return "discard" if "discard" in texts else next(iter(texts))

    def _rival(self, view: dict[str, Any], known: dict[tuple[int, int], str], mean: float,
               placeable: set[int]) -> int | None:
        """The other player most likely to win the round: the lowest estimate."""
        others = [s for s in range(len(view["layouts"])) if s != self.seat and s in placeable]
        return min(others, key=lambda s: self._estimate(view, s, known, mean)) if others else None

    def _power(self, view: dict[str, Any], texts: dict[str, Action], known: dict[tuple[int, int], str],
               mean: float) -> str:
        kinds = {t.split()[0] for t in texts}
        mine_unknown = [i for i in self._slots(view, self.seat) if (self.seat, i) not in known]
        if "peek" in kinds:
            for i in mine_unknown:
                if f"peek {i}" in texts:
                    return f"peek {i}"
        targets = [tuple(map(int, t.split()[-1].split("."))) for t in texts if t.split()[0] in ("spy", "jack", "look")]
        seats = {s for s, _ in targets}
        rival = self._rival(view, known, mean, seats)
        if "spy" in kinds and rival is not None:
            for s, i in targets:
                if s == rival and (s, i) not in known and f"spy {s}.{i}" in texts:
                    return f"spy {s}.{i}"
            for s, i in targets:
                if (s, i) not in known and f"spy {s}.{i}" in texts:
                    return f"spy {s}.{i}"
        slot, worth = self._worst(view, known, mean)
        if "jack" in kinds and slot is not None:
            # Trade my worst card for the lowest card I know elsewhere, or for an unseen one when mine is high.
            best, gain = None, 0.5
            for t in texts:
                if not t.startswith(f"jack {slot} "):
                    continue
                s, i = map(int, t.split()[2].split("."))
                theirs = value(known[(s, i)]) if (s, i) in known else mean - OTHERS_DISCOUNT
                if worth - theirs > gain:
                    best, gain = t, worth - theirs
            if best:
                return best
        if "look" in kinds and slot is not None:
            options = [t for t in texts if t.startswith(f"look {slot} ")]
            unseen = [t for t in options if tuple(map(int, t.split()[2].split("."))) not in known]
            pick = [t for t in unseen if int(t.split()[2].split(".")[0]) == rival] or unseen or options
            if pick and worth >= mean - 1:
                return pick[0]
        return "skip" if "skip" in texts else next(iter(texts))

    def _decide(self, view: dict[str, Any], texts: dict[str, Action], known: dict[tuple[int, int], str],
                mean: float) -> str:
        look = view.get("look")
        if look and len(look) >= 3:
            mine, other = known.get((self.seat, look[0])), known.get((look[1], look[2]))
            if mine is not None and other is not None and value(other) < value(mine) and "trade" in texts:
                return "trade"
        return "keep" if "keep" in texts else next(iter(texts))

    def _knock(self, view: dict[str, Any], known: dict[tuple[int, int], str], mean: float) -> bool:
        mine = self._estimate(view, self.seat, known, mean)
        unknown = sum(1 for i in self._slots(view, self.seat) if (self.seat, i) not in known)
        others = [self._estimate(view, s, known, mean) for s in range(len(view["layouts"])) if s != self.seat]
        lowest = min(others) if others else float("inf")
        if unknown == 0 and mine <= 3:
            return True
        return unknown <= 1 and mine <= 10 and mine <= lowest - 4
