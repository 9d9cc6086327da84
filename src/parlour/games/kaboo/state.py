"""Kaboo's round: the memory machinery plus the powers of discarded cards and snapping.

Snapping: whenever a turn puts a card on the discard pile a snap window opens for every seat at once. Each
seat may snap once (``snap T.U``) or ``pass``. The first snap of a card of the window's rank wins: the card
stays on the pile; if it was an opponent's, the snapper may ``give`` one of his own cards into the gap (or
``stay``). A wrong snap shows the card to everyone, puts it back and costs the snapper a penalty card, face
down in a new slot. Any snap after the winning one is too late: the card is shown and put back, unpunished.
The knocker's cards are frozen: nobody snaps them, no jack or queen swaps them. The window closes when the
next player starts his turn, when nobody is left to act in it, or at its deadline (``snap_seconds``). With
the variant ``chain_snaps`` a winning snap opens a new window on the snapped card for every seat.

A 7 or 8's peek and a 9 or 10's spy end the turn, but the looker keeps looking: she is in the window
(``looking``) until she says ``ready`` or it closes. The rules still let the next player's draw close it
(records made before looks were held replay as they were); the table holds that draw while a person looks
(``State.looking``: the server makes a bot wait and tells a person why), so a look lasts its whole window.

>>> import parlour
>>> from parlour.games.kaboo import Kaboo
>>> state = Kaboo(players=2).new(seed=1)
>>> state.phase, state.deadline, sorted(state.to_act)
('peek', 5.0, [0, 1])
"""

from __future__ import annotations

from typing import Any

from parlour.core.cards import BY_CODE, CODES
from parlour.games.memory.actions import (GIVE, JACK, KEEP, LOOK, PASS, PEEK, READY, SKIP, SNAP, SPY, STAY,
                                          TRADE, Move, move)
from parlour.games.memory.rules import (EIGHT, JACK as JACK_RANK, NINE, QUEEN, RANK_NAMES, SEVEN, TEN, Rules,
                                        points_table, rank_of)
from parlour.games.memory.state import DECIDE, HIDDEN, POWER, MemoryState

RULES = Rules(rows=2, cols=2, points=points_table(two=2, king=10, red_king=-1, face=10, joker=0),
              initial_discard=False, peek_slots=(2, 3), take_discard=False, incoming_up=False, knock=True)
#: The power of each rank when a drawn card is discarded unused.
POWERS = {SEVEN: PEEK, EIGHT: PEEK, NINE: SPY, TEN: SPY, JACK_RANK: JACK, QUEEN: LOOK}
#: The snaps of each seat's slots and the gives of each own slot, built once: every window lists them.
_SNAPS = tuple(tuple(move(SNAP, 0, t, i) for i in range(256)) for t in range(12))
_GIVES = tuple(move(GIVE, i) for i in range(256))
_PASS, _STAY, _READY = move(PASS), move(STAY), move(READY)


