"""Determinization: a full Tysiąc match consistent with what one seat knows.

The view's log holds every public action of the current hand (and the seat's own private ones). From it we
work out which cards the seat can place: its own hand, the prikup once shown, the cards it gave or was given,
every card played, the partner of a declared marriage, the four nines of a player who was offered to show
them. The other cards are dealt at random into the other hands (and the face-down prikup during the auction),
respecting what play revealed: a player who did not follow suit holds none of it, one who did not trump holds
no trump, and with ``must_beat`` one who did not beat holds nothing higher. A card given face down to the other
opponent is guessed among the declarer's cards. Deals that contradict the auction (a bid above 120 without a
marriage, the four nines where no one was offered them) are drawn again, up to ``TRIES`` times. Then the hand's actions
are replayed on that deal, which rebuilds everything public exactly: the new state's view for the seat equals
the one it was made from.
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.game import Game
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.tricks import deal_unseen, shown_void

from .actions import give, parse
from .cards import ABOVE, BY_CODE, FULL, MARRIAGE, NINES, SUIT, SUIT_MASKS, cards_in, marriage_suits, marriages
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
    chosen = None  # a deal that replays, and agrees with the auction if one of the first TRIES does
    for attempt in range(10 * TRIES):
        deal = _draw(game, rng, known, pool, sizes, voids, declarer, prikup, gives, opponents)
        if not _replays(game, deal, contract, nines_holder, view["phase"]):
            continue
        if chosen is None or _plausible(game, deal, bids, declarer, bid, contract):
            chosen = deal
        if attempt >= TRIES or _plausible(game, chosen, bids, declarer, bid, contract):
            break
    if chosen is None:
        raise ValueError("the view is inconsistent: no deal replays its actions")
    _, dealt, prikup_cards, given = chosen
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
    led = SUIT_MASKS[SUIT[trick[0][1]]]
    trumps = SUIT_MASKS[trump] if trump >= 0 else 0
    voids[seat] |= shown_void(card, led, trumps)
    if not must_beat:
        return
    bit = 1 << card
    if bit & led:
        beaten = 0 if cards & trumps & ~led else cards & led  # beneath a trump nothing had to be beaten
    elif bit & trumps:
        beaten = cards & trumps
    else:
        return
    if beaten and card < beaten.bit_length() - 1:
        voids[seat] |= ABOVE[beaten.bit_length() - 1]


def _draw(game: Game, rng: Rng, known: list[int], pool: int, sizes: list[int], voids: list[int],
          declarer: int, prikup: list[int] | None, gives: dict[int, int | None], opponents: list[int]):
    """One random deal consistent with the view: (hands after the exchange, hands as dealt, the prikup in order,
    the card given to each opponent). The voids shown are respected if they can be (see ``deal_unseen``)."""
    n = game.players
    prikup_mask = sum(1 << c for c in prikup) if prikup is not None else 0
    known, given, from_hand = _guess_gives(rng, known, pool, sizes, voids, declarer, prikup_mask, gives, opponents)
    located = 0
    for m in known:
        located |= m
    unknown = FULL & ~located
    slots = [(s, sizes[s] - known[s].bit_count(), FULL & ~voids[s]) for s in range(n)]
    if prikup is None:
        slots.append((-1, PRIKUP, FULL))
    out = deal_unseen(unknown, slots, rng)
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


def _guess_gives(rng: Rng, known: list[int], pool: int, sizes: list[int], voids: list[int], declarer: int,
                 prikup_mask: int, gives: dict[int, int | None], opponents: list[int]):
    """Guess the cards given face down that the seat did not see: a prikup card still unplaced, or one of the
    declarer's own (``from_hand``: picked once the hands are dealt). Returns the known cards with the guesses
    placed, the cards given, and the opponents whose card came from the declarer's hand."""
    n = len(known)
    for _ in range(TRIES):
        placed = list(known)
        left = pool
        given = {to: c for to, c in gives.items() if c is not None}
        from_hand = []
        for to in opponents:
            if to not in gives or gives[to] is not None:
                continue
            choices = list(cards_in(left & ~voids[to]))
            # each of the declarer's cards not known to have stayed with him is as likely to be the one given
            stayed = (placed[declarer] & ~prikup_mask).bit_count() + sum(
                1 for c in given.values() if not prikup_mask >> c & 1)
            pick = rng.below(len(choices) + max(HAND - stayed, 1))
            if pick < len(choices):
                given[to] = choices[pick]
                placed[to] |= 1 << choices[pick]
                left &= ~(1 << choices[pick])
            else:
                from_hand.append(to)
        if declarer >= 0:
            placed[declarer] |= left  # the prikup cards not given away
        if all(placed[s].bit_count() <= sizes[s] for s in range(n)):
            return placed, given, from_hand
    raise ValueError("the view is inconsistent: the cards given face down fit no hand")


def _plausible(game: Game, deal, bids: list[int], declarer: int, bid: int, contract: int) -> bool:
    """Whether a drawn deal agrees with the auction: the marriages that bids above 120 needed."""
    final, dealt, _, _ = deal
    o = game.options
    for s, b in enumerate(bids):
        if b > 120 and not _allows(dealt[s], b, o):
            return False
    return not (contract > bid and contract > 120 and not _allows(final[declarer], contract, o))


def _replays(game: Game, deal, contract: int, nines_holder: int, phase: str) -> bool:
    """Whether the hand's actions replay on a drawn deal as they went: the four nines are offered to nobody
    if they were offered to nobody (the holder of an offer holds them: they are known cards)."""
    final, dealt, _, _ = deal
    if not contract or phase == "nines" or nines_holder >= 0:
        return True
    as_dealt = game.options["nines_as_dealt"]
    return not any(final[s] & NINES == NINES and (not as_dealt or dealt[s] & NINES == NINES)
                   for s in range(game.players))


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
    s.events = [dict(e) for e in view.get("previous") or []]  # how the hand before ended, as the view saw it
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
