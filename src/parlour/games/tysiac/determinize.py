"""Determinization: a full Tysiąc match consistent with what one seat knows.

The view's log holds every public action of the current hand (and the seat's own private ones). From it we
work out which cards the seat can place: its own hand, the prikup once shown, the cards it gave or was given,
every card played, the partner of a declared marriage, the four nines of a player who was offered to show
them. The other cards are dealt at random into the other hands (and the face-down prikup during the auction),
respecting what play revealed: a player who did not follow suit holds none of it, one who did not trump holds
no trump, and with ``must_beat`` one who did not beat holds nothing higher. A card given face down to the other
opponent is guessed among the declarer's cards. Deals that contradict the auction (a bid above 120 without a
marriage, the four nines where no one was offered them) are drawn again a few times. Then the hand's actions
are replayed on that deal, which rebuilds everything public exactly: the new state's view for the seat equals
the one it was made from.
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.game import Game
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet

from .actions import give, parse
from .cards import ABOVE, BY_CODE, FULL, MARRIAGE, NINES, SUIT, SUIT_MASKS, cards_in, king, marriage_suits, marriages, queen
from .scoring import Rules, Standing
from .state import HAND, PRIKUP, TysiacState

#: Log events whose action is replayed as it stands.
REPLAYED = {"bid", "rospisat", "contract", "nines", "play on", "play"}
TRIES = 40


def determinize(game: Game, view: Mapping[str, Any], rng: Rng) -> TysiacState:
    n = game.players
    opts = game.options
    log = view["log"]
    start = log[0]
    viewer = view["seat"]
    known = [0] * n                  # cards known to be in each seat's hand after the exchange (played or not)
    played = [0] * n
    voids = [0] * n                  # cards each seat showed it does not hold
    bids = [0] * n
    declarer, bid, contract = -1, 0, 0
    prikup: list[int] | None = None
    gives: dict[int, int | None] = {}  # recipient -> card given (None: not seen)
    nines_holder = -1
    trick: list[tuple[int, int]] = []
    trump = -1
    for e in log:
        t = e["type"]
        if t == "hand" and e["seat"] == viewer:
            known[viewer] |= _mask(e["cards"])
        elif t == "bid" and e["action"] != "pass":
            bids[e["seat"]] = int(e["action"].split()[1])
        elif t == "declarer":
            declarer, bid = e["seat"], e["bid"]
        elif t == "prikup":
            prikup = [BY_CODE[c] for c in e["cards"]]
        elif t == "give":
            gives.setdefault(e["to"], None)
        elif t == "given":
            gives[e["to"]] = BY_CODE[e["card"]]
        elif t == "contract":
            contract = e["contract"]
        elif t == "play on" or t == "nines":
            nines_holder = e["seat"]
        elif t == "play":
            seat, card = e["seat"], BY_CODE[e["card"]]
            played[seat] |= 1 << card
            if "marriage" in e:
                trump = SUIT[card]
                partner = card + 1 if card % 6 == 2 else card - 1
                if not any(played[s] >> partner & 1 for s in range(n)):
                    known[seat] |= 1 << partner
            if trick:
                _observe(trick, seat, card, trump, opts["must_beat"], voids)
            trick.append((seat, card))
            if len(trick) == n:
                trick = []
    if view["phase"] == "nines":
        nines_holder = view["nines"]
    if nines_holder >= 0:
        known[nines_holder] |= NINES
    for s in range(n):
        known[s] |= played[s]
    sizes = [view["hands"][s] + played[s].bit_count() for s in range(n)]
    if viewer is not None:
        known[viewer] = _mask(view["hand"]) | played[viewer]

    opponents = [(declarer + i) % n for i in range(1, n)] if declarer >= 0 else []
    pool = 0
    if prikup is not None:
        pool = sum(1 << c for c in prikup)
        for to, card in gives.items():
            if card is not None:
                known[to] |= 1 << card
                pool &= ~(1 << card)
        for to in opponents:  # a prikup card seen in an opponent's hand is the card it was given
            if to in gives and gives[to] is None and known[to] & pool:
                card = (known[to] & pool).bit_length() - 1
                gives[to] = card
                pool &= ~(1 << card)
        if viewer == declarer or all(c is not None for c in gives.values()):
            known[declarer] |= pool
            pool = 0
        else:
            pool &= ~known[declarer]  # prikup cards the declarer played are still his
    last = None
    for attempt in range(TRIES):
        relax = attempt == TRIES - 1
        deal = _draw(game, rng, known, pool, sizes, voids, declarer, prikup, gives, opponents, relax)
        if deal is None:
            continue
        last = deal
        if relax or _plausible(game, deal, bids, declarer, bid, contract, nines_holder, view["phase"]):
            break
    if last is None:
        raise ValueError("view is inconsistent: the unseen cards do not fill the hands")
    _, dealt, prikup_cards, given = last
    forehand = (start["dealer"] + 1) % n
    deck = list(prikup_cards)
    for i in range(n):
        deck += sorted(cards_in(dealt[(forehand + i) % n]))
    state = _blank(game, view, start, rng)
    state._deal(deck)
    for e in log:
        t = e["type"]
        if t == "give":
            state._apply(e["seat"], give(given[e["to"]], e["to"]))
        elif t in REPLAYED:
            state._apply(e["seat"], parse(e["action"]))
    return state


def _observe(trick: list[tuple[int, int]], seat: int, card: int, trump: int, must_beat: bool, voids: list[int]) -> None:
    """What a follower's card shows it lacks: the suit led, trumps, or (``must_beat``) anything higher."""
    cards = 0
    for _, c in trick:
        cards |= 1 << c
    led = SUIT[trick[0][1]]
    suit = SUIT[card]
    trumped = trump >= 0 and trump != led and cards & SUIT_MASKS[trump]
    if suit != led:
        voids[seat] |= SUIT_MASKS[led]
        if trump >= 0 and suit != trump:
            voids[seat] |= SUIT_MASKS[trump]
        elif must_beat and trumped and card < (cards & SUIT_MASKS[trump]).bit_length() - 1:
            voids[seat] |= ABOVE[(cards & SUIT_MASKS[trump]).bit_length() - 1]
    elif must_beat and not trumped:
        best = (cards & SUIT_MASKS[led]).bit_length() - 1
        if card < best:
            voids[seat] |= ABOVE[best]


