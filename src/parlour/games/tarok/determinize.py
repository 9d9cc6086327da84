"""Determinization: a full tarok match consistent with what one seat knows.

The view's log holds every action of the current deal. We work out which cards the seat can place (its own
hand, the exposed talon, every card played, the taroks laid away face up, an open beggar's hand, the holder
of an announced Pagat or King ultimo, the Škis holder of the Škis round), deal the rest at random into the
other hands and the face-down talon (respecting the suits a player showed void of, and in Klop and the
Beggars the cards a player showed it lacks by not heading a trick it had to head), and replay the
deal's actions on that deck. The replay rebuilds everything public exactly, so the new state's view for
the seat equals the one it was made from.
"""

from __future__ import annotations

from typing import Any, Mapping

from parlour.core.game import Game
from parlour.core.rng import Rng
from parlour.core.sheet import ScoreSheet
from parlour.core.tricks import cards_in, deal_unseen, shown_void

from .actions import DISCARD, move, parse
from .cards import ABOVE, BY_CODE, COLOURS, FULL, KINGS, PAGAT, SKIS, SUIT, SUIT_MASKS, TAROKS, mask_of_codes
from .contracts import BY_NAME, COLOUR_VALATS, NEGATIVE
from .state import TALON_SIZE, TarokState, hand_size, packet_size


