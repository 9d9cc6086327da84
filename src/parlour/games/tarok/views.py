"""What one seat may know of a tarok match, as a JSON-ready dict.

The hands of others, the face-down talon and the declarer's face-down discards never appear; the called
king's holder is named only once the king is played (or the holder announced King ultimo, or the king lay
in the talon); the Open beggar declarer's hand is public from the first trick. What the tricks hold is
public: their cards are in the log, and ``points_taken`` counts each seat's card points (in thirds).
"""

from __future__ import annotations

from typing import Any

from .cards import CODES, SUIT, SUIT_NAMES, codes, king_of, third_points
from .contracts import BONUS_NAMES, KLOP, KONTRA_NAMES, NAMES, OPEN_BEGGAR, TALON_TAKE, TARGET_NAMES


def view(state: Any, seat: int | None) -> dict[str, Any]:
    s = state
    n = s.game.players
    exposed = s.contract >= 0 and s.contract != KLOP and TALON_TAKE[s.contract] and s.phase >= 3
    open_hand = s.contract == OPEN_BEGGAR and s.phase >= 7
    called = None
    if s.called >= 0:
        called = {"rank": "king" if s.called == king_of(SUIT[s.called]) else "queen", "suit": SUIT_NAMES[SUIT[s.called]]}
    partner: Any = None
    if s.called >= 0 and (s.revealed or (seat is not None and s.hands[seat] >> s.called & 1)):
        partner = "none" if s.partner < 0 else s.partner
    elif s.contract >= 0 and s.contract != KLOP and s.called < 0 and s.phase >= 3:
        partner = "none"
    return {
        "game": s.game.id, "players": n, "options": dict(s.game.options), "seat": seat,
        "to_act": list(s.to_act), "legal": [str(a) for a in s.legal(seat)] if seat is not None else [],
        "phase": ("bid", "contract", "call", "talon", "discard", "colour", "announce", "play", "over")[s.phase],
        "deal": s.deals + (0 if s.finished else 1), "dealer": s.dealer, "forehand": s.forehand, "mode": s.mode,
        "hand": codes(s.hands[seat]) if seat is not None else None,
        "hands": [h.bit_count() for h in s.hands],
        "high_bid": NAMES[s.high] if s.high >= 0 else None, "high_bidder": s.high_bidder if s.high >= 0 else None,
        "passed": [p for p in range(n) if s.passed >> p & 1],
        "contract": NAMES[s.contract] if s.contract >= 0 else None,
        "declarer": s.declarer if s.declarer >= 0 else None,
        "called": called, "partner": partner,
        "talon": [CODES[c] for c in s.talon] if exposed else None,
        "talon_count": len(s.talon) - s.klop_next,
        "laid_away": codes(s.discards) if seat is not None and seat == s.declarer else None,
        "shown": codes(s.shown),
        "announced": {BONUS_NAMES[b]: who for b, who in enumerate(s.announced) if who >= 0},
        "kontra": {TARGET_NAMES[t]: KONTRA_NAMES[lv] for t, lv in enumerate(s.kontra) if lv},
        "trick": [CODES[c] for c in s.trick], "leader": s.leader if s.phase == 7 else None,
        "tricks": list(s.tricks),
        # card points each seat has taken in tricks so far (with Klop's talon cards and the rest of the talon),
        # in thirds: all of it was played face up; a side's points are its thirds summed, then rounded
        "points_taken": [third_points(w) for w in s.won],
        "open_hand": codes(s.hands[s.declarer]) if open_hand else None,
        "wheels": list(s.wheels), "skis_round": s.skis_round,
        "last_dealer": s.last_dealer if s.last_dealer >= 0 else None,
        "sheet": s.sheet.to_dict(), "scores": list(s.scores), "over": s.finished, "winners": list(s.winners),
        "log": s.visible_events(seat, s.events[s.deal_start:]),
        "previous": previous(s, seat),
    }


def previous(s: Any, seat: int | None) -> list[dict[str, Any]] | None:
    """The events that ended the deal before this one: its last trick's plays and the trick (or the forfeit),
    the reveal and the score; None in the first deal.

    The table shows that last trick and the result while the next deal has begun. The determinized state
    carries these events in front of its deal (``determinize``), so its view has the same ``previous``.
    """
    events = s.events
    i = s.deal_start - 1
    while i >= 0 and events[i]["type"] != "score":
        i -= 1
    if i < 0:
        return None
    start = i
    j = i - 1
    while j >= 0 and events[j]["type"] == "reveal":
        j -= 1
    if j >= 0 and events[j]["type"] == "forfeit":
        start = j
    elif j >= 0 and events[j]["type"] == "trick":
        start, plays = j, 0
        while start > 0 and plays < s.game.players and events[start - 1]["type"] == "play":
            start -= 1
            plays += 1
    return s.visible_events(seat, events[start:i + 1])
