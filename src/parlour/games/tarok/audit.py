"""An independent recount of a tarok match from its public events (used by ``State.audit``).

It shares no scoring code with the engine: it rebuilds every trick from the play events, counts card
points by the standard method (kings and trula cards 5, queens 4, cavaliers 3, jacks 2, others 1, less
2 for every three cards), and checks the card points, the Klop rows and the sheet against what the
engine wrote. In the point games it also recomputes, from the announcements, the kontras, the piles and
the last trick, the game's score and every bonus, announced or silent, and who loses the Mond (in a trick,
or with the ``mond_in_talon`` option by leaving it in the talon).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

STANDARD = {"K": 5, "Q": 4, "N": 3, "J": 2}
TRULA = {"T1", "T21", "SKIS"}
KINGS = {"KH", "KD", "KS", "KC"}
POINT_GAMES = {"three": 10, "two": 20, "one": 30, "solo three": 40, "solo two": 50, "solo one": 60}
#: Bonus: (announced, silent) values.
BONUSES = {"trula": (20, 10), "kings": (20, 10), "pagat ultimo": (50, 25), "king ultimo": (20, 10),
           "valat": (500, 250)}
KONTRAS = {"kontra": 1, "rekontra": 2, "subkontra": 3, "mordkontra": 4}


def standard_points(codes: list[str]) -> Fraction:
    """Card points by the standard count: equal to the seed's count (see RULES.md)."""
    total = sum(5 if c in TRULA else 1 if c.startswith("T") else STANDARD.get(c[0], 1) for c in codes)
    return Fraction(total) - Fraction(2 * len(codes), 3)


