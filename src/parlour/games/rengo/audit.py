"""An independent recount of a game of Go from its public events (used by ``State.audit``).

It shares nothing with the engine but the starting position: a plain grid of characters, chains found by a
flood fill at every move, captures and the final count done again from scratch, then compared with what the
events and the score sheet say.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .points import LETTERS

if TYPE_CHECKING:
    from .state import RengoState


def _name_to_rc(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, LETTERS.index(name[0])


class Grid:
    def __init__(self, rows: list[str]) -> None:
        self.n = len(rows)
        self.cells = {(self.n - 1 - r, c): ch for r, line in enumerate(rows) for c, ch in enumerate(line)}

    def around(self, rc: tuple[int, int]) -> list[tuple[int, int]]:
        r, c = rc
        return [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < self.n and 0 <= c + dc < self.n]

    def region(self, start: tuple[int, int], inside: set[str]) -> set[tuple[int, int]]:
        seen, todo = {start}, [start]
        while todo:
            for q in self.around(todo.pop()):
                if q not in seen and self.cells[q] in inside:
                    seen.add(q)
                    todo.append(q)
        return seen

    def liberties(self, chain: set[tuple[int, int]]) -> int:
        return len({q for p in chain for q in self.around(p) if self.cells[q] == "."})

    def play(self, rc: tuple[int, int], stone: str) -> set[tuple[int, int]]:
        """Put the stone, take off the enemy chains left without liberties; the points taken."""
        assert self.cells[rc] == ".", f"{rc} is occupied"
        self.cells[rc] = stone
        enemy = "O" if stone == "X" else "X"
        taken: set[tuple[int, int]] = set()
        for q in self.around(rc):
            if self.cells[q] == enemy:
                chain = self.region(q, {enemy})
                if self.liberties(chain) == 0:
                    taken |= chain
        for q in taken:
            self.cells[q] = "."
        assert self.liberties(self.region(rc, {stone})) > 0, "a suicide was played"
        return taken


def recount(state: "RengoState") -> None:
    """Replay the events on a fresh grid and check the captures, the count, the result and the score sheet."""
    start = state.game.new(seed=state.seed, deck=state.setup)
    grid = Grid(start.board.rows())
    prisoners = {"X": start.board.captures[1], "O": start.board.captures[2]}
    for e in state.events:
        kind = e["type"]
        if kind == "move":
            stone = "X" if e["colour"] == "B" else "O"
            taken = grid.play(_name_to_rc(e["point"]), stone)
            assert sorted(taken) == sorted(map(_name_to_rc, e.get("captured", []))), f"captures at {e['point']}"
            prisoners[stone] += len(taken)
        elif kind == "score":
            _check_count(state, grid, e, prisoners)
    assert grid.cells == Grid(state.board.rows()).cells, "the board differs from the replayed events"
    ends = [e for e in state.events if e["type"] == "end"]
    assert len(ends) == (1 if state.over else 0)
    if state.over:
        result = ends[0]["result"]
        assert state.sheet.rows and state.sheet.rows[0][2]["result"] == result
        winner = None if result == "Jigo" else "BW".index(result[0])
        members = state.rules.lineup.teams
        expected = sorted(members[0] + members[1]) if winner is None else list(members[winner])
        assert sorted(ends[0]["winners"]) == expected, "the winners do not match the result"


def _check_count(state: "RengoState", grid: Grid, e: dict, prisoners: dict[str, int]) -> None:
    dead = {_name_to_rc(p) for p in e["dead"]}
    cells = {p: ("." if p in dead else ch) for p, ch in grid.cells.items()}
    owned = {"X": 0, "O": 0}
    done: set[tuple[int, int]] = set()
    for p, ch in cells.items():
        if ch != "." or p in done:
            continue
        region, todo, borders = {p}, [p], set()
        while todo:
            for q in grid.around(todo.pop()):
                if cells[q] == "." and q not in region:
                    region.add(q)
                    todo.append(q)
                elif cells[q] != ".":
                    borders.add(cells[q])
        done |= region
        if len(borders) == 1:
            owned[borders.pop()] += len(region)
    stones = {s: sum(1 for ch in cells.values() if ch == s) for s in "XO"}
    dead_of = {s: sum(1 for p in dead if grid.cells[p] == s) for s in "XO"}
    komi = state.rules.komi
    if e["scoring"] == "territory":
        black = owned["X"] + prisoners["X"] + dead_of["O"]
        white = owned["O"] + prisoners["O"] + dead_of["X"] + komi
    else:
        handicap = len(state.handicap) if len(state.handicap) >= 2 else 0
        black = owned["X"] + stones["X"]
        white = owned["O"] + stones["O"] + komi + handicap
    assert (black, white) == (e["black"], e["white"]), f"count {black}-{white}, the event says {e['black']}-{e['white']}"
