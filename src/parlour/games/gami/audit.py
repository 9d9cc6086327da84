"""An independent recount of a Gami match from its public events (used by ``State.audit``).

It shares no rules code with the engine: it replays each deal from the cards its ``deal`` event names, checks
every exchange, GAMI and capture against the rules as written, and works out again why and by whom each deal was
won, and the points that gives.
"""

from __future__ import annotations

from typing import Any, Mapping

ORDER = "A2345678"
GAMI_RUNS = ("A23", "345", "567", "78A")


def exchangeable(a: str, b: str) -> bool:
    """Neighbours in one suit (A-2-..-8-A), or an even rank in suits of different colours (clubs vs the reds)."""
    (ra, sa), (rb, sb) = (a[0], a[1]), (b[0], b[1])
    if sa == sb:
        return (ORDER.index(ra) - ORDER.index(rb)) % 8 in (1, 7)
    return ra == rb and ra in "2468" and "C" in (sa, sb)


def gamis(card: str, hand: set[str]) -> list[set[str]]:
    """The GAMIs ``card`` completes with two other cards of ``hand``."""
    rank, suit = card[0], card[1]
    found = [{r + suit for r in run} for run in GAMI_RUNS if rank in run]
    if rank in "2468":
        found.append({rank + s for s in "CDH"})
    return [g for g in found if g <= hand]


def can_move(hand: set[str], table: set[str]) -> bool:
    return any(exchangeable(h, t) for h in hand for t in table)


def recount(events: list[dict[str, Any]], options: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Each deal's points per seat, recounted; checks every move and the match's end on the way."""
    rows: list[tuple[int, int]] = []
    hands: list[set[str]] = [set(), set()]
    table: set[str] = set()
    seen: dict[Any, int] = {}
    turn, plies, expected = 0, 0, None
    for e in events:
        kind = e["type"]
        if kind == "deal":
            hands = [set(h) for h in e["hands"]]
            table = set(e["table"])
            assert len(hands[0]) == len(hands[1]) == 9 and len(table) == 6
            turn, plies = e["first"], 0
            seen = {(frozenset(hands[0]), frozenset(hands[1]), turn): 1}
            expected = None if can_move(hands[turn], table) else (1 - turn, "stuck")
        elif kind == "exchange":
            assert expected is None and e["seat"] == turn, f"a move after the deal ended or out of turn: {e}"
            give, take, hand, other = e["gave"], e["took"], hands[turn], hands[1 - turn]
            assert give in hand and take in table and exchangeable(give, take), e
            hand.remove(give), table.add(give), table.remove(take), hand.add(take)
            formed = gamis(take, hand)
            assert sorted(map(sorted, formed)) == sorted(map(sorted, e.get("gami", []))), e
            if "captured" in e:
                assert formed and e["captured"] in other, e
                other.remove(e["captured"]), hand.add(e["captured"])
            plies += 1
            turn = 1 - turn
            key = (frozenset(hands[0]), frozenset(hands[1]), turn)
            seen[key] = seen.get(key, 0) + 1
            counts = [len(hands[0]), len(hands[1])]
            leader = None if counts[0] == counts[1] else counts.index(max(counts))
            if len(other) <= 2:
                expected = (1 - turn, "two cards")
            elif seen[key] >= 3:
                expected = (leader, "repetition")
            elif not can_move(hands[turn], table):
                expected = (1 - turn, "stuck")
            elif plies >= options["max_plies"]:
                expected = (leader, "move cap")
        elif kind == "result":
            assert expected is not None and (e["winner"], e["reason"]) == expected, f"result {e}, recount {expected}"
            winner = expected[0]
            row = (1, 1) if winner is None else (2, 0) if winner == 0 else (0, 2)
            assert tuple(e["points"]) == row and e["cards"] == [len(hands[0]), len(hands[1])], e
            rows.append(row)
            expected = "done"  # type: ignore[assignment]
    ends = [e for e in events if e["type"] == "end"]
    if ends:
        assert len(rows) == options["games"] and len(ends) == 1 and events[-1] is ends[0]
        totals = [sum(r[s] for r in rows) for s in (0, 1)]
        assert ends[0]["winners"] == [s for s in (0, 1) if totals[s] == max(totals)]
    return rows