def rounded(x: Fraction) -> int:
    """⅓ down, ⅔ up."""
    return int((x * 3 + 1) // 3)


def recount(state: Any) -> None:
    n = state.game.players
    rows = [row[1] for row in state.sheet.rows]
    scores = [e for e in state.events if e["type"] == "score"]
    assert [tuple(e["points"]) for e in scores] == [r for r, row in zip(rows, state.sheet.rows) if row[0] != "wheels"]
    deal: list[dict[str, Any]] = []
    for e in state.events:
        if e["type"] == "deal":
            deal = []
        deal.append(e)
        if e["type"] == "score" and not e.get("forfeit"):
            _check_deal(deal, n)
            _check_mond_left(deal, state.game.options["mond_in_talon"])
            if e["contract"] in POINT_GAMES or e["contract"] == "solo without":
                _check_bonuses(deal, n, state.game.options["round_difference"])
    if state.finished:
        wheels = [r for r in state.sheet.rows if r[0] == "wheels"]
        left = list(state.wheels)
        assert (wheels[0][1] if wheels else tuple([0] * n)) == tuple(-100 * w for w in left)


def _check_deal(events: list[dict[str, Any]], n: int) -> None:
    piles: list[list[str]] = [[] for _ in range(n)]
    trick: list[tuple[int, str]] = []
    contract = next(e["contract"] for e in events if e["type"] == "declarer")
    declarer = next(e["seat"] for e in events if e["type"] == "declarer")
    called = None
    partner = None
    for e in events:
        if e["type"] == "call":
            words = e["action"].split()
            called = ("K" if words[1] == "king" else "Q") + words[2][0].upper()
        elif e["type"] == "play":
            trick.append((e["seat"], e["card"]))
            if e["card"] == called and e["seat"] != declarer:
                partner = e["seat"]
        elif e["type"] == "trick":
            w = e["winner"]
            assert len(trick) == n, f"a trick of {len(trick)} cards: every trick holds one card per player"
            piles[w] += [c for _, c in trick] + ([e["talon"]] if "talon" in e else []) + e.get("rest of talon", [])
            trick = []
    score = events[-1]
    if contract == "klop":
        pts = [rounded(standard_points(p)) for p in piles]
        assert score["card_points"] == pts, f"Klop points: sheet {score['card_points']}, recount {pts}"
        tricks = [0] * n
        for e in events:
            if e["type"] == "trick":
                tricks[e["winner"]] += 1
        empty = [s for s in range(n) if tricks[s] == 0]
        over = [s for s in range(n) if pts[s] > 35]
        expect = [-p for p in pts] if not empty and not over else \
            [70 if s in empty else -70 if s in over else 0 for s in range(n)]
        assert score["points"] == expect, f"Klop row {score['points']}, recount {expect}"
        return
    if contract in ("three", "two", "one", "solo three", "solo two", "solo one") and len(
            [e for e in events if e["type"] == "trick"]) == 48 // n:
        reveal = next(e for e in events if e["type"] == "reveal")
        ours = piles[declarer] + (piles[partner] if partner is not None else []) + reveal["laid away"]
        pts = rounded(standard_points(ours))
        assert score["card_points"] == [pts, 70 - pts], f"card points {score['card_points']}, recount {pts}"


def _check_mond_left(events: list[dict[str, Any]], option: bool) -> None:
    """With the option, a point game's declarer who took a talon group without the Mond pays for it."""
    score = events[-1]
    talon = next((e["cards"] for e in events if e["type"] == "talon"), [])
    taken = next((e["cards"] for e in events if e["type"] == "take"), [])
    declarer = next(e["seat"] for e in events if e["type"] == "declarer")
    left = option and score["contract"] in POINT_GAMES and "T21" in talon and "T21" not in taken
    expect = declarer if left else None
    assert score.get("mond_left") == expect, f"Mond left in the talon by {score.get('mond_left')}, recount {expect}"


def _check_bonuses(events: list[dict[str, Any]], n: int, round5: bool) -> None:
    """The point games' score and bonuses, and the Mond penalty, recounted from the deal's public events."""
    score = events[-1]
    declarer = next(e["seat"] for e in events if e["type"] == "declarer")
    called = None
    announced: dict[str, int] = {}
    kontra: dict[str, int] = {}
    for e in events:
        if e["type"] == "call":
            words = e["action"].split()
            called = ("K" if words[1] == "king" else "Q") + words[2][0].upper()
        elif e["type"] == "announce" and e["action"] != "pass":
            verb, target = e["action"].split(" ", 1)
            if verb == "announce":
                announced[target] = e["seat"]
            else:
                kontra[target] = KONTRAS[verb]
    piles: list[list[str]] = [[] for _ in range(n)]
    tricks = [0] * n
    trick: list[tuple[int, str]] = []
    partner, mond_lost, last = None, None, None
    for e in events:
        if e["type"] == "play":
            trick.append((e["seat"], e["card"]))
            if e["card"] == called and e["seat"] != declarer:
                partner = e["seat"]
        elif e["type"] == "trick":
            w = e["winner"]
            tricks[w] += 1
            piles[w] += [c for _, c in trick] + e.get("rest of talon", [])
            mond_lost = next((s for s, c in trick if c == "T21" and s != w), mond_lost)
            last, trick = (w, trick), []
    reveal = next(e for e in events if e["type"] == "reveal")
    side = {declarer} | ({partner} if partner is not None else set())
    ours = [c for s in side for c in piles[s]] + reveal["laid away"]
    theirs = [c for s in range(n) if s not in side for c in piles[s]] + reveal["talon"]
    our_tricks = sum(tricks[s] for s in side)
    assert ("mond_lost" in score) == (mond_lost is not None) and score.get("mond_lost", mond_lost) == mond_lost, \
        f"Mond lost by {score.get('mond_lost')}, recount {mond_lost}"
    if score["contract"] == "solo without":
        return
    bonuses = _bonuses(score["contract"], n, declarer, side, ours, theirs, our_tricks, sum(tricks), last,
                       called, announced, kontra, round5)
    assert score["bonuses"] == bonuses[1], f"bonuses {score['bonuses']}, recount {bonuses[1]}"
    assert score["game"] == bonuses[0], f"game {score['game']}, recount {bonuses[0]}"


def _bonuses(contract: str, n: int, declarer: int, side: set[int], ours: list[str], theirs: list[str],
             our_tricks: int, all_tricks: int, last: Any, called: str | None, announced: dict[str, int],
             kontra: dict[str, int], round5: bool) -> tuple[int, dict[str, int]]:
    """The game's score (kontra included) and the bonuses, for the declarer's side."""
    if "valat" in announced:
        ok = our_tricks == all_tricks if announced["valat"] in side else our_tricks == 0
        pts = 500 << kontra.get("valat", 0)
        v = pts if ok == (announced["valat"] in side) else -pts
        return v, {"valat": v}
    if our_tricks in (0, all_tricks):
        v = 250 if our_tricks else -250
        return v, {"valat": v}
    points = rounded(standard_points(ours))
    diff = abs(points - 35)
    if round5:
        diff = (diff + 2) // 5 * 5
    game = (POINT_GAMES[contract] + diff) * (1 if points >= 36 else -1) << kontra.get("game", 0)
    winner, cards = last
    achieved: dict[str, int | None] = {
        "trula": 0 if TRULA <= set(ours) else 1 if TRULA <= set(theirs) else None,
        "kings": 0 if KINGS <= set(ours) else 1 if KINGS <= set(theirs) else None,
        "pagat ultimo": next((0 if s in side else 1 for s, c in cards if c == "T1" and s == winner), None),
    }
    if called is not None:
        achieved["king ultimo"] = 0 if any(c == called for _, c in cards) and winner in side else None
    bonuses = {}
    for name, by in achieved.items():
        loud, silent = BONUSES[name]
        if name in announced:
            ours_announced = announced[name] in side
            pts = loud << kontra.get(name, 0)
            bonuses[name] = pts if (by == (0 if ours_announced else 1)) == ours_announced else -pts
        elif by is not None:
            bonuses[name] = silent if by == 0 else -silent
    return game, bonuses