class KabooState(MemoryState):
    rules = RULES

    def _reset_round_extras(self) -> None:
        self.snap_rank, self.claimed, self.snappers = -1, False, 0
        self.gives: dict[int, tuple[int, int]] = {}
        self.power = -1
        self.qlook: tuple[int, int, int] | None = None
        #: Who is still looking at a card a peek or a spy showed her after her turn: the place she looks at.
        self.lookers: dict[int, tuple[int, int]] = {}

    def _clone_extras(self, source: MemoryState) -> None:
        self.gives = dict(self.gives)
        self.lookers = dict(self.lookers)

    @property
    def looking(self) -> tuple[int, ...]:
        return tuple(sorted(self.lookers))

    # --- snapping ---------------------------------------------------------------------------------------------

    def _reached_discard(self, card: int, by_turn: bool) -> None:
        self.snap_rank, self.claimed = rank_of(card), False
        self.snappers = (1 << self.game.players) - 1
        self.gives = {}
        self.window = max(self.window, float(self.game.options["snap_seconds"]))

    def _window_seats(self) -> list[int]:
        if not self.window:
            return []
        n = self.game.players
        start = (self.turn + 1) % n if self.turn >= 0 else self.first
        busy = self.snappers | sum(1 << s for s in self.gives) | sum(1 << s for s in self.lookers)
        return [s for s in ((start + i) % n for i in range(n)) if busy >> s & 1]

    def _window_legal(self, seat: int) -> list[Move]:
        if seat in self.gives:
            own = self.layouts[seat]
            return [_GIVES[i] for i, c in enumerate(own) if c >= 0] + [_STAY]
        done = [_READY] if seat in self.lookers else []
        if not self.snappers >> seat & 1:
            return done
        out = done + [_PASS]
        for t, lay in enumerate(self.layouts):
            if t != self.closer:
                snaps = _SNAPS[t]
                out += [snaps[i] for i, c in enumerate(lay) if c >= 0]
        return out

    def _turn_blocked(self) -> bool:
        return bool(self.gives)

    def _window_apply(self, seat: int, m: Move) -> bool:
        kind = m.kind
        if kind == PASS:
            self.snappers &= ~(1 << seat)
            self.events.append({"type": "pass", "seat": seat})
        elif kind == SNAP:
            self._snap(seat, m.b, m.c)
        elif kind == GIVE:
            gap = self.gives.pop(seat)
            self._move_slot((seat, m.a), gap)
            self.events.append({"type": "give", "seat": seat, "slot": m.a, "to": list(gap)})
            if self._emptied(seat):
                return True
        elif kind == STAY:
            del self.gives[seat]
            self.events.append({"type": "stay", "seat": seat})
        elif kind == READY and seat in self.lookers:
            self._done_looking(seat)
            self.events.append({"type": "ready", "seat": seat})
        else:
            return False
        self._maybe_close()
        return True

    def _snap(self, seat: int, owner: int, slot: int) -> None:
        self.snappers &= ~(1 << seat)
        card = self.layouts[owner][slot]
        event: dict[str, Any] = {"type": "snap", "seat": seat, "place": [owner, slot]}
        everyone = (1 << self.game.players) - 1
        matches = rank_of(card) == self.snap_rank
        if matches and not self.claimed:
            self.claimed = True
            self._clear_slot(owner, slot)
            self.discard.append(card)
            event.update(result="valid", card=CODES[card])
            self.events.append(event)
            if owner != seat and seat != self.closer and any(c >= 0 for c in self.layouts[seat]):
                self.gives[seat] = (owner, slot)
            if self.game.options["chain_snaps"]:  # a new window on the snapped card; a pending give stays
                self.claimed, self.snappers = False, everyone
                self.window = max(self.window, float(self.game.options["snap_seconds"]))
            self._emptied(owner)
            return
        # thrown face up, then put back: every seat has seen it (the log says which card it was), and sees it while
        # the window is open
        self.shown[owner][slot] = self.seen[owner][slot] = everyone
        event["card"] = CODES[card]
        if matches:  # the right rank, after another snap won the window: it just goes back
            event["result"] = "late"
            self.events.append(event)
            return
        event["result"] = "wrong"
        self.events.append(event)
        # the last card of the stock stays for the next turn's draw
        self._refill_stock(low=1)
        if len(self.stock) > 1:
            new = self._add_slot(seat, self.stock.pop())
            self.events.append({"type": "penalty", "seat": seat, "slot": new})

    def _emptied(self, seat: int) -> bool:
        """A layout with no card left ends the round at once."""
        if any(c >= 0 for c in self.layouts[seat]):
            return False
        self.events.append({"type": "empty", "seat": seat})
        self._end_round()
        return True

    def _maybe_close(self) -> None:
        """Nobody left to act in the window and nothing shown: it closes before its deadline."""
        if self.phase == "over" or self.snappers or self.gives or self.phase in (POWER, DECIDE):
            return
        if any(any(row) for row in self.shown):
            return
        self._close_window()

    def _close_extras(self) -> None:
        self.snap_rank, self.claimed, self.snappers = -1, False, 0
        self.gives = {}
        self.lookers = {}

    def _done_looking(self, seat: int) -> None:
        """The looker has seen enough: the card is hidden from her again (unless a wrong snap shows it to all)."""
        owner, slot = self.lookers.pop(seat)
        everyone = (1 << self.game.players) - 1
        if self.shown[owner][slot] != everyone:
            self.shown[owner][slot] &= ~(1 << seat)

    # --- powers -----------------------------------------------------------------------------------------------

    def _after_drawn_discard(self, seat: int, card: int) -> bool:
        power = POWERS.get(rank_of(card))
        if power is None:
            return False
        self.power, self.phase = power, POWER
        if not self._power_legal(seat)[:-1]:  # nothing to use it on
            self.power, self.phase = -1, "drawn"
            return False
        return True

    def _power_legal(self, seat: int) -> list[Move]:
        if self.phase == DECIDE:
            s, t, u = self.qlook  # type: ignore[misc]
            bit = 1 << seat
            same = self.shown[seat][s] & bit and self.shown[t][u] & bit
            return ([move(TRADE)] if same and t != self.closer else []) + [move(KEEP)]
        own = [i for i, c in enumerate(self.layouts[seat]) if c >= 0]
        others = [(t, i) for t, lay in enumerate(self.layouts) if t != seat for i, c in enumerate(lay) if c >= 0]
        p = self.power
        if p == PEEK:
            out = [move(PEEK, i) for i in own]
        elif p == SPY:
            out = [move(SPY, 0, t, i) for t, i in others]
        elif p == JACK:
            out = [move(JACK, s, t, i) for s in own for t, i in others if t != self.closer]
        else:
            out = [move(LOOK, s, t, i) for s in own for t, i in others]
        return out + [move(SKIP)]

    def _show(self, seat: int, owner: int, slot: int) -> None:
        self.shown[owner][slot] |= 1 << seat
        self.seen[owner][slot] |= 1 << seat
        self.window = max(self.window, float(self.game.options["peek_seconds"]))

    def _power_apply(self, seat: int, m: Move) -> None:
        kind = m.kind
        event: dict[str, Any] = {"type": SHAPE_WORDS[kind], "seat": seat}
        if kind == PEEK:
            self._show(seat, seat, m.a)
            self.lookers[seat] = (seat, m.a)
            event["slot"] = m.a
        elif kind == SPY:
            self._show(seat, m.b, m.c)
            self.lookers[seat] = (m.b, m.c)
            event["place"] = [m.b, m.c]
        elif kind == JACK:
            self._swap_slots((seat, m.a), (m.b, m.c))
            event.update(slot=m.a, place=[m.b, m.c])
        elif kind == LOOK:
            self._show(seat, seat, m.a)
            self._show(seat, m.b, m.c)
            self.qlook = (m.a, m.b, m.c)
            self.phase = DECIDE
            event.update(slot=m.a, place=[m.b, m.c])
            self.events.append(event)
            return
        elif kind == TRADE:
            s, t, u = self.qlook  # type: ignore[misc]
            self._swap_slots((seat, s), (t, u))
        self.events.append(event)
        self.power, self.qlook = -1, None
        self._end_turn()
        if self.phase != "over":
            self._maybe_close()

    def _end_turn(self) -> None:
        self.power, self.qlook = -1, None
        super()._end_turn()

    # --- views ------------------------------------------------------------------------------------------------

    def _view_extras(self, seat: int | None) -> dict[str, Any]:
        return {"snap": {"rank": RANK_NAMES[self.snap_rank] if self.snap_rank >= 0 else None,
                         "claimed": self.claimed,
                         "snappers": [s for s in range(self.game.players) if self.snappers >> s & 1],
                         "gives": [[s, *gap] for s, gap in sorted(self.gives.items())]},
                "power": SHAPE_WORDS[self.power] if self.power >= 0 else None,
                "look": list(self.qlook) if self.qlook else None,
                "looking": [[seat, *place] for seat, place in sorted(self.lookers.items())]}

    def _determinize_extras(self, view: dict[str, Any]) -> None:
        snap = view["snap"]
        self.snap_rank = RANK_NAMES.index(snap["rank"]) if snap["rank"] is not None else -1
        self.claimed = snap["claimed"]
        self.snappers = sum(1 << s for s in snap["snappers"])
        self.gives = {s: (t, u) for s, t, u in snap["gives"]}
        self.power = {w: k for k, w in SHAPE_WORDS.items()}[view["power"]] if view["power"] else -1
        self.qlook = tuple(view["look"]) if view["look"] else None  # type: ignore[assignment]
        self.lookers = {seat: (owner, slot) for seat, owner, slot in view.get("looking") or ()}
        self._place_thrown(view)

    def _place_thrown(self, view: dict[str, Any]) -> None:
        """A card thrown in a wrong or late snap was shown to everyone and put back: it lies where the log's later
        moves took it (a jack, a queen's trade, a give), not anywhere a redeal might put it."""
        for owner, slot, code in thrown_cards(view["log"]):
            if view["layouts"][owner][slot] != HIDDEN:
                continue
            card = int(BY_CODE[code])
            here = self.layouts[owner][slot]
            if here == card:
                continue
            for row in (*self.layouts, self.stock):  # the redeal put it elsewhere among the unseen cards
                if card in row:
                    row[row.index(card)] = here
                    break
            else:
                if self.drawn == card:
                    self.drawn = here
            self.layouts[owner][slot] = card


