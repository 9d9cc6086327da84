"""An independent recount of a Zole match from its public events (used by ``State.audit``).

It shares no code with the engine: it ranks the cards of every trick from their codes, counts card points from
a table of ranks, works out the contract from the bids, and recomputes each hand's chips (either chip table,
small zole, the table game), the pool and the pules, checking every trick's winner and every row of the sheet.
"""

from __future__ import annotations

from typing import Any

TRUMP_ORDER = "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D".split()
PLAIN_ORDER = ["A", "10", "K", "9"]
VALUE = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}


def value(code: str) -> int:
    return VALUE.get(code[:-1], 0)


def strength(code: str, led: str) -> int:
    """How strongly ``code`` bids for a trick led with ``led``: trumps first, then the led plain suit."""
    if code in TRUMP_ORDER:
        return 100 - TRUMP_ORDER.index(code)
    if led not in TRUMP_ORDER and code[-1] == led[-1]:
        return 10 - PLAIN_ORDER.index(code[:-1])
    return 0


def recount(state: Any) -> None:
    n = state.game.players
    options = state.game.options
    rows = [row for row in state.sheet.rows if row[0] != "pool returned"]
    scores = [e for e in state.events if e["type"] == "score"]
    assert [tuple(e["points"]) for e in scores] == [row[1] for row in rows], "score events and sheet rows differ"
    pool, common, personal = 0, 0, []
    hand: list[dict[str, Any]] = []
    for e in state.events:
        if e["type"] == "deal":
            hand = []
            assert (e["pool"], e["common"], e["personal"]) == (pool, common, personal), "pool or pules carried wrong"
        hand.append(e)
        if e["type"] == "score":
            pool, common, personal = _check_hand(hand, n, options, pool, common, list(personal))
    if state.finished:
        returned = [row[1] for row in state.sheet.rows if row[0] == "pool returned"]
        each = pool // n
        assert returned == ([tuple([each] * n)] if each else []), f"pool returned {returned}, recount {each} each"
        assert state.pool == pool - each * n


def _check_hand(events: list[dict[str, Any]], n: int, options: dict[str, Any], pool: int, common: int,
                personal: list[int]) -> tuple[int, int, list[int]]:
    score = events[-1]
    active = events[0]["active"]
    declarer, contract = next(((e["seat"], e["action"]) for e in events
                               if e["type"] == "bid" and e["action"] != "pass"), (None, None))
    if contract is None and options["all_pass"] != "table":
        if options["all_pass"] == "pool":
            assert score["points"] == [-1] * n, f"all pass: {score['points']}"
            return pool + n, common, personal
        assert score["points"] == [0] * n, f"all pass with pules: {score['points']}"
        return pool, common + 1, personal
    tricks = {s: 0 for s in range(n)}
    pile = {s: 0 for s in range(n)}
    plays = [e for e in events if e["type"] == "play"]
    winners = [e["winner"] for e in events if e["type"] == "trick"]
    for i, w in enumerate(winners):
        trick = plays[3 * i:3 * i + 3]
        best = max(trick, key=lambda p: strength(p["card"], trick[0]["card"]))
        assert best["seat"] == w, f"trick {i + 1} was won by seat {best['seat']}, not {w}"
        tricks[w] += 1
        pile[w] += sum(value(p["card"]) for p in trick)
    assert len(plays) == 3 * len(winners)
    if contract is None:  # the table game: the most tricks loses, then the most points; each loser pays 2 to all
        most = max(tricks[s] for s in active)
        first = [s for s in active if tricks[s] == most]
        losers = [s for s in first if pile[s] == max(pile[t] for t in first)]
        expect = [sum(2 for x in losers if x != s) - (2 * (n - 1) if s in losers else 0) for s in range(n)]
        assert score["points"] == expect, f"table game {score['points']}, recount {expect}"
        return pool, common, personal
    if contract == "small zole":
        per = 6 if tricks[declarer] == 0 else -7
        assert winners.count(declarer) <= 1 and (len(winners) == 8 or winners[-1] == declarer)
    else:
        talon = sum(value(c) for c in score["talon"])
        laid = sum(value(c) for c in score["laid away"])
        big = pile[declarer] + (laid if contract == "take" else 0)
        assert sum(pile[s] for s in active) + (talon if contract == "zole" else laid) == 120, "card points lost"
        per = _big_chips(big, tricks[declarer], options["scoring"]) * (1 if big > 60 else -1)
        if contract == "zole":
            per += 4 if per > 0 else -4
    expect = [per * (n - 1) if s == declarer else -per for s in range(n)]
    if pool:
        takers = [declarer] if per > 0 else [s for s in range(n) if s != declarer]
        for s in takers:
            expect[s] += pool // len(takers)
        pool -= pool // len(takers) * len(takers)
    if options["all_pass"] == "pules" and contract == "take":
        if per > 0 and declarer in personal:
            personal.remove(declarer)
        elif per > 0 and common:
            common -= 1
            expect = [x + (n - 1 if s == declarer else -1) for s, x in enumerate(expect)]
        elif per > 0 and personal:
            owner = personal.pop(0)
            expect[owner] -= n
            expect[declarer] += n
        elif per < 0 and common:
            personal.append(declarer)
    assert score["points"] == expect, f"hand {score['hand']}: sheet {score['points']}, recount {expect}"
    return pool, common, personal


def _big_chips(big: int, tricks: int, table: str) -> int:
    """Chips per opponent, by the winning side's points (seed) or by tricks and points (the federation)."""
    if table == "standard":
        side = big if big > 60 else 120 - big
        return 3 if side == 120 else 2 if side > 90 else 1
    if big > 60:
        return 3 if tricks == 8 else 2 if big > 90 else 1
    return 2 if big > 30 else 3 if tricks else 4
