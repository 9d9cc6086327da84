"""An independent recount of a Tysiąc match from its public events (used by ``State.audit``).

It shares no code with the engine's play or scoring: it rebuilds every trick from the play events (the trump
suit changing at each declared marriage), works out who won it, counts card points and marriages, and
recomputes every row of the sheet by the rules of the table's options (the bid won or lost, the opponents'
points rounded, the barrel, lines, Rospisat' and the Polish lock), then the winner of the match.
"""

from __future__ import annotations

from typing import Any

ORDER = "9 J Q K 10 A".split()
VALUE = {"9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
MARRIAGE = {"H": 100, "D": 80, "C": 60, "S": 40}


def _rank(code: str) -> str:
    return code[:-1]


def recount(state: Any) -> None:
    n = state.game.players
    o = state.game.options
    rows = [tuple(r[1]) for r in state.sheet.rows]
    scores = [e for e in state.events if e["type"] == "score"]
    assert [tuple(e["row"]) for e in scores] == rows, "every row of the sheet comes from a scored hand"
    totals = [0] * n
    barrel = [-1] * n
    lines = [0] * n
    ps = [0] * n
    hand: list[dict[str, Any]] = []
    winners: list[int] = []
    for e in state.events:
        if e["type"] == "deal":
            hand = []
            assert e["barrel"] == barrel and e["lines"] == lines and e["ps"] == ps, "the standings carried into a deal"
        hand.append(e)
        if e["type"] != "score":
            continue
        declarer = next(x["seat"] for x in hand if x["type"] == "declarer")
        contract = next((x["contract"] for x in hand if x["type"] == "contract"),
                        next(x["bid"] for x in hand if x["type"] == "declarer"))
        rospisat = any(x["type"] == "rospisat" for x in hand)
        points = None if rospisat else _points(hand, n)
        assert e["points"] == points, f"hand points: engine {e['points']}, recount {points}"
        new = _row(o, totals, barrel, lines, ps, declarer, contract, points)
        assert e["totals"] == new, f"deal {e['deal']}: totals {e['totals']}, recount {new}"
        assert tuple(e["row"]) == tuple(a - b for a, b in zip(new, totals))
        totals = new
        reached = [s for s in range(n) if totals[s] >= 1000]
        if declarer in reached:
            winners = [declarer]
        elif reached:
            best = max(totals[s] for s in reached)
            top = [s for s in reached if totals[s] == best]
            winners = top if len(top) == 1 else []
        else:
            winners = []
        if winners:
            break
    assert list(state.sheet.totals) == totals
    if state.finished:
        end = state.events[-1]
        if winners:
            assert end["winners"] == winners, f"winners {end['winners']}, recount {winners}"
        else:
            assert "deal_limit" in end
            best = max(totals)
            assert end["winners"] == [s for s in range(n) if totals[s] == best]


def _points(hand: list[dict[str, Any]], n: int) -> list[int]:
    """Each seat's card points in the tricks it won, plus the marriages it declared."""
    points = [0] * n
    trump = None
    trick: list[tuple[int, str]] = []
    for e in hand:
        if e["type"] == "play":
            card = e["card"]
            if "marriage" in e:
                trump = card[-1]
                points[e["seat"]] += MARRIAGE[card[-1]]
            trick.append((e["seat"], card))
        elif e["type"] == "trick":
            assert len(trick) == n, "a trick holds one card from each player"
            led = trick[0][1][-1]
            best = max(trick, key=lambda sc: (sc[1][-1] == trump, sc[1][-1] == led, ORDER.index(_rank(sc[1]))))
            assert e["winner"] == best[0], f"trick {trick} won by {e['winner']}, recount {best[0]}"
            points[best[0]] += sum(VALUE[_rank(c)] for _, c in trick)
            trick = []
    return points


def _row(o: dict[str, Any], totals: list[int], barrel: list[int], lines: list[int], ps: list[int], declarer: int,
         contract: int, points: list[int] | None) -> list[int]:
    """The totals after a hand; updates the barrel, lines and P counters in place."""
    n = len(totals)
    new = list(totals)
    on = [o["barrel"] and b >= 0 for b in barrel]
    made = points is not None and points[declarer] >= contract
    for s in range(n):
        if s == declarer:
            if points is None:
                ps[s] += 1
                new[s] -= 120 if ps[s] % 3 == 0 else 0
            else:
                new[s] += contract if made else -contract
            continue
        if not on[s] and not (o["lock_800"] and totals[s] > 800):
            if points is None:
                new[s] += 60
            else:
                step = o["rounding"]
                new[s] += step * ((points[s] * 2 + step) // (2 * step))
        if o["lines"] and points is not None and not on[s] and points[s] == 0:
            lines[s] += 1
            new[s] -= 120 if lines[s] % 3 == 0 else 0
    if not o["barrel"]:
        return new
    came = []
    for s in range(n):
        if on[s]:
            if s == declarer and points is not None and not made:
                new[s], barrel[s] = 880 - contract, -1
            elif s == declarer and points is not None and contract >= 120:
                new[s], barrel[s] = 880 + contract, -1
            else:
                new[s] = 880
                barrel[s] += 1
                if barrel[s] == 3:
                    new[s], barrel[s] = 760, -1
        elif new[s] >= 880 and not (s == declarer and new[s] >= 1000):
            new[s], barrel[s] = 880, 0
            came.append(s)
    if o["barrel_knock"] and came:
        for s in range(n):
            if on[s] and barrel[s] >= 0:
                new[s], barrel[s] = 760, -1
    return new
