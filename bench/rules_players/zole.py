"""A rule-based Zole player written from the rules alone (see the package's independence rule).

What a good club player does, with nothing searched:

* **Bidding**: the hand is valued as players count it (each trump by its rank, the queens most; plain aces, a ten
  guarded by its ace; voids, which let the trumps ruff). Take the talon with a good hand, play a Zole with a very
  strong one, else pass.
* **Laying away** (after a take): the two cards whose points are most at risk and whose going leaves a void,
  never a trump while a plain card can go (the points laid away are the Big one's for sure).
* **Play**, counting every card seen this hand and the suits each player showed void of:
  - win a trick as cheaply as can be sure of it (no card still unseen that a player yet to play could beat it with);
  - the partner sure to win: smear (throw him the most points, plain aces and tens first);
  - else throw the cheapest card, the low trumps before the high ones;
  - the Big one draws trumps with sure winners, then cashes the plain cards that are the highest left of their
    suit; the small ones cash their sure plain winners and otherwise lead low through the Big one.
"""

from __future__ import annotations

from typing import Any

from parlour.core.bot import Bot
from parlour.core.game import Action

TRUMPS = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"]
PLAIN_RANKS = ["A", "10", "K", "9"]
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
DECK = TRUMPS + [r + s for s in "CSH" for r in PLAIN_RANKS]
#: A trump's worth in the bidding, by its rank among the trumps (Q♣ first): what it is likely to win.
BID_WEIGHT = [3.0, 2.6, 2.3, 2.1, 1.8, 1.7, 1.6, 1.5, 1.4, 1.3, 1.2, 1.0, 1.0, 1.0]
TAKE_AT = 8.6
ZOLE_AT = 13.0


def points(card: str) -> int:
    return POINTS.get(card[:-1], 0)


def is_trump(card: str) -> bool:
    return card in TRUMP_INDEX


TRUMP_INDEX = {c: i for i, c in enumerate(TRUMPS)}


def category(card: str) -> str:
    """``"T"`` for a trump, else the plain suit's letter."""
    return "T" if is_trump(card) else card[-1]


def power(card: str) -> int:
    """Higher beats lower within a category (trumps above every plain card)."""
    if is_trump(card):
        return 100 - TRUMP_INDEX[card]
    return 10 - PLAIN_RANKS.index(card[:-1])


def beats(card: str, best: str, led: str) -> bool:
    """Whether ``card`` beats the trick's winning card ``best`` when ``led`` was led."""
    c, b = category(card), category(best)
    if c == "T":
        return b != "T" or power(card) > power(best)
    return c == b == led and power(card) > power(best)


def keep_value(card: str) -> float:
    """What a card is worth keeping: its points, and for a trump its power to win later."""
    if is_trump(card):
        return points(card) + 1.6 * (14 - TRUMP_INDEX[card])
    return points(card) + (3 if card[:-1] == "A" else 0)


def hand_value(hand: list[str]) -> float:
    """The bidding value of a hand (see the module's docstring)."""
    trumps = [c for c in hand if is_trump(c)]
    value = sum(BID_WEIGHT[TRUMP_INDEX[c]] for c in trumps)
    for suit in "CSH":
        cards = [c for c in hand if not is_trump(c) and c[-1] == suit]
        ranks = {c[:-1] for c in cards}
        if not cards and len(trumps) >= 4:
            value += 0.6
        if "A" in ranks:
            value += 1.2 if len(cards) <= 2 else 0.9
            if "10" in ranks:
                value += 0.8
        elif "10" in ranks:
            value += 0.2 if len(cards) >= 2 else 0.0
    return value


