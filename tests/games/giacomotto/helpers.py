"""Stacked decks, simple policies and an independent recount for the Giacomotto rule tests.

Nothing here imports the engine's scoring or capture code: the expected numbers are computed again from
the public events, so a test fails when the engine and the rules disagree.
"""

from __future__ import annotations

import json
from typing import Any, Callable

import parlour
from parlour.core.cards import CODES

DECK = list(CODES[:52])
POINTS = {"10D": 2, "2C": 1}  # the other counting cards: every A K Q J 10 is 1


def sides(players: int) -> tuple[int, ...]:
    """The side of each seat by the rules: alone with 2 players, seats 0&2 against 1&3 with 4."""
    return tuple(s % 2 for s in range(players))


def points_of(code: str) -> int:
    """Card points as the rules state them (22 in a deck)."""
    return POINTS.get(code, 1 if code[:-1] in ("A", "K", "Q", "J", "10") else 0)


def value_options(code: str) -> tuple[int, ...]:
    rank = code[:-1]
    return {"A": (1, 11), "J": (12,), "Q": (13,), "K": (14,)}.get(rank) or (int(rank),)


def stack(table: str, *hands: str, later: str = "") -> list[str]:
    """52 codes: the ``table``, one hand per position in turn order from the first player (short hands are
    filled from the unused cards in deck order), then ``later`` as the start of the stock, then the rest."""
    used = (table + " " + " ".join(hands) + " " + later).split()
    assert len(used) == len(set(used)), f"a card is used twice: {used}"
    pool = [c for c in DECK if c not in used]
    deck = table.split()
    assert len(deck) == 4
    for hand in hands:
        cards = hand.split()
        while len(cards) < 6:
            cards.append(pool.pop(0))
        deck += cards
    deck += later.split() + pool
    assert sorted(deck) == sorted(DECK)
    return deck


def scripted(table: str, plays: list[list[str]], players: int = 2) -> list[str]:
    """The deck that deals each position the cards of its ``plays`` (its 24 or 12 cards in playing order)."""
    deals = 48 // (6 * players)
    deck = table.split()
    for d in range(deals):
        for position in range(players):
            deck += plays[position][6 * d:6 * d + 6]
    assert sorted(deck) == sorted(DECK), "a scripted pack uses each card once"
    return deck


def seat_at(state: Any, position: int) -> int:
    """The seat ``position`` places after the first player of the pack (the dealer's right)."""
    n = state.game.players
    return (state.view(None)["dealer"] + 1 + position) % n


Policy = Callable[[Any, int], Any]


def first_legal(state: Any, seat: int) -> Any:
    return state.legal(seat)[0]


def trail_only(state: Any, seat: int) -> Any:
    return next(a for a in state.legal(seat) if str(a).startswith("trail"))


def whole_turn(state: Any, policy: Policy) -> None:
    """Play one seat's whole turn by ``policy``: one trail, or every step of a capture."""
    seat = state.to_act[0]
    state.apply(seat, policy(state, seat))
    while state.view(None)["capture"] is not None:
        state.apply(seat, policy(state, seat))


def steps(text: str) -> list[str]:
    """The steps of a capture written whole: ``capture KH 8C+5D 6S+AH`` → ``capture KH``, ``take 8C``,
    ``take 5D``, ``take 6S``, ``take AH``, ``done`` (each group's aces last, so that no group is complete
    before its last card). Any other text is one step."""
    words = text.split()
    if words[0] != "capture" or len(words) < 3:
        return [text]
    out = [f"capture {words[1]}"]
    for group in words[2:]:
        cards = group.split("+")
        out += [f"take {c}" for c in sorted(cards, key=lambda c: c.startswith("A"))]
    return out + ["done"]


def play_turn(state: Any, seat: int, text: str) -> None:
    """Apply a trail, or a capture written whole, as the steps a player takes."""
    for step in steps(text):
        state.apply(seat, step)


def play_pack(state: Any, policy: Policy = first_legal) -> None:
    """Play until the current pack is scored (the match may end with it)."""
    rows = len(state.sheet.rows)
    while not state.over and len(state.sheet.rows) == rows:
        seat = state.to_act[0]
        state.apply(seat, policy(state, seat))


def pack_events(state: Any, pack: int) -> list[dict[str, Any]]:
    """The public events of one pack, from its ``pack`` event to its ``score`` event."""
    out, inside = [], False
    for e in state.events:
        if e["type"] == "pack":
            inside = e["pack"] == pack
        if inside and "only" not in e:
            out.append(e)
    return out


def recount(events: list[dict[str, Any]], side_of: tuple[int, ...], last_card_tabla: bool = True) -> dict[str, Any]:
    """A pack's outcome from its plays alone: the table is tracked here, tablas and the sweep decided here."""
    table = set(events[0]["table"])
    piles: list[set[str]] = [set(), set()]
    tablas = [0, 0]
    plays = [e for e in events if e["type"] in ("trail", "capture")]
    assert len(plays) == 48, f"a pack has 48 plays, got {len(plays)}"
    last = None
    for i, e in enumerate(plays):
        if e["type"] == "trail":
            table.add(e["card"])
            continue
        taken = set(e["cards"])
        assert taken <= table
        table -= taken
        side = side_of[e["seat"]]
        piles[side] |= taken | {e["card"]}
        last = side
        if not table and (i < 47 or last_card_tabla):
            tablas[side] += 1
    swept = sorted(table) if last is not None else []
    if last is not None:
        piles[last] |= table
    counts = [len(p) for p in piles]
    points = [sum(map(points_of, piles[s])) + (3 if counts[s] > counts[1 - s] else 0) + tablas[s] for s in (0, 1)]
    return {"piles": piles, "counts": counts, "tablas": tablas, "points": points, "swept": swept,
            "leftover": sorted(table) if last is None else []}


def snapshot(state: Any) -> str:
    """Everything observable about a state, to check that a refused action changed nothing."""
    views = [state.view(s) for s in [None, *range(state.game.players)]]
    inner = [state.hands, state.table, state.stock, state.piles, state.tablas, state.turn, len(state.events),
             state.last_capturer, state.dealer, state.pack, state.deal, state.finished, state.capturing,
             state.values, state.groups, state.group, state.group_sums, state.taken]
    return json.dumps([views, [str(x) for x in inner]], sort_keys=True)


def load(players: int = 2, **options: Any) -> Any:
    return parlour.load("giacomotto", players=players, **options)
