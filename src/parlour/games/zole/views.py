"""What one seat may know of a Zole match, as a JSON-ready dict.

The hands of others and the face-down talon never appear; the two cards the Big one laid away appear in
his view alone. The card points each seat has taken in tricks are public (every trick was seen), the
Big one's cards laid away are not among them. Once the next hand is dealt, ``previous`` holds the events
that ended the hand before: its last trick and its score, which shows the talon and the cards laid away.
"""

from __future__ import annotations

from typing import Any

from .cards import CODES, codes, display_codes, points


def view(state: Any, seat: int | None) -> dict[str, Any]:
    s = state
    n = s.game.players
    sheet = s.sheet.to_dict()
    declarer = s.declarer if s.declarer >= 0 else None
    small_ones = [p for p in s.active if p != s.declarer] if declarer is not None else []
    if declarer is not None and n == 4:
        small_ones.append(s.dealer)  # the dealer sits out but pays and is paid as a small one
    return {
        "game": s.game.id, "players": n, "options": dict(s.game.options), "seat": seat,
        "to_act": list(s.to_act), "legal": [str(a) for a in s.legal(seat)] if seat is not None else [],
        "phase": ("bid", "discard", "play", "over")[s.phase],
        "hand_number": s.deals + (0 if s.finished else 1), "dealer": s.dealer, "active": list(s.active),
        "sitting_out": s.dealer if n == 4 else None,
        "hand": display_codes(s.hands[seat]) if seat is not None else None,
        "hand_counts": [h.bit_count() for h in s.hands],
        "bids": list(s.bids),
        "mode": s.mode or None, "declarer": declarer, "small_ones": sorted(small_ones),
        "talon_count": s.talon.bit_count(),
        "laid_away": codes(s.discards) if seat is not None and seat == s.declarer and s.discards else None,
        "laid_away_count": s.discards.bit_count(),
        "trick": [{"seat": p, "card": CODES[c]} for p, c in zip(s.trick_by, s.trick)],
        "leader": s.leader if s.phase == 2 else None,
        "last_trick": s.last_trick,
        "tricks": list(s.tricks), "won_points": [points(w) for w in s.won],
        "pool": s.pool, "pules": {"common": s.common, "personal": list(s.personal)},
        "sheet": sheet, "scores": sheet["totals"], "over": s.finished, "winners": list(s.winners),
        "previous": previous(s, seat),
        "log": s.visible_events(seat, s.events[s.deal_start:]),
    }


def previous(s: Any, seat: int | None) -> list[dict[str, Any]] | None:
    """The events that ended the hand before this one, as ``seat`` saw them: the plays of its last trick and
    the trick (none when all passed), and its score; None in the first hand.

    The table shows them with the result while the next hand has begun. ``determinize`` puts them in front of
    the hand it deals, so that the view of the state it builds has the same ``previous``.
    """
    events = s.events
    i = s.deal_start - 1
    while i >= 0 and events[i]["type"] != "score":
        i -= 1
    if i < 0:
        return None
    start = i
    if i > 0 and events[i - 1]["type"] == "trick":
        start, plays = i - 1, 0
        while start > 0 and events[start - 1]["type"] == "play" and plays < 3:
            start -= 1
            plays += 1
    return s.visible_events(seat, events[start:i + 1])