def _draw(game: Game, rng: Rng, known: list[int], pool: int, sizes: list[int], voids: list[int],
          declarer: int, prikup: list[int] | None, gives: dict[int, int | None], opponents: list[int], relax: bool):
    """One random deal consistent with the view: (hands after the exchange, hands as dealt, the prikup in order,
    the card given to each opponent), or None if this draw got stuck."""
    n = game.players
    known = list(known)
    given = {to: c for to, c in gives.items() if c is not None}
    prikup_mask = sum(1 << c for c in prikup) if prikup is not None else 0
    from_hand = []  # opponents whose unseen card came from the declarer's dealt hand, not from the prikup
    for to in opponents:
        if to not in gives or gives[to] is not None:
            continue
        choices = list(cards_in(pool & ~voids[to]))
        # each of the declarer's cards not known to have stayed with him is as likely to be the one given
        stayed = (known[declarer] & ~prikup_mask).bit_count() + sum(1 for c in given.values() if not prikup_mask >> c & 1)
        pick = rng.below(len(choices) + max(HAND - stayed, 1))
        if pick < len(choices):
            given[to] = choices[pick]
            known[to] |= 1 << choices[pick]
            pool &= ~(1 << choices[pick])
        else:
            from_hand.append(to)
    if declarer >= 0:
        known[declarer] |= pool  # the prikup cards not given away
    located = 0
    for m in known:
        located |= m
    unknown = FULL & ~located
    slots = [(s, sizes[s] - known[s].bit_count(), FULL if relax else FULL & ~voids[s]) for s in range(n)]
    if prikup is None:
        slots.append((-1, PRIKUP, FULL))
    out = _assign(unknown, slots, rng)
    if out is None:
        return None
    final = [known[s] | out.get(s, 0) for s in range(n)]
    for to in from_hand:
        candidates = list(cards_in(final[to] & ~prikup_mask))
        given[to] = candidates[rng.below(len(candidates))]
    dealt = list(final)
    if prikup is None:
        prikup_cards = list(cards_in(out[-1]))
        rng.shuffle(prikup_cards)
    else:
        prikup_cards = list(prikup)
        for to, card in given.items():
            dealt[to] &= ~(1 << card)
            dealt[declarer] |= 1 << card
        dealt[declarer] &= ~prikup_mask
    return final, dealt, prikup_cards, given


def _assign(unknown: int, slots: list[tuple[int, int, int]], rng: Rng) -> dict[int, int] | None:
    """Deal ``unknown`` into the slots (owner, count, allowed mask), the most constrained first, at random."""
    left = unknown
    out: dict[int, int] = {}
    for owner, need, allowed in sorted(slots, key=lambda sl: (sl[2] & unknown).bit_count() - sl[1]):
        pool = list(cards_in(left & allowed))
        if len(pool) < need or need < 0:
            return None
        rng.shuffle(pool)
        m = 0
        for c in pool[:need]:
            m |= 1 << c
        out[owner] = m
        left &= ~m
    return out if not left else None


def _plausible(game: Game, deal, bids: list[int], declarer: int, bid: int, contract: int, nines_holder: int,
               phase: str) -> bool:
    """Whether a drawn deal agrees with the auction and the nines: the marriages the bids needed, and all four
    nines with the player offered to show them and with nobody else."""
    final, dealt, _, _ = deal
    o = game.options
    for s, b in enumerate(bids):
        if b > 120 and not _allows(dealt[s], b, o):
            return False
    if contract > bid and contract > 120 and not _allows(final[declarer], contract, o):
        return False
    if contract and phase != "nines" and nines_holder < 0:
        for s in range(game.players):
            if final[s] & NINES == NINES and (not o["nines_as_dealt"] or dealt[s] & NINES == NINES):
                return False
    return True


def _allows(hand: int, value: int, options: Mapping[str, Any]) -> bool:
    if options["marriage_cap"]:
        return value <= 120 + sum(MARRIAGE[s] for s in marriage_suits(hand))
    return bool(options["bid_without_marriage"] or marriages(hand))


def _mask(codes: list[str]) -> int:
    m = 0
    for c in codes:
        m |= 1 << BY_CODE[c]
    return m


def _blank(game: Game, view: Mapping[str, Any], start: Mapping[str, Any], rng: Rng) -> TysiacState:
    s = TysiacState.__new__(TysiacState)
    s.game, s.seed = game, -1  # the seed is secret: the determinized future has its own shuffles
    s.rng = Rng(rng.next64())
    s.events = []
    sheet = ScoreSheet.from_dict(view["sheet"])
    sheet.rows = sheet.rows[:start["rows"]]
    s.sheet = sheet
    s.stacked, s.finished, s.won_by = [], False, ()
    s.standing = Standing(list(sheet.totals), list(start["barrel"]), list(start["lines"]), list(start["ps"]))
    o = game.options
    s.rules = Rules(barrel=o["barrel"], lines=o["lines"], rounding=o["rounding"], lock_800=o["lock_800"],
                    barrel_knock=o["barrel_knock"])
    s.dealer, s.deal_no, s.scored = start["dealer"], start["deal"] - 1, start["hands"]
    return s
