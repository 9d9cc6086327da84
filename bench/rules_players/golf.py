"""An independent rule-based player for the golf family: Țestoasa (4-card golf), 6-card golf, Crazy Nines.

Written from the rules files alone (the project's rules notes for golf and each game's ``RULES.md``), not from
parlour's bots. One player for the three games, parametrised by :class:`Layout`: the grid, whether equal ranks
in a column score 0, what a 2 is worth, and whether a round ends by a knock (Țestoasa) or by turning the last
card up (6- and 9-card golf).

What it does, as a careful player would:

* it counts cards: every card it can see or remembers (its own and others' face-up or remembered cards, the whole
  discard pile, its drawn card) is out of the pool, and an unknown card is worth the pool's average; a golf
  column with unknown cards is valued exactly over the pool's ranks (the chance that an unknown card pairs up);
* it takes the discard when that beats the expected gain of drawing, swaps a drawn card where it gains most,
  and otherwise throws it (flipping the face-down card that risks least, in golf);
* it does not hand the next player a card that pairs one of his face-up cards when it can throw another;
* it ends a round (a knock, or turning its last card) only when its total is safely below everyone's estimate
  after their one more turn, since the ender who is not lowest adds 10; after someone else ended it only
  minimises its own total.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from parlour.core.bot import Bot
from parlour.core.cards import RANKS
from parlour.core.game import Action, Game

HIDDEN = "##"
#: Points a card of each rank index (2..A as 0..12) scores, with the 2 given separately.
BASE_POINTS = (None, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 0, 1)


@dataclass(frozen=True)
class Layout:
    """One golf game's shape and scoring, from its rules file."""

    rows: int
    cols: int
    pairs: bool       # equal ranks in a column score 0 (6- and 9-card golf)
    two: int          # what a 2 scores
    knock: bool       # the round ends by a knock (Țestoasa), else when a player's last card turns up
    penalty: int = 10  # the ender who is not lowest adds this

    def points(self, rank: int) -> int:
        return self.two if rank == 0 else BASE_POINTS[rank]  # type: ignore[return-value]


LAYOUTS = {
    "testoasa": Layout(rows=2, cols=2, pairs=False, two=2, knock=True),
    "golf6": Layout(rows=2, cols=3, pairs=True, two=-2, knock=False),
    "crazy-nines": Layout(rows=3, cols=3, pairs=True, two=-2, knock=False),
}


def rank_of(code: str) -> int:
    return RANKS.index(code[:-1])


def column_value(known: tuple[int, ...], unknown: int, pool: tuple[int, ...], layout: Layout) -> float:
    """The expected score of one column: ``known`` ranks, ``unknown`` face-down cards drawn from ``pool`` (count per
    rank). Without column pairs it is the plain sum, each unknown at the pool's mean."""
    return _column_value(tuple(sorted(known)), unknown, pool, layout)


@lru_cache(maxsize=1 << 16)
def _column_value(known: tuple[int, ...], unknown: int, pool: tuple[int, ...], layout: Layout) -> float:
    total = sum(pool)
    if not layout.pairs or not unknown:
        mean = sum(n * layout.points(r) for r, n in enumerate(pool)) / total if total else 5.0
        if not layout.pairs:
            return sum(layout.points(r) for r in known) + unknown * mean
        return float(_paired(known, layout))
    # one unknown card at a time, over the pool's ranks (drawing without replacement)
    value = 0.0
    for r, n in enumerate(pool):
        if n:
            rest = list(pool)
            rest[r] -= 1
            value += n / total * _column_value(tuple(sorted(known + (r,))), unknown - 1, tuple(rest), layout)
    return value


def _paired(ranks: Sequence[int], layout: Layout) -> int:
    counts = Counter(ranks)
    return sum(layout.points(r) for r in ranks if counts[r] < 2)


