"""Play one deal in both our tarok and OpenSpiel's, side by side, and compare them step by step.

OpenSpiel deals from its own generator (``rng_seed``); we read its talon and hands and stack the same deal in
ours. OpenSpiel's player ``p`` is our seat ``forehand + p`` (its player 0 is forehand), its card actions are
our card numbers, and its bid actions are our contract numbers plus one (0 is its pass).

Both auctions are driven to the same contract and declarer, the same king is called, the same talon group
taken, the same cards laid away; then a seeded random card is played from the legal moves while they agree.
:func:`play` returns a :class:`Result` saying how far the deal went and what differed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pyspiel

import parlour.games.tarok.game as tarok_game
from parlour.core.tricks import cards_in
from parlour.games.tarok.actions import DISCARD, PLAY, TALON
from parlour.games.tarok.cards import CODES, MOND, PAGAT, SKIS, SUIT, rounded, third_points
from parlour.games.tarok.contracts import (BEGGAR, CALLS_KING, KLOP, NAMES, NEGATIVE, OPEN_BEGGAR, SOLO_WITHOUT,
                                           TALON_TAKE, VALATS, value)
from parlour.games.tarok.play import POSITIVE, winner_card

PHASE = pyspiel.TarokGamePhase
KINGS_OS = (29, 37, 45, 53)


@dataclass
class Result:
    contract: int
    declarer: int  # OpenSpiel player index
    steps: int = 0  # card plays compared
    finished: bool = False  # both engines reached the end of the deal together
    difference: str = ""  # a known difference that stopped the comparison, if any
    returns: list[float] = field(default_factory=list)
    mond_penalties: list[int] = field(default_factory=list)
    card_points: int | None = None  # the declarer side's, as both engines agreed (point games)
    bonus: int = 0  # OpenSpiel's silent bonuses in a point game, as its returns confirmed them


@dataclass
class Finished:
    """What the score check needs of our deal once it is over (by then our state has dealt the next one)."""

    players: int
    contract: int
    declarer: int
    partner: int
    called: int
    forehand: int
    start: int
    events: list[dict] = field(default_factory=list)


def new_pair(seed: int, players: int):
    """OpenSpiel's state after its deal, and our state dealt the same cards."""
    game = pyspiel.load_game("tarok", {"players": players, "rng_seed": seed})
    os_state = game.new_initial_state()
    os_state.apply_action(0)
    hands = [os_state.player_cards(p) for p in range(players)]
    k, size = (6 if players == 4 else 8), 48 // players
    deck = list(os_state.talon())
    for r in range(size // k):
        for p in range(players):
            deck += hands[p][r * k:(r + 1) * k]
    ours = tarok_game.Tarok(players=players).new(seed=seed, deck=[CODES[c] for c in deck])
    for p in range(players):
        assert ours.hands[(ours.forehand + p) % players] == sum(1 << c for c in hands[p])
    return os_state, ours


def texts(state, seat: int) -> list[str]:
    return [str(a) for a in state.legal(seat)]


def drive_auction(os_state, ours, contract: int, declarer: int, bid: int | None = None) -> None:
    """Both auctions to ``contract`` by OpenSpiel player ``declarer`` (-1 for Klop): he bids ``bid`` (default
    the contract), all others pass, and he raises to the contract when he is asked again."""
    n = ours.game.players
    bid = contract if bid is None else bid
    while os_state.current_game_phase() == PHASE.BIDDING:
        p = os_state.current_player()
        legal = os_state.legal_actions()
        if contract == KLOP:
            want = 0 if 0 in legal else 1
        elif p == declarer:
            want = bid + 1 if bid + 1 in legal and os_state.history().count(bid + 1) == 0 else contract + 1
        else:
            want = 0
        assert want in legal, f"OpenSpiel does not let player {p} bid {want}: {legal}"
        os_state.apply_action(want)
    while ours.contract < 0 or ours.phase == 1:
        seat = ours.to_act[0]
        legal = texts(ours, seat)
        mine = (seat - ours.forehand) % n == declarer or contract == KLOP
        wanted = (f"bid {NAMES[bid]}", f"contract {NAMES[contract]}", f"bid {NAMES[contract]}")
        choice = next((t for t in wanted if mine and t in legal), "pass")
        ours.apply(seat, choice)
    assert ours.contract == contract
    assert contract == KLOP or ours.declarer == (ours.forehand + declarer) % n
    assert int(os_state.selected_contract()) == contract


def discard_sets(os_state) -> set[int]:
    """Every set of cards OpenSpiel lets the declarer lay away, one card at a time."""
    found: set[int] = set()

    def walk(state, mask: int, last: tuple[bool, int]) -> None:
        if state.current_game_phase() != PHASE.TALON_EXCHANGE:
            found.add(mask)
            return
        for a in state.legal_actions():
            if (a < 22, a) > last:  # each set once: suit cards first (OpenSpiel's own order), then low to high
                child = state.clone()
                child.apply_action(a)
                walk(child, mask | 1 << a, (a < 22, a))

    walk(os_state, 0, (False, -1))
    return found


def drive_exchange(os_state, ours, rng: random.Random) -> None:
    """King, talon group and discards: the same random choices in both, checking the options agree."""
    n = ours.game.players
    c = ours.contract
    if CALLS_KING[c] and n == 4:
        assert os_state.legal_actions() == list(KINGS_OS)
        assert texts(ours, ours.declarer)[:4] == [f"call king {s}" for s in ("hearts", "diamonds", "spades", "clubs")]
        suit = rng.randrange(4)
        os_state.apply_action(KINGS_OS[suit])
        ours.apply(ours.declarer, f"call king {('hearts', 'diamonds', 'spades', 'clubs')[suit]}")
    if TALON_TAKE[c]:
        groups = [str(a) for a in ours.legal(ours.declarer) if a.kind == TALON]
        assert os_state.legal_actions() == list(range(len(groups)))
        g = rng.randrange(len(groups))
        os_state.apply_action(g)
        ours.apply(ours.declarer, f"talon {g}")
        options = sorted(a.payload for a in ours.legal(ours.declarer) if a.kind == DISCARD)
        assert sorted(discard_sets(os_state)) == options
        mask = rng.choice(options)
        for card in sorted(cards_in(mask), key=lambda x: (x < 22, x)):  # suit cards first, as OpenSpiel requires
            os_state.apply_action(card)
        ours.apply(ours.declarer, "discard " + " ".join(CODES[x] for x in cards_in(mask)))
    while ours.phase != 7:  # ours: keep the contract (no Colour valat), pass every announcement
        seat = ours.to_act[0]
        legal = texts(ours, seat)
        ours.apply(seat, f"contract {NAMES[c]}" if f"contract {NAMES[c]}" in legal else "pass")
    assert os_state.current_game_phase() == PHASE.TRICKS_PLAYING


def emperor_difference(os_state, legal_os: list[int], contract: int) -> bool:
    """OpenSpiel forces the Pagat into a trick holding Škis and Mond in a negative game even when the player
    can follow the suit led (our rule: only when taroks are required)."""
    trick = os_state.trick_cards()
    return contract in NEGATIVE and legal_os == [PAGAT] and MOND in trick and SKIS in trick and trick[0] >= 22


def play(seed: int, players: int, contract: int, declarer: int, bid: int | None = None,
         prefer: tuple[int, ...] = ()) -> Result:
    """One deal in both engines; ``bid`` is the declarer's opening bid when he raises to ``contract`` after the
    others pass; ``prefer`` lists cards played to a trick whenever legal (to steer random play into rare tricks)."""
    rng = random.Random(seed * 7919 + contract)
    os_state, ours = new_pair(seed, players)
    n = players
    drive_auction(os_state, ours, contract, declarer, bid)
    drive_exchange(os_state, ours, rng)
    result = Result(contract, declarer)
    while not os_state.is_terminal():
        p = os_state.current_player()
        seat = (ours.forehand + p) % n
        assert ours.to_act == (seat,), f"OpenSpiel's player {p} (our seat {seat}) plays; ours waits for {ours.to_act}"
        legal_os = os_state.legal_actions()
        mine = sorted(a.payload for a in ours.legal(seat) if a.kind == PLAY)
        if legal_os != mine:
            if emperor_difference(os_state, legal_os, contract):
                result.difference = "emperor"
                return result
            raise AssertionError(f"seed {seed} {NAMES[contract]} trick {ours.tricks_played + 1}: OpenSpiel allows "
                                 f"{[CODES[c] for c in legal_os]}, we allow {[CODES[c] for c in mine]}")
        card = next((c for c in prefer if c in mine), None) if os_state.trick_cards() else None
        card = rng.choice(mine) if card is None else card
        deal = Finished(n, ours.contract, ours.declarer, ours.partner, ours.called, ours.forehand, ours.deal_start)
        os_state.apply_action(card)
        ours.apply(seat, f"play {CODES[card]}")
        result.steps += 1
        assert (ours.deals == 1) == os_state.is_terminal(), "the deal ends in one engine only"
    result.finished = True
    result.returns = os_state.scores_without_captured_mond_penalties()
    result.mond_penalties = os_state.captured_mond_penalties()
    deal.events = ours.events[deal.start:ours.deal_start if ours.deal_start > deal.start else len(ours.events)]
    check_scores(deal, result)
    return result


def _piles_openspiel_style(deal: Finished) -> tuple[list[list[int]], int]:
    """Each player's collected cards in order, as OpenSpiel collects them, and the last trick's winner (our
    seats): trick cards, Klop's talon gift, the rest of the talon only when the called king itself wins."""
    n = deal.players
    piles: list[list[int]] = [[] for _ in range(n)]
    events = deal.events
    talon = []
    for e in events:
        if e["type"] == "talon":
            talon = [CODES.index(c) for c in e["cards"]]
    called = deal.called
    rest: list[int] = []
    trick: list[int] = []
    winner = -1
    for e in events:
        if e["type"] == "take":
            taken = [CODES.index(c) for c in e["cards"]]
            rest = [c for c in talon if c not in taken] if called in taken else []
        elif e["type"] == "laid away":
            piles[e["seat"]] += [CODES.index(c) for c in e["cards"]]
        elif e["type"] == "play":
            trick.append(CODES.index(e["card"]))
        elif e["type"] == "trick":
            winner = e["winner"]
            piles[winner] += trick
            if "talon" in e:
                piles[winner].append(CODES.index(e["talon"]))
            best = winner_card(sum(1 << x for x in trick), SUIT[trick[0]], POSITIVE)
            if rest and best == called:
                piles[winner] += rest
                rest = []
            trick = []
    return piles, winner


def check_scores(deal: Finished, result: Result) -> None:
    """OpenSpiel's returns (without its Mond penalty) against what its rules give for the piles we collected:
    for the point games this reads OpenSpiel's card points off its returns and compares them with ours."""
    n = deal.players
    c = deal.contract
    score = next(e for e in reversed(deal.events) if e["type"] == "score")
    to_os = [(deal.forehand + p) % n for p in range(n)]  # OpenSpiel player -> our seat
    returns = [int(x) for x in result.returns]
    if c == KLOP:
        assert returns == [score["points"][s] for s in to_os], (returns, score["points"])
        return
    d = deal.declarer
    os_d = (d - deal.forehand) % n
    if c in (BEGGAR, OPEN_BEGGAR) or c in VALATS:
        assert returns[os_d] == (value(c, n) if score["won"] else -value(c, n))
        return
    if c == SOLO_WITHOUT:
        assert (returns[os_d] > 0) == (score["card_points"][0] >= 36)
        assert returns[os_d] == (80 if score["won"] else -80)
        return
    piles, last_winner = _piles_openspiel_style(deal)
    side = {d, deal.partner} - {-1}
    ours_pile = [x for s in side for x in piles[s]]
    their_pile = [x for s in range(n) if s not in side for x in piles[s]]
    points = rounded(third_points(sum(1 << x for x in ours_pile)))
    assert points == score["card_points"][0]
    if len(ours_pile) == 48 or len(their_pile) == 48:
        assert returns[os_d] == (250 if len(ours_pile) == 48 else -250)
        return
    bonus = 0
    last = piles[last_winner][-n:]
    ultimo = 10 if deal.called in last else 25 if PAGAT in last else 0
    bonus += ultimo if last_winner in side else -ultimo
    # OpenSpiel's kings test counts every collected card (a comparison that is always true), so its "four
    # kings" means a side collected exactly four cards, and its trula bonus is never reached.
    bonus += 10 if len(ours_pile) == 4 else -10 if len(their_pile) == 4 else 0
    implied = returns[os_d] - bonus
    implied += -value(c, n) if implied > 0 else value(c, n)
    implied += 35
    assert implied == points, f"OpenSpiel's card points {implied}, ours {points}"
    result.card_points, result.bonus = points, bonus
