"""What the two golf games share: two optional flips, face-up exchanges, column pairs, the sweep variant."""

from __future__ import annotations

from parlour.core.cards import CODES

from .rules import Rules, points_table, rank_of
from .state import MemoryState

GOLF_POINTS = points_table(two=-2, king=0)


def golf_rules(rows: int) -> Rules:
    return Rules(rows=rows, cols=3, points=GOLF_POINTS, column_pairs=True, initial_discard=True, setup_flips=2,
                 take_discard=True, incoming_up=True, knock=False, flip_after_discard=True, flip_turn=True)


class GolfState(MemoryState):
    """Golf: the round ends one turn after a player's last face-down card turns up."""

    def _after_exchange(self, seat: int, slot: int) -> None:
        if not self.game.options.get("sweep"):
            return
        cols = self.rules.cols
        col = slot % cols
        places = list(range(col, self.rules.size, cols))
        lay, up = self.layouts[seat], self.up[seat]
        if any(lay[i] < 0 or not up[i] for i in places) or len({rank_of(lay[i]) for i in places}) != 1:
            return
        swept = [self._clear_slot(seat, i) for i in places]
        self.events.append({"type": "sweep", "seat": seat, "column": col, "cards": [CODES[c] for c in swept]})
        for c in swept:
            self._discard(c)