class GolfRulesPlayer(Bot):
    """The rule-based golf player (see the module docstring); it reads only its seat's view."""

    name = "rules"
    description = "independent rule-based golf player (bench only)"
    #: Țestoasa: knock with at most this many of one's own cards unknown, and this far below the best other estimate.
    #: Heads-up: the cleanest comparison, and the bench's table size for this player.
    BENCH_PLAYERS = 2
    KNOCK_UNKNOWN = 1
    KNOCK_MARGIN = 10.0  # the penalty a knocker who is not lowest adds (chosen on seeds 0-29, measured on others)

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed)
        self.layout = LAYOUTS[game.id]
        self.decks = int(getattr(game, "decks", 1))
        self.round = -1
        self.first_tags: list[list[int]] = []

    # --- what the seat knows ------------------------------------------------------------------------------------

    def _read(self, view: dict[str, Any]) -> None:
        """Each seat's known ranks per slot (None: face down and unknown, -1: a gap) and the pool of unseen cards."""
        if view["round"] != self.round:  # a new deal: the tags each slot's card started with
            self.round, self.first_tags = view["round"], [list(t) for t in view["tags"]]
        self.tags = view["tags"]
        grids: list[list[int | None]] = []
        for row in view["layouts"]:
            grids.append([-1 if c is None else None if c == HIDDEN else rank_of(c) for c in row])
        for owner, slot, code in view.get("memory") or []:
            grids[owner][slot] = rank_of(code)
        self.grids = grids
        pool = [4 * self.decks] * 13
        seen = [r for g in grids for r in g if r is not None and r >= 0]
        seen += [rank_of(c) for c in view["discard"]]
        if view.get("drawn") not in (None, HIDDEN):
            seen.append(rank_of(view["drawn"]))
        for r in seen:
            pool[r] = max(0, pool[r] - 1)
        self.pool = tuple(pool)
        n = sum(pool)
        self.mean = sum(k * self.layout.points(r) for r, k in enumerate(pool)) / n if n else 5.0

    def value(self, grid: Sequence[int | None]) -> float:
        """The expected score of a grid of known ranks (None unknown, -1 a gap)."""
        lay = self.layout
        total = 0.0
        for col in range(lay.cols):
            cells = [grid[i] for i in range(col, len(grid), lay.cols) if i < lay.rows * lay.cols]
            known = tuple(r for r in cells if r is not None and r >= 0)
            unknown = sum(1 for r in cells if r is None)
            total += column_value(known, unknown, self.pool, lay)
        return total

    def _others_after_turn(self, view: dict[str, Any]) -> float:
        """The lowest estimate among the other seats, each improved by one more turn's typical gain."""
        best = float("inf")
        for s, grid in enumerate(self.grids):
            if s == self.seat:
                continue
            est = self._estimate(s, grid)
            gains = [self.value(_put(grid, i, r)) for i in range(len(grid)) if grid[i] != -1 for r in (self._cheap(),)]
            est = min(est, (est + min(gains, default=est)) / 2)  # they may improve: expect half the best cheap swap
            best = min(best, est)
        return best

    def _estimate(self, seat: int, grid: Sequence[int | None]) -> float:
        """Another seat's expected total. Without column pairs (Țestoasa, where cards go in face down) a face-down
        card he put in from the stock is one he chose to keep: a low one (about 3); one of his near cards still as
        dealt after his first turn is one he looked at and kept (about 1.5 under the mean)."""
        if self.layout.pairs:
            return self.value(grid)
        total = 0.0
        near = range(len(grid) - self.layout.cols, len(grid))
        for i, r in enumerate(grid):
            if r is not None:
                total += self.layout.points(r) if r >= 0 else 0
            elif i < len(self.first_tags[seat]) and self.tags[seat][i] != self.first_tags[seat][i]:
                total += min(3.0, self.mean)
            elif i in near:
                total += self.mean - 1.5
            else:
                total += self.mean
        return total

    def _cheap(self) -> int:
        """A typical good card they might get: the pool's lowest-scoring rank still available."""
        live = [r for r, n in enumerate(self.pool) if n]
        return min(live, key=self.layout.points) if live else 11

    # --- choosing -----------------------------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        by_text = {str(a): a for a in legal}
        self._read(view)
        phase = view["phase"]
        if phase == "peek":
            return by_text.get("ready", legal[0])
        if phase == "setup":
            return self._setup(view, by_text)
        if phase == "drawn":
            return self._after_draw(view, by_text)
        if phase == "flip":
            return by_text[self._flip_choice(view, [t for t in by_text if t.startswith("flip")])]
        if view.get("turn") == self.seat and phase == "turn":
            return self._turn(view, by_text)
        return legal[0]

    def _setup(self, view: dict[str, Any], by_text: dict[str, Action]) -> Action:
        """Turn two cards up, in different columns (the most to learn about pairs)."""
        flips = [t for t in by_text if t.startswith("flip")]
        if not flips:
            return by_text["ready"]
        mine = self.grids[self.seat]
        up_cols = {i % self.layout.cols for i, r in enumerate(mine) if r is not None and r >= 0}
        fresh = [t for t in flips if int(t.split()[1]) % self.layout.cols not in up_cols]
        return by_text[(fresh or flips)[0]]

    def _ending(self, view: dict[str, Any]) -> bool:
        return view.get("closer") is not None

    def _ok_to_end(self, view: dict[str, Any], score: float) -> bool:
        """End the round with ``score`` only if it is safely the lowest (the ender who is not lowest adds 10)."""
        return score + 1.0 < self._others_after_turn(view)

    def _slot_options(self, card: int) -> list[tuple[float, int]]:
        """(expected total, slot) for putting a card of rank ``card`` into each of own slots."""
        mine = self.grids[self.seat]
        return sorted((self.value(_put(mine, i, card)), i) for i, r in enumerate(mine) if r != -1)

    def _turn(self, view: dict[str, Any], by_text: dict[str, Action]) -> Action:
        lay, mine = self.layout, self.grids[self.seat]
        now = self.value(mine)
        last = self._ending(view)
        if lay.knock and "knock" in by_text and not last:
            unknown = sum(1 for r in mine if r is None)
            if unknown <= self.KNOCK_UNKNOWN and (now <= 3 or now + self.KNOCK_MARGIN < self._others_after_turn(view)):
                return by_text["knock"]
        draw_gain = self._draw_gain(view)
        if view["discard"]:
            top = rank_of(view["discard"][-1])
            options = sorted((v + self._end_cost(view, _put(mine, i, top), v), i)
                             for v, i in self._slot_options(top) if f"take {i}" in by_text)
            if options:
                v, i = options[0]
                if now - v > max(draw_gain, 0.5):
                    return by_text[f"take {i}"]
        if "draw" in by_text:
            return by_text["draw"]
        return next(iter(by_text.values()))

    def _ends(self, grid: Sequence[int | None], slot: int) -> bool:
        """Whether filling ``slot`` leaves no face-down card (golf's end of round)."""
        return all(r is not None for i, r in enumerate(grid) if i != slot)

    def _draw_gain(self, view: dict[str, Any]) -> float:
        """The expected gain of drawing a card: over the pool's ranks, the best swap (or nothing)."""
        mine = self.grids[self.seat]
        now = self.value(mine)
        total = sum(self.pool)
        if not total:
            return 0.0
        gain = 0.0
        for r, n in enumerate(self.pool):
            if n:
                best = min((v for v, i in self._slot_options(r) if self.layout.knock or not self._ends(mine, i)),
                           default=now)
                gain += n / total * max(0.0, now - best)
        return gain

    def _end_cost(self, view: dict[str, Any], grid: Sequence[int | None], score: float) -> float:
        """Golf: the 10 points an ending move risks when ``grid`` has no face-down card left and we are not safely
        lowest (nothing after someone else ended: the round ends anyway)."""
        if self.layout.knock or self._ending(view) or any(r is None for r in grid):
            return 0.0
        return 0.0 if self._ok_to_end(view, score) else float(self.layout.penalty)

    def _after_draw(self, view: dict[str, Any], by_text: dict[str, Action]) -> Action:
        mine = self.grids[self.seat]
        card = rank_of(view["drawn"])
        now = self.value(mine)
        choices: list[tuple[float, str]] = []
        for v, i in self._slot_options(card):
            if f"swap {i}" in by_text:
                choices.append((v + self._end_cost(view, _put(mine, i, card), v), f"swap {i}"))
        if "discard" in by_text:
            down = [i for i, r in enumerate(mine) if r is None]
            # golf: throwing obliges a flip, which ends the round if it is the last face-down card
            after = _put(mine, down[0], self._cheap()) if len(down) == 1 and not self.layout.knock else mine
            cost = now + self._gift(view, card) + (self._end_cost(view, after, now) if len(down) == 1 else 0.0)
            choices.append((cost + 1e-6, "discard"))  # ties: keep the card (it is known, an unknown is not)
        return by_text[min(choices)[1]] if choices else next(iter(by_text.values()))

    def _gift(self, view: dict[str, Any], card: int) -> float:
        """How much throwing rank ``card`` would help the next player (pairs one of his face-up cards), roughly."""
        n = view["players"]
        nxt = (self.seat + 1) % n
        grid = self.grids[nxt]
        if not grid:
            return 0.0
        now = self.value(grid)
        best = min((self.value(_put(grid, i, card)) for i, r in enumerate(grid) if r != -1), default=now)
        return max(0.0, now - best) * 0.5

    def _flip_choice(self, view: dict[str, Any], flips: list[str]) -> str:
        """Golf, after throwing the drawn card: turn a face-down card in the column with the most face-down cards
        (a column already half known may still be paired by a later swap; a fresh one tells most)."""
        mine, cols = self.grids[self.seat], self.layout.cols

        def unknown_in_column(text: str) -> tuple[int, int]:
            i = int(text.split()[1])
            return -sum(1 for j in range(i % cols, len(mine), cols) if mine[j] is None), i
        return min(flips, key=unknown_in_column)


def _put(grid: Sequence[int | None], slot: int, rank: int) -> list[int | None]:
    out = list(grid)
    out[slot] = rank
    return out
