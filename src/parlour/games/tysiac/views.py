"""What one seat may know of a Tysiąc match, as a JSON-ready dict.

The hands of others never appear; the prikup appears once the auction is over and it is shown; a card given
face down is named only to the declarer who gave it and the opponent who received it. ``previous`` holds how the
hand before ended (its last trick and score), once the next hand is dealt.
"""

from __future__ import annotations

from typing import Any

from .cards import CODES, MARRIAGE, SUIT_NAMES, codes

PHASE_NAMES = ("bid", "give", "contract", "nines", "play", "over")


def view(state: Any, seat: int | None) -> dict[str, Any]:
    s = state
    n = s.game.players
    st = s.standing
    barrel_on = s.rules.barrel
    shown = s.declarer >= 0
    given = [{"to": to, "card": CODES[c] if seat is not None and seat in (s.declarer, to) else None}
             for c, to in s.given]
    last = None
    if s.last_trick is not None:
        leader, winner, cards = s.last_trick
        last = {"leader": leader, "winner": winner, "cards": [CODES[c] for c in cards]}
    return {
        "game": s.game.id, "players": n, "options": dict(s.game.options), "seat": seat,
        "to_act": list(s.to_act), "legal": [str(a) for a in s.legal(seat)] if seat is not None else [],
        "phase": PHASE_NAMES[s.phase],
        "deal": s.deal_no, "dealer": s.dealer, "forehand": s.forehand,
        "hand": codes(s.hands[seat]) if seat is not None else None,
        "hands": [h.bit_count() for h in s.hands],
        "bid": s.high or None, "bidder": s.high_bidder if s.high else None,
        "passed": [p for p in range(n) if s.passed >> p & 1],
        "declarer": s.declarer if shown else None,
        "contract": s.contract if shown else None,
        "prikup": [CODES[c] for c in s.prikup] if shown else None,
        "given": given,
        "nines": s.nines_holder if s.nines_holder >= 0 else None,
        "trump": SUIT_NAMES[s.trump] if s.trump >= 0 else None,
        "marriages": [{"seat": who, "suit": SUIT_NAMES[suit], "points": MARRIAGE[suit]}
                      for who, suit in s.marriages],
        "trick": [CODES[c] for c in s.trick], "leader": s.leader if s.phase == 4 else None,
        "last_trick": last,
        "tricks": list(s.tricks), "points": s.points(),
        "barrel": [b if barrel_on and b >= 0 else None for b in st.barrel],
        "lines": list(st.lines), "ps": list(st.ps),
        "sheet": {"sides": list(s.sheet.sides), "totals": list(st.totals),  # ScoreSheet.to_dict, without re-adding
                  "rows": [{"label": label, "points": list(points), "detail": detail}
                           for label, points, detail in s.sheet.rows]},
        "scores": list(st.totals), "over": s.finished, "winners": list(s.winners),
        "log": s.visible_events(seat, s.events[s.deal_start:]),
        "previous": previous(s, seat),
    }


def previous(s: Any, seat: int | None) -> list[dict[str, Any]] | None:
    """The events that ended the hand before this one, as ``seat`` saw them: the plays of its last trick, the
    trick and the score (or the Rospisat' and the score, or the four nines shown and the hand thrown in); None in
    the first hand.

    The table shows them while the next hand has begun. ``determinize`` puts them in front of the hand it deals,
    so that the view of the state it builds has the same ``previous``.
    """
    events = s.events
    i = s.deal_start - 1
    if i < 0:
        return None
    start = i
    if events[i]["type"] == "abandoned":
        start = i - 1  # the four nines shown
    elif events[i - 1]["type"] == "rospisat":
        start = i - 1
    elif events[i - 1]["type"] == "trick":
        start, plays = i - 1, 0
        while events[start - 1]["type"] == "play" and plays < s.game.players:
            start -= 1
            plays += 1
    return s.visible_events(seat, events[start:i + 1])