def thrown_cards(log: list[dict[str, Any]]) -> list[tuple[int, int, str]]:
    """``(owner, slot, code)`` for each card a wrong or late snap in ``log`` showed to everyone, where it lies at the
    log's end: followed through the jacks, queen's trades and gives after it; gone once snapped, swapped out or
    thrown.

    >>> thrown_cards([{"type": "snap", "seat": 1, "place": [0, 2], "result": "wrong", "card": "5H"},
    ...               {"type": "jack", "seat": 0, "slot": 2, "place": [1, 3]}])
    [(1, 3, '5H')]
    """
    places: dict[tuple[int, int], str] = {}
    look: tuple[int, int] | None = None
    for e in log:
        kind = e["type"]
        if kind == "snap" and e.get("result") in ("wrong", "late"):
            places[tuple(e["place"])] = e["card"]  # type: ignore[index]
        elif kind == "snap" or kind == "swap":
            places.pop(tuple(e["place"]) if kind == "snap" else (e["seat"], e["slot"]), None)  # type: ignore[arg-type]
        elif kind in ("jack", "look"):
            a, b = (e["seat"], e["slot"]), tuple(e["place"])
            look = (a, b) if kind == "look" else None  # type: ignore[assignment]
            if kind == "jack":
                _swap(places, a, b)  # type: ignore[arg-type]
        elif kind == "trade" and look is not None:
            _swap(places, *look)  # type: ignore[arg-type]
        elif kind == "give":
            code = places.pop((e["seat"], e["slot"]), None)
            if code is not None:
                places[tuple(e["to"])] = code  # type: ignore[index]
    return [(o, s, code) for (o, s), code in places.items()]


def _swap(places: dict[tuple[int, int], str], a: tuple[int, int], b: tuple[int, int]) -> None:
    x, y = places.pop(a, None), places.pop(b, None)
    if x is not None:
        places[b] = x
    if y is not None:
        places[a] = y


SHAPE_WORDS = {PEEK: "peek", SPY: "spy", JACK: "jack", LOOK: "look", TRADE: "trade", KEEP: "keep", SKIP: "skip"}
