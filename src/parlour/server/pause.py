"""The pause between deals: a deal's result stays on screen until the people at the table are ready for the next.

A table with the setting ``pause`` (``deal_pause`` at creation: seconds; the lobby always sets it, the API's default
0 has none) stops after every deal but the last is scored: the next deal is dealt, but its timed windows (Kaboo's
peek), its move clocks and every bot wait until each person connected at the table has said she is ready
(``next`` from her page: "Next round") or the pause runs out. A person's own move in the new deal counts as ready.

The table logs it as its own entries, which change nothing in the match (:func:`parlour.core.record.table_entry`):
``pause`` when it begins, ``next S`` when seat S's person is ready, ``start`` when it ends (the clocks run again, as
after waiting for the players). A table rebuilt from its log mid-pause (a restart) is paused again with its whole
time, since time while the server is down never counts.

>>> pause = DealPause(30.0)
>>> pause.begin(100.0)
>>> pause.left(112.5), pause.waiting([0, 2])
(17.5, [0, 2])
>>> pause.ready.add(2)
>>> pause.summary(112.5)
{'seconds': 30.0, 'left': 17.5, 'ready': [2]}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from parlour.core.game import State


@dataclass
class DealPause:
    """One table's pause between deals: its length, and while it lasts when it began and who is ready."""

    seconds: float
    since: float | None = None
    ready: set[int] = field(default_factory=set)

    @property
    def on(self) -> bool:
        return self.since is not None

    def begin(self, t: float) -> None:
        self.since, self.ready = t, set()

    def end(self) -> None:
        self.since, self.ready = None, set()

    def left(self, now: float) -> float:
        """Seconds until the pause runs out."""
        assert self.since is not None
        return max(0.0, self.since + self.seconds - now)

    def waiting(self, people: Iterable[int]) -> list[int]:
        """Those of ``people`` (the seats of the persons at the table) not yet ready."""
        return [s for s in people if s not in self.ready]

    def summary(self, now: float) -> dict[str, Any] | None:
        """What the table's summary says of it: its length, the seconds left, who is ready; None when not paused."""
        if self.since is None:
            return None
        return {"seconds": self.seconds, "left": round(self.left(now), 1), "ready": sorted(self.ready)}


def scored_a_deal(before: State, after: State) -> bool:
    """Whether the change from ``before`` to ``after`` scored a deal that is not the match's last."""
    return not after.over and len(after.sheet.rows) > len(before.sheet.rows)