def determinize(game: Game, view: Mapping[str, Any], rng: Rng) -> TarokState:
    n = game.players
    log = view["log"]
    start = log[0]
    size = hand_size(n)
    known = [0] * n              # cards known to have been dealt to each seat
    talon: list[int | None] = [None] * TALON_SIZE
    declarer, contract, called = -1, -1, -1
    picked = 0
    shown = 0
    discarded = False
    own_discards: int | None = None
    revealed_discards: int | None = None
    revealed_rest = 0
    klop_next = 0
    played = [0] * n
    voids = [0] * n
    trick: list[tuple[int, int]] = []
    for e in log:
        t = e["type"]
        if t == "hand":
            known[e["seat"]] = mask_of_codes(e["cards"])
        elif t == "last dealer":
            known[e["seat"]] |= 1 << SKIS
        elif t == "declarer":
            declarer, contract = e["seat"], BY_NAME[e["contract"]]
        elif t == "call":
            p = parse(e["action"]).payload
            called = 29 + 8 * (p % 4) - (1 if p >= 4 else 0)
        elif t == "talon":
            talon = [BY_CODE[c] for c in e["cards"]]
        elif t == "take":
            picked = mask_of_codes(e["cards"])
        elif t == "discard":
            shown = mask_of_codes(e["shown"])
            discarded = True
        elif t == "laid away":
            own_discards = mask_of_codes(e["cards"])
        elif t == "colour":
            contract = parse(e["action"]).payload
        elif t == "open hand":
            known[e["seat"]] |= mask_of_codes(e["cards"])
        elif t == "announce" and e["action"] in ("announce pagat ultimo", "announce king ultimo"):
            card = PAGAT if e["action"] == "announce pagat ultimo" else called
            if not picked >> card & 1:
                known[e["seat"]] |= 1 << card
        elif t == "play":
            card = BY_CODE[e["card"]]
            played[e["seat"]] |= 1 << card
            if trick:
                trumps = 0 if contract in COLOUR_VALATS else TAROKS
                voids[e["seat"]] |= shown_void(card, SUIT_MASKS[SUIT[trick[0][1]]], trumps)
                if contract in NEGATIVE:
                    voids[e["seat"]] |= could_not_beat(card, [c for _, c in trick])
            trick.append((e["seat"], card))
        elif t == "trick":
            trick = []
            if "talon" in e:
                talon[klop_next] = BY_CODE[e["talon"]]
                klop_next += 1
        elif t == "reveal":
            revealed_discards = mask_of_codes(e["laid away"])
            revealed_rest = mask_of_codes(e["talon"])
    discards = own_discards if own_discards is not None else revealed_discards
    for s in range(n):
        from_talon = picked if s == declarer else 0
        mine = played[s] | ((shown | (discards or 0)) if s == declarer else 0)
        known[s] |= mine & ~from_talon
    in_talon = 0
    for c in talon:
        if c is not None:
            in_talon |= 1 << c
    unknown = FULL & ~in_talon
    for m in known:
        unknown &= ~m
    hidden_rest = revealed_rest & unknown
    if start["skis_round"] and start["last_dealer"] < 0 and not any(e["type"] == "last dealer" for e in log):
        hidden_rest |= unknown & 1 << SKIS  # nobody was dealt the Škis: it lies in the talon
    unknown &= ~hidden_rest

    # the slots to fill: each hand's unknown cards, then the unknown talon positions
    slots = []
    for s in range(n):
        need = size - known[s].bit_count()
        allowed = FULL & ~voids[s]
        if s == declarer and discarded:
            allowed |= COLOURS & ~KINGS  # what is laid away showed no void
        slots.append((s, need, allowed))
    blanks = [i for i, c in enumerate(talon) if c is None]
    talon_need = len(blanks) - hidden_rest.bit_count()
    dealt = deal_unseen(unknown, slots + [(-1, talon_need, FULL)], rng)
    for s in range(n):
        known[s] |= dealt[s]
    rest = list(cards_in(dealt[-1] | hidden_rest))
    rng.shuffle(rest)
    for i, c in zip(blanks, rest):
        talon[i] = c

    hidden_discards = 0
    if declarer >= 0 and any(e["type"] == "discard" for e in log):
        if discards is not None:
            hidden_discards = discards & ~shown
        else:
            count = next(e["count"] for e in log if e["type"] == "discard") - shown.bit_count()
            concealed = (known[declarer] | picked) & ~played[declarer] & ~shown
            hidden_discards = _choose_discards(concealed, count, voids[declarer], rng)

    deck = [c for c in talon if c is not None]
    k = packet_size(n)
    forehand = (start["dealer"] + 1) % n
    hands = {s: list(cards_in(known[s])) for s in range(n)}
    for r in range(size // k):
        for i in range(n):
            s = (forehand + i) % n
            deck += hands[s][r * k:(r + 1) * k]
    state = _blank(game, view, start, rng)
    state._deal(deck)
    for e in log:
        t = e["type"]
        if t == "discard":
            state._apply(e["seat"], move(DISCARD, hidden_discards | shown))
        elif "action" in e:
            state._apply(e["seat"], parse(e["action"]))
    return state


def _blank(game: Game, view: Mapping[str, Any], start: Mapping[str, Any], rng: Rng) -> TarokState:
    s = TarokState.__new__(TarokState)
    s.game, s.seed = game, -1  # the seed is secret: the determinized future has its own shuffles
    s.players = game.players
    s.rng = Rng(rng.next64())
    s.events = [dict(e) for e in view.get("previous") or []]  # how the previous deal ended, as the view saw it
    sheet = ScoreSheet.from_dict(view["sheet"])
    sheet.rows = sheet.rows[:start["rows"]]
    s.sheet = sheet
    s.stacked, s.finished = [], False
    s.wheels = list(start["wheels"])
    s.dealer, s.deals, s.mode = start["dealer"], start["deal"] - 1, start["mode"]
    s.skis_round, s.last_dealer = start["skis_round"], start["last_dealer"]
    return s


def could_not_beat(card: int, trick: list[int]) -> int:
    """In Klop and the Beggars a player must head the trick when able: a card below the trick's best shows that
    its player holds nothing above that best card (in the led suit, or in the taroks when it trumped).

    >>> from parlour.games.tarok.cards import codes
    >>> codes(could_not_beat(BY_CODE["NH"], [BY_CODE["QH"]]))     # a cavalier under the queen: no king
    ['KH']
    >>> could_not_beat(BY_CODE["NH"], [BY_CODE["QH"], BY_CODE["T5"]])  # a tarok took it: following is enough
    0
    """
    if card == PAGAT:  # the Pagat goes only when nothing else may (or to the Emperor's trick)
        return 0
    led = SUIT[trick[0]]
    suit = SUIT[card]
    taroks = [c for c in trick if c < 22]
    if suit == led:
        if led != 0 and taroks:
            return 0
        best = max(c for c in trick if SUIT[c] == led)
    elif suit == 0 and taroks:
        best = max(taroks)
    else:
        return 0
    return ABOVE[best] if card < best else 0


def _choose_discards(concealed: int, count: int, void: int, rng: Rng) -> int:
    """Which of the declarer's concealed cards were laid away face down: plain suit cards, those of a suit
    it later showed void of first."""
    chosen = 0
    for pool_mask in (concealed & COLOURS & ~KINGS & void, concealed & COLOURS & ~KINGS, concealed):
        pool = list(cards_in(pool_mask & ~chosen))
        rng.shuffle(pool)
        for c in pool[:count - chosen.bit_count()]:
            chosen |= 1 << c
    return chosen