class ZolePlayer(Bot):
    """Zole by the rules' standard heuristics and card counting (independent of parlour's bots)."""

    name = "rules"
    #: The bench's match: 6 hands (each player deals twice), to fit more matches in its minutes.
    BENCH_OPTIONS = {"hands": 6}
    description = "rule-based Zole: hand valuation, sure winners by card counting, smearing to the partner"

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        texts = {str(a): a for a in legal}
        if len(legal) == 1:
            return legal[0]
        phase = view.get("phase")
        if phase == "bid" or any(t in texts for t in ("take", "pass")):
            return texts[self._bid(view, texts)]
        if any(t.startswith("discard") for t in texts):
            return texts[self._discard(view["hand"], texts)]
        cards = {t.split()[1]: a for t, a in texts.items() if t.startswith("play ")}
        if not cards:
            return legal[0]
        return cards[self._play(view, list(cards))]

    # -- bidding and laying away ------------------------------------------------------------------------------

    def _bid(self, view: dict[str, Any], texts: dict[str, Action]) -> str:
        value = hand_value(view["hand"])
        # The player on the dealer's left leads the first trick: a little worth to the Big one.
        if view.get("active") and view["active"][0] == self.seat:
            value += 0.4
        if value >= ZOLE_AT and "zole" in texts:
            return "zole"
        if value >= TAKE_AT and "take" in texts:
            return "take"
        return "pass" if "pass" in texts else next(iter(texts))

    @staticmethod
    def _discard(hand: list[str], texts: dict[str, Action]) -> str:
        best, best_score = None, float("-inf")
        for text in texts:
            pair = text.split()[1:]
            rest = [c for c in hand if c not in pair]
            score = 0.0
            for c in pair:
                score += points(c)
                if is_trump(c):
                    score -= 12 + 2 * (14 - TRUMP_INDEX[c])
                elif c[:-1] == "A":
                    score -= 9  # a plain ace usually wins its trick: keep it (its points come anyway)
                elif c[:-1] == "10" and ("A" + c[-1]) in rest:
                    score -= 6  # a ten behind its own ace becomes the suit's top card
            for suit in "CSH":
                before = [c for c in hand if not is_trump(c) and c[-1] == suit]
                after = [c for c in rest if not is_trump(c) and c[-1] == suit]
                if before and not after:
                    score += 7  # a void: the suit's leads can be ruffed
                elif len(after) == 1 and after[0][:-1] not in ("A",):
                    score -= 2  # a lone guard-less card is a gift to the small ones
            if score > best_score:
                best, best_score = text, score
        return best or next(iter(texts))

    # -- play ------------------------------------------------------------------------------------------------

    def _play(self, view: dict[str, Any], legal: list[str]) -> str:
        me = self.seat
        hand = list(view["hand"])
        active = list(view["active"])
        declarer = view.get("declarer")
        mode = view.get("mode")
        seen, voids = self._history(view, active)
        unseen = set(DECK) - set(hand) - seen - set(view.get("laid_away") or [])
        trick = [(t["seat"], t["card"]) for t in view["trick"]]
        if mode not in ("big", "zole"):
            return self._avoid(trick, legal, me == declarer or mode == "table")

        def side(s: int) -> bool:
            return s == declarer

        order = self._order(view, active, trick)
        after = order[order.index(me) + 1:]
        if not trick:
            return self._lead(me, side(me), hand, legal, unseen, voids, order, declarer)
        led = category(trick[0][1])
        wseat, wcard = trick[0]
        for s, c in trick[1:]:
            if beats(c, wcard, led):
                wseat, wcard = s, c
        foes_after = [s for s in after if side(s) != side(me)]
        winners = [c for c in legal if beats(c, wcard, led)]
        sure = [c for c in winners if self._safe(c, led, foes_after, unseen, voids)]
        friend_winning = side(wseat) == side(me)
        trick_points = sum(points(c) for _, c in trick)
        if friend_winning and self._safe(wcard, led, foes_after, unseen, voids):
            return self._smear(legal)
        if sure:
            return min(sure, key=lambda c: (power(c), -points(c)))
        if friend_winning:
            return self._cheapest(legal)
        friends_after = [s for s in after if side(s) == side(me)]
        if winners and not friends_after and (trick_points >= 10 or not foes_after):
            # Last of my side to play: try for the points with the strongest card (the cheapest one when last).
            return (min if not foes_after else max)(winners, key=power)
        return self._cheapest(legal)

    @staticmethod
    def _history(view: dict[str, Any], active: list[int]) -> tuple[set[str], dict[int, set[str]]]:
        """The cards played this hand and, per seat, the categories it showed void of."""
        log = view.get("log") or []
        start = max((i for i, e in enumerate(log) if e.get("type") == "deal"), default=-1)
        seen: set[str] = set()
        voids: dict[int, set[str]] = {s: set() for s in active}
        led = None
        for e in log[start + 1:]:
            kind = e.get("type")
            if kind == "play":
                card = e["card"]
                seen.add(card)
                if led is None:
                    led = category(card)
                elif category(card) != led:
                    # Not following shows a void in the category led (nobody has to ruff: a plain card thrown on
                    # a plain lead says nothing about trumps).
                    voids.setdefault(e["seat"], set()).add(led)
            elif kind == "trick":
                led = None
        return seen, voids

    @staticmethod
    def _order(view: dict[str, Any], active: list[int], trick: list[tuple[int, str]]) -> list[int]:
        leader = trick[0][0] if trick else view.get("leader")
        if leader is None or leader not in active:
            leader = view["to_act"][0]
        i = active.index(leader)
        return active[i:] + active[:i]

    @staticmethod
    def _safe(card: str, led: str, foes: list[int], unseen: set[str], voids: dict[int, set[str]]) -> bool:
        """No foe yet to play can beat ``card`` with any card still unseen that it may hold."""
        for foe in foes:
            void = voids.get(foe, set())
            for other in unseen:
                cat = category(other)
                if cat == led and led not in void:
                    if beats(other, card, led):
                        return False
                elif cat == "T" and "T" not in void and led != "T":
                    # The foe ruffs only when void in the suit led: likely once few of it are left unseen.
                    left = sum(1 for u in unseen if category(u) == led)
                    if (led in void or left <= 1) and beats(other, card, led):
                        return False
        return True

    @staticmethod
    def _smear(legal: list[str]) -> str:
        plain = [c for c in legal if not is_trump(c) or TRUMP_INDEX[c] >= TRUMP_INDEX["AD"]]
        pool = plain or legal
        return max(pool, key=lambda c: (points(c), -keep_value(c)))

    @staticmethod
    def _cheapest(legal: list[str]) -> str:
        return min(legal, key=keep_value)

    def _lead(self, me: int, big: bool, hand: list[str], legal: list[str], unseen: set[str],
              voids: dict[int, set[str]], order: list[int], declarer: int | None) -> str:
        foes = [s for s in order if s != me and (s == declarer) != big]
        trumps = sorted((c for c in legal if is_trump(c)), key=power, reverse=True)
        out_trumps = [c for c in unseen if is_trump(c)]
        foes_have_trumps = any("T" not in voids.get(f, set()) for f in foes) and out_trumps
        # Sure winners among plain cards: the highest unseen of their suit, no foe known void in it (or out of trumps).
        sure_plain = []
        for c in legal:
            if is_trump(c):
                continue
            higher = [u for u in unseen if category(u) == c[-1] and power(u) > power(c)]
            ruffable = any(c[-1] in voids.get(f, set()) and "T" not in voids.get(f, set()) for f in foes)
            if not higher and not (ruffable and foes_have_trumps):
                sure_plain.append(c)
        if big:
            if trumps and foes_have_trumps and power(trumps[0]) > max(map(power, out_trumps)):
                return trumps[0]  # draw trumps with a sure winner
            if sure_plain:
                return max(sure_plain, key=points)
            if trumps and foes_have_trumps and len(trumps) >= 2 + len(out_trumps) // 2:
                return min(trumps, key=keep_value)  # draw trumps cheaply while long in them
            return self._cheapest(legal)
        if sure_plain:
            return max(sure_plain, key=points)
        plain = [c for c in legal if not is_trump(c)]
        if plain:
            # Lead low in a suit the Big one still follows, the suit with most cards unseen (his ruff is likeliest
            # avoided and the partner may win it).
            big_void = voids.get(declarer, set()) if declarer is not None else set()
            def key(c: str) -> tuple[int, int, float]:
                return (c[-1] in big_void, -sum(1 for u in unseen if category(u) == c[-1]), keep_value(c))
            return min(plain, key=key)
        return self._cheapest(legal)

    @staticmethod
    def _avoid(trick: list[tuple[int, str]], legal: list[str], avoiding: bool) -> str:
        """Small zole or the table game: take no trick (the highest card that still loses, else the lowest)."""
        if not trick:
            return min(legal, key=power)
        led = category(trick[0][1])
        best = trick[0][1]
        for _, c in trick[1:]:
            if beats(c, best, led):
                best = c
        losers = [c for c in legal if not beats(c, best, led)]
        if losers:
            # Shed the most dangerous card that still loses: a high one of the suit led, or any card when void.
            return max(losers, key=lambda c: power(c) if category(c) == led else 50 + power(c))
        return min(legal, key=power)
